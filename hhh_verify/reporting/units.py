"""One name and one unit per measure, everywhere in a report.

A rules editor compares numbers across tables, plots and the summary; a win chance that
reads 0.113 in one place and 11.25 in another is two numbers to them. Every rendering
of a measure goes through here: rates (win chance, seat 0's win share, the share of
games that end one way) always in percent and their shifts in percentage points;
money in dollars; scores in points.
"""

from __future__ import annotations

from collections.abc import Sequence

#: Measure -> (name in words, scale to display units, unit of a shift).
MEASURES: dict[str, tuple[str, float, str]] = {
    "win": ("win chance", 100.0, "pts"),
    "seat0_win": ("seat 0's win share", 100.0, "pts"),
    "money": ("final money", 1.0, "$"),
    "rating_rank": ("rating rank", 1.0, "ranks"),
    "deaths": ("deaths", 1.0, "deaths"),
    "rounds": ("rounds played", 1.0, "rounds"),
    "seat0_score": ("seat 0's score", 1.0, "points"),
    "winning_score": ("winning score", 1.0, "points"),
}

#: Ranking weights: dollars (cooperative games) or points (competitive ones) per unit,
#: so shifts of different measures compare (a win-chance point counts $1 or 1 point).
WEIGHTS = {
    "money": 1.0,
    "win": 100.0,
    "rounds": 5.0,
    "deaths": 5.0,
    "seat0_win": 100.0,
    "seat0_score": 1.0,
    "winning_score": 1.0,
}

#: Measures that are shares of games: levels in percent, shifts in percentage points.
RATES = ("win", "seat0_win")


def _spec(name: str) -> tuple[str, float, str]:
    if name.startswith("end:"):
        return (f"games ending '{name[4:]}'", 100.0, "pts")
    return MEASURES.get(name, (name, 1.0, ""))


def is_rate(name: str) -> bool:
    """Whether ``name`` is a share of games (shown in percent)."""
    return name in RATES or name.startswith("end:")


def label(name: str) -> str:
    """The measure in words (``win chance``)."""
    return _spec(name)[0]


def level(name: str, x: float) -> str:
    """A mean under one reading: ``11.3%``, ``$-4.20``, ``12.50 points``."""
    _, k, unit = _spec(name)
    if is_rate(name):
        return f"{x * k:.1f}%"
    if unit == "$":
        return f"{'-' if x < 0 else ''}${abs(x):.2f}"
    return f"{x:.2f} {unit}".rstrip()


def shift(name: str, d: float) -> str:
    """A difference B-A in the measure's unit: ``+3.20 pts``, ``+$1.20``, ``+6.00 points``."""
    _, k, unit = _spec(name)
    if unit == "$":
        return f"{'-' if d < 0 else '+'}${abs(d):.2f}"
    return f"{d * k:+.2f} {unit}".rstrip()


def interval(name: str, ci: Sequence[float]) -> str:
    """A 95% interval of a difference, in the same unit as :func:`shift`."""
    return f"[{shift(name, ci[0])}, {shift(name, ci[1])}]"


def effect(name: str, diff: float, ci: Sequence[float]) -> str:
    """``win chance +3.20 pts [+1.10 pts, +5.30 pts]``."""
    return f"{label(name)} {shift(name, diff)} {interval(name, ci)}"


def unit_lines(competitive: bool) -> list[tuple[str, str]]:
    """(measure, its unit) for the report's units table."""
    names = (
        ["seat0_win", "seat0_score", "winning_score", "rounds"]
        if competitive
        else ["win", "money", "rating_rank", "deaths", "rounds"]
    )
    out = []
    for n in names:
        _, _, unit = _spec(n)
        what = (
            "percent of games; a shift in percentage points (pts)"
            if is_rate(n)
            else {
                "$": "dollars",
                "points": "score points",
                "ranks": "rating places (0 a loss, 1 the worst rating, ...)",
                "rounds": "rounds",
                "deaths": "patients who died",
            }.get(unit, unit)
        )
        out.append((label(n), what))
    out.append(("games ending one way", "percent of games; a shift in percentage points (pts)"))
    return out
