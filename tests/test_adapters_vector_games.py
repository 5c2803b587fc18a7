"""The vector environment over the competitive games' kernels (Royal Hospital, Dice
Hospital) equals the reference in law: its games reach the decision states the model's
exact law reaches, every observation belongs to a reference state with the same seat to
move and legal actions, whole random games end with the same results as random games on
the model, and a kernel with a planted bug fails the same comparison. Royal Hospital's
observation shows the seat to move its own hand and no other ("The hand of cards
remains secret from other players.", Game Setup), as the reference adapter does.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pytest
from vector_helpers import exact_law_fit, reference_results, same_law, vector_results

from hhh_verify.adapters import core
from hhh_verify.adapters.rewards import reward
from hhh_verify.adapters.vector import vector_env
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.model import CHANCE

RH, DH = "royal-hospital", "dice-hospital"
GAMES = (RH, DH)
#: Decisions after which the law of the state reached has several outcomes.
DECISIONS = {RH: 2, DH: 2}
#: A planted kernel bug that moves random games' results: RH "reject-keeps-quality" (a
#: rejected patient costs no quality of care, ``kernel/codec.py``), DH ``PLANT_TABLE`` (the
#: discharge table's first row scores 2, ``kernel/rules.py``).
PLANTED = {RH: 1, DH: 2}
#: Random games compared (the reference model plays them in Python).
REFERENCE_GAMES, VECTOR_GAMES = 600, 3000


def _result(o: Any) -> tuple[Any, ...]:
    return (o.winners, o.scores)


@pytest.mark.parametrize("game", GAMES)
def test_steps_follow_the_exact_law(game: str) -> None:
    env = vector_env(game, "tiny", num_envs=3000)
    outcomes, p = exact_law_fit(env, DECISIONS[game])
    assert outcomes > 3 and p > 1e-4


def _view(space: Any, s: Any, player: int) -> tuple[Any, ...]:
    return (tuple(core.public_view(space, s)), tuple(core.private_view(space, s, player)))


@pytest.mark.parametrize(("game", "preset"), [(RH, "tiny"), (RH, "small"), (DH, "tiny")])
def test_observations_are_what_the_seat_to_move_sees(game: str, preset: str) -> None:
    """Masks: the legal count and the seat to move are the reference's. Observations:
    the same observation always comes with the same reference view of the seat to move,
    and the same view with the same observation (nothing lost, nothing more shown)."""
    env = vector_env(game, preset, num_envs=8)
    model, space = env.setup.model, env.setup.space
    win = reward(env.setup.spec, space, "win")
    obs, info = env.reset(seed=5)
    rng = np.random.default_rng(5)
    by_obs: dict[bytes, Any] = {}
    by_view: dict[Any, bytes] = {}
    ended = 0
    for _ in range(300):
        for i in range(env.num_envs):
            if not info["legal_count"][i]:
                continue
            s = env.model_state(i)
            p = int(info["player"][i])
            assert model.current_player(s) == p != CHANCE
            assert len(model.legal_actions(s)) == info["legal_count"][i]
            view = _view(space, s, p)
            key = obs[i].tobytes()
            assert by_obs.setdefault(key, view) == view
            assert by_view.setdefault(view, key) == key
        counts = np.maximum(info["legal_count"], 1)
        obs, rewards, terminated, truncated, info = env.step(rng.integers(counts))
        assert not truncated.any()
        for i in np.flatnonzero(terminated):
            s = env.model_state(i)
            assert list(rewards[i]) == win.returns(s, model.outcome(s))
            ended += 1
    assert ended > 10 and len(by_obs) > 50


def test_royal_hospital_hides_the_other_hands() -> None:
    """Moving a card of another seat's hand to another type leaves the observation of
    the seat to move as it was; moving one of its own cards changes it."""
    from hhh_verify.models.royal_hospital.kernel.batch import _observe

    env = vector_env(RH, "small", num_envs=16)  # tiny deals no Medical cards
    _, info = env.reset(seed=7)
    K = env.batch.kernel.K

    def seen(s: Any, p: int) -> bytes:
        o = np.zeros(env.batch.state_size, dtype=np.int64)
        _observe(K, env.batch.kernel.encode(s), p, o)
        return o.tobytes()

    rng = np.random.default_rng(7)
    checked = 0
    for _ in range(20):
        _, _, _, _, info = env.step(rng.integers(np.maximum(info["legal_count"], 1)))
        checked += _check_hands(env, info, seen)
    assert checked >= 16


def _check_hands(env: Any, info: Any, seen: Any) -> int:
    checked = 0
    for i in np.flatnonzero(info["legal_count"]):
        s, p = env.model_state(i), int(info["player"][i])
        for q, ps in enumerate(s.players):
            hand = list(ps.hand)
            if not any(hand) or len(hand) < 2:
                continue
            t = next(k for k, n in enumerate(hand) if n)
            hand[t] -= 1
            hand[(t + 1) % len(hand)] += 1
            players = list(s.players)
            players[q] = ps._replace(hand=tuple(hand))
            moved = s._replace(players=tuple(players))
            assert (seen(moved, p) == seen(s, p)) == (q != p)
            checked += 1
    return checked


@pytest.fixture(scope="module", params=GAMES)
def reference(request: Any) -> tuple[str, Counter[Any]]:
    game = request.param
    model = vector_env(game, "tiny", num_envs=1).setup.model
    return game, reference_results(model, REFERENCE_GAMES, _result)


def test_random_games_end_as_on_the_model(reference: tuple[str, Counter[Any]]) -> None:
    game, ref = reference
    env = vector_env(game, "tiny", num_envs=64)
    assert same_law(ref, vector_results(env, VECTOR_GAMES, _result)) > 1e-3


def test_planted_kernel_bug_is_caught(reference: tuple[str, Counter[Any]]) -> None:
    game, ref = reference
    env = vector_env(game, "tiny", num_envs=64)
    kernel = type(env.batch.kernel)(env.setup.model, planted=PLANTED[game])
    env.batch = env.setup.space.batch(kernel)
    assert same_law(ref, vector_results(env, VECTOR_GAMES, _result)) < 1e-6


@pytest.mark.parametrize("game", GAMES)
def test_results_do_not_depend_on_the_batch_size(game: str) -> None:
    def first_games(n: int) -> list[Any]:
        env = vector_env(game, "tiny", num_envs=n)
        env.reset(seed=2)
        return [env.model_state(i) for i in range(2)]

    assert first_games(2) == first_games(50)


def test_bad_input_is_a_clear_error() -> None:
    env = vector_env(RH, "tiny", num_envs=2)
    _, info = env.reset(seed=0)
    with pytest.raises(ModelError, match="is not a legal index"):
        env.step(np.array([info["legal_count"][0], 0]))
    with pytest.raises(ModelError, match="reward='money'; accepted: win, score"):
        vector_env(DH, "tiny", reward="money")
