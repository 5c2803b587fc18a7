"""A position of Pig and the two moves."""

from __future__ import annotations

from dataclasses import dataclass

#: ``PigState.winner`` while the game is on.
NOBODY = -1


@dataclass(frozen=True, slots=True)
class PigState:
    """Whose turn it is, the banked scores, the turn total so far and the winner.

    A turn total counts only up to what the player still needs (``target - score``):
    more decides nothing (the first to reach the target wins, by any margin), and the
    cap keeps the positions finite although a player may roll on forever.
    """

    seat: int
    scores: tuple[int, int]
    turn_total: int = 0
    winner: int = NOBODY


@dataclass(frozen=True, order=True, slots=True)
class Hold:
    """Bank the turn total and pass the die."""


@dataclass(frozen=True, order=True, slots=True)
class Roll:
    """Roll the die once more."""


#: Action class by name, for action JSON (``RuleModel.action_types``).
ACTION_TYPES: dict[str, type] = {"Hold": Hold, "Roll": Roll}
