"""The Patient Phase, steps 1-6 in order (rulebook "Patient Phase"), and Housekeeping.

Two steps are resolved in an order the players choose: New Patients Arrive ("Place all
drawn cubes in the chosen Waiting Room") and Visit the Wards ("In any order, activate
each Ward"). Their cursor is ``state.place(done, item)``: the rooms or Wards already
resolved (a bit mask) and the one being resolved now.
"""

from __future__ import annotations

from fractions import Fraction

from hhh_verify.contract.records import replace

from .board import (
    ONE,
    add,
    bump,
    die,
    dry_chain,
    end,
    er_capacity,
    gain,
    put,
    then,
    treatment_numbers,
)
from .config import ADMIN_BLACK_PAY, DEATH_LEVEL
from .context import Ctx
from .draws import ChainResult
from .rooms import install_room, installable
from .state import (
    ACTIONS,
    COMPLETED,
    CRITICAL,
    PP_ARRIVE,
    PP_ARRIVE_ORDER,
    PP_END,
    PP_ER_ADMIT,
    PP_INSTALL,
    PP_STAFF,
    PP_VISIT,
    PP_VISIT_ORDER,
    HHHState,
    done_of,
    item_of,
    place,
)


def start(ctx: Ctx, s: HHHState) -> list[tuple[HHHState, Fraction]]:
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
            s = replace(s, er=bump(s.er, k, -1), discard=bump(s.discard, k, DEATH_LEVEL))
            s = die(ctx, s, k, marker=False, cost=ctx.er_death)
            if s.reason:
                return [(s, ONE)]
    return [(to_install(ctx, s), ONE)]


def to_install(ctx: Ctx, s: HHHState) -> HHHState:
    """Step 2, Install New Room, when a card may still be placed (HHH-ROOM-CAP)."""
    if installable(ctx, s):
        return replace(s, phase=PP_INSTALL, cursor=0)
    return restock(ctx, s)


def install(ctx: Ctx, s: HHHState, kind: int) -> list[tuple[HHHState, Fraction]]:
    """Step 2: "Choose 1 New Room card and add it to the left of the game board on its" Basic
    side."""
    return then(install_room(ctx, s, kind, improved=False), lambda st: [(restock(ctx, st), ONE)])


def restock(ctx: Ctx, s: HHHState) -> HHHState:
    """Step 3, Restock Cubes: "Place all discarded cubes back into the bag." """
    s = replace(s, bag=add(s.bag, s.discard), discard=(0,) * len(s.discard))
    return to_arrive(ctx, s, 0)


# Step 4: New Patients Arrive ----------------------------------------------------------------


def arrival_rooms(s: HHHState, done: int) -> list[int]:
    """Waiting Rooms that have not received their arrivals yet ("Perform these steps for
    each waiting room, one after another")."""
    return [w for w in range(len(s.waiting)) if not done >> w & 1]


def to_arrive(ctx: Ctx, s: HHHState, done: int) -> HHHState:
    """Step 4 for the next Waiting Room: the players choose which ("the chosen Waiting
    Room") while two remain; then step 5."""
    rooms = arrival_rooms(s, done)
    if not rooms:
        return to_visit(ctx, s, 0)
    if len(rooms) == 1:
        return replace(s, phase=PP_ARRIVE, cursor=place(done, rooms[0]))
    return replace(s, phase=PP_ARRIVE_ORDER, cursor=done)


def choose_arrival_room(ctx: Ctx, s: HHHState, room: int) -> HHHState:
    """ "Place all drawn cubes in the chosen Waiting Room": this room draws next."""
    return replace(s, phase=PP_ARRIVE, cursor=place(s.cursor, room))


def arrive(ctx: Ctx, s: HHHState) -> list[tuple[HHHState, Fraction]]:
    """Step 4 for one Waiting Room: "Draw 6 cubes from the bag. If you draw black cube(s),
    discard them and draw 2 more cubes for each black cube drawn." Place "1 cube on each
    matching-colored spot"; extra cubes are discarded ("Discard excess cubes.", Quick
    Reference). A 5-cube patient moves to the Emergency Room if it has space, else dies
    for $5 (:func:`settle_arrivals`)."""
    w, done = item_of(s.cursor), done_of(s.cursor)
    out = []
    for (d, bag, disc, owed), p in ctx.draws.chain(s.bag, s.discard, ctx.config.arrival_cubes):
        room = s.waiting[w]
        placed = tuple(min(d[k], ctx.spots - room[k]) for k in range(ctx.C))
        excess = tuple(d[k] - placed[k] for k in range(ctx.C)) + (0,)
        room = tuple(a + b for a, b in zip(room, placed))
        # "discarding excess cubes": a patient of more than 5 cubes keeps 5
        over = tuple(max(0, x - DEATH_LEVEL) for x in room) + (0,)
        room = tuple(min(x, DEATH_LEVEL) for x in room)
        if owed and ctx.exhausted_stuck:  # HHH-DRAW-EXHAUSTED
            st = replace(s, bag=bag, discard=add(disc, d))
            out.append((dry_chain(ctx, st, owed), p))
            continue
        st = replace(
            s, bag=bag, discard=add(add(disc, excess), over), waiting=put(s.waiting, w, room)
        )
        out.append((settle_arrivals(ctx, st, w, done), p))
    return out


