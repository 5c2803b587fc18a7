"""The distribution of a game's plotted measure (``Measure.plot``; HHH: its final money)
per reading as a small self-contained SVG (no plotting library: the numbers are
formatted deterministically, so the files are reproducible)."""

from __future__ import annotations

from html import escape
from typing import Any

from hhh_verify.reporting.measures import known

WIDTH, PANEL_H, PAD = 560, 150, 36
COLOURS = ("#3b6fb6", "#e08a2c")  # reading A, reading B


def _bins(values: list[int]) -> tuple[int, int, int]:
    lo, hi = min(values), max(values)
    width = max(1, -(-(hi - lo + 1) // 24))
    return lo, hi, width


def plotted(pair: dict[str, Any]) -> str | None:
    """The measure a reading pair's plot shows: a plotted measure whose values per game
    (``NAME_a``, ``NAME_b``) every comparison of the pair has (None: no plot)."""
    impacts = pair["impact"].values()
    for name, m in known().items():
        if m.plot and all(f"{name}_a" in imp for imp in impacts):
            return name
    return None


def has_plot(pair: dict[str, Any]) -> bool:
    """Whether a reading pair gets a plot: its games have a plotted measure and some
    game parted."""
    impacts = pair["impact"].values()
    return plotted(pair) is not None and any(imp["games_parted"] for imp in impacts)


def plot_title(pair: dict[str, Any]) -> str:
    """The plotted measure in words (``final money``)."""
    name = plotted(pair)
    return "" if name is None else known()[name].label


def plot_svg(ambiguity: str, pair: dict[str, Any]) -> str:
    """One panel per policy: histogram of the plotted measure under reading A and B."""
    name = plotted(pair)
    if name is None:
        raise ValueError(f"{ambiguity}: no plotted measure in {sorted(pair['impact'])}")
    cash = "$" if known()[name].unit == "$" else ""
    policies = list(pair["impact"])
    a_opt, b_opt = pair["options"]
    height = PAD + len(policies) * (PANEL_H + PAD)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="11">',
        f'<text x="8" y="16" font-size="13">{escape(ambiguity)}: {escape(plot_title(pair))}, '
        f'<tspan fill="{COLOURS[0]}">A={escape(a_opt)}</tspan> vs '
        f'<tspan fill="{COLOURS[1]}">B={escape(b_opt)}</tspan></text>',
    ]
    for k, policy in enumerate(policies):
        imp = pair["impact"][policy]
        ma, mb = imp[f"{name}_a"], imp[f"{name}_b"]
        top = PAD + k * (PANEL_H + PAD)
        out.append(_panel(policy, imp, (name, cash), ma, mb, top))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _panel(
    policy: str,
    imp: dict[str, Any],
    shown: tuple[str, str],
    ma: list[int],
    mb: list[int],
    top: int,
) -> str:
    """One policy's histogram of measure ``shown`` (name, ``$`` or no currency sign)."""
    name, cash = shown
    lo, hi, width = _bins(ma + mb)
    nbins = (hi - lo) // width + 1
    ca = [0] * nbins
    cb = [0] * nbins
    for v in ma:
        ca[(v - lo) // width] += 1
    for v in mb:
        cb[(v - lo) // width] += 1
    peak = max(ca + cb) or 1
    left, right = 40, WIDTH - 10
    slot = (right - left) / nbins
    bar = slot * 0.42
    base = top + PANEL_H - 18
    scale = (PANEL_H - 34) / peak
    st = imp["stats"][name]
    parts = [
        f'<text x="{left}" y="{top + 10}">policy {escape(policy)}: mean A {cash}{st["mean_a"]:.2f}, '
        f"B {cash}{st['mean_b']:.2f}, B-A {st['diff']:+.2f} "
        f"[{st['ci95'][0]:+.2f}, {st['ci95'][1]:+.2f}] ({imp['games']} paired games)</text>",
        f'<line x1="{left}" y1="{base}" x2="{right}" y2="{base}" stroke="#888"/>',
    ]
    for i in range(nbins):
        x = left + i * slot
        for j, counts in enumerate((ca, cb)):
            h = counts[i] * scale
            if h:
                parts.append(
                    f'<rect x="{x + 1 + j * bar:.1f}" y="{base - h:.1f}" width="{bar:.1f}" '
                    f'height="{h:.1f}" fill="{COLOURS[j]}"><title>{cash}{lo + i * width}'
                    f"{'' if width == 1 else f'..{cash}{lo + i * width + width - 1}'}: "
                    f"{counts[i]} games</title></rect>"
                )
        if nbins <= 12 or i % max(1, nbins // 8) == 0:
            parts.append(f'<text x="{x + 1:.1f}" y="{base + 13}">{cash}{lo + i * width}</text>')
    parts.append(f'<text x="4" y="{base - peak * scale + 4:.1f}">{peak}</text>')
    return "\n".join(parts)
