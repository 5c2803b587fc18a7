"""Royal Hospital actions: small frozen dataclasses named after rulebook verbs.

Patients are named by their record (``Patient`` fields as a tuple): patients with equal
records are interchangeable, so one action per distinct record keeps the action list
small and every description unique. The acting player is ``current_player(state)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias


@dataclass(frozen=True, order=True, slots=True)
class Draw:
    """Resolve a chance step (starting player, a card drawn, a patient's hidden side)."""


@dataclass(frozen=True, order=True, slots=True)
class Keep:
    """Keep one of the drawn Medical cards (Game Setup 8; Preparation Phase 1)."""

    card: int


@dataclass(frozen=True, order=True, slots=True)
class Reject:
    """Discard an arriving patient for lack of space (Hospital Board)."""

    patient: tuple[int, ...]


@dataclass(frozen=True, order=True, slots=True)
class PlayCard:
    """Action Phase 1: play a card from the hand, paying its cost."""

    card: int


@dataclass(frozen=True, order=True, slots=True)
class Activate:
    """Action Phase 2: activate a played card's action reward (once each round)."""

    card: int


@dataclass(frozen=True, order=True, slots=True)
class SellCard:
    """Action Phase 3: discard a card from the hand for 3 credits (not an action)."""

    card: int


@dataclass(frozen=True, order=True, slots=True)
class SellResearch:
    """Action Phase 3: discard 1 research resource for 3 credits (not an action)."""


@dataclass(frozen=True, order=True, slots=True)
class Pass:
    """Action Phase 4: pass for the rest of the round."""


@dataclass(frozen=True, order=True, slots=True)
class Choose:
    """Take alternative ``option`` of an "X or Y" reward."""

    option: int


@dataclass(frozen=True, order=True, slots=True)
class ChooseDoctor:
    """Take the congress doctor on ``spot`` (``tracks.DOCTOR_SPOTS``) as a reward's
    congress doctor (RH-DOCTOR-REWARD=race-token)."""

    spot: int


@dataclass(frozen=True, order=True, slots=True)
class ChooseInsurance:
    """Advance on insurance ``company`` (0 Blue, 1 Purple, 2 Green, 3 Red)."""

    company: int


@dataclass(frozen=True, order=True, slots=True)
class HelicopterDiscard:
    """Helicopter: discard one of the player's patients."""

    patient: tuple[int, ...]


@dataclass(frozen=True, order=True, slots=True)
class HelicopterDraw:
    """Helicopter: all players draw a patient card."""


@dataclass(frozen=True, order=True, slots=True)
class HelicopterDiscardTerminal:
    """Helicopter: discard one of the player's terminal patients
    (RH-HELICOPTER-TERMINAL=terminals-too)."""

    terminal: tuple[int, ...]


@dataclass(frozen=True, order=True, slots=True)
class HelicopterDone:
    """Helicopter: take no (further) option."""


@dataclass(frozen=True, order=True, slots=True)
class Diagnose:
    """Pay the diagnostic difficulty and flip the card."""

    patient: tuple[int, ...]


@dataclass(frozen=True, order=True, slots=True)
class Heal:
    """Pay the healing difficulty (a critical patient: RH-CRITICAL-COST) and cure."""

    patient: tuple[int, ...]


@dataclass(frozen=True, order=True, slots=True)
class Assign:
    """Put one resource on a patient towards its next step (RH-PARTIAL-PAYMENT=partial)."""

    patient: tuple[int, ...]


@dataclass(frozen=True, order=True, slots=True)
class TreatTerminal:
    """Add the healing resource a terminal patient needs this round."""

    card: int


@dataclass(frozen=True, order=True, slots=True)
class EndTreatment:
    """Finish this player's Patient Treatment Phase."""


@dataclass(frozen=True, order=True, slots=True)
class UseToken:
    """Pay one unit of a pending cost with a token of ``kind`` (diagnosis, healing,
    research, staff, congress doctor): offered only while tokens held are scored."""

    kind: int


#: One of the game's actions (the model's action type).
Action: TypeAlias = (
    Draw
    | Keep
    | Reject
    | PlayCard
    | Activate
    | SellCard
    | SellResearch
    | Pass
    | Choose
    | ChooseDoctor
    | ChooseInsurance
    | HelicopterDiscard
    | HelicopterDiscardTerminal
    | HelicopterDraw
    | HelicopterDone
    | Diagnose
    | Heal
    | Assign
    | TreatTerminal
    | EndTreatment
    | UseToken
)

ACTION_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        Draw,
        Keep,
        Reject,
        PlayCard,
        Activate,
        SellCard,
        SellResearch,
        Pass,
        Choose,
        ChooseDoctor,
        ChooseInsurance,
        HelicopterDiscard,
        HelicopterDiscardTerminal,
        HelicopterDraw,
        HelicopterDone,
        Diagnose,
        Heal,
        Assign,
        TreatTerminal,
        EndTreatment,
        UseToken,
    )
}
