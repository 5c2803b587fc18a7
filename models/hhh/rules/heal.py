"""Heal a Patient (rulebook "Heal a Patient", "Cube Drawing Bonuses", "Doctor
Abilities", Emergency Room and Treatment Room clarifications).

A Heal is several steps: the first draw, then (phase HEAL_DRAWN) bonus draws one at a
time after seeing the results, reactions to black cubes, and finally ``Settle`` with the
cubes to re-bag. The level changes, cures, deaths and pay happen at settlement.
"""

from __future__ import annotations

from fractions import Fraction

from hhh_verify.contract.records import replace

from . import readings as R
from .actions import Heal
from .board import (
    ONE,
    add,
    bump,
    die,
    gain,
    insort,
    put,
    remove_one,
    short_draw,
    sub,
    treatment_max,
    treatment_numbers,
)
from .config import DEATH_LEVEL, GRAY, JANITOR, TRAINING_REBAG
from .context import Ctx
from .state import (
    ACTIONS,
    EMERGENCY,
    HEAL_DRAWN,
    TREATED,
    TREATMENT,
    WARD,
    HealInProgress,
    HHHState,
)


def targets(ctx: Ctx, s: HHHState) -> list[tuple[int, int, int]]:
    """ "Choose any alive Patient that is not in a Waiting Room": (place, colour, level)."""
    out = []
    for c in range(ctx.C):
        for level in sorted(set(s.wards[c])):
            out.append((WARD, c, level))
        if s.treatment[c][0]:
            out.append((TREATMENT, c, s.treatment[c][0]))
        if s.er[c]:
            out.append((EMERGENCY, c, DEATH_LEVEL))
    return out


def draw_count(ctx: Ctx, s: HHHState, place: int, colour: int) -> tuple[int, int]:
    """(cubes to draw, $ per level): Wards 6/$1, Treatment Room 8/$3 or 10/$4,
    Emergency Room per HHH-ER-COSTS."""
    if place == WARD:
        return ctx.config.ward_draw, ctx.config.ward_pay
    if place == TREATMENT:
        n, pay, _ = treatment_numbers(s, colour)
        return n, pay
    return ctx.er_draw, ctx.er_pay


def doctor_rebag(ctx: Ctx, player: int, place: int, colour: int) -> int:
    """Re-bag allowance of the healer's Doctor card (Doctor Abilities: "only once per
    action"). Nowitz: "After healing a non-Ward patient, may re-bag 2 cubes." Ura
    Scapegote: "After healing a Psychiatric patient, may re-bag 2 cubes." Whether a Heal
    that did not lower the level counts as healing: HHH-REBAG-AFTER-HEAL."""
    doctor = ctx.config.doctors[player]
    if doctor == "nowitz" and place != WARD:
        return 2
    if doctor == "ura" and colour == GRAY:
        return 2
    return 0


def bonuses_and_rebag(
    ctx: Ctx, s: HHHState, player: int, place: int, colour: int
) -> tuple[tuple[int, ...], int]:
    """Bonus draws and re-bag allowance of this Doctor for this patient.

    Nowitz: "+2 cube draws to heal Psychiatric patients" (one bonus of 2 cubes: "You
    decide to use Doctor Nowitz's ability to draw 2 more cubes"), plus the Doctors'
    Re-bag (:func:`doctor_rebag`). Training markers: "a permanent bonus that may be used
    once for each action that Doctor performs, if applicable": a bonus draw when healing
    their colour (HHH-TRAINING-BONUS cubes each), or Re-bag 1 cube ("use your other 2
    Training markers to Re-bag 1 cube each").
    """
    doctor = ctx.config.doctors[player]
    bonuses: list[int] = []
    if doctor == "nowitz" and colour == GRAY:
        bonuses.append(2)
    markers = s.training[player]
    bonuses.extend([ctx.training_bonus] * markers[colour])
    rebag = doctor_rebag(ctx, player, place, colour) + markers[TRAINING_REBAG]
    return tuple(sorted(bonuses)), rebag


def rebag_allowance(ctx: Ctx, h: HealInProgress) -> int:
    """How many cubes this Heal may re-bag now: under HHH-REBAG-AFTER-HEAL=level-reduced the Doctor's part counts only when the draw lowers the level."""
    if ctx.rebag_needs_reduction and h.drawn[h.colour] - h.drawn[ctx.B] <= 0:
        return h.rebag - doctor_rebag(ctx, h.player, h.place, h.colour)
    return h.rebag


