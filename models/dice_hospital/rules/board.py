"""Small helpers over the state: counts, patient multisets, one hospital at a time."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from fractions import Fraction

from hhh_verify.contract.records import replace

from .state import DHState, Die, Hospital, Patient

ONE = Fraction(1)


def bump(t: tuple[int, ...], i: int, d: int) -> tuple[int, ...]:
    """``t`` with ``t[i] + d``."""
    return t[:i] + (t[i] + d,) + t[i + 1 :]


def add_counts(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


def colour_counts(dice: Iterable[tuple[int, ...]], colours: int) -> tuple[int, ...]:
    """Dice (or patients) per colour; the colour is each item's first field."""
    out = [0] * colours
    for d in dice:
        out[d[0]] += 1
    return tuple(out)


def with_patients(patients: tuple[Patient, ...], new: Iterable[Patient]) -> tuple[Patient, ...]:
    """The multiset ``patients`` plus ``new`` (sorted)."""
    return tuple(sorted(patients + tuple(new)))


def without(items: tuple, gone: Iterable) -> tuple:
    """The multiset ``items`` minus ``gone`` (each must be present)."""
    need = Counter(gone)
    out = []
    for x in items:
        if need[x]:
            need[x] -= 1
        else:
            out.append(x)
    if +need:
        raise ValueError(f"not present: {sorted(need.elements())}")
    return tuple(out)


def admitted(dice: Iterable[Die], treated: int = 0) -> tuple[Patient, ...]:
    """New patients, their own colour: untreated, or (an arrival by ambulance under
    DH-ARRIVAL-NEGLECT=arrivals-exempt) already marked treated this round."""
    return tuple((c, v, treated, -1) for c, v in dice)


def shown(p: Patient) -> int:
    """The colour a patient shows: a blood bag's tint, or its own."""
    return p[3] if p[3] >= 0 else p[0]


def set_hospital(s: DHState, player: int, h: Hospital) -> DHState:
    hs = s.hospitals
    return replace(s, hospitals=hs[:player] + (h,) + hs[player + 1 :])


def turn_order(first: int, players: int) -> tuple[int, ...]:
    """Players clockwise from ``first`` (seat numbers are clockwise)."""
    return tuple((first + k) % players for k in range(players))
