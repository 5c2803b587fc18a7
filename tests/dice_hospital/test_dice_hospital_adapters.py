"""Dice Hospital's adapter declaration (models/dice_hospital/view/action_space.py, placements.py,
bounds.py, observation.py) beyond the generic adapter tests: the computed list of tied-dice
placements against an independent count and a brute-force listing, the strong player's
games (two and three seats, every variant) within the bounds, an observation that tells
every field apart, OpenSpiel's exact chance, and planted bugs that each check
catches.
"""

from __future__ import annotations

import dataclasses
import importlib
import random
from functools import cache
from itertools import combinations_with_replacement
from typing import Any

import numpy as np
import pytest
from test_adapters_action_space import strong_game

from hhh_verify.adapters import openspiel as osp
from hhh_verify.adapters import pettingzoo as pz
from hhh_verify.adapters import rewards
from hhh_verify.contract.action_space import RankedActions
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.model import CHANCE, sample_successor
from hhh_verify.models.dice_hospital import SPEC
from hhh_verify.models.dice_hospital.rules import bounds
from hhh_verify.models.dice_hospital.rules.actions import PlaceDice, TakeAmbulance
from hhh_verify.models.dice_hospital.rules.components import ROLL_FACES
from hhh_verify.models.dice_hospital.rules.state import ACTIVATE, DHState, Hospital
from hhh_verify.models.dice_hospital.view import observation
from hhh_verify.models.dice_hospital.view.placements import MIN_DICE, Placements

GAME = SPEC.id
#: The module (the package's ``action_space`` is the declaring function).
action_space = importlib.import_module("hhh_verify.models.dice_hospital.view.action_space")


@pytest.fixture(autouse=True)
def _fresh_caches() -> Any:
    """The declaration's caches hold what a planted bug computed: empty them around every
    test so a monkeypatched constant never leaks into a later test (of any file)."""
    for fn in (bounds.bounds, action_space.all_actions):
        fn.cache_clear()
    yield
    for fn in (bounds.bounds, action_space.all_actions):
        fn.cache_clear()


# Placements ------------------------------------------------------------------------------


def _brute_placements(colours: int, d: int, counts: tuple[int, ...]) -> list[PlaceDice]:
    """Every arrangement ``admission.arrangements`` can produce, by brute force: ``k``
    ambulances, ``n`` dice (full ones first, then a partial one, then empty ones),
    values never falling from one ambulance to the next; sorted."""
    dice = [(c, v) for c in range(colours) for v in ROLL_FACES]
    out = set()
    for k in counts:
        for n in range(MIN_DICE, k * d + 1):
            sizes = [min(d, max(0, n - j * d)) for j in range(k)]

            def fill(j: int, floor: int, done: tuple[Any, ...], sizes: list[int] = sizes) -> None:
                if j == len(sizes):
                    out.add(PlaceDice(done))
                    return
                if not sizes[j]:
                    fill(j + 1, floor, done + ((),))
                    return
                for amb in combinations_with_replacement(dice, sizes[j]):
                    values = [v for _, v in amb]
                    if min(values) >= floor:
                        fill(j + 1, max(values), done + (amb,))

            fill(0, 0, ())
    return sorted(out, key=lambda a: a.ambulances)


@pytest.mark.parametrize(
    "colours, d, counts", [(1, 1, (2, 3)), (2, 1, (2, 3)), (2, 2, (2, 3)), (3, 2, (3,))]
)
def test_placements_are_the_brute_force_list(colours: int, d: int, counts: Any) -> None:
    """Listing, indexing and ranking agree with a brute-force listing, in sorted order."""
    want = _brute_placements(colours, d, counts)
    got = Placements(colours, d, counts)
    assert isinstance(got, RankedActions)
    assert len(got) == len(want) and list(got) == want
    rng = random.Random(0)
    for i in rng.sample(range(len(want)), min(400, len(want))):
        assert got[i] == want[i] and got.position(want[i]) == i