def start(ctx: Ctx, s: HHHState, a: Heal) -> list[tuple[HHHState, Fraction]]:
    """ "Flip 1 Medical action token to the used side. ... Choose any alive Patient that is
    not in a Waiting Room. a. If this Patient is in a Treatment Room, move them to the
    Treated side of the card." Take the Blood Bank cube if chosen ("instead of drawing the first
    cube from the bag"), then draw the rest of "the number shown in that room or ward"."""
    s = replace(s, medical=bump(s.medical, a.player, -1))
    if a.place == TREATMENT:
        s = replace(s, treatment=put(s.treatment, a.colour, (a.level, TREATED)))
    n, _ = draw_count(ctx, s, a.place, a.colour)
    first = (0,) * (ctx.C + 1)
    if a.blood >= 0:
        s = replace(s, blood=bump(s.blood, a.blood, -1))
        first = bump(first, a.blood, 1)
        n -= 1
    bonuses, rebag = bonuses_and_rebag(ctx, s, a.player, a.place, a.colour)
    out = []
    for (d, bag, disc), p in ctx.draws.plain(s.bag, s.discard, n):
        h = HealInProgress(
            a.player, a.place, a.colour, a.level, add(first, d), bonuses, rebag, a.blood, d[-1]
        )
        st = replace(s, bag=bag, discard=disc, heal=h, phase=HEAL_DRAWN)
        out.append((_short(ctx, st, sum(d), n), p))
    return out


def _short(ctx: Ctx, s: HHHState, got: int, wanted: int) -> HHHState:
    """HHH-DRAW-EXHAUSTED inside a Heal: a stuck game discards the cubes in hand first."""
    if got < wanted and ctx.exhausted_stuck and s.heal is not None:
        s = replace(s, discard=add(s.discard, s.heal.drawn))
        return short_draw(ctx, s, got, wanted)
    return s


def lethal_now(ctx: Ctx, h: HealInProgress) -> bool:
    """HHH-HEAL-DEATH-TIMING=at-once: the cubes drawn so far already kill this Ward
    patient (matching less black cubes raise it to level 5 or more), so nothing but the
    settlement follows. Under after-bonuses the level is adjusted only at settlement."""
    if not ctx.heal_death_at_once or h.place != WARD:
        return False
    new = h.level - (h.drawn[h.colour] - h.drawn[ctx.B])
    return new >= DEATH_LEVEL and new > h.level


def black_available(ctx: Ctx, h: HealInProgress) -> bool:
    """A black cube that still counts as 'just drawn' (HHH-REACTION-TIMING)."""
    return (h.latest_black if ctx.reaction_latest else h.drawn[-1]) > 0


def janitor_ok(ctx: Ctx, s: HHHState) -> bool:
    """Janitor: "Once per round, discard a just-drawn black cube"."""
    return (
        bool(s.staff_hired[JANITOR])
        and not s.janitor_used
        and s.heal is not None
        and black_available(ctx, s.heal)
    )


def redraw_ok(ctx: Ctx, s: HHHState) -> bool:
    """Cooke De Buchs' reaction needs the card face up and an Administrative token."""
    return (
        ctx.admin
        and ctx.config.administrator == "cooke"
        and s.admin_face_up
        and s.admin_tokens > 0
        and s.heal is not None
        and black_available(ctx, s.heal)
    )


def bonus(ctx: Ctx, s: HHHState, size: int) -> list[tuple[HHHState, Fraction]]:
    """Use one bonus: "When you decide to use each individual bonus, you must draw all
    cubes that bonus provides." (Cube Drawing Bonuses)."""
    h = s.heal
    assert h is not None
    rest = remove_one(h.bonuses, size)
    out = []
    for (d, bag, disc), p in ctx.draws.plain(s.bag, s.discard, size):
        h2 = replace(h, drawn=add(h.drawn, d), bonuses=rest, latest_black=d[-1])
        out.append((_short(ctx, replace(s, bag=bag, discard=disc, heal=h2), sum(d), size), p))
    return out


def janitor(ctx: Ctx, s: HHHState) -> HHHState:
    """Janitor: "Once per round, discard a just-drawn black cube without applying its
    effect (do not draw a replacement)." The cube goes to the discard pile."""
    h = s.heal
    assert h is not None
    h2 = replace(h, drawn=bump(h.drawn, ctx.B, -1), latest_black=max(0, h.latest_black - 1))
    return replace(s, heal=h2, discard=bump(s.discard, ctx.B, 1), janitor_used=True)


def redraw(ctx: Ctx, s: HHHState) -> list[tuple[HHHState, Fraction]]:
    """Cooke De Buchs' reaction: "Ignore 1 just drawn black cube. Put it back into the bag
    and redraw. Flip this card." It costs an Administrative token ("These also require you
    to flip an Administrative action token")."""
    h = s.heal
    assert h is not None
    h = replace(h, drawn=bump(h.drawn, ctx.B, -1))
    s = replace(
        s, heal=h, bag=bump(s.bag, ctx.B, 1), admin_tokens=s.admin_tokens - 1, admin_face_up=False
    )
    out = []
    for (d, bag, disc), p in ctx.draws.plain(s.bag, s.discard, 1):
        h2 = replace(h, drawn=add(h.drawn, d), latest_black=d[-1])
        out.append((_short(ctx, replace(s, bag=bag, discard=disc, heal=h2), sum(d), 1), p))
    return out


