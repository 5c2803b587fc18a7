"""The Healthy Heart Hospital state: one immutable, hashable record.

Cubes are counts per colour (indices ``0..C-1`` are the illness colours, index ``C`` is
black), so cube conservation is arithmetic. Patients of one colour in one place are
interchangeable, so a Ward is a sorted tuple of levels. Everything derivable (capacities,
who may act, whether a loss happened) is a function in ``rules``/``queries``, not a field.
"""

from __future__ import annotations

from dataclasses import dataclass

# Phases --------------------------------------------------------------------------------
SETUP_MARKERS = 0  # chance: draw the Patient markers into the Wards (Setup)
SETUP_ROOM = 1  # decision: choose the first New Room card (Setup)
SETUP_BLOOD = 2  # chance: the first room's Blood Bank draw, when it waits (HHH-SETUP-ORDER)
SETUP_WAITING = 3  # chance: 6 cubes per Waiting Room, cursor = Waiting Room index
SETUP_TRAINING = 4  # chance: reveal the face-up Training markers of the board room
ACTIONS = 5  # decisions: Player Action Phase
HEAL_DRAWN = 6  # decision inside a Heal: bonus draws, reactions, settle (see ``heal``)
RESEARCH_DRAWN = 7  # decision inside Research: choose a benefit (see ``research``)
PICKS = 8  # decisions: pending Training-marker / marker-replacement picks
PP_INSTALL = 9  # decision: Patient Phase step 2, install a New Room
PP_TRAINING_REFILL = 10  # chance: refill the face-up Training markers after picks
PP_ARRIVE = 11  # chance: step 4 New Patients Arrive, cursor = place(rooms done, room)
PP_VISIT = 12  # chance: step 5 Visit the Wards, cursor = place(Wards visited, Ward)
PP_END = 13  # decision: end-of-Patient-Phase reactions (Administrator card)
PP_STAFF = 14  # chance: Housekeeping, reveal Staff markers under the new round
OVER = 15  # terminal
PP_ARRIVE_ORDER = 16  # decision: which Waiting Room receives the next arrivals, cursor = rooms done
PP_ER_ADMIT = (
    17  # decision: which 5-cube patient takes the last Emergency Room space, cursor as PP_ARRIVE
)
PP_VISIT_ORDER = (
    18  # decision: which Ward to activate next ("In any order"), cursor = Wards visited
)

PHASE_NAMES = (
    "setup-markers",
    "setup-room",
    "setup-blood",
    "setup-waiting",
    "setup-training",
    "actions",
    "heal-drawn",
    "research-drawn",
    "picks",
    "install-room",
    "training-refill",
    "arrive",
    "visit",
    "patient-phase-end",
    "reveal-staff",
    "over",
    "arrive-order",
    "er-admit",
    "visit-order",
)


def place(done: int, item: int) -> int:
    """The cursor of an ordered sub-step: the set of items done (a bit mask) and the item
    now being resolved (Waiting Room or Ward index, below 8)."""
    return done * 8 + item


def done_of(cursor: int) -> int:
    """The bit mask of items already resolved, from a :func:`place` cursor."""
    return cursor // 8


def item_of(cursor: int) -> int:
    """The item being resolved, from a :func:`place` cursor."""
    return cursor % 8


# New Room kinds: Treatment Rooms are kinds 0..C-1 (one per colour), then these.
ER = 5
BLOOD_BANK = 6
MORGUE = 7
ROOM_KINDS = 8
ROOM_NAMES = ("TR-yellow", "TR-gray", "TR-green", "TR-red", "TR-blue", "ER", "BloodBank", "Morgue")

# Pending picks (phase PICKS)
PICK_NONE = 0
PICK_TRAINING = 1  # take Training markers (Research benefit)
PICK_REPLACE = 2  # replace dead patients' markers with white ones (Research benefit)
PICK_INTERN = 3  # choose the Intern's patient
PICK_IMPROVE = 4  # choose the room the Bureaucrat improves
PICK_MANAGER = 5  # choose the Ward Ability token the Manager removes
# the first replacement of a Replace benefit that cannot be declined (HHH-RESEARCH-DECLINE=
# must-choose with HHH-RESEARCH-AMOUNT=up-to): stopping before it would decline the benefit
PICK_REPLACE_FIRST = 6

# Places of patients (actions name them)
WARD = 0
TREATMENT = 1
EMERGENCY = 2
WAITING = 3

# Treatment-room sides
CRITICAL = 0
TREATED = 1

