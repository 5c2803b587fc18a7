"""Royal Hospital search heuristics: how close a position is to a hard goal.

The search engine (``hhh_verify.engines.search``) ranks the positions of its beam by a
goal's ``Property.heuristic`` (higher is closer). Each reads the track or counter the
goal's rule names (End Game Scoring, the Quality of Care, Ambulance and Insurance
tracks); they guide the search only, the goal judges a witness.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..rules.model import RHModel
from ..rules.scoring import counters
from ..rules.state import RHState


def level_vp(model: RHModel, s: RHState) -> float:
    """Toward a tie on victory points: the gap between the two leaders."""
    vp = sorted((ps.vp for ps in s.players), reverse=True)
    return float(-(vp[0] - vp[1])) if len(vp) > 1 else 0.0


def top_qoc(model: RHModel, s: RHState) -> float:
    """Toward a quality of care above the start: the highest one."""
    return float(max(ps.qoc for ps in s.players))


def top_ambulance(model: RHModel, s: RHState) -> float:
    """Toward a lap of the Ambulance track: the furthest ambulance."""
    return float(max(ps.ambulance for ps in s.players))


def top_insurance(model: RHModel, s: RHState) -> float:
    """Toward level 5 with an insurance company: the highest level, then the sum."""
    return float(max(10 * max(ps.insurance) + sum(ps.insurance) for ps in s.players))


def spread(index: int) -> Callable[[Any, RHState], float]:
    """Toward one player surpassing another on compared counter ``index`` (End Game
    Scoring 2): the gap between the highest and the lowest."""

    def heuristic(model: RHModel, s: RHState) -> float:
        values = [counters(model.ctx, ps)[index] for ps in s.players]
        return float(max(values) - min(values))

    return heuristic