def rebag_choices(ctx: Ctx, h: HealInProgress) -> list[tuple[int, ...]]:
    """Every multiset of at most the allowance (:func:`rebag_allowance`) of cubes "that
    were drawn during this action", "of any colors" (black included; the Blood Bank cube
    per HHH-BB-REBAG)."""
    avail = list(h.drawn)
    if h.blood >= 0 and not ctx.bb_rebag:
        avail[h.blood] -= 1
    out: list[tuple[int, ...]] = []

    def rec(i: int, left: int, acc: list[int]) -> None:
        if i == len(avail):
            out.append(tuple(acc))
            return
        for x in range(min(avail[i], left) + 1):
            acc.append(x)
            rec(i + 1, left - x, acc)
            acc.pop()

    rec(0, rebag_allowance(ctx, h), [])
    return sorted(out)


def settle(ctx: Ctx, s: HHHState, rebag: tuple[int, ...]) -> list[tuple[HHHState, Fraction]]:
    """ "Adjust the Patient's Illness level: a. Count the number of cubes drawn that match
    the Patient's color. b. Subtract the number of black cubes drawn." Check cure and
    death, "Re-bag cubes (optional, but only if allowed by an ability) and discard any
    remaining cubes", then "For each Illness level reduction (if any), gain Money as shown
    in that room or ward. a. You do not gain Money for levels that reduce the Illness
    level below zero"."""
    h = s.heal
    assert h is not None
    c, B = h.colour, ctx.B
    s = replace(
        s,
        heal=None,
        phase=ACTIONS,
        bag=add(s.bag, rebag),
        discard=add(s.discard, sub(h.drawn, rebag)),
    )
    reduction = h.drawn[c] - h.drawn[B]
    _, pay = draw_count(ctx, s, h.place, c)
    if h.place == WARD:
        s, earned = _settle_ward(ctx, s, c, h.level, reduction)
    elif h.place == TREATMENT:
        s, earned = _settle_treatment(ctx, s, c, h.level, reduction)
    else:
        return _settle_emergency(ctx, s, c, reduction, pay)
    if s.reason:
        return [(s, ONE)]
    return [(gain(ctx, s, earned * pay), ONE)]


def _settle_ward(ctx: Ctx, s: HHHState, c: int, level: int, reduction: int) -> tuple[HHHState, int]:
    ward = remove_one(s.wards[c], level)
    new = level - reduction
    if new <= 0:  # cured: "return their marker to the supply"
        return replace(s, wards=put(s.wards, c, ward), supply=bump(s.supply, c, 1)), level
    if new >= DEATH_LEVEL and new > level:  # "reaching Illness level 5 in the Wards" kills
        s = replace(s, wards=put(s.wards, c, ward))
        return die(ctx, s, c, marker=True, cost=ctx.config.ward_death_cost), 0
    return replace(s, wards=put(s.wards, c, insort(ward, new))), max(0, reduction)


def _settle_treatment(
    ctx: Ctx, s: HHHState, c: int, level: int, reduction: int
) -> tuple[HHHState, int]:
    new = level - reduction
    if new <= 0:
        return replace(s, treatment=put(s.treatment, c, (0, 0)), supply=bump(s.supply, c, 1)), level
    top = treatment_max(s, c)
    if new > top:
        if ctx.tr_overflow == R.TR_OVERFLOW.DIES:  # HHH-TR-OVERFLOW
            cost = treatment_numbers(s, c)[2]
            s = replace(s, treatment=put(s.treatment, c, (0, 0)))
            return die(ctx, s, c, marker=True, cost=cost), 0
        new = top
    return replace(s, treatment=put(s.treatment, c, (new, TREATED))), max(0, reduction)


def _settle_emergency(
    ctx: Ctx, s: HHHState, c: int, reduction: int, pay: int
) -> list[tuple[HHHState, Fraction]]:
    """Emergency Room: "If a Patient in the Emergency Room is healed below 5 cubes,
    immediately move them to a matching-colored space in the Waiting Room." and "Patients
    in the Emergency Room cannot die during a Heal action" (HHH-ER-RETURN: which room)."""
    if reduction <= 0:
        return [(s, ONE)]
    r = min(reduction, DEATH_LEVEL)
    s = replace(s, er=bump(s.er, c, -1), discard=bump(s.discard, c, r))
    s = return_to_waiting(ctx, s, c, DEATH_LEVEL - r)
    if s.reason:
        return [(s, ONE)]
    return [(gain(ctx, s, r * pay), ONE)]


def return_to_waiting(ctx: Ctx, s: HHHState, c: int, cubes: int) -> HHHState:
    """ "move them to a matching-colored space in the Waiting Room": which room is
    HHH-ER-RETURN; joining that colour's patient there may kill it (level 5)."""
    if cubes <= 0:
        return s
    if ctx.er_return == R.ER_RETURN.FIRST_ROOM:
        w = 0
    else:
        w = min(range(len(s.waiting)), key=lambda i: (s.waiting[i][c], i))
    merged = s.waiting[w][c] + cubes
    keep = min(merged, ctx.spots)
    excess = merged - keep
    s = replace(
        s, waiting=put(s.waiting, w, put(s.waiting[w], c, keep)), discard=bump(s.discard, c, excess)
    )
    if keep >= DEATH_LEVEL:
        s = replace(
            s, waiting=put(s.waiting, w, put(s.waiting[w], c, 0)), discard=bump(s.discard, c, keep)
        )
        return die(ctx, s, c, marker=False, cost=ctx.config.waiting_death_cost)
    return s
