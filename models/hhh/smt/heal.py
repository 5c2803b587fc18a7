"""Heal a Patient in symbolic form (mirrors ``models/hhh/rules/heal.py``): start, bonus, settle.

The action parameters (player, place, colour, level) are symbolic, so one rule covers
every Heal; the Blood Bank cube, the Janitor and the Administrator's redraw are outside
the encoded fragment.
"""

from __future__ import annotations

from typing import Any

import z3

from hhh_verify.smt.terms import Builder, St, Term, sel, zmin, zsum

from ..rules import readings as R
from ..rules.config import GRAY
from ..rules.state import (
    ACTIONS,
    EMERGENCY,
    HEAL_DRAWN,
    STUCK,
    TREATED,
    TREATMENT,
    WARD,
)
from . import draws
from .board import die, end, gain, live
from .layout import WARD_LEVELS, Layout
from .rules import Rule, die_waiting


def _room_improved(st: St, colour: Term, C: int) -> Any:
    return sel([st[f"room{k}"] for k in range(C)], colour) == 2


def draw_count(ctx: Any, st: St, place: Term, colour: Term, C: int) -> Term:
    """heal.draw_count: cubes drawn in the Ward / Treatment Room / Emergency Room."""
    imp = _room_improved(st, colour, C)
    return z3.If(
        place == WARD,
        ctx.config.ward_draw,
        z3.If(place == TREATMENT, z3.If(imp, 10, 8), ctx.er_draw),
    )


def pay_for(ctx: Any, st: St, place: Term, colour: Term, C: int, levels: Term) -> Term:
    """``levels`` times the $ per level of the place (a case split keeps it linear)."""
    imp = _room_improved(st, colour, C)
    return z3.If(
        place == WARD,
        levels * ctx.config.ward_pay,
        z3.If(place == TREATMENT, z3.If(imp, levels * 4, levels * 3), levels * ctx.er_pay),
    )


def _bonus_and_rebag(ctx: Any, player: Term, place: Term, colour: Term) -> tuple[Term, Term]:
    """heal.bonuses_and_rebag with no Training markers (none are taken in the fragment)."""
    bonus: Term = z3.IntVal(0)
    rebag: Term = z3.IntVal(0)
    for p, doctor in enumerate(ctx.config.doctors):
        if doctor == "nowitz":
            bonus = z3.If(z3.And(player == p, colour == GRAY), 1, bonus)
            rebag = z3.If(player == p, z3.If(place != WARD, 2, 0), rebag)
        elif doctor == "ura":
            rebag = z3.If(player == p, z3.If(colour == GRAY, 2, 0), rebag)
    return bonus, rebag


def rule_heal(ctx: Any, L: Layout, st0: St, b: Builder, a: dict[str, Term]) -> Rule:
    """heal.start: flip a Medical token, choose a patient (not in a Waiting Room), draw."""
    st = st0.copy()
    C = L.C
    p, place, c, lv = a["player"], a["place"], a["colour"], a["level"]
    has_token = sel(st0.vec("med", L.P), p) > 0
    in_ward = z3.Or(
        *[z3.And(lv == x, sel([st0[f"ward{k}_{x}"] for k in range(C)], c) > 0) for x in WARD_LEVELS]
    )
    trl = sel(st0.vec("trl", C), c)
    target = z3.Or(
        z3.And(place == WARD, in_ward),
        z3.And(place == TREATMENT, trl > 0, lv == trl),
        z3.And(place == EMERGENCY, sel(st0.vec("er", C), c) > 0, lv == 5),
    )
    g = z3.And(st0["phase"] == ACTIONS, p >= 0, p < L.P, c >= 0, c < C, has_token, target)
    st.add_at("med", L.P, p, -1)
    for k in range(C):
        st.set(f"trs{k}", TREATED, z3.And(place == TREATMENT, c == k))
    n = draw_count(ctx, st0, place, c, C)
    d, bag, disc = draws.plain(b, g, st0.vec("bag", C + 1), st0.vec("disc", C + 1), n)
    bonus, rebag = _bonus_and_rebag(ctx, p, place, c)
    st.set_vec("bag", bag)
    st.set_vec("disc", disc)
    st.set("phase", HEAL_DRAWN)
    for name, v in (
        ("h_on", 1),
        ("h_player", p),
        ("h_place", place),
        ("h_colour", c),
        ("h_level", lv),
        ("h_bonus", bonus),
        ("h_rebag", rebag),
    ):
        st.set(name, v)
    st.set_vec("h_drawn", d)
    if ctx.exhausted_stuck:
        short = zsum(d) < n
        for i in range(C + 1):
            st.set(f"disc{i}", disc[i] + d[i], short)
        end(L, st, STUCK, short)
    return g, st


def rule_bonus(ctx: Any, L: Layout, st0: St, b: Builder) -> Rule:
    """heal.bonus: Nowitz' +2 cubes for a Psychiatric patient (the only bonus here)."""
    st = st0.copy()
    C = L.C
    g = z3.And(st0["phase"] == HEAL_DRAWN, st0["h_bonus"] > 0)
    d, bag, disc = draws.plain(b, g, st0.vec("bag", C + 1), st0.vec("disc", C + 1), z3.IntVal(2))
    st.set_vec("bag", bag)
    st.set_vec("disc", disc)
    st.set_vec("h_drawn", [st0[f"h_drawn{i}"] + d[i] for i in range(C + 1)])
    st.set("h_bonus", 0)
    if ctx.exhausted_stuck:  # heal._short: a stuck game discards the cubes in hand
        short = zsum(d) < 2
        for i in range(C + 1):
            st.set(f"disc{i}", disc[i] + st0[f"h_drawn{i}"] + d[i], short)
        end(L, st, STUCK, short)
    return g, st


