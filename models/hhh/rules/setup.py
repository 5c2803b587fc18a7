"""Setup (rulebook "Setup"): the state before play and the setup draws.

Setup runs as chance steps from one deterministic initial state: Patient markers into
the Wards, the first New Room (a decision), the Waiting Room cube draws, the face-up
Training markers, and (HHH-STAFF-ROUND1) possibly a first Staff reveal.
"""

from __future__ import annotations

from fractions import Fraction

from hhh_verify.contract.records import replace

from . import readings as R
from .board import ONE, die, put, short_draw, sub, then
from .context import Ctx
from .rooms import install_room
from .state import (
    ACTIONS,
    PP_STAFF,
    SETUP_MARKERS,
    SETUP_ROOM,
    SETUP_TRAINING,
    SETUP_WAITING,
    HHHState,
)

ROOMS_AT_START_TWO = 2  # Variants: "Begin the game with 2 New Rooms instead of 1"


def initial_state(ctx: Ctx) -> HHHState:
    """Components in the box, money and tokens per the setup table ("Based on the player
    count, use the table below"), nothing drawn yet. The Administrator card goes to
    player 0 ("One player takes 1 Administrator card"; who does not matter in a
    cooperative game whose Administrative tokens act for everyone)."""
    c = ctx.config
    C = ctx.C
    research = [0] * ctx.research_types
    for k in range(c.research_cards):
        research[k % ctx.research_types] += 1
    return HHHState(
        phase=SETUP_MARKERS,
        cursor=0,
        round=1,
        money=c.money_at_start,
        reason=0,
        bag=(c.cubes_each,) * C + (c.black_cubes,),
        discard=(0,) * (C + 1),
        waiting=((0,) * C,) * c.waiting_rooms,
        wards=((),) * C,
        rooms=(0,) * 8,
        rooms_placed=0,
        treatment=((0, 0),) * C,
        er=(0,) * C,
        blood=(0,) * (C + 1),
        supply=(c.markers_per_colour if ctx.markers_out_after_setup else c.markers_each,) * C
        + (ctx.white_markers,),
        cemetery=(0,) * (C + 2),
        deaths=0,
        medical=(c.medical_tokens,) * c.players,
        admin_tokens=ctx.admin_tokens,
        admin_total=ctx.admin_tokens,
        admin_holder=0,
        admin_face_up=ctx.admin,
        chaplain_used=False,
        janitor_used=False,
        staff_hidden=ctx.staff_pool,
        staff_open=(0,) * len(ctx.staff_pool),
        staff_passed=(0,) * len(ctx.staff_pool),
        staff_hired=(0,) * len(ctx.staff_pool),
        abilities=(ctx.abilities_on,) * C,
        training_open=(0,) * len(ctx.training_pool),
        training_hidden=ctx.training_pool,
        training=((0,) * len(ctx.training_pool),) * c.players,
        nurse_free_used=(False,) * c.players,
        research_deck=tuple(research),
        research_discard=(0,) * ctx.research_types,
        heal=None,
        research=None,
        picks=(0, 0),
    )


def draw_markers(ctx: Ctx, s: HHHState) -> list[tuple[HHHState, Fraction]]:
    """ "Draw 5 of them randomly and place each in their matching-color Infirmary Wards",
    at level 3 ("with the" 3 "of each Patient marker facing left"). Markers that find no
    bed stay in the supply ("After doing this, remove all remaining Patient markers from
    the bag"). Under HHH-FEWER-MARKERS=after-setup the variant's "1 fewer Patient marker of
    each color in the supply" leaves the supply now."""
    c = ctx.config
    pool = tuple(s.supply[: ctx.C])
    out = []
    for d, p in ctx.draws.hyper(pool, c.setup_markers):
        placed = tuple(min(x, ctx.beds) for x in d)
        wards = tuple((c.setup_level,) * n for n in placed)
        left = sub(pool, placed)
        if ctx.markers_out_after_setup:
            left = tuple(max(0, x - 1) for x in left)
        supply = left + s.supply[ctx.C :]
        out.append((after_markers(ctx, replace(s, wards=wards, supply=supply)), p))
    return out


def after_markers(ctx: Ctx, s: HHHState) -> HHHState:
    """The New Room choice comes next: 1 room, or 2 under "Begin the game with 2 New Rooms
    instead of 1"."""
    rooms = ROOMS_AT_START_TWO if ctx.config.variant_two_rooms else 1
    return replace(s, phase=SETUP_ROOM, cursor=rooms)


def starting_room_choices(ctx: Ctx, s: HHHState) -> tuple[int, ...]:
    """ "Choose any 1 New Room card and place it with its" Basic side up (a fixed
    ``starting_room`` config narrows the choice)."""
    free = tuple(k for k in ctx.deck if not s.rooms[k])
    if ctx.config.starting_room >= 0 and s.rooms_placed == 0:
        return (ctx.config.starting_room,)
    return free