@cache
def _count(colours: int, d: int, k: int, n: int) -> int:
    """An independent count: arrangements of ``n`` dice in ``k`` ambulances, by the
    (lowest, highest) value of each ambulance's possible contents."""
    dice = [(c, v) for c in range(colours) for v in ROLL_FACES]
    sizes = [min(d, max(0, n - j * d)) for j in range(k)]
    spans: dict[int, dict[tuple[int, int], int]] = {}
    for size in set(sizes) - {0}:
        spans[size] = {}
        for amb in combinations_with_replacement(dice, size):
            key = (min(v for _, v in amb), max(v for _, v in amb))
            spans[size][key] = spans[size].get(key, 0) + 1
    ways = {0: 1}  # highest value so far -> ways
    for size in sizes:
        if not size:
            continue
        nxt: dict[int, int] = {}
        for floor, w in ways.items():
            for (low, high), m in spans[size].items():
                if low >= floor:
                    nxt[high] = nxt.get(high, 0) + w * m
        ways = nxt
    return sum(ways.values())


def test_placements_of_the_real_game_are_counted() -> None:
    """The real game (3 colours, 3 dice an ambulance, 2 or 3 ambulances): 568,856
    arrangements of nine dice in three full ambulances, 925,368 with the short ones;
    sampled ids rank back to themselves."""
    assert _count(3, 3, 3, 9) == 568_856
    total = sum(_count(3, 3, k, n) for k in (2, 3) for n in range(MIN_DICE, 3 * k + 1))
    got = Placements(3, 3, (2, 3))
    assert len(got) == total == 925_368
    for i in range(0, total, 9_973):
        assert got.position(got[i]) == i
        if i + 1 < total:
            assert got[i].ambulances < got[i + 1].ambulances


@pytest.mark.parametrize(
    "action",
    [
        PlaceDice((((0, 5),), ((0, 4),))),  # a value falls from one ambulance to the next
        PlaceDice((((0, 3), (0, 6)),)),  # a six is never rolled into an ambulance
        PlaceDice((((0, 3),),)),  # one die cannot tie
        PlaceDice((((0, 3), (0, 2)), ((0, 4),))),  # an ambulance's dice unsorted
        TakeAmbulance(0),
    ],
)
def test_actions_outside_the_list_are_refused(action: Any) -> None:
    with pytest.raises(KeyError):
        Placements(1, 2, (2, 3)).position(action)


def test_planted_placements_without_the_tie_minimum_are_caught() -> None:
    """A list that also takes single dice (no tie possible) differs from the brute-force
    one: the comparison above can fail."""

    class Loose(Placements):
        def _ends(self, st: Any) -> bool:
            return st[1] == 0 and st[0] in self.counts and st[6] >= 1

    assert list(Loose(1, 1, (2, 3))) != _brute_placements(1, 1, (2, 3))


# Bounds, observation, returns ----------------------------------------------------------


VARIANTS = (
    "variant_crisis=1",
    "variant_epidemic=1",
    "variant_superbug=1",
    "variant_experimental=1",
)


@pytest.mark.parametrize(
    "overrides, readings",
    [
        ((), ()),
        (("players=3",), ("DH-AMBULANCE-VALUE=pip-sum", "DH-EXPANSION-DISCARD=owned-tile")),
        (VARIANTS, ("DH-CAPACITY=unlimited", "DH-EPIDEMIC-ROLL=plain-d6")),
        (VARIANTS, ("DH-EVICT-WHO=sickest-first", "DH-CRISIS-COLOURS=random")),
    ],
    ids=["full", "three-seats", "variants-unlimited", "variants-sickest"],
)
def test_strong_player_games_fit_the_bounds(overrides: Any, readings: Any) -> None:
    """The greedy player's full games (two and three seats, every variant) stay within
    the declared length, chance outcomes, score range and encoding; the states met
    encode apart."""
    model = SPEC.model("full", overrides, readings)
    space = SPEC.action_space(model)
    codes: dict[tuple[int, ...], Any] = {}
    for seed in range(2):
        end, decisions, seen = strong_game(model, space, seed)
        assert decisions <= space.max_game_length
        score = rewards.reward(SPEC, space, "score")
        score.returns(end, model.outcome(end))  # raises outside the score range
        for s in seen[::3]:
            code = tuple(space.observe(s))
            assert len(code) == space.observation_size
            assert codes.setdefault(code, s) == s, "two states share an observation"


