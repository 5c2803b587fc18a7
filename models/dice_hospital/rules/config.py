"""Dice Hospital configuration: players, component counts, variants, presets.

Numbers the aid prints are constants in ``components`` (8 rounds, health 3/4/5, the
discharge table, ...). The numbers it leaves out are the *parameters* below, each with
its default and where the default comes from; readings of unclear sentences are
ambiguities (``ambiguities.py``), not config values.

``full`` is the real game for two players (the two-player extra reveal applies);
``--set players=3`` / ``4`` seats more. ``tiny`` and ``small`` keep every phase of
a round (admission with ties and the first-player bar, the draft, activation with a
multi-step ward and a specialist, neglect, the mortuary, discharge scoring, the end of
game) with one or two colours, one die per ambulance and one or two rounds, so the
explorer can enumerate them to the end.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from hhh_verify.contract.errors import ModelError

from .components import (
    ADMINISTRATORS,
    ANY,
    COLOUR_NAMES,
    CRISIS_HEALTH,
    EXPERIMENTAL_SPECIALISTS,
    EXPERIMENTAL_WARDS,
    ROUNDS,
    SPECIALISTS,
    START_HEALTH,
    WARDS,
)

#: Publisher's dice count (not in the aid): 21 per colour, 3 fewer per colour for each
#: seat below four.
DICE_PER_COLOUR_4P = 21
DICE_FEWER_PER_SEAT = 3
#: The most components of one kind a deck or board count may hold (the aid prints at
#: most 6 of a kind; reduced presets use up to 12).
MAX_PER_KIND = 16


@dataclass(frozen=True)
class DHConfig:
    """All numbers of one Dice Hospital game. Validated on construction (``ModelError``).

    Fields marked *parameter* are not printed in the aid; the comment says where the
    default comes from.
    """

    players: int = 2  # 1..4 (1 needs a solo reading: DH-SOLO)
    colours: int = 3  # parameter: dice colours (publisher: red, yellow, green)
    dice_per_colour: int = -1  # parameter: -1 = 21 per colour, 3 fewer per seat below 4
    rounds: int = ROUNDS  # "na koniec 8. rundy"
    start_health: tuple[int, ...] = START_HEALTH  # "na 3, 4 i 5" (reduced presets: fewer)
    crisis_health: tuple[int, ...] = CRISIS_HEALTH  # crisis start: "3, 3, 4, 5, 5"
    ambulance_dice: int = 3  # parameter: dice per ambulance (publisher: three)
    capacity: int = 12  # parameter: patients a hospital holds (the table's rows stop at 12)
    nurses: int = 3  # parameter: white meeples per player (publisher: three)
    start_blood: int = 0  # parameter: blood bags at the start (the aid gives none)
    board_wards: tuple[int, ...] = (2, 1, 0, 0, 0, 0, 0, 0)  # parameter: printed wards per kind
    ward_deck: tuple[int, ...] = (0, 4, 3, 3, 3, 3, 4, 4)  # parameter: ward tiles per kind (24)
    specialist_deck: tuple[int, ...] = (6, 4, 4, 4, 6)  # parameter: specialists per kind (24)
    admin_deck: tuple[int, ...] = (2, 2, 2, 2)  # parameter: administrators per kind (8)
    market_wards: int = -1  # parameter: wards revealed a round; -1 = max(1, players - 1)
    market_specialists: int = -1  # parameter: specialists revealed a round; -1 = as above
    experimental_wards: tuple[int, ...] = (1, 1, 1, 1, 1, 1, 1, 1)  # variant: the 8 extra wards
    experimental_specialists: tuple[int, ...] = (3, 2, 2, 2, 3)  # variant: the 12 extras
    # Variants ("Warianty"), all off in the standard game
    variant_crisis: bool = False  # Kryzys na początek: start with 3, 3, 4, 5, 5
    variant_epidemic: bool = False  # Narodowa epidemia: an extra die with each ambulance
    variant_superbug: bool = False  # Odporny superrobak: neglect costs 2
    variant_experimental: bool = False  # Medycyna eksperymentalna: 8 wards, 12 specialists more

    def __post_init__(self) -> None:
        def bad(msg: str) -> ModelError:
            return ModelError(f"invalid Dice Hospital config: {msg}")

        checks = [
            ("players", 1, 4),
            ("colours", 1, len(COLOUR_NAMES)),
            ("dice_per_colour", -1, 60),
            ("rounds", 1, ROUNDS),
            ("ambulance_dice", 1, 4),
            ("capacity", 1, 20),
            ("nurses", 0, 6),
            ("start_blood", 0, 10),
            ("market_wards", -1, 6),
            ("market_specialists", -1, 6),
        ]
        for name, lo, hi in checks:
            v = getattr(self, name)
            if not lo <= v <= hi:
                raise bad(f"{name}={v}; accepted: {lo}..{hi}")
        for name in ("start_health", "crisis_health"):
            values = getattr(self, name)
            if not 1 <= len(values) <= 6 or not all(2 <= v <= 5 for v in values):
                raise bad(f"{name}={values}; accepted: 1 to 6 values in 2..5")
            if list(values) != sorted(values):
                raise bad(f"{name}={values} must be sorted")
        for name, kinds, size in (
            ("board_wards", WARDS, None),
            ("ward_deck", WARDS, None),
            ("experimental_wards", WARDS, EXPERIMENTAL_WARDS),
            ("specialist_deck", SPECIALISTS, None),
            ("experimental_specialists", SPECIALISTS, EXPERIMENTAL_SPECIALISTS),
            ("admin_deck", ADMINISTRATORS, None),
        ):
            counts = getattr(self, name)
            names = ", ".join(k if isinstance(k, str) else k.name for k in kinds)
            if len(counts) != len(kinds) or not all(0 <= n <= MAX_PER_KIND for n in counts):
                raise bad(f"{name} needs {len(kinds)} counts in 0..{MAX_PER_KIND} (order: {names})")
            if size is not None and sum(counts) != size:
                raise bad(f"{name} must hold {size} components (the aid's number)")
        for name in ("board_wards", "ward_deck", "experimental_wards"):
            for kind, n in enumerate(getattr(self, name)):
                if n and WARDS[kind].colour != ANY and WARDS[kind].colour >= self.colours:
                    raise bad(f"{name} has a {WARDS[kind].name} but only {self.colours} colours")
        for name in ("specialist_deck", "experimental_specialists"):
            for kind, n in enumerate(getattr(self, name)):
                if n and SPECIALISTS[kind].colour >= self.colours:
                    raise bad(
                        f"{name} has a {SPECIALISTS[kind].name} but only {self.colours} colours"
                    )
        if sum(self.admin_deck) < 2 * self.players:
            raise bad(f"admin_deck holds {sum(self.admin_deck)} cards; each player draws 2")
        if self.market_size < self.players:
            raise bad("fewer wards and specialists revealed a round than players")
        extra = 1 if self.players == 2 else 0  # the two-player extra reveal(s)
        if sum(self.wards_in_deck) < self.rounds * (self.wards_revealed + 2 * extra):
            raise bad(f"ward_deck holds too few tiles for {self.rounds} rounds")
        if sum(self.specialists_in_deck) < self.rounds * (self.specialists_revealed + 2 * extra):
            raise bad(f"specialist_deck holds too few cards for {self.rounds} rounds")
        start = self.start_patients
        if self.capacity < max(start, self.ambulance_dice + (1 if self.variant_epidemic else 0)):
            raise bad(f"capacity={self.capacity} cannot hold a starting hand or an ambulance")
        need = self.players * start + (self.players + 1) * self.ambulance_dice
        if self.dice_each * self.colours < need:
            raise bad(f"{self.dice_each * self.colours} dice; setup and one round need {need}")

    # Derived numbers (functions, not stored) -------------------------------------------
    @property
    def dice_each(self) -> int:
        """Dice per colour in the supply (publisher's count unless set)."""
        if self.dice_per_colour >= 0:
            return self.dice_per_colour
        return DICE_PER_COLOUR_4P - DICE_FEWER_PER_SEAT * (4 - self.players)

    @property
    def start_patients(self) -> int:
        return len(self.crisis_health if self.variant_crisis else self.start_health)

    @property
    def wards_revealed(self) -> int:
        return self.market_wards if self.market_wards >= 0 else max(1, self.players - 1)

    @property
    def specialists_revealed(self) -> int:
        if self.market_specialists >= 0:
            return self.market_specialists
        return max(1, self.players - 1)

    @property
    def market_size(self) -> int:
        return self.wards_revealed + self.specialists_revealed

    @property
    def wards_in_deck(self) -> tuple[int, ...]:
        extra = self.experimental_wards if self.variant_experimental else (0,) * len(WARDS)
        return tuple(a + b for a, b in zip(self.ward_deck, extra))

    @property
    def specialists_in_deck(self) -> tuple[int, ...]:
        extra = (
            self.experimental_specialists if self.variant_experimental else (0,) * len(SPECIALISTS)
        )
        return tuple(a + b for a, b in zip(self.specialist_deck, extra))


FULL = DHConfig()

# A reduced game the explorer enumerates in about two seconds: one colour, one round,
# one starting patient (health 4), one die per ambulance, a one-bed hospital (so each
# admission sends the patient already there to the mortuary), one nurse, a pharmacy
# (2 steps) printed on the board, surgeries (3 steps) and assistants to draft, plain
# administrators. A discharge, the empty-hospital bonus, the mortuary, a blood bag,
# the trade of a tile, a specialist's effect and a tie on points are all reachable.
TINY = DHConfig(
    players=2,
    colours=1,
    dice_per_colour=6,
    rounds=1,
    start_health=(4,),
    ambulance_dice=1,
    capacity=1,
    nurses=1,
    board_wards=(0, 1, 0, 0, 0, 0, 0, 0),
    ward_deck=(0, 0, 3, 0, 0, 0, 0, 0),
    specialist_deck=(3, 0, 0, 0, 0),
    admin_deck=(4, 0, 0, 0),
    market_wards=1,
    market_specialists=1,
    experimental_wards=(0, 0, 8, 0, 0, 0, 0, 0),
    experimental_specialists=(12, 0, 0, 0, 0),
)

# About a minute of exhaustive exploration: two colours (tied dice arranged by the last
# player, colour-bound cards, blood-bag colour changes): a red clinic and a red doctor.
SMALL = replace(
    TINY,
    colours=2,
    ward_deck=(0, 0, 0, 3, 0, 0, 0, 0),
    specialist_deck=(0, 3, 0, 0, 0),
    experimental_wards=(0, 0, 0, 8, 0, 0, 0, 0),
    experimental_specialists=(0, 12, 0, 0, 0),
)

PRESETS = {"full": FULL, "small": SMALL, "tiny": TINY}
