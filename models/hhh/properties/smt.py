"""Healthy Heart Hospital SMT queries: questions about the real game answered by Z3,
each with its expected answer and the rule that makes it.

An expected answer of ``""`` marks an open question (a finding: any answer is
reported, none contradicts). ``in_check`` queries are quick and run inside
``hhh-verify check`` on the checked model; the rest run with ``hhh-verify query``.

The expected money extremes of the ``small`` preset are the explorer's exact values
(all 351,658 reachable states enumerated); Z3 must never contradict them.

A query's ``rlimit`` is its budget of Z3 resource units, what decides its answer (so a
busy machine gives the same one): 5-10 times what it spends to answer (Z3 5.4; ``hhh-verify
query`` prints the units spent). A query its budget does not settle (the open questions,
the money extremes of ``small``, which stay bounds at ten times as much, and the
``-check`` queries asked of the full game) keeps about what its former time budget bought
on an idle machine, some 3 million units a second.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hhh_verify.contract.properties import SmtClaim
from hhh_verify.smt.budget import Meter
from hhh_verify.smt.queries import SmtQuery, SmtSupport, WitnessSearch, query_properties

GAME = "hhh"


def _q() -> Any:
    from ..smt import queries as hhh_queries

    return hhh_queries


def _earliest(reason: str, steps: int) -> Callable[[Any, Meter], Any]:
    return lambda enc, m: _q().earliest(enc, _q().LOSSES[reason], steps, m)


def _never(goal: str, steps: int) -> Callable[[Any, Meter], Any]:
    return lambda enc, m: _q().never(enc, lambda s: _q().GOALS[goal](enc, s), steps, m)


def _money(rnd: int, maximize: bool, steps: int) -> Callable[[Any, Meter], Any]:
    return lambda enc, m: _q().money_extreme(enc, rnd, maximize, steps, m)


def _money_bound(rnd: int) -> Callable[[Any, Meter], Any]:
    """Z3 over the sound per-round money summary (models/hhh/smt/summary.py)."""

    def run(enc: Any, m: Meter) -> Any:
        from ..smt.summary import upper_bound_answer

        return upper_bound_answer(enc, rnd, m)

    return run


def _richest(rnd: int) -> WitnessSearch:
    """The search for the most money at the end of round ``rnd`` (a lower bound): a
    wide beam for a short horizon, a narrow one that still finishes a whole game."""
    from .search import cash, money, money_this_round

    beam = {1: 128, 2: 64}.get(rnd, 16)
    guide = money_this_round if rnd <= 2 else money
    return WitnessSearch(value=cash, heuristic=guide, round=rnd, beam=beam)


def _setup_death(enc: Any, m: Meter) -> Any:
    return _q().setup_death(enc, m)


def _rooms(enc: Any, m: Meter) -> Any:
    return _q().rooms_by_end(enc.model)


def _induction(enc: Any, m: Meter) -> Any:
    return _q().induction(enc, m)


MONEY = "Money: 'If you ever have less than $0, all players immediately lose'"
BODIES = (
    "Hide The Bodies: 'The Cemetery can hold up to 5 Patient markers ... If there is "
    "no empty place ... you are arrested'"
)
CUBES = "Components: 16 cubes of each colour + 8 black; Key Concepts, Cubes (draw, discard)"

QUERIES: tuple[SmtQuery, ...] = (
    SmtQuery(
        "smt-bankruptcy-earliest",
        "Earliest round in which bankruptcy is possible?",
        "round 1",
        MONEY + "; a Ward death costs $10 (Hide The Bodies)",
        _earliest("bankrupt", 12),
        rlimit=300_000_000,
    ),
    SmtQuery(
        "smt-arrest-earliest-tiny",
        "Earliest round of an arrest (tiny, 1 tombstone, $10)?",
        "round 2",
        BODIES,
        _earliest("arrested", 30),
        preset="tiny",
        overrides=("tombstones=1", "starting_money=10"),
        rlimit=2_000_000_000,
    ),
    SmtQuery(
        "smt-arrest-earliest",
        "Earliest round in which an arrest is possible (full game)?",
        "",
        BODIES,
        _earliest("arrested", 16),
        rlimit=150_000_000,
    ),
    SmtQuery(
        "smt-money-max-r1-small",
        "Most money at the end of round 1 (small, 2 players)?",
        "$16",
        "Heal a Patient: 'gain Money as shown in that room or ward'",
        _money(1, True, 16),
        preset="small",
        rlimit=120_000_000,
    ),
    SmtQuery(
        "smt-money-min-r1-small",
        "Least money at the end of round 1 (small, 2 players)?",
        "$1",
        MONEY,
        _money(1, False, 16),
        preset="small",
        rlimit=120_000_000,
    ),
    SmtQuery(
        "smt-money-max-r2-small",
        "Most money at the end of round 2 (small, 2 players)?",
        "$25",
        "Heal a Patient: pay per level",
        _money(2, True, 30),
        preset="small",
        rlimit=150_000_000,
    ),
    SmtQuery(
        "smt-money-min-r2-small",
        "Least money at the end of round 2 (small, 2 players)?",
        "$0",
        MONEY,
        _money(2, False, 30),
        preset="small",
        rlimit=150_000_000,
    ),
    SmtQuery(
        "smt-money-max-r1",
        "Most money at the end of round 1 (full game, 2 players)?",
        "",
        "Heal a Patient: pay per level; CFO: Gain $10; Administrator: $2 per black cube",
        _money_bound(1),
        rlimit=10_000_000,
        lower_bound=_richest(1),
    ),
    SmtQuery(
        "smt-money-max-r2",
        "Most money at the end of round 2 (full game, 2 players)?",
        "",
        "Heal a Patient: pay per level; CFO: Gain $10; Administrator: $2 per black cube",
        _money_bound(2),
        rlimit=10_000_000,
        lower_bound=_richest(2),
    ),
    SmtQuery(
        "smt-money-max-game",
        "Most money at the end of a won game (full game, 2 players)?",
        "",
        "Victory and Defeat: 'Check how much money your hospital earned'",
        _money_bound(6),
        rlimit=10_000_000,
        lower_bound=_richest(6),
    ),
    SmtQuery(
        "smt-draw-from-empty",
        "Can a draw be required while bag and discard are both empty?",
        "no",
        CUBES + "; 'Empty bag: place all discarded cubes back into the bag'",
        _never("draw-from-empty", 8),
        rlimit=3_500_000_000,
    ),
    SmtQuery(
        "smt-draw-from-empty-check",
        "Draw required with bag and discard empty (checked model)?",
        "no",
        CUBES,
        _never("draw-from-empty", 8),
        preset=None,
        rlimit=50_000_000,
        in_check=True,
    ),
    SmtQuery(
        "smt-white-out",
        "Can the white Patient markers run out while the game goes on?",
        "no",
        "Components: 10 white markers; " + BODIES,
        _never("white-out", 8),
        rlimit=3_500_000_000,
    ),
    SmtQuery(
        "smt-setup-death",
        "Can a patient die during setup (HHH-SETUP-LEVEL5=dies)?",
        "yes",
        "Setup: 'Draw 6 random cubes ... per Waiting Room' (5 of a colour)",
        _setup_death,
        rlimit=10_000_000,
    ),
    SmtQuery(
        "smt-setup-death-return-excess",
        "Can a patient die during setup (return-excess)?",
        "no",
        "Setup: '... cubes for which there are no free spaces back to the bag'",
        _setup_death,
        interpret=("HHH-SETUP-LEVEL5=return-excess",),
        rlimit=25_000_000,
    ),
    SmtQuery(
        "smt-waiting-level-5",
        "Can a Waiting Room hold a level-5 patient after a step?",
        "no",
        "New Patients Arrive: a 5-cube patient moves to the ER or dies",
        _never("waiting-level-5", 8),
        rlimit=3_500_000_000,
    ),
    SmtQuery(
        "smt-waiting-level-5-check",
        "Level-5 Waiting Room patient (checked model)?",
        "no",
        "New Patients Arrive",
        _never("waiting-level-5", 8),
        preset=None,
        rlimit=50_000_000,
        in_check=True,
    ),
    SmtQuery(
        "smt-money-over-199",
        "Can money exceed what the track shows ($199)?",
        "",
        "Money track up to $199 (HHH-MONEY-CAP)",
        _never("money-over-199", 10),
        rlimit=120_000_000,
    ),
    SmtQuery(
        "smt-rooms-six-total",
        "Rooms placed by the end (HHH-ROOM-CAP=six-total)?",
        "6",
        "New Rooms: 'Only 6 New Room cards can be placed during the game'",
        _rooms,
        interpret=("HHH-ROOM-CAP=six-total",),
        rlimit=1_000_000,
    ),
    SmtQuery(
        "smt-rooms-six-installed",
        "Rooms placed by the end (six-installed)?",
        "7",
        "New Rooms: 'Only 6 New Room cards'",
        _rooms,
        interpret=("HHH-ROOM-CAP=six-installed",),
        rlimit=1_000_000,
    ),
    SmtQuery(
        "smt-rooms-every-phase",
        "Rooms placed by the end (every-phase)?",
        "7",
        "Patient Phase 2: 'Choose 1 New Room card'",
        _rooms,
        interpret=("HHH-ROOM-CAP=every-phase",),
        rlimit=1_000_000,
    ),
    SmtQuery(
        "smt-conservation-tiny",
        "Cube and marker conservation by induction (tiny)?",
        "holds",
        CUBES,
        _induction,
        preset="tiny",
        rlimit=60_000_000,
    ),
    SmtQuery(
        "smt-conservation-small",
        "Cube and marker conservation by induction (small)?",
        "holds",
        CUBES,
        _induction,
        preset="small",
        rlimit=150_000_000,
    ),
    SmtQuery(
        "smt-conservation-full",
        "Cube and marker conservation by induction (full)?",
        "holds",
        CUBES,
        _induction,
        rlimit=2_500_000_000,
    ),
    SmtQuery(
        "smt-conservation-check",
        "Cube and marker conservation (checked model)?",
        "holds",
        CUBES,
        _induction,
        preset=None,
        rlimit=50_000_000,
        in_check=True,
    ),
)


def queries() -> tuple[SmtQuery, ...]:
    return QUERIES


def smt_properties() -> list[SmtClaim]:
    """The ``in_check`` queries as ``smt`` properties (for the HHH property registry)."""
    return query_properties(GAME, QUERIES)


def support() -> SmtSupport:
    """The HHH Z3 encoding as the engines see it (``GameSpec.smt`` loads this)."""
    from ..smt import ENCODED
    from ..smt.encoding import HHHEncoding
    from ..smt.goals import symbolic_goal

    return SmtSupport(
        encoding=HHHEncoding,
        goal=symbolic_goal,
        queries=QUERIES,
        excluded=_q().excluded_by_invariant,
        encoded=ENCODED,
    )
