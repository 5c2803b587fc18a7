"""Dice Hospital's promises (``models/dice_hospital/book/promises.py``): every option has
one, each holds on the model under its option, and each catches the model reading the
rule another way (the rule's setting flipped in the model's context, or the rule
function patched), planted back here.

Most plants are explored on ``tiny``; the readings that cannot differ there (13 or more
discharges, a short bag, tied dice, several dice an ambulance) are checked on one
hand-built step of ``full``.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from typing import Any

import pytest
from dice_hospital_helpers import activation, model, patients

from hhh_verify.contract.registry import properties_for
from hhh_verify.engines.explore.explorer import explore, split_properties
from hhh_verify.models.dice_hospital import SPEC
from hhh_verify.models.dice_hospital.rules import end_round, scoring
from hhh_verify.models.dice_hospital.rules.actions import (
    Activate,
    Draw,
    EndActivation,
    PlaceDice,
    SpecialistHeal,
)
from hhh_verify.models.dice_hospital.rules.state import DICE_DRAW, EFFECT, EPIDEMIC, PLACE, ROLL

PROPS = properties_for("dice-hospital")
BOOK = SPEC.promises()
KEYS = [p.key for p in BOOK.promises]

#: config changes under which an option means something on ``tiny``
WHERE = {
    "DH-SOLO": {"players": 1},
    "DH-SUPERBUG-2": {"variant_superbug": True},
    "DH-EPIDEMIC-ROLL": {"variant_epidemic": True, "capacity": 3},
    "DH-CRISIS-COLOURS": {
        "variant_crisis": True,
        "crisis_health": (3, 4),
        "capacity": 2,
        "dice_per_colour": 8,
    },
}


def promise(key: str) -> Any:
    return PROPS.get(f"promise:{key}")


def tiny(key: str, *more: str, **changes: Any) -> Any:
    """``tiny`` read as ``key`` (and ``more``), with the changes its option needs."""
    where = {} if key == "DH-SOLO=no-solo" else WHERE.get(key.split("=")[0], {})
    where = {**where, **changes}
    return model("tiny", (), (key, *more), **where)


def violation(m: Any, key: str, max_states: int = 3000) -> str | None:
    """The promise's first complaint exploring ``m`` (``None``: it holds)."""
    prop = promise(key)
    assert prop.relevant(m), f"{key} is not in force"
    checks = split_properties([prop], m)
    exp = explore(m, checks.invariants, {}, steps=checks.steps, max_states=max_states)
    if exp.first_violation(prop.id) is None:
        return None
    return exp.messages.get(prop.id, "violated")


def flip(m: Any, **settings: Any) -> Any:
    """The model's rules read ``settings`` instead of its own reading (a planted defect:
    the code of one option doing another's)."""
    for ctx in (m.ctx, m._sample_ctx):
        for name, value in settings.items():
            setattr(ctx, name, value)
    return m


def test_every_option_has_a_promise() -> None:
    assert BOOK.missing(SPEC.ambiguities) == []
    assert BOOK.unknown(SPEC.ambiguities) == []
    assert BOOK.reasons == ()


@pytest.mark.parametrize("key", KEYS)
def test_each_promise_holds_under_its_option(key: str) -> None:
    assert violation(tiny(key), key, max_states=800) is None


