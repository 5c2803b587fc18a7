"""Patient Treatment Phase: diagnose, heal, treat terminal patients; and how any cost
that several token kinds can pay is paid (treatments, card research costs, sales).

A diagnosis takes diagnosis tokens, staff ("Staff resources can always be used in place
of Diagnostic or Healing resources"), research (RH-RESEARCH-IN-TREATMENT) or congress
doctors (RH-DOCTOR-SUBSTITUTE); healing the same with healing tokens; a research cost
research or congress doctors. While the tokens held are not scored (RH-COMPARE-COUNTERS
and RH-TIE-RESOURCES both ``production``), a later token in the chain can do everything
an earlier one can, so spending the least flexible first leaves a player at least as well
off as any other split, and the model pays that way at once (the rule index records this
reduction). Once tokens held are scored, a split can change the end-game comparison or
the sixth tie-breaker, so the player chooses every token (:func:`spend`,
:func:`token_choices`).
"""

from __future__ import annotations

from fractions import Fraction

from hhh_verify.contract.records import replace

from . import readings as R
from .board import bump, set_player
from .cards import CHRONIC, CRITICAL, TERMINAL
from .context import Ctx
from .effects import DIAG, DOCTOR, HEAL, RESEARCH, STAFF
from .patients import (
    cure,
    replace_patient,
    resolve_weights,
    resolved,
)
from .state import (
    T_PAY_DIAG,
    T_PAY_HEAL,
    T_PAY_RESEARCH,
    Patient,
    RHState,
    Task,
    Terminal,
)

#: the pending payment step of each cost part, and back
PAY_TASK = {DIAG: T_PAY_DIAG, HEAL: T_PAY_HEAL, RESEARCH: T_PAY_RESEARCH}
PART_OF = {task: kind for kind, task in PAY_TASK.items()}


def chain(ctx: Ctx, kind: int) -> tuple[int, ...]:
    """The tokens that pay for ``kind`` (DIAG, HEAL or RESEARCH), least flexible first.
    A research cost: "congress doctor can be used by players as a staff or research
    resource" (Game Setup)."""
    if kind == RESEARCH:
        return (RESEARCH, DOCTOR)
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


def spend(ctx: Ctx, s: RHState, p: int, parts: list[tuple[int, int]]) -> RHState:
    """Pay a cost of ``parts`` (kind, amount): least flexible first at once, or, while
    tokens held are scored (RH-COMPARE-COUNTERS or RH-TIE-RESOURCES ``tokens``), as
    pending payment steps at the head of the queue where the player picks each token.
    Nothing the cost buys gives tokens, so paying just after it changes no outcome."""
    parts = [(k, n) for k, n in parts if n > 0]
    if ctx.tokens_scored:
        tasks = tuple(Task(PAY_TASK[k], p, n) for k, n in parts)
        return replace(s, queue=tasks + s.queue)
    tokens: tuple[int, ...] | None = s.players[p].tokens
    for k, n in parts:
        assert tokens is not None
        tokens = pay(tokens, chain(ctx, k), n)
    assert tokens is not None, f"seat {p} cannot pay {parts}"
    return set_player(s, p, tokens=tokens)


def pending_parts(s: RHState) -> list[tuple[int, int]]:
    """(kind, amount) of the payment steps at the head of the queue (one player's)."""
    out = []
    for task in s.queue:
        if task.kind not in PART_OF or task.player != s.queue[0].player:
            break
        out.append((PART_OF[task.kind], task.n))
    return out


def token_choices(ctx: Ctx, s: RHState) -> tuple[int, ...]:
    """The token kinds that may pay the next unit of the pending payment: each kind the
    part accepts that the player holds and after which the rest can still be paid.
    Under RH-COMPARE-COUNTERS=production only the sum of the four counted kinds is
    scored (RH-TIE-RESOURCES=tokens), so among them only flexibility differs and the
    least flexible stands for all; congress doctors, never counted, stay a choice."""
    parts = pending_parts(s)
    kind, n = parts[0]
    p = s.queue[0].player
    tokens = s.players[p].tokens
    out = []
    for k in chain(ctx, kind):
        if not tokens[k]:
            continue
        rest: tuple[int, ...] | None = bump(tokens, k, -1)
        for part, amount in [(kind, n - 1), *parts[1:]]:
            rest = None if rest is None else pay(rest, chain(ctx, part), amount)
        if rest is not None:
            out.append(k)
    if not ctx.compare_tokens:
        counted = [k for k in out if k != DOCTOR]
        out = counted[:1] + [k for k in out if k == DOCTOR]
    return tuple(sorted(out))


def use_token(ctx: Ctx, s: RHState, kind: int) -> RHState:
    """Pay one unit of the pending payment with a token of ``kind``."""
    head = s.queue[0]
    p = head.player
    s = set_player(s, p, tokens=bump(s.players[p].tokens, kind, -1))
    left = (head._replace(n=head.n - 1),) if head.n > 1 else ()
    return replace(s, queue=left + s.queue[1:])


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
    s = spend(ctx, s, p, [(DIAG if d else HEAL, 1)])
    return replace_patient(s, p, pt, pt._replace(paid=pt.paid + 1))


def diagnose_paid(ctx: Ctx, s: RHState, p: int, pt: Patient) -> RHState:
    """Diagnosing a patient: "you must pay the number of Diagnostic resources indicated
    by the card's difficulty"."""
    d, _ = stage_cost(ctx, pt)
    return spend(ctx, s, p, [(DIAG, d)])


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
    return cure(ctx, spend(ctx, s, p, [(DIAG, d), (HEAL, h)]), p, pt)


def healable(ctx: Ctx, pt: Patient) -> bool:
    return bool(pt.diagnosed) or (pt.card >= 0 and ctx.patients[pt.card].priority == CRITICAL)


def treat_terminal(ctx: Ctx, s: RHState, p: int, term: Terminal) -> RHState:
    """Hospital Board: "If successfully treated, remove the resource used to treat them and
    note the rewards for treating them. This patient does not increase the track of
    healed patients and the patient remains in your playing area." Which treatments pay
    the card's reward: RH-TERMINAL-REWARD."""
    s = spend(ctx, s, p, [(HEAL, terminal_cost(ctx, term.card))])
    ps = s.players[p]
    card = ctx.patients[term.card]
    reward = ctx.terminal_reward
    pays = reward == R.TERMINAL_REWARD.EVERY_TREATMENT or (
        reward == R.TERMINAL_REWARD.FIRST_TREATMENT and not term.rewarded
    )
    terminals = list(ps.terminals)
    terminals.remove(term)
    terminals.append(Terminal(term.card, 1, int(reward == R.TERMINAL_REWARD.FIRST_TREATMENT)))
    return set_player(
        s,
        p,
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
