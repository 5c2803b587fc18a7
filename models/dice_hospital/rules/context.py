"""Everything a rule needs besides the state: numbers from the config, readings from the
interpretation, and the dice engine. Built once per model so rules stay lean."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.interpretations import Readings

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
    interp: Readings
    dice: Any = field(default_factory=ExactDice)

    def __post_init__(self) -> None:
        c, reads, reading = self.config, self.interp.reads, self.interp.reading
        self.P = c.players
        self.C = c.colours
        self.W = len(WARDS)
        self.S = len(SPECIALISTS)
        self.solo = reading(R.SOLO)
        if self.P == 1 and self.solo == R.SOLO.NO_SOLO:
            raise ModelError(
                "players=1 is not a game the aid describes; choose a solo reading with "
                "--interpret DH-SOLO=free-pick or DH-SOLO=first-player-bar"
            )
        per_player = reads(R.AMBULANCE_COUNT.PLAYERS)
        self.ambulances = self.P if per_player and self.P > 1 else self.P + 1
        self.amb_value = reading(R.AMBULANCE_VALUE)
        self.extra_reveal = reading(R.EXTRA_REVEAL) if self.P == 2 else "none"
        self.capacity = c.capacity if reads(R.CAPACITY.BOARD_LIMIT) else None
        self.evict = reading(R.EVICT_WHO)
        self.mortuary_returns = reads(R.MORTUARY_DICE.RETURN)
        self.recycle_when_short = reads(R.SUPPLY_SHORT.RECYCLE_MORTUARY)
        self.expansion_discard = reading(R.EXPANSION_DISCARD)
        self.past_6 = reading(R.PAST_6)
        self.over_12 = reading(R.OVER_12)
        self.empty_bonus = reading(R.EMPTY_HOSPITAL)
        self.superbug_2 = reading(R.SUPERBUG_2)
        self.blood_marks = reads(R.BLOOD_TREATED.MARKS_TREATED)
        self.tint_round = reads(R.RECOLOUR.ROUND)
        self.effect_optional = reads(R.SPECIALIST_OPTIONAL.OPTIONAL)
        self.epidemic_faces = (
            (2, 3, 4, 5) if reads(R.EPIDEMIC_ROLL.TWO_TO_FIVE) else (1, 2, 3, 4, 5, 6)
        )
        self.crisis_random = reads(R.CRISIS_COLOURS.RANDOM)
        self.tie_shared = reads(R.TIE_REMAINS.SHARED)
        self.final_tokens = reading(R.FINAL_TOKENS)
        self.arrival_mark = 1 if reads(R.ARRIVAL_NEGLECT.ARRIVALS_EXEMPT) else 0
        self.every_meeple = reads(R.PLACEMENT_OPTIONAL.EVERY_MEEPLE)
        self.dealt = reads(R.AMBULANCE_FILL.DEALT)
        self.last_seat = reads(R.LAST_PLAYER.LAST_SEAT)
        self.nurse_again = reads(R.NURSE_MOVES.AGAIN)
        self.group_six_out = reads(R.GROUP_SIX.EXCLUDED)
        self.tile_waits = reads(R.NEW_TILE.NEXT_ROUND)
        self.untaken_stay = reads(R.UNTAKEN_DICE.STAY)
        self.lounge_in = reads(R.LOUNGE.IN_HOSPITAL)
        self.matron_nurses = MATRON_NURSES
        self.amb_dice = c.ambulance_dice

    def colour(self, k: int) -> str:
        return COLOUR_NAMES[k]
