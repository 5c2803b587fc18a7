"""Patient cards: drawing from the bottom, admission, flipping, curing and dying.

Patient Cards: cards "must always be drawn from the bottom of the deck with the healing
side hidden"; Hospital Board and Cleanup: discarded, cured and dead patients go "on top
of the Patient deck". So the deck is a queue: the shuffled cards come out first, then the
returned pile, oldest first. A drawn card shows its visible class; its true type is a
chance outcome with the odds of every still-unresolved card of that class
(:func:`resolve`), sampled only when someone sees the healing side.
"""

from __future__ import annotations

from fractions import Fraction

from .board import bump, capacity, change_qoc, set_player
from .cards import CRITICAL
from .config import REJECT_QOC
from .context import Ctx
from .records import replace
from .state import Patient, RHState, Terminal

ONE = Fraction(1)


def deck_size(s: RHState) -> int:
    return sum(s.shuffled) + len(s.returned)


def draw_outcomes(ctx: Ctx, s: RHState) -> list[tuple[int, Fraction, RHState]]:
    """The next Patient card from the bottom: from the shuffled part, each visible class
    with probability (its cards) / (cards left); then the returned pile, oldest first
    (certain). Returns (card code, probability, state without the card)."""
    total = sum(s.shuffled)
    if total:
        out = []
        for k, n in enumerate(s.shuffled):
            if not n:
                continue
            t = replace(s, shuffled=bump(s.shuffled, k, -1))
            if ctx.open_class[k]:  # the same on both sides: seen at once
                card = ctx.class_types[k][0]
                t = replace(t, unresolved=bump(t.unresolved, card, -1))
            else:
                card = ctx.hidden(k)
            out.append((card, Fraction(n, total), t))
        return out
    if s.returned:
        return [(s.returned[0], ONE, replace(s, returned=s.returned[1:]))]
    return []


def arrive(ctx: Ctx, s: RHState, p: int, card: int) -> RHState:
    """A drawn patient: a terminal one goes to the playing area ("This patient doesn't
    need a room in your hospital"); any other waits for admission."""
    if ctx.is_terminal(card):
        ps = s.players[p]
        return set_player(s, p, terminals=tuple(sorted(ps.terminals + (Terminal(card, 0),))))
    return replace(s, arrivals=tuple(sorted(s.arrivals + (Patient(card, 0, 0),))))


def fits(ctx: Ctx, s: RHState, p: int) -> bool:
    ps = s.players[p]
    return len(ps.patients) + len(s.arrivals) <= capacity(ctx, ps)


def admit_all(s: RHState, p: int) -> RHState:
    """Place the arrivals on the hospital board (and outpatient clinics)."""
    ps = s.players[p]
    s = set_player(s, p, patients=tuple(sorted(ps.patients + s.arrivals)))
    return replace(s, arrivals=())


def reject(ctx: Ctx, s: RHState, p: int, patient: Patient) -> RHState:
    """Hospital Board, no space: "Discard the Patient card. Discarded Patient cards are
    placed on top of the Patient deck" and "Decrease your quality of care track by 1"."""
    arrivals = list(s.arrivals)
    arrivals.remove(patient)
    s = replace(s, arrivals=tuple(arrivals), returned=s.returned + (patient.card,))
    s = set_player(s, p, rejected=s.players[p].rejected + 1)
    return change_qoc(ctx, s, p, -REJECT_QOC)


def resolve(ctx: Ctx, s: RHState, code: int) -> list[tuple[int, Fraction, RHState]]:
    """Flip a card of visible class ``k`` (``code = -(k + 1)``): each type of that class
    with probability (its unresolved cards) / (unresolved cards of the class); the
    cards are exchangeable, so this is the exact posterior. A seen card: certain."""
    if code >= 0:
        return [(code, ONE, s)]
    k = -code - 1
    types = ctx.class_types[k]
    total = sum(s.unresolved[t] for t in types)
    assert total > 0, f"no unresolved card of class {k}"
    return [
        (t, Fraction(s.unresolved[t], total), replace(s, unresolved=bump(s.unresolved, t, -1)))
        for t in types
        if s.unresolved[t]
    ]


def replace_patient(s: RHState, p: int, old: Patient, new: Patient | None) -> RHState:
    """Player ``p``'s hospital with ``old`` replaced by ``new`` (or removed)."""
    patients = list(s.players[p].patients)
    patients.remove(old)
    if new is not None:
        patients.append(new)
    return set_player(s, p, patients=tuple(sorted(patients)))


def cure(ctx: Ctx, s: RHState, p: int, patient: Patient) -> RHState:
    """Healing a patient: "gain the credit rewards and victory points shown on the card,
    and then discard the card to the top of the patient deck"; "Each time you heal a
    patient, increase the track of healed patients"."""
    card = ctx.patients[patient.card]
    s = replace_patient(s, p, patient, None)
    ps = s.players[p]
    s = set_player(
        s,
        p,
        credits=ps.credits + card.credits,
        vp=ps.vp + card.vp,
        healed=ps.healed + 1,
        healed_max=max(ps.healed_max, ps.healed + 1),
    )
    return replace(s, returned=s.returned + (patient.card,))


def die(ctx: Ctx, s: RHState, p: int, code: int, qoc_loss: int) -> RHState:
    """Deceased patients: discard what is on the card, "Place the deceased patient's card
    on top of the Patient deck", and lose quality of care (2; terminal patients 1)."""
    priority = ctx.patients[code].priority
    ps = s.players[p]
    s = set_player(s, p, dead=bump(ps.dead, priority, 1))
    s = replace(s, returned=s.returned + (code,))
    return change_qoc(ctx, s, p, -qoc_loss)


def critical(ctx: Ctx, code: int) -> bool:
    return code >= 0 and ctx.patients[code].priority == CRITICAL