def _changed(value: Any) -> Any:
    """A different value of the same shape (an int, a tuple of ints, a die, a patient)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1 if value < 1 else value - 1
    if isinstance(value, tuple) and value and isinstance(value[0], int):
        return (_changed(value[0]),) + value[1:]
    raise TypeError(value)


def _variants(model: Any, s: DHState) -> list[tuple[str, DHState]]:
    """``s`` with one field changed at a time (each hospital field, each part of a
    patient, die and ambulance, the pending effect)."""
    out = []
    for f in dataclasses.fields(DHState):
        value = getattr(s, f.name)
        if f.name == "hospitals":
            h = value[0]
            for g in dataclasses.fields(Hospital):
                hv = getattr(h, g.name)
                if g.name == "patients":
                    for i in range(4):
                        p = hv[0]
                        moved = p[:i] + (_patient_part(i, p[i]),) + p[i + 1 :]
                        out.append((f"patient field {i}", _set_patients(s, (moved,) + hv[1:])))
                    continue
                changed = dataclasses.replace(h, **{g.name: _changed(hv)})
                out.append((g.name, dataclasses.replace(s, hospitals=(changed,) + value[1:])))
        elif f.name in ("rolled", "incoming"):
            out.append((f.name, dataclasses.replace(s, **{f.name: ((0, 3),)})))
            out.append((f.name + " colour", dataclasses.replace(s, **{f.name: ((1, 3),)})))
        elif f.name == "ambulances":
            out.append(("ambulances", dataclasses.replace(s, ambulances=((),))))
            out.append(("ambulance dice", dataclasses.replace(s, ambulances=(((0, 2),),))))
        elif f.name == "effect":
            out.append(("effect", dataclasses.replace(s, effect=(0, ()))))
            out.append(("effect patient", dataclasses.replace(s, effect=(0, ((0, 4, 1, -1),)))))
        else:
            out.append((f.name, dataclasses.replace(s, **{f.name: _changed(value)})))
    return out


def _patient_part(i: int, x: int) -> int:
    """Another colour, health, treated mark or tint for part ``i`` of a patient."""
    if i == 1:
        return 6 if x != 6 else 5
    if i == 3:
        return 1 if x < 0 else -1
    return 1 - x


def _set_patients(s: DHState, patients: Any) -> DHState:
    h = dataclasses.replace(s.hospitals[0], patients=tuple(sorted(patients)))
    return dataclasses.replace(s, hospitals=(h,) + s.hospitals[1:])


def _activation_state(model: Any) -> DHState:
    """A full-game state in activation with patients (the first one a greedy game meets)."""
    space = SPEC.action_space(model)
    _, _, seen = strong_game(model, space, 0)
    return next(s for s in seen if s.phase == ACTIVATE and s.hospitals[0].patients)


def test_every_field_changes_the_observation() -> None:
    """Injective field by field: changing any one field of the state, of a hospital, or
    one part of a patient (colour, health, treated, tint) changes the encoding."""
    model = SPEC.model("full")
    space = SPEC.action_space(model)
    s = _activation_state(model)
    base = tuple(space.observe(s))
    variants = _variants(model, s)
    assert len(variants) > 40
    for what, t in variants:
        assert t != s, what
        assert tuple(space.observe(t)) != base, f"changing {what} leaves the observation"


def test_a_state_that_does_not_fit_is_refused() -> None:
    """More ambulances than slots, a die or patient outside the faces and healths, or
    too many just-treated patients: refused, not cut short."""
    model = SPEC.model("full")
    space = SPEC.action_space(model)
    s = model.initial_state()
    bad = [
        dataclasses.replace(s, ambulances=((),) * 4),
        dataclasses.replace(s, rolled=((0, 6),)),
        dataclasses.replace(s, incoming=((3, 2),)),
        _set_patients(s, ((0, 7, 0, -1),)),
        dataclasses.replace(s, effect=(0, ((0, 2, 1, -1),) * 4)),
    ]
    for t in bad:
        with pytest.raises(ValueError):
            space.observe(t)


def test_openspiel_chance_is_the_model_law() -> None:
    """Exact chance on the full game (at most 220 outcomes a step): each chance node
    lists ``step``'s Fractions, floats beside them, and a tie is placed by a decision."""
    game = osp.load_game(GAME, "full")
    rng = np.random.RandomState(3)
    placed = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                exact = state.chance_outcomes_exact()
                dist = game.model.step(state.model_state, state.pending)
                assert [p for _, p in exact] == [p for _, p in dist]
                assert sum(p for _, p in exact) == 1
            elif isinstance(game.space.actions[state.legal_actions()[0]], PlaceDice):
                placed += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert placed, "no tie was placed through the adapter"


