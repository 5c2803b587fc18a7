"""What a game measures at the end of a game, declared by the game (``GameSpec.measures``).

``impact`` compares two readings by these numbers and the reports word them, so the
generic code carries no game's vocabulary (money, deaths, scores): it reads the game's
declaration. A measure is a function of the final state and its outcome (the outcome is
None for a game cut at its step limit or deadlocked); a game played inside a compiled
kernel has no state in the model's terms, so a measure says how to read it from the
kernel's :class:`~hhh_verify.contract.model.KernelGame` as well. Besides the game's measures the
engines add one of their own: the round reached (:data:`ROUNDS`, ``Model.round_of``).

The building blocks for the two kinds of game the contract knows (a team result,
``Outcome.won``; seat scores, ``Outcome.scores``) are here, so a game writes only what is
its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.outcomes import Outcome, winning_seats


def _no_threshold(mean_a: float) -> float | None:
    return None


@dataclass(frozen=True)
class Measure:
    """One number per finished game, and how a report words it.

    ``of(state, outcome)``
        The value at the end of a game played by the model (``outcome`` None: the
        game was cut or deadlocked); None only for the engines' own :data:`ROUNDS`.
    ``of_kernel(game)``
        The value of a game played inside the game's kernel (a ``KernelGame``);
        None: ``of(None, game.outcome)`` (a measure that reads the outcome only).
    ``label``, ``unit``, ``unit_words``
        The measure in words (``final money``), the unit of a shift (``$``, ``pts``,
        ``points``) and that unit in words for a report's units table.
    ``rate``
        A share of games: levels in percent, shifts in percentage points.
    ``weight``
        Report ranking weight: dollars (team games) or points (seat games) per unit, so
        shifts of different measures compare; None: never ranks an entry.
    ``high(mean_a)``
        The shift that makes an effect ``high`` given the mean under reading A (None:
        the measure has no such threshold).
    ``score``
        A seat score: in a competitive game it does not say who wins, so its shifts
        rank an entry only when some game's winner changed.
    ``headline``
        The measure an interval width (``impact --width``) refers to.
    ``plot``
        A report keeps its value per game under both readings (``NAME_a``, ``NAME_b``)
        for the distribution plot.
    ``rank``
        Its place in a report's per-measure tables (lowest first; the round reached
        is 2).
    ``midgame``
        ``of(state, None)`` is also meaningful in a position before the end (e.g. money
        held so far): a divergence witness shows it for each reading's successor.
    ``categories``, ``counted_as``
        A measure whose values 1, 2, ... name places (worst first; 0 is none of them,
        e.g. a lost game) has those names: ``impact`` counts the games at each place
        under both readings, in its JSON under the key ``counted_as``.
    """

    of: Callable[[Any, Outcome | None], Any] | None
    label: str
    unit: str = ""
    unit_words: str = ""
    of_kernel: Callable[[Any], Any] | None = None
    rate: bool = False
    weight: float | None = None
    high: Callable[[float], float | None] = _no_threshold
    score: bool = False
    headline: bool = False
    plot: bool = False
    rank: int = 0
    midgame: bool = False
    categories: tuple[str, ...] = ()
    counted_as: str = ""

    def __post_init__(self) -> None:
        if self.categories and not self.counted_as:
            raise ValueError(f"measure {self.label!r} names categories but no counted_as key")

    def at_end(self, state: Any, outcome: Outcome | None) -> Any:
        """The value at the end of a model's game (see ``of``)."""
        if self.of is None:
            raise ModelError(f"measure {self.label!r} has no value of a state (the engines')")
        return self.of(state, outcome)

    def of_kernel_game(self, game: Any) -> Any:
        """The value of one kernel game (see ``of_kernel``)."""
        if self.of_kernel is not None:
            return self.of_kernel(game)
        return self.at_end(None, game.outcome)


#: Measures by name, in the order the engines compare them.
Measures = Mapping[str, Measure]

#: The round a game reached (``Model.round_of``); the engines add it to every game's
#: measures, last (its value comes with the game, not from ``of``).
ROUNDS = Measure(
    of=None,
    label="rounds played",
    unit="rounds",
    unit_words="rounds",
    weight=5.0,
    rank=2,
)


def _won(s: Any, o: Outcome | None) -> bool:
    return bool(o.won) if o is not None else False


#: A team game's result (``Outcome.won``; a cut game is a loss).
WIN = Measure(
    of=_won,
    label="win chance",
    unit="pts",
    rate=True,
    weight=100.0,
    high=lambda mean_a: 0.05,
    headline=True,
    rank=0,
)


def _scores(o: Outcome | None) -> tuple[int, ...]:
    return o.scores if o is not None and o.won is None and o.scores else ()


def _seat0_score(s: Any, o: Outcome | None) -> int:
    scores = _scores(o)
    return scores[0] if scores else 0


def _winning_score(s: Any, o: Outcome | None) -> int:
    scores = _scores(o)
    return max(scores) if scores else 0


def _seat0_win(s: Any, o: Outcome | None) -> float:
    if not _scores(o) or o is None:
        return 0.0
    winners = winning_seats(o)
    return 1 / len(winners) if 0 in winners else 0.0


def _five_percent(mean_a: float) -> float:
    return 0.05 * max(1.0, abs(mean_a))


#: A seat game's measures: seat 0's score, the winning score and seat 0's win share
#: (``Outcome.winners`` when named; a shared win is split).
SEAT_MEASURES: dict[str, Measure] = {
    "seat0_score": Measure(
        of=_seat0_score,
        label="seat 0's score",
        unit="points",
        unit_words="score points",
        weight=1.0,
        high=_five_percent,
        score=True,
        rank=6,
    ),
    "winning_score": Measure(
        of=_winning_score,
        label="winning score",
        unit="points",
        unit_words="score points",
        weight=1.0,
        high=_five_percent,
        score=True,
        rank=7,
    ),
    "seat0_win": Measure(
        of=_seat0_win,
        label="seat 0's win share",
        unit="pts",
        rate=True,
        weight=100.0,
        high=lambda mean_a: 0.05,
        headline=True,
        rank=5,
    ),
}


def category_counts(
    measures: Measures, values_a: Sequence[Sequence[Any]], values_b: Sequence[Sequence[Any]]
) -> dict[str, dict[str, tuple[int, int]]]:
    """Per measure that names categories (``Measure.categories``), keyed by its
    ``counted_as``: the games at each category under A and under B (``values_a``,
    ``values_b``: one row of the measures' values per game, in ``measures``' order)."""
    counts = {}
    for k, m in enumerate(measures.values()):
        if m.categories:
            counts[m.counted_as] = {
                name: (
                    sum(row[k] == place for row in values_a),
                    sum(row[k] == place for row in values_b),
                )
                for place, name in enumerate(m.categories, 1)
            }
    return counts


def with_rounds(measures: Measures) -> dict[str, Measure]:
    """A game's measures and the round reached, as the engines compare them."""
    return {**measures, "rounds": ROUNDS}
