"""What ``impact`` compares and a report words for HHH: the team's win, its final money,
the rating of a won game, the patients who died (the engines add the round reached).

A game cut at its step limit, or deadlocked, has no outcome: its money and deaths are
the final state's (a kernel game's, its ``KernelGame.values``).
"""

from __future__ import annotations

from typing import Any

from hhh_verify.contract.measures import WIN, Measure
from hhh_verify.contract.outcomes import Outcome

from ..rules.model import RATINGS
from ..rules.outcome import money_of, rating_of

#: The ratings a won game earns, worst first (the rating rank's categories).
RATING_NAMES = tuple(name for _, name in reversed(RATINGS))


def _money(s: Any, o: Outcome | None) -> int:
    if o is not None:
        return money_of(o)
    return getattr(s, "money", 0) or 0


def _kernel_money(g: Any) -> int:
    return money_of(g.outcome) if g.outcome is not None else g.values["money"]


def rating_rank(won: bool, rating: str | None) -> int:
    """0 for a loss, else 1 + the index of the rating among :data:`RATING_NAMES`."""
    return 1 + RATING_NAMES.index(rating) if won and rating in RATING_NAMES else 0


def _rank(o: Outcome | None) -> int:
    return rating_rank(bool(o.won), rating_of(o)) if o is not None else 0


def _deaths(s: Any, o: Outcome | None) -> int:
    return getattr(s, "deaths", 0)


MEASURES: dict[str, Measure] = {
    "win": WIN,
    "money": Measure(
        of=_money,
        of_kernel=_kernel_money,
        label="final money",
        unit="$",
        unit_words="dollars",
        weight=1.0,
        high=lambda mean_a: 5,
        plot=True,
        rank=1,
        midgame=True,
    ),
    "rating_rank": Measure(
        of=lambda s, o: _rank(o),
        of_kernel=lambda g: _rank(g.outcome),
        label="rating rank",
        unit="ranks",
        unit_words="rating places (0 a loss, 1 the worst rating, ...)",
        rank=4,
        categories=RATING_NAMES,
        counted_as="ratings",
    ),
    "deaths": Measure(
        of=_deaths,
        of_kernel=lambda g: g.values["deaths"],
        label="deaths",
        unit="deaths",
        unit_words="patients who died",
        weight=5.0,
        rank=3,
        midgame=True,
    ),
}
