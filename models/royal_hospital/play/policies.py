"""Royal Hospital players beyond uniform random play (``GameSpec.policies``).

Random play lets most patients die and buys cards at random, so impact studies also use
a *greedy* player: treat the most urgent patient first (a critical one, a terminal one,
a severe one with a token, then the most valuable cure), spend every resource in the
Treatment Phase, play the best affordable card, activate every card, keep the best
cards, reject the least valuable patient, send helicopters to fetch patients only with a
free space. Ties are broken with ``rng``, so paired runs stay paired.

A policy is ``policy(model, state, legal_actions, rng) -> action``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from ..rules import actions
from ..rules.board import capacity
from ..rules.cards import CHRONIC, CRITICAL, SEVERE
from ..rules.model import RHModel
from ..rules.worth import card_value

Policy = Callable[[RHModel, Any, tuple[Any, ...], random.Random], Any]


def _patient_score(model: RHModel, pt: tuple[int, ...]) -> float:
    """Urgency and worth of treating a patient now."""
    ctx = model.ctx
    card, tokens = pt[0], pt[2]
    if card < 0:
        return 40.0 + 10 * tokens  # diagnose hidden patients early: they may be severe
    c = ctx.patients[card]
    worth = c.vp + 0.3 * c.credits
    if c.priority == CRITICAL:
        return 100.0 + worth
    if c.priority == SEVERE:
        return 80.0 + 10 * tokens + worth
    if c.priority == CHRONIC:
        return 60.0 - 5 * tokens + worth
    return 30.0 + worth


def greedy_score(model: RHModel, s: Any, a: Any) -> float:
    """How much the greedy player wants ``a`` (higher first)."""
    ctx = model.ctx
    if isinstance(a, (actions.Heal, actions.Diagnose)):
        return 200 + _patient_score(model, a.patient)
    if isinstance(a, actions.TreatTerminal):
        return 250.0
    if isinstance(a, actions.Assign):
        return 150 + _patient_score(model, a.patient) / 10
    if isinstance(a, actions.Activate):
        return 120.0
    if isinstance(a, actions.PlayCard):
        return 100 + card_value(ctx.medical[a.card])
    if isinstance(a, actions.Keep):
        return card_value(ctx.medical[a.card])
    if isinstance(a, actions.Reject):
        return -_patient_score(model, a.patient)
    if isinstance(a, actions.ChooseInsurance):
        return -s.players[model.current_player(s)].insurance[a.company]
    if isinstance(a, actions.HelicopterDraw):
        ps = s.players[model.current_player(s)]
        return 5.0 if len(ps.patients) < capacity(ctx, ps) else -5.0
    if isinstance(a, actions.HelicopterDiscardTerminal):
        return -5.0
    if isinstance(a, actions.HelicopterDiscard):
        return -_patient_score(model, a.patient) / 10
    if isinstance(a, (actions.SellResearch, actions.SellCard)):
        return -20.0
    return 0.0  # Pass, EndTreatment, HelicopterDone, Choose, ChooseDoctor


def greedy(model: RHModel, state: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
    """The best-scored legal action (random among equals)."""
    scores = [greedy_score(model, state, a) for a in legal]
    best = max(scores)
    choices = [a for a, sc in zip(legal, scores) if sc == best]
    return choices[rng.randrange(len(choices))] if len(choices) > 1 else choices[0]


POLICIES: Mapping[str, Policy] = MappingProxyType({"greedy": greedy})
