"""A picture of a Royal Hospital position: the table and every player's hospital.

At the top the round, phase, starting player, whose turn it is and the pending step;
then the Patient deck (unseen and returned cards), the Medical deck and discard, drawn
cards waiting for a keep decision, congress doctors still on the board and the arriving
patients. Below, one panel per player: credits and victory points, the Prestige,
Quality of Care, Ambulance and treated-patients tracks and the four insurance company
tracks as bars, production and resource tokens, cards in hand and played (rotated in
brackets), the patients in the hospital (priority colour, diagnosed or not, time
tokens, resources paid) against the free spaces, terminal patients and deaths.

``render_board(model, state, against)`` outlines every part that differs from
``against`` (the other reading's position, or the previous step of a replay).
"""

from __future__ import annotations

from hhh_verify.view.svg import Svg, text_width

from ..rules.board import capacity
from ..rules.cards import PRIORITY_NAMES
from ..rules.model import RHModel
from ..rules.state import (
    PHASE_NAMES,
    TASK_NAMES,
    Patient,
    PlayerState,
    RHState,
)
from ..rules.tracks import COMPANY_NAMES

WIDTH = 700
#: Patient card colours by priority name; a card whose healing side is unseen is gray.
PRIORITY_FILL = {
    "critical": "#f3c7c3",
    "severe": "#f8dcb5",
    "chronic": "#e1d3f0",
    "non-severe": "#d5ecd0",
    "terminal": "#d6d6d6",
}
COMPANY_FILL = ("#2f6fc2", "#7b4bb3", "#3f9a4b", "#cc3b2f")
RESOURCES = ("diagnosis", "healing", "research", "staff")


def _name(names: tuple[str, ...], k: int, what: str) -> str:
    """``names[k]``, or ``what k`` outside the names (a broken state is drawn too)."""
    return names[k] if 0 <= k < len(names) else f"{what} {k}"


