"""What must hold in every position of Pig, and what must be reachable."""

from __future__ import annotations

from typing import Any

from hhh_verify.contract.properties import Goal, Invariant, PropertyRegistry

from ..rules.state import NOBODY, PigState


def well_formed(model: Any, s: PigState) -> str | None:
    """Scores within 0..target, a turn total within what the mover needs, and a winner
    exactly when a score reached the target (the winner's)."""
    target = model.config.target
    if s.seat not in (0, 1) or not all(0 <= x <= target for x in s.scores):
        return f"seat {s.seat} or scores {s.scores} out of range"
    if s.winner == NOBODY:
        if max(s.scores) >= target:
            return f"scores {s.scores} reached {target} but nobody won"
        if not 0 <= s.turn_total <= target - s.scores[s.seat]:
            return f"turn total {s.turn_total} outside 0..{target - s.scores[s.seat]}"
        return None
    if s.scores[s.winner] != target or s.scores[1 - s.winner] >= target or s.turn_total:
        return f"winner {s.winner} with scores {s.scores}, turn total {s.turn_total}"
    return None


def scores_never_fall(model: Any, s: PigState, a: Any, succ: PigState) -> str | None:
    """Banked points stay banked: no step lowers a score."""
    if any(b < x for x, b in zip(s.scores, succ.scores)):
        return f"scores fell from {s.scores} to {succ.scores}"
    return None


def _won_by(seat: int) -> Any:
    def won(model: Any, s: PigState) -> bool:
        return s.winner == seat

    return won


CITE = "Pig: The first player to reach 30 points wins."


#: The claims, well-formedness first, then a win for each seat: one record per claim.
CLAIMS = (
    Invariant(
        "pig.well-formed",
        "pig",
        CITE,
        "scores, turn total and winner agree",
        well_formed,
    ),
    Invariant(
        "pig.scores-never-fall",
        "pig",
        "Pig: Holding adds your turn total to your score and ends your turn.",
        "no step lowers a banked score",
        transition=scores_never_fall,
    ),
    Goal("pig.seat0-wins", "pig", CITE, "the first player wins", _won_by(0)),
    Goal("pig.seat1-wins", "pig", CITE, "the second player wins", _won_by(1)),
)


def properties() -> PropertyRegistry:
    """Pig's claims, in the order ``check`` prints them."""
    return PropertyRegistry("pig", CLAIMS)
