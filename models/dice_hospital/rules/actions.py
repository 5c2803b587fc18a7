"""Dice Hospital actions: small frozen dataclasses named after the aid's verbs.

Dice are ``(colour, value)`` pairs and patients ``(colour, health, treated, tint)``
tuples, exactly as the state stores them, so an action names *which kind* of die or
patient it means (identical dice are interchangeable).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

Die = tuple[int, int]
Patient = tuple[int, int, int, int]


@dataclass(frozen=True, order=True, slots=True)
class Draw:
    """Resolve a chance step (draw dice, roll, reveal tiles, draw administrators)."""


@dataclass(frozen=True, order=True, slots=True)
class SetPatients:
    """Przed grą: set the starting dice to their values ("decydując, króra kostka
    otrzyma którą wartość"); with the crisis start, also their colours."""

    dice: tuple[Die, ...]


@dataclass(frozen=True, order=True, slots=True)
class KeepAdministrator:
    """Przed grą: keep one of the two administrator cards drawn, box the other."""

    kind: int


@dataclass(frozen=True, order=True, slots=True)
class RevealExtra:
    """Two players: the first player reveals one extra ward (0) or specialist (1)."""

    kind: int


@dataclass(frozen=True, order=True, slots=True)
class PlaceDice:
    """Tied values: the last player decides where the dice of each colour go."""

    ambulances: tuple[tuple[Die, ...], ...]


@dataclass(frozen=True, order=True, slots=True)
class TakeAmbulance:
    """Take ambulance ``number`` (0-based) and admit its dice."""

    number: int


@dataclass(frozen=True, order=True, slots=True)
class Evict:
    """No room: move these current patients to the mortuary (a mortality token each)."""

    patients: tuple[Patient, ...]


@dataclass(frozen=True, order=True, slots=True)
class TakeWard:
    """Hospital expansion: add a revealed ward of ``kind`` to the hospital."""

    kind: int


@dataclass(frozen=True, order=True, slots=True)
class TakeSpecialist:
    """Hospital expansion: add a revealed specialist of ``kind`` to the hospital."""

    kind: int


@dataclass(frozen=True, order=True, slots=True)
class TradeWard:
    """Hospital expansion: discard a revealed ward for a blood bag instead of taking one."""

    kind: int


@dataclass(frozen=True, order=True, slots=True)
class TradeSpecialist:
    """Hospital expansion: discard a revealed specialist for a blood bag instead."""

    kind: int


@dataclass(frozen=True, order=True, slots=True)
class DiscardWard:
    """Discard an owned ward tile for a blood bag."""

    kind: int


@dataclass(frozen=True, order=True, slots=True)
class DiscardSpecialist:
    """Discard an owned specialist for a blood bag."""

    kind: int


@dataclass(frozen=True, order=True, slots=True)
class KeepTiles:
    """Decline the optional discard."""


@dataclass(frozen=True, order=True, slots=True)
class Activate:
    """Move a nurse (``meeple`` -1) or a specialist of kind ``meeple`` into a ward of
    kind ``ward`` to treat ``patients`` (one, or the ward's exact group)."""

    meeple: int
    ward: int
    patients: tuple[Patient, ...]


@dataclass(frozen=True, order=True, slots=True)
class SpecialistHeal:
    """The specialist's effect, after the ward's: heal ``patient`` one more step."""

    patient: Patient


@dataclass(frozen=True, order=True, slots=True)
class DeclineEffect:
    """Leave the specialist's effect unused (DH-SPECIALIST-OPTIONAL=optional)."""


@dataclass(frozen=True, order=True, slots=True)
class BloodHeal:
    """Free action: spend a blood bag to heal ``patient`` one step."""

    patient: Patient


@dataclass(frozen=True, order=True, slots=True)
class BloodRecolour:
    """Free action: spend a blood bag to show ``patient`` as ``colour`` for a while."""

    patient: Patient
    colour: int


@dataclass(frozen=True, order=True, slots=True)
class EndActivation:
    """Finish this hospital's activation for the round."""


#: One of the game's actions (the model's action type).
Action: TypeAlias = (
    Draw
    | SetPatients
    | KeepAdministrator
    | RevealExtra
    | PlaceDice
    | TakeAmbulance
    | Evict
    | TakeWard
    | TakeSpecialist
    | TradeWard
    | TradeSpecialist
    | DiscardWard
    | DiscardSpecialist
    | KeepTiles
    | Activate
    | SpecialistHeal
    | DeclineEffect
    | BloodHeal
    | BloodRecolour
    | EndActivation
)

ACTION_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        Draw,
        SetPatients,
        KeepAdministrator,
        RevealExtra,
        PlaceDice,
        TakeAmbulance,
        Evict,
        TakeWard,
        TakeSpecialist,
        TradeWard,
        TradeSpecialist,
        DiscardWard,
        DiscardSpecialist,
        KeepTiles,
        Activate,
        SpecialistHeal,
        DeclineEffect,
        BloodHeal,
        BloodRecolour,
        EndActivation,
    )
}
