"""Patient Treatment Phase: diagnose, heal, treat terminal patients.

Payments spend the least flexible tokens first: a diagnosis takes diagnosis tokens, then
staff ("Staff resources can always be used in place of Diagnostic or Healing
resources"), then research (RH-RESEARCH-IN-TREATMENT), then congress doctors
(RH-DOCTOR-SUBSTITUTE); healing the same with healing tokens. Every later token in the
chain can do everything an earlier one can, so no other split leaves a player better
off: the model offers one payment per treatment instead of every split (the rule index
records this reduction).
"""

from __future__ import annotations

from fractions import Fraction

from .board import set_player
from .cards import CHRONIC, CRITICAL, TERMINAL
from .context import Ctx
from .effects import DIAG, DOCTOR, HEAL, RESEARCH, STAFF
from .patients import cure, replace_patient, resolve_weights, resolved
from .state import Patient, RHState, Terminal


def chain(ctx: Ctx, kind: int) -> tuple[int, ...]:
    """The tokens that pay for ``kind`` (DIAG or HEAL), least flexible first."""
    out = [kind, STAFF]
    if ctx.research_heals:
        out.append(RESEARCH)
    if ctx.doctor_substitutes:
        out.append(DOCTOR)
    return tuple(out)


def pay(tokens: tuple[int, ...], order: tuple[int, ...], amount: int) -> tuple[int, ...] | None:
    """``tokens`` after paying ``amount`` along ``order``, or ``None`` if short."""
    if amount <= 0:
        return tokens
    left = list(tokens)
    for k in order:
        take = min(left[k], amount)
        left[k] -= take
        amount -= take
        if not amount:
            return tuple(left)
    return None


def pay_parts(ctx: Ctx, tokens: tuple[int, ...], diag: int, heal: int) -> tuple[int, ...] | None:
    """Pay a diagnosis part and a healing part (a critical patient pays both at once)."""
    after = pay(tokens, chain(ctx, DIAG), diag)
    return None if after is None else pay(after, chain(ctx, HEAL), heal)


def stage_cost(ctx: Ctx, pt: Patient) -> tuple[int, int]:
    """What the patient's next step still costs, as (diagnosis, healing) parts.

    Diagnosing: "the number of Diagnostic resources indicated by the card's difficulty";
    healing: "a number of Healing resources equal to the difficulty shown" (chronic:
    "equal to the number of time tokens"); critical: RH-CRITICAL-COST."""
    if pt.card >= 0 and ctx.patients[pt.card].priority == CRITICAL:
        card = ctx.patients[pt.card]
        diag = card.diag if ctx.critical_both else 0
        d = max(diag - pt.paid, 0)
        return d, card.heal - max(pt.paid - diag, 0)
    if not pt.diagnosed:
        return ctx.class_diag[ctx.class_of_code(pt.card)] - pt.paid, 0
    card = ctx.patients[pt.card]
    heal = pt.tokens if card.priority == CHRONIC else card.heal
    return 0, max(heal - pt.paid, 0)


def terminal_cost(ctx: Ctx, code: int) -> int:
    """Terminal patients: "treated with 1 healing resource" (RH-TERMINAL-COST)."""
    return 1 if ctx.terminal_one_heal else ctx.patients[code].heal


def diagnosable(ctx: Ctx, pt: Patient) -> bool:
    return not pt.diagnosed and not (pt.card >= 0 and ctx.patients[pt.card].priority == CRITICAL)


def can_afford(ctx: Ctx, s: RHState, p: int, pt: Patient) -> bool:
    d, h = stage_cost(ctx, pt)
    return pay_parts(ctx, s.players[p].tokens, d, h) is not None


def can_assign(ctx: Ctx, s: RHState, p: int, pt: Patient) -> bool:
    """RH-PARTIAL-PAYMENT=partial: one token may go on a patient whose next step the
    player cannot pay in full."""
    if not ctx.partial or can_afford(ctx, s, p, pt):
        return False
    d, h = stage_cost(ctx, pt)
    if d:
        return pay(s.players[p].tokens, chain(ctx, DIAG), 1) is not None
    return h > 0 and pay(s.players[p].tokens, chain(ctx, HEAL), 1) is not None


