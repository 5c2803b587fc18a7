"""The Dice Hospital state: immutable, hashable records.

Dice are interchangeable except for colour and value, so dice waiting anywhere are
counts per colour or sorted tuples of ``(colour, value)``; a hospital's patients are a
sorted tuple of ``(colour, health, treated, tint)`` (a multiset): ``treated`` is 1 once
the patient was treated this round ("przesuwany jest w dół"), ``tint`` is the colour a
blood bag shows it as (-1: its own). Everything derivable (whose decision it is, the
ambulance order, scores so far) is a function, not a field.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Phases ----------------------------------------------------------------------------------
SETUP_DICE = 0  # chance: a player draws the starting dice (cursor = player)
SETUP_HEALTH = 1  # decision: set the starting dice to 3, 4, 5 (cursor = player)
SETUP_ADMIN = 2  # chance: a player draws two administrator cards (cursor = player)
SETUP_ADMIN_PICK = 3  # decision: keep one administrator (cursor = player)
MARKET = 4  # chance: reveal the round's wards and specialists
EXTRA = 5  # decision (two players): reveal an extra ward or specialist (cursor = stage)
EXTRA_DRAW = 6  # chance: the extra reveal (cursor = 2 * stage + kind)
DICE_DRAW = 7  # chance: draw the dice for the ambulances
ROLL = 8  # chance: roll the drawn dice of one colour (cursor = colour)
PLACE = 9  # decision (last player): tied dice into the ambulances
PICK = 10  # decision: take an ambulance (cursor = position in the turn order)
EPIDEMIC = 11  # chance: national epidemic, the extra die (cursor = as PICK)
EVICT = 12  # decision: who goes to the mortuary to make room (cursor = as PICK)
EXPAND = 13  # decision: take a ward or specialist (cursor = position in ambulance order)
EXPAND_DISCARD = 14  # decision: discard an owned tile for a blood bag (cursor = as EXPAND)
ACT_DISCARD = 15  # decision: discard a tile at the start of activation (cursor = player)
ACTIVATE = 16  # decisions: meeples into wards, blood bags (cursor = player)
EFFECT = 17  # decision: the specialist's effect after the ward's (cursor = player)
OVER = 18  # terminal

PHASE_NAMES = (
    "setup-dice",
    "setup-health",
    "setup-admin",
    "setup-admin-pick",
    "market",
    "extra-reveal",
    "extra-draw",
    "dice-draw",
    "roll",
    "place",
    "pick-ambulance",
    "epidemic",
    "evict",
    "expand",
    "expand-discard",
    "activation-discard",
    "activate",
    "specialist-effect",
    "over",
)
CHANCE_PHASES = frozenset({SETUP_DICE, SETUP_ADMIN, MARKET, EXTRA_DRAW, DICE_DRAW, ROLL, EPIDEMIC})

# Patient tuple fields
COLOUR, HEALTH, TREATED, TINT = 0, 1, 2, 3

Patient = tuple[int, int, int, int]
Die = tuple[int, int]  # (colour, value)


@dataclass(frozen=True, slots=True)
class Hospital:
    """One player's board: patients, the discharge lounge, the mortuary, tokens, staff."""

    patients: tuple[Patient, ...]  # sorted multiset of (colour, health, treated, tint)
    lounge: tuple[int, ...]  # dice discharged this round, per colour
    mortuary: tuple[int, ...]  # dice in the mortuary, per colour
    mortality: int  # mortality tokens ("żeton śmiertelności")
    blood: int  # blood bag tokens ("worek z krwią")
    points: int  # score so far
    admin: int  # administrator kind kept (-1 before the draft)
    wards: tuple[int, ...]  # ward tiles owned, per kind (the printed board wards are config)
    specialists: tuple[int, ...]  # specialists owned, per kind
    used_wards: tuple[int, ...]  # wards used this round, per kind (board and tiles)
    used_specialists: tuple[int, ...]  # specialists placed this round, per kind
    nurses_used: int  # nurses placed this round
    #: patients sent to the mortuary at this round's admission; recorded only under the
    #: one reading that reads it (DH-EMPTY-HOSPITAL=all-discharged), 0 otherwise, and left
    #: out of ``repr``, so the other readings' positions and their trace fingerprints are
    #: unchanged
    evicted: int = field(repr=False)


@dataclass(frozen=True, slots=True)
class DHState:
    """Every fact of a Dice Hospital position."""

    phase: int
    round: int  # 1..rounds
    cursor: int  # sub-step inside the phase (see the phase constants)
    first: int  # first player of this round (the first-player token)
    next_first: int  # first player of the next round, once the ambulances are chosen
    order: tuple[int, ...]  # players in the order of the current phase
    supply: tuple[int, ...]  # dice in the bag, per colour
    drawn: tuple[int, ...]  # dice drawn for the ambulances, not yet rolled, per colour
    rolled: tuple[Die, ...]  # rolled dice not yet placed (sorted)
    ambulances: tuple[tuple[Die, ...], ...]  # dice in each ambulance, until all are chosen
    taken: tuple[int, ...]  # per player: the ambulance taken this round (-1: none yet)
    incoming: tuple[Die, ...]  # dice arriving at the admitting player's hospital
    ward_deck: tuple[int, ...]  # ward tiles in the deck, per kind
    specialist_deck: tuple[int, ...]  # specialist cards in the deck, per kind
    ward_market: tuple[int, ...]  # wards revealed this round, per kind
    specialist_market: tuple[int, ...]  # specialists revealed this round, per kind
    ward_gone: tuple[int, ...]  # ward tiles removed from the game, per kind
    specialist_gone: tuple[int, ...]  # specialists removed from the game, per kind
    admin_deck: tuple[int, ...]  # administrators in the deck, per kind
    admin_hand: tuple[int, ...]  # the two cards the drafting player drew, per kind
    admin_box: tuple[int, ...]  # administrators returned to the box, per kind
    effect: tuple[int, tuple[Patient, ...]] | None  # specialist kind, patients just treated
    hospitals: tuple[Hospital, ...]
