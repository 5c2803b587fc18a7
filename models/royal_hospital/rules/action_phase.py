"""Action Phase: play a card, activate a card, discard for credits, pass."""

from __future__ import annotations

from hhh_verify.contract.records import replace

from .board import bump, order, set_player
from .cards import MedicalCard
from .context import Ctx
from .effects import DOCTOR, RESEARCH
from .resolve import effect_tasks, push
from .state import (
    T_END_TURN,
    TREATMENT,
    PlayerState,
    RHState,
    Task,
)
from .treatment import spend


def affordable(ctx: Ctx, ps: PlayerState, card: MedicalCard) -> bool:
    """Composition of the Cards: "Cards may require credits, research or healed
    patients"; congress doctors pay as research (Game Setup)."""
    return (
        ps.credits >= card.credits
        and ps.tokens[RESEARCH] + ps.tokens[DOCTOR] >= card.research
        and ps.healed >= card.healed
    )


def play_card(ctx: Ctx, s: RHState, p: int, t: int) -> RHState:
    """Play a card: "pay the resource cost shown ... and place the card face up ...
    Implement any immediate reward(s)" (RH-HEALED-COST, RH-ACTIVATE-SAME-ROUND)."""
    ps = s.players[p]
    card = ctx.medical[t]
    healed = ps.healed - card.healed if ctx.healed_spent else ps.healed
    s = set_player(
        s,
        p,
        credits=ps.credits - card.credits,
        healed=healed,
        hand=bump(ps.hand, t, -1),
        played=bump(ps.played, t, 1),
        used=ps.used if ctx.activate_same_round else bump(ps.used, t, 1),
    )
    s = push(s, effect_tasks(p, card.immediate, 1) + [Task(T_END_TURN, p)])
    return spend(ctx, s, p, [(RESEARCH, card.research)])


def activatable(ctx: Ctx, ps: PlayerState, t: int) -> bool:
    """ "Action Rewards" can be activated once each round": a played card with an action
    reward that has not been rotated this round."""
    return bool(ctx.medical[t].action) and ps.played[t] > ps.used[t]


def activate(ctx: Ctx, s: RHState, p: int, t: int) -> RHState:
    """Activate an action card: "rotate it sideways to show that it has been used this
    round" and gain its action reward."""
    ps = s.players[p]
    s = set_player(s, p, used=bump(ps.used, t, 1))
    return push(s, effect_tasks(p, ctx.medical[t].action, 0) + [Task(T_END_TURN, p)])


def sell_card(ctx: Ctx, s: RHState, p: int, t: int) -> RHState:
    """ "discard a card from your hand ... to receive 3 credits" (not an action)."""
    ps = s.players[p]
    s = set_player(s, p, hand=bump(ps.hand, t, -1), credits=ps.credits + ctx.config.sell_credits)
    return replace(s, discard=bump(s.discard, t, 1))


def sell_research(ctx: Ctx, s: RHState, p: int) -> RHState:
    """ "... or 1 research resource to receive 3 credits" (a congress doctor serves as
    research when no research token is left)."""
    ps = s.players[p]
    s = set_player(s, p, credits=ps.credits + ctx.config.sell_credits)
    return spend(ctx, s, p, [(RESEARCH, 1)])


def pass_turn(ctx: Ctx, s: RHState, p: int) -> RHState:
    """Pass: "they pass and cannot perform any further actions that round"."""
    s = set_player(s, p, passed=True)
    return push(s, [Task(T_END_TURN, p)])


def end_turn(ctx: Ctx, s: RHState, p: int) -> RHState:
    """ "Players continue taking actions until all players have passed. Then the next
    phase begins": the next player clockwise who has not passed acts."""
    seats = order(s, ctx)
    i = seats.index(p)
    for k in range(1, ctx.P + 1):
        q = seats[(i + k) % ctx.P]
        if not s.players[q].passed:
            return replace(s, turn=q)
    return replace(s, phase=TREATMENT, turn=s.first)
