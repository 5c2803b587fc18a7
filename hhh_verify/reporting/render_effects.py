"""Impact at a glance: a forest plot per game and a B-A plot per reading (inline SVG).

Measures differ in units, so both plots compare like with like: every shift is drawn
standardised (B-A divided by the standard deviation of its paired differences, Cohen's
d_z), a scale without exchange rates between dollars, points and deaths, and printed in
its own unit beside it. A filled marker is a 95% interval clear of 0; a hollow one is not.
"""

from __future__ import annotations

import math
from typing import Any

from hhh_verify.contract.vocab import Severity
from hhh_verify.reporting import ranking, units
from hhh_verify.reporting.measures import weight
from hhh_verify.reporting.render_md import best_effect, measures_of
from hhh_verify.view.svg import Svg

#: Where a shift whose paired differences never vary (every game moved alike) is drawn.
ALIKE = "every paired game moved alike"

SEVERITY_FILL = {Severity.HIGH: "#c92a2a", Severity.MEDIUM: "#e8890c", Severity.LOW: "#74a33c"}
NEUTRAL = "#667"
ROW = 18
SCALE_TEXT = (
    "Scale: standardised shift, B-A over the spread (standard deviation) of the paired "
    "differences (about 0.2 small, 0.5 medium, 0.8 large); each shift in its own unit on the right"
)


def _weight(name: str) -> float:
    """The ranking weight of a measure that has one (the ones these plots draw)."""
    w = weight(name)
    if w is None:
        raise ValueError(f"measure {name!r} has no ranking weight")
    return w