# Plants explored on tiny: (option, setting its code is given, config changes) ------------
PLANTS = [
    ("DH-SOLO=free-pick", {"solo": "first-player-bar"}, {}),
    ("DH-SOLO=first-player-bar", {"solo": "free-pick"}, {}),
    ("DH-AMBULANCE-COUNT=players-plus-one", {"ambulances": 2}, {}),
    ("DH-AMBULANCE-COUNT=players", {"ambulances": 3}, {}),
    ("DH-AMBULANCE-VALUE=number", {"amb_value": "number-one"}, {}),
    ("DH-AMBULANCE-VALUE=pip-sum", {"amb_value": "number"}, {}),
    ("DH-AMBULANCE-VALUE=number-one", {"amb_value": "number"}, {}),
    ("DH-EXTRA-REVEAL=admission-once", {"extra_reveal": "twice"}, {}),
    ("DH-EXTRA-REVEAL=expansion-once", {"extra_reveal": "admission-once"}, {}),
    ("DH-EXTRA-REVEAL=twice", {"extra_reveal": "expansion-once"}, {}),
    ("DH-CAPACITY=board-limit", {"capacity": None}, {}),
    ("DH-CAPACITY=unlimited", {"capacity": 1}, {}),
    ("DH-EVICT-WHO=player-chooses", {"evict": "sickest-first"}, {}),
    ("DH-EVICT-WHO=sickest-first", {"evict": "player-chooses"}, {}),
    ("DH-EVICT-WHO=all-current", {"evict": "player-chooses"}, {}),
    ("DH-MORTUARY-DICE=stay", {"mortuary_returns": True}, {}),
    ("DH-MORTUARY-DICE=return", {"mortuary_returns": False}, {}),
    ("DH-EXPANSION-DISCARD=instead-of-taking", {"expansion_discard": "same-permission"}, {}),
    ("DH-EXPANSION-DISCARD=owned-tile", {"expansion_discard": "instead-of-taking"}, {}),
    ("DH-EXPANSION-DISCARD=same-permission", {"expansion_discard": "owned-tile"}, {}),
    ("DH-PAST-6=discharge", {"past_6": "stop-at-6"}, {}),
    ("DH-PAST-6=stop-at-6", {"past_6": "discharge"}, {}),
    ("DH-EMPTY-HOSPITAL=discharged-and-empty", {"empty_bonus": "any-empty"}, {}),
    ("DH-EMPTY-HOSPITAL=any-empty", {"empty_bonus": "discharged-and-empty"}, {}),
    ("DH-EMPTY-HOSPITAL=all-discharged", {"empty_bonus": "any-empty"}, {}),
    ("DH-SUPERBUG-2=dies", {"superbug_2": "floor-1"}, {}),
    ("DH-SUPERBUG-2=floor-1", {"superbug_2": "dies"}, {}),
    ("DH-BLOOD-TREATED=marks-treated", {"blood_marks": False}, {}),
    ("DH-BLOOD-TREATED=no-mark", {"blood_marks": True}, {}),
    ("DH-SPECIALIST-OPTIONAL=mandatory", {"effect_optional": True}, {}),
    ("DH-SPECIALIST-OPTIONAL=optional", {"effect_optional": False}, {}),
    ("DH-EPIDEMIC-ROLL=two-to-five", {"epidemic_faces": (1, 2, 3, 4, 5, 6)}, {}),
    ("DH-EPIDEMIC-ROLL=plain-d6", {"epidemic_faces": (2, 3, 4, 5)}, {}),
    ("DH-CRISIS-COLOURS=choose", {"crisis_random": True}, {"colours": 2}),
    ("DH-CRISIS-COLOURS=random", {"crisis_random": False}, {"colours": 2}),
    ("DH-TIE-REMAINS=shared", {"tie_shared": False}, {}),
    ("DH-TIE-REMAINS=turn-order", {"tie_shared": True}, {}),
    ("DH-FINAL-TOKENS=per-token", {"final_tokens": "once"}, {}),
    ("DH-FINAL-TOKENS=once", {"final_tokens": "per-token"}, {}),
    ("DH-FINAL-TOKENS=bag-once", {"final_tokens": "per-token"}, {}),
    ("DH-ARRIVAL-NEGLECT=neglected", {"arrival_mark": 1}, {}),
    ("DH-ARRIVAL-NEGLECT=arrivals-exempt", {"arrival_mark": 0}, {}),
    ("DH-PLACEMENT-OPTIONAL=optional", {"every_meeple": True}, {}),
    ("DH-PLACEMENT-OPTIONAL=every-meeple", {"every_meeple": False}, {}),
    ("DH-NURSE-MOVES=once", {"nurse_again": True}, {}),
    ("DH-NURSE-MOVES=again", {"nurse_again": False}, {}),
    ("DH-GROUP-SIX=counts", {"group_six_out": True}, {}),
    ("DH-GROUP-SIX=excluded", {"group_six_out": False}, {}),
    ("DH-NEW-TILE=this-round", {"tile_waits": True}, {}),
    ("DH-NEW-TILE=next-round", {"tile_waits": False}, {}),
    ("DH-UNTAKEN-DICE=to-bag", {"untaken_stay": True}, {}),
    ("DH-UNTAKEN-DICE=stay", {"untaken_stay": False}, {}),
    ("DH-LOUNGE=out", {"lounge_in": True}, {}),
    ("DH-LOUNGE=in-hospital", {"lounge_in": False}, {}),
]

