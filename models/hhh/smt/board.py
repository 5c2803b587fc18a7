"""Shared HHH rule pieces in symbolic form: ending the game, money, Patient Death.

Each function mirrors the function of the same name in ``models/hhh/rules/board.py``; updates
are guarded by ``cond`` and by the game still being live (``reason == 0``), which is how
the executable model's ``then`` lets finished states pass through unchanged.
"""

from __future__ import annotations

from typing import Any

import z3

from hhh_verify.smt.terms import St, Term, zsum

from ..rules.state import ARRESTED, BANKRUPT, ER, MORGUE, OVER
from .layout import Layout


def live(st: St, cond: Any = True) -> Any:
    return z3.And(cond, st["reason"] == 0)


def clear_heal(L: Layout, st: St, cond: Any) -> None:
    for name in ("h_on", "h_player", "h_place", "h_colour", "h_level", "h_bonus", "h_rebag"):
        st.set(name, 0, cond)
    for i in range(L.C + 1):
        st.set(f"h_drawn{i}", 0, cond)


def end(L: Layout, st: St, reason: int, cond: Any) -> None:
    """Victory and Defeat: the game is over (heal in progress dropped)."""
    st.set("phase", OVER, cond)
    st.set("reason", reason, cond)
    st.set("mask", 0, cond)
    clear_heal(L, st, cond)


def pay(L: Layout, st: St, amount: Term, cond: Any) -> None:
    """ "If you ever have less than $0, all players immediately lose"."""
    c = live(st, cond)
    st.add("money", -amount, c)
    end(L, st, BANKRUPT, z3.And(c, st["money"] < 0))


def gain(ctx: Any, st: St, amount: Term, cond: Any) -> None:
    c = live(st, cond)
    new = st["money"] + amount
    if ctx.money_cap is not None:
        new = z3.If(new > ctx.money_cap, ctx.money_cap, new)
    st.set("money", new, c)


def body_capacity(ctx: Any, st: St) -> Term:
    """Cemetery of ``tombstones`` (+ the Morgue's ``morgue_capacity``, one more Improved,
    when installed; no Coroner in the fragment)."""
    m = st[f"room{MORGUE}"]
    basic = ctx.config.morgue_capacity
    return ctx.config.tombstones + z3.If(m == 1, basic, z3.If(m == 2, basic + 1, 0))


def bit(mask: Term, i: int, width: int) -> Any:
    """Whether item ``i`` is in the bit mask ``mask`` of ``width`` items (written out as
    the masks that contain it: linear, no division)."""
    return z3.Or(*[mask == m for m in range(1 << width) if m >> i & 1])


def er_capacity(st: St) -> Term:
    r = st[f"room{ER}"]
    return z3.If(r == 1, 1, z3.If(r == 2, 3, 0))


def die(ctx: Any, L: Layout, st: St, colour: Term, marker: bool, cost: Term, cond: Any) -> None:
    """Hide the body, pay the settlement; arrested when no place is left (board.die)."""
    c = live(st, cond)
    C = L.C
    W = C
    st.add("deaths", 1, c)
    arrested = zsum(st.vec("cem", C + 2)) >= body_capacity(ctx, st)
    if not marker and ctx.white_out_arrest:
        arrested = z3.Or(arrested, st[f"sup{W}"] == 0)
    arrested = z3.And(c, arrested)
    fee = cost  # no Lawyer in the fragment
    end(L, st, ARRESTED, arrested)  # Hide The Bodies: A) before B): arrested, nothing paid
    ok = z3.And(c, z3.Not(arrested))
    if marker:
        st.add_at("cem", C + 2, colour, 1, ok)
    else:
        has_white = st[f"sup{W}"] > 0
        st.add(f"sup{W}", -1, z3.And(ok, has_white))
        st.add(f"cem{W}", 1, z3.And(ok, has_white))
        st.add(f"cem{W + 1}", 1, z3.And(ok, z3.Not(has_white)))
    pay(L, st, fee, ok)
