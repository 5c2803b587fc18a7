"""Everything a rule needs besides the state: numbers from the config, readings from the
interpretation, and the dice engine. Built once per model so rules stay lean."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.interpretations import Interpretation

from . import readings as R
from .components import (
    COLOUR_NAMES,
    MATRON_NURSES,
    SPECIALISTS,
    WARDS,
)
from .config import DHConfig
from .dice import ExactDice


@dataclass
class Ctx:
    """Derived constants and chosen readings for one (config, interpretation) pair."""

    config: DHConfig
    interp: Interpretation
    dice: Any = field(default_factory=ExactDice)

    def __post_init__(self) -> None:
        c, i = self.config, self.interp.choice
        self.P = c.players
        self.C = c.colours
        self.W = len(WARDS)
        self.S = len(SPECIALISTS)
        self.solo = i(R.SOLO.ID)
        if self.P == 1 and self.solo == R.SOLO.NO_SOLO:
            raise ModelError(
                "players=1 is not a game the aid describes; choose a solo reading with "
                "--interpret DH-SOLO=free-pick or DH-SOLO=first-player-bar"
            )
        per_player = i(R.AMBULANCE_COUNT.ID) == R.AMBULANCE_COUNT.PLAYERS
        self.ambulances = self.P if per_player and self.P > 1 else self.P + 1
        self.amb_value = i(R.AMBULANCE_VALUE.ID)
        self.extra_reveal = i(R.EXTRA_REVEAL.ID) if self.P == 2 else "none"
        self.capacity = c.capacity if i(R.CAPACITY.ID) == R.CAPACITY.BOARD_LIMIT else None
        self.evict = i(R.EVICT_WHO.ID)
        self.mortuary_returns = i(R.MORTUARY_DICE.ID) == R.MORTUARY_DICE.RETURN
        self.recycle_when_short = i(R.SUPPLY_SHORT.ID) == R.SUPPLY_SHORT.RECYCLE_MORTUARY
        self.expansion_discard = i(R.EXPANSION_DISCARD.ID)
        self.past_6 = i(R.PAST_6.ID)
        self.over_12 = i(R.OVER_12.ID)
        self.empty_bonus = i(R.EMPTY_HOSPITAL.ID)
        self.superbug_2 = i(R.SUPERBUG_2.ID)
        self.blood_marks = i(R.BLOOD_TREATED.ID) == R.BLOOD_TREATED.MARKS_TREATED
        self.tint_round = i(R.RECOLOUR.ID) == R.RECOLOUR.ROUND
        self.effect_optional = i(R.SPECIALIST_OPTIONAL.ID) == R.SPECIALIST_OPTIONAL.OPTIONAL
        self.epidemic_faces = (
            (2, 3, 4, 5)
            if i(R.EPIDEMIC_ROLL.ID) == R.EPIDEMIC_ROLL.TWO_TO_FIVE
            else (1, 2, 3, 4, 5, 6)
        )
        self.crisis_random = i(R.CRISIS_COLOURS.ID) == R.CRISIS_COLOURS.RANDOM
        self.tie_shared = i(R.TIE_REMAINS.ID) == R.TIE_REMAINS.SHARED
        self.final_tokens = i(R.FINAL_TOKENS.ID)
        self.arrival_mark = 1 if i(R.ARRIVAL_NEGLECT.ID) == R.ARRIVAL_NEGLECT.ARRIVALS_EXEMPT else 0
        self.every_meeple = i(R.PLACEMENT_OPTIONAL.ID) == R.PLACEMENT_OPTIONAL.EVERY_MEEPLE
        self.dealt = i(R.AMBULANCE_FILL.ID) == R.AMBULANCE_FILL.DEALT
        self.last_seat = i(R.LAST_PLAYER.ID) == R.LAST_PLAYER.LAST_SEAT
        self.matron_nurses = MATRON_NURSES
        self.amb_dice = c.ambulance_dice

    def colour(self, k: int) -> str:
        return COLOUR_NAMES[k]