#: readings that need more of the game than ``tiny`` has to differ
ROOM = {"start_health": (3, 4), "capacity": 2, "dice_per_colour": 8}
NEEDS = {
    "DH-EVICT-WHO": ROOM,
    "DH-EMPTY-HOSPITAL": {"variant_superbug": True},
    "DH-TIE-REMAINS": {"board_wards": (1, 0, 0, 0, 0, 0, 0, 0)},
    "DH-FINAL-TOKENS": {"variant_superbug": True},
    "DH-NURSE-MOVES": {"board_wards": (0, 2, 0, 0, 0, 0, 0, 0)},
    # a triage then a twin ward, two nurses: a 6 beside another patient
    "DH-GROUP-SIX": {
        "board_wards": (1, 0, 0, 0, 0, 0, 1, 0),
        "nurses": 2,
        "capacity": 2,
        "start_health": (5,),
    },
}


@pytest.mark.parametrize(("key", "settings", "changes"), PLANTS, ids=[p[0] for p in PLANTS])
def test_a_promise_catches_its_option_read_another_way(
    key: str, settings: dict[str, Any], changes: dict[str, Any]
) -> None:
    extra = NEEDS.get(key, NEEDS.get(key.split("=")[0], {}))
    m = tiny(key, **{**extra, **changes})
    assert violation(m, key) is None
    assert violation(flip(m, **settings), key) is not None


def test_no_solo_refuses_a_lone_player_even_if_the_refusal_is_gone() -> None:
    """The model built for a solo reading, then labelled no-solo: the promise sees it."""
    m = tiny("DH-SOLO=free-pick")
    m.readings = SPEC.ambiguities.parse(())
    assert violation(m, "DH-SOLO=no-solo", max_states=50) is not None


# Issue 37: a promise says what must happen under its option ------------------------------
def _first_step(m: Any, wanted: Any, budget: int = 3000) -> tuple[Any, Any, Any]:
    """The first step ``(s, a, t)``, breadth first, with ``wanted(s, a, t)``."""
    start = m.initial_state()
    seen, todo = {start}, deque([start])
    while todo and budget > 0:
        s = todo.popleft()
        budget -= 1
        for a in m.legal_actions(s):
            for t, _ in m.step(s, a):
                if wanted(s, a, t):
                    return s, a, t
                if t not in seen:
                    seen.add(t)
                    todo.append(t)
    raise AssertionError("no such step within the budget")


@pytest.mark.parametrize(
    ("faces", "broken"),
    [((2, 3, 4, 5), "not each 1 in 6"), ((1, 1, 2, 3, 4, 5), "not each 1 in 6")],
)
def test_the_d6_epidemic_promise_weighs_each_face(faces: tuple[int, ...], broken: str) -> None:
    """DH-EPIDEMIC-ROLL=plain-d6 on its probe (capacity 2: one outcome sends the die
    itself to the mortuary, hiding its value): a die of 2..5, or a d6 showing 1 twice, is
    caught at the first epidemic roll, by each value's chance."""
    key = "DH-EPIDEMIC-ROLL=plain-d6"
    m = tiny(key, capacity=2)
    at_roll = _first_step(m, lambda s, a, t: s.phase == EPIDEMIC)
    assert promise(key).step_violation(m, *at_roll) is None
    flip(m, epidemic_faces=faces)
    found = promise(key).step_violation(m, *at_roll)
    assert found and broken in found


def test_a_mandatory_effect_with_one_target_is_resolved_at_once() -> None:
    """DH-SPECIALIST-OPTIONAL=mandatory: with one target nothing is left to ask; the
    model that asks anyway (the optional code) is caught at the activation itself."""
    key = "DH-SPECIALIST-OPTIONAL=mandatory"
    m = flip(tiny(key), effect_optional=True)

    def one_target_asked(s: Any, a: Any, t: Any) -> bool:
        heals = [b for b in m.legal_actions(t) if isinstance(b, SpecialistHeal)]
        return isinstance(a, Activate) and t.phase == EFFECT and len(heals) == 1

    found = promise(key).step_violation(m, *_first_step(m, one_target_asked))
    assert found and "one target waits" in found