def rule_settle(ctx: Any, L: Layout, st0: St, b: Builder, r: list[Term]) -> Rule:
    """heal.settle: re-bag up to the allowance, level change, cure/death, pay per level."""
    st = st0.copy()
    C, B = L.C, L.B
    drawn = st0.vec("h_drawn", C + 1)
    allowance: Term = st0["h_rebag"]
    if ctx.rebag_needs_reduction:  # HHH-REBAG-AFTER-HEAL (no Training in the fragment)
        allowance = z3.If(sel(drawn, st0["h_colour"]) - drawn[L.B] > 0, allowance, 0)
    g = z3.And(
        st0["phase"] == HEAL_DRAWN,
        *[z3.And(r[i] >= 0, r[i] <= drawn[i]) for i in range(C + 1)],
        zsum(r) <= allowance,
    )
    place, c, lv = st0["h_place"], st0["h_colour"], st0["h_level"]
    for i in range(C + 1):
        st.add(f"bag{i}", r[i])
        st.add(f"disc{i}", drawn[i] - r[i])
    for name in ("h_on", "h_player", "h_place", "h_colour", "h_level", "h_bonus", "h_rebag"):
        st.set(name, 0)
    st.set_vec("h_drawn", [0] * (C + 1))
    st.set("phase", ACTIONS)
    red = sel(drawn, c) - drawn[B]
    new = lv - red
    earned: Term = z3.IntVal(0)
    # Ward ---------------------------------------------------------------------------
    w = place == WARD
    for k in range(C):
        for x in WARD_LEVELS:
            st.add(f"ward{k}_{x}", -1, z3.And(w, c == k, lv == x))
    cured = z3.And(w, new <= 0)
    st.add_at("sup", C + 1, c, 1, cured)
    dead = z3.And(w, new >= 5)
    die(ctx, L, st, c, True, ctx.config.ward_death_cost, dead)
    stays = z3.And(w, new > 0, new < 5)
    for k in range(C):
        for x in WARD_LEVELS:
            st.add(f"ward{k}_{x}", 1, z3.And(stays, c == k, new == x))
    earned = z3.If(cured, lv, z3.If(stays, z3.If(red > 0, red, 0), earned))
    # Treatment Room -----------------------------------------------------------------
    t = place == TREATMENT
    top = z3.If(_room_improved(st0, c, C), 5, 4)
    cost = z3.If(_room_improved(st0, c, C), 15, 12)
    t_cured = z3.And(t, new <= 0)
    for k in range(C):
        st.set(f"trl{k}", 0, z3.And(t_cured, c == k))
        st.set(f"trs{k}", 0, z3.And(t_cured, c == k))
    st.add_at("sup", C + 1, c, 1, t_cured)
    over = z3.And(t, new > top)
    if ctx.tr_overflow == R.TR_OVERFLOW.DIES:
        for k in range(C):
            st.set(f"trl{k}", 0, z3.And(over, c == k))
            st.set(f"trs{k}", 0, z3.And(over, c == k))
        die(ctx, L, st, c, True, cost, over)
        t_stays = z3.And(t, new > 0, new <= top)
        t_new = new
    else:
        t_stays = z3.And(t, new > 0)
        t_new = zmin(new, top)
    for k in range(C):
        st.set(f"trl{k}", t_new, z3.And(t_stays, c == k))
        st.set(f"trs{k}", TREATED, z3.And(t_stays, c == k))
    earned = z3.If(t_cured, lv, z3.If(t_stays, z3.If(red > 0, red, 0), earned))
    gain(ctx, st, pay_for(ctx, st0, place, c, C, earned), z3.Or(w, t))
    # Emergency Room -----------------------------------------------------------------
    e = z3.And(place == EMERGENCY, red > 0)
    rr = zmin(red, 5)
    st.add_at("er", C, c, -1, e)
    st.add_at("disc", C + 1, c, rr, e)
    return_to_waiting(ctx, L, st, c, 5 - rr, e)
    gain(ctx, st, pay_for(ctx, st0, place, c, C, rr), e)
    return g, st


def return_to_waiting(ctx: Any, L: Layout, st: St, c: Term, cubes: Term, cond: Any) -> None:
    """heal.return_to_waiting: to the Waiting Room with the fewest cubes of that colour,
    or always Waiting Room 1 (HHH-ER-RETURN first-room)."""
    C = L.C
    cond = z3.And(live(st, cond), cubes > 0)
    col = [sel([st[f"wait{x}_{k}"] for k in range(C)], c) for x in range(L.W)]
    w: Term = z3.IntVal(0)
    best = col[0]
    if ctx.er_return != R.ER_RETURN.FIRST_ROOM:
        # argmin with ties to the lower index
        for x in range(1, L.W):
            w = z3.If(col[x] < best, x, w)
            best = z3.If(col[x] < best, col[x], best)
    merged = best + cubes
    keep = zmin(merged, ctx.spots)
    excess = merged - keep
    for x in range(L.W):
        for k in range(C):
            st.set(f"wait{x}_{k}", keep, z3.And(cond, w == x, c == k))
    st.add_at("disc", C + 1, c, excess, cond)
    dies = z3.And(cond, keep >= 5)
    for x in range(L.W):
        for k in range(C):
            st.set(f"wait{x}_{k}", 0, z3.And(dies, w == x, c == k))
    st.add_at("disc", C + 1, c, keep, dies)
    die_waiting(ctx, L, st, c, dies)
