"""A picture of a Healthy Heart Hospital position: the board as a rules editor knows it.

New Room cards on the left of the board (Setup: "place it ... on the left of the game
board") with their patients, the Cemetery's tombstones and the marker supply below them;
on the board the bag and the discard pile, the Waiting Rooms (one spot per cube, a
patient's level = its cubes), the Infirmary Wards (beds with Patient markers showing
their level, the Ward Ability token), then the action tokens, Staff, Training markers,
Research deck and any Heal or Research in progress. Capacities come from the rules'
own functions (``board.body_capacity`` and friends), so the picture cannot disagree
with the model.

``render_board(model, state, against)`` outlines every part that differs from
``against`` (the other reading's position, or the previous step of a replay).
"""

from __future__ import annotations

from hhh_verify.view.svg import Svg, text_width

from ..rules.board import blood_size, body_capacity, er_capacity, treatment_max
from ..rules.config import STAFF, TRAINING_NAMES
from ..rules.model import HHHModel
from ..rules.state import BLOOD_BANK, ER, MORGUE, PHASE_NAMES, REASONS, HHHState

#: Cube and marker colours (yellow, gray, green, red, blue), then black.
FILL = ("#e9c21b", "#8c8c8c", "#3f9a4b", "#cc3b2f", "#2f6fc2", "#262626")
WHITE = "#ffffff"
WIDTH = 680
LEFT_W = 182  # the New Room / Cemetery column
X0 = LEFT_W + 16  # the board column
LINE = 15


def _ink(colour: int) -> str:
    """Text colour readable on a cube or marker of ``colour``."""
    return "#222" if colour == 0 else WHITE


