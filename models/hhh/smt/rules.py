"""The HHH rules as symbolic transitions: one function per model step.

Each ``rule_*`` takes the pre-state ``St``, the step's :class:`Builder` (fresh action
parameters and chance variables) and returns ``(guard, post-state)``: the guard says
when the model offers that step (phase, legality), the post-state is the model's
successor as a function of those variables. The functions follow ``models/hhh`` module
by module (setup, heal, player_actions.transfer, patient_phase, rooms); the docstrings
name the model function mirrored. Staff, Training, Research, the Blood Bank and the
Administrator's redraw are outside the encoded fragment (see ``encoding.NOTES``).
"""

from __future__ import annotations

from typing import Any

import z3

from hhh_verify.smt.terms import Builder, St, Term, sel, zmax, zmin, zsum

from ..rules import readings as R
from ..rules.state import (
    ACTIONS,
    BLOOD_BANK,
    COMPLETED,
    PP_ARRIVE,
    PP_ARRIVE_ORDER,
    PP_END,
    PP_STAFF,
    PP_VISIT,
    PP_VISIT_ORDER,
    SETUP_MARKERS,
    SETUP_ROOM,
    SETUP_TRAINING,
    SETUP_WAITING,
)
from . import draws
from .board import bit, die, end, live
from .layout import WARD_LEVELS, Layout

Rule = tuple[Any, St]


# Shared pieces ---------------------------------------------------------------------------


def ward_count(L: Layout, st: St, c: int) -> Term:
    return zsum([st[f"ward{c}_{lv}"] for lv in WARD_LEVELS])


def staff_to_reveal(ctx: Any, st: St) -> Term:
    """patient_phase.staff_to_reveal: 2 a round while Staff spaces last, in the rounds
    that have Staff spaces below them."""
    hidden = sum(ctx.staff_pool) - st["staff_rev"]
    n = zmax(0, zmin(zmin(ctx.reveal, ctx.staff_spaces - st["staff_rev"]), hidden))
    if ctx.staff_spaces <= 0 or ctx.reveal <= 0 or ctx.staff_last_round >= ctx.last_round:
        return n  # the round limit cannot bind: the formula stays as small as it was
    return z3.If(st["round"] > ctx.staff_last_round, 0, n)


def to_play(ctx: Any, st: St, cond: Any) -> None:
    """setup.to_play: start round 1 (a first Staff reveal under HHH-STAFF-ROUND1)."""
    c = live(st, cond)
    if ctx.staff_round1 == R.STAFF_ROUND1.REVEAL_AT_SETUP:
        reveal = staff_to_reveal(ctx, st) > 0
        st.set("phase", z3.If(reveal, PP_STAFF, ACTIONS), c)
    else:
        st.set("phase", ACTIONS, c)
    st.set("cursor", 0, c)


def room_cap_reached(ctx: Any, st: St) -> Any:
    limit = ctx.config.room_limit
    if ctx.room_cap == R.ROOM_CAP.SIX_TOTAL:
        return st["rooms_placed"] >= limit
    if ctx.room_cap == R.ROOM_CAP.SIX_INSTALLED:
        start = 2 if ctx.config.variant_two_rooms else 1
        return st["rooms_placed"] - start >= limit
    return z3.BoolVal(False)


def installable_any(ctx: Any, st: St) -> Any:
    free = [st[f"room{k}"] == 0 for k in ctx.deck]
    return z3.And(z3.Not(room_cap_reached(ctx, st)), z3.Or(*free) if free else False)


def restock(ctx: Any, L: Layout, st: St, cond: Any) -> None:
    """Step 3: discarded cubes back into the bag; then step 4 (patient_phase.restock)."""
    c = live(st, cond)
    for i in range(L.C + 1):
        st.set(f"bag{i}", st[f"bag{i}"] + st[f"disc{i}"], c)
        st.set(f"disc{i}", 0, c)
    to_arrive(L, st, z3.IntVal(0), c)


