"""What a game pays its players at the end, the same in every adapter.

The ``reward`` values a game accepts, ``win`` (the default) first:

* ``win``, every game: a cooperative game pays 1 for a win and 0 for a loss to every
  player, a competitive one the zero-sum win shares after the tie-breakers;
* ``score``, a competitive game: each seat's final score (``Outcome.scores``);
* a cooperative game's measures by name (``GameSpec.measures``): every player gets the
  measure's value at the end of a won game, and -1 for a loss (the declaration's
  ``return_range`` bounds a won game's values from 0 up, so a loss pays less than any
  win). A competitive game's measures are one number per game, not one per seat, so
  they are no seat's return.

A return outside the declared range is an error, not a clipped number.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hhh_verify.adapters.core import check_choice
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.measures import Measure
from hhh_verify.contract.outcomes import Outcome, winning_seats
from hhh_verify.contract.spec import GameSpec

WIN, SCORE = "win", "score"


def names(spec: GameSpec, space: Any) -> tuple[str, ...]:
    """The ``reward`` values ``spec``'s game accepts (``space``: its declaration)."""
    if not space.cooperative:
        return (WIN, SCORE)
    return (WIN, *(name for name in spec.measures if name != WIN))


def win_shares(players: int, winners: Sequence[int]) -> list[float]:
    """Zero-sum win returns: the winners (after the tie-breakers) share +1, the others
    share -1; a game every seat wins (or none) gives 0 to all. Two players: +1 / -1,
    or 0 / 0 for a shared win."""
    k = len(set(winners))
    if k in (0, players):
        return [0.0] * players
    return [1.0 / k if p in winners else -1.0 / (players - k) for p in range(players)]


@dataclass(frozen=True)
class Reward:
    """One accepted ``reward`` of one game and config: its range and its returns."""

    name: str
    players: int
    cooperative: bool
    declared: tuple[int, int]
    measure: Measure | None = None

    @property
    def range(self) -> tuple[float, float]:
        """Least and greatest return of one player."""
        low, high = self.declared
        if self.name == WIN:
            return (0.0, 1.0) if self.cooperative else (-1.0, 1.0)
        return (-1.0, float(high)) if self.cooperative else (float(low), float(high))

    @property
    def total(self) -> float | None:
        """The sum of every player's return when it is the same in every game: ``0``
        for a competitive game's win shares (zero-sum), else ``None``."""
        return 0.0 if self.name == WIN and not self.cooperative else None

    def returns(self, state: Any, outcome: Outcome | None) -> list[float]:
        """Every player's return at ``state`` (``outcome``: the model's outcome of it;
        ``None``, a game not over, pays 0 to all)."""
        n = self.players
        if outcome is None:
            return [0.0] * n
        if self.cooperative:
            values = [self._team(state, outcome)] * n
        elif self.name == WIN:
            values = win_shares(n, winning_seats(outcome))
        else:
            values = [float(x) for x in outcome.scores]
        low, high = self.range
        if len(values) != n or any(not low <= v <= high for v in values):
            raise ModelError(f"returns {values} outside the declared range {low}..{high}")
        return values

    def _team(self, state: Any, outcome: Outcome) -> float:
        if self.measure is None:
            return 1.0 if outcome.won else 0.0
        return float(self.measure.at_end(state, outcome)) if outcome.won else -1.0


def reward(spec: GameSpec, space: Any, name: str) -> Reward:
    """The reward ``name`` of a game (``space``: its declaration for one config); a
    name it does not accept is an error that lists the accepted ones."""
    check_choice("reward", name, names(spec, space))
    measure = spec.measures[name] if space.cooperative and name != WIN else None
    low, high = space.return_range
    return Reward(name, int(space.players), bool(space.cooperative), (low, high), measure)