def _ticks(limit: float) -> list[float]:
    """About five round tick values covering ``[-limit, limit]``."""
    raw = limit / 2.5
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 5, 10) if m * mag >= raw)
    n = int(limit // step)
    return [k * step for k in range(-n, n + 1)]


class _Axis:
    """A horizontal scale from ``-limit`` to ``limit`` drawn between ``x0`` and ``x1``."""

    def __init__(self, limit: float, x0: float, x1: float) -> None:
        self.limit, self.x0, self.x1 = limit, x0, x1

    def x(self, v: float) -> float:
        v = max(-self.limit, min(self.limit, v))
        return self.x0 + (v + self.limit) / (2 * self.limit) * (self.x1 - self.x0)

    def draw(self, svg: Svg, top: float, bottom: float) -> None:
        for t in _ticks(self.limit):
            x = self.x(t)
            svg.line(x, top, x, bottom, "#444" if t == 0 else "#e4e4e4")
            svg.text(x, bottom + 12, f"{t:+g}" if t else "0", 10, "#555", "middle")


def _limit(values: list[float]) -> float:
    top = max([abs(v) for v in values if math.isfinite(v)] + [0.0])
    return top * 1.08 if top > 0 else 1.0


def standardised(st: dict[str, Any]) -> tuple[float, float, float]:
    """(B-A, interval low, interval high) over the paired differences' standard deviation.
    Differences that never vary have no spread: a shift of 0 stays 0, any other is
    infinitely many deviations (drawn at the edge of the axis, marked :data:`ALIKE`)."""
    sd = st.get("sd") or 0.0
    if sd > 0:
        lo, hi = st["ci95"]
        return st["diff"] / sd, lo / sd, hi / sd
    edge = math.copysign(math.inf, st["diff"]) if st["diff"] else 0.0
    return edge, edge, edge


def _interval(svg: Svg, axis: _Axis, y: float, st: dict[str, Any], colour: str, tip: str) -> None:
    mid, lo, hi = standardised(st)
    svg.line(axis.x(lo), y, axis.x(hi), y, colour, 2)
    for v in (lo, hi):
        svg.line(axis.x(v), y - 4, axis.x(v), y + 4, colour, 1.5)
    fill = colour if holds(st) else "#fff"
    svg.circle(axis.x(mid), y, 4.5, fill, colour, tip)


def holds(st: dict[str, Any]) -> bool:
    """A shift that counts: it survives the report's correction (its interval clear of 0
    where no correction was made, e.g. a random player's)."""
    return bool(st.get("holds", st["significant"]))


def ranks(entry: dict[str, Any]) -> bool:
    """Whether the entry's effect ranks (a shift of scores that never changed the winner
    is drawn, below the ranked ones, but does not rank)."""
    return ranking.SCORES_NOT_WINNER not in entry.get("flags", []) or entry.get("score_any", 0) > 0


def native(name: str, st: dict[str, Any]) -> str:
    """The shift in its own unit (:mod:`.units`), flagged when it may be chance."""
    chance = " (may be chance)" if st["significant"] and not holds(st) else ""
    alike = f" ({ALIKE})" if st["diff"] and not st.get("sd") else ""
    return units.effect(name, st["diff"], st["ci95"]) + chance + alike


def forest_svg(data: dict[str, Any]) -> str:
    """Each entry's ranking shift (:func:`best_effect`) with its 95% interval,
    standardised: shifts that hold first, each group by standardised size; entries whose
    readings never moved a measure are counted below."""
    rows = []
    for e in data["entries"]:
        best = best_effect(e)
        if best is None or abs(best[1]["diff"]) == 0:
            continue
        name, st, opt, policy = best
        rows.append((abs(standardised(st)[0]), e, name, st, opt, policy))
    rows.sort(key=lambda r: (not (holds(r[3]) and ranks(r[1])), -r[0], r[1]["id"]))
    still = len(data["entries"]) - len(rows)
    width, left, right = 1100, 330, 640
    height = 46 + len(rows) * ROW + 40
    svg = Svg(
        width, height, f"Forest plot: largest shift per ambiguity of {data['title']}", "forest"
    )
    svg.text(
        8,
        16,
        "Ranking effect per entry under competent play (95% interval): shifts that hold "
        "first, largest standardised shift first",
        13,
        bold=True,
    )
    svg.text(8, 32, SCALE_TEXT, 10, "#555")
    values = [v for r in rows for v in standardised(r[3])]
    axis = _Axis(_limit(values), left, right)
    top = 44
    axis.draw(svg, top, top + len(rows) * ROW)
    for i, (_, e, name, st, opt, policy) in enumerate(rows):
        y = top + i * ROW + ROW / 2
        colour = SEVERITY_FILL.get(e["severity"], NEUTRAL)
        label = f"{e['id']} ({opt}, {policy})" + ("" if ranks(e) else " scores only")
        svg.raw(f'<a href="#{e["id"]}">')
        svg.text(8, y + 4, label, 11, "#1a4d8f", tip=f"{e['title']}; severity {e['severity']}")
        svg.raw("</a>")
        _interval(svg, axis, y, st, colour, f"{label}: {native(name, st)}")
        svg.text(right + 14, y + 4, native(name, st), 10, "#333")
    foot = top + len(rows) * ROW + 28
    svg.text(
        8,
        foot,
        f"Colour: severity (red high, orange medium, green low); hollow: may be chance or "
        f"not clear of 0. Not drawn: {still} entries whose readings moved no measure "
        "under competent play.",
        10,
        "#555",
    )
    return svg.render()


def shifts_svg(ambiguity: str, pair: dict[str, Any]) -> str:
    """One reading's B-A per policy and measure, standardised, with 95% intervals."""
    rows = [
        (policy, name, imp["stats"][name])
        for policy, imp in pair["impact"].items()
        for name in measures_of(imp)
        if weight(name) is not None
    ]
    width, left, right = 860, 200, 470
    height = 22 + len(rows) * 16 + 22
    a, b = pair["options"]
    svg = Svg(width, height, f"{ambiguity}: B-A of {b} against {a}, by policy", "shifts")
    values = [v for _, _, st in rows for v in standardised(st)]
    axis = _Axis(_limit(values), left, right)
    svg.text(
        8,
        13,
        f"B-A ({b} minus {a}), standardised (over the paired differences' spread); "
        "* random player, shown not ranked",
        11,
        bold=True,
    )
    top = 20
    axis.draw(svg, top, top + len(rows) * 16)
    for i, (policy, name, st) in enumerate(rows):
        y = top + i * 16 + 8
        ranked = pair["impact"][policy].get("ranked", True)
        colour = SEVERITY_FILL[Severity.HIGH] if ranked and holds(st) else NEUTRAL
        svg.text(8, y + 4, f"{policy}: {units.label(name)}" + ("" if ranked else " *"), 10)
        _interval(svg, axis, y, st, colour, f"{policy}: {native(name, st)}")
        svg.text(right + 12, y + 4, native(name, st), 10, "#333")
    return svg.render()
