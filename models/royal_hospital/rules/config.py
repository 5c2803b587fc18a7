"""Royal Hospital configuration: players, printed numbers, parameters and presets.

``full`` is the real game as far as the rulebook prints it. Fields marked *parameter*
are numbers the book does not print (the round track's spaces, the length of the tracks,
the card texts); each says where the gap is documented. The reduced presets keep every
rule (all five priorities, deaths of each kind, the ambulance and insurance tracks,
helicopters, congress doctors, end-game scoring) with tiny decks and short games, so the
explorer can enumerate them to the end.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from hhh_verify.contract.errors import ModelError

from .cards import (
    MEDICAL_DECKS,
    PATIENT_DECKS,
    medical_deck,
    patient_deck,
)

# Printed numbers (each is a tested fact, tests/royal_hospital/test_royal_hospital_facts.py) ---------------
MAX_PLAYERS = 4  # Components: 4 Hospital boards, 4 of each player counter
START_QOC = 6  # Game Setup 2: "place their quality of care counters on space 6"
START_PRODUCTION = 1  # Game Setup 4: "on the 1 space of each other resource production track"
CREDIT_COUNTERS = (5, 10)  # Game Setup 4: "on the 5 space and 10 space of the Credit production"
HOSPITAL_SPACES = 4  # Hospital Board: "The hospital board has space for 4 patients"
SETUP_DRAW, SETUP_KEEP = 10, 5  # Game Setup 8: "draw 10 cards ... choose 5"
SELL_CREDITS = 3  # Action Phase 3: "discard a card ... or 1 research resource to receive 3 credits"
DEATH_QOC = 2  # Deceased patients: "Decrease your Quality of Care track by 2"
TERMINAL_DEATH_QOC = 1  # Terminal patients: "decreasing care quality by 1 only"
REJECT_QOC = 1  # Hospital Board 2: "Decrease ... by 1 for each patient card you have discarded"
SEVERE_TOKENS = 2  # Severe patients "die if they have two time tokens"
REVEAL_TOKENS = 2  # "If any undiagnosed patients have two or more time tokens"
COINS = {1: 20, 3: 10, 5: 12, 10: 14}  # Components: coins by value (the bank is not a limit)


@dataclass(frozen=True)
class RHConfig:
    """All numbers of one Royal Hospital game. Validated on construction (``ModelError``)."""

    players: int = 2  # 1..4 (solo: RH-SOLO)
    rounds: int = 6  # parameter: the round track's length is not printed (RH-GAME-END)
    round_cards: tuple[int, ...] = (1, 2, 3, 4, 5, 6)  # parameter: cards per round-track space
    round_patients: tuple[int, ...] = (1, 1, 2, 2, 2, 2)  # parameter: RH-ROUND-PATIENTS=own-row
    medical_deck: str = "standard"  # parameter: card texts are not printed (cards.py)
    patient_deck: str = "standard"  # parameter: the 109 cards' values are not printed
    setup_draw: int = SETUP_DRAW
    setup_keep: int = SETUP_KEEP
    start_qoc: int = START_QOC
    start_production: int = START_PRODUCTION
    credit_counters: tuple[int, ...] = CREDIT_COUNTERS  # read through RH-CREDIT-START
    hospital_spaces: int = HOSPITAL_SPACES
    sell_credits: int = SELL_CREDITS
    qoc_max: int = 15  # parameter: the track's last space is not printed (doctors on 9, 12)
    prestige_max: int = 30  # parameter (doctors on 7, 14, 21)
    production_max: int = 10  # parameter (doctors on 4, 7)
    credit_max: int = 40  # parameter (doctors on 21, 27, 33)
    first_player: int = -1  # Game Setup 5: chosen at random (-1); a seat number fixes it

    def __post_init__(self) -> None:
        def bad(msg: str) -> ModelError:
            return ModelError(f"invalid Royal Hospital config: {msg}")

        if not 1 <= self.players <= MAX_PLAYERS:
            raise bad(f"players={self.players}; accepted: 1..{MAX_PLAYERS} (solo is 1)")
        if not 1 <= self.rounds <= 12:
            raise bad(f"rounds={self.rounds}; accepted: 1..12")
        for name in ("round_cards", "round_patients"):
            row = getattr(self, name)
            if len(row) < self.rounds or any(not 0 <= n <= 9 for n in row):
                raise bad(f"{name} needs {self.rounds} numbers in 0..9, got {row}")
        if self.medical_deck not in MEDICAL_DECKS:
            medical_deck(self.medical_deck)
        if self.patient_deck not in PATIENT_DECKS:
            patient_deck(self.patient_deck)
        checks = [
            ("setup_draw", 0, 20),
            ("setup_keep", 0, 20),
            ("start_qoc", 0, 30),
            ("start_production", 0, 10),
            ("hospital_spaces", 0, 10),
            ("sell_credits", 0, 10),
            ("qoc_max", 1, 30),
            ("prestige_max", 1, 60),
            ("production_max", 1, 20),
            ("credit_max", 1, 60),
            ("first_player", -1, self.players - 1),
        ]
        for name, lo, hi in checks:
            v = getattr(self, name)
            if not lo <= v <= hi:
                raise bad(f"{name}={v}; accepted: {lo}..{hi}")
        if self.setup_keep > self.setup_draw:
            raise bad(f"setup_keep={self.setup_keep} exceeds setup_draw={self.setup_draw}")
        if self.start_qoc > self.qoc_max:
            raise bad(f"start_qoc={self.start_qoc} exceeds qoc_max={self.qoc_max}")
        if self.start_production > self.production_max:
            raise bad("start_production exceeds production_max")
        if len(self.credit_counters) != 2 or min(self.credit_counters) < 0:
            raise bad(f"credit_counters needs two spaces >= 0, got {self.credit_counters}")
        if sum(self.credit_counters) > self.credit_max:
            raise bad(f"credit_max={self.credit_max} is below the starting credit production")


FULL = RHConfig()

# Two players, two rounds, one hospital space, five patient cards (one of each priority),
# only the starting cards (the Medical deck is empty), no production, fixed first player:
# every kind of death, a rejected patient and a win for either seat (or a shared one)
# are reachable (tests/royal_hospital/test_royal_hospital_explore.py).
TINY = RHConfig(
    players=2,
    rounds=2,
    round_cards=(1, 1),
    round_patients=(1, 1),
    medical_deck="tiny",
    patient_deck="tiny",
    setup_draw=0,
    setup_keep=0,
    start_qoc=2,
    start_production=0,
    credit_counters=(1, 2),
    hospital_spaces=1,
    qoc_max=4,
    prestige_max=3,
    production_max=2,
    credit_max=16,
    first_player=0,
)

# ``tiny`` with one Medical card to draw, which moves the ambulance and an insurance track
# and sends a helicopter (485k states: the thorough profile records them).
SMALL = replace(TINY, medical_deck="small")

PRESETS = {"full": FULL, "small": SMALL, "tiny": TINY}

#: One line per config value (``hhh-verify games --json``).
CONFIG_DOCS = {
    "players": "1..4 players (solo: RH-SOLO)",
    "rounds": "rounds played (parameter: the round track's length is not printed)",
    "round_cards": "Medical cards per round-track space (parameter; the book: round 3 -> 3)",
    "round_patients": "patients per round under RH-ROUND-PATIENTS=own-row (parameter)",
    "medical_deck": "the Medical deck's stand-in texts (cards.py; printed counts per kind)",
    "patient_deck": "the Patient cards' stand-in values (cards.py; 109 cards)",
    "setup_draw": "Game Setup 8: cards drawn (10)",
    "setup_keep": "Game Setup 8: cards kept (5)",
    "start_qoc": "Game Setup 2: quality of care start (6)",
    "start_production": "Game Setup 4: diagnosis/healing/research/staff production start (1)",
    "credit_counters": "Game Setup 4: the credit track's two counters (5, 10; RH-CREDIT-START)",
    "hospital_spaces": "Hospital Board: patient spaces (4)",
    "sell_credits": "Action Phase 3: credits for a discarded card or research (3)",
    "qoc_max": "last space of the quality of care track (parameter)",
    "prestige_max": "last space of the prestige track (parameter)",
    "production_max": "last space of the resource production tracks (parameter)",
    "credit_max": "last space of the credit production track (parameter)",
    "first_player": "Game Setup 5: -1 random, or a fixed seat",
}
