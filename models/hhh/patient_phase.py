"""The Patient Phase, steps 1-6 in order (rulebook "Patient Phase"), and Housekeeping."""

from __future__ import annotations

from .board import ONE, add, bump, die, end, er_capacity, gain, put, then, treatment_numbers
from .config import ADMIN_BLACK_PAY
from .context import Ctx
from .records import replace
from .rooms import install_room, installable
from .state import (
    ACTIONS,
    COMPLETED,
    CRITICAL,
    PP_ARRIVE,
    PP_END,
    PP_INSTALL,
    PP_STAFF,
    PP_VISIT,
    HHHState,
)


def start(ctx: Ctx, s: HHHState):  # type: ignore[no-untyped-def]
    """Step 1, Treatment and Emergency Room Patients: "All Patients on the critical side
    of a Treatment Room die ... All Patients on the treated side ... are moved to the
    critical side ... All Patients left in the Emergency Room at this time die"."""
    for k in range(ctx.C):
        level, side = s.treatment[k]
        if not level:
            continue
        if side == CRITICAL:
            s = replace(s, treatment=put(s.treatment, k, (0, 0)))
            s = die(ctx, s, k, marker=True, cost=treatment_numbers(s, k)[2])
            if s.reason:
                return [(s, ONE)]
        else:
            s = replace(s, treatment=put(s.treatment, k, (level, CRITICAL)))
    for k in range(ctx.C):
        while s.er[k]:
            s = replace(s, er=bump(s.er, k, -1), discard=bump(s.discard, k, 5))
            s = die(ctx, s, k, marker=False, cost=ctx.er_death)
            if s.reason:
                return [(s, ONE)]
    return [(to_install(ctx, s), ONE)]


def to_install(ctx: Ctx, s: HHHState) -> HHHState:
    """Step 2, Install New Room, when a card may still be placed (HHH-ROOM-CAP)."""
    if installable(ctx, s):
        return replace(s, phase=PP_INSTALL, cursor=0)
    return restock(s)


def install(ctx: Ctx, s: HHHState, kind: int):  # type: ignore[no-untyped-def]
    """ "Choose 1 New Room card and add it to the left of the game board on its Basic side"."""
    return then(install_room(ctx, s, kind, improved=False), lambda st: [(restock(st), ONE)])


def restock(s: HHHState) -> HHHState:
    """Step 3, Restock Cubes: "Place all discarded cubes back into the bag"."""
    return replace(
        s, bag=add(s.bag, s.discard), discard=(0,) * len(s.discard), phase=PP_ARRIVE, cursor=0
    )


def arrive(ctx: Ctx, s: HHHState):  # type: ignore[no-untyped-def]
    """Step 4, New Patients Arrive, for Waiting Room ``cursor``: draw 6 (black: discard,
    draw 2 more), place on matching spots (extra cubes are discarded), then a 5-cube
    patient moves to the Emergency Room if it has space, else dies for $5."""
    w = s.cursor
    out = []
    for (d, bag, disc), p in ctx.draws.chain(s.bag, s.discard, ctx.config.arrival_cubes):
        room = s.waiting[w]
        placed = tuple(min(d[k], ctx.spots - room[k]) for k in range(ctx.C))
        excess = tuple(d[k] - placed[k] for k in range(ctx.C)) + (0,)
        room = tuple(a + b for a, b in zip(room, placed))
        st = replace(s, bag=bag, discard=add(disc, excess), waiting=put(s.waiting, w, room))
        for k in range(ctx.C):
            if room[k] < 5 or st.reason:
                continue
            extra = room[k] - 5
            room = put(room, k, 0)
            if sum(st.er) < er_capacity(st):
                st = replace(
                    st,
                    waiting=put(st.waiting, w, room),
                    er=bump(st.er, k, 1),
                    discard=bump(st.discard, k, extra),
                )
            else:
                st = replace(
                    st,
                    waiting=put(st.waiting, w, room),
                    discard=bump(st.discard, k, room_level(extra)),
                )
                st = die(ctx, st, k, marker=False, cost=ctx.config.waiting_death_cost)
        out.append((st, p))
    if w + 1 < len(s.waiting):
        return then(out, lambda st: [(replace(st, cursor=w + 1), ONE)])
    return then(out, lambda st: [(to_visit(ctx, st, 0), ONE)])


def room_level(extra: int) -> int:
    """Cubes discarded when a 5-cube patient dies: its 5 cubes plus any beyond them."""
    return 5 + extra


def to_visit(ctx: Ctx, s: HHHState, pos: int) -> HHHState:
    """Step 5, Visit the Wards: the next Ward (HHH-WARD-ORDER) that has patients."""
    while pos < len(ctx.ward_order):
        if s.wards[ctx.ward_order[pos]]:
            return replace(s, phase=PP_VISIT, cursor=pos)
        pos += 1
    return to_end(ctx, s)


