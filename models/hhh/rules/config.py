"""Healthy Heart Hospital configuration: component counts, players, variants, presets.

``full`` is the real game (Components, Setup table). The reduced presets keep the
interesting rules (bag with black cubes, a Ward and a Waiting Room, deaths, the
Cemetery limit, money, a full Patient Phase) with fewer colours, cubes and rounds so
that the explorer can enumerate them to the end.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from hhh_verify.contract.errors import ModelError

COLOUR_NAMES = ("yellow", "gray", "green", "red", "blue")
ILLNESS_NAMES = ("Infectious Disease", "Psychiatric", "Internal Medicine", "Cardiology", "Trauma")
GRAY = 1  # Psychiatric

# Staff types (Staff Index). Index order is fixed: traces and states use it.
STAFF = (
    "Lawyer",
    "Chaplain",
    "IntakeNurse",
    "Janitor",
    "Coroner",
    "Intern",
    "Bureaucrat",
    "Manager",
    "COO",
    "CFO",
    "Cat",
)
LAWYER, CHAPLAIN, INTAKE_NURSE, JANITOR, CORONER = 0, 1, 2, 3, 4
INTERN, BUREAUCRAT, MANAGER, COO, CFO, CAT = 5, 6, 7, 8, 9, 10

# Training marker types: a bonus draw of 1 cube when healing colour c (types 0..4,
# the "Psychiatric Training marker" of the Heal example is type 1), or Re-bag 1 cube (5).
TRAINING_REBAG = 5
TRAINING_NAMES = tuple(f"bonus-{c}" for c in COLOUR_NAMES) + ("rebag",)

# Doctors (the two the rulebook describes exactly, then documented stand-ins).
DOCTORS = ("nowitz", "ura", "plain")

# Administrators: the card printed in the rulebook, or none (variant).
ADMINISTRATORS = ("cooke", "none")

# Cooke De Buchs: "Gain $2 for each cube returned."
ADMIN_BLACK_PAY = 2

# Patient Death: "If a Patient reaches an Illness level of 5 in an Infirmary Ward or
# Waiting Room, they die"; the Emergency Room takes "only Patients with an exact Illness
# level of 5" (the 5-cube patient).
DEATH_LEVEL = 5

# Setup table: players -> (Medical tokens each, Administrative tokens, starting money).
SETUP_TABLE = {2: (4, 2, 15), 3: (3, 1, 15), 4: (2, 2, 15), 5: (2, 1, 10)}


@dataclass(frozen=True)
class HHHConfig:
    """All numbers of one HHH game. Validated on construction (``ModelError``).

    Defaults are the real game (2 players). Fields marked *parameter* are not printed
    in the rulebook text (the board and most cards are pictures); each has an
    ambiguity entry or a documented reason in ``ambiguities.py``.
    """

    players: int = 2  # 2..5 (solo is played as a 2-4 player setup: Setup, "Solo play")
    colours: int = 5  # illness colours in play (Key Concepts: 5 Illnesses)
    cubes_per_colour: int = 16  # Components: 16 of each colour
    black_cubes: int = 8  # Components: 8 black
    markers_per_colour: int = 4  # Components: 30 markers = 20 coloured (4 x 5) + 10 white
    white_markers: int = 10
    waiting_rooms: int = 2  # Patient Phase 4: "both Waiting Rooms"
    waiting_spots: int = 5  # parameter: spots per colour per Waiting Room (HHH-WAITING-SPOTS)
    ward_beds: int = 4  # parameter: beds per Infirmary Ward (HHH-WARD-BEDS)
    setup_markers: int = 5  # Setup: draw 5 Patient markers into the Wards
    setup_level: int = 3  # Setup: the "3" faces the EKG icon
    setup_cubes: int = 6  # Setup: 6 cubes per Waiting Room
    arrival_cubes: int = 6  # Patient Phase 4: draw 6 cubes
    ward_draw: int = 6  # Heal: "In the Wards, you draw 6 cubes"
    ward_pay: int = 1  # Heal example: "the room shows $1"
    ward_death_cost: int = 10  # Hide The Bodies: "dies in the Infirmary Wards, lose $10"
    waiting_death_cost: int = 5  # New Patients Arrive: "dies, costing you $5"
    rounds: int = 6  # Objective: six rounds
    tombstones: int = 5  # "The Cemetery can hold up to 5 Patient markers"
    # parameter: bodies the Morgue holds on its Basic side, one more Improved; the Morgue
    # is named but never described (HHH-MORGUE=in-deck puts it in the New Room deck)
    morgue_capacity: int = 3
    room_limit: int = 6  # New Rooms: "Only 6 New Room cards can be placed during the game"
    rooms_in_deck: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6)  # New Room kinds available (7 described)
    starting_room: int = -1  # -1: players choose (Setup); otherwise that room kind
    starting_money: int = -1  # -1: from the setup table
    staff_pool: tuple[int, ...] = (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2)  # per STAFF type (12 markers)
    staff_spaces: int = 10  # Setup: 12 markers, 2 returned unseen -> 10 spaces
    staff_per_round: int = 2  # Housekeeping: flip the 2 Staff markers below the round marker
    staff_cost: int = 5  # Hire Staff: Pay $5
    office_spaces: int = (
        10  # parameter: Staff spaces in the Office (not printed; 10 = every marker fits)
    )
    medical_per_player: int = -1  # -1: from the setup table; reduced presets use fewer
    admin_per_round: int = -1  # -1: from the setup table
    # parameter: Training markers per type (bonus draw per colour, then Re-bag). The kinds
    # are not printed; the 18 of Components (HHH-TRAINING-COUNT) as 2 per colour + 8 Re-bag.
    training_pool: tuple[int, ...] = (2, 2, 2, 2, 2, 8)
    training_face_up: int = 4  # Setup: reveal 4 random Training markers
    research_cards: int = 20  # Components: 20 Research cards (parameterised deck)
    doctors: tuple[str, ...] = (
        "nowitz",
        "ura",
    )  # one per player (Setup: each player takes 1 Doctor)
    administrator: str = "cooke"  # the Administrator card (Setup); "none" = variant 6
    ward_abilities: bool = True  # parameter: tokens on the Wards (effects not printed)
    # Variants (rulebook "Variants"), all off in the standard game
    variant_improved_start: bool = False  # start with $0, first room Improved
    variant_two_rooms: bool = False  # 2 starting rooms, game ends after 5 rounds
    variant_fewer_markers: bool = False  # 1 fewer Patient marker of each colour
    variant_fewer_cubes: bool = False  # 2 fewer cubes of each non-black colour
    variant_one_staff: bool = False  # reveal 1 Staff per round
    variant_no_admin: bool = False  # play without an Administrator
    variant_no_abilities: bool = False  # no Ward abilities; Visit draws = empty beds

    def __post_init__(self) -> None:
        def bad(msg: str) -> ModelError:
            return ModelError(f"invalid HHH config: {msg}")

        if self.players not in SETUP_TABLE:
            raise bad(
                f"players={self.players}; accepted: 2, 3, 4, 5 (solo plays a 2-4 player setup)"
            )
        if not 1 <= self.colours <= 5:
            raise bad(f"colours={self.colours}; accepted: 1..5")
        if len(self.doctors) != self.players:
            raise bad(
                f"doctors lists {len(self.doctors)} doctors for {self.players} players; give one per player"
            )
        for d in self.doctors:
            if d not in DOCTORS:
                raise bad(f"unknown doctor {d!r}; accepted: {', '.join(DOCTORS)}")
        if self.administrator not in ADMINISTRATORS:
            raise bad(
                f"administrator={self.administrator!r}; accepted: {', '.join(ADMINISTRATORS)}"
            )
        if len(self.staff_pool) != len(STAFF) or not all(0 <= n <= 12 for n in self.staff_pool):
            raise bad(f"staff_pool needs {len(STAFF)} counts in 0..12 (order: {', '.join(STAFF)})")
        training = self.training_pool
        if len(training) != len(TRAINING_NAMES) or not all(0 <= n <= 40 for n in training):
            raise bad(
                f"training_pool needs {len(TRAINING_NAMES)} counts in 0..40 (order: {', '.join(TRAINING_NAMES)})"
            )
        for k in self.rooms_in_deck:
            if not (0 <= k < self.colours or k in (5, 6)):
                raise bad(
                    f"rooms_in_deck has {k}; accepted: treatment rooms 0..{self.colours - 1}, 5 (ER), 6 (Blood Bank)"
                )
        if len(set(self.rooms_in_deck)) != len(self.rooms_in_deck):
            raise bad("rooms_in_deck lists a room twice")
        if self.starting_room != -1 and self.starting_room not in self.rooms_in_deck:
            raise bad(f"starting_room={self.starting_room} is not in rooms_in_deck")
        checks = [
            ("cubes_per_colour", 1, 64),
            ("black_cubes", 0, 32),
            ("markers_per_colour", 1, 8),
            ("white_markers", 0, 20),
            ("waiting_rooms", 1, 2),
            ("waiting_spots", 2, 8),
            ("ward_beds", 1, 8),
            ("setup_markers", 0, 40),
            ("setup_level", 1, 4),
            ("setup_cubes", 0, 12),
            ("arrival_cubes", 1, 12),
            ("ward_draw", 1, 12),
            # prices: never negative, and small enough that money stays within what the
            # kernel's int64 and the explorer's packed money slot hold
            ("ward_pay", 0, 50),
            ("ward_death_cost", 0, 50),
            ("waiting_death_cost", 0, 50),
            ("staff_cost", 0, 50),
            ("rounds", 1, 6),
            ("tombstones", 0, 10),
            ("morgue_capacity", 0, 5),
            ("room_limit", 1, 8),
            ("staff_spaces", 0, 12),
            ("staff_per_round", 0, 12),
            ("office_spaces", 0, 12),
            ("training_face_up", 0, 6),
            ("research_cards", 0, 40),
            ("starting_money", -1, 199),
            ("starting_room", -1, 6),
            ("medical_per_player", -1, 6),
            ("admin_per_round", -1, 4),
        ]
        for name, lo, hi in checks:
            v = getattr(self, name)
            if not lo <= v <= hi:
                raise bad(f"{name}={v}; accepted: {lo}..{hi}")
        if self.setup_markers > self.colours * min(self.markers_per_colour, self.ward_beds):
            raise bad("setup_markers exceeds the markers/beds available")
        # the fewer-markers variant leaves one marker fewer of each colour to draw
        left = self.markers_per_colour - (1 if self.variant_fewer_markers else 0)
        if self.setup_markers > self.colours * min(left, self.ward_beds):
            raise bad(
                f"setup_markers={self.setup_markers} exceeds the {self.colours * left} "
                "markers the fewer-markers variant leaves"
            )
        if not self.rooms_in_deck:
            raise bad("rooms_in_deck is empty; the New Room deck needs at least 1 room")
        if self.staff_spaces > sum(self.staff_pool):
            raise bad("staff_spaces exceeds the Staff markers in staff_pool")
        if self.variant_fewer_cubes and self.cubes_per_colour < 3:
            raise bad("variant_fewer_cubes needs cubes_per_colour >= 3")
        if self.variant_fewer_markers and self.markers_per_colour < 2:
            raise bad("variant_fewer_markers needs markers_per_colour >= 2")
        if self.variant_two_rooms and (len(self.rooms_in_deck) < 2 or self.room_limit < 2):
            # "Begin the game with 2 New Rooms instead of 1": two rooms must exist and fit
            raise bad("variant_two_rooms needs 2+ rooms in rooms_in_deck and room_limit >= 2")

    # Derived numbers (functions, not stored) -----------------------------------------
    @property
    def medical_tokens(self) -> int:
        if self.medical_per_player >= 0:
            return self.medical_per_player
        return SETUP_TABLE[self.players][0]

    @property
    def table_admin_tokens(self) -> int:
        """Administrative tokens the setup table (or ``admin_per_round``) deals."""
        if self.admin_per_round >= 0:
            return self.admin_per_round
        return SETUP_TABLE[self.players][1]

    @property
    def admin_tokens(self) -> int:
        """Administrative tokens on the Administrator card; none without one (the model
        reads the no-Administrator case through HHH-NO-ADMIN-TOKENS: ``Ctx.admin_tokens``)."""
        return 0 if self.no_admin else self.table_admin_tokens

    @property
    def no_admin(self) -> bool:
        return self.variant_no_admin or self.administrator == "none"

    @property
    def money_at_start(self) -> int:
        if self.variant_improved_start:
            return 0
        return SETUP_TABLE[self.players][2] if self.starting_money < 0 else self.starting_money

    @property
    def last_round(self) -> int:
        return min(self.rounds, 5) if self.variant_two_rooms else self.rounds

    @property
    def cubes_each(self) -> int:
        return self.cubes_per_colour - (2 if self.variant_fewer_cubes else 0)

    @property
    def markers_each(self) -> int:
        return self.markers_per_colour - (1 if self.variant_fewer_markers else 0)

    @property
    def reveal_per_round(self) -> int:
        return 1 if self.variant_one_staff else self.staff_per_round


FULL = HHHConfig()

# A reduced game the explorer enumerates in about a second (~6k states): one colour, one
# Waiting Room, a 5-cube bag with a black cube, one Treatment Room, a one-place Cemetery,
# two rounds, two Medical tokens each. Both losses are reachable: a Treatment Room death
# ($12) bankrupts, a Ward death ($3 here) fills the Cemetery so the next body means arrest.
TINY = HHHConfig(
    players=2,
    colours=1,
    cubes_per_colour=4,
    black_cubes=1,
    markers_per_colour=2,
    white_markers=2,
    waiting_rooms=1,
    waiting_spots=3,
    ward_beds=2,
    setup_markers=1,
    setup_cubes=2,
    arrival_cubes=2,
    ward_draw=2,
    ward_death_cost=3,
    rounds=2,
    tombstones=1,
    rooms_in_deck=(0,),
    starting_room=0,
    room_limit=2,
    staff_pool=(0,) * 11,
    staff_spaces=0,
    training_pool=(0,) * 6,
    training_face_up=0,
    research_cards=0,
    doctors=("plain", "plain"),
    administrator="none",
    ward_abilities=False,
    starting_money=4,
    medical_per_player=2,
)

# About a minute of exhaustive exploration (~350k states): two colours, a Treatment Room
# and an Emergency Room to install; both losses reachable as in ``tiny``.
SMALL = replace(TINY, colours=2, cubes_per_colour=3, black_cubes=1, rooms_in_deck=(0, 5))

# Too large for the reference explorer, explored exhaustively inside the compiled kernel
# (``explore --engine kernel``; about a minute of CPU on one core, ~1.2 GB): ``small`` with
# a third round and 4 cubes of each colour. 16,970,911 states (tests/hhh/test_hhh_kernel_explore.py).
MEDIUM = replace(SMALL, rounds=3, cubes_per_colour=4)

# The compiled explorer past one process (docs/scaling.md): ``medium`` with a 5th cube of
# each colour, the next step a 2-worker Dask run on this 2-core, 23 GB machine can hold
# (a 4th round multiplies the states by about 20, past its memory). Longer draws, more
# Heal bonuses and later bankruptcies than ``medium``. 23,341,053 states, 5.1 GiB at the
# peak per worker of two (docs/scaling.md).
LARGE = replace(MEDIUM, cubes_per_colour=5)

# Every Staff member in play at once, the Emergency Room from the start, one colour (so
# every Waiting Room patient shares it) and $5: the place where rule interactions meet
# (an Intern on an ER patient whose cubes join a Waiting Room patient and kill it, with
# the money it costs). Two Waiting Rooms and 9 cubes so both an ER patient and a 3-4 cube
# Waiting Room patient exist in round 2; all 11 Staff revealed at once (one reveal
# outcome); one Administrative token a round (Cooke De Buchs). The explorer enumerates
# it (~14k states, every loss kind reachable) under every reading one at a time
# (tests/hhh/test_hhh_interactions.py).
INTERACTIONS = replace(
    TINY,
    colours=1,
    cubes_per_colour=9,
    black_cubes=1,
    waiting_rooms=2,
    waiting_spots=5,
    ward_beds=1,
    setup_markers=1,
    setup_cubes=4,
    arrival_cubes=1,
    tombstones=1,
    rooms_in_deck=(5,),
    starting_room=5,
    room_limit=1,
    staff_pool=(1,) * 11,
    staff_spaces=11,
    staff_per_round=11,
    starting_money=5,
    medical_per_player=1,
    admin_per_round=1,
    administrator="cooke",
    ward_abilities=True,
)

PRESETS = {
    "full": FULL,
    "medium": MEDIUM,
    "large": LARGE,
    "small": SMALL,
    "tiny": TINY,
    "interactions": INTERACTIONS,
}
