"""A picture of a Dice Hospital position: the table and every player's hospital.

At the top the round, phase and first player; then the dice bag, the dice drawn and
rolled for the ambulances, the ambulances themselves (who took which), the dice
arriving at a hospital, and this round's market of wards and specialists. Below, one
panel per hospital: patients as dice showing their health (a tick once treated this
round, an outline in the colour a blood bag shows them as), the discharge lounge, the
mortuary, mortality tokens, blood bags, points, the administrator, wards and
specialists (used this round in brackets) and nurses placed.

``render_board(model, state, against)`` outlines every part that differs from
``against`` (the other reading's position, or the previous step of a replay).
"""

from __future__ import annotations

from hhh_verify.view.svg import Svg, text_width

from ..rules.components import ADMINISTRATORS, SPECIALISTS, WARDS
from ..rules.model import DHModel
from ..rules.state import PHASE_NAMES, DHState, Hospital

#: Dice colours (red, yellow, green); any further colour is gray.
FILL = ("#cc3b2f", "#e9c21b", "#3f9a4b")
OTHER = "#8c8c8c"
WIDTH = 700
DIE = 20


def _fill(c: int) -> str:
    return FILL[c] if 0 <= c < len(FILL) else OTHER


def _ink(c: int) -> str:
    return "#222" if c == 1 else "#fff"


def _name(names: tuple[str, ...], k: int, what: str) -> str:
    """``names[k]``, or ``what k`` outside the names (a broken state is drawn too)."""
    return names[k] if 0 <= k < len(names) else f"{what} {k}"


def _kinds(counts: tuple[int, ...], names: tuple[str, ...], used: tuple[int, ...] = ()) -> str:
    """``triage, twin ward x2 (1 used)`` from counts per kind (``none`` when empty)."""
    out = []
    for k, n in enumerate(counts):
        if n:
            u = used[k] if k < len(used) else 0
            out.append(
                _name(names, k, "kind")
                + (f" x{n}" if n > 1 else "")
                + (f" ({u} used)" if u else "")
            )
    return ", ".join(out) or "none"


WARD_NAMES = tuple(w.name for w in WARDS)
SPECIALIST_NAMES = tuple(s.name for s in SPECIALISTS)


