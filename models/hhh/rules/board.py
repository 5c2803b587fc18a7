"""Board facts and the rules every phase shares: capacities, money, and Patient Death.

All functions are pure: they take a state and return a new one (``dataclasses.replace``).
A state whose ``reason`` is set is over; callers stop processing it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

from hhh_verify.contract.records import replace

from .config import CORONER, LAWYER
from .context import Ctx
from .state import (
    ARRESTED,
    BANKRUPT,
    BLOOD_BANK,
    ER,
    MORGUE,
    OVER,
    STUCK,
    HHHState,
)

ZERO = Fraction(0)
ONE = Fraction(1)


def put(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    """``t`` with item ``i`` replaced by ``v``."""
    return t[:i] + (v,) + t[i + 1 :]


def bump(t: tuple[int, ...], i: int, d: int) -> tuple[int, ...]:
    """``t`` with item ``i`` increased by ``d``."""
    return t[:i] + (t[i] + d,) + t[i + 1 :]


def add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


def sub(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x - y for x, y in zip(a, b))


def insort(levels: tuple[int, ...], level: int) -> tuple[int, ...]:
    """A Ward's sorted levels with one more patient."""
    return tuple(sorted(levels + (level,)))


def remove_one(levels: tuple[int, ...], level: int) -> tuple[int, ...]:
    i = levels.index(level)
    return levels[:i] + levels[i + 1 :]


# Capacities ---------------------------------------------------------------------------


def body_capacity(ctx: Ctx, s: HHHState) -> int:
    """Places for bodies: "The Cemetery can hold up to 5 Patient markers", +1 Coroner
    space once hired (Staff Index), + the Morgue if installed (HHH-MORGUE): the stand-in
    ``morgue_capacity`` bodies, one more on its Improved side."""
    cap = ctx.config.tombstones + (1 if s.staff_hired[CORONER] else 0)
    if s.rooms[MORGUE]:
        cap += ctx.config.morgue_capacity + (1 if s.rooms[MORGUE] == 2 else 0)
    return cap


def er_capacity(s: HHHState) -> int:
    """Emergency Room: 1 patient, 3 when Improved (New Room Clarifications)."""
    return {0: 0, 1: 1, 2: 3}[s.rooms[ER]]


def blood_size(s: HHHState) -> int:
    """Blood Bank holds 3 cubes, 5 when Improved."""
    return {0: 0, 1: 3, 2: 5}[s.rooms[BLOOD_BANK]]


def treatment_max(s: HHHState, colour: int) -> int:
    """Treatment Rooms hold levels 1-4; "When any of these are Improved, they may now hold a
    Patient up to Illness level 5." """
    return 5 if s.rooms[colour] == 2 else 4


#: New Room Clarifications: "When using a Heal action in a Basic Treatment Room, draw 8
#: cubes, and gain $3 for each illness level healed" ... "you will lose $12 or $15".
TREATMENT_BASIC = (8, 3, 12)
TREATMENT_IMPROVED = (10, 4, 15)
#: Staff Index, Lawyer: "Reduce the amount of Money you lose by $2 for each Patient that dies."
LAWYER_DISCOUNT = 2


def treatment_numbers(s: HHHState, colour: int) -> tuple[int, int, int]:
    """(cubes drawn, $ per level, death cost): Basic 8/$3/$12, Improved 10/$4/$15."""
    return TREATMENT_IMPROVED if s.rooms[colour] == 2 else TREATMENT_BASIC


# Money --------------------------------------------------------------------------------


def end(s: HHHState, reason: int) -> HHHState:
    """The game is over (Victory and Defeat)."""
    return replace(s, phase=OVER, reason=reason, heal=None, research=None, picks=(0, 0))


def pay(ctx: Ctx, s: HHHState, amount: int) -> HHHState:
    """Lose money; "If you ever have less than $0, all players immediately lose"."""
    s = replace(s, money=s.money - amount)
    return end(s, BANKRUPT) if s.money < 0 else s


