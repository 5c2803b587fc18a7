"""Summaries of finished games: mean/min/max of integers, and for competitive games
(``Outcome.won`` is None, ``Outcome.scores`` per seat) how the seats scored and won.

A game is won by its winners: ``Outcome.winners`` when the game names them (after its
tie-breakers, which the scores cannot show), else the seats with the top score
(:func:`hhh_verify.contract.model.winning_seats`). A tie (several winners: a shared win) is
counted apart, and a seat's *win share* of one game is 1 for an outright win, ``1/k``
when it shares the win with ``k - 1`` others, 0 otherwise (so shares over seats sum to 1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hhh_verify.contract.outcomes import winning_seats


@dataclass(frozen=True)
class Stats:
    """Mean, min and max of a list of integers."""

    mean: float
    min: int
    max: int

    @classmethod
    def of(cls, values: Sequence[int]) -> Stats | None:
        if not values:
            return None
        return cls(sum(values) / len(values), min(values), max(values))

    def to_json(self) -> dict[str, Any]:
        return {"mean": round(self.mean, 4), "min": self.min, "max": self.max}


def is_competitive(outcome: Any) -> bool:
    """Whether a finished game's outcome is per seat (no team result)."""
    return outcome is not None and outcome.won is None and bool(outcome.scores)


def win_share(winners: Sequence[int], seat: int) -> float:
    """Seat ``seat``'s share of the win: 1 outright, 1/k in a k-way shared win, else 0."""
    return 1 / len(winners) if seat in winners else 0.0


@dataclass(frozen=True)
class Standings:
    """How the seats of a competitive game did over a batch of finished games."""

    scores: tuple[Stats, ...]  # per seat
    winning_score: Stats  # the top score of each game
    wins: tuple[int, ...]  # outright wins per seat
    ties: int  # games with several winners (a shared win)
    shares: tuple[float, ...]  # summed win shares per seat (see the module docstring)

    @classmethod
    def of(cls, outcomes: Sequence[Any]) -> Standings | None:
        """The standings of the competitive games among ``outcomes`` (None if none is)."""
        ended = [o for o in outcomes if is_competitive(o)]
        if not ended:
            return None
        finished = [o.scores for o in ended]
        seats = max(len(s) for s in finished)
        wins = [0] * seats
        shares = [0.0] * seats
        ties = 0
        for o in ended:
            top = winning_seats(o)
            if len(top) > 1:
                ties += 1
            else:
                wins[top[0]] += 1
            for i in top:
                shares[i] += 1 / len(top)
        per_seat = tuple(Stats.of([s[i] for s in finished if i < len(s)]) for i in range(seats))
        return cls(
            scores=tuple(x for x in per_seat if x is not None),
            winning_score=Stats.of([max(s) for s in finished]) or Stats(0, 0, 0),
            wins=tuple(wins),
            ties=ties,
            shares=tuple(shares),
        )

    def to_json(self, games: int) -> dict[str, Any]:
        return {
            "seats": [
                {
                    "seat": i,
                    "score": st.to_json(),
                    "wins": self.wins[i],
                    "win_share": round(self.shares[i] / games, 6),
                }
                for i, st in enumerate(self.scores)
            ],
            "winning_score": self.winning_score.to_json(),
            "ties": self.ties,
        }
