"""Final-money distributions per reading as a small self-contained SVG (no plotting
library: the numbers are formatted deterministically, so the files are reproducible)."""

from __future__ import annotations

from html import escape
from typing import Any

WIDTH, PANEL_H, PAD = 560, 150, 36
COLOURS = ("#3b6fb6", "#e08a2c")  # reading A, reading B


def _bins(values: list[int]) -> tuple[int, int, int]:
    lo, hi = min(values), max(values)
    width = max(1, -(-(hi - lo + 1) // 24))
    return lo, hi, width


def has_money_plot(pair: dict[str, Any]) -> bool:
    """Whether a reading pair gets a plot: its games report money and some game parted."""
    impacts = pair["impact"].values()
    return all("money_a" in imp for imp in impacts) and any(imp["games_parted"] for imp in impacts)


def money_svg(ambiguity: str, pair: dict[str, Any]) -> str:
    """One panel per policy: histogram of final money under reading A and reading B."""
    policies = list(pair["impact"])
    a_opt, b_opt = pair["options"]
    height = PAD + len(policies) * (PANEL_H + PAD)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="11">',
        f'<text x="8" y="16" font-size="13">{escape(ambiguity)}: final money, '
        f'<tspan fill="{COLOURS[0]}">A={escape(a_opt)}</tspan> vs '
        f'<tspan fill="{COLOURS[1]}">B={escape(b_opt)}</tspan></text>',
    ]
    for k, policy in enumerate(policies):
        imp = pair["impact"][policy]
        ma, mb = imp["money_a"], imp["money_b"]
        top = PAD + k * (PANEL_H + PAD)
        out.append(_panel(policy, imp, ma, mb, top))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _panel(policy: str, imp: dict[str, Any], ma: list[int], mb: list[int], top: int) -> str:
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
    money = imp["stats"]["money"]
    parts = [
        f'<text x="{left}" y="{top + 10}">policy {escape(policy)}: mean A ${money["mean_a"]:.2f}, '
        f"B ${money['mean_b']:.2f}, B-A {money['diff']:+.2f} "
        f"[{money['ci95'][0]:+.2f}, {money['ci95'][1]:+.2f}] ({imp['games']} paired games)</text>",
        f'<line x1="{left}" y1="{base}" x2="{right}" y2="{base}" stroke="#888"/>',
    ]
    for i in range(nbins):
        x = left + i * slot
        for j, counts in enumerate((ca, cb)):
            h = counts[i] * scale
            if h:
                parts.append(
                    f'<rect x="{x + 1 + j * bar:.1f}" y="{base - h:.1f}" width="{bar:.1f}" '
                    f'height="{h:.1f}" fill="{COLOURS[j]}"><title>${lo + i * width}'
                    f"{'' if width == 1 else f'..${lo + i * width + width - 1}'}: "
                    f"{counts[i]} games</title></rect>"
                )
        if nbins <= 12 or i % max(1, nbins // 8) == 0:
            parts.append(f'<text x="{x + 1:.1f}" y="{base + 13}">${lo + i * width}</text>')
    parts.append(f'<text x="4" y="{base - peak * scale + 4:.1f}">{peak}</text>')
    return "\n".join(parts)
