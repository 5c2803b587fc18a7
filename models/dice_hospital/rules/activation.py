"""Aktywacja szpitala (activating the hospital): meeples into wards, the ward's effect
then the specialist's, blood bags as free actions."""

from __future__ import annotations

from itertools import combinations

from hhh_verify.contract.records import replace

from . import readings as R
from .board import (
    bump,
    set_hospital,
    shown,
    with_patients,
    without,
)
from .components import (
    ANY,
    MATRON,
    SAME_COLOUR,
    SAME_HEALTH,
    SPECIALISTS,
    UNTREATED,
    WARDS,
)
from .context import Ctx
from .state import ACTIVATE, EFFECT, DHState, Hospital, Patient

NURSE = -1


def nurses_of(ctx: Ctx, h: Hospital) -> int:
    """Nurses ("białe meeple", ``nurses`` parameter; the matron stand-in adds one)."""
    return ctx.config.nurses + (ctx.matron_nurses if h.admin == MATRON else 0)


def nurses_left(ctx: Ctx, h: Hospital) -> int:
    """Nurses not yet placed this round."""
    return nurses_of(ctx, h) - h.nurses_used


def nurse_free(ctx: Ctx, h: Hospital) -> bool:
    """Can a nurse move now: one not yet placed, or (DH-NURSE-MOVES=again) any nurse
    at all, moved on from its ward."""
    return nurses_left(ctx, h) > 0 or (ctx.nurse_again and nurses_of(ctx, h) > 0)


def free_meeples(ctx: Ctx, h: Hospital) -> list[int]:
    """Meeples that can still move: ``NURSE`` and the specialist kinds not yet used
    ("każdy specjalista ... może być użyty tylko raz w rundzie")."""
    out = [NURSE] if nurse_free(ctx, h) else []
    out += [k for k in range(ctx.S) if h.specialists[k] > h.used_specialists[k]]
    return out


def free_wards(ctx: Ctx, h: Hospital) -> list[int]:
    """Ward kinds with a ward not yet used this round ("każdy specjalista i oddział może
    być użyty tylko raz w rundzie"): printed board wards and ward tiles."""
    board = ctx.config.board_wards
    return [k for k in range(ctx.W) if board[k] + h.wards[k] > h.used_wards[k]]


def ward_targets(ctx: Ctx, kind: int, patients: tuple[Patient, ...]) -> list[tuple[Patient, ...]]:
    """Whom a ward can treat: one patient (of the ward's colour, if it has one), or
    "dokładnie taka grupa pacjentów" -- exactly its group size, all of one shown colour
    or one health value (with patients at 6 or only below 6: DH-GROUP-SIX)."""
    w = WARDS[kind]
    fits = [p for p in patients if w.colour == ANY or shown(p) == w.colour]
    if w.size == 1:
        return [(p,) for p in sorted(set(fits))]
    if ctx.group_six_out:
        fits = [p for p in fits if p[1] < 6]
    out = set()
    for group in combinations(fits, w.size):
        if w.match == SAME_COLOUR and len({shown(p) for p in group}) != 1:
            continue
        if w.match == SAME_HEALTH and len({p[1] for p in group}) != 1:
            continue
        out.add(group)
    return sorted(out)


def heal(
    ctx: Ctx, h: Hospital, patient: Patient, steps: int, mark: bool = True
) -> tuple[Hospital, Patient | None]:
    """Treat one patient ``steps`` steps: "Każdy pacjent ze zdrowiem 6, który miałby
    zostać leczony, jest zamiast tego przenoszony do poczekalni do wypisu"; several
    steps past 6 are DH-PAST-6. Returns the hospital and the patient as it is now
    (``None`` once discharged to the lounge)."""
    c, health, treated, tint = patient
    patients = without(h.patients, (patient,))
    if ctx.past_6 == R.PAST_6.DISCHARGE:
        for _ in range(steps):
            if health == 6:
                return replace(h, patients=patients, lounge=bump(h.lounge, c, 1)), None
            health += 1
    elif health == 6:
        return replace(h, patients=patients, lounge=bump(h.lounge, c, 1)), None
    else:
        health = min(6, health + steps)
    now = (c, health, 1 if mark else treated, tint)
    return replace(h, patients=with_patients(patients, (now,))), now


