"""HHH's promises of the setup, Heal, Administrator, Research and Patient Phase readings
(``promise_phases``, ``promise_heal``, ``promise_admin``): each holds on a position where
its option shows, and catches the option behaving like another (or like nothing) when
that defect is planted in a fresh model's reading before the position is built."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import pytest
from hhh_helpers import BLACK, GRAY, GREEN, YELLOW, action_phase, cubes, model

from hhh_verify.contract.registry import properties_for
from hhh_verify.engines.explore.explorer import explore, split_properties
from hhh_verify.models.hhh import SPEC
from hhh_verify.models.hhh.book import promise_admin, promise_heal, promise_phases
from hhh_verify.models.hhh.rules import setup
from hhh_verify.models.hhh.rules.actions import (
    ChooseBenefit,
    EndActions,
    Heal,
    HireStaff,
    InternTreat,
    JanitorIgnore,
    NurseTraining,
    Pass,
    ReplaceMarker,
    Research,
    RestockBloodBank,
    Settle,
    Transfer,
)
from hhh_verify.models.hhh.rules.actions import Draw as DrawCubes
from hhh_verify.models.hhh.rules.config import CHAPLAIN, COO, JANITOR, LAWYER
from hhh_verify.models.hhh.rules.state import (
    BLOOD_BANK,
    CRITICAL,
    EMERGENCY,
    ER,
    HEAL_DRAWN,
    PICK_INTERN,
    PICK_REPLACE,
    PICKS,
    PP_END,
    PP_VISIT,
    RESEARCH_DRAWN,
    SETUP_WAITING,
    TREATED,
    TREATMENT,
    WARD,
    HealInProgress,
    ResearchInProgress,
    place,
)

PROPS = properties_for("hhh")
NEW = [p.key for mod in (promise_phases, promise_heal, promise_admin) for p in mod.PROMISES]
NONE = cubes()


def promise(key: str) -> Any:
    return PROPS.get(f"promise:{key}")


def broken(m: Any, key: str, s: Any, a: Any) -> str | None:
    """The promise's first message over every outcome of ``a`` in ``s`` (None: holds)."""
    for t, _ in m.step(s, a):
        if msg := promise(key).step_violation(m, s, a, t):
            return msg
    return None


def heal(
    place_: int,
    level: int,
    drawn: tuple[int, ...],
    player: int = 0,
    rebag: int = 0,
    blood: int = -1,
    latest_black: int | None = None,
) -> HealInProgress:
    """A Heal of a yellow patient after its draw (no bonus draw left)."""
    latest = drawn[BLACK] if latest_black is None else latest_black
    return HealInProgress(player, place_, YELLOW, level, drawn, (), rebag, blood, latest)


@dataclass(frozen=True)
class Case:
    """A position (``build``), the action the option takes there, the action the planted
    defect takes, and the defect: ``attr`` of the model's reading set to ``value``."""

    key: str
    build: Any
    action: Any
    planted_action: Any
    attr: str
    value: Any
    changes: dict[str, Any] = field(default_factory=dict)
    overrides: tuple[str, ...] = ()


def _room_cap(m: Any) -> Any:
    return action_phase(m, rooms=(1, 1, 1, 1, 1, 1, 0, 0), rooms_placed=6)


def _ward_visit(m: Any) -> Any:
    wards = ((2, 3), (), (), (), ())
    return action_phase(m, phase=PP_VISIT, cursor=place(0, YELLOW), wards=wards)


def _full_ward(m: Any) -> Any:
    wards = ((2, 3, 4, 4), (), (), (), ())
    s = action_phase(m, phase=PP_VISIT, cursor=place(0, YELLOW), wards=wards, money=100)
    return replace(s, abilities=(False,) * 5)


def _er_death_no_white(m: Any) -> Any:
    rooms = tuple(1 if k == ER else 0 for k in range(8))
    return action_phase(m, rooms=rooms, er=(1, 0, 0, 0, 0), supply=(4, 4, 4, 4, 4, 0))


def _last_round_end(m: Any) -> Any:
    return action_phase(m, phase=PP_END, round=6, money=30)


