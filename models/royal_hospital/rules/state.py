"""The Royal Hospital state: immutable, hashable records of counts.

Cards of one type are interchangeable, so hands, tableaus and decks are counts per card
type, and a hospital is a sorted tuple of patient records. The Patient deck is split
the way the players see it (Patient Cards: drawn "from the bottom of the deck with the
healing side hidden"; discards go "on top"): ``shuffled`` is the unseen part, known
only as counts per *visible class* (what a diagnosis side shows); ``returned`` is the
pile placed on top, oldest first, which is drawn only when the shuffled part is gone.
Records are NamedTuples (cheaper to copy and hash than frozen dataclasses in the
explorer's inner loop). A card whose healing side nobody has seen is *unresolved*: ``unresolved`` counts every
such card by its true type (in the deck, in hospitals, in the returned pile), and a
flip resolves one with the exact conditional odds. Everything derivable (capacity, who
acts, the score) is a function, not a field.
"""

from __future__ import annotations

from typing import NamedTuple

from .effects import Effect

# Round phases (Game Play: "Preparation, Action, Treatment and Cleanup") ---------------------
SETUP, PREPARATION, ACTIONS, TREATMENT, CLEANUP, OVER = range(6)
PHASE_NAMES = ("setup", "preparation", "actions", "treatment", "cleanup", "over")

# Pending tasks ------------------------------------------------------------------------------
T_FIRST = 0  # chance: the starting player (Game Setup 5)
T_DRAW_PICK = 1  # chance: one Medical card into the cards to choose from (n left)
T_DRAW_HAND = 2  # chance: one Medical card into the hand (a "draw 1 card" reward)
T_DRAW_PATIENT = 3  # chance: one Patient card into the arrivals (n left)
T_KEEP = 4  # decision: keep n of the drawn Medical cards, discard the rest
T_ADMIT = 5  # decision when over capacity: reject arrivals until they fit
T_EFFECT = 6  # one reward; a decision for choices, "any insurance" and helicopters
T_END_TURN = 7  # the Action Phase turn passes on once the action's rewards are done
T_PRODUCE = 8  # Preparation 2-3: production and rotating the action cards
T_START_ACTIONS = 9
T_REVEAL = 10  # chance: Cleanup's check of an undiagnosed patient with 2+ time tokens
T_DEATHS = 11  # Cleanup: patients die
T_PRESTIGE = 12  # Cleanup: half the prestige as victory points
T_ROUND_END = 13  # Cleanup: end of the game or the next round
# decisions: which token pays the next unit of a cost's diagnosis, healing or research
# part (n units left), pending only while tokens held are scored (treatment.spend)
T_PAY_DIAG = 14
T_PAY_HEAL = 15
T_PAY_RESEARCH = 16
TASK_NAMES = (
    "first-player",
    "draw-to-choose",
    "draw-to-hand",
    "draw-patient",
    "keep",
    "admit",
    "effect",
    "end-turn",
    "produce",
    "start-actions",
    "reveal",
    "deaths",
    "prestige",
    "round-end",
    "pay-diagnosis",
    "pay-healing",
    "pay-research",
)
CHANCE_TASKS = frozenset({T_FIRST, T_DRAW_PICK, T_DRAW_HAND, T_DRAW_PATIENT, T_REVEAL})

# Helicopter progress (bits of the task's ``n``)
HELI_DISCARDED = 1
HELI_DREW = 2


class Task(NamedTuple):
    """One pending step: ``kind`` (T_*), for ``player``; ``n`` a count or flags;
    ``effect`` for T_EFFECT; ``play`` is 1 when it comes from playing a card."""

    kind: int
    player: int = 0
    n: int = 0
    effect: Effect | None = None
    play: int = 0


class Patient(NamedTuple):
    """A patient in a hospital (or arriving). ``card`` is the card type when its healing
    side has been seen, else ``-(class + 1)`` (its visible class). ``paid`` counts
    resources already on the card (RH-PARTIAL-PAYMENT)."""

    card: int
    diagnosed: int
    tokens: int
    paid: int = 0


class Terminal(NamedTuple):
    """A terminal patient in the playing area: ``treated`` this round (or, under
    RH-TERMINAL-UPKEEP=arrival-round-only, ever); ``rewarded`` once its reward has been
    paid (kept only under RH-TERMINAL-REWARD=first-treatment, else always 0)."""

    card: int
    treated: int
    rewarded: int = 0


class PlayerState(NamedTuple):
    """One player's hospital, tracks and cards."""

    credits: int  # coins
    vp: int  # 5 Victory point track
    prestige: int  # 4 Prestige track
    qoc: int  # 3 Quality of Care track
    ambulance: int  # 2 Ambulance track position (0 = the starting space)
    insurance: tuple[int, ...]  # 6 Insurance company tracks: level 0..5 per company
    production: tuple[int, ...]  # diagnosis, healing, research, staff, credit production
    tokens: tuple[int, ...]  # diagnosis, healing, research, staff, congress doctor tokens
    healed: int  # treated-patients track (spent by clinical trials, RH-HEALED-COST)
    healed_max: int  # highest value the treated-patients counter reached (tie-breaker)
    hand: tuple[int, ...]  # Medical cards in hand per type
    played: tuple[int, ...]  # Medical cards face up in front of the player per type
    used: tuple[int, ...]  # played cards rotated (activated) this round per type
    patients: tuple[Patient, ...]  # sorted; hospital board and outpatient clinic spaces
    terminals: tuple[Terminal, ...]  # sorted; terminal patients need no space
    passed: bool  # passed in this Action Phase
    dead: tuple[int, ...]  # deaths by priority (index 1..5; index 0 unused)
    dead_unseen: int  # severe patients who died undiagnosed (found at the Cleanup check)
    rejected: int  # patients discarded for lack of space


class RHState(NamedTuple):
    """Every fact of a Royal Hospital position."""

    phase: int  # SETUP .. OVER
    round: int  # 1..rounds (Round counter)
    first: int  # seat holding the starting player token
    turn: int  # seat acting in the Action or Treatment Phase
    players: tuple[PlayerState, ...]
    queue: tuple[Task, ...]  # pending steps, head first
    deck: tuple[int, ...]  # Medical deck per card type
    discard: tuple[int, ...]  # Medical discard pile per card type
    picking: tuple[int, ...]  # drawn Medical cards waiting for a keep decision
    arrivals: tuple[Patient, ...]  # drawn patients waiting for admission (sorted)
    shuffled: tuple[int, ...]  # the unseen Patient deck per visible class
    unresolved: tuple[int, ...]  # unresolved Patient cards per card type (everywhere)
    returned: tuple[int, ...]  # Patient cards placed on top, oldest first (card codes)
    doctors: tuple[bool, ...]  # congress doctors still on the board (tracks.DOCTOR_SPOTS)
