"""A player for Pig besides the engines' own ``random``."""

from __future__ import annotations

import random
from typing import Any

from ..rules.state import Hold, PigState


def steady(model: Any, s: PigState, legal: tuple[Any, ...], rng: random.Random) -> Any:
    """Hold once the turn total reaches two thirds of the target (20 of 30, the classic
    "hold at 20") or enough to win; otherwise roll."""
    need = model.config.target - s.scores[s.seat]
    enough = s.turn_total >= min(need, max(2, 2 * model.config.target // 3))
    return Hold() if enough and Hold() in legal else legal[-1]


POLICIES = {"steady": steady}
