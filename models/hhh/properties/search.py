"""Healthy Heart Hospital search heuristics: how close a position is to a goal.

The search engine (``hhh_verify.engines.search``) ranks the positions of its beam by a
goal's ``Property.heuristic`` (higher is closer). These read the rulebook's own measures:
the money the rating reads (Victory and Defeat), with the pay of a Heal whose cubes are
drawn but not yet settled (Heal a Patient: "For each Illness level reduction (if any),
gain Money as shown in that room or ward"), and the bodies an arrest needs (Hide The
Bodies: "If there is no empty space to place a dead Patient, you immediately lose").
They guide the search only: a witness is judged by the goal itself, never by these.
"""

from __future__ import annotations

from ..rules.board import body_capacity, treatment_numbers
from ..rules.config import ADMIN_BLACK_PAY
from ..rules.heal import draw_count
from ..rules.model import HHHModel
from ..rules.patient_phase import end_reaction_available
from ..rules.state import (
    ACTIONS,
    HEAL_DRAWN,
    PP_ARRIVE,
    PP_ARRIVE_ORDER,
    PP_END,
    PP_ER_ADMIT,
    PP_VISIT,
    PP_VISIT_ORDER,
    HHHState,
)

#: Patient Phase steps after "Restock Cubes": black cubes discarded now stay in the
#: discard pile until the end-of-phase reaction can return them.
AFTER_RESTOCK = frozenset(
    {PP_ARRIVE, PP_ARRIVE_ORDER, PP_ER_ADMIT, PP_VISIT, PP_VISIT_ORDER, PP_END}
)


def pending_pay(model: HHHModel, s: HHHState) -> int:
    """What settling the Heal in progress now would pay: the levels its drawn cubes
    reduce (matching minus black, never below zero nor above the level), times the pay
    of its room or Ward."""
    h = s.heal
    if s.phase != HEAL_DRAWN or h is None:
        return 0
    k = model.ctx
    reduction = min(h.level, max(0, h.drawn[h.colour] - h.drawn[k.B]))
    return reduction * draw_count(k, s, h.place, h.colour)[1]


def pending_blacks(model: HHHModel, s: HHHState) -> int:
    """What the Administrator's end-of-Patient-Phase reaction would pay for the black
    cubes discarded since the restock ("Gain $2 for each cube returned"), while it can
    still be used this round."""
    k = model.ctx
    if s.phase not in AFTER_RESTOCK or model.config.administrator != "cooke":
        return 0
    if s.phase != PP_END and not end_reaction_available(k, s):
        return 0
    return ADMIN_BLACK_PAY * s.discard[k.B]


def treatment_prospects(model: HHHModel, s: HHHState, candidates: bool = False) -> float:
    """Half the pay still in the Treatment Rooms' patients ($3 or $4 a level) while a
    Medical token is left to heal them (the Transfer that puts a patient there earns
    nothing by itself); with ``candidates``, a fifth of it for the patients who could be
    moved in with the tokens left (Ward markers, Waiting Room patients of level 3-4 of a
    room's colour)."""
    tokens = sum(s.medical)
    if s.phase != ACTIONS or not tokens:
        return 0.0
    total = 0.0
    for c, (level, _) in enumerate(s.treatment):
        if not s.rooms[c]:
            continue
        pay = treatment_numbers(s, c)[1]
        if level:
            total += level * pay / 2
        if candidates:
            waiting = [room[c] for room in s.waiting if 3 <= room[c] <= 4]
            movable = sorted([*s.wards[c], *waiting], reverse=True)[: tokens // 2]
            total += sum(movable) * pay / 5
    return total


def money(model: HHHModel, s: HHHState) -> float:
    """The money the rating reads (HHH-RATING-BASIS) plus the pay of a drawn Heal, the
    black cubes the Administrator can still return this round and half the pay waiting
    in the Treatment Rooms, less a price for a Cemetery close to full."""
    base = s.money - model.config.money_at_start if model.ctx.rating_profit else s.money
    extra = pending_pay(model, s) + pending_blacks(model, s)
    return float(base + extra) + treatment_prospects(model, s) - crowding(model, s)


def crowding(model: HHHModel, s: HHHState) -> float:
    """A rich hospital still loses when a body has nowhere to go (an arrest): $15 for
    each body beyond all but the last two places."""
    return 15.0 * max(0, s.deaths - (body_capacity(model.ctx, s) - 2))


def money_this_round(model: HHHModel, s: HHHState) -> float:
    """Toward the most money at the end of a round: the money on the track, what the
    round can still pay (a drawn Heal, the black cubes, the Treatment Rooms) and the
    patients who could be moved into a Treatment Room this round."""
    extra = pending_pay(model, s) + pending_blacks(model, s)
    return float(s.money + extra) + treatment_prospects(model, s, candidates=True)


def cash(model: HHHModel, s: HHHState) -> float:
    """The money on the track (what "the most money at the end of a round" reads)."""
    return float(s.money)


def bodies(model: HHHModel, s: HHHState) -> float:
    """Toward an arrest: bodies in the Cemetery against its places, while the money
    lasts (a bankrupt game ends before the Cemetery fills)."""
    room_left = body_capacity(model.ctx, s) - s.deaths
    return -3.0 * room_left + min(s.money, 30) / 10.0


def debt(model: HHHModel, s: HHHState) -> float:
    """Toward bankruptcy: the less money, the closer."""
    return float(-s.money)
