"""Promises of the readings of the expansion (Rozubudowa szpitala) and the activation
(Aktywacja szpitala): each function checks one step ``(model, state, action,
successor)`` against an option's words and returns what is broken, or ``None``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import combinations
from typing import Any

from ..rules import readings as R
from ..rules.actions import (
    Activate,
    BloodHeal,
    DeclineEffect,
    EndActivation,
    SpecialistHeal,
    TakeSpecialist,
    TakeWard,
)
from ..rules.activation import free_meeples
from ..rules.components import (
    ANY,
    MATRON,
    SAME_COLOUR,
    SAME_HEALTH,
    SPECIALISTS,
    UNTREATED,
    WARDS,
)
from ..rules.model import DHModel
from ..rules.state import (
    ACTIVATE,
    EFFECT,
    EXPAND,
    EXPAND_DISCARD,
    DHState,
    Patient,
)
from .promise_steps import health_counts

#: (model, s, action, t) -> what went wrong, or None
Check = Callable[[DHModel, DHState, Any, DHState], "str | None"]
NURSE = -1  # the meeple of a nurse in ``Activate``


# DH-EXPANSION-DISCARD -------------------------------------------------------------------
def _tiles(h: Any) -> int:
    return sum(h.wards) + sum(h.specialists)


def _draft_change(s: DHState, u: DHState) -> tuple[int, int]:
    """(tiles, blood bags) the drafting player gained from ``s`` to ``u``."""
    p = s.order[s.cursor]
    a, b = s.hospitals[p], u.hospitals[p]
    return _tiles(b) - _tiles(a), b.blood - a.blood


def expansion_discard(reading: str) -> Check:
    """instead-of-taking: a draft turn takes a tile or turns a revealed one into a blood
    bag (and that trade is offered); owned-tile: a draft turn takes a tile, then the same
    player may give up one owned tile for a bag; same-permission: a draft turn takes a
    tile and nothing more."""

    def check(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
        if s.phase == EXPAND:
            change = _draft_change(s, t)
            allowed = [(1, 0)] + (
                [(0, 1)] if reading == R.EXPANSION_DISCARD.INSTEAD_OF_TAKING else []
            )
            if change not in allowed:
                return f"a draft turn changed (tiles, bags) by {change}"
            after = t.phase == EXPAND_DISCARD
            if after != (reading == R.EXPANSION_DISCARD.OWNED_TILE):
                return f"a discard of an owned tile {'offered' if after else 'missing'}"
            if reading == R.EXPANSION_DISCARD.INSTEAD_OF_TAKING and sum(s.ward_market) + sum(
                s.specialist_market
            ):
                trades = [
                    b
                    for b in model.legal_actions(s)
                    if any(_draft_change(s, u) == (0, 1) for u, _ in model.step(s, b))
                ]
                if not trades:
                    return "no revealed tile can be traded for a blood bag"
        if s.phase == EXPAND_DISCARD:
            if reading != R.EXPANSION_DISCARD.OWNED_TILE:
                return "a discard after the draft"
            p = s.order[s.cursor]
            lost = _tiles(s.hospitals[p]) - _tiles(t.hospitals[p])
            bags = t.hospitals[p].blood - s.hospitals[p].blood
            if (lost, bags) not in ((0, 0), (1, 1)):
                return f"a discard after the draft lost {lost} tiles for {bags} bags"
        return None

    return check


# DH-NEW-TILE ----------------------------------------------------------------------------
def _usable(model: DHModel, h: Any, ward: bool, kind: int) -> int:
    """Copies of a ward (printed or tile) or specialist kind not yet used this round."""
    if ward:
        return model.config.board_wards[kind] + h.wards[kind] - h.used_wards[kind]
    return int(h.specialists[kind] - h.used_specialists[kind])


def new_tile(waits: bool) -> Check:
    """this-round: a tile taken in the draft is one more copy of its kind usable in this
    round's activation; next-round: the copies usable this round stay as they were."""

    def check(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
        if s.phase != EXPAND or not isinstance(a, (TakeWard, TakeSpecialist)):
            return None
        p = s.order[s.cursor]
        ward = isinstance(a, TakeWard)
        gained = _usable(model, t.hospitals[p], ward, a.kind) - _usable(
            model, s.hospitals[p], ward, a.kind
        )
        if gained != (0 if waits else 1):
            return f"a tile taken made {gained} more of its kind usable this round"
        return None

    return check


# DH-PAST-6, DH-SPECIALIST-OPTIONAL ------------------------------------------------------
def ward_result(model: DHModel, s: DHState, a: Activate) -> tuple[Counter, int, list[Patient]]:
    """What the ward alone does under the model's DH-PAST-6 words: the hospital as
    ``(colour, health)`` counts, the discharges, and the ward's patients still there."""
    steps = WARDS[a.ward].steps
    one_by_one = model.readings.declares(R.PAST_6.DISCHARGE)
    left: list[Patient] = []
    out = 0
    for c, h, _, tint in a.patients:
        if h == 6 or (one_by_one and h + steps > 6):
            out += 1
        else:
            left.append((c, min(6, h + steps), 1, tint))
    patients = health_counts(s.hospitals[s.cursor].patients) - health_counts(a.patients)
    return patients + health_counts(left), out, left


def steps_beyond(expected: Counter, out: int, got: Counter, got_out: int) -> int | None:
    """How many single healing steps ``got`` is past ``expected``: 0, 1 (one patient
    one step further, or one at 6 discharged), or ``None`` for anything else."""
    if got == expected and got_out == out:
        return 0
    if got_out == out + 1:
        return (
            1
            if any(got == expected - Counter({(c, 6): 1}) for c, h in expected if h == 6)
            else None
        )
    if got_out == out:
        for c, h in expected:
            if h < 6 and got == expected - Counter({(c, h): 1}) + Counter({(c, h + 1): 1}):
                return 1
    return None


def _activation(model: DHModel, s: DHState, a: Any, t: DHState) -> tuple[int | None, list[Patient]]:
    """Steps the activation gave beyond its ward, and the ward's patients left."""
    expected, out, left = ward_result(model, s, a)
    h0, h1 = s.hospitals[s.cursor], t.hospitals[s.cursor]
    got = health_counts(h1.patients)
    return steps_beyond(expected, out, got, sum(h1.lounge) - sum(h0.lounge)), left


def past_6(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
    """discharge: a ward's steps are taken one by one, the step from 6 discharges;
    stop-at-6: a ward's heal stops at 6 and only a patient at 6 is discharged. A nurse's
    ward does exactly that; a specialist adds at most one step."""
    if s.phase != ACTIVATE or not isinstance(a, Activate):
        return None
    extra, _ = _activation(model, s, a, t)
    if extra is None or (a.meeple == NURSE and extra):
        return f"{WARDS[a.ward].name} on {list(a.patients)} did not heal as the reading says"
    return None


def effect_targets(s: DHState, a: Activate, left: list[Patient]) -> list[Patient]:
    """Whom the specialist's printed effect can reach after its ward: one of the ward's
    patients still there, or (ward round) an untreated one; of its colour if it has one."""
    spec = SPECIALISTS[a.meeple]
    if spec.target == UNTREATED:
        rest = Counter(s.hospitals[s.cursor].patients) - Counter(a.patients)
        pool = [p for p in rest.elements() if not p[2]]
    else:
        pool = left
    return [p for p in pool if spec.colour == ANY or (p[3] if p[3] >= 0 else p[0]) == spec.colour]


def specialist_effect(optional: bool) -> Check:
    """mandatory: a specialist's effect with a target is resolved (never declined), at
    once when it has only one ("rozpatrywane są": nothing is left to ask); optional: with
    a target the player is asked and may decline."""

    def check(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
        if s.phase == EFFECT and (DeclineEffect() in model.legal_actions(s)) != optional:
            return f"declining a specialist's effect {'not ' if optional else ''}offered"
        if s.phase != ACTIVATE or not isinstance(a, Activate) or a.meeple == NURSE:
            return None
        extra, left = _activation(model, s, a, t)
        if not effect_targets(s, a, left):
            if extra or t.phase == EFFECT:
                return "a specialist's effect without a target"
            return None
        if optional and t.phase != EFFECT:
            return "a specialist's effect resolved without asking the player"
        if not optional and t.phase == EFFECT and len(set(effect_targets(s, a, left))) == 1:
            return "a specialist's effect with one target waits for the player"
        if not optional and t.phase != EFFECT and extra != 1:
            return "a specialist's effect with a target was not resolved"
        return None

    return check


# DH-PLACEMENT-OPTIONAL --------------------------------------------------------------------
def placement(every_meeple: bool) -> Check:
    """optional: the activation can always end; every-meeple: it ends only when no
    meeple can be placed."""

    def check(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
        if s.phase != ACTIVATE:
            return None
        legal = model.legal_actions(s)
        can_end = EndActivation() in legal
        if not every_meeple:
            return None if can_end else "the activation cannot end"
        if can_end and any(isinstance(b, Activate) for b in legal):
            return "the activation can end with a meeple still placeable"
        return None

    return check


# DH-NURSE-MOVES -------------------------------------------------------------------------
def _nurse_ward_free(model: DHModel, h: Any) -> bool:
    """An unused one-patient ward for any colour and a patient to send a nurse to."""
    board = model.config.board_wards
    return bool(h.patients) and any(
        w.size == 1 and w.colour == ANY and board[k] + h.wards[k] > h.used_wards[k]
        for k, w in enumerate(WARDS)
    )


def nurse_moves(again: bool) -> Check:
    """once: a nurse is offered only while one is not yet placed this round; again: with
    a free one-patient ward and a patient, a nurse is offered whenever the player has
    nurses at all, placed or not."""

    def check(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
        if s.phase != ACTIVATE:
            return None
        h = s.hospitals[s.cursor]
        nurses = model.config.nurses + (model.ctx.matron_nurses if h.admin == MATRON else 0)
        offered = any(isinstance(b, Activate) and b.meeple == NURSE for b in model.legal_actions(s))
        if not again and offered and h.nurses_used >= nurses:
            return f"a nurse offered after all {nurses} were placed this round"
        if again and not offered and nurses and _nurse_ward_free(model, h):
            return f"no nurse offered ({h.nurses_used} of {nurses} placed) with a free ward"
        return None

    return check


# DH-GROUP-SIX ---------------------------------------------------------------------------
def _groups(ward: Any, patients: tuple[Patient, ...], sixes: bool) -> set[tuple[Patient, ...]]:
    """Every exact group of ``ward``'s size among ``patients``: fitting its colour, of
    one shown colour or one health as it asks, with or without patients at 6."""

    def shown(p: Patient) -> int:
        return p[3] if p[3] >= 0 else p[0]

    fits = [p for p in patients if (ward.colour == ANY or shown(p) == ward.colour)]
    fits = [p for p in fits if sixes or p[1] < 6]
    out = set()
    for group in combinations(fits, ward.size):
        if ward.match == SAME_COLOUR and len({shown(p) for p in group}) != 1:
            continue
        if ward.match == SAME_HEALTH and len({p[1] for p in group}) != 1:
            continue
        out.add(tuple(sorted(group)))
    return out


def group_six(excluded: bool) -> Check:
    """counts: a group ward is offered every exact group, patients at 6 among them;
    excluded: every exact group of patients below 6, and none with a patient at 6."""

    def check(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
        if s.phase != ACTIVATE:
            return None
        h = s.hospitals[s.cursor]
        board = model.config.board_wards
        kinds = [
            k for k, w in enumerate(WARDS) if w.size > 1 and board[k] + h.wards[k] > h.used_wards[k]
        ]
        offered: dict[tuple[int, int], set[tuple[Patient, ...]]] = {
            (m, k): set() for m in free_meeples(model.ctx, h) for k in kinds
        }
        for b in model.legal_actions(s):
            if isinstance(b, Activate) and WARDS[b.ward].size > 1:
                offered.setdefault((b.meeple, b.ward), set()).add(tuple(sorted(b.patients)))
        for (_meeple, kind), groups in offered.items():
            want = _groups(WARDS[kind], h.patients, sixes=not excluded)
            if groups != want:
                six = any(p[1] == 6 for g in groups ^ want for p in g)
                return (
                    f"{WARDS[kind].name} offered {len(groups)} groups, the reading gives "
                    f"{len(want)}{' (a patient at 6)' if six else ''}"
                )
        return None

    return check


# DH-BLOOD-TREATED ---------------------------------------------------------------------
def blood_heal(marks: bool) -> Check:
    """A blood bag heals one patient one step; marks-treated: the patient is marked
    treated; no-mark: its mark stays as it was."""

    def check(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
        if not isinstance(a, BloodHeal):
            return None
        h0, h1 = s.hospitals[s.cursor], t.hospitals[s.cursor]
        c, v, tr, tint = a.patient
        rest = Counter(h0.patients) - Counter({a.patient: 1})
        if v == 6:
            want, out = rest, 1
        else:
            want, out = rest + Counter({(c, v + 1, 1 if marks else tr, tint): 1}), 0
        if Counter(h1.patients) != want or sum(h1.lounge) - sum(h0.lounge) != out:
            return f"a blood bag on {a.patient} gave {h1.patients}"
        return None

    return check


# DH-RECOLOUR ---------------------------------------------------------------------------
def recolour(whole_round: bool) -> Check:
    """one-activation: a blood bag's colour is gone once the next ward activation ends;
    round: an activation takes no colour away (but from the patients it discharges)."""

    def check(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
        if not isinstance(a, (Activate, SpecialistHeal, DeclineEffect)):
            return None
        h0, h1 = s.hospitals[s.cursor], t.hospitals[s.cursor]
        tinted = sum(1 for p in h1.patients if p[3] >= 0)
        if not whole_round:
            if t.phase == ACTIVATE and tinted:
                return "a blood bag's colour outlasted the activation"
            return None
        before = sum(1 for p in h0.patients if p[3] >= 0)
        if tinted < before - (sum(h1.lounge) - sum(h0.lounge)):
            return "a blood bag's colour ended with an activation"
        return None

    return check