def five_cube_patients(s: HHHState, w: int) -> list[int]:
    """Colours of the 5-cube patients waiting in Waiting Room ``w``."""
    return [k for k, n in enumerate(s.waiting[w]) if n >= DEATH_LEVEL]


def settle_arrivals(ctx: Ctx, s: HHHState, w: int, done: int) -> HHHState:
    """ "If there is available space in the Emergency Room, immediately transfer the
    5-cube patient there for free ... If there is not space in the Emergency Room (or it
    hasn't been built yet), the Patient immediately dies, costing you $5". When more
    5-cube patients formed than there are spaces, the players choose who goes
    (phase ``PP_ER_ADMIT``); the others then die."""
    fives = five_cube_patients(s, w)
    space = er_capacity(s) - sum(s.er)
    if fives and 0 < space < len(fives):
        return replace(s, phase=PP_ER_ADMIT, cursor=place(done, w))
    for k in fives:
        if space > 0:
            s = replace(s, waiting=put(s.waiting, w, put(s.waiting[w], k, 0)), er=bump(s.er, k, 1))
            space -= 1
            continue
        s = replace(
            s,
            waiting=put(s.waiting, w, put(s.waiting[w], k, 0)),
            discard=bump(s.discard, k, DEATH_LEVEL),
        )
        s = die(ctx, s, k, marker=False, cost=ctx.config.waiting_death_cost)
        if s.reason:
            return s
    return to_arrive(ctx, s, done | 1 << w)


def admit_to_er(ctx: Ctx, s: HHHState, colour: int) -> HHHState:
    """The players' choice of the 5-cube patient that takes an Emergency Room space."""
    w, done = item_of(s.cursor), done_of(s.cursor)
    s = replace(
        s, waiting=put(s.waiting, w, put(s.waiting[w], colour, 0)), er=bump(s.er, colour, 1)
    )
    return settle_arrivals(ctx, s, w, done)


# Step 5: Visit the Wards ---------------------------------------------------------------------


def wards_to_visit(ctx: Ctx, s: HHHState, done: int) -> list[int]:
    """Wards not yet activated this Patient Phase that have patients."""
    return [c for c in range(ctx.C) if not done >> c & 1 and s.wards[c]]


def to_visit(ctx: Ctx, s: HHHState, done: int) -> HHHState:
    """Step 5, Visit the Wards: "In any order, activate each Ward, one at a time." The
    players choose the next Ward among those with patients (a Ward without patients has
    nothing to activate: "The Ward Ability only affects Patients in its Ward")."""
    wards = wards_to_visit(ctx, s, done)
    if not wards:
        return to_end(ctx, s)
    if len(wards) == 1:
        return replace(s, phase=PP_VISIT, cursor=place(done, wards[0]))
    return replace(s, phase=PP_VISIT_ORDER, cursor=done)


def choose_ward(ctx: Ctx, s: HHHState, colour: int) -> HHHState:
    """The Ward the players activate next."""
    return replace(s, phase=PP_VISIT, cursor=place(s.cursor, colour))


def _patient_draw(
    ctx: Ctx, s: HHHState, n: int, c: int, level: int
) -> list[tuple[ChainResult, Fraction]]:
    """One Visit patient's chain draw. Under HHH-VISIT-DEATH-DRAWS=stop it ends at the
    matching cube that kills the patient (a rise to 5, or past 5 for one already there);
    in the variant without abilities a patient can only die after its whole draw."""
    if ctx.visit_stop and not ctx.config.variant_no_abilities:
        fatal = max(1, DEATH_LEVEL - level)
        return ctx.draws.chain_until(s.bag, s.discard, n, c, fatal)
    return ctx.draws.chain(s.bag, s.discard, n)