def gain(ctx: Ctx, s: HHHState, amount: int) -> HHHState:
    """Gain money (the track shows up to $199; HHH-MONEY-CAP)."""
    money = s.money + amount
    if ctx.money_cap is not None:
        money = min(money, ctx.money_cap)
    return replace(s, money=money)


def stuck(s: HHHState) -> HHHState:
    """A draw could not be completed and HHH-DRAW-EXHAUSTED reads that as a dead end."""
    return end(s, STUCK)


def short_draw(ctx: Ctx, s: HHHState, got: int, wanted: int) -> HHHState:
    """HHH-DRAW-EXHAUSTED: a draw that gave ``got`` of the ``wanted`` cubes (bag and
    discard pile ran out) ends the game as 'stuck' under that reading; else play goes on."""
    if got < wanted and ctx.exhausted_stuck and not s.reason:
        return stuck(s)
    return s


def dry_chain(ctx: Ctx, s: HHHState, owed: int) -> HHHState:
    """HHH-DRAW-EXHAUSTED for a chain draw (arrivals, Visit, Research) that ran dry still
    owing ``owed`` cubes: each black cube drawn owes one more, so its colour cubes may
    reach the base count although it is short."""
    return short_draw(ctx, s, 0, owed)


# Patient Death ------------------------------------------------------------------------


def settlement(s: HHHState, cost: int) -> int:
    """ "Lose Money equal to the cost showing where the Patient died"; Lawyer: -$2 each."""
    return max(0, cost - LAWYER_DISCOUNT * s.staff_hired[LAWYER])


def die(ctx: Ctx, s: HHHState, colour: int, marker: bool, cost: int) -> HHHState:
    """Hide the body (A) and pay the settlement (B) (Hide The Bodies: "When a Patient
    dies, you must: A) Put the body somewhere and B) Lose money").

    A marker patient's own marker goes on a tombstone; a cube patient takes a white
    marker (HHH-WHITE-OUT when none is left). "If there is no empty space to place a dead
    Patient, you immediately lose the game": arrested at step A, before any payment
    (HHH-ARREST-SETTLEMENT=paid: the settlement is paid too, the game lost all the same).
    """
    s = replace(s, deaths=s.deaths + 1)
    bodies = sum(s.cemetery)
    arrested = bodies >= body_capacity(ctx, s)
    W = ctx.C  # white index in supply/cemetery
    if not marker and s.supply[W] == 0 and ctx.white_out_arrest:
        arrested = True
    if arrested:
        if ctx.arrest_pays:
            s = replace(s, money=s.money - settlement(s, cost))
        return end(s, ARRESTED)
    if marker:
        s = replace(s, cemetery=bump(s.cemetery, colour, 1))
    elif s.supply[W] > 0:
        s = replace(s, supply=bump(s.supply, W, -1), cemetery=bump(s.cemetery, W, 1))
    else:  # HHH-WHITE-OUT tombstone-only: a body on a tombstone without a marker
        s = replace(s, cemetery=bump(s.cemetery, W + 1, 1))
    return pay(ctx, s, settlement(s, cost))


# Distributions ------------------------------------------------------------------------


def then(
    pairs: Iterable[tuple[HHHState, Fraction]],
    f: Callable[[HHHState], Iterable[tuple[HHHState, Fraction]]],
) -> list[tuple[HHHState, Fraction]]:
    """Compose: apply ``f`` (state -> distribution) to every live successor of ``pairs``.

    Finished states pass through unchanged; equal successors are merged.
    """
    acc: dict[HHHState, Fraction] = {}
    for st, p in pairs:
        if st.reason:
            acc[st] = acc.get(st, ZERO) + p
            continue
        for st2, p2 in f(st):
            acc[st2] = acc.get(st2, ZERO) + p * p2
    return list(acc.items())


def one(s: HHHState) -> list[tuple[HHHState, Fraction]]:
    return [(s, ONE)]
