"""Transfer, the Patient Phase and its reactions in symbolic form (mirrors
``player_actions.transfer`` and ``models/hhh/rules/patient_phase.py``)."""

from __future__ import annotations

from typing import Any

import z3

from hhh_verify.smt.terms import Builder, St, Term, sel, zmin, zsum

from ..rules import readings as R
from ..rules.config import ADMIN_BLACK_PAY
from ..rules.state import (
    ACTIONS,
    BLOOD_BANK,
    CRITICAL,
    PP_ARRIVE,
    PP_ARRIVE_ORDER,
    PP_END,
    PP_INSTALL,
    PP_VISIT,
    PP_VISIT_ORDER,
    STUCK,
    TREATMENT,
    WAITING,
    WARD,
)
from . import draws
from .board import bit, die, end, er_capacity, gain, live
from .layout import WARD_LEVELS, Layout
from .rules import (
    Rule,
    die_waiting,
    housekeeping,
    installable_any,
    restock,
    to_arrive,
    to_visit,
    ward_count,
)


def rule_transfer(ctx: Any, L: Layout, st0: St, b: Builder, a: dict[str, Term]) -> Rule:
    """player_actions.transfers / transfer (no Intake Nurse in the fragment)."""
    st = st0.copy()
    C = L.C
    p, src, room, c, lv, tgt = (
        a[k] for k in ("player", "source", "room", "colour", "level", "target")
    )
    rooms = [st0[f"room{k}"] for k in range(C)]
    has_room = sel(rooms, c) > 0
    trl = sel(st0.vec("trl", C), c)
    bed = sel([ward_count(L, st0, k) for k in range(C)], c) < ctx.beds
    free_room = z3.And(has_room, trl == 0)
    top = z3.If(sel(rooms, c) == 2, 5, 4)
    marker = sel(st0.vec("sup", C), c) > 0
    wlevel = sel([sel([st0[f"wait{x}_{k}"] for k in range(C)], c) for x in range(L.W)], room)
    in_ward = z3.Or(
        *[z3.And(lv == x, sel([st0[f"ward{k}_{x}"] for k in range(C)], c) > 0) for x in WARD_LEVELS]
    )
    if ctx.transfer_wr == R.TRANSFER_WR_DEST.WARDS_ONLY:
        wr_room_ok: Any = z3.BoolVal(False)
    elif ctx.transfer_wr == R.TRANSFER_WR_DEST.ANY_LEVEL_ROOMS:
        wr_room_ok = z3.BoolVal(True)
    else:
        wr_room_ok = z3.And(lv >= 3, lv <= 4)
    from_wr = z3.And(src == WAITING, room >= 0, room < L.W, lv == wlevel, lv > 0, marker)
    legal = z3.Or(
        z3.And(from_wr, tgt == WARD, bed, lv >= 3, lv <= 4),
        z3.And(from_wr, tgt == TREATMENT, free_room, lv <= top, wr_room_ok),
        z3.And(src == WARD, room == 0, tgt == TREATMENT, free_room, in_ward, lv <= top),
        z3.And(
            src == TREATMENT,
            room == 0,
            tgt == WARD,
            trl > 0,
            lv == trl,
            bed,
            z3.Or(lv < 5, z3.BoolVal(ctx.tr5_to_ward)),
        ),
    )
    g = z3.And(
        st0["phase"] == ACTIONS,
        p >= 0,
        p < L.P,
        c >= 0,
        c < C,
        sel(st0.vec("med", L.P), p) > 0,
        legal,
    )
    st.add_at("med", L.P, p, -1)
    for x in range(L.W):
        for k in range(C):
            st.set(f"wait{x}_{k}", 0, z3.And(src == WAITING, room == x, c == k))
    st.add_at("disc", C + 1, c, lv, src == WAITING)
    st.add_at("sup", C + 1, c, -1, src == WAITING)
    for k in range(C):
        for x in WARD_LEVELS:
            st.add(f"ward{k}_{x}", -1, z3.And(src == WARD, c == k, lv == x))
        st.set(f"trl{k}", 0, z3.And(src == TREATMENT, c == k))
        st.set(f"trs{k}", 0, z3.And(src == TREATMENT, c == k))
    for k in range(C):
        st.set(f"trl{k}", lv, z3.And(tgt == TREATMENT, c == k))
        st.set(f"trs{k}", CRITICAL, z3.And(tgt == TREATMENT, c == k))
    to_ward = tgt == WARD
    die(ctx, L, st, c, True, ctx.config.ward_death_cost, z3.And(to_ward, lv >= 5))
    for k in range(C):
        for x in WARD_LEVELS:
            st.add(f"ward{k}_{x}", 1, z3.And(to_ward, c == k, lv == x))
    return g, st