def visit(ctx: Ctx, s: HHHState):  # type: ignore[no-untyped-def]
    """Activate one Ward: its Ability (HHH-WARD-ABILITY), then "Draw 1 cube for each
    Patient ... one Patient at a time ... For each cube you draw matching the Patient's
    color ... increase their Illness level by 1. A Patient that becomes Illness level 5
    or higher immediately dies." Variant without abilities: draw one cube per empty bed,
    +1 level when no matching cube is drawn."""
    c = ctx.ward_order[s.cursor]
    patients = s.wards[c]
    no_abilities = ctx.config.variant_no_abilities
    n = (ctx.beds - len(patients)) if no_abilities else 1
    shield = ctx.ability_shield and s.abilities[c] and not no_abilities
    # items: (state, survivors so far)
    items: list[tuple[tuple[HHHState, tuple[int, ...]], object]] = [((s, ()), ONE)]
    for i, level in enumerate(patients):
        rest = patients[i + 1 :]
        if shield and i == 0:
            items = [((st, surv + (level,)), p) for (st, surv), p in items]
            continue
        nxt: dict[tuple[HHHState, tuple[int, ...]], object] = {}
        for (st, surv), p in items:
            if st.reason:
                nxt[(st, surv)] = nxt.get((st, surv), 0) + p  # type: ignore[operator]
                continue
            for (d, bag, disc), q in ctx.draws.chain(st.bag, st.discard, n):
                matches = d[c]
                up = (0 if matches else 1) if no_abilities else matches
                if ctx.visit_rebag:
                    st2 = replace(st, bag=add(bag, d), discard=disc)
                else:
                    st2 = replace(st, bag=bag, discard=add(disc, d))
                new = level + up
                if new >= 5:
                    st2 = replace(st2, wards=put(st2.wards, c, tuple(sorted(surv + rest))))
                    st2 = die(ctx, st2, c, marker=True, cost=ctx.config.ward_death_cost)
                    key = (st2, surv)
                else:
                    key = (st2, surv + (new,))
                nxt[key] = nxt.get(key, 0) + p * q  # type: ignore[operator]
        items = list(nxt.items())  # type: ignore[arg-type]
    out: dict[HHHState, object] = {}
    for (st, surv), p in items:
        if not st.reason:
            st = to_visit(
                ctx, replace(st, wards=put(st.wards, c, tuple(sorted(surv)))), s.cursor + 1
            )
        out[st] = out.get(st, 0) + p  # type: ignore[operator]
    return list(out.items())


def end_reaction_available(ctx: Ctx, s: HHHState) -> bool:
    """Cooke De Buchs: "(Reaction) End of Patient Phase: return all black cubes to the bag"
    (needs the card face up and a saved token: HHH-END-REACTION)."""
    return (
        ctx.admin
        and ctx.config.administrator == "cooke"
        and ctx.end_reaction
        and s.admin_face_up
        and s.admin_tokens > 0
    )


def to_end(ctx: Ctx, s: HHHState) -> HHHState:
    if end_reaction_available(ctx, s):
        return replace(s, phase=PP_END, cursor=0)
    return housekeeping(ctx, s)


def return_blacks(ctx: Ctx, s: HHHState) -> HHHState:
    """ "return all black cubes to the bag. Gain $2 for each cube returned. Flip this card."
    The black cubes returned are those in the discard pile."""
    B = ctx.B
    n = s.discard[B]
    s = replace(
        s,
        discard=put(s.discard, B, 0),
        bag=bump(s.bag, B, n),
        admin_tokens=s.admin_tokens - 1,
        admin_face_up=False,
    )
    return housekeeping(ctx, gain(ctx, s, ADMIN_BLACK_PAY * n))


def housekeeping(ctx: Ctx, s: HHHState) -> HHHState:
    """Step 6: after the last round the game ends; otherwise flip the Administrator card
    face up and pass it clockwise with its tokens, flip used tokens, advance the round
    marker and flip the Staff markers below it."""
    if s.round >= ctx.last_round:
        return end(s, COMPLETED)
    c = ctx.config
    s = replace(
        s,
        round=s.round + 1,
        admin_face_up=ctx.admin,
        admin_holder=(s.admin_holder + 1) % c.players,
        medical=(c.medical_tokens,) * c.players,
        admin_tokens=s.admin_total,
        chaplain_used=False,
        janitor_used=False,
        heal=None,
        research=None,
        picks=(0, 0),
    )
    if staff_to_reveal(ctx, s):
        return replace(s, phase=PP_STAFF, cursor=0)
    return replace(s, phase=ACTIONS, cursor=0)


def staff_to_reveal(ctx: Ctx, s: HHHState) -> int:
    """How many Staff markers are flipped now: 2 a round (1 in the variant), while the
    Staff spaces last."""
    revealed = sum(ctx.staff_pool) - sum(s.staff_hidden)
    return max(0, min(ctx.reveal, ctx.staff_spaces - revealed, sum(s.staff_hidden)))


def reveal_staff(ctx: Ctx, s: HHHState):  # type: ignore[no-untyped-def]
    """ "Flip the 2 Staff markers below the round marker face up". Which markers lie there
    is unseen until now, so the reveal is a draw from the markers not yet seen."""
    n = staff_to_reveal(ctx, s)
    return [
        (
            replace(
                s,
                staff_open=add(s.staff_open, d),
                phase=ACTIONS,
                cursor=0,
                staff_hidden=tuple(a - b for a, b in zip(s.staff_hidden, d)),
            ),
            p,
        )
        for d, p in ctx.draws.hyper(s.staff_hidden, n)
    ]