class _Picture:
    """One drawing pass over a state; ``other`` is the position to compare with."""

    def __init__(self, model: RHModel, s: RHState, other: RHState | None) -> None:
        self.ctx = model.ctx
        self.s, self.o = s, other
        self.svg = Svg(WIDTH, 0, "", "board")
        self.card_names = tuple(m.name for m in self.ctx.medical)

    def differs(self, name: str) -> bool:
        return self.o is not None and getattr(self.s, name) != getattr(self.o, name)

    def player_differs(self, p: int, *names: str) -> bool:
        if self.o is None:
            return False
        if p >= len(self.o.players):
            return True
        a, b = self.s.players[p], self.o.players[p]
        return any(getattr(a, n) != getattr(b, n) for n in names)

    def line(
        self, y: float, text: str, changed: bool, size: float = 10, bold: bool = False
    ) -> float:
        """One line of text at ``y`` (outlined when ``changed``); returns the next y."""
        if changed:
            self.svg.highlight(8, y, WIDTH - 16, size + 5, "differs")
        limit = int((WIDTH - 24) / (size * 0.56))
        short = text if len(text) <= limit else text[: limit - 1] + "…"
        self.svg.text(10, y + size + 1, short, size, bold=bold, tip=text if short != text else "")
        return y + size + 8

    def cards(self, counts: tuple[int, ...], used: tuple[int, ...] = ()) -> str:
        out = []
        for t, n in enumerate(counts):
            if n:
                u = used[t] if t < len(used) else 0
                out.append(
                    _name(self.card_names, t, "card")
                    + (f" x{n}" if n > 1 else "")
                    + (f" ({u} rotated)" if u else "")
                )
        return ", ".join(out) or "none"

    def patient_label(self, pt: Patient) -> tuple[str, str]:
        """(short text, priority name) of a patient card, hidden or seen."""
        card = pt[0]
        if 0 <= card < len(self.ctx.patients):
            c = self.ctx.patients[card]
            priority = PRIORITY_NAMES.get(c.priority, str(c.priority))
            return f"{priority}: {c.name}", priority
        diag = self.ctx.class_diag[-card - 1] if 0 < -card <= len(self.ctx.class_diag) else "?"
        return f"hidden (diagnosis {diag})", ""

    def patient(self, x: float, y: float, pt: Patient) -> None:
        text, priority = self.patient_label(pt)
        diagnosed, tokens = pt[1], pt[2]
        paid = pt[3] if len(pt) > 3 else 0
        tip = f"{text}; {'diagnosed' if diagnosed else 'undiagnosed'}; {tokens} time tokens; {paid} paid"
        self.svg.rect(x, y, 160, 34, PRIORITY_FILL.get(priority, "#eeeeee"), "#777", tip, 4)
        short = text if len(text) <= 27 else text[:26] + "…"
        self.svg.text(x + 5, y + 13, short, 9.5, bold=True)
        status = ("diagnosed" if diagnosed else "undiagnosed") + (f", {paid} paid" if paid else "")
        self.svg.text(x + 5, y + 27, status, 9, "#444")
        for i in range(tokens):
            self.svg.circle(x + 150 - i * 9, y + 24, 3.5, "#333", "#333")

    # -- sections -------------------------------------------------------------------
    def header(self) -> float:
        s = self.s
        items = [
            (f"Round {s.round} of {self.ctx.config.rounds}", ("round",)),
            (_name(PHASE_NAMES, s.phase, "phase"), ("phase",)),
            (f"starting player P{s.first}", ("first",)),
            (f"turn P{s.turn}", ("turn",)),
        ]
        x = 8.0
        for text, fields in items:
            w = text_width(text, 14) * 1.1  # bold
            if any(self.differs(f) for f in fields):
                self.svg.highlight(x - 2, 5, w + 4, 19, f"differs: {', '.join(fields)}")
            self.svg.text(x, 20, text, 14, bold=True)
            x += w + 16
        return 32

    def table(self, y: float) -> float:
        s = self.s
        pending = "nothing"
        if s.queue:
            head = s.queue[0]
            pending = f"{_name(TASK_NAMES, head.kind, 'task')} for P{head.player}" + (
                f" (+{len(s.queue) - 1} more)" if len(s.queue) > 1 else ""
            )
        y = self.line(y, f"Pending: {pending}", self.differs("queue"))
        y = self.line(
            y,
            f"Patient deck: {sum(s.shuffled)} unseen, {len(s.returned)} returned on top; "
            f"{sum(s.unresolved)} cards nobody has seen the healing side of",
            any(self.differs(f) for f in ("shuffled", "returned", "unresolved")),
        )
        y = self.line(
            y,
            f"Medical deck {sum(s.deck)}, discard {sum(s.discard)}; drawn to choose from: {self.cards(s.picking)}",
            any(self.differs(f) for f in ("deck", "discard", "picking")),
        )
        y = self.line(
            y,
            f"Congress doctors on the board: {sum(s.doctors)} of {len(s.doctors)}",
            self.differs("doctors"),
        )
        if s.arrivals or self.differs("arrivals"):
            if self.differs("arrivals"):
                self.svg.highlight(8, y, WIDTH - 16, 56, "arriving patients differ")
            self.svg.text(10, y + 12, "Arriving patients", 11, bold=True)
            for i, pt in enumerate(s.arrivals[:4]):
                self.patient(10 + i * 168, y + 18, pt)
            if len(s.arrivals) > 4:
                self.svg.text(10 + 4 * 168, y + 38, f"+{len(s.arrivals) - 4}", 10)
            y += 60
        return y + 4

    def tracks(self, p: int, ps: PlayerState, y: float) -> float:
        bars = [
            ("prestige", ps.prestige, "#b8860b", ("prestige",)),
            ("quality of care", ps.qoc, "#1b6e2a", ("qoc",)),
            ("ambulance", ps.ambulance, "#555", ("ambulance",)),
            (f"treated (max {ps.healed_max})", ps.healed, "#2f6fc2", ("healed", "healed_max")),
        ]
        bars += [
            (
                f"{_name(COMPANY_NAMES, k, 'insurer')} insurance",
                level,
                COMPANY_FILL[k % 4],
                ("insurance",),
            )
            for k, level in enumerate(ps.insurance)
        ]
        for i, (label, value, colour, fields) in enumerate(bars):
            x, by = 10 + (i % 4) * 172, y + (i // 4) * 18
            if self.player_differs(p, *fields):
                self.svg.highlight(x - 1, by, 166, 14, f"{label} differs")
            self.svg.text(x, by + 11, label, 9, "#444")
            self.svg.rect(x + 104, by + 2, 40, 9, "#f2f2f2", "#bbb")
            width = max(0, min(value, 20)) * 2
            if width:
                self.svg.rect(x + 104, by + 2, width, 9, colour, "none")
            self.svg.text(x + 148, by + 11, str(value), 9)
        return y + (len(bars) + 3) // 4 * 18

    def player(self, p: int, ps: PlayerState, y: float) -> float:
        top = y
        title = f"P{p}: {ps.credits} credits, {ps.vp} victory points" + (
            ", passed" if ps.passed else ""
        )
        y = self.line(y + 4, title, self.player_differs(p, "credits", "vp", "passed"), 12, True)
        y = self.tracks(p, ps, y)
        prod = ", ".join(f"{n} {r}" for r, n in zip((*RESOURCES, "credits"), ps.production))
        tok = ", ".join(f"{n} {r}" for r, n in zip((*RESOURCES, "congress doctor"), ps.tokens))
        y = self.line(y + 2, f"Production: {prod}", self.player_differs(p, "production"))
        y = self.line(y, f"Tokens: {tok}", self.player_differs(p, "tokens"))
        y = self.line(y, f"Hand: {self.cards(ps.hand)}", self.player_differs(p, "hand"))
        y = self.line(
            y, f"Played: {self.cards(ps.played, ps.used)}", self.player_differs(p, "played", "used")
        )
        spaces = capacity(self.ctx, ps)
        if self.player_differs(p, "patients"):
            rows = max(1, -(-max(spaces, len(ps.patients)) // 4))
            self.svg.highlight(8, y, WIDTH - 16, 16 + rows * 40, "patients differ")
        self.svg.text(
            10, y + 12, f"Patients ({len(ps.patients)} of {spaces} spaces)", 11, bold=True
        )
        y += 18
        for i in range(max(spaces, len(ps.patients))):
            x, py = 10 + (i % 4) * 168, y + (i // 4) * 40
            if i < len(ps.patients):
                self.patient(x, py, ps.patients[i])
            else:
                self.svg.rect(x, py, 160, 34, "none", "#ccc", "", 4)
        y += max(1, -(-max(spaces, len(ps.patients)) // 4)) * 40
        terminals = ", ".join(
            self.patient_label(Patient(t.card, 1, 0))[0] + (" (treated)" if t.treated else "")
            for t in ps.terminals
        )
        y = self.line(
            y, f"Terminal patients: {terminals or 'none'}", self.player_differs(p, "terminals")
        )
        dead = ", ".join(
            f"{n} {PRIORITY_NAMES.get(k, k)}" for k, n in enumerate(ps.dead) if n and k
        )
        y = self.line(
            y,
            f"Deaths: {dead or 'none'}; undiagnosed severe deaths {ps.dead_unseen}; rejected {ps.rejected}",
            self.player_differs(p, "dead", "dead_unseen", "rejected"),
        )
        self.svg.rect(4, top, WIDTH - 8, y - top + 2, "none", "#bbb", "", 6)
        return y + 10

    def draw(self) -> str:
        y = self.table(self.header())
        if self.o is not None and len(self.o.players) != len(self.s.players):
            self.svg.highlight(6, y, WIDTH - 12, 14, "the number of players differs")
        for p, ps in enumerate(self.s.players):
            y = self.player(p, ps, y)
        self.svg.height = y + 4
        s = self.s
        self.svg.label = (
            f"Royal Hospital table, round {s.round}, {_name(PHASE_NAMES, s.phase, 'phase')}"
        )
        return self.svg.render()


def render_board(model: RHModel, state: RHState, against: RHState | None = None) -> str:
    """The table and hospitals of ``state`` as inline SVG; parts that differ from
    ``against`` are outlined (``against`` must be a position of the same game)."""
    return _Picture(model, state, against).draw()