# Outcome reasons
BANKRUPT = 1
ARRESTED = 2
COMPLETED = 3
STUCK = 4
REASONS = ("", "bankrupt", "arrested", "completed", "stuck")


@dataclass(frozen=True, slots=True)
class HealInProgress:
    """A Heal in progress, between the draw and the settlement (rulebook: Heal a Patient).

    ``drawn`` counts the cubes drawn for this action by colour (black last), the
    Blood Bank cube included. ``bonuses`` lists the sizes of the bonus draws still
    available; ``rebag`` is how many cubes may be re-bagged at the end.
    """

    player: int
    place: int  # 0 Ward, 1 Treatment Room, 2 Emergency Room
    colour: int
    level: int  # level before the heal
    drawn: tuple[int, ...]
    bonuses: tuple[int, ...]
    rebag: int
    blood: int  # colour of the cube taken from the Blood Bank, or -1
    latest_black: int  # black cubes in the most recent draw of this Heal


@dataclass(frozen=True, slots=True)
class ResearchInProgress:
    """A Research action between the draw and the choice of benefit (rulebook: Research)."""

    card: int
    drawn: tuple[int, ...]  # non-black cubes drawn (black already discarded and replaced)


@dataclass(frozen=True, slots=True)
class HHHState:
    """Every fact of a Healthy Heart Hospital position.

    Field order is the order of the rulebook's setup; ``C`` is the number of colours.
    """

    phase: int
    cursor: int  # sub-step inside the phase (Waiting Room index, Ward patient, ...)
    round: int  # 1..rounds (round marker)
    money: int
    reason: int  # 0 while playing; BANKRUPT / ARRESTED / COMPLETED once over
    bag: tuple[int, ...]  # cubes in the bag per colour, black last (len C+1)
    discard: tuple[int, ...]  # the cube discard pile (len C+1)
    waiting: tuple[tuple[int, ...], ...]  # per Waiting Room, cubes per colour (len C each)
    wards: tuple[tuple[int, ...], ...]  # per colour, sorted levels of marker patients
    rooms: tuple[int, ...]  # per room kind: 0 not installed, 1 Basic, 2 Improved (len 8)
    rooms_placed: int  # New Room cards placed so far (the starting room included)
    treatment: tuple[tuple[int, int], ...]  # per colour: (level, side); level 0 = empty
    er: tuple[int, ...]  # Emergency Room cube patients by colour count (each 5 cubes)
    blood: tuple[int, ...]  # Blood Bank cubes per colour (len C+1, black always 0)
    supply: tuple[int, ...]  # Patient markers in the supply per colour, white last
    cemetery: tuple[
        int, ...
    ]  # bodies per colour, then white-marker bodies, then unmarked (len C+2)
    deaths: int  # patients who died so far
    medical: tuple[int, ...]  # unused Medical action tokens per player
    admin_tokens: int  # unused Administrative action tokens on the Administrator card
    admin_total: int  # Administrative tokens the Administrator has (COO adds one)
    admin_holder: int  # player controlling the Administrator this round
    admin_face_up: bool  # Administrator card face up (an action is available)
    chaplain_used: bool  # Chaplain's once-per-round flip used this round
    janitor_used: bool  # Janitor's once-per-round black-cube ignore used this round
    staff_hidden: tuple[int, ...]  # face-down Staff markers still unseen, per type
    staff_open: tuple[int, ...]  # face-up Staff markers available to hire, per type
    staff_passed: tuple[
        int, ...
    ]  # face-up Staff of earlier rounds no longer hireable (HHH-STAFF-HIREABLE)
    staff_hired: tuple[int, ...]  # Staff in the Office, per type
    abilities: tuple[bool, ...]  # Ward Ability token still active, per colour
    training_open: tuple[int, ...]  # face-up Training markers in the board room, per type
    training_hidden: tuple[int, ...]  # face-down Training markers, per type
    training: tuple[tuple[int, ...], ...]  # per player (doctor): Training markers per type
    nurse_free_used: tuple[bool, ...]  # per player: once-per-game free training used
    research_deck: tuple[int, ...]  # Research cards in the deck, per card index
    research_discard: tuple[int, ...]  # discarded Research cards, per card index
    heal: HealInProgress | None  # the Heal in progress, in phase HEAL_DRAWN
    research: ResearchInProgress | None  # the Research in progress, in phase RESEARCH_DRAWN
    picks: tuple[int, int]  # (kind, count left) of a pending choice, see PICK_* (0, 0) = none
