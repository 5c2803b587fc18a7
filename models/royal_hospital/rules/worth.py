"""What a reward or a card is roughly worth, in victory points: the greedy player's
judgement, shared by the reference player (``play/policies.py``) and the kernel's compiled
copy of it (``kernel/codec.py`` tabulates it). No rule reads it."""

from __future__ import annotations

from .cards import MedicalCard
from .effects import (
    AMBULANCE,
    CREDITS,
    GAIN,
    INSURANCE,
    PRESTIGE,
    PROD,
    VP,
    Effect,
)


def effect_value(e: Effect) -> float:
    """A rough worth of one reward, in victory points."""
    if e.code == GAIN:
        return {VP: 1.0, PRESTIGE: 1.5, CREDITS: 0.2}.get(e.a, 0.6) * e.n
    if e.code == PROD:
        return 2.5 * e.n
    if e.code in (AMBULANCE, INSURANCE):
        return 1.5 * e.n
    return 0.8


def card_value(card: MedicalCard) -> float:
    """Worth of having a card in play: its rewards (action rewards repeat) minus its cost."""
    immediate = sum(effect_value(e) for e in card.immediate)
    action = 2.5 * sum(effect_value(e) for e in card.action)
    return immediate + action - 0.25 * card.credits - 0.5 * card.research - card.healed
