"""Healthy Heart Hospital players beyond uniform random play, for simulation, impact
studies and differential search (``GameSpec.policies``).

Random play hides what careful players meet (under random play most games end bankrupt
in round 2 or 3), so impact studies also use a *greedy* player who "heals the most
urgent patient". The heuristic reads actions by their rulebook verb (class name) and a
few fields (``level``, ``place``, ``source``, ``target``, ``size``, ``staff``); it falls
back to a random choice among the best-scored actions.

A policy is ``policy(model, state, legal_actions, rng) -> action``; it draws its
randomness only from ``rng``, so paired runs stay paired.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from ..rules.model import HHHModel
from .fast_players import KernelPlayer

Policy = Callable[[HHHModel, Any, tuple[Any, ...], random.Random], Any]

# Places and sources as the actions name them (Ward, Treatment Room, Emergency Room,
# Waiting Room); treatment pays most per level, so it gets the largest bonus.
_WARD, _TREATMENT, _EMERGENCY, _WAITING = 0, 1, 2, 3
_PLACE_BONUS = {_WARD: 0, _TREATMENT: 6, _EMERGENCY: 3}

#: Money kept in reserve before paying for Staff, Research or a Blood Bank restock.
RESERVE = 10


def _money(state: Any) -> int:
    m = getattr(state, "money", 0)
    return m if isinstance(m, int) else 0


def _cost(model: HHHModel) -> int:
    return int(getattr(getattr(model, "config", None), "staff_cost", 5))


def greedy_score(model: HHHModel, state: Any, action: Any) -> float:
    """How much the greedy player wants ``action`` (higher first; unknown verbs 1).

    Heal the most urgent patient (Critical Treatment Room and Emergency Room patients die
    at the end of the round unless healed, a level-4 Ward patient dies of one matching
    cube), weighted by the expected dollars of the heal given the bag's odds; before
    that, transfer Waiting Room patients of level 3-4 to a bed (they die of the next
    arrivals), install the Emergency Room first, move a patient into a Treatment Room
    only when a Medical token is left to heal them, use every reaction
    that cancels a black cube, take bonus draws, never end the Action Phase while a
    Heal or Transfer is possible, and spend on Staff/Research only with money to spare.
    """
    verb = type(action).__name__
    money = _money(state)
    if verb == "Heal":
        return 100 + _heal_value(state, action)
    if verb == "Transfer":
        level = int(getattr(action, "level", 0))
        tokens = sum(getattr(state, "medical", ()) or (2,))
        if action.target == _TREATMENT:
            # Into a Treatment Room on the Critical side: only with a token left to heal.
            return 70 + level if tokens >= 2 else -5
        if action.source == _WAITING and action.target == _WARD:
            # A level-3/4 Waiting Room patient dies of the next arrivals: move it first.
            return {4: 140, 3: 120}.get(level, 30 + level)
        if action.source == _WAITING:
            return 60 + level
        return 20  # out of a Treatment Room back to a Ward: rarely useful
    if verb in ("JanitorIgnore", "AdminRedraw"):
        return 200
    if verb == "Bonus":
        return 150 + int(getattr(action, "size", 0))
    if verb == "Settle":
        return 50 - sum(getattr(action, "rebag", ()) or ())
    if verb == "ChaplainFlip":
        return 80
    if verb == "NurseTraining":
        return 85
    if verb == "HireStaff":
        return 70 if money >= _cost(model) + RESERVE else -10
    if verb == "Research":
        return 65 if money >= RESERVE else -10
    if verb == "RestockBloodBank":
        return 40 if money >= RESERVE + 5 else -10
    if verb == "InstallRoom":
        kind = int(getattr(action, "kind", 0))
        # The Emergency Room (kind 5) saves level-5 arrivals; then Treatment Rooms (0..4).
        return {5: 20, 6: 5}.get(kind, 10 - kind)
    if verb == "ReturnBlacks":
        return 10
    if verb == "Pass":
        return 5
    if verb == "EndActions":
        return 0
    return 1


#: (cubes drawn, $ per level, urgency) per place: Critical Treatment Room and Emergency
#: Room patients die at the start of the Patient Phase unless healed; a level-4 Ward
#: patient dies of one matching cube at the Visit.
_HEAL = {_WARD: (6, 1, 0), _TREATMENT: (8, 3, 40), _EMERGENCY: (6, 1, 30)}


def _heal_value(state: Any, action: Any) -> float:
    """Expected dollars of a Heal (bag odds of matching minus black cubes) plus urgency."""
    n, pay, urgency = _HEAL.get(action.place, (6, 1, 0))
    level = int(getattr(action, "level", 0))
    if action.place == _WARD:
        urgency = {4: 30, 3: 10}.get(level, 0)
    bag = getattr(state, "bag", None)
    expected = 0.0
    if isinstance(bag, tuple) and sum(bag) and 0 <= action.colour < len(bag) - 1:
        expected = n * (bag[action.colour] - bag[-1]) / sum(bag)
    gain = pay * min(max(expected, 0.0), level)
    blood_penalty = 0.5 if getattr(action, "blood", -1) != -1 else 0.0
    return urgency + 5 * gain + level - blood_penalty


def greedy_policy(model: HHHModel, state: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
    """ "Heal the most urgent patient": the best-scored action, ties broken by ``rng``."""
    scores = [greedy_score(model, state, a) for a in legal]
    best = max(scores)
    top = [a for a, sc in zip(legal, scores) if sc == best]
    return top[0] if len(top) == 1 else top[rng.randrange(len(top))]


def mixed_policy(p_random: float = 0.2) -> Policy:
    """Greedy, but a uniformly random legal action with probability ``p_random``
    (exploration; the random pick draws from ``rng`` exactly as the engines' ``random``
    policy does)."""

    def policy(model: HHHModel, state: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        if rng.random() < p_random:
            return legal[rng.randrange(len(legal))]
        return greedy_policy(model, state, legal, rng)

    return policy


#: The HHH players, strongest first (``report`` measures impact under ``random`` and
#: ``greedy``; ``diverge`` rotates through ``random`` and these). Greedy also plays
#: inside the compiled kernel when the strong player (``strong``) plays it out.
POLICIES: Mapping[str, Policy] = MappingProxyType(
    {"greedy": KernelPlayer(greedy_policy, "greedy"), "mixed": mixed_policy()}
)
