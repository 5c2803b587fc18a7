"""The adapters on the test-only games: genericity proven, not assumed.

The push-your-luck toy (one player, cooperative) and the Duel (two seats, competitive:
each seat's return is its score) declare action spaces here and join the registry for
the test; OpenSpiel's ``random_sim_test`` and PettingZoo's ``api_test``/``seed_test``
then run on them exactly as on the real games.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pyspiel
import pytest
import toy_duel
import toy_model
from pettingzoo.test import api_test, seed_test

from hhh_verify.adapters import openspiel as osp
from hhh_verify.adapters import pettingzoo as pz
from hhh_verify.adapters import rewards
from hhh_verify.contract import registry
from hhh_verify.contract.action_space import ActionSpace
from hhh_verify.contract.outcomes import winning_seats

pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation numpy array is all zeros"),  # a Duel start
]


def duel_space(model: Any) -> ActionSpace:
    rounds = model.config.rounds
    return ActionSpace(
        actions=(toy_duel.Bank(), toy_duel.Roll()),
        players=2,
        cooperative=False,
        max_chance_outcomes=len(toy_duel.DIE),
        max_game_length=2 * rounds,
        return_range=(0, 3 * rounds + 1),
        observation_size=4,
        observe=lambda s: (s.phase, s.turn, *s.scores),
    )


def toy_space(model: Any) -> ActionSpace:
    c = model.config
    return ActionSpace(
        actions=(toy_model.Push(), toy_model.Stop()),
        players=1,
        cooperative=True,
        max_chance_outcomes=2,
        max_game_length=c.whites + c.blacks + 1,
        return_range=(0, 10 * c.whites),
        observation_size=4,
        observe=lambda s: (s.phase, *s.bag, s.score),
    )


@pytest.fixture
def toys(monkeypatch: pytest.MonkeyPatch) -> None:
    found = dict(registry.games())
    found["duel"] = dataclasses.replace(toy_duel.SPEC, action_space=duel_space)
    found["toy"] = dataclasses.replace(toy_model.SPEC, action_space=toy_space)
    monkeypatch.setattr(registry, "games", lambda: dict(found))


@pytest.mark.parametrize("game_id", ["duel", "toy"])
def test_random_sim(toys: None, game_id: str) -> None:
    for chance in ("exact", "sample-average"):
        game = osp.load_game(game_id, chance=chance, chance_samples=3)
        pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)
    game = osp.load_game(game_id, chance="sampled")
    pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)


def test_competitive_returns_are_scores(toys: None) -> None:
    game = osp.load_game("duel", interpret=("DUEL-LAST=plus-one",), reward="score")
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (game.min_utility(), game.max_utility()) == (0.0, 7.0)
    rng = np.random.RandomState(0)
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        outcome = game.model.outcome(state.model_state)
        assert state.returns() == [float(x) for x in outcome.scores]
        assert outcome.scores[1] >= 1  # the reading reached the model


def test_competitive_returns_are_win_shares(toys: None) -> None:
    """``reward="win"``: +1 / -1 after the tie-breakers, 0 / 0 for a shared win,
    declared zero-sum."""
    game = osp.load_game("duel")
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    rng = np.random.RandomState(0)
    for _ in range(10):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        winners = winning_seats(game.model.outcome(state.model_state))
        want = [0.0, 0.0] if len(winners) == 2 else [1.0 if p in winners else -1.0 for p in (0, 1)]
        assert state.returns() == want


def test_win_shares() -> None:
    assert rewards.win_shares(3, (1,)) == [-0.5, 1.0, -0.5]
    assert rewards.win_shares(4, (0, 2)) == [0.5, -0.5, 0.5, -0.5]
    assert rewards.win_shares(2, (0, 1)) == [0.0, 0.0]


def test_cooperative_single_player(toys: None) -> None:
    game = osp.load_game("toy", reward="money")
    assert game.get_type().utility == pyspiel.GameType.Utility.IDENTICAL
    assert game.num_players() == 1 and game.max_utility() == 30.0


@pytest.mark.parametrize("game_id", ["duel", "toy"])
def test_pettingzoo(toys: None, game_id: str) -> None:
    api_test(pz.env(game_id), num_cycles=20)
    seed_test(lambda: pz.env(game_id), num_cycles=20)
