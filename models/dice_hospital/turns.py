"""Who goes when: ambulance values, the draft order, the blood bag and the next first
player (Przyjmowanie pacjentów; Rozubudowa szpitala)."""

from __future__ import annotations

from .context import Ctx
from .state import DHState


def ambulance_key(ctx: Ctx, s: DHState, number: int) -> tuple[int, int]:
    """An ambulance's value (DH-AMBULANCE-VALUE: its number, or the total of its dice),
    ties broken by its number."""
    if ctx.amb_value == "pip-sum":
        return (sum(v for _, v in s.ambulances[number]), number)
    return (number, number)


def draft_order(ctx: Ctx, s: DHState) -> tuple[int, ...]:
    """Rozubudowa szpitala: "w kolejności wybranej karteki (od najmniejszej do
    największej wartości)" -- players by the value of the ambulance they took."""
    return tuple(sorted(range(ctx.P), key=lambda p: ambulance_key(ctx, s, s.taken[p])))


def blood_bag_takers(ctx: Ctx, s: DHState) -> tuple[int, ...]:
    """Przyjmowanie pacjentów: "Gracz, który dobrał ambulans o najniższej wartości bieże
    także worek z krwią" (with DH-AMBULANCE-VALUE=pip-sum every player tied on the
    lowest total)."""
    keys = {p: ambulance_key(ctx, s, s.taken[p]) for p in range(ctx.P)}
    low = min(keys.values())
    if ctx.amb_value == "pip-sum":
        return tuple(p for p in range(ctx.P) if keys[p][0] == low[0])
    return tuple(p for p in range(ctx.P) if keys[p] == low)


def next_first(ctx: Ctx, s: DHState) -> int:
    """Przyjmowanie pacjentów: the lowest-value taker "staje się pierwszym graczem w
    nadchodzącej rundzie" (ties: the lower ambulance number)."""
    return draft_order(ctx, s)[0]