def assign(ctx: Ctx, s: RHState, p: int, pt: Patient) -> RHState:
    """Put one resource on the card towards its next step."""
    d, _ = stage_cost(ctx, pt)
    tokens = pay(s.players[p].tokens, chain(ctx, DIAG if d else HEAL), 1)
    assert tokens is not None
    s = set_player(s, p, tokens=tokens)
    return replace_patient(s, p, pt, pt._replace(paid=pt.paid + 1))


def diagnose_paid(ctx: Ctx, s: RHState, p: int, pt: Patient) -> RHState:
    """Diagnosing a patient: "you must pay the number of Diagnostic resources indicated
    by the card's difficulty"."""
    d, _ = stage_cost(ctx, pt)
    tokens = pay(s.players[p].tokens, chain(ctx, DIAG), d)
    assert tokens is not None
    return set_player(s, p, tokens=tokens)


def diagnosed_as(ctx: Ctx, s: RHState, p: int, pt: Patient, card: int) -> RHState:
    """ "Then flip the patient card over to reveal the healing side": it is ``card``.
    "Patients with no time tokens when diagnosed are automatically healed" (chronic)."""
    flipped = Patient(card, 1, pt.tokens, 0)
    s = replace_patient(resolved(s, pt.card, card), p, pt, flipped)
    if ctx.patients[card].priority == CHRONIC and pt.tokens == 0:
        s = cure(ctx, s, p, flipped)
    return s


def diagnose(ctx: Ctx, s: RHState, p: int, pt: Patient) -> list[tuple[RHState, Fraction]]:
    """Pay, then flip: a chance step while the card is unresolved (exact odds)."""
    s = diagnose_paid(ctx, s, p, pt)
    weights = resolve_weights(ctx, s, pt.card)
    total = sum(w for _, w in weights)
    return [(diagnosed_as(ctx, s, p, pt, card), Fraction(w, total)) for card, w in weights]


def heal(ctx: Ctx, s: RHState, p: int, pt: Patient) -> RHState:
    """Healing a patient (or curing a critical one): pay, gain the card's credits and
    victory points, advance the treated-patients track, the card goes on top of the deck."""
    d, h = stage_cost(ctx, pt)
    tokens = pay_parts(ctx, s.players[p].tokens, d, h)
    assert tokens is not None
    s = set_player(s, p, tokens=tokens)
    return cure(ctx, s, p, pt)


def healable(ctx: Ctx, pt: Patient) -> bool:
    return bool(pt.diagnosed) or (pt.card >= 0 and ctx.patients[pt.card].priority == CRITICAL)


def treat_terminal(ctx: Ctx, s: RHState, p: int, term: Terminal) -> RHState:
    """Hospital Board: "If successfully treated, remove the resource used to treat them and
    note the rewards for treating them. This patient does not increase the track of
    healed patients and the patient remains in your playing area." Which treatments pay
    the card's reward: RH-TERMINAL-REWARD."""
    ps = s.players[p]
    tokens = pay(ps.tokens, chain(ctx, HEAL), terminal_cost(ctx, term.card))
    assert tokens is not None
    card = ctx.patients[term.card]
    reward = ctx.terminal_reward
    pays = reward == "every-treatment" or (reward == "first-treatment" and not term.rewarded)
    terminals = list(ps.terminals)
    terminals.remove(term)
    terminals.append(Terminal(term.card, 1, int(reward == "first-treatment")))
    return set_player(
        s,
        p,
        tokens=tokens,
        credits=ps.credits + (card.credits if pays else 0),
        vp=ps.vp + (card.vp if pays else 0),
        terminals=tuple(sorted(terminals)),
    )


def terminal_treatable(ctx: Ctx, s: RHState, p: int, term: Terminal) -> bool:
    if term.treated:
        return False
    cost = terminal_cost(ctx, term.card)
    return pay(s.players[p].tokens, chain(ctx, HEAL), cost) is not None


def is_terminal_card(ctx: Ctx, code: int) -> bool:
    return code >= 0 and ctx.patients[code].priority == TERMINAL
