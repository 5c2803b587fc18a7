"""Readable text for Dice Hospital states and actions (traces, hunt output, reports)."""

from __future__ import annotations

from typing import Any

from .actions import (
    Activate,
    BloodHeal,
    BloodRecolour,
    DiscardSpecialist,
    DiscardWard,
    Evict,
    KeepAdministrator,
    PlaceDice,
    RevealExtra,
    SetPatients,
    SpecialistHeal,
    TakeAmbulance,
    TakeSpecialist,
    TakeWard,
    TradeSpecialist,
    TradeWard,
)
from .components import ADMINISTRATORS, SPECIALISTS, WARDS
from .context import Ctx
from .state import PHASE_NAMES, DHState, Hospital


def die(ctx: Ctx, d: tuple[int, ...]) -> str:
    return f"{ctx.colour(d[0])} {d[1]}"


def patient(ctx: Ctx, p: tuple[int, int, int, int]) -> str:
    marks = []
    if p[2]:
        marks.append("treated")
    if p[3] >= 0:
        marks.append(f"shown {ctx.colour(p[3])}")
    return die(ctx, p) + (f" ({', '.join(marks)})" if marks else "")


def dice(ctx: Ctx, ds: tuple[tuple[int, ...], ...]) -> str:
    return ", ".join(die(ctx, d) for d in ds) or "none"


def patients(ctx: Ctx, ps: tuple[tuple[int, int, int, int], ...]) -> str:
    return ", ".join(patient(ctx, p) for p in ps) or "none"


def meeple(m: int) -> str:
    return "a nurse" if m < 0 else f"the {SPECIALISTS[m].name}"


def describe_action(ctx: Ctx, s: DHState, a: Any) -> str:
    if isinstance(a, Activate):
        return f"Move {meeple(a.meeple)} into the {WARDS[a.ward].name}: treat {patients(ctx, a.patients)}"
    if isinstance(a, SpecialistHeal):
        return f"Specialist heals {patient(ctx, a.patient)} one more step"
    if isinstance(a, BloodHeal):
        return f"Spend a blood bag: heal {patient(ctx, a.patient)} one step"
    if isinstance(a, BloodRecolour):
        return f"Spend a blood bag: show {patient(ctx, a.patient)} as {ctx.colour(a.colour)}"
    if isinstance(a, TakeAmbulance):
        amb = s.ambulances[a.number] if a.number < len(s.ambulances) else ()
        return f"Take ambulance {a.number + 1} ({dice(ctx, amb)})"
    if isinstance(a, PlaceDice):
        return "Place the dice: " + "; ".join(
            f"ambulance {j + 1}: {dice(ctx, amb)}" for j, amb in enumerate(a.ambulances)
        )
    if isinstance(a, Evict):
        return f"Move to the mortuary: {patients(ctx, a.patients)}"
    if isinstance(a, SetPatients):
        return f"Start with {dice(ctx, a.dice)}"
    if isinstance(a, KeepAdministrator):
        return f"Keep the {ADMINISTRATORS[a.kind]} administrator"
    if isinstance(a, RevealExtra):
        return f"Reveal an extra {'ward' if a.kind == 0 else 'specialist'}"
    if isinstance(a, TakeWard):
        return f"Take the {WARDS[a.kind].name} ward"
    if isinstance(a, TakeSpecialist):
        return f"Take the {SPECIALISTS[a.kind].name} specialist"
    if isinstance(a, TradeWard):
        return f"Discard the revealed {WARDS[a.kind].name} for a blood bag"
    if isinstance(a, TradeSpecialist):
        return f"Discard the revealed {SPECIALISTS[a.kind].name} for a blood bag"
    if isinstance(a, DiscardWard):
        return f"Discard an owned {WARDS[a.kind].name} for a blood bag"
    if isinstance(a, DiscardSpecialist):
        return f"Discard an owned {SPECIALISTS[a.kind].name} for a blood bag"
    name = type(a).__name__
    if name == "Draw":
        return f"Draw ({PHASE_NAMES[s.phase]})"
    return {
        "KeepTiles": "Keep every tile",
        "DeclineEffect": "Leave the specialist's effect unused",
        "EndActivation": "End this hospital's activation",
    }.get(name, name)


def _counts(names: list[str], counts: tuple[int, ...]) -> str:
    return ", ".join(f"{n} {names[k]}" for k, n in enumerate(counts) if n) or "none"


def _hospital(ctx: Ctx, p: int, h: Hospital) -> list[str]:
    admin = ADMINISTRATORS[h.admin] if h.admin >= 0 else "-"
    return [
        f"P{p}: {h.points} points, {h.blood} blood bags, {h.mortality} mortality tokens, administrator {admin}",
        f"  patients: {patients(ctx, h.patients)}",
        f"  lounge: {_counts(list(_colours(ctx)), h.lounge)}; mortuary: {_counts(list(_colours(ctx)), h.mortuary)}",
        f"  ward tiles: {_counts([w.name for w in WARDS], h.wards)}; specialists: {_counts([x.name for x in SPECIALISTS], h.specialists)}",
    ]


def _colours(ctx: Ctx) -> list[str]:
    return [ctx.colour(c) for c in range(ctx.C)]


def describe_state(ctx: Ctx, s: DHState) -> str:
    lines = [
        f"round {s.round}, phase {PHASE_NAMES[s.phase]}, first player P{s.first}",
        f"supply: {_counts(_colours(ctx), s.supply)}",
    ]
    if s.ambulances:
        lines.append(
            "ambulances: "
            + "; ".join(
                f"{j + 1}: {dice(ctx, amb)}" + (" (taken)" if j in s.taken else "")
                for j, amb in enumerate(s.ambulances)
            )
        )
    if s.rolled:
        lines.append(f"rolled: {dice(ctx, s.rolled)}")
    if sum(s.ward_market) + sum(s.specialist_market):
        lines.append(
            f"market: {_counts([w.name for w in WARDS], s.ward_market)}; "
            f"{_counts([x.name for x in SPECIALISTS], s.specialist_market)}"
        )
    for p, h in enumerate(s.hospitals):
        lines += _hospital(ctx, p, h)
    return "\n".join(lines)
