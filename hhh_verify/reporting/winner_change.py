"""The share of paired games whose winner changes between two readings.

In a competitive game a shift of scores matters to a player only when it changes who
wins; this share is that measure, with its exact (Clopper-Pearson) 95% interval from
``scipy.stats.binomtest``. Impacts of cooperative games carry no winner counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scipy.stats import binomtest


@dataclass(frozen=True)
class WinnerChange:
    """``changed`` of ``games`` paired games had different winners under A and B."""

    changed: int
    games: int
    low: float
    high: float

    @property
    def share(self) -> float:
        return self.changed / self.games

    def text(self) -> str:
        """``winner changed in 12 of 2,000 paired games (0.6%, 95% interval 0.3-1.0%)``"""
        return (
            f"winner changed in {self.changed:,} of {self.games:,} paired games "
            f"({100 * self.share:.1f}%, 95% interval {100 * self.low:.1f}-{100 * self.high:.1f}%)"
        )


def winner_change(imp: dict[str, Any]) -> WinnerChange | None:
    """The impact's winner-change share (None: not a competitive game's impact)."""
    if "winner_changed" not in imp or not imp.get("games"):
        return None
    changed, games = int(imp["winner_changed"]), int(imp["games"])
    ci = binomtest(changed, games).proportion_ci(confidence_level=0.95, method="exact")
    return WinnerChange(changed, games, float(ci.low), float(ci.high))
