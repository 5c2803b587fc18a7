"""The batched vector environment (``hhh_verify.adapters.vector``) equals the reference
in law: its games start where the model's exact law starts them, every observation is
a reference state with the same legal actions, and whole random games end with the
same distribution of results as random games played on the model. A kernel with a
planted bug (a Ward heal paying $1 too much) fails the same comparison.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

import numpy as np
import pytest
from vector_helpers import exact_law_fit, reference_results, same_law, vector_results

from hhh_verify.adapters.rewards import reward
from hhh_verify.adapters.vector import batch_kernel, vector_env
from hhh_verify.contract import registry
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.model import CHANCE
from hhh_verify.models.hhh.kernel.api import GameKernel
from hhh_verify.models.hhh.rules.outcome import money_of

GAME, PRESET = "hhh", "tiny"


#: Decisions after which the law has several outcomes (50 on ``small``).
DECISIONS = 3


def test_steps_follow_the_exact_law() -> None:
    env = vector_env(GAME, "small", num_envs=4000)
    outcomes, p = exact_law_fit(env, DECISIONS)
    assert outcomes > 10 and p > 1e-4


def test_observations_are_reference_states_with_their_legal_actions() -> None:
    env = vector_env(GAME, PRESET, num_envs=8)
    model = env.setup.model
    win = reward(env.setup.spec, env.setup.space, "win")
    _, info = env.reset(seed=5)
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(300):
        for i in range(env.num_envs):
            s = env.model_state(i)
            if info["legal_count"][i]:
                assert model.current_player(s) != CHANCE
                assert len(model.legal_actions(s)) == info["legal_count"][i]
        counts = np.maximum(info["legal_count"], 1)
        _, rewards, terminated, truncated, info = env.step(rng.integers(counts))
        assert not truncated.any()
        for i in np.flatnonzero(terminated):
            s = env.model_state(i)
            assert rewards[i] == win.returns(s, model.outcome(s))[0]
            ended += 1
    assert ended > 10


def _measure_and_kernel_returns(steps: int) -> tuple[int, bool]:
    """Random play with ``reward="money"``, which the kernel pays itself (asked for by
    the measure's name), beside the game's measure read from each decoded final state:
    (won games, every return equal)."""
    env = vector_env(GAME, PRESET, num_envs=16, reward="money")
    assert env.paid
    model = env.setup.model
    money = reward(env.setup.spec, env.setup.space, "money")
    _, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    won, same = 0, True
    for _ in range(steps):
        acts = rng.integers(np.maximum(info["legal_count"], 1))
        _, rewards, terminated, _, info = env.step(acts)
        for i in np.flatnonzero(terminated):
            s = env.model_state(int(i))
            same = same and rewards[i] == money.returns(s, model.outcome(s))[0]
        won += int((rewards[terminated] >= 0).sum())
    return won, same


def test_kernel_pays_only_the_rewards_it_names() -> None:
    env = vector_env(GAME, PRESET, num_envs=2)
    assert env.batch.pays == {"win", "money"} and not vector_env(GAME, PRESET, reward="deaths").paid
    with pytest.raises(ModelError, match="pays no reward 'deaths'; accepted: win, money"):
        env.batch.step(env._buf, np.zeros(2, dtype=np.int64), 0, "deaths")


def test_kernel_paid_return_outside_the_range_is_an_error() -> None:
    """A planted range that a won game's money exceeds: the kernel's return is refused."""
    env = vector_env(GAME, PRESET, num_envs=16, reward="money")
    env.reward = dataclasses.replace(env.reward, declared=(0, 0))
    _, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    with pytest.raises(ModelError, match=r"outside the declared range -1.0..0.0"):
        for _ in range(400):
            _, _, _, _, info = env.step(rng.integers(np.maximum(info["legal_count"], 1)))


def test_measure_rewards_are_the_kernels_own() -> None:
    """HHH's ``money`` reward, the game's measure, is what its kernel pays."""
    won, same = _measure_and_kernel_returns(400)
    assert won > 5 and same


def test_planted_measure_bug_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A money measure $1 too high no longer matches the kernel's own return."""
    measures = registry.get_game(GAME).measures
    money = measures["money"]
    wrong = dataclasses.replace(money, of=lambda s, o: money.at_end(s, o) + 1)
    monkeypatch.setitem(measures, "money", wrong)  # type: ignore[arg-type]
    won, same = _measure_and_kernel_returns(400)
    assert won > 5 and not same


def _money(o: Any) -> tuple[str, int]:
    return (o.reason, money_of(o))


@pytest.fixture(scope="module")
def reference() -> Counter[tuple[str, int]]:
    return reference_results(vector_env(GAME, PRESET, num_envs=1).setup.model, 800, _money)


def test_random_games_end_as_on_the_model(reference: Counter[tuple[str, int]]) -> None:
    env = vector_env(GAME, PRESET, num_envs=64)
    assert same_law(reference, vector_results(env, 3000, _money)) > 1e-3


def test_planted_kernel_bug_is_caught(reference: Counter[tuple[str, int]]) -> None:
    env = vector_env(GAME, PRESET, num_envs=64)
    env.batch = GameKernel(env.setup.model, planted=1).batch()
    assert same_law(reference, vector_results(env, 3000, _money)) < 1e-6


def test_results_do_not_depend_on_the_batch_size() -> None:
    def first_games(n: int) -> list[Any]:
        env = vector_env(GAME, PRESET, num_envs=n)
        _, info = env.reset(seed=2)
        return [env.model_state(i) for i in range(2)]

    assert first_games(2) == first_games(50)


def test_bad_input_is_a_clear_error() -> None:
    env = vector_env(GAME, PRESET, num_envs=2)
    _, info = env.reset(seed=0)
    with pytest.raises(ModelError, match="is not a legal index"):
        env.step(np.array([info["legal_count"][0], 0]))
    with pytest.raises(ModelError, match="num_envs=0"):
        vector_env(GAME, PRESET, num_envs=0)
    setup = env.setup
    bare = dataclasses.replace(setup, space=dataclasses.replace(setup.space, batch=None))
    with pytest.raises(ModelError, match="kernel plays no batched games"):
        batch_kernel(bare)
