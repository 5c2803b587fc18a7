"""Healthy Heart Hospital actions: small frozen dataclasses named after rulebook verbs.

Dataclass ordering (``order=True``) gives the sorted tuples ``legal_actions`` returns;
the class name sorts first, so actions are grouped by verb.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias


@dataclass(frozen=True, order=True, slots=True)
class Draw:
    """Resolve a chance step (setup draws, New Patients Arrive, Visit the Wards, reveals)."""


@dataclass(frozen=True, order=True, slots=True)
class InstallRoom:
    """Place a New Room card on its Basic side (Setup; Patient Phase step 2)."""

    kind: int


@dataclass(frozen=True, order=True, slots=True)
class Heal:
    """Heal a Patient: flip a Medical token, choose the patient, draw (Actions: Heal)."""

    player: int
    place: int  # WARD, TREATMENT or EMERGENCY
    colour: int
    level: int
    blood: int  # colour taken from the Blood Bank as the first cube, or -1


@dataclass(frozen=True, order=True, slots=True)
class Bonus:
    """Use one voluntary bonus draw of ``size`` cubes (Cube Drawing Bonuses)."""

    size: int


@dataclass(frozen=True, order=True, slots=True)
class JanitorIgnore:
    """Janitor: discard a just-drawn black cube without applying its effect."""


@dataclass(frozen=True, order=True, slots=True)
class AdminRedraw:
    """Administrator reaction: put a just-drawn black cube back into the bag and redraw."""


@dataclass(frozen=True, order=True, slots=True)
class Settle:
    """Finish the Heal: adjust the level, re-bag ``rebag`` (counts per colour), discard, gain."""

    rebag: tuple[int, ...]


@dataclass(frozen=True, order=True, slots=True)
class Transfer:
    """Transfer a Patient (Actions: Transfer a Patient)."""

    player: int
    source: int  # WARD, TREATMENT or WAITING
    room: int  # Waiting Room index when source is WAITING, else 0
    colour: int
    level: int
    target: int  # WARD or TREATMENT


@dataclass(frozen=True, order=True, slots=True)
class HireStaff:
    """Hire Staff: flip an Administrative token, pay, take a face-up Staff marker."""

    staff: int


@dataclass(frozen=True, order=True, slots=True)
class Research:
    """Research: flip an Administrative token, draw a card and 5 cubes."""


@dataclass(frozen=True, order=True, slots=True)
class ChooseBenefit:
    """Choose the Research benefit (-1: none); ``arg`` is the Staff type for the hire benefit."""

    benefit: int
    arg: int


@dataclass(frozen=True, order=True, slots=True)
class TakeTraining:
    """Take a Training marker (``kind`` face-up type, or -1 face-down) for ``player``'s Doctor."""

    kind: int
    player: int


@dataclass(frozen=True, order=True, slots=True)
class ReplaceMarker:
    """Research: replace a dead patient's ``colour`` marker with a white one."""

    colour: int


@dataclass(frozen=True, order=True, slots=True)
class InternTreat:
    """Intern: reduce the chosen patient's level by 3, without pay."""

    place: int
    room: int
    colour: int
    level: int


@dataclass(frozen=True, order=True, slots=True)
class ImproveRoom:
    """Bureaucrat: improve a New Room in play for $0."""

    kind: int


@dataclass(frozen=True, order=True, slots=True)
class RemoveAbility:
    """Manager: return a Ward Ability token to the supply."""

    colour: int


@dataclass(frozen=True, order=True, slots=True)
class EndPicks:
    """Stop taking the remaining picks of a benefit."""


@dataclass(frozen=True, order=True, slots=True)
class RestockBloodBank:
    """Blood Bank: spend an Administrative token and $3 ($5 Improved) to refill it when empty."""


@dataclass(frozen=True, order=True, slots=True)
class ChaplainFlip:
    """Chaplain: once per round, flip the Administrator card face up."""


@dataclass(frozen=True, order=True, slots=True)
class NurseTraining:
    """Ura Scapegote: once per game, a free face-up Training marker for this nurse."""

    player: int
    kind: int


@dataclass(frozen=True, order=True, slots=True)
class ReturnBlacks:
    """Administrator reaction at the end of the Patient Phase: black cubes to the bag, $2 each."""


@dataclass(frozen=True, order=True, slots=True)
class ArriveAt:
    """New Patients Arrive: the players choose the Waiting Room that receives the next draw
    ("Place all drawn cubes in the chosen Waiting Room")."""

    room: int


@dataclass(frozen=True, order=True, slots=True)
class AdmitToER:
    """New Patients Arrive: the 5-cube patient of ``colour`` takes an Emergency Room space
    when more 5-cube patients formed than there are spaces."""

    colour: int


@dataclass(frozen=True, order=True, slots=True)
class VisitWard:
    """Visit the Wards: activate the Ward of ``colour`` next ("In any order, activate each Ward")."""

    colour: int


@dataclass(frozen=True, order=True, slots=True)
class Pass:
    """Decline the end-of-Patient-Phase reaction."""


@dataclass(frozen=True, order=True, slots=True)
class EndActions:
    """Forgo the unused actions and start the Patient Phase."""


#: One of the game's actions (the model's action type).
Action: TypeAlias = (
    Draw
    | InstallRoom
    | Heal
    | Bonus
    | JanitorIgnore
    | AdminRedraw
    | Settle
    | Transfer
    | HireStaff
    | Research
    | ChooseBenefit
    | TakeTraining
    | ReplaceMarker
    | InternTreat
    | ImproveRoom
    | RemoveAbility
    | EndPicks
    | RestockBloodBank
    | ChaplainFlip
    | NurseTraining
    | ReturnBlacks
    | ArriveAt
    | AdmitToER
    | VisitWard
    | Pass
    | EndActions
)

ACTION_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        Draw,
        InstallRoom,
        Heal,
        Bonus,
        JanitorIgnore,
        AdminRedraw,
        Settle,
        Transfer,
        HireStaff,
        Research,
        ChooseBenefit,
        TakeTraining,
        ReplaceMarker,
        InternTreat,
        ImproveRoom,
        RemoveAbility,
        EndPicks,
        RestockBloodBank,
        ChaplainFlip,
        NurseTraining,
        ReturnBlacks,
        ArriveAt,
        AdmitToER,
        VisitWard,
        Pass,
        EndActions,
    )
}
