"""Readable text for HHH states and actions (traces, hunt output, reports)."""

from __future__ import annotations

from typing import Any

from .actions import (
    AdmitToER,
    ArriveAt,
    Bonus,
    ChooseBenefit,
    Heal,
    HireStaff,
    ImproveRoom,
    InstallRoom,
    InternTreat,
    NurseTraining,
    RemoveAbility,
    ReplaceMarker,
    Settle,
    TakeTraining,
    Transfer,
    VisitWard,
)
from .config import TRAINING_NAMES
from .context import Ctx
from .state import PHASE_NAMES, REASONS, WAITING, HHHState

PLACES = ("Ward", "Treatment Room", "Emergency Room", "Waiting Room")


def _cubes(ctx: Ctx, counts: tuple[int, ...]) -> str:
    parts = [f"{n} {ctx.colour(i)}" for i, n in enumerate(counts) if n]
    return ", ".join(parts) or "none"


def describe_action(ctx: Ctx, s: HHHState, a: Any) -> str:
    name = type(a).__name__
    if isinstance(a, Heal):
        blood = f", first cube {ctx.colour(a.blood)} from the Blood Bank" if a.blood >= 0 else ""
        return f"P{a.player} Heal the level-{a.level} {ctx.colour(a.colour)} patient in the {PLACES[a.place]}{blood}"
    if isinstance(a, Transfer):
        src = PLACES[a.source] + (f" {a.room + 1}" if a.source == 3 else "")
        return f"P{a.player} Transfer the level-{a.level} {ctx.colour(a.colour)} patient: {src} -> {PLACES[a.target]}"
    if isinstance(a, Settle):
        return f"Settle the Heal (re-bag: {_cubes(ctx, a.rebag)})"
    if isinstance(a, Bonus):
        return f"Bonus draw of {a.size}"
    if isinstance(a, InstallRoom):
        return f"Install the {ctx.room_name(a.kind)}"
    if isinstance(a, HireStaff):
        return f"Hire Staff: {ctx.staff_name(a.staff)}"
    if isinstance(a, ChooseBenefit):
        names = {
            -1: "no benefit",
            0: f"hire {ctx.staff_name(a.arg)}",
            1: "gain Training markers",
            2: "replace markers",
        }
        return f"Research benefit: {names[a.benefit]}"
    if isinstance(a, TakeTraining):
        kind = TRAINING_NAMES[a.kind] if a.kind >= 0 else "face-down"
        return f"Take Training marker {kind} for P{a.player}"
    if isinstance(a, NurseTraining):
        return f"Ura: free Training marker {TRAINING_NAMES[a.kind]} for P{a.player}"
    if isinstance(a, ReplaceMarker):
        return f"Replace a dead {ctx.colour(a.colour)} marker with a white one"
    if isinstance(a, InternTreat):
        where = PLACES[a.place] + (f" {a.room + 1}" if a.place == WAITING else "")
        return f"Intern treats the level-{a.level} {ctx.colour(a.colour)} patient in the {where}"
    if isinstance(a, ImproveRoom):
        return f"Bureaucrat improves the {ctx.room_name(a.kind)}"
    if isinstance(a, RemoveAbility):
        return f"Manager removes the {ctx.colour(a.colour)} Ward Ability"
    if isinstance(a, ArriveAt):
        return f"New patients arrive in Waiting Room {a.room + 1} next"
    if isinstance(a, AdmitToER):
        return f"The 5-cube {ctx.colour(a.colour)} patient takes the Emergency Room space"
    if isinstance(a, VisitWard):
        return f"Visit the {ctx.colour(a.colour)} Ward next"
    if name == "Draw":
        return f"Draw ({PHASE_NAMES[s.phase]})"
    return name


def describe_state(ctx: Ctx, s: HHHState) -> str:
    lines = [
        f"round {s.round}, phase {PHASE_NAMES[s.phase]}, money ${s.money}, deaths {s.deaths}"
        + (f", OVER: {REASONS[s.reason]}" if s.reason else ""),
        f"bag: {_cubes(ctx, s.bag)}; discard: {_cubes(ctx, s.discard)}",
    ]
    for w, room in enumerate(s.waiting):
        lines.append(f"Waiting Room {w + 1}: {_cubes(ctx, room)}")
    wards = "; ".join(
        f"{ctx.colour(c)} {list(levels)}" for c, levels in enumerate(s.wards) if levels
    )
    lines.append(f"Wards: {wards or 'empty'}")
    rooms = [ctx.room_name(k) + ("+" if v == 2 else "") for k, v in enumerate(s.rooms) if v]
    lines.append(f"New Rooms: {', '.join(rooms) or 'none'}")
    tr = "; ".join(
        f"{ctx.colour(c)} level {lv} ({'treated' if side else 'critical'})"
        for c, (lv, side) in enumerate(s.treatment)
        if lv
    )
    if tr:
        lines.append(f"Treatment: {tr}")
    if any(s.er):
        lines.append(f"Emergency Room: {_cubes(ctx, s.er)}")
    if any(s.blood):
        lines.append(f"Blood Bank: {_cubes(ctx, s.blood)}")
    lines.append(f"Cemetery: {sum(s.cemetery)} bodies; markers in supply: {list(s.supply)}")
    lines.append(
        f"tokens: medical {list(s.medical)}, admin {s.admin_tokens}/{s.admin_total}"
        f" (card {'up' if s.admin_face_up else 'down'})"
    )
    if s.heal:
        h = s.heal
        lines.append(
            f"Heal in progress: P{h.player} {ctx.colour(h.colour)} level {h.level}, drawn {_cubes(ctx, h.drawn)}, bonuses {list(h.bonuses)}, re-bag {h.rebag}"
        )
    return "\n".join(lines)
