"""Who goes when: ambulance values, the draft order, the blood bag and the next first
player (Przyjmowanie pacjentów; Rozubudowa szpitala)."""

from __future__ import annotations

from . import readings as R
from .context import Ctx
from .state import DHState


def ambulance_key(ctx: Ctx, s: DHState, number: int) -> tuple[int, int]:
    """An ambulance's value (DH-AMBULANCE-VALUE: its number, or the total of its dice),
    ties broken by its number."""
    if ctx.amb_value == R.AMBULANCE_VALUE.PIP_SUM:
        return (sum(v for _, v in s.ambulances[number]), number)
    return (number, number)


def draft_order(ctx: Ctx, s: DHState) -> tuple[int, ...]:
    """Rozubudowa szpitala: "w kolejności wybranej karteki (od najmniejszej do
    największej wartości)" -- players by the value of the ambulance they took."""
    return tuple(sorted(range(ctx.P), key=lambda p: ambulance_key(ctx, s, s.taken[p])))


def blood_bag_takers(ctx: Ctx, s: DHState) -> tuple[int, ...]:
    """Przyjmowanie pacjentów: "Gracz, który dobrał ambulans o najniższej wartości bieże
    także worek z krwią" (with DH-AMBULANCE-VALUE=pip-sum every player tied on the
    lowest total; with DH-AMBULANCE-VALUE=number-one only the taker of ambulance number 1,
    if anyone took it). Alone (a DH-SOLO reading) the lone player's ambulance is the lowest
    taken under every value reading: the solo reading, the more specific rule, promises its
    blood bag every round, and "Pierwszy gracz, nie może wybrać ambulansu numer 1" would
    otherwise leave the bag unreachable under DH-SOLO=first-player-bar."""
    if ctx.amb_value == R.AMBULANCE_VALUE.NUMBER_ONE and ctx.P > 1:
        return tuple(p for p in range(ctx.P) if s.taken[p] == 0)
    keys = {p: ambulance_key(ctx, s, s.taken[p]) for p in range(ctx.P)}
    low = min(keys.values())
    if ctx.amb_value == R.AMBULANCE_VALUE.PIP_SUM:
        return tuple(p for p in range(ctx.P) if keys[p][0] == low[0])
    return tuple(p for p in range(ctx.P) if keys[p] == low)


def next_first(ctx: Ctx, s: DHState) -> int:
    """Przyjmowanie pacjentów: the lowest-value taker "staje się pierwszym graczem w
    nadchodzącej rundzie" (ties: the lower ambulance number; with
    DH-AMBULANCE-VALUE=number-one the first player stays when nobody took ambulance 1;
    alone, the lone player stays first under every reading)."""
    if ctx.amb_value == R.AMBULANCE_VALUE.NUMBER_ONE and ctx.P > 1:
        return next((p for p in range(ctx.P) if s.taken[p] == 0), s.first)
    return draft_order(ctx, s)[0]


def last_player(ctx: Ctx, s: DHState) -> int:
    """Przyjmowanie pacjentów: "ostatni gracz decyduje gdzie trafią kostki poszczególnych
    kolorów" -- the last in this round's turn order, or the last seat of the game
    (DH-LAST-PLAYER)."""
    first = 0 if ctx.last_seat else s.first
    return (first + ctx.P - 1) % ctx.P