def _treatment_overflow(m: Any) -> Any:
    h = heal(TREATMENT, 4, cubes((BLACK, 1)))
    rooms = (1,) + (0,) * 7
    treat = ((4, TREATED),) + ((0, 0),) * 4
    return action_phase(m, phase=HEAL_DRAWN, heal=h, rooms=rooms, treatment=treat)


def _level5_room(m: Any) -> Any:
    treat = ((5, TREATED),) + ((0, 0),) * 4
    return action_phase(m, rooms=(2,) + (0,) * 7, treatment=treat)


def _er_heal(m: Any) -> Any:
    h = heal(EMERGENCY, 5, cubes((YELLOW, 2)))
    rooms = tuple(1 if k == ER else 0 for k in range(8))
    waiting = ((2, 0, 0, 0, 0), (0, 0, 0, 0, 0))
    return action_phase(
        m, phase=HEAL_DRAWN, heal=h, rooms=rooms, er=(1, 0, 0, 0, 0), waiting=waiting
    )


def _er_patient(m: Any) -> Any:
    rooms = tuple(1 if k == ER else 0 for k in range(8))
    return action_phase(m, rooms=rooms, er=(1, 0, 0, 0, 0))


def _failed_room_heal(m: Any) -> Any:
    h = heal(TREATMENT, 3, cubes((GRAY, 3)), rebag=2)
    treat = ((3, TREATED),) + ((0, 0),) * 4
    return action_phase(m, phase=HEAL_DRAWN, heal=h, rooms=(1,) + (0,) * 7, treatment=treat)


def _blood_cube_heal(m: Any) -> Any:
    h = heal(WARD, 3, cubes((YELLOW, 1)), rebag=1, blood=YELLOW, player=1)
    training = ((0,) * 6, (0, 0, 0, 0, 0, 1))
    return action_phase(m, phase=HEAL_DRAWN, heal=h, wards=((3,),) + ((),) * 4, training=training)


def _trained_doctor(m: Any) -> Any:
    training = ((0,) * 6, (1, 0, 0, 0, 0, 0))
    return action_phase(m, wards=((3,),) + ((),) * 4, training=training)


def _earlier_black(m: Any) -> Any:
    h = heal(WARD, 3, cubes((YELLOW, 1), (BLACK, 1)), latest_black=0)
    hired = tuple(1 if k in (JANITOR, CHAPLAIN) else 0 for k in range(11))
    return action_phase(
        m,
        phase=HEAL_DRAWN,
        heal=h,
        wards=((3,),) + ((),) * 4,
        staff_hired=hired,
        admin_face_up=False,
    )


def _intern_pick(m: Any) -> Any:
    treat = ((4, CRITICAL),) + ((0, 0),) * 4
    return action_phase(
        m, phase=PICKS, picks=(PICK_INTERN, 1), rooms=(1,) + (0,) * 7, treatment=treat
    )


def _rich_ward_heal(m: Any) -> Any:
    h = heal(WARD, 3, cubes((YELLOW, 2)))
    return action_phase(m, phase=HEAL_DRAWN, heal=h, wards=((3,),) + ((),) * 4, money=198)


def _staff_face_up(kind: int, money: int) -> Any:
    def build(m: Any) -> Any:
        up = tuple(1 if k == kind else 0 for k in range(11))
        return action_phase(m, staff_open=up, money=money)

    return build


def _empty_blood_bank(m: Any) -> Any:
    return action_phase(m, rooms=tuple(1 if k == BLOOD_BANK else 0 for k in range(8)))


def _card_down(m: Any) -> Any:
    return replace(_empty_blood_bank(m), admin_face_up=False)


def _poor_blood_bank(m: Any) -> Any:
    return replace(_empty_blood_bank(m), money=2)


def _nurse(m: Any) -> Any:
    return action_phase(m, training_open=(1, 1, 1, 1, 0, 0), training_hidden=(1, 1, 1, 1, 2, 8))


def _researched(card: int, drawn: tuple[int, ...]) -> Any:
    def build(m: Any) -> Any:
        up = tuple(1 if k == LAWYER else 0 for k in range(11))
        r = ResearchInProgress(card, drawn)
        return action_phase(m, phase=RESEARCH_DRAWN, research=r, staff_open=up)

    return build


def _replacing(m: Any) -> Any:
    return action_phase(m, phase=PICKS, picks=(PICK_REPLACE, 2), cemetery=(2, 0, 0, 0, 0, 0, 0))