def activation_options(ctx: Ctx, s: DHState) -> list[tuple[int, int, tuple[Patient, ...]]]:
    """Every (meeple, ward kind, patients) a player can activate now."""
    h = s.hospitals[s.cursor]
    meeples = free_meeples(ctx, h)
    if not meeples or not h.patients:
        return []
    out = []
    for kind in free_wards(ctx, h):
        for group in ward_targets(ctx, kind, h.patients):
            out += [(m, kind, group) for m in meeples]
    return out


def activate(ctx: Ctx, s: DHState, meeple: int, kind: int, group: tuple[Patient, ...]) -> DHState:
    """Aktywacja szpitala: "Kiedy przesunie meepla, rozpatrywane są najpierw efekty
    oddziału, potem efekty meepla (jeśli jest specjalistą)" -- the ward treats its
    patients; a specialist's effect follows (a decision: which patient)."""
    player = s.cursor
    h = s.hospitals[player]
    h = replace(h, used_wards=bump(h.used_wards, kind, 1))
    if meeple == NURSE:
        # a nurse moved on (DH-NURSE-MOVES=again) is one already placed: the count of
        # nurses placed stops at the nurses there are
        h = replace(h, nurses_used=min(h.nurses_used + 1, nurses_of(ctx, h)))
    else:
        h = replace(h, used_specialists=bump(h.used_specialists, meeple, 1))
    treated = []
    for p in group:
        h, now = heal(ctx, h, p, WARDS[kind].steps)
        if now is not None:
            treated.append(now)
    s = set_hospital(s, player, h)
    if meeple == NURSE:
        return finish(ctx, s)
    s = replace(s, effect=(meeple, tuple(sorted(treated))))
    targets = effect_targets(ctx, s)
    if not targets:
        return finish(ctx, s)
    if len(targets) == 1 and not ctx.effect_optional:
        return specialist_heal(ctx, s, targets[0])
    return replace(s, phase=EFFECT)


def effect_targets(ctx: Ctx, s: DHState) -> list[Patient]:
    """Whom the pending specialist can heal: one of the patients the ward just treated,
    or (the ward-round stand-in) any patient not yet treated this round; a coloured
    specialist only patients showing its colour."""
    assert s.effect is not None
    kind, just = s.effect
    spec = SPECIALISTS[kind]
    h = s.hospitals[s.cursor]
    pool = [p for p in h.patients if not p[2]] if spec.target == UNTREATED else list(just)
    return sorted({p for p in pool if spec.colour == ANY or shown(p) == spec.colour})


def specialist_heal(ctx: Ctx, s: DHState, patient: Patient) -> DHState:
    """The specialist's effect: one more step for the chosen patient."""
    h, _ = heal(ctx, s.hospitals[s.cursor], patient, 1)
    return finish(ctx, set_hospital(s, s.cursor, h))


def finish(ctx: Ctx, s: DHState) -> DHState:
    """The activation is over; a one-activation blood-bag colour ends with it
    (DH-RECOLOUR)."""
    s = replace(s, phase=ACTIVATE, effect=None)
    if ctx.tint_round:
        return s
    h = s.hospitals[s.cursor]
    if any(p[3] >= 0 for p in h.patients):
        plain = tuple(sorted((c, v, t, -1) for c, v, t, _ in h.patients))
        s = set_hospital(s, s.cursor, replace(h, patients=plain))
    return s


def blood_heal(ctx: Ctx, s: DHState, patient: Patient) -> DHState:
    """Free action: "używając żetonu worka z krwią można wyleczyć jedną kostkę o jedne
    krok" (whether that marks it treated is DH-BLOOD-TREATED); the bag is discarded."""
    h = s.hospitals[s.cursor]
    h, _ = heal(ctx, replace(h, blood=h.blood - 1), patient, 1, mark=ctx.blood_marks)
    return set_hospital(s, s.cursor, h)


def blood_recolour(ctx: Ctx, s: DHState, patient: Patient, colour: int) -> DHState:
    """Free action: "lub tymczasowo zmienić jej kolor" (how long: DH-RECOLOUR)."""
    h = s.hospitals[s.cursor]
    c, v, t, _ = patient
    patients = with_patients(
        without(h.patients, (patient,)), ((c, v, t, colour if colour != c else -1),)
    )
    return set_hospital(s, s.cursor, replace(h, blood=h.blood - 1, patients=patients))


def recolour_options(ctx: Ctx, h: Hospital) -> list[tuple[Patient, int]]:
    """Patients and the other colours they could be shown as."""
    return [(p, c) for p in sorted(set(h.patients)) for c in range(ctx.C) if c != shown(p)]