def rule_end_actions(ctx: Any, L: Layout, st0: St, b: Builder) -> Rule:
    """patient_phase.start: critical side dies, treated side turns critical, the
    Emergency Room empties (its patients die); then Install or Restock."""
    st = st0.copy()
    C = L.C
    g = st0["phase"] == ACTIONS
    for k in range(C):
        lv, side = st[f"trl{k}"], st[f"trs{k}"]
        occupied = live(st, lv > 0)
        crit = z3.And(occupied, side == CRITICAL)
        cost = z3.If(st[f"room{k}"] == 2, 15, 12)
        st.set(f"trl{k}", 0, crit)
        st.set(f"trs{k}", 0, crit)
        die(ctx, L, st, k, True, cost, crit)
        st.set(f"trs{k}", CRITICAL, z3.And(occupied, side != CRITICAL))
    for k in range(C):
        for _ in range(3):  # at most 3 patients (Improved Emergency Room)
            here = live(st, st[f"er{k}"] > 0)
            st.add(f"er{k}", -1, here)
            st.add(f"disc{k}", 5, here)
            die(ctx, L, st, k, False, ctx.er_death, here)
    ok = live(st)
    inst = installable_any(ctx, st)
    st.set("phase", PP_INSTALL, z3.And(ok, inst))
    st.set("cursor", 0, z3.And(ok, inst))
    restock(ctx, L, st, z3.And(ok, z3.Not(inst)))
    return g, st


def rule_install(ctx: Any, L: Layout, st0: St, b: Builder, kind: Term) -> Rule:
    """patient_phase.install: a New Room on its Basic side (not the Blood Bank), Restock."""
    st = st0.copy()
    choice = z3.Or(*[z3.And(kind == k, st0[f"room{k}"] == 0) for k in ctx.deck])
    g = z3.And(st0["phase"] == PP_INSTALL, choice, kind != BLOOD_BANK)
    for k in ctx.deck:
        st.set(f"room{k}", 1, kind == k)
    st.add("rooms_placed", 1)
    restock(ctx, L, st, True)
    return g, st


def rule_arrive_order(ctx: Any, L: Layout, st0: St, b: Builder, room: Term) -> Rule:
    """patient_phase.choose_arrival_room: the players choose the Waiting Room that draws next."""
    st = st0.copy()
    done = st0["mask"]
    free = z3.Or(*[z3.And(room == w, z3.Not(bit(done, w, L.W))) for w in range(L.W)])
    g = z3.And(st0["phase"] == PP_ARRIVE_ORDER, free)
    st.set("phase", PP_ARRIVE)
    st.set("cursor", done * 8 + room)
    return g, st


def rule_arrive(ctx: Any, L: Layout, st0: St, b: Builder) -> Rule:
    """patient_phase.arrive: draw 6 (black: +2), fill spots, 5 cubes -> ER or death. Draws
    that form more 5-cube patients than the ER has spaces lead to the players' choice
    (``PP_ER_ADMIT``), which the encoding leaves out: such draws are excluded."""
    st = st0.copy()
    C, B = L.C, L.B
    done = st0["mask"]
    w = st0["cursor"] - 8 * done
    g = st0["phase"] == PP_ARRIVE
    n = ctx.config.arrival_cubes
    d, bag, disc, owed = draws.chain(
        b, g, st0.vec("bag", C + 1), st0.vec("disc", C + 1), z3.IntVal(n)
    )
    room0 = [sel([st0[f"wait{x}_{k}"] for x in range(L.W)], w) for k in range(C)]
    placed = [zmin(d[k], ctx.spots - room0[k]) for k in range(C)]
    full_room = [room0[k] + placed[k] for k in range(C)]
    over = [z3.If(full_room[k] > 5, full_room[k] - 5, 0) for k in range(C)]
    room = [zmin(full_room[k], 5) for k in range(C)]
    st.set_vec("bag", bag)
    st.set_vec("disc", [disc[k] + d[k] - placed[k] + over[k] for k in range(C)] + [disc[B]])
    for x in range(L.W):
        for k in range(C):
            st.set(f"wait{x}_{k}", room[k], w == x)
    if ctx.exhausted_stuck:  # HHH-DRAW-EXHAUSTED: a short draw places nothing and ends
        short = owed > 0  # a dry chain, even with n colour cubes in hand
        st.set_vec("disc", [disc[k] + d[k] for k in range(C)] + [disc[B]], short)
        for x in range(L.W):
            for k in range(C):
                st.set(f"wait{x}_{k}", room0[k], z3.And(short, w == x))
        end(L, st, STUCK, short)
    fives = [room[k] >= 5 for k in range(C)]
    space = er_capacity(st0) - zsum(st0.vec("er", C))
    n5 = zsum([z3.If(f, 1, 0) for f in fives])
    if 5 in ctx.deck and ctx.spots >= 5 and C >= 2:  # contention is possible at all
        contention = z3.And(space > 0, space < n5, st["reason"] == 0)
        g = z3.And(g, z3.Not(contention))
    for k in range(C):
        full = live(st, fives[k])
        for x in range(L.W):
            st.set(f"wait{x}_{k}", 0, z3.And(full, w == x))
        free = zsum(st.vec("er", C)) < er_capacity(st)
        st.add(f"er{k}", 1, z3.And(full, free))
        dies = z3.And(full, z3.Not(free))
        st.add(f"disc{k}", 5, dies)
        die_waiting(ctx, L, st, k, dies)
    done2 = done + zsum([z3.If(w == x, 1 << x, 0) for x in range(L.W)])
    to_visit(ctx, L, st, z3.IntVal(0), to_arrive(L, st, done2, True))
    return g, st


