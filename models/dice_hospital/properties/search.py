"""Dice Hospital search heuristics: how close a position is to a hard goal.

The search engine (``hhh_verify.engines.search``) ranks the positions of its beam by a
goal's ``Property.heuristic`` (higher is closer). Each reads the measure the goal's
sentence of the player aid names; they guide the search only, the goal judges a witness.
"""

from __future__ import annotations

from typing import Any

from ..rules.model import DHModel
from ..rules.state import HEALTH, DHState


def _missing(h: Any) -> int:
    """Health points the hospital's patients lack before discharge (health 6)."""
    return sum(6 - p[HEALTH] for p in h.patients)


def discharged(model: DHModel, s: DHState) -> float:
    """Toward seven discharges in a round ("7 pacjentów = 14 punktów"): the fullest
    discharge lounge, then the patients closest to health 6."""
    return float(max(4 * sum(h.lounge) - _missing(h) for h in s.hospitals))


def emptied(model: DHModel, s: DHState) -> float:
    """Toward a hospital left empty after discharging ("+5 jeśli szpital pozostał
    pusty"): the fewest health points missing in a hospital, a discharge first."""
    return float(max(4 * min(sum(h.lounge), 1) - _missing(h) for h in s.hospitals))


def level_points(model: DHModel, s: DHState) -> float:
    """Toward a tie on points ("remisy roztrzyga"): the gap between the two leaders."""
    points = sorted((h.points for h in s.hospitals), reverse=True)
    return float(-(points[0] - points[1])) if len(points) > 1 else 0.0