def choose_room(ctx: Ctx, s: HHHState, kind: int) -> list[tuple[HHHState, Fraction]]:
    """Place the starting room (Basic; under the variant "Start with $0, but your first
    room starts on the Improved side") and "Apply its immediate effect (if any)" now or
    after the Waiting Room draws (HHH-SETUP-ORDER)."""
    improved = ctx.config.variant_improved_start and s.rooms_placed == 0
    fill = ctx.setup_order == R.SETUP_ORDER.BEFORE_WAITING
    pairs = install_room(ctx, s, kind, improved, fill)
    left = s.cursor - 1
    if left:
        return then(pairs, lambda st: [(replace(st, cursor=left), ONE)])
    return then(pairs, lambda st: [(replace(st, phase=SETUP_WAITING, cursor=0), ONE)])


def draw_waiting(ctx: Ctx, s: HHHState) -> list[tuple[HHHState, Fraction]]:
    """ "Draw 6 random cubes from the bag per Waiting Room and place each on the first
    available space in the Waiting Room that matches their color. Return any black cubes
    or cubes for which there are no free spaces back to the bag" (one Waiting Room after
    the other, each returning its cubes before the next draws). A 5th cube of a colour:
    HHH-SETUP-LEVEL5; such a patient dies (no Emergency Room in setup: "The only time a
    Patient may be moved to the Emergency Room is during the Patient Phase")."""
    w = s.cursor
    c = ctx.config
    room = s.waiting[w]
    cap = ctx.spots if ctx.setup_level5 == R.SETUP_LEVEL5.DIES else min(ctx.spots, 4)
    out = []
    for (d, bag, disc), p in ctx.draws.plain(s.bag, s.discard, c.setup_cubes):
        placed = tuple(min(d[k], cap - room[k]) for k in range(ctx.C)) + (0,)
        new_room = tuple(x + y for x, y in zip(room, placed))
        back = sub(d, placed)  # black and no-space cubes go back into the bag
        st = replace(
            s,
            bag=tuple(x + y for x, y in zip(bag, back)),
            discard=disc,
            waiting=put(s.waiting, w, new_room),
        )
        for k in range(ctx.C):
            if new_room[k] >= 5 and not st.reason:
                st = replace(
                    st,
                    waiting=put(st.waiting, w, put(st.waiting[w], k, 0)),
                    discard=st.discard[:k] + (st.discard[k] + new_room[k],) + st.discard[k + 1 :],
                )
                st = die(ctx, st, k, marker=False, cost=c.waiting_death_cost)
        out.append((short_draw(ctx, st, sum(d), c.setup_cubes), p))
    if w + 1 < c.waiting_rooms:
        return then(out, lambda st: [(replace(st, cursor=w + 1), ONE)])
    return then(out, lambda st: after_waiting(ctx, st))


def after_waiting(ctx: Ctx, s: HHHState) -> list[tuple[HHHState, Fraction]]:
    """The first room's Blood Bank draw if it waited for the Waiting Rooms
    (HHH-SETUP-ORDER=after-waiting), then the Training markers."""
    from .rooms import fill_blood_bank

    pairs = [(s, ONE)]
    if ctx.setup_order == R.SETUP_ORDER.AFTER_WAITING and s.rooms[6] and not any(s.blood):
        pairs = fill_blood_bank(ctx, s)
    return then(pairs, lambda st: [(to_training(ctx, st), ONE)])


def to_training(ctx: Ctx, s: HHHState) -> HHHState:
    """Setup's Training markers step, when there are markers to reveal."""
    if ctx.config.training_face_up and sum(s.training_hidden):
        return replace(s, phase=SETUP_TRAINING, cursor=0)
    return to_play(ctx, s)


def draw_training(ctx: Ctx, s: HHHState) -> list[tuple[HHHState, Fraction]]:
    """ "Reveal 4 random Training markers face up and place them in the board room as
    indicated." (HHH-TRAINING-COUNT: how many markers there are.)"""
    out = reveal_training(ctx, s)
    return then(out, lambda st: [(to_play(ctx, st), ONE)])


def reveal_training(ctx: Ctx, s: HHHState) -> list[tuple[HHHState, Fraction]]:
    """Refill the face-up Training markers up to ``training_face_up`` from the face-down ones."""
    need = min(ctx.config.training_face_up - sum(s.training_open), sum(s.training_hidden))
    if need <= 0:
        return [(s, ONE)]
    return [
        (
            replace(
                s,
                training_open=tuple(a + b for a, b in zip(s.training_open, d)),
                training_hidden=sub(s.training_hidden, d),
            ),
            p,
        )
        for d, p in ctx.draws.hyper(s.training_hidden, need)
    ]


def to_play(ctx: Ctx, s: HHHState) -> HHHState:
    """Start round 1, after a first Staff reveal if HHH-STAFF-ROUND1 says so."""
    from .patient_phase import staff_to_reveal

    if ctx.staff_round1 == R.STAFF_ROUND1.REVEAL_AT_SETUP and staff_to_reveal(ctx, s):
        return replace(s, phase=PP_STAFF, cursor=0)
    return replace(s, phase=ACTIONS, cursor=0)
