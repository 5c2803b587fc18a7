"""Game Setup: tracks, counters, decks, the starting cards, the first draw and keep."""

from __future__ import annotations

from hhh_verify.contract.errors import ModelError

from .context import Ctx
from .state import (
    SETUP,
    T_DRAW_PICK,
    T_FIRST,
    T_KEEP,
    PlayerState,
    RHState,
    Task,
)
from .tracks import DOCTOR_SPOTS


def initial_state(ctx: Ctx) -> RHState:
    """Steps 1-8 of Game Setup, before any card is drawn.

    Quality of care on space 6; prestige, ambulance, insurance and victory points on 0;
    production counters on space 1 (credits: RH-CREDIT-START); congress doctors on every
    listed space; one starting card each (RH-STARTING-CARD); then, as pending steps, the
    random starting player and each player's "draw 10 cards ... choose 5"."""
    c = ctx.config
    starting = ctx.starting
    if len(starting) > 1:
        raise ModelError("invalid Royal Hospital deck: at most one starting card type")
    if starting and ctx.medical[starting[0]].count < c.players:
        raise ModelError(
            f"invalid Royal Hospital deck: {ctx.medical[starting[0]].count} starting cards "
            f"for {c.players} players"
        )
    mine = tuple(1 if t in starting else 0 for t in range(ctx.M))
    zero = (0,) * ctx.M
    ps = PlayerState(
        credits=0,
        vp=0,
        prestige=0,
        qoc=c.start_qoc,
        ambulance=0,
        insurance=(0, 0, 0, 0),
        production=(c.start_production,) * 4 + (ctx.credit_start,),
        tokens=(0, 0, 0, 0, 0),
        healed=0,
        healed_max=0,
        hand=zero if ctx.starting_in_play else mine,
        played=mine if ctx.starting_in_play else zero,
        used=zero,
        patients=(),
        terminals=(),
        passed=False,
        dead=(0,) * 6,
        dead_unseen=0,
        rejected=0,
    )
    deck = tuple(0 if t in starting else m.count for t, m in enumerate(ctx.medical))
    shuffled = [0] * ctx.K
    for t, card in enumerate(ctx.patients):
        shuffled[ctx.class_of[t]] += card.count
    queue: list[Task] = []
    if c.first_player < 0 and c.players > 1:
        queue.append(Task(T_FIRST))
    for p in range(c.players):
        queue += [Task(T_DRAW_PICK, p, c.setup_draw), Task(T_KEEP, p, c.setup_keep)]
    first = max(c.first_player, 0)
    return RHState(
        phase=SETUP,
        round=1,
        first=first,
        turn=first,
        players=(ps,) * c.players,
        queue=tuple(queue),
        deck=deck,
        discard=zero,
        picking=zero,
        arrivals=(),
        shuffled=tuple(shuffled),
        unresolved=tuple(card.count for card in ctx.patients),
        returned=(),
        doctors=(True,) * len(DOCTOR_SPOTS),
    )
