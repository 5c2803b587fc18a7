"""Dice Hospital SMT queries: questions answered by Z3 over the exact single-colour,
two-player encoding (``models/dice_hospital/smt/``), each with its expected answer and
the rule that makes it.

The encoding has one dice colour, so the "real hospital" configuration below is the
``full`` preset in one colour: 45 dice, every colour-bound card red. Expected answers on
``tiny`` are the explorer's exact values (all 10,112 states enumerated; the longest
round-1 path of tiny, and of tiny with three beds, is 22 steps, so bounds of 22 cover
every path and "no" / an optimum is a proof). An expected
answer of ``""`` is an open question (any answer is a finding; its witness replays
through the model). ``in_check`` queries are quick and run inside ``hhh-verify check``.

A query's ``rlimit`` is its budget of Z3 resource units, what decides its answer (so a
busy machine gives the same one): about 5-10 times what it spends to answer (Z3 5.4; the
most points on tiny spends 622 million, half an hour on a loaded 2-core machine). Not
re-measured: the open most-points question on the real hospital and the neglect deaths
on tiny with three beds keep what their former time budgets (600 s, 1,800 s) bought at
about a million units a second.
"""

from __future__ import annotations

from typing import Any

from hhh_verify.contract.properties import SmtClaim
from hhh_verify.smt.queries import SmtQuery, SmtSupport, query_properties

GAME = "dice-hospital"

#: The real game's hospital in one colour (colour-bound stand-ins made red).
ONE_COLOUR = (
    "colours=1",
    "dice_per_colour=45",
    "ward_deck=0,4,3,9,0,0,4,4",
    "specialist_deck=6,12,0,0,6",
    "experimental_wards=1,1,1,3,0,0,1,1",
    "experimental_specialists=3,6,0,0,3",
)
#: tiny with three beds and two rounds (no eviction in round 1; a second market).
TINY_THREE_BEDS = (
    "capacity=3",
    "rounds=2",
    "ward_deck=0,0,6,0,0,0,0,0",
    "specialist_deck=6,0,0,0,0",
)


def _q() -> Any:
    from ..smt import queries

    return queries


def _bar(steps: int) -> Any:
    return lambda enc, m: _q().first_player_bar(enc, steps, m)


def _keeps(steps: int) -> Any:
    return lambda enc, m: _q().first_keeps_token(enc, steps, m)


def _most(rnd: int, steps: int) -> Any:
    return lambda enc, m: _q().most_points_in_round(enc, rnd, steps, m)


def _neglect(steps: int) -> Any:
    return lambda enc, m: _q().neglect_death_in_round_1(enc, steps, m)


def _empty(steps: int) -> Any:
    return lambda enc, m: _q().ends_empty(enc, steps, m)


BAR = "Przyjmowanie pacjentów: 'Pierwszy gracz, nie może wybrać ambulansu numer 1.'"
TABLE = "Wypisani pacjenci: the table (1; 2-6: 2; 7-8: 3; ...), +5 for an empty hospital"
NEGLECT = (
    "Zaniedbani pacjenci: 'obniża wartość zdrowia o 1'; 'Jeśli jakiś pacjent ma już "
    "zdrowie na poziomie 1, zamiast tego jego kostka jest przenoszona do kostnicy'"
)
SUPERBUG = "Odporny superrobak: 'traci 2 oczka życia zamiast 1' (DH-SUPERBUG-2=dies)"
EMPTY = "Wypisani pacjenci: 'Dodatkowe 5 punktów jeśli szpital pozostał pusty'; Koniec gry"

QUERIES: tuple[SmtQuery, ...] = (
    SmtQuery(
        "smt-dh-first-keeps-token",
        "Can the first player, barred from ambulance 1, still stay first player (checked model, or tiny)?",
        "yes",
        BAR
        + "; 'Gracz, który dobrał ambulans o najniższej wartości ... staje się pierwszym graczem'",
        _keeps(11),
        preset=None,
        rlimit=30_000_000,
        in_check=True,
    ),
    SmtQuery(
        "smt-dh-first-player-bar",
        "Can the first player take ambulance 1 in round 1 (tiny)?",
        "no",
        BAR,
        _bar(10),
        "tiny",
        rlimit=40_000_000,
    ),
    SmtQuery(
        "smt-dh-most-points-tiny",
        "Most points a hospital holds during tiny's one round?",
        "6 points",
        TABLE + " (the explorer's exact maximum on tiny: 1 + 5)",
        _most(1, 22),
        "tiny",
        rlimit=3_000_000_000,
        thorough_only=True,  # about 3 minutes of one busy core
    ),
    SmtQuery(
        "smt-dh-ends-empty",
        "Can a hospital be empty when the game ends (tiny)?",
        "yes",
        EMPTY,
        _empty(18),
        "tiny",
        rlimit=700_000_000,
    ),
    SmtQuery(
        "smt-dh-neglect-death-round-1",
        "Can a patient die of neglect in round 1 (tiny with three beds)?",
        "no",
        NEGLECT + ": admitted patients have health 2..5, so the first death is in round 2",
        _neglect(23),
        "tiny",
        overrides=TINY_THREE_BEDS,
        rlimit=1_800_000_000,
        thorough_only=True,  # about 3 minutes of one busy core
    ),
    SmtQuery(
        "smt-dh-neglect-death-round-1-superbug",
        "Can a patient die of neglect in round 1 under the resistant superbug?",
        "yes",
        NEGLECT + "; " + SUPERBUG,
        _neglect(23),
        "tiny",
        overrides=(*TINY_THREE_BEDS, "variant_superbug=true"),
        rlimit=300_000_000,
    ),
    SmtQuery(
        "smt-dh-most-points-round-1",
        "Most points a hospital holds in round 1 of the real hospital (one colour)?",
        "",
        TABLE,
        _most(1, 30),
        "full",
        overrides=ONE_COLOUR,
        rlimit=600_000_000,
    ),
)


def smt_properties() -> list[SmtClaim]:
    return query_properties(GAME, QUERIES)


def support() -> SmtSupport:
    """The Dice Hospital Z3 encoding as the engines see it (``GameSpec.smt`` loads it)."""
    from ..smt import ENCODED
    from ..smt.encoding import DHEncoding
    from ..smt.goals import symbolic_goal

    return SmtSupport(encoding=DHEncoding, goal=symbolic_goal, queries=QUERIES, encoded=ENCODED)
