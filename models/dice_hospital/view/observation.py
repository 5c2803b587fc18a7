"""A fixed-length numeric encoding of a Dice Hospital state, for learning frameworks.

Every field of :class:`~.state.DHState` appears, in declaration order, as plain numbers.
Fields whose length varies become counts over a set fixed by the config: dice as counts
per (colour, value), a hospital's patients as counts per record (colour, health,
treated, tint), the ambulances as their number and then counts per ambulance in
``players + 1`` slots; the specialist's pending effect as a presence flag, its kind
and the patients the ward just treated in as many slots as the largest ward group. The
encoding is injective, so nothing is lost (the game is of perfect information: the
decks are counts every player knows). A state that does not fit (a value outside the
dice, more ambulances or patients than the slots) is refused with ``ValueError``, never
cut short.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from ..rules.bounds import ambulance_counts
from ..rules.components import (
    MAX_HEALTH,
    MIN_HEALTH,
    ROLL_FACES,
    WARDS,
)
from ..rules.config import DHConfig
from ..rules.state import DHState, Hospital

#: Numbers per slot of the pending effect: present, colour, health, treated, tint.
EFFECT_WIDTH = 5
HEALTHS = MAX_HEALTH - MIN_HEALTH + 1
#: Faces an arriving die can show: 2..5, or 1..6 for the epidemic die (DH-EPIDEMIC-ROLL).
ALL_FACES = tuple(range(MIN_HEALTH, MAX_HEALTH + 1))
FIELDS = {cls: tuple(f.name for f in fields(cls)) for cls in (DHState, Hospital)}


def _dice(dice: tuple[tuple[int, int], ...], colours: int, faces: tuple[int, ...]) -> list[int]:
    """Counts per (colour, face) of a multiset of dice."""
    out = [0] * (colours * len(faces))
    for c, v in dice:
        if not (0 <= c < colours and v in faces):
            raise ValueError(f"die {(c, v)} outside {colours} colours and faces {faces}")
        out[c * len(faces) + faces.index(v)] += 1
    return out


def _patients(patients: tuple[tuple[int, int, int, int], ...], colours: int) -> list[int]:
    """Counts per patient record; a tint is -1 (own colour) or a colour."""
    tints = colours + 1
    out = [0] * (colours * HEALTHS * 2 * tints)
    for c, h, t, tint in patients:
        if not (0 <= c < colours and MIN_HEALTH <= h <= MAX_HEALTH and t in (0, 1)):
            raise ValueError(f"patient {(c, h, t, tint)} outside the encoding")
        if not -1 <= tint < colours:
            raise ValueError(f"patient {(c, h, t, tint)} shows an unknown colour")
        out[((c * HEALTHS + h - MIN_HEALTH) * 2 + t) * tints + tint + 1] += 1
    return out


def _hospital(config: DHConfig, h: Hospital, out: list[int]) -> None:
    for name in FIELDS[Hospital]:
        value = getattr(h, name)
        if name == "patients":
            out += _patients(value, config.colours)
        elif isinstance(value, tuple):
            out += [int(x) for x in value]
        else:
            out.append(int(value))


def _effect_slots() -> int:
    return max(w.size for w in WARDS)


def _effect(effect: Any, out: list[int]) -> None:
    slots = _effect_slots()
    if effect is None:
        out += [0] * (2 + EFFECT_WIDTH * slots)
        return
    kind, treated = effect
    if len(treated) > slots:
        raise ValueError(f"{len(treated)} patients just treated, more than {slots} slots")
    out += [1, int(kind)]
    for p in treated:
        out += [1, *(int(x) for x in p)]
    out += [0] * (EFFECT_WIDTH * (slots - len(treated)))


def encode(config: DHConfig, s: DHState) -> tuple[int, ...]:
    """The numbers of ``s``, always ``observation_size(config)`` long."""
    C = config.colours
    most = max(ambulance_counts(config))
    out: list[int] = []
    for name in FIELDS[DHState]:
        value = getattr(s, name)
        if name == "order" or name == "taken":
            if len(value) != config.players:
                raise ValueError(f"{name} has {len(value)} seats, not {config.players}")
            out += [int(x) for x in value]
        elif name == "rolled":
            out += _dice(value, C, ROLL_FACES)
        elif name == "incoming":
            out += _dice(value, C, ALL_FACES)
        elif name == "ambulances":
            if len(value) > most:
                raise ValueError(f"{len(value)} ambulances, more than the {most} slots")
            out.append(len(value))
            for amb in value:
                out += _dice(amb, C, ROLL_FACES)
            out += [0] * (C * len(ROLL_FACES) * (most - len(value)))
        elif name == "effect":
            _effect(value, out)
        elif name == "hospitals":
            if len(value) != config.players:
                raise ValueError(f"{len(value)} hospitals, not {config.players}")
            for h in value:
                _hospital(config, h, out)
        elif isinstance(value, tuple):
            out += [int(x) for x in value]
        else:
            out.append(int(value))
    return tuple(out)


def observation_size(config: DHConfig) -> int:
    """Length of :func:`encode` for ``config`` (every field has a fixed length)."""
    C, P, W = config.colours, config.players, len(WARDS)
    S, A = len(config.specialist_deck), len(config.admin_deck)
    faces = len(ROLL_FACES)
    # patients, lounge + mortuary, 4 numbers, tiles owned and used, nurses used, evicted
    hospital = C * HEALTHS * 2 * (C + 1) + 2 * C + 4 + 2 * W + 2 * S + 2
    return (
        5  # phase, round, cursor, first, next_first
        + P  # order
        + 2 * C  # supply, drawn
        + C * faces  # rolled
        + 1
        + max(ambulance_counts(config)) * C * faces  # ambulances
        + P  # taken
        + C * HEALTHS  # incoming
        + 3 * W  # ward deck, market, gone
        + 3 * S  # specialist deck, market, gone
        + 3 * A  # administrator deck, hand, box
        + 2
        + EFFECT_WIDTH * _effect_slots()  # effect
        + P * hospital
    )
