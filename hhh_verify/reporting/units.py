"""One name and one unit per measure, everywhere in a report.

A rules editor compares numbers across tables, plots and the summary; a win chance that
reads 0.113 in one place and 11.25 in another is two numbers to them. Every rendering
of a measure goes through here: rates (win chance, seat 0's win share, the share of
games that end one way) always in percent and their shifts in percentage points;
money in dollars; scores in points. The words and units are the game's
(``GameSpec.measures``, :mod:`.measures`).
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from hhh_verify.reporting.measures import measure


def _spec(name: str) -> tuple[str, float, str]:
    """(name in words, scale to display units, unit of a shift) of a measure."""
    if name.startswith("end:"):
        return (f"games ending '{name[4:]}'", 100.0, "pts")
    m = measure(name)
    if m is None:
        return (name, 1.0, "")
    return (m.label, 100.0 if m.rate else 1.0, m.unit)


def is_rate(name: str) -> bool:
    """Whether ``name`` is a share of games (shown in percent)."""
    m = measure(name)
    return name.startswith("end:") or (m is not None and m.rate)


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


def unit_lines(names: Sequence[str]) -> list[tuple[str, str]]:
    """(measure, its unit) for the report's units table: the report's measures
    ``names`` (the game's and the round reached), shares of games first."""
    out = []
    for n in sorted(names, key=lambda n: not is_rate(n)):
        m = measure(n)
        what = (
            "percent of games; a shift in percentage points (pts)"
            if is_rate(n)
            else (m.unit_words if m is not None else "")
        )
        out.append((label(n), what))
    out.append(("games ending one way", "percent of games; a shift in percentage points (pts)"))
    return out


def md_safe(text: str) -> str:
    """Untrusted text (a decisions file's note or name, an optimal file's preset names)
    as Markdown text: one line, HTML special characters escaped as the HTML report does
    (a Markdown renderer may pass raw HTML through), and no table pipe or code backtick."""
    flat = html.escape(" ".join(str(text).split()), quote=False)
    return flat.replace("|", "\\|").replace("`", "\\`")


def md_code(text: str) -> str:
    """``text`` as a Markdown code span when it is a plain name (letters, digits and
    ``_.:=-``), else as :func:`md_safe` text."""
    return f"`{text}`" if re.fullmatch(r"[\w.:=-]+", str(text)) else md_safe(text)
