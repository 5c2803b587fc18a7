"""A tiny SVG builder shared by board renderers and report plots.

Board pictures are drawn by the games (``GameSpec.board``) and plots by the reports;
both want the same few shapes, deterministic number formatting (so a regenerated report
has the same bytes) and one way of marking what differs between two positions. No
plotting library: every element is written here, escaped, with its coordinates rounded.
"""

from __future__ import annotations

from html import escape

#: Outline of a part that differs from the compared position (reading A vs B, or the
#: previous step of a replay), and the fill behind it.
HIGHLIGHT = "#e8590c"
HIGHLIGHT_FILL = "#fff0d9"


def num(v: float) -> str:
    """A coordinate as short, stable text (at most one decimal)."""
    r = round(float(v), 1)
    return str(int(r)) if r == int(r) else f"{r:.1f}"


def text_width(s: str, size: float = 11) -> float:
    """Rough width of ``s`` in a sans-serif font (enough to size a box around it)."""
    return len(s) * size * 0.56


class Svg:
    """An SVG picture built element by element; :meth:`render` returns the text.

    ``label`` becomes the picture's accessible name (``aria-label``) and its tooltip.
    """

    def __init__(self, width: float, height: float, label: str = "", css_class: str = "") -> None:
        self.width, self.height = width, height
        self.label = label
        self.css_class = css_class
        self.parts: list[str] = []

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        fill: str = "none",
        stroke: str = "#999",
        tip: str = "",
        rx: float = 0,
        width: float = 1,
    ) -> None:
        attrs = f'x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" fill="{fill}"'
        attrs += f' stroke="{stroke}"' if stroke != "none" else ""
        attrs += f' stroke-width="{num(width)}"' if width != 1 and stroke != "none" else ""
        attrs += f' rx="{num(rx)}"' if rx else ""
        self._shape("rect", attrs, tip)

    def circle(
        self, cx: float, cy: float, r: float, fill: str, stroke: str = "#333", tip: str = ""
    ) -> None:
        self._shape(
            "circle",
            f'cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="{fill}" stroke="{stroke}"',
            tip,
        )

    def line(
        self, x1: float, y1: float, x2: float, y2: float, stroke: str = "#888", width: float = 1
    ) -> None:
        extra = f' stroke-width="{num(width)}"' if width != 1 else ""
        self.parts.append(
            f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" stroke="{stroke}"{extra}/>'
        )

    def text(
        self,
        x: float,
        y: float,
        s: str,
        size: float = 11,
        fill: str = "#222",
        anchor: str = "start",
        bold: bool = False,
        tip: str = "",
    ) -> None:
        attrs = f'x="{num(x)}" y="{num(y)}"'
        attrs += f' font-size="{num(size)}"' if size != 11 else ""
        attrs += f' fill="{fill}"' if fill != "#222" else ""
        attrs += f' text-anchor="{anchor}"' if anchor != "start" else ""
        attrs += ' font-weight="bold"' if bold else ""
        inner = escape(s) + (f"<title>{escape(tip)}</title>" if tip else "")
        self.parts.append(f"<text {attrs}>{inner}</text>")

    def highlight(self, x: float, y: float, w: float, h: float, tip: str = "") -> None:
        """Mark a region that differs from the compared position (drawn under the
        region's own shapes: call it first)."""
        self.rect(x - 2, y - 2, w + 4, h + 4, HIGHLIGHT_FILL, HIGHLIGHT, tip or "differs", 3, 2.5)

    def raw(self, fragment: str) -> None:
        """An already-built fragment (escaped by the caller)."""
        self.parts.append(fragment)

    def _shape(self, tag: str, attrs: str, tip: str) -> None:
        if tip:
            self.parts.append(f"<{tag} {attrs}><title>{escape(tip)}</title></{tag}>")
        else:
            self.parts.append(f"<{tag} {attrs}/>")

    def render(self) -> str:
        w, h = num(self.width), num(self.height)
        cls = f' class="{escape(self.css_class)}"' if self.css_class else ""
        label = escape(self.label)
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg"{cls} width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="11" role="img" '
            f'aria-label="{label}">'
        )
        title = f"<title>{label}</title>" if label else ""
        return "\n".join([head + title, *self.parts, "</svg>"]) + "\n"
