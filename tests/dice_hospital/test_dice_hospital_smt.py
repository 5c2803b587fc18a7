"""The Dice Hospital Z3 encoding: exact on its scope (every explored transition of a
state is admitted, and nothing else), clean errors outside it, witnesses replay."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest
import z3
from dice_hospital_helpers import model

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.trace import replay
from hhh_verify.engines.explore.explorer import explore
from hhh_verify.models.dice_hospital import SPEC
from hhh_verify.models.dice_hospital.rules.state import (
    ACT_DISCARD,
    ACTIVATE,
    EXPAND,
    EXPAND_DISCARD,
    OVER,
    PICK,
)
from hhh_verify.models.dice_hospital.smt.encoding import DHEncoding
from hhh_verify.models.dice_hospital.smt.layout import scope_error
from hhh_verify.smt import bmc
from hhh_verify.smt.budget import Budget


def assert_exact(m, per_phase: int, max_states: int, where=None) -> int:  # type: ignore[no-untyped-def]
    """For sampled states of every phase (those ``where`` accepts, if given): the
    relation admits each model successor and no other state (the terminal state only
    stutters)."""
    enc = DHEncoding(m)
    exp = explore(m, max_states=max_states, compact=False)
    states = exp.states()
    p, q = enc.state("p"), enc.state("q")
    relation, _ = enc.transition(p, q, "t")
    solver = bmc.new_solver()
    solver.add(relation)
    by_phase: dict[int, list[int]] = defaultdict(list)
    for sid, s in enumerate(states):
        if s.phase != OVER and exp.choices(sid) and (where is None or where(s)):
            by_phase[s.phase].append(sid)
    rng = random.Random(0)
    checked = 0
    for sids in by_phase.values():
        rng.shuffle(sids)
        for sid in sids[:per_phase]:
            before = enc.project(states[sid])
            succ = {
                tuple(sorted(enc.project(states[t]).items()))
                for alts in exp.choices(sid)
                for t, _ in alts
            }
            solver.push()
            solver.add(*(p[f] == before[f] for f in enc.fields))
            for t in succ:
                solver.push()
                solver.add(*(q[f] == v for f, v in t))
                assert solver.check() == z3.sat, ("missing successor", states[sid], t)
                solver.pop()
            for t in succ:
                solver.add(z3.Not(z3.And(*(q[f] == v for f, v in t))))
            assert solver.check() == z3.unsat, ("extra successor", states[sid])
            solver.pop()
            checked += 1
    return checked


def test_encoding_is_exact_on_tiny() -> None:
    assert assert_exact(model("tiny"), per_phase=3, max_states=20_000) >= 15


@pytest.mark.parametrize(
    "changes, readings",
    [
        ({"start_health": (3, 5), "capacity": 2, "dice_per_colour": 8}, ()),
        (
            {"capacity": 2, "admin_deck": (1, 1, 1, 1)},
            (
                "DH-PAST-6=stop-at-6",
                "DH-SPECIALIST-OPTIONAL=optional",
                "DH-EXPANSION-DISCARD=owned-tile",
            ),
        ),
        (
            {"capacity": 2},
            ("DH-FINAL-TOKENS=once", "DH-ARRIVAL-NEGLECT=arrivals-exempt"),
        ),
        ({"capacity": 2, "admin_deck": (1, 1, 1, 1)}, ("DH-NURSE-MOVES=again",)),
        ({"capacity": 2}, ("DH-NEW-TILE=next-round", "DH-EXPANSION-DISCARD=owned-tile")),
        (
            {
                "board_wards": (1, 0, 0, 0, 0, 0, 1, 0),
                "nurses": 2,
                "capacity": 2,
                "start_health": (5,),
            },
            ("DH-GROUP-SIX=excluded",),
        ),
        (
            {
                "board_wards": (1, 0, 0, 0, 0, 0, 1, 0),
                "nurses": 2,
                "capacity": 2,
                "start_health": (5,),
            },
            (),
        ),
    ],
)
def test_encoding_is_exact_on_readings(changes: dict, readings: tuple) -> None:
    assert assert_exact(model("tiny", interpret=readings, **changes), per_phase=2, max_states=3000)


def test_outside_the_scope_is_a_clean_error() -> None:
    assert "colours=2" in scope_error(model("small"))
    full = DHEncoding(model("full"))
    assert not full.exact and DHEncoding(model("tiny")).exact
    with pytest.raises(ModelError, match="one colour, two players"):
        full.state("s0")
    with pytest.raises(ModelError, match="DH-AMBULANCE-VALUE"):
        DHEncoding(model("tiny", interpret=("DH-AMBULANCE-VALUE=pip-sum",))).state("s0")


def test_a_witness_replays_through_the_model() -> None:
    """A path to the second ambulance pick: every step replays (the engine checks each
    step against the model while it builds the trace, and replay checks it again)."""
    m = model("tiny")
    goal = lambda s: z3.And(s["phase"] == PICK, s["cursor"] == 1)  # noqa: E731
    a = bmc.reach_by(DHEncoding(m), goal, Budget(100_000_000), schedule=(10,))
    assert a.verdict == bmc.SAT and a.trace is not None
    result = replay(a.trace, m)
    assert result.ok, result.error
    assert result.final_state.phase == PICK and result.final_state.cursor == 1


def test_smt_is_declared() -> None:
    support = SPEC.load_smt()
    assert [q.id for q in support.in_check()] == ["smt-dh-first-keeps-token"]
    assert support.get("smt-dh-most-points-tiny").expected == "6 points"


def _six_beside_another(s) -> bool:  # type: ignore[no-untyped-def]
    """An activation where a patient at 6 and another could make the twin ward's pair."""
    h = s.hospitals[s.cursor]
    return s.phase == ACTIVATE and len(h.patients) > 1 and any(p[1] == 6 for p in h.patients)


