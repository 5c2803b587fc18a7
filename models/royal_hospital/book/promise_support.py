"""What the promises read off a step: which phase boundaries it crossed, what a player
committed to pay, what a cost's words accept, and the mirrored end positions the scoring
promises compare. Everything here reads state fields and printed card data, never the
rule functions the promises check."""

from __future__ import annotations

from typing import Any

from hhh_verify.contract.readings import Reading

from ..rules import readings as R
from ..rules.cards import CRITICAL
from ..rules.effects import DOCTOR, RESEARCH, STAFF
from ..rules.model import RHModel
from ..rules.state import (
    ACTIONS,
    CLEANUP,
    OVER,
    PREPARATION,
    T_DEATHS,
    T_PAY_DIAG,
    T_PAY_HEAL,
    T_PAY_RESEARCH,
    TREATMENT,
    RHState,
    Task,
)

PAY_KINDS = (T_PAY_DIAG, T_PAY_HEAL, T_PAY_RESEARCH)


def reads(model: RHModel, option: Reading) -> bool:
    """Whether the promises hold ``model`` to ``option`` (the reading it plays, except
    on a swap mutant)."""
    return bool(model.readings.declares(option))


def crossed_deaths(s: RHState, t: RHState) -> bool:
    """Whether the Cleanup's deaths (and discards) ran between ``s`` and ``t``."""
    before = s.phase == TREATMENT or (
        s.phase == CLEANUP and any(k.kind == T_DEATHS for k in s.queue)
    )
    after = t.phase in (OVER, PREPARATION, ACTIONS) or (
        t.phase == CLEANUP and not any(k.kind == T_DEATHS for k in t.queue)
    )
    return before and after


def pending_payment(s: RHState, p: int) -> int:
    """Tokens player ``p`` still owes on payments waiting for their choice."""
    return sum(k.n for k in s.queue if k.kind in PAY_KINDS and k.player == p)


def committed(s: RHState, t: RHState, p: int) -> int:
    """Tokens player ``p`` paid or came to owe in the step (congress doctors included)."""
    paid = sum(s.players[p].tokens) - sum(t.players[p].tokens)
    return paid + pending_payment(t, p) - pending_payment(s, p)


def accepted(
    model: RHModel, part: int, research: bool | None = None, doctor: bool | None = None
) -> tuple[int, ...]:
    """The token kinds the book lets pay a diagnosis (DIAG), a healing (HEAL) or a
    research cost (RESEARCH): "Staff resources can always be used in place of Diagnostic
    or Healing resources"; congress doctors "as a staff or research resource"; research
    and doctors in treatment under their readings (``research`` / ``doctor`` fix one
    reading: the promise's own)."""
    if part == RESEARCH:
        return (RESEARCH, DOCTOR)
    if research is None:
        research = reads(model, R.RESEARCH_IN_TREATMENT.RESEARCH_TOO)
    if doctor is None:
        doctor = reads(model, R.DOCTOR_SUBSTITUTE.AS_STAFF)
    return (part, STAFF) + ((RESEARCH,) if research else ()) + ((DOCTOR,) if doctor else ())


def diagnosis_cost(model: RHModel, code: int) -> int:
    """A patient's diagnostic difficulty as its diagnosis side prints it."""
    ctx = model.ctx
    return int(ctx.class_diag[ctx.class_of_code(code)])


def is_critical(model: RHModel, code: int) -> bool:
    return code >= 0 and model.ctx.patients[code].priority == CRITICAL


def consumed(s: RHState, t: RHState) -> tuple[Task, ...]:
    """The steps pending behind ``s``'s head that ran during the step (those no longer
    pending at ``t``'s end of the queue)."""
    rest = s.queue[1:]
    k = 0
    while k < min(len(rest), len(t.queue)) and rest[-1 - k] == t.queue[-1 - k]:
        k += 1
    return rest[: len(rest) - k]


def seat_to_vary(t: RHState, players: int) -> int:
    """The seat a mirrored probe changes: the starting player, never the one a
    'latest in turn order' final tie gives the win to."""
    return t.first % players


def mirror(t: RHState, seat: int, **changes: Any) -> RHState:
    """``t`` with every seat a copy of seat 0, and ``seat`` changed by ``changes``:
    all counters tie but the changed ones."""
    base = t.players[0]
    players = [base] * len(t.players)
    players[seat] = base._replace(**changes)
    return t._replace(players=tuple(players))


def level_scores(model: RHModel, t: RHState) -> RHState:
    """``t`` with victory points adjusted so every final score is equal (victory points
    are never compared), leaving the tie-breakers to decide."""
    out = model.outcome(t)
    assert out is not None, "scores are levelled at the end of the game"
    scores = out.scores
    top = max(scores)
    players = tuple(
        ps._replace(vp=ps.vp + top - sc) for ps, sc in zip(t.players, scores, strict=True)
    )
    return t._replace(players=players)


def bumped(values: tuple[int, ...], i: int, d: int) -> tuple[int, ...]:
    return values[:i] + (values[i] + d,) + values[i + 1 :]
