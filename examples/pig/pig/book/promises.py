"""What each reading of PIG-MID-TURN-WIN promises, both ways: what must happen and what
must not (``hhh_verify.contract.promises``)."""

from __future__ import annotations

from typing import Any

from hhh_verify.contract.promises import Promise, PromiseBook

from ..rules import readings as R
from ..rules.state import NOBODY, Hold, PigState, Roll


def _reached(model: Any, s: PigState) -> bool:
    """The mover's score plus turn total is at the target."""
    return s.scores[s.seat] + s.turn_total >= model.config.target


def ends_at_once(model: Any, s: PigState, a: Any, succ: PigState) -> str | None:
    """at-once: a position where the mover has reached the target is never left open
    (must), so a hold never ends the game (must not: the roll before it did)."""
    if succ.winner == NOBODY and _reached(model, succ):
        return f"{succ.scores} with turn total {succ.turn_total}: reached, yet the game goes on"
    if isinstance(a, Hold) and succ.winner != NOBODY:
        return "a hold ended the game: the roll that reached the target should have"
    return None


def ends_on_hold(model: Any, s: PigState, a: Any, succ: PigState) -> str | None:
    """on-hold: only a hold ends the game (a roll never does, however high the turn
    total), and a hold that reaches the target always does."""
    if isinstance(a, Roll) and succ.winner != NOBODY:
        return "a roll ended the game"
    if isinstance(a, Hold) and _reached(model, s) and succ.winner == NOBODY:
        return f"holding {s.turn_total} on {s.scores} reached the target, yet the game goes on"
    return None


BOOK = PromiseBook(
    promises=(
        Promise.of(
            R.MID_TURN_WIN.AT_ONCE,
            "reaching the target mid-turn ends the game at once, and nothing else ends it",
            step=ends_at_once,
        ),
        Promise.of(
            R.MID_TURN_WIN.ON_HOLD,
            "only a hold ends the game: a roll never does, a hold that reaches the target does",
            step=ends_on_hold,
        ),
    )
)
