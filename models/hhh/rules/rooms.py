"""New Rooms (rulebook "New Rooms" and "New Room Clarifications"): installing,
improving, and the Blood Bank's cube draws."""

from __future__ import annotations

from fractions import Fraction

from hhh_verify.contract.records import replace

from . import readings as R
from .board import ONE, add, blood_size, put, short_draw, then
from .context import Ctx
from .state import BLOOD_BANK, HHHState


def install_room(
    ctx: Ctx, s: HHHState, kind: int, improved: bool, fill: bool = True
) -> list[tuple[HHHState, Fraction]]:
    """Place a New Room card on its Basic side (New Rooms; Improved only under the $0
    variant) and "Apply its immediate effect (if any)": only the Blood Bank has one,
    "When built, add 3 cubes drawn from the Bag to the Blood Bank"."""
    st = replace(s, rooms=put(s.rooms, kind, 2 if improved else 1), rooms_placed=s.rooms_placed + 1)
    if kind == BLOOD_BANK and fill:
        return fill_blood_bank(ctx, st)
    return [(st, ONE)]


def fill_blood_bank(ctx: Ctx, s: HHHState) -> list[tuple[HHHState, Fraction]]:
    """Blood Bank: "draw 3 random cubes from the bag and place them on the Blood Bank.
    Draw 1 replacement cube for each black cube that is drawn and return the black cube
    to the bag" (5 when Improved). A bag of only black cubes: HHH-BB-BLACK-ONLY; a fill
    that ends short: HHH-DRAW-EXHAUSTED. A fill that HHH-BB-BLACK-ONLY=stop ends while
    the discard pile still holds colour cubes was not exhausted ("If you ever need to
    draw cubes and the bag is empty, place all discarded cubes back"): that reading
    stops it by choice, so it is no short draw."""
    n = blood_size(s) - sum(s.blood)
    out = []
    for (d, bag, disc), p in ctx.draws.no_black(s.bag, s.discard, n, ctx.bb_black_refill):
        st = replace(s, blood=add(s.blood, d), bag=bag, discard=disc)
        wanted = n if not any(disc[: ctx.C]) else sum(d)
        out.append((short_draw(ctx, st, sum(d), wanted), p))
    return out


def improve_room(ctx: Ctx, s: HHHState, kind: int) -> list[tuple[HHHState, Fraction]]:
    """Flip a room to its Improved side: "Any Patients on it are transferred to the
    improved side" (they keep their place and side); the Blood Bank: "discard any remaining
    cubes on the Blood Bank first, then draw 5 random cubes from the bag"."""
    st = replace(s, rooms=put(s.rooms, kind, 2))
    if kind != BLOOD_BANK:
        return [(st, ONE)]
    st = replace(st, discard=add(st.discard, st.blood), blood=(0,) * len(st.blood))
    return then([(st, ONE)], lambda x: fill_blood_bank(ctx, x))


def room_cap_reached(ctx: Ctx, s: HHHState) -> bool:
    """HHH-ROOM-CAP: "Only 6 New Room cards can be placed during the game"."""
    limit = ctx.config.room_limit
    if ctx.room_cap == R.ROOM_CAP.SIX_TOTAL:
        return s.rooms_placed >= limit
    if ctx.room_cap == R.ROOM_CAP.SIX_INSTALLED:
        start = 2 if ctx.config.variant_two_rooms else 1
        return s.rooms_placed - start >= limit
    return False


def installable(ctx: Ctx, s: HHHState) -> tuple[int, ...]:
    """Room kinds that may be installed now (cards left in the deck, cap not reached).
    Installing is not optional: "During each Patient Phase, you install 1 new New Room
    card" (Patient Phase step 2 offers no way to skip it)."""
    if room_cap_reached(ctx, s):
        return ()
    return tuple(k for k in ctx.deck if not s.rooms[k])