def to_next(st: St, done: Term, candidates: list[Any], chance: int, choose: int, cond: Any) -> Any:
    """patient_phase.to_arrive / to_visit: one candidate left -> its chance step (cursor
    ``place(done, item)``); two or more -> the players' choice (cursor ``done``). Returns
    the condition "no candidate left"."""
    n = zsum([z3.If(x, 1, 0) for x in candidates])
    item: Term = z3.IntVal(0)
    for i, x in reversed(list(enumerate(candidates))):
        item = z3.If(x, i, item)
    one = z3.And(cond, n == 1)
    st.set("phase", chance, one)
    st.set("cursor", done * 8 + item, one)
    many = z3.And(cond, n >= 2)
    st.set("phase", choose, many)
    st.set("cursor", done, many)
    st.set("mask", done, z3.Or(one, many))
    return z3.And(cond, n == 0)


def to_arrive(L: Layout, st: St, done: Term, cond: Any) -> Any:
    """patient_phase.to_arrive: the next Waiting Room (the players choose while two are
    left). Returns the condition under which every room is done."""
    rooms = [z3.Not(bit(done, w, L.W)) for w in range(L.W)]
    return to_next(st, done, rooms, PP_ARRIVE, PP_ARRIVE_ORDER, live(st, cond))


def to_visit(ctx: Any, L: Layout, st: St, done: Term, cond: Any) -> None:
    """patient_phase.to_visit: the next Ward with patients ("In any order": the players
    choose while two or more are left), else the end of the Patient Phase."""
    c = live(st, cond)
    wards = [z3.And(z3.Not(bit(done, k, L.C)), ward_count(L, st, k) > 0) for k in range(L.C)]
    to_end(ctx, L, st, to_next(st, done, wards, PP_VISIT, PP_VISIT_ORDER, c))


def end_reaction(ctx: Any, st: St) -> Any:
    """patient_phase.end_reaction_available (HHH-END-REACTION, -LAST-ROUND)."""
    if ctx.admin and ctx.config.administrator == "cooke" and ctx.end_reaction:
        ok = z3.And(st["admin_up"] == 1, st["admin_tokens"] > 0)
        if not ctx.end_reaction_last_round:
            ok = z3.And(ok, st["round"] < ctx.last_round)
        return ok
    return z3.BoolVal(False)


def to_end(ctx: Any, L: Layout, st: St, cond: Any) -> None:
    c = live(st, cond)
    st.set("mask", 0, c)
    r = end_reaction(ctx, st)
    st.set("phase", PP_END, z3.And(c, r))
    st.set("cursor", 0, z3.And(c, r))
    housekeeping(ctx, L, st, z3.And(c, z3.Not(r)))


def housekeeping(ctx: Any, L: Layout, st: St, cond: Any) -> None:
    """Step 6: game over after the last round; else next round, tokens back, Staff reveal."""
    c = live(st, cond)
    last = st["round"] >= ctx.last_round
    end(L, st, COMPLETED, z3.And(c, last))
    n = z3.And(c, z3.Not(last))
    st.add("round", 1, n)
    st.set("admin_up", 1 if ctx.admin else 0, n)
    for p in range(L.P):
        st.set(f"med{p}", ctx.config.medical_tokens, n)
    st.set("admin_tokens", ctx.admin_tokens, n)
    reveal = staff_to_reveal(ctx, st) > 0
    st.set("phase", z3.If(reveal, PP_STAFF, ACTIONS), n)
    st.set("cursor", 0, n)


def die_waiting(ctx: Any, L: Layout, st: St, colour: Term, cond: Any) -> None:
    die(ctx, L, st, colour, False, ctx.config.waiting_death_cost, cond)


# Setup -----------------------------------------------------------------------------------


def rule_setup_markers(ctx: Any, L: Layout, st0: St, b: Builder) -> Rule:
    """setup.draw_markers: 5 random markers into their Wards at level 3."""
    st = st0.copy()
    g = st0["phase"] == SETUP_MARKERS
    cfg = ctx.config
    m = b.fresh_vec("mk", L.C)
    sup = st0.vec("sup", L.C)
    b.require(
        g, z3.And(*[z3.And(x >= 0, x <= s) for x, s in zip(m, sup)], zsum(m) == cfg.setup_markers)
    )
    for c in range(L.C):
        placed = zmin(m[c], ctx.beds)
        st.add(f"ward{c}_{cfg.setup_level}", placed)
        st.add(f"sup{c}", -placed)
        if ctx.markers_out_after_setup:  # HHH-FEWER-MARKERS: the variant's marker leaves now
            st.add(f"sup{c}", -z3.If(st[f"sup{c}"] > 0, 1, 0))
    st.set("phase", SETUP_ROOM)
    st.set("cursor", 2 if cfg.variant_two_rooms else 1)
    return g, st


