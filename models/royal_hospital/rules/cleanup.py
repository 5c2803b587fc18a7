"""Cleanup Phase: time tokens, the check of long-undiagnosed patients, deaths, prestige,
the end of the round."""

from __future__ import annotations

from .board import set_player
from .cards import CHRONIC, CRITICAL, MILD, SEVERE
from .config import (
    DEATH_QOC,
    REVEAL_TOKENS,
    SEVERE_TOKENS,
    TERMINAL_DEATH_QOC,
)
from .context import Ctx
from .patients import (
    die,
    replace_patient,
    resolve_weights,
    resolved,
)
from .state import Patient, RHState, Terminal


def add_time_tokens(ctx: Ctx, s: RHState, p: int) -> RHState:
    """ "A time token should be added to ... All patients who have not been diagnosed.
    All patients except those with priority 4 who have been diagnosed but are not fully
    healed." (Healed patients have left.) Terminal patients are checked by their
    treatment instead (:func:`deaths`)."""
    out = []
    for pt in s.players[p].patients:
        mild = pt.diagnosed and ctx.patients[pt.card].priority == MILD
        out.append(pt if mild else pt._replace(tokens=pt.tokens + 1))
    return set_player(s, p, patients=tuple(sorted(out)))


def needs_reveal(ctx: Ctx, pt: Patient) -> bool:
    """ "If any undiagnosed patients have two or more time tokens, you must reveal their
    healing side ... to check their priority" (only an unresolved card needs a flip)."""
    return not pt.diagnosed and pt.card < 0 and pt.tokens >= REVEAL_TOKENS


def reveal_weights(ctx: Ctx, s: RHState, p: int) -> list[tuple[int, int]]:
    """The first such patient's possible types, weighted (exact odds)."""
    pt = next(x for x in s.players[p].patients if needs_reveal(ctx, x))
    return resolve_weights(ctx, s, pt.card)


def revealed_as(ctx: Ctx, s: RHState, p: int, card: int) -> RHState:
    """It is ``card``; it stays undiagnosed ("should be flipped back to the diagnostic
    side")."""
    pt = next(x for x in s.players[p].patients if needs_reveal(ctx, x))
    return replace_patient(resolved(s, pt.card, card), p, pt, pt._replace(card=card))


def dies(ctx: Ctx, pt: Patient) -> bool:
    """Check patients: critical patients "die if they have any time tokens"
    (RH-CRITICAL-DEADLINE); severe patients "die if they have two time tokens"; under
    RH-PRIORITY-3=chronic-die, a chronic patient seen with a time token."""
    if pt.card < 0:
        return False  # unseen: not yet checked (fewer than two time tokens)
    priority = ctx.patients[pt.card].priority
    if priority == CRITICAL:
        return pt.tokens >= ctx.critical_tokens
    if priority == SEVERE:
        return pt.tokens >= SEVERE_TOKENS
    if priority == CHRONIC and ctx.chronic_die:
        return pt.tokens >= 1 and (bool(pt.diagnosed) or pt.tokens >= REVEAL_TOKENS)
    return False


def deaths(ctx: Ctx, s: RHState, p: int) -> RHState:
    """Deceased patients lose 2 quality of care; a terminal patient not treated this
    round ("die if they have 1 time counter") loses 1 only (as a chronic one under
    RH-PRIORITY-3=chronic-die). Dead cards go on top of the deck in hospital order."""
    for pt in s.players[p].patients:
        if dies(ctx, pt):
            s = replace_patient(s, p, pt, None)
            if not pt.diagnosed and ctx.patients[pt.card].priority == SEVERE:
                s = set_player(s, p, dead_unseen=s.players[p].dead_unseen + 1)
            chronic = ctx.patients[pt.card].priority == CHRONIC
            s = die(ctx, s, p, pt.card, TERMINAL_DEATH_QOC if chronic else DEATH_QOC)
    ps = s.players[p]
    alive: list[Terminal] = []
    for term in ps.terminals:
        if term.treated:
            alive.append(term._replace(treated=0) if ctx.terminal_every_round else term)
        else:
            s = die(ctx, s, p, term.card, TERMINAL_DEATH_QOC)
    s = set_player(s, p, terminals=tuple(sorted(alive)))
    if ctx.discard_tokens:
        tokens = s.players[p].tokens
        s = set_player(s, p, tokens=(0, 0, 0, 0, tokens[4]))
    return s


def score_prestige(s: RHState, p: int) -> RHState:
    """Prestige scoring: "Each player gains half of their prestige as victory points
    (rounded down)"."""
    ps = s.players[p]
    return set_player(s, p, vp=ps.vp + ps.prestige // 2)
