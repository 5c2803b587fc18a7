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

from ..state import (
    ACTIONS,
    BLOOD_BANK,
    COMPLETED,
    PP_ARRIVE,
    PP_END,
    PP_STAFF,
    PP_VISIT,
    SETUP_MARKERS,
    SETUP_ROOM,
    SETUP_TRAINING,
    SETUP_WAITING,
)
from . import draws as dr
from .board import die, end, live
from .layout import WARD_LEVELS, Layout

Rule = tuple[Any, St]


# Shared pieces ---------------------------------------------------------------------------


def ward_count(L: Layout, st: St, c: int) -> Term:
    return zsum([st[f"ward{c}_{lv}"] for lv in WARD_LEVELS])


def staff_to_reveal(ctx: Any, st: St) -> Term:
    """patient_phase.staff_to_reveal: 2 a round while Staff spaces last."""
    hidden = sum(ctx.staff_pool) - st["staff_rev"]
    return zmax(0, zmin(zmin(ctx.reveal, ctx.staff_spaces - st["staff_rev"]), hidden))


def to_play(ctx: Any, st: St, cond: Any) -> None:
    """setup.to_play: start round 1 (a first Staff reveal under HHH-STAFF-ROUND1)."""
    c = live(st, cond)
    if ctx.staff_round1 == "reveal-at-setup":
        reveal = staff_to_reveal(ctx, st) > 0
        st.set("phase", z3.If(reveal, PP_STAFF, ACTIONS), c)
    else:
        st.set("phase", ACTIONS, c)
    st.set("cursor", 0, c)


def room_cap_reached(ctx: Any, st: St) -> Any:
    limit = ctx.config.room_limit
    if ctx.room_cap == "six-total":
        return st["rooms_placed"] >= limit
    if ctx.room_cap == "six-installed":
        start = 2 if ctx.config.variant_two_rooms else 1
        return st["rooms_placed"] - start >= limit
    return z3.BoolVal(False)


def installable_any(ctx: Any, st: St) -> Any:
    free = [st[f"room{k}"] == 0 for k in ctx.deck]
    return z3.And(z3.Not(room_cap_reached(ctx, st)), z3.Or(*free) if free else False)


def restock(L: Layout, st: St, cond: Any) -> None:
    """Step 3: discarded cubes back into the bag."""
    c = live(st, cond)
    for i in range(L.C + 1):
        st.set(f"bag{i}", st[f"bag{i}"] + st[f"disc{i}"], c)
        st.set(f"disc{i}", 0, c)
    st.set("phase", PP_ARRIVE, c)
    st.set("cursor", 0, c)


def to_visit(ctx: Any, L: Layout, st: St, pos: Term, cond: Any) -> None:
    """patient_phase.to_visit: the next Ward in HHH-WARD-ORDER with patients, else the end."""
    c = live(st, cond)
    order = ctx.ward_order
    # first position p >= pos whose Ward is not empty
    target: Term = z3.IntVal(-1)
    for p in reversed(range(len(order))):
        target = z3.If(z3.And(p >= pos, ward_count(L, st, order[p]) > 0), p, target)
    st.set("phase", PP_VISIT, z3.And(c, target >= 0))
    st.set("cursor", target, z3.And(c, target >= 0))
    to_end(ctx, L, st, z3.And(c, target < 0))


def end_reaction(ctx: Any, st: St) -> Any:
    if ctx.admin and ctx.config.administrator == "cooke" and ctx.end_reaction:
        return z3.And(st["admin_up"] == 1, st["admin_tokens"] > 0)
    return z3.BoolVal(False)


def to_end(ctx: Any, L: Layout, st: St, cond: Any) -> None:
    c = live(st, cond)
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
    st.set("admin_tokens", ctx.config.admin_tokens, n)
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
    if ctx.setup_order == "after-waiting":
        g = z3.And(g, st0[f"room{BLOOD_BANK}"] == 0)
    w = st0["cursor"]
    d, bag, disc = dr.plain(
        b, g, st0.vec("bag", C + 1), st0.vec("disc", C + 1), z3.IntVal(ctx.config.setup_cubes)
    )
    cap = ctx.spots if ctx.setup_level5 == "dies" else min(ctx.spots, 4)
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