def rule_setup_room(ctx: Any, L: Layout, st0: St, b: Builder, kind: Term) -> Rule:
    """setup.choose_room (Blood Bank excluded: its fill is outside the fragment)."""
    st = st0.copy()
    cfg = ctx.config
    if cfg.starting_room >= 0:
        choice = z3.If(
            st0["rooms_placed"] == 0,
            kind == cfg.starting_room,
            z3.Or(*[z3.And(kind == k, st0[f"room{k}"] == 0) for k in ctx.deck]),
        )
    else:
        choice = z3.Or(*[z3.And(kind == k, st0[f"room{k}"] == 0) for k in ctx.deck])
    g = z3.And(st0["phase"] == SETUP_ROOM, choice, kind != BLOOD_BANK)
    improved = cfg.variant_improved_start
    lv = z3.If(st0["rooms_placed"] == 0, 2, 1) if improved else 1
    for k in ctx.deck:
        st.set(f"room{k}", lv, kind == k)
    st.add("rooms_placed", 1)
    left = st0["cursor"] - 1
    st.set("cursor", z3.If(left > 0, left, 0))
    st.set("phase", z3.If(left > 0, SETUP_ROOM, SETUP_WAITING))
    return g, st


def rule_setup_waiting(ctx: Any, L: Layout, st0: St, b: Builder) -> Rule:
    """setup.draw_waiting: 6 cubes per Waiting Room; black and no-space cubes go back."""
    st = st0.copy()
    C, B = L.C, L.B
    g = st0["phase"] == SETUP_WAITING
    # Blood Bank filled after the Waiting Rooms (HHH-SETUP-ORDER) is outside the fragment
    if ctx.setup_order == R.SETUP_ORDER.AFTER_WAITING:
        g = z3.And(g, st0[f"room{BLOOD_BANK}"] == 0)
    w = st0["cursor"]
    d, bag, disc = draws.plain(
        b, g, st0.vec("bag", C + 1), st0.vec("disc", C + 1), z3.IntVal(ctx.config.setup_cubes)
    )
    cap = ctx.spots if ctx.setup_level5 == R.SETUP_LEVEL5.DIES else min(ctx.spots, 4)
    room = [sel([st0[f"wait{x}_{k}"] for x in range(L.W)], w) for k in range(C)]
    placed = [zmin(d[k], cap - room[k]) for k in range(C)]
    new_room = [room[k] + placed[k] for k in range(C)]
    back = [d[k] - placed[k] for k in range(C)] + [d[B]]
    st.set_vec("bag", [bag[i] + back[i] for i in range(C + 1)])
    st.set_vec("disc", disc)
    for x in range(L.W):
        for k in range(C):
            st.set(f"wait{x}_{k}", new_room[k], w == x)
    for k in range(C):
        dies = z3.And(new_room[k] >= 5, st["reason"] == 0)
        for x in range(L.W):
            st.set(f"wait{x}_{k}", 0, z3.And(dies, w == x))
        st.add(f"disc{k}", new_room[k], dies)
        die_waiting(ctx, L, st, k, dies)
    more = w + 1 < L.W
    st.set("cursor", w + 1, live(st, more))
    after = live(st, z3.Not(more))
    if ctx.config.training_face_up and sum(ctx.training_pool):
        st.set("phase", SETUP_TRAINING, after)
        st.set("cursor", 0, after)
    else:
        to_play(ctx, st, after)
    return g, st


def rule_setup_training(ctx: Any, L: Layout, st0: St, b: Builder) -> Rule:
    """setup.draw_training: reveals untracked Training markers, then round 1 starts."""
    st = st0.copy()
    to_play(ctx, st, True)
    return st0["phase"] == SETUP_TRAINING, st


def rule_reveal_staff(ctx: Any, L: Layout, st0: St, b: Builder) -> Rule:
    """patient_phase.reveal_staff: which Staff is untracked; how many is counted."""
    st = st0.copy()
    st.add("staff_rev", staff_to_reveal(ctx, st0))
    st.set("phase", ACTIONS)
    st.set("cursor", 0)
    return st0["phase"] == PP_STAFF, st