class _Picture:
    """One drawing pass over a state; ``other`` is the position to compare with."""

    def __init__(self, model: DHModel, s: DHState, other: DHState | None) -> None:
        self.ctx = model.ctx
        self.s, self.o = s, other
        self.svg = Svg(WIDTH, 0, "", "board")

    def differs(self, name: str) -> bool:
        return self.o is not None and getattr(self.s, name) != getattr(self.o, name)

    def hospital_differs(self, p: int, name: str) -> bool:
        if self.o is None:
            return False
        mine = self.s.hospitals[p] if p < len(self.s.hospitals) else None
        theirs = self.o.hospitals[p] if p < len(self.o.hospitals) else None
        if mine is None or theirs is None:
            return mine is not theirs
        return bool(getattr(mine, name) != getattr(theirs, name))

    def colour(self, c: int) -> str:
        return str(self.ctx.colour(c))

    def die(self, x: float, y: float, colour: int, value: int | None, tip: str = "") -> None:
        self.svg.rect(x, y, DIE, DIE, _fill(colour), "#333", tip or f"{self.colour(colour)} die", 4)
        if value is not None:
            self.svg.text(x + DIE / 2, y + 14, str(value), 12, _ink(colour), "middle", True)

    def dice_row(self, x: float, y: float, dice: tuple[tuple[int, int], ...]) -> float:
        for i, (c, v) in enumerate(dice):
            self.die(x + i * (DIE + 3), y, c, v, f"{self.colour(c)} {v}")
        return x + len(dice) * (DIE + 3)

    def counts(self, x: float, y: float, counts: tuple[int, ...], what: str) -> float:
        """One die per colour with its count written beside it."""
        for c, n in enumerate(counts):
            self.svg.rect(x, y, 14, 14, _fill(c), "#333", f"{what}: {n} {self.colour(c)}", 3)
            self.svg.text(x + 17, y + 11, str(n), 11)
            x += 17 + text_width(str(n)) + 8
        return x

    def labelled(
        self,
        x: float,
        y: float,
        label: str,
        fields: tuple[str, ...],
        width: float,
        height: float = 34,
    ) -> None:
        if any(self.differs(f) for f in fields):
            self.svg.highlight(
                x - 2,
                y - 12,
                width,
                height,
                f"differs: {', '.join(f for f in fields if self.differs(f))}",
            )
        self.svg.text(x, y, label, 11, bold=True)

    # -- sections -------------------------------------------------------------------
    def header(self) -> float:
        s = self.s
        items = [
            (f"Round {s.round} of {self.ctx.config.rounds}", ("round",)),
            (_name(PHASE_NAMES, s.phase, "phase"), ("phase", "cursor", "order")),
            (f"first player P{s.first}", ("first", "next_first")),
        ]
        x = 8.0
        for text, fields in items:
            w = text_width(text, 14) * 1.1  # bold
            if any(self.differs(f) for f in fields):
                self.svg.highlight(x - 2, 5, w + 4, 19, f"differs: {', '.join(fields)}")
            self.svg.text(x, 20, text, 14, bold=True)
            x += w + 18
        return 34

    def table(self, y: float) -> float:
        s = self.s
        self.labelled(8, y + 12, "Dice bag", ("supply",), 200)
        self.counts(8, y + 18, s.supply, "in the bag")
        self.labelled(220, y + 12, "Drawn for the ambulances", ("drawn",), 200)
        self.counts(220, y + 18, s.drawn, "drawn")
        self.labelled(440, y + 12, "Rolled, not yet placed", ("rolled",), 250)
        self.dice_row(440, y + 18, s.rolled)
        y += 46
        self.labelled(8, y + 12, "Ambulances", ("ambulances", "taken"), WIDTH - 14, DIE + 46)
        x = 8.0
        for j, amb in enumerate(s.ambulances):
            takers = [f"P{p}" for p, t in enumerate(s.taken) if t == j]
            width = max(3, len(amb)) * (DIE + 3) + 12
            self.svg.rect(x, y + 18, width, DIE + 10, "#f6f6f6", "#999", f"ambulance {j + 1}", 5)
            self.dice_row(x + 6, y + 23, amb)
            self.svg.text(
                x,
                y + DIE + 42,
                f"{j + 1}" + (f": {', '.join(takers)}" if takers else ""),
                10,
                "#444",
            )
            x += width + 10
        if not s.ambulances:
            self.svg.text(8, y + 34, "none on the table", 10, "#777")
        y += DIE + 50
        self.labelled(8, y + 12, "Arriving at a hospital", ("incoming",), 330)
        self.dice_row(8, y + 18, s.incoming)
        if not s.incoming:
            self.svg.text(8, y + 32, "none", 10, "#777")
        market = f"wards: {_kinds(s.ward_market, WARD_NAMES)}; specialists: {_kinds(s.specialist_market, SPECIALIST_NAMES)}"
        self.labelled(
            350, y + 12, "Market this round", ("ward_market", "specialist_market"), WIDTH - 356
        )
        self.svg.text(350, y + 30, market, 10)
        y += 46
        decks = (
            f"Decks: {sum(s.ward_deck)} wards, {sum(s.specialist_deck)} specialists, "
            f"{sum(s.admin_deck)} administrators; out of the game: {sum(s.ward_gone)} wards, "
            f"{sum(s.specialist_gone)} specialists; administrators in hand "
            f"{_kinds(s.admin_hand, ADMINISTRATORS)}, boxed {sum(s.admin_box)}"
        )
        fields = (
            "ward_deck",
            "specialist_deck",
            "admin_deck",
            "ward_gone",
            "specialist_gone",
            "admin_hand",
            "admin_box",
        )
        if any(self.differs(f) for f in fields):
            self.svg.highlight(6, y, WIDTH - 12, 16, "a deck differs")
        self.svg.text(8, y + 12, decks, 10)
        y += 20
        if s.effect is not None or self.differs("effect"):
            if self.differs("effect"):
                self.svg.highlight(6, y, WIDTH - 12, 28, "the specialist effect differs")
            if s.effect is None:
                self.svg.text(8, y + 12, "No specialist effect pending", 11, bold=True)
            else:
                kind, treated = s.effect
                self.svg.text(
                    8,
                    y + 12,
                    f"Pending: the {_name(SPECIALIST_NAMES, kind, 'specialist')}'s effect on",
                    11,
                    bold=True,
                )
                self.dice_row(330, y, tuple((p[0], p[1]) for p in treated))
            y += 32
        return y

    def hospital(self, p: int, h: Hospital, y: float) -> float:
        top = y
        admin = (
            _name(ADMINISTRATORS, h.admin, "administrator") if h.admin >= 0 else "not chosen yet"
        )
        title = f"P{p}'s hospital: {h.points} points; administrator {admin}"
        y += 16
        if self.hospital_differs(p, "points") or self.hospital_differs(p, "admin"):
            self.svg.highlight(
                8, y - 12, text_width(title, 12) + 4, 16, "points or administrator differ"
            )
        self.svg.text(10, y, title, 12, bold=True)
        y += 8
        if self.hospital_differs(p, "patients"):
            self.svg.highlight(10, y, WIDTH - 24, DIE + 6, "patients differ")
        x = 12.0
        for c, health, treated, tint in h.patients:
            marks = (", treated" if treated else "") + (
                f", shown {self.colour(tint)}" if tint >= 0 else ""
            )
            self.die(x, y + 3, c, health, f"{self.colour(c)} patient, health {health}{marks}")
            if tint >= 0:
                self.svg.rect(x - 2, y + 1, DIE + 4, DIE + 4, "none", _fill(tint), "", 5, 2.5)
            if treated:
                self.svg.text(x + DIE - 1, y + 8, "✓", 10, "#111", "middle", True)
            x += DIE + 5
        if not h.patients:
            self.svg.text(12, y + 17, "no patients", 10, "#777")
        y += DIE + 12
        x = 12.0
        for field, label in (("lounge", "Discharge lounge"), ("mortuary", "Mortuary")):
            counts = getattr(h, field)
            w = text_width(label, 10) + 6 + sum(25 + text_width(str(n)) for n in counts)
            if self.hospital_differs(p, field):
                self.svg.highlight(x - 2, y - 2, w + 4, 18, f"{label} differs")
            self.svg.text(x, y + 11, label, 10, "#444")
            self.counts(x + text_width(label, 10) + 6, y, counts, label)
            x += w + 20
        tokens = (
            f"mortality tokens {h.mortality}, blood bags {h.blood}, nurses placed {h.nurses_used}"
        )
        if h.evicted:
            tokens += f", evicted this round {h.evicted}"
        if any(
            self.hospital_differs(p, f) for f in ("mortality", "blood", "nurses_used", "evicted")
        ):
            self.svg.highlight(x - 2, y - 2, text_width(tokens, 10) + 4, 18, "tokens differ")
        self.svg.text(x, y + 11, tokens, 10)
        y += 22
        staff = (
            f"Wards: {_kinds(h.wards, WARD_NAMES, h.used_wards)}; "
            f"specialists: {_kinds(h.specialists, SPECIALIST_NAMES, h.used_specialists)}"
        )
        if any(
            self.hospital_differs(p, f)
            for f in ("wards", "specialists", "used_wards", "used_specialists")
        ):
            self.svg.highlight(10, y - 2, WIDTH - 24, 16, "wards or specialists differ")
        self.svg.text(12, y + 10, staff, 10)
        y += 18
        self.svg.rect(4, top + 2, WIDTH - 8, y - top, "none", "#bbb", "", 6)
        return y + 8

    def draw(self) -> str:
        y = self.table(self.header())
        hospitals = self.s.hospitals
        if self.o is not None and len(self.o.hospitals) != len(hospitals):
            self.svg.highlight(6, y, WIDTH - 12, 14, "the number of hospitals differs")
        for p, h in enumerate(hospitals):
            y = self.hospital(p, h, y)
        self.svg.height = y + 4
        s = self.s
        self.svg.label = (
            f"Dice Hospital table, round {s.round}, {_name(PHASE_NAMES, s.phase, 'phase')}"
        )
        return self.svg.render()


def render_board(model: DHModel, state: DHState, against: DHState | None = None) -> str:
    """The table and hospitals of ``state`` as inline SVG; parts that differ from
    ``against`` are outlined (``against`` must be a position of the same game)."""
    return _Picture(model, state, against).draw()
