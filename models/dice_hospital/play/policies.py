"""Dice Hospital players beyond uniform random play, for simulation, impact studies and
differential search (``GameSpec.policies``).

Random play sends most patients to the mortuary (it ends activations early and spends
blood bags at random), so impact studies also use a *greedy* player: treat the patient a
ward helps most (discharges first, then patients the neglect would kill, untreated
before treated), take the healthiest ambulance that needs no eviction, draft wards that
heal the most steps, and keep blood bags for a patient at health 1. Ties are broken by
``rng``.

A policy is ``policy(model, state, legal_actions, rng) -> action``; it draws its
randomness only from ``rng``, so paired runs stay paired.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from ..rules import actions
from ..rules.activation import NURSE
from ..rules.components import ADMINISTRATORS, WARDS
from ..rules.model import DHModel

Policy = Callable[[DHModel, Any, tuple[Any, ...], random.Random], Any]

#: Administrator preference (stand-ins): protection and a nurse first.
_ADMIN = {"guardian": 4, "matron": 3, "donor": 2, "plain": 1}


def _patient_value(p: tuple[int, int, int, int], steps: int) -> float:
    """How much ``steps`` of treatment are worth to one patient."""
    _, health, treated, _ = p
    value = 0.0
    if health + steps >= 7:
        value += 30  # discharged now
    else:
        value += 2 * steps
    if not treated:
        value += 12 if health <= 2 else 6  # spared the neglect (health 1 would die)
    return value


def greedy_score(model: DHModel, state: Any, action: Any) -> float:
    """How much the greedy player wants ``action`` (higher first)."""
    if isinstance(action, actions.Activate):
        steps = WARDS[action.ward].steps
        value = sum(_patient_value(p, steps) for p in action.patients)
        return 100 + value + (3 if action.meeple != NURSE else 0)
    if isinstance(action, actions.SpecialistHeal):
        return 100 + _patient_value(action.patient, 1)
    if isinstance(action, actions.BloodHeal):
        _, health, treated, _ = action.patient
        return 95 if health == 1 and not treated else 5
    if isinstance(action, actions.EndActivation):
        return 10
    if isinstance(action, actions.TakeAmbulance):
        return _ambulance_score(model, state, action.number)
    if isinstance(action, actions.Evict):
        return -sum(p[1] for p in action.patients)
    if isinstance(action, actions.TakeWard):
        w = WARDS[action.kind]
        return 40 + 3 * w.steps * w.size
    if isinstance(action, actions.TakeSpecialist):
        return 45
    if isinstance(action, (actions.TradeWard, actions.TradeSpecialist)):
        return 20
    if isinstance(action, actions.KeepTiles):
        return 10
    if isinstance(action, actions.KeepAdministrator):
        return _ADMIN.get(ADMINISTRATORS[action.kind], 0)
    if isinstance(action, actions.RevealExtra):
        return 1 - action.kind
    return 0


def _ambulance_score(model: DHModel, state: Any, number: int) -> float:
    dice = state.ambulances[number]
    player = state.order[state.cursor]
    room = model.ctx.capacity
    h = state.hospitals[player]
    over = 0 if room is None else max(0, len(h.patients) + len(dice) - room)
    return 50 + sum(v for _, v in dice) - 25 * over


def greedy_policy(model: DHModel, state: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
    """The best-scored action, ties broken by ``rng``."""
    scores = [greedy_score(model, state, a) for a in legal]
    best = max(scores)
    top = [a for a, sc in zip(legal, scores) if sc == best]
    return top[0] if len(top) == 1 else top[rng.randrange(len(top))]


def mixed_policy(p_random: float = 0.2) -> Policy:
    """Greedy, but a random legal action with probability ``p_random`` (exploration)."""

    def policy(model: DHModel, state: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        if rng.random() < p_random:
            return legal[rng.randrange(len(legal))]
        return greedy_policy(model, state, legal, rng)

    return policy


POLICIES: Mapping[str, Policy] = MappingProxyType(
    {"greedy": greedy_policy, "mixed": mixed_policy()}
)