# DH-EMPTY-HOSPITAL and DH-OVER-12: the defects a review found surviving check ------------
def _close(m: Any, **hospital: Any) -> tuple[Any, Any, Any]:
    """Seat 0 ends its activation in round 1 of ``full`` (the step that scores it)."""
    s = activation(m, 0, **hospital)
    return s, EndActivation(), m.step(s, EndActivation())[0][0]


def test_the_empty_bonus_flipped_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The code of 'empty after discharges' turned round: the bonus for an empty hospital
    that discharged nobody, none for one that did."""
    key = "DH-EMPTY-HOSPITAL=discharged-and-empty"
    assert violation(tiny(key), key) is None
    original = scoring.empty_bonus

    def flipped(empty: bool, discharged: int, deaths: int, reading: str) -> int:
        return original(empty, 0 if discharged else 1, deaths, reading)

    monkeypatch.setattr(end_round, "empty_bonus", flipped)
    assert violation(tiny(key), key) is not None


@pytest.mark.parametrize("reading", ["five-each", "rising", "nothing"])
def test_thirteen_or_more_discharges_score_as_the_reading_says(reading: str) -> None:
    key = f"DH-OVER-12={reading}"
    m = model("full", (), (key,))
    for n in (12, 13, 14, 15, 17):
        s, a, t = _close(m, lounge=(n, 0, 0))
        assert promise(key).step_violation(m, s, a, t) is None, n


@pytest.mark.parametrize(
    ("reading", "rows"),
    [
        ("rising", lambda k: 5 + (k - 12)),  # a point more for every patient, not every two
        ("rising", lambda k: 5 + (k - 12) // 2),  # each row a patient late
        ("five-each", lambda k: 0),
        ("nothing", lambda k: 5),
    ],
)
def test_the_rows_after_the_12th_changed_are_caught(
    monkeypatch: pytest.MonkeyPatch, reading: str, rows: Any
) -> None:
    original = scoring.points_for_patient

    def changed(number: int, over_12: str) -> int:
        return rows(number) if number > 12 else original(number, over_12)

    monkeypatch.setattr(scoring, "points_for_patient", changed)
    key = f"DH-OVER-12={reading}"
    m = model("full", (), (key,))
    broken = []
    for n in (13, 14, 15, 16):
        s, a, t = _close(m, lounge=(n, 0, 0))
        broken.append(promise(key).step_violation(m, s, a, t))
    assert any(broken)


def test_the_empty_bonus_after_13_discharges_follows_the_rows() -> None:
    """The bonus is read after the rows of the model's DH-OVER-12 reading."""
    for over in ("five-each", "rising", "nothing"):
        key = "DH-EMPTY-HOSPITAL=any-empty"
        m = model("full", (), (key, f"DH-OVER-12={over}"))
        s, a, t = _close(m, lounge=(14, 0, 0))
        assert promise(key).step_violation(m, s, a, t) is None


# Readings that need more than tiny: one hand-built step of full ---------------------------
def _fill(m: Any, values: list[int]) -> list[tuple[Any, Any, Any]]:
    """The roll of one colour's dice of ``full`` (values already known): every (s, a, t)
    up to the ambulances' being filled."""
    s = replace(
        m.initial_state(), phase=ROLL, cursor=0, drawn=(len(values), 0, 0), supply=(6, 15, 15)
    )
    out = []
    for t, _ in m.step(s, Draw()):
        if sorted(v for amb in t.ambulances for _, v in amb) == sorted(values):
            out.append((s, Draw(), t))
    return out


@pytest.mark.parametrize("dealt", [False, True])
def test_the_ambulance_fill_promise_catches_the_other_fill(dealt: bool) -> None:
    key = f"DH-AMBULANCE-FILL={'dealt' if dealt else 'lowest-first'}"
    m = model("full", (), (key,))
    values = [2, 2, 3, 3, 4, 4, 5, 5, 5]
    steps = _fill(m, values)
    assert steps and all(promise(key).step_violation(m, *st) is None for st in steps)
    flip(m, dealt=not dealt)
    assert all(promise(key).step_violation(m, *st) for st in _fill(m, values))