@pytest.mark.parametrize("reading", ["counts", "excluded"])
def test_encoding_is_exact_where_a_6_could_join_a_group(reading: str) -> None:
    """DH-GROUP-SIX: positions with a patient at 6 beside another, a twin ward free."""
    m = model(
        "tiny",
        interpret=(f"DH-GROUP-SIX={reading}",),
        board_wards=(1, 0, 0, 0, 0, 0, 1, 0),
        nurses=2,
        capacity=2,
        start_health=(5,),
    )
    assert assert_exact(m, per_phase=6, max_states=5000, where=_six_beside_another) >= 1


def _nurse_spent(s) -> bool:  # type: ignore[no-untyped-def]
    """An activation with every nurse placed and a patient still there."""
    h = s.hospitals[s.cursor]
    return s.phase == ACTIVATE and h.nurses_used >= 1 and bool(h.patients)


@pytest.mark.parametrize("reading", ["once", "again"])
def test_encoding_is_exact_where_a_nurse_could_move_again(reading: str) -> None:
    """DH-NURSE-MOVES: the one nurse placed, the second printed pharmacy still free."""
    m = model(
        "tiny", interpret=(f"DH-NURSE-MOVES={reading}",), board_wards=(0, 2, 0, 0, 0, 0, 0, 0)
    )
    assert assert_exact(m, per_phase=6, max_states=5000, where=_nurse_spent) >= 1


@pytest.mark.parametrize("reading", ["this-round", "next-round"])
def test_encoding_is_exact_where_a_tile_is_taken_or_discarded(reading: str) -> None:
    """DH-NEW-TILE: the draft and the discards after it (the owned-tile discard too)."""
    m = model(
        "tiny",
        interpret=(f"DH-NEW-TILE={reading}", "DH-EXPANSION-DISCARD=owned-tile"),
        capacity=2,
    )
    phases = (EXPAND, EXPAND_DISCARD, ACT_DISCARD)
    assert assert_exact(m, per_phase=8, max_states=5000, where=lambda s: s.phase in phases) >= 3


def _emptied_by_discharges(s) -> bool:  # type: ignore[no-untyped-def]
    """An activation with the board empty and someone in the lounge."""
    h = s.hospitals[s.cursor]
    return s.phase == ACTIVATE and not h.patients and sum(h.lounge) > 0


@pytest.mark.parametrize("reading", ["out", "in-hospital"])
def test_encoding_is_exact_where_the_lounge_decides_the_empty_bonus(reading: str) -> None:
    """DH-LOUNGE: a board emptied by discharges, its round about to close."""
    m = model("tiny", interpret=(f"DH-LOUNGE={reading}",))
    assert assert_exact(m, per_phase=6, max_states=5000, where=_emptied_by_discharges) >= 1