class _Picture:
    """One drawing pass over a state; ``other`` is the position to compare with."""

    def __init__(self, model: HHHModel, s: HHHState, other: HHHState | None) -> None:
        self.ctx = model.ctx
        self.s, self.o = s, other
        self.svg = Svg(WIDTH, 0, "", "board")

    def differs(self, name: str, index: int | None = None) -> bool:
        """Whether field ``name`` (element ``index``) differs from the compared state."""
        if self.o is None:
            return False
        a, b = getattr(self.s, name, None), getattr(self.o, name, None)
        if index is None:
            return bool(a != b)
        return bool(a[index] != b[index]) if a is not None and b is not None else a != b

    def any_differs(self, *names: str) -> bool:
        return any(self.differs(n) for n in names)

    def colour_name(self, k: int) -> str:
        return str(self.ctx.colour(k))

    # -- pieces ---------------------------------------------------------------------
    def cube(self, x: float, y: float, colour: int, size: float = 11, tip: str = "") -> None:
        fill = FILL[colour] if colour < self.ctx.C else FILL[5]
        tip = "" if tip == "-" else tip or f"{self.colour_name(colour)} cube"
        self.svg.rect(x, y, size, size, fill, "#333", tip, 1.5)

    def marker(self, cx: float, cy: float, colour: int, level: int | None, tip: str) -> None:
        """A Patient marker (coloured disc, white for a white marker) showing its level."""
        white = colour >= self.ctx.C
        fill = WHITE if white else FILL[colour]
        self.svg.circle(cx, cy, 8.5, fill, "#333", tip)
        if level is not None:
            ink = "#222" if white else _ink(colour)
            self.svg.text(cx, cy + 4, str(level), 11, ink, "middle", True)

    def swatches(self, x: float, y: float, counts: tuple[int, ...], field: str, what: str) -> float:
        """One labelled square per colour (black last) with its count; returns the width."""
        for k, n in enumerate(counts):
            bx = x + k * 30
            name = self.colour_name(k)
            if self.differs(field, k):
                other = getattr(self.o, field)[k]
                self.svg.highlight(
                    bx, y, 26, 20, f"{what} {name}: {n} here, {other} in the compared position"
                )
            colour = k if k < self.ctx.C else 5
            self.svg.rect(bx, y, 26, 20, FILL[colour], "#333", f"{what}: {n} {name}", 2)
            self.svg.text(bx + 13, y + 14, str(n), 11, _ink(colour), "middle", True)
        return len(counts) * 30

    # -- sections -------------------------------------------------------------------
    def header(self) -> float:
        s, ctx = self.s, self.ctx
        items: list[tuple[str, tuple[str, ...], str]] = [
            (f"Round {s.round} of {ctx.last_round}", ("round",), "#222"),
            (_name(PHASE_NAMES, s.phase, "phase"), ("phase", "cursor"), "#555"),
            (f"${s.money}", ("money",), "#1b6e2a" if s.money >= 0 else "#b00"),
            (f"deaths {s.deaths}", ("deaths",), "#222"),
        ]
        if s.reason or (self.o is not None and self.o.reason):
            end = f"game over: {_name(REASONS, s.reason, 'reason')}" if s.reason else "game goes on"
            items.append((end, ("reason",), "#b00" if s.reason else "#222"))
        x = 8.0
        for text, fields, colour in items:
            w = text_width(text, 14)
            if self.any_differs(*fields):
                self.svg.highlight(x - 2, 5, w + 4, 19, f"differs: {', '.join(fields)}")
            self.svg.text(x, 20, text, 14, colour, bold=True)
            x += w + 18
        return 32

    def rooms(self, y: float) -> float:
        s, ctx = self.s, self.ctx
        limit = ctx.config.room_limit
        if self.differs("rooms_placed"):
            self.svg.highlight(6, y, LEFT_W - 4, 16, "rooms placed differs")
        self.svg.text(8, y + 12, f"New Rooms ({s.rooms_placed} of {limit} placed)", 12, bold=True)
        y += 20
        for kind in range(len(s.rooms)):
            if s.rooms[kind] or self.room_changed(kind):
                y = self.room_card(kind, y) + 6
        return y

    def room_changed(self, kind: int) -> bool:
        """The room, or what is on it, differs from the compared position."""
        if self.differs("rooms", kind):
            return True
        if kind < self.ctx.C:
            return self.differs("treatment", kind)
        return {ER: self.differs("er"), BLOOD_BANK: self.differs("blood")}.get(kind, False)

    def room_card(self, kind: int, y: float) -> float:
        s, ctx = self.s, self.ctx
        h = 44
        level = s.rooms[kind]
        name = ctx.room_name(kind) + (" +" if level == 2 else "")
        if self.room_changed(kind):
            self.svg.highlight(8, y, LEFT_W - 8, h, f"{name} differs from the compared position")
        if not level:
            self.svg.rect(8, y, LEFT_W - 8, h, "#fafafa", "#aaa", "not installed here", 4)
            self.svg.text(16, y + 26, f"({ctx.room_name(kind)} not installed)", 10, "#777")
            return y + h
        border = "#b8860b" if level == 2 else "#666"
        side = "Improved" if level == 2 else "Basic"
        self.svg.rect(
            8,
            y,
            LEFT_W - 8,
            h,
            "#fdfcf7",
            border,
            f"{name} ({side} side)",
            4,
            2 if level == 2 else 1,
        )
        self.svg.text(14, y + 14, name, 11, bold=True)
        if kind < ctx.C:
            lv, treated = s.treatment[kind]
            top = treatment_max(s, kind)
            if lv:
                where = "treated" if treated else "critical"
                self.marker(
                    24,
                    y + 30,
                    kind,
                    lv,
                    f"level-{lv} {self.colour_name(kind)} patient, {where} side",
                )
                self.svg.text(38, y + 34, f"{where} side (holds levels 1-{top})", 10, "#444")
            else:
                self.svg.text(14, y + 34, f"empty (holds levels 1-{top})", 10, "#777")
        elif kind == ER:
            cap = er_capacity(s)
            patients = [c for c, n in enumerate(s.er) for _ in range(n)]
            for i in range(cap):
                cx = 24 + i * 22
                if i < len(patients):
                    c = patients[i]
                    self.marker(cx, y + 30, c, 5, f"5-cube {self.colour_name(c)} patient")
                else:
                    self.svg.circle(cx, y + 30, 8.5, "none", "#aaa", "empty space")
            self.svg.text(24 + cap * 22, y + 34, f"{len(patients)} of {cap} spaces", 10, "#444")
        elif kind == BLOOD_BANK:
            size = blood_size(s)
            cubes = [c for c, n in enumerate(s.blood) for _ in range(n)]
            for i in range(size):
                if i < len(cubes):
                    self.cube(14 + i * 16, y + 24, cubes[i], 12)
                else:
                    self.svg.rect(14 + i * 16, y + 24, 12, 12, "none", "#aaa", "empty space", 1.5)
            self.svg.text(18 + size * 16, y + 34, f"{len(cubes)} of {size} cubes", 10, "#444")
        elif kind == MORGUE:
            self.svg.text(14, y + 34, "bodies counted with the Cemetery", 10, "#444")
        return y + h

    def cemetery(self, y: float) -> float:
        s, ctx = self.s, self.ctx
        cap = body_capacity(ctx, s)
        bodies = [c for c, n in enumerate(s.cemetery) for _ in range(n)]
        rows = max(1, -(-max(cap, len(bodies)) // 6))
        h = 22 + rows * 34
        if self.differs("cemetery"):
            self.svg.highlight(6, y, LEFT_W - 4, h, "Cemetery differs")
        self.svg.text(8, y + 12, f"Cemetery ({len(bodies)} of {cap} places)", 12, bold=True)
        for i in range(max(cap, len(bodies))):
            x, ty = 10 + (i % 6) * 28, y + 20 + (i // 6) * 34
            self.svg.rect(x, ty, 22, 28, "#eee", "#999", "", 8)
            if i < len(bodies):
                c = bodies[i]
                if c <= ctx.C:
                    what = "white marker" if c == ctx.C else f"{self.colour_name(c)} marker"
                    self.marker(x + 11, ty + 15, c, None, f"body ({what})")
                else:
                    self.svg.text(
                        x + 11, ty + 19, "?", 12, "#555", "middle", tip="body without a marker"
                    )
        return y + h + 4

    def supply(self, y: float) -> float:
        s, ctx = self.s, self.ctx
        if self.differs("supply"):
            self.svg.highlight(6, y, LEFT_W - 4, 40, "marker supply differs")
        self.svg.text(8, y + 12, "Markers in the supply", 11, bold=True)
        for k, n in enumerate(s.supply):
            cx = 18 + k * 28
            name = "white" if k == ctx.C else self.colour_name(k)
            self.marker(cx, y + 28, k, None, f"{n} {name} markers in the supply")
            self.svg.text(cx + 10, y + 32, str(n), 10)
        return y + 44

    def bag(self, y: float) -> float:
        s = self.s
        x: float = X0
        for title, field, counts in (("Bag", "bag", s.bag), ("Discard pile", "discard", s.discard)):
            self.svg.text(x, y + 12, f"{title} ({sum(counts)} cubes)", 12, bold=True)
            w = self.swatches(x, y + 18, counts, field, title)
            x += max(w, 150) + 16
        return y + 44

    def waiting_and_wards(self, y: float) -> float:
        s, ctx = self.s, self.ctx
        spots = ctx.spots
        x = X0
        bottom = y
        for w, room in enumerate(s.waiting):
            width = max(114, spots * 13 + 30)
            self.svg.text(x, y + 12, f"Waiting Room {w + 1}", 12, bold=True)
            for c, level in enumerate(room):
                ry = y + 20 + c * 16
                if self.o is not None and self.o.waiting[w][c] != level:
                    other = self.o.waiting[w][c]
                    self.svg.highlight(
                        x,
                        ry,
                        width - 8,
                        12,
                        f"{level} {self.colour_name(c)} cubes here, {other} in the compared position",
                    )
                for i in range(spots):
                    if i < level:
                        self.cube(x + i * 13, ry, c, 11, "-")
                    else:
                        self.svg.rect(x + i * 13, ry, 11, 11, "none", "#bbb", "", 1.5)
                if level:
                    tip = f"{self.colour_name(c)} patient, level {level}"
                    self.svg.text(x + spots * 13 + 4, ry + 10, f"L{level}", 10, "#444", tip=tip)
            bottom = max(bottom, y + 20 + len(room) * 16)
            x += width
        return max(bottom, self.wards(x, y))

    def wards(self, x: float, y: float) -> float:
        s, ctx = self.s, self.ctx
        beds = ctx.beds
        self.svg.text(x, y + 12, f"Infirmary Wards ({beds} beds each)", 12, bold=True)
        for c, levels in enumerate(s.wards):
            ry = y + 20 + c * 24
            name = self.colour_name(c)
            if self.differs("wards", c) or self.differs("abilities", c):
                self.svg.highlight(x, ry, 62 + beds * 30, 20, f"{name} Ward differs")
            self.svg.text(x + 2, ry + 14, name, 10, "#444")
            active = s.abilities[c]
            tip = "Ward Ability token active" if active else "no Ward Ability token"
            self.svg.rect(
                x + 40,
                ry + 4,
                12,
                12,
                "#d9c7f0" if active else "none",
                "#7a5ea8" if active else "#ccc",
                tip,
                2,
            )
            for b in range(beds):
                bx = x + 58 + b * 30
                self.svg.rect(bx, ry, 26, 20, "#f4f8fb", "#9ab", "", 3)
                if b < len(levels):
                    self.marker(
                        bx + 13, ry + 10, c, levels[b], f"{name} patient, level {levels[b]}"
                    )
            extra = len(levels) - beds
            if extra > 0:
                self.svg.text(x + 62 + beds * 30, ry + 14, f"+{extra}", 10, "#b00")
        return y + 20 + len(s.wards) * 24

    def lines(self, y: float) -> float:
        """Tokens, Staff, Training markers, Research: one line each, outlined if changed."""
        s, ctx = self.s, self.ctx
        doctors = ctx.config.doctors
        med = ", ".join(f"P{p} {doctors[p]} {n}" for p, n in enumerate(s.medical))
        rows: list[tuple[str, tuple[str, ...]]] = [(f"Medical action tokens: {med}", ("medical",))]
        if ctx.admin or s.admin_total:
            card = "face up" if s.admin_face_up else "face down"
            rows.append(
                (
                    f"Administrator: {s.admin_tokens} of {s.admin_total} tokens, card {card}, held by P{s.admin_holder}",
                    ("admin_tokens", "admin_total", "admin_face_up", "admin_holder"),
                )
            )
        rows.append((f"Office: {_names(s.staff_hired, STAFF)}", ("staff_hired",)))
        hidden = sum(s.staff_hidden)
        passed = getattr(s, "staff_passed", None)
        gone = f"; passed {_names(passed, STAFF)}" if passed and any(passed) else ""
        rows.append(
            (
                f"Staff for hire: {_names(s.staff_open, STAFF)}; {hidden} face down{gone}",
                ("staff_open", "staff_hidden", "staff_passed"),
            )
        )
        rows.append(
            (
                f"Training markers: board room {_names(s.training_open, TRAINING_NAMES)}, "
                f"{sum(s.training_hidden)} face down",
                ("training_open", "training_hidden"),
            )
        )
        held = "; ".join(f"P{p} {_names(t, TRAINING_NAMES)}" for p, t in enumerate(s.training))
        rows.append((f"Doctors' Training: {held}", ("training", "nurse_free_used")))
        used = [
            n for n, flag in (("Chaplain", s.chaplain_used), ("Janitor", s.janitor_used)) if flag
        ]
        rows.append(
            (
                f"Research deck {sum(s.research_deck)}, discard {sum(s.research_discard)}; "
                f"used this round: {', '.join(used) or 'nothing'}",
                ("research_deck", "research_discard", "chaplain_used", "janitor_used", "picks"),
            )
        )
        for text, fields in rows:
            if self.any_differs(*fields):
                changed = [f for f in fields if self.differs(f)]
                self.svg.highlight(
                    X0 - 2, y + 2, WIDTH - X0 - 6, LINE - 1, f"differs: {', '.join(changed)}"
                )
            limit = int((WIDTH - X0 - 8) / (11 * 0.56))
            short = text if len(text) <= limit else text[: limit - 1] + "…"
            self.svg.text(X0, y + 12, short, 11, tip=text if short != text else "")
            y += LINE + 2
        return y

    def in_progress(self, y: float) -> float:
        """A Heal or Research between its draw and its settlement, with the cubes drawn."""
        s = self.s
        h, r = s.heal, s.research
        changed = self.any_differs("heal", "research")
        if h is None and r is None and not changed:
            return y
        if changed:
            self.svg.highlight(X0 - 2, y, WIDTH - X0 - 6, 40, "the action in progress differs")
        drawn: tuple[int, ...] = ()
        if h is not None:
            places = ("Ward", "Treatment Room", "Emergency Room")
            title = (
                f"Heal in progress: P{h.player}, level-{h.level} {self.colour_name(h.colour)} "
                f"patient in the {_name(places, h.place, 'place')}; bonus draws left "
                f"{list(h.bonuses) or 'none'}, re-bag {h.rebag}"
            )
            drawn = h.drawn
        elif r is not None:
            title = f"Research in progress: card {r.card + 1}; cubes drawn:"
            drawn = r.drawn
        else:
            title = "No action in progress"
        self.svg.text(X0, y + 12, title, 11, bold=True)
        cubes = [c for c, n in enumerate(drawn) for _ in range(n)]
        for i, c in enumerate(cubes):
            self.cube(X0 + i * 15, y + 20, c, 12)
        if (h is not None or r is not None) and not cubes:
            self.svg.text(X0, y + 32, "no cubes drawn", 10, "#777")
        return y + 42

    def draw(self) -> str:
        top = self.header()
        left = self.supply(self.cemetery(self.rooms(top) + 4))
        right = self.bag(top)
        right = self.waiting_and_wards(right + 6) + 8
        right = self.in_progress(self.lines(right))
        self.svg.height = max(left, right) + 6
        s = self.s
        self.svg.label = f"Healthy Heart Hospital board, round {s.round}, {_name(PHASE_NAMES, s.phase, 'phase')}, ${s.money}"
        return self.svg.render()


def _name(names: tuple[str, ...], k: int, what: str) -> str:
    """``names[k]``, or ``what k`` for a value outside the names (a broken state found by
    a hunt must still be drawn)."""
    return names[k] if 0 <= k < len(names) else f"{what} {k}"


def _names(counts: tuple[int, ...], names: tuple[str, ...]) -> str:
    """``Lawyer, Cat x2`` from counts per type (``none`` when empty)."""
    out = [_name(names, k, "type") + (f" x{n}" if n > 1 else "") for k, n in enumerate(counts) if n]
    return ", ".join(out) or "none"


def render_board(model: HHHModel, state: HHHState, against: HHHState | None = None) -> str:
    """The board of ``state`` as inline SVG; parts that differ from ``against`` are
    outlined (``against`` must be a position of the same game and config)."""
    return _Picture(model, state, against).draw()