@pytest.mark.parametrize("last_seat", [False, True])
def test_the_last_player_promise_names_the_seat_of_the_tied_dice(last_seat: bool) -> None:
    """Round 2 with seat 1 first: the seat before it is 0, the last seat is 1."""
    key = f"DH-LAST-PLAYER={'last-seat' if last_seat else 'last-this-round'}"
    m = model("full", (), (key,))
    s = replace(
        m.initial_state(),
        phase=PLACE,
        round=2,
        first=1,
        rolled=((0, 2), (0, 3), (0, 3), (1, 3), (1, 4), (1, 4), (1, 5), (2, 5), (2, 5)),
    )
    a = m.legal_actions(s)[0]
    assert isinstance(a, PlaceDice)
    t = m.step(s, a)[0][0]
    assert promise(key).step_violation(m, s, a, t) is None
    flip(m, last_seat=not last_seat)
    assert promise(key).step_violation(m, s, a, t) is not None


@pytest.mark.parametrize("recycle", [False, True])
def test_the_short_bag_promise_sees_the_mortuary(recycle: bool) -> None:
    key = f"DH-SUPPLY-SHORT={'recycle-mortuary' if recycle else 'fill-in-order'}"
    m = model("tiny", (), (key,))
    s = replace(m.initial_state(), phase=DICE_DRAW, supply=(1,))
    s = replace(s, hospitals=(replace(s.hospitals[0], mortuary=(3,)), s.hospitals[1]))

    def broken() -> list[str | None]:
        return [promise(key).step_violation(m, s, Draw(), t) for t, _ in m.step(s, Draw())]

    assert not any(broken())
    flip(m, recycle_when_short=not recycle)
    assert all(broken())


@pytest.mark.parametrize("whole_round", [False, True])
def test_the_recolour_promise_sees_a_colour_kept_or_lost(whole_round: bool) -> None:
    """A nurse's pharmacy on a yellow patient while a red one shows yellow."""
    key = f"DH-RECOLOUR={'round' if whole_round else 'one-activation'}"
    m = model("small", (), (key,))
    s = activation(m, 0, patients=patients((0, 3, 0, 1), (1, 4)))
    a = Activate(-1, 1, ((1, 4, 0, -1),))
    assert a in m.legal_actions(s)
    t = m.step(s, a)[0][0]
    assert promise(key).step_violation(m, s, a, t) is None
    flip(m, tint_round=not whole_round)
    t = m.step(s, a)[0][0]
    assert promise(key).step_violation(m, s, a, t) is not None


def test_all_discharged_counts_the_round_s_evictions(monkeypatch: pytest.MonkeyPatch) -> None:
    """The defect this promise found: the close counted only deaths by neglect, so on
    ``tiny`` (every admission evicts) a hospital emptied by discharges still earned the
    5 points although a patient went to the mortuary that round. Planted back here."""
    key = "DH-EMPTY-HOSPITAL=all-discharged"
    assert violation(tiny(key), key) is None

    def neglect_only(ctx: Any, h: Any, deaths: int) -> Any:
        n = sum(h.lounge)
        bonus = scoring.empty_bonus(not h.patients, n, deaths, ctx.empty_bonus)
        return replace(h, points=h.points + scoring.discharge_points(n, ctx.over_12) + bonus)

    monkeypatch.setattr(end_round, "score_round", neglect_only)
    assert violation(tiny(key), key) is not None


# DH-SOLO x DH-AMBULANCE-VALUE=number-one: the solo reading is the more specific rule ------
@pytest.mark.parametrize("solo", ["DH-SOLO=free-pick", "DH-SOLO=first-player-bar"])
def test_the_solo_blood_bag_holds_under_number_one(solo: str) -> None:
    """Both solo readings give the lone player a blood bag every round; under
    DH-AMBULANCE-VALUE=number-one the model used to give it only for ambulance 1 (never,
    under first-player-bar). The solo reading wins for the solo player."""
    m = tiny(solo, "DH-AMBULANCE-VALUE=number-one")
    assert violation(m, solo) is None
    assert not promise("DH-AMBULANCE-VALUE=number-one").relevant(m)