def _last_visit(round_: int) -> Any:
    def build(m: Any) -> Any:
        wards = ((1,),) + ((),) * 4
        return action_phase(m, phase=PP_VISIT, cursor=place(0, YELLOW), wards=wards, round=round_)

    return build


SETTLE = Settle(NONE)
DRAW = DrawCubes()
HEAL_ER = Heal(0, EMERGENCY, YELLOW, 5, -1)
TR_TO_WARD = Transfer(0, TREATMENT, 0, YELLOW, 5, WARD)
INTERN = InternTreat(TREATMENT, 0, YELLOW, 4)
TRAIN = ChooseBenefit(1, 0)
DECLINE = ChooseBenefit(-1, 0)
HIRE = ChooseBenefit(0, LAWYER)
NO_ABILITIES = ("variant_no_abilities=true",)

CASES = [
    Case(
        "HHH-ROOM-CAP=every-phase", _room_cap, EndActions(), EndActions(), "room_cap", "six-total"
    ),
    Case("HHH-WARD-ABILITY=no-effect", _ward_visit, DRAW, DRAW, "ability_shield", True),
    Case("HHH-WARD-ABILITY=shield-first", _ward_visit, DRAW, DRAW, "ability_shield", False),
    Case("HHH-VISIT-CUBES=discard", _ward_visit, DRAW, DRAW, "visit_rebag", True),
    Case("HHH-VISIT-CUBES=rebag", _ward_visit, DRAW, DRAW, "visit_rebag", False),
    Case(
        "HHH-EMPTY-BEDS-VARIANT=at-activation",
        _full_ward,
        DRAW,
        DRAW,
        "beds_per_patient",
        True,
        overrides=NO_ABILITIES,
    ),
    Case(
        "HHH-EMPTY-BEDS-VARIANT=per-patient",
        _full_ward,
        DRAW,
        DRAW,
        "beds_per_patient",
        False,
        overrides=NO_ABILITIES,
    ),
    Case(
        "HHH-WHITE-OUT=tombstone-only",
        _er_death_no_white,
        EndActions(),
        EndActions(),
        "white_out_arrest",
        True,
    ),
    Case("HHH-RATING-BASIS=final-money", _last_round_end, Pass(), Pass(), "rating_profit", True),
    Case("HHH-RATING-BASIS=profit", _last_round_end, Pass(), Pass(), "rating_profit", False),
    Case(
        "HHH-FEWER-MARKERS=before-setup",
        lambda m: m.initial_state(),
        DRAW,
        DRAW,
        "markers_out_after_setup",
        True,
        overrides=("variant_fewer_markers=true",),
    ),
    Case("HHH-TR-OVERFLOW=dies", _treatment_overflow, SETTLE, SETTLE, "tr_overflow", "capped"),
    Case("HHH-TR-TO-WARD-5=dies", _level5_room, TR_TO_WARD, EndActions(), "tr5_to_ward", False),
    Case("HHH-ER-RETURN=emptiest", _er_heal, SETTLE, SETTLE, "er_return", "first-room"),
    Case("HHH-ER-RETURN=first-room", _er_heal, SETTLE, SETTLE, "er_return", "emptiest"),
    Case("HHH-ER-COSTS=ward-like", _er_patient, HEAL_ER, HEAL_ER, "er_draw", 8),
    Case("HHH-ER-COSTS=treatment-like", _er_patient, HEAL_ER, HEAL_ER, "er_draw", 6),
    Case("HHH-ER-COSTS=ward-like", _er_patient, EndActions(), EndActions(), "er_death", 12),
    Case(
        "HHH-REBAG-AFTER-HEAL=any-heal",
        _failed_room_heal,
        SETTLE,
        SETTLE,
        "rebag_needs_reduction",
        True,
    ),
    Case(
        "HHH-REBAG-AFTER-HEAL=level-reduced",
        _failed_room_heal,
        SETTLE,
        Settle(cubes((GRAY, 2))),
        "rebag_needs_reduction",
        False,
    ),
    Case("HHH-BB-REBAG=yes", _blood_cube_heal, SETTLE, SETTLE, "bb_rebag", False),
    Case("HHH-BB-REBAG=no", _blood_cube_heal, SETTLE, Settle(cubes((YELLOW, 1))), "bb_rebag", True),
    Case(
        "HHH-TRAINING-BONUS=one",
        _trained_doctor,
        Heal(1, WARD, YELLOW, 3, -1),
        Heal(1, WARD, YELLOW, 3, -1),
        "training_bonus",
        2,
    ),
    Case(
        "HHH-TRAINING-BONUS=two",
        _trained_doctor,
        Heal(1, WARD, YELLOW, 3, -1),
        Heal(1, WARD, YELLOW, 3, -1),
        "training_bonus",
        1,
    ),
    Case(
        "HHH-REACTION-TIMING=latest-draw",
        _earlier_black,
        SETTLE,
        JanitorIgnore(),
        "reaction_latest",
        False,
    ),
    Case(
        "HHH-REACTION-TIMING=any-in-heal",
        _earlier_black,
        JanitorIgnore(),
        SETTLE,
        "reaction_latest",
        True,
    ),
    Case(
        "HHH-CHAPLAIN-TIMING=during-heal",
        _earlier_black,
        SETTLE,
        SETTLE,
        "chaplain_in_heal",
        False,
    ),
    Case("HHH-INTERN-TREATMENT=stays", _intern_pick, INTERN, INTERN, "intern_treats", True),
    Case("HHH-INTERN-TREATMENT=treated", _intern_pick, INTERN, INTERN, "intern_treats", False),
    Case("HHH-MONEY-CAP=uncapped", _rich_ward_heal, SETTLE, SETTLE, "money_cap", 199),
    Case(
        "HHH-UNAFFORDABLE=allowed-loses",
        _staff_face_up(LAWYER, 3),
        HireStaff(LAWYER),
        EndActions(),
        "unaffordable_ok",
        False,
    ),
    Case(
        "HHH-UNAFFORDABLE=forbidden",
        _staff_face_up(LAWYER, 3),
        EndActions(),
        HireStaff(LAWYER),
        "unaffordable_ok",
        True,
    ),
    Case(
        "HHH-COO-TIMING=immediately",
        _staff_face_up(COO, 15),
        HireStaff(COO),
        HireStaff(COO),
        "coo_now",
        False,
    ),
    Case(
        "HHH-COO-TIMING=next-round",
        _staff_face_up(COO, 15),
        HireStaff(COO),
        HireStaff(COO),
        "coo_now",
        True,
    ),
    Case(
        "HHH-BB-RESTOCK-FLIP=token-only",
        _empty_blood_bank,
        RestockBloodBank(),
        RestockBloodBank(),
        "bb_flips",
        True,
    ),
    Case(
        "HHH-BB-RESTOCK-FLIP=token-only",
        _card_down,
        RestockBloodBank(),
        EndActions(),
        "bb_flips",
        True,
    ),
    Case(
        "HHH-UNAFFORDABLE=allowed-loses",
        _poor_blood_bank,
        RestockBloodBank(),
        EndActions(),
        "unaffordable_ok",
        False,
    ),
    Case(
        "HHH-BB-RESTOCK-FLIP=flips-card",
        _empty_blood_bank,
        RestockBloodBank(),
        RestockBloodBank(),
        "bb_flips",
        False,
    ),
    Case(
        "HHH-NURSE-REFILL=refill",
        _nurse,
        NurseTraining(1, 0),
        NurseTraining(1, 0),
        "nurse_refill",
        False,
    ),
    Case(
        "HHH-NURSE-REFILL=no-refill",
        _nurse,
        NurseTraining(1, 0),
        NurseTraining(1, 0),
        "nurse_refill",
        True,
    ),
    Case(
        "HHH-RESEARCH-ZERO=needs-a-cube",
        _researched(0, cubes((GRAY, 1))),
        DECLINE,
        HIRE,
        "research_hire_without",
        True,
    ),
    Case(
        "HHH-RESEARCH-ZERO=hire-without",
        _researched(0, cubes((GRAY, 1))),
        DECLINE,
        DECLINE,
        "research_hire_without",
        False,
    ),
    Case(
        "HHH-RESEARCH-AMOUNT=up-to",
        _replacing,
        ReplaceMarker(YELLOW),
        ReplaceMarker(YELLOW),
        "research_all",
        True,
    ),
    Case(
        "HHH-RESEARCH-DECLINE=may-decline",
        _researched(0, cubes((GRAY, 1))),
        DECLINE,
        TRAIN,
        "research_must_choose",
        True,
    ),
    Case("HHH-END-REACTION=saved-token", _last_visit(2), DRAW, DRAW, "end_reaction", False),
    Case(
        "HHH-END-REACTION-LAST-ROUND=every-round",
        _last_visit(6),
        DRAW,
        DRAW,
        "end_reaction_last_round",
        False,
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[f"{c.key}:{c.attr}" for c in CASES])
def test_a_promise_holds_and_catches_its_planted_defect(case: Case) -> None:
    m = model("full", case.overrides, (case.key,), **case.changes)
    assert promise(case.key).relevant(m)
    assert broken(m, case.key, case.build(m), case.action) is None
    planted = model("full", case.overrides, (case.key,), **case.changes)
    setattr(planted.ctx, case.attr, case.value)
    assert broken(planted, case.key, case.build(planted), case.planted_action)


def test_the_er_death_cost_of_the_treatment_like_reading() -> None:
    key = "HHH-ER-COSTS=treatment-like"
    m = model(interpret=(key,))
    assert broken(m, key, _er_patient(m), EndActions()) is None
    m.ctx.er_death = 5
    assert broken(m, key, _er_patient(m), EndActions())


def test_after_setup_markers_leave_the_supply() -> None:
    """The defect: the variant's markers never leave (built before it is planted)."""
    key = "HHH-FEWER-MARKERS=after-setup"
    m = model(overrides=("variant_fewer_markers=true",), interpret=(key,))
    s = m.initial_state()
    assert broken(m, key, s, DRAW) is None
    m.ctx.markers_out_after_setup = False
    assert broken(m, key, s, DRAW)


def _fifth_cube(m: Any) -> Any:
    waiting = ((4, 0, 0, 0, 0), (0, 0, 0, 0, 0))
    return replace(m.initial_state(), phase=SETUP_WAITING, cursor=1, waiting=waiting[::-1])


@pytest.mark.parametrize("reading", ["dies", "return-excess"])
def test_a_fifth_setup_cube(reading: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Waiting Room of 4 yellow cubes draws in setup: the 5th kills (``dies``) or goes
    back (``return-excess``); planted: the other reading, or a death that hides nothing."""
    key = f"HHH-SETUP-LEVEL5={reading}"
    m = model(interpret=(key,))
    assert broken(m, key, _fifth_cube(m), DRAW) is None
    if reading == "return-excess":
        m.ctx.setup_level5 = "dies"
    else:
        monkeypatch.setattr(setup, "die", lambda ctx, s, k, marker, cost: s)
    assert broken(m, key, _fifth_cube(m), DRAW)


def violations(m: Any, key: str, budget: int = 4000) -> str | None:
    prop = promise(key)
    checks = split_properties([prop], m)
    exp = explore(m, checks.invariants, {}, steps=checks.steps, max_states=budget)
    pid = f"promise:{key}"
    return None if exp.first_violation(pid) is None else exp.messages.get(pid, "violated")


@pytest.mark.parametrize(
    ("reading", "other"), [("before-waiting", "after-waiting"), ("after-waiting", "before-waiting")]
)
def test_the_starting_blood_bank_draws_when_its_reading_says(reading: str, other: str) -> None:
    key = f"HHH-SETUP-ORDER={reading}"
    changes = dict(rooms_in_deck=(BLOOD_BANK,), starting_room=BLOOD_BANK)
    m = model("tiny", interpret=(key,), **changes)
    assert violations(m, key) is None
    planted = model("tiny", interpret=(key,), **changes)
    planted.ctx.setup_order = other
    assert violations(planted, key)


def test_identical_research_cards_are_all_the_printed_one() -> None:
    """The defect: the deck holds rotating cards although the reading is ``identical``."""
    key = "HHH-RESEARCH-DECK=identical"
    for planted in (False, True):
        m = model(interpret=(key,))
        if planted:
            m.ctx.research_types = m.ctx.C
        s = action_phase(m, research_deck=m.initial_state().research_deck)
        drawn = [t for t, _ in m.step(s, Research()) if t.research is not None]
        late = [t for t in drawn if t.research.card] or drawn[:1]
        msg = broken(m, key, late[0], DECLINE)
        assert bool(msg) == planted, msg


@pytest.mark.parametrize(("card", "drawn"), [(1, cubes((GREEN, 3), (GRAY, 2)))])
def test_rotating_research_cards_count_their_own_colours(
    card: int, drawn: tuple[int, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    key = "HHH-RESEARCH-DECK=rotating"
    m = model(interpret=(key,))
    s = _researched(card, drawn)(m)
    assert broken(m, key, s, TRAIN) is None
    monkeypatch.setattr(m.ctx, "research_colours", lambda card: (0, 1, 2))
    assert broken(m, key, s, TRAIN)


def test_every_new_promise_holds_where_its_option_is_in_force() -> None:
    """The explorer on the game's sweep preset, a small budget each."""
    for key in NEW:
        m = SPEC.model("interactions", (), (key,))
        if promise(key).relevant(m):
            assert violations(m, key, budget=1500) is None, key


#: readings that need a card, a Staff marker, a Doctor or a variant the ``tiny`` game lacks
NEEDS_PARTS = [
    "HHH-SETUP-ORDER=after-waiting",
    "HHH-SETUP-LEVEL5=dies",
    "HHH-TR-TO-WARD-5=dies",
    "HHH-ER-RETURN=first-room",
    "HHH-REBAG-AFTER-HEAL=level-reduced",
    "HHH-BB-REBAG=no",
    "HHH-TRAINING-BONUS=two",
    "HHH-CHAPLAIN-TIMING=during-heal",
    "HHH-INTERN-TREATMENT=treated",
    "HHH-COO-TIMING=next-round",
    "HHH-BB-RESTOCK-FLIP=flips-card",
    "HHH-NURSE-REFILL=no-refill",
    "HHH-RESEARCH-ZERO=hire-without",
    "HHH-WARD-ABILITY=shield-first",
    "HHH-END-REACTION=saved-token",
]


@pytest.mark.parametrize("key", NEEDS_PARTS)
def test_a_reading_applies_only_where_the_game_has_its_parts(key: str) -> None:
    """On ``tiny`` (one Treatment Room card, no Staff, Research or Administrator) these
    promises are not in force, so the sweep counts them instead of passing them."""
    assert not promise(key).relevant(SPEC.model("tiny", (), (key,)))
    assert promise(key).relevant(SPEC.model("full", (), (key,)))


@pytest.mark.parametrize("reading", ["emptiest", "first-room"])
def test_an_emergency_room_patient_s_cubes_that_vanish_are_caught(
    reading: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The defect: the healed patient leaves the Emergency Room for no Waiting Room."""
    from hhh_verify.models.hhh.rules import heal as heal_rules

    key = f"HHH-ER-RETURN={reading}"
    m = model(interpret=(key,))
    assert broken(m, key, _er_heal(m), SETTLE) is None
    monkeypatch.setattr(heal_rules, "return_to_waiting", lambda ctx, s, c, cubes: s)
    assert broken(m, key, _er_heal(m), SETTLE)


def test_a_hire_without_its_colour_pays_the_full_price(monkeypatch: pytest.MonkeyPatch) -> None:
    from hhh_verify.models.hhh.rules import player_actions

    key = "HHH-RESEARCH-ZERO=hire-without"
    m = model(interpret=(key,))
    s = _researched(0, cubes((GRAY, 1)))(m)
    assert broken(m, key, s, HIRE) is None
    monkeypatch.setattr(player_actions, "RESEARCH_HIRE_COST", 1)
    assert broken(m, key, s, HIRE)


def test_a_level_5_patient_dies_in_a_ward_for_the_ward_s_price(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from hhh_verify.models.hhh.rules import board, player_actions

    key = "HHH-TR-TO-WARD-5=dies"
    m = model(interpret=(key,))
    assert broken(m, key, _level5_room(m), TR_TO_WARD) is None

    def free(ctx: Any, s: Any, colour: int, marker: bool, cost: int) -> Any:
        return board.die(ctx, s, colour, marker, 0)

    monkeypatch.setattr(player_actions, "die", free)
    assert broken(m, key, _level5_room(m), TR_TO_WARD)
