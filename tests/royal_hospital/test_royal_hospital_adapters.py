"""Royal Hospital's adapter declaration (models/royal_hospital/view/action_space.py, bounds.py,
observation.py) beyond the generic adapter tests: the strong player's full games within
the bounds, an injective observation, and planted
bugs that each check catches.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from test_adapters_action_space import play, strong_game

from hhh_verify.adapters import openspiel as osp
from hhh_verify.adapters import rewards
from hhh_verify.contract.errors import ModelError
from hhh_verify.models.royal_hospital import SPEC
from hhh_verify.models.royal_hospital.rules import bounds
from hhh_verify.models.royal_hospital.rules.cards import PATIENT_DECKS
from hhh_verify.models.royal_hospital.rules.context import Ctx
from hhh_verify.models.royal_hospital.view import observation

GAME = SPEC.id


def test_classes_are_the_model_s() -> None:
    """The bounds' visible classes (config only) are the model's, for every deck."""
    for name in PATIENT_DECKS:
        config = dataclasses.replace(SPEC.presets["tiny"], patient_deck=name)
        ctx = Ctx(config, SPEC.ambiguities.parse(()))
        assert [tuple(t) for t in bounds.class_types(ctx.patients)] == list(ctx.class_types)


def test_strong_player_games_fit_the_bounds() -> None:
    """The greedy player's full games (many cards played, patients treated) stay within
    the declared length, chance outcomes (at most 15 on the full game: a Medical card
    type), score range and encoding; distinct states met encode apart."""
    model = SPEC.model("full")
    space = SPEC.action_space(model)
    codes: dict[tuple[int, ...], Any] = {}
    for seed in range(3):
        end, decisions, seen = strong_game(model, space, seed)
        assert decisions <= space.max_game_length
        score = rewards.reward(SPEC, space, "score")
        score.returns(end, model.outcome(end))  # raises outside the score range
        for s in seen[::5]:
            code = tuple(space.observe(s))
            assert len(code) == space.observation_size
            assert codes.setdefault(code, s) == s, "two states share an observation"


# Planted bugs --------------------------------------------------------------------------


def test_planted_missing_paid_records_are_caught() -> None:
    """Resources on a card (RH-PARTIAL-PAYMENT=partial) are part of a patient's record:
    a list without them misses legal actions (on the full game: a tiny patient costs 1)."""
    model = SPEC.model("full", (), ("RH-PARTIAL-PAYMENT=partial",))
    space = SPEC.action_space(model)
    kept = tuple(a for a in space.actions if not getattr(a, "patient", (0, 0, 0, 0))[3])
    broken = dataclasses.replace(space, actions=kept)
    with pytest.raises(KeyError):
        for seed in range(10):
            play(model, broken, seed)


def test_planted_short_queue_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """An encoding with too few pending-step slots refuses a state instead of
    cutting it short."""
    model = SPEC.model("tiny")
    space = SPEC.action_space(model)
    real = bounds.bounds(model.config)
    monkeypatch.setattr(observation, "bounds", lambda c: dataclasses.replace(real, queue_slots=1))
    with pytest.raises(ValueError, match="pending steps"):
        space.observe(model.initial_state())  # the setup's draws and keeps are pending


def test_planted_loose_chance_law_is_caught() -> None:
    """A ceiling below the real number of outcomes is refused by the exact adapter."""
    game = osp.load_game(GAME, "full")
    game.space = dataclasses.replace(game.space, max_chance_outcomes=2)
    state = game.new_initial_state()
    with pytest.raises(ModelError, match="more than the 2 the game declares"):
        while True:
            if state.is_chance_node():
                state.chance_outcomes()
            state.apply_action(state.legal_actions()[0])
