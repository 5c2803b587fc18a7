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
from scipy.stats import chisquare
from vector_helpers import law_after, reference_results, same_law, vector_results

from hhh_verify.adapters import core
from hhh_verify.adapters.vector import batch_kernel, vector_env
from hhh_verify.model import CHANCE, ModelError
from hhh_verify.models.hhh.kernel.api import GameKernel

GAME, PRESET = "hhh", "tiny"


#: Decisions after which the law has several outcomes (50 on ``small``).
DECISIONS = 3


def test_steps_follow_the_exact_law() -> None:
    env = vector_env(GAME, "small", num_envs=4000)
    env.reset(seed=3)
    for _ in range(DECISIONS):
        env.step(np.zeros(env.num_envs, dtype=np.int64))
    law = law_after(env.setup.model, DECISIONS)
    assert len(law) > 10
    seen = Counter(env.model_state(i) for i in range(env.num_envs))
    assert set(seen) <= set(law)
    states = sorted(law, key=repr)
    observed = [seen[s] for s in states]
    expected = [float(law[s]) * env.num_envs for s in states]
    assert chisquare(observed, expected).pvalue > 1e-4


def test_observations_are_reference_states_with_their_legal_actions() -> None:
    env = vector_env(GAME, PRESET, num_envs=8)
    model = env.setup.model
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
            outcome = model.outcome(env.model_state(i))
            assert rewards[i] == core.returns(env.setup.space, outcome, "win")[0]
            ended += 1
    assert ended > 10


def _money(o: Any) -> tuple[str, int]:
    return (o.reason, o.money)


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