def visit(ctx: Ctx, s: HHHState) -> list[tuple[HHHState, Fraction]]:
    """Activate one Ward: "Activate the Ward's Ability" (HHH-WARD-ABILITY), then "Draw 1
    cube for each Patient in that Ward, one Patient at a time. ... For each cube you draw
    matching the Patient's color that you are drawing cubes for, immediately increase
    their Illness level by 1. A Patient that becomes Illness level 5 or higher immediately
    dies." Patients draw lowest level first (the draws are exchangeable). Variant without
    abilities: "draw cubes equal to the number of empty beds in that ward" (counted per
    HHH-EMPTY-BEDS-VARIANT); "If a matching color cube is NOT drawn, increase the
    patient's illness by 1 level"."""
    c, done = item_of(s.cursor), done_of(s.cursor)
    patients = s.wards[c]
    no_abilities = ctx.config.variant_no_abilities
    shield = ctx.ability_shield and s.abilities[c] and not no_abilities
    # items: (state, survivors so far)
    items: list[tuple[tuple[HHHState, tuple[int, ...]], Fraction]] = [((s, ()), ONE)]
    for i, level in enumerate(patients):
        rest = patients[i + 1 :]
        if shield and i == 0:
            items = [((st, surv + (level,)), p) for (st, surv), p in items]
            continue
        nxt: dict[tuple[HHHState, tuple[int, ...]], Fraction] = {}
        for (st, surv), p in items:
            if st.reason:
                nxt[(st, surv)] = nxt.get((st, surv), 0) + p
                continue
            in_ward = len(surv) + 1 + len(rest) if ctx.beds_per_patient else len(patients)
            n = (ctx.beds - in_ward) if no_abilities else 1
            for (d, bag, disc, owed), q in _patient_draw(ctx, st, n, c, level):
                if owed and ctx.exhausted_stuck:  # HHH-DRAW-EXHAUSTED: stuck here
                    ward = tuple(sorted(surv + (level,) + rest))
                    st2 = replace(st, bag=bag, discard=add(disc, d), wards=put(st.wards, c, ward))
                    key = (dry_chain(ctx, st2, owed), surv)
                    nxt[key] = nxt.get(key, 0) + p * q
                    continue
                matches = d[c]
                up = (0 if matches else 1) if no_abilities else matches
                if ctx.visit_rebag:
                    st2 = replace(st, bag=add(bag, d), discard=disc)
                else:
                    st2 = replace(st, bag=bag, discard=add(disc, d))
                new = level + up
                if new >= DEATH_LEVEL and new > level:  # "becomes": HHH-TR-TO-WARD-5=survives
                    st2 = replace(st2, wards=put(st2.wards, c, tuple(sorted(surv + rest))))
                    st2 = die(ctx, st2, c, marker=True, cost=ctx.config.ward_death_cost)
                    key = (st2, surv)
                else:
                    key = (st2, surv + (new,))
                nxt[key] = nxt.get(key, 0) + p * q
        items = list(nxt.items())
    out: dict[HHHState, Fraction] = {}
    for (st, surv), p in items:
        if not st.reason:
            st = replace(st, wards=put(st.wards, c, tuple(sorted(surv))))
            st = to_visit(ctx, st, done | 1 << c)
        out[st] = out.get(st, 0) + p
    return list(out.items())


def end_reaction_available(ctx: Ctx, s: HHHState) -> bool:
    """Cooke De Buchs: "(Reaction) End of Patient Phase: return all black cubes to the bag"
    (needs the card face up and a saved token: HHH-END-REACTION; in the last round per
    HHH-END-REACTION-LAST-ROUND)."""
    return (
        ctx.admin
        and ctx.config.administrator == "cooke"
        and ctx.end_reaction
        and s.admin_face_up
        and s.admin_tokens > 0
        and (ctx.end_reaction_last_round or s.round < ctx.last_round)
    )


def to_end(ctx: Ctx, s: HHHState) -> HHHState:
    """The end of the Patient Phase: the Administrator's reaction, if it can be used, then
    Housekeeping."""
    if end_reaction_available(ctx, s):
        return replace(s, phase=PP_END, cursor=0)
    return housekeeping(ctx, s)


def return_blacks(ctx: Ctx, s: HHHState) -> HHHState:
    """ "return all black cubes to the bag. Gain $2 for each cube returned. Flip this card."
    Every black cube outside the bag is in the discard pile (black cubes are discarded
    whenever they leave the bag: Heal, Research, arrivals, visits, the Janitor)."""
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
    """Step 6: "If it is the 6th round, immediately proceed to Victory and Defeat";
    otherwise "Flip the Administrator card face up and pass it, together with all
    Administrative action tokens, to the next player in clockwise order", flip used tokens,
    advance the round marker and flip the Staff markers below it. Under
    HHH-STAFF-HIREABLE=this-round the unhired markers of the round just ended stop being
    hireable."""
    if s.round >= ctx.last_round:
        return end(s, COMPLETED)
    c = ctx.config
    if ctx.staff_this_round:
        s = replace(
            s, staff_passed=add(s.staff_passed, s.staff_open), staff_open=(0,) * len(s.staff_open)
        )
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
    """How many Staff markers are flipped now: "Flip the 2 Staff markers below the round
    marker" (1 in the variant "Reveal 1 staff token per round instead of 2"), while the Staff spaces
    last and only in a round that has Staff spaces below it (``Ctx.staff_last_round``)."""
    if s.round > ctx.staff_last_round:
        return 0
    revealed = sum(ctx.staff_pool) - sum(s.staff_hidden)
    return max(0, min(ctx.reveal, ctx.staff_spaces - revealed, sum(s.staff_hidden)))


def reveal_staff(ctx: Ctx, s: HHHState) -> list[tuple[HHHState, Fraction]]:
    """ "Flip the 2 Staff markers below the round marker face up (they are now available
    to hire)." Which markers lie there is unseen until now ("Place 1 random Staff marker
    face down on each Staff Space"), so the reveal is a draw from the markers not yet
    seen: the same law as dealing them at setup."""
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
