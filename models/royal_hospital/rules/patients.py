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

from hhh_verify.contract.records import replace

from .board import bump, capacity, change_qoc, set_player
from .cards import CRITICAL, TERMINAL
from .config import REJECT_QOC
from .context import Ctx
from .state import Patient, RHState, Terminal

ONE = Fraction(1)


def deck_size(s: RHState) -> int:
    return sum(s.shuffled) + len(s.returned)


def draw_weights(ctx: Ctx, s: RHState) -> list[tuple[int, int]]:
    """The next Patient card from the bottom, as (key, weight): from the shuffled part,
    each visible class ``k`` weighted by its cards; once it is gone, the returned pile's
    oldest card (key -1, certain). Empty when no card is left."""
    if sum(s.shuffled):
        return [(k, n) for k, n in enumerate(s.shuffled) if n]
    return [(-1, 1)] if s.returned else []


def take(ctx: Ctx, s: RHState, key: int) -> tuple[int, RHState]:
    """The card of draw outcome ``key`` and the state without it: a critical or terminal
    card is the same on both sides (seen at once); any other stays unresolved."""
    if key < 0:
        return s.returned[0], replace(s, returned=s.returned[1:])
    t = replace(s, shuffled=bump(s.shuffled, key, -1))
    if ctx.open_class[key]:
        card = ctx.class_types[key][0]
        return card, replace(t, unresolved=bump(t.unresolved, card, -1))
    return ctx.hidden(key), t


def draw_outcomes(ctx: Ctx, s: RHState) -> list[tuple[int, Fraction, RHState]]:
    """Every draw outcome with its exact probability: (card code, probability, state)."""
    weights = draw_weights(ctx, s)
    total = sum(w for _, w in weights)
    out = []
    for key, w in weights:
        card, t = take(ctx, s, key)
        out.append((card, Fraction(w, total), t))
    return out


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


def resolve_weights(ctx: Ctx, s: RHState, code: int) -> list[tuple[int, int]]:
    """Flip a card of visible class ``k`` (``code = -(k + 1)``): each type of that class
    weighted by its unresolved cards -- the cards are exchangeable, so this is the exact
    posterior. A seen card: itself, certain."""
    if code >= 0:
        return [(code, 1)]
    types = ctx.class_types[-code - 1]
    weights = [(t, s.unresolved[t]) for t in types if s.unresolved[t]]
    assert weights, f"no unresolved card of class {-code - 1}"
    return weights


def resolved(s: RHState, code: int, card: int) -> RHState:
    """``s`` once a card of code ``code`` turned out to be ``card``."""
    return s if code >= 0 else replace(s, unresolved=bump(s.unresolved, card, -1))


def resolve(ctx: Ctx, s: RHState, code: int) -> list[tuple[int, Fraction, RHState]]:
    """Every type the card can be, with its exact probability and the state after."""
    weights = resolve_weights(ctx, s, code)
    total = sum(w for _, w in weights)
    return [(t, Fraction(w, total), resolved(s, code, t)) for t, w in weights]


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
    on top of the Patient deck", and lose quality of care (2; terminal patients 1). A
    terminal patient's card stays in the player's area under RH-TERMINAL-CARD=stays."""
    priority = ctx.patients[code].priority
    ps = s.players[p]
    s = set_player(s, p, dead=bump(ps.dead, priority, 1))
    if not (priority == TERMINAL and ctx.terminal_card_stays):
        s = replace(s, returned=s.returned + (code,))
    return change_qoc(ctx, s, p, -qoc_loss)


def critical(ctx: Ctx, code: int) -> bool:
    return code >= 0 and ctx.patients[code].priority == CRITICAL
