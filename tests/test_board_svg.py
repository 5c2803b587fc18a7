"""The HHH board picture (models/hhh/view/board_svg.py): well-formed, deterministic SVG for
positions of every phase, and every part of the state that can differ is outlined.

The outline test is the planted-bug test of the picture: each state field is changed in
turn, and the picture compared against the unchanged position must outline something
(a field the picture forgot would pass unnoticed between two readings).
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from hhh_verify.contract.outcomes import sample_index
from hhh_verify.contract.registry import get_game
from hhh_verify.models.hhh.rules.state import HHHState
from hhh_verify.view.svg import HIGHLIGHT

SPEC = get_game("hhh")
RENDER = SPEC.load_board()
OUTLINE = f'stroke="{HIGHLIGHT}"'


def playout(preset: str, seed: int, steps: int = 400) -> tuple[Any, list[Any]]:
    """A random game's positions (sampled chance: the model's own sampler)."""
    model = SPEC.model(preset)
    rng = random.Random(seed)
    s = model.initial_state()
    seen = [s]
    for _ in range(steps):
        if model.outcome(s) is not None:
            break
        s = model.sample_step(s, rng.choice(model.legal_actions(s)), rng)
        seen.append(s)
    return model, seen


def test_spec_declares_the_board() -> None:
    assert "board" in SPEC.provides() and callable(RENDER)


@pytest.mark.parametrize("preset,seed", [("full", 1), ("full", 2), ("small", 3), ("tiny", 4)])
def test_every_position_draws_well_formed_deterministic_svg(preset: str, seed: int) -> None:
    model, states = playout(preset, seed)
    phases = set()
    for prev, s in zip([None, *states], states):
        svg = RENDER(model, s, prev)
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg") and float(root.get("height", "0")) > 100
        assert svg == RENDER(model, s, prev)  # deterministic text
        assert (OUTLINE in svg) == (prev is not None and prev != s)
        phases.add(s.phase)
    assert len(phases) >= 4


def _changed(value: Any) -> Any:
    """A different value of the same shape (first number bumped, flag flipped)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if hasattr(value, "_replace"):  # a NamedTuple record keeps its type
        return value._replace(**{value._fields[0]: _changed(value[0])})
    if isinstance(value, tuple):
        return (_changed(value[0]),) + value[1:] if value else (1,)
    if dataclasses.is_dataclass(value):
        first = dataclasses.fields(value)[0].name
        return dataclasses.replace(value, **{first: _changed(getattr(value, first))})
    raise AssertionError(f"no change for {value!r}")


def _positions() -> tuple[Any, list[Any]]:
    """Positions of a few full games (enough for a Heal and a Research in progress)."""
    model, states = playout("full", 5)
    for seed in range(6, 12):
        states += playout("full", seed)[1]
    return model, states


MODEL, STATES = _positions()


@pytest.mark.parametrize("field", [f.name for f in dataclasses.fields(HHHState)])
def test_every_field_that_differs_is_outlined(field: str) -> None:
    rich = [s for s in STATES if getattr(s, field) is not None and getattr(s, field) != ()]
    assert rich, f"no position with {field} set: play more games"
    s = rich[len(rich) // 2]
    other = dataclasses.replace(s, **{field: _changed(getattr(s, field))})
    assert OUTLINE in RENDER(MODEL, s, other), f"a change of {field} is not outlined"
    assert OUTLINE in RENDER(MODEL, other, s)


# ---------------------------------------------------------------------------------------
# Dice Hospital and Royal Hospital: the same two checks, over the table and every field of
# the first player's part (a Hospital, a PlayerState)
# ---------------------------------------------------------------------------------------

#: game id -> (the state's field holding one record per player, that record's type path)
SEATED = {
    "dice-hospital": ("hospitals", "hhh_verify.models.dice_hospital.rules.state.Hospital"),
    "royal-hospital": ("players", "hhh_verify.models.royal_hospital.rules.state.PlayerState"),
}


@functools.cache
def positions(game: str) -> tuple[Any, list[Any]]:
    """A few random games' positions (built once per game, on first use, so one game's
    broken model fails its own tests only)."""
    spec = get_game(game)
    model = spec.model(spec.default_preset)
    states = []
    for seed in range(3):
        rng = random.Random(seed)
        s = model.initial_state()
        states.append(s)
        while model.outcome(s) is None and len(states) < 300 * (seed + 1):
            dist = model.step(s, rng.choice(model.legal_actions(s)))
            s = dist[sample_index(dist, rng)][0]
            states.append(s)
    return model, states


@pytest.mark.parametrize("game", list(SEATED))
def test_seated_game_positions_draw_well_formed_svg(game: str) -> None:
    render = get_game(game).load_board()
    model, states = positions(game)
    for prev, s in zip([None, *states[:200]], states[:200]):
        svg = render(model, s, prev)
        assert ET.fromstring(svg).tag.endswith("svg")
        assert svg == render(model, s, prev)
        assert (OUTLINE in svg) == (prev is not None and prev != s)


#: game id -> the state type
STATE_TYPES = {
    "dice-hospital": "hhh_verify.models.dice_hospital.rules.state.DHState",
    "royal-hospital": "hhh_verify.models.royal_hospital.rules.state.RHState",
}


def _type(path: str) -> Any:
    module, _, name = path.rpartition(".")
    return getattr(importlib.import_module(module), name)


def _field_names(record: Any) -> list[str]:
    """The fields of a dataclass or NamedTuple record type."""
    if dataclasses.is_dataclass(record):
        return [f.name for f in dataclasses.fields(record)]
    return list(record._fields)


def _replace(record: Any, **changes: Any) -> Any:
    if dataclasses.is_dataclass(record):
        return dataclasses.replace(record, **changes)
    return record._replace(**changes)


def _seated_fields() -> list[tuple[str, str]]:
    out = []
    for game, (seats, path) in SEATED.items():
        record, state = _type(path), _type(STATE_TYPES[game])
        out += [(game, name) for name in _field_names(state) if name != seats]
        out += [(game, f"{seats}.{name}") for name in _field_names(record)]
    return out


@pytest.mark.parametrize("game,field", _seated_fields())
def test_seated_game_every_field_that_differs_is_outlined(game: str, field: str) -> None:
    render = get_game(game).load_board()
    model, states = positions(game)
    seats, _, name = field.partition(".")

    def value(s: Any) -> Any:
        return getattr(getattr(s, seats)[0], name) if name else getattr(s, field)

    rich = [s for s in states if value(s) is not None and value(s) != ()]
    assert rich, f"no position with {field} set: play more games"
    s = rich[len(rich) // 2]
    if name:
        first = _replace(getattr(s, seats)[0], **{name: _changed(value(s))})
        other = _replace(s, **{seats: (first,) + getattr(s, seats)[1:]})
    else:
        other = _replace(s, **{field: _changed(value(s))})
    assert OUTLINE in render(model, s, other), f"a change of {field} is not outlined"
    assert OUTLINE in render(model, other, s)