def test_too_many_actions_are_a_clear_error() -> None:
    """Four seats with four dice an ambulance: 13.5 billion placements, more than
    OpenSpiel can number; four seats exceed the PettingZoo action mask."""
    with pytest.raises(ModelError, match="OpenSpiel takes at most"):
        osp.load_game(GAME, "full", overrides=["players=4", "ambulance_dice=4"])
    with pytest.raises(ModelError, match="PettingZoo environment takes at most"):
        pz.env(GAME, "full", overrides=["players=4"])


# Planted bugs --------------------------------------------------------------------------


def _play(model: Any, space: Any, seed: int) -> Any:
    rng = random.Random(seed)
    s = model.initial_state()
    while model.outcome(s) is None:
        legal = model.legal_actions(s)
        if model.current_player(s) != CHANCE:
            for a in legal:
                space.index(a)
        s = sample_successor(model, s, rng.choice(legal), rng)
    return s


def test_planted_untinted_records_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Patients a blood bag shows in another colour are records of their own: a list
    without them misses legal actions (random play recolours and then treats)."""
    real = action_space.patient_records
    monkeypatch.setattr(action_space, "patient_records", lambda c: [p for p in real(c) if p[3] < 0])
    action_space.all_actions.cache_clear()
    try:
        model = SPEC.model("full")
        space = SPEC.action_space(model)
        with pytest.raises(KeyError):
            for seed in range(10):
                _play(model, space, seed)
    finally:
        action_space.all_actions.cache_clear()


def test_planted_roll_left_out_of_the_chance_ceiling_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A ceiling that forgets the roll of the ambulances' dice (one face) is below the
    real number of outcomes on ``tiny`` (20: three dice on four faces)."""
    monkeypatch.setattr(bounds, "ROLL_FACES", (2,))
    assert bounds.max_chance_outcomes(SPEC.presets["tiny"]) < 20
    game = osp.load_game(GAME, "tiny")
    game.space = dataclasses.replace(
        game.space, max_chance_outcomes=bounds.max_chance_outcomes(SPEC.presets["tiny"])
    )
    state = game.new_initial_state()
    with pytest.raises(ModelError, match="chance outcomes, more than"):
        while not state.is_terminal():
            if state.is_chance_node():
                state.chance_outcomes()
            state.apply_action(state.legal_actions()[0])


def test_planted_score_floor_without_mortality_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A score range that forgets the mortality tokens' two points each starts at 0;
    random full games end below it."""
    monkeypatch.setattr(bounds, "MORTALITY_PENALTY", 0)
    model = SPEC.model("full")
    space = dataclasses.replace(
        SPEC.action_space(model), return_range=bounds.score_range(model.config)
    )
    assert space.return_range[0] == 0
    with pytest.raises(ModelError, match="outside the declared range"):
        for seed in range(10):
            end = _play(model, space, seed)
            rewards.reward(SPEC, space, "score").returns(end, model.outcome(end))


def test_planted_observation_without_tints_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """An encoding that forgets a blood bag's tint maps two states to one observation:
    the field-by-field check fails."""
    real = observation._patients
    monkeypatch.setattr(
        observation, "_patients", lambda ps, c: real(tuple((a, b, t, -1) for a, b, t, _ in ps), c)
    )
    with pytest.raises(AssertionError, match="patient field 3"):
        test_every_field_changes_the_observation()