def rule_visit_order(ctx: Any, L: Layout, st0: St, b: Builder, colour: Term) -> Rule:
    """patient_phase.choose_ward: "In any order, activate each Ward" -- the players choose."""
    st = st0.copy()
    done = st0["mask"]
    free = z3.Or(
        *[
            z3.And(colour == k, z3.Not(bit(done, k, L.C)), ward_count(L, st0, k) > 0)
            for k in range(L.C)
        ]
    )
    g = z3.And(st0["phase"] == PP_VISIT_ORDER, free)
    st.set("phase", PP_VISIT)
    st.set("cursor", done * 8 + colour)
    return g, st


def rule_visit(ctx: Any, L: Layout, st0: St, b: Builder) -> Rule:
    """patient_phase.visit: each patient of the Ward, lowest level first, draws a chain of
    1 cube (black: +2); each match is +1 level; level 5 dies (no Ward Ability effects)."""
    st = st0.copy()
    C = L.C
    g = st0["phase"] == PP_VISIT
    done = st0["mask"]
    c = st0["cursor"] - 8 * done
    counts = [sel([st0[f"ward{k}_{x}"] for k in range(C)], c) for x in WARD_LEVELS]
    total = zsum(counts)
    no_ab = ctx.config.variant_no_abilities
    finals: list[tuple[Any, Term]] = []  # (still in the Ward, final level) per slot
    dead_so_far: Term = z3.IntVal(0)
    for j in range(ctx.beds):
        present = j < total
        level = _kth_level(counts, j)
        active = live(st, z3.And(g, present))
        if not no_ab:
            need: Term = z3.IntVal(1)
        elif ctx.beds_per_patient:
            need = ctx.beds - (total - dead_so_far)
        else:
            need = ctx.beds - total
        dd, bag, disc, owed = draws.chain(
            b, active, st.vec("bag", C + 1), st.vec("disc", C + 1), need
        )
        short = z3.And(active, owed > 0) if ctx.exhausted_stuck else False
        go = z3.And(active, z3.Not(short))
        matches = sel(dd[:C], c)
        up = z3.If(matches > 0, 0, 1) if no_ab else matches
        if ctx.visit_rebag:
            st.set_vec("bag", [bag[i] + dd[i] for i in range(C + 1)], go)
            st.set_vec("disc", disc, go)
        else:
            st.set_vec("bag", bag, active)
            st.set_vec("disc", [disc[i] + dd[i] for i in range(C + 1)], active)
        if ctx.exhausted_stuck:
            st.set_vec("bag", bag, short)
            st.set_vec("disc", [disc[i] + dd[i] for i in range(C + 1)], short)
            end(L, st, STUCK, short)
        new = level + up
        dead = z3.And(go, new >= 5)
        die(ctx, L, st, c, True, ctx.config.ward_death_cost, dead)
        dead_so_far = dead_so_far + z3.If(dead, 1, 0)
        finals.append((z3.And(present, z3.Not(dead)), z3.If(go, new, level)))
    for k in range(C):
        for x in WARD_LEVELS:
            cnt = zsum([z3.If(z3.And(alive, lvl == x), 1, 0) for alive, lvl in finals])
            st.set(f"ward{k}_{x}", cnt, c == k)
    done2 = done + zsum([z3.If(c == k, 1 << k, 0) for k in range(C)])
    to_visit(ctx, L, st, done2, True)
    return g, st


def _kth_level(counts: list[Term], j: int) -> Term:
    """The level of the ``j``-th patient (0-based) in ascending order, from counts."""
    out: Term = z3.IntVal(WARD_LEVELS[-1])
    cum: list[Term] = []
    acc: Term = z3.IntVal(0)
    for cnt in counts:
        acc = acc + cnt
        cum.append(acc)
    for x, cu in reversed(list(zip(WARD_LEVELS, cum))):
        out = z3.If(j < cu, x, out)
    return out


def rule_pass(ctx: Any, L: Layout, st0: St, b: Builder) -> Rule:
    """Decline the end-of-Patient-Phase reaction: Housekeeping."""
    st = st0.copy()
    housekeeping(ctx, L, st, True)
    return st0["phase"] == PP_END, st


def rule_return_blacks(ctx: Any, L: Layout, st0: St, b: Builder) -> Rule:
    """patient_phase.return_blacks: discarded black cubes to the bag, $2 each."""
    st = st0.copy()
    B = L.B
    n = st0[f"disc{B}"]
    st.set(f"disc{B}", 0)
    st.add(f"bag{B}", n)
    st.add("admin_tokens", -1)
    st.set("admin_up", 0)
    gain(ctx, st, ADMIN_BLACK_PAY * n, True)
    housekeeping(ctx, L, st, True)
    return st0["phase"] == PP_END, st
