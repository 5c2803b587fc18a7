"""Everything a rule needs besides the state: numbers from the config, readings from the
interpretation, and the dice engine. Built once per model so rules stay lean."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hhh_verify.interpretations import Interpretation
from hhh_verify.model import ModelError

from .components import COLOUR_NAMES, MATRON_NURSES, SPECIALISTS, WARDS
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
        self.solo = i("DH-SOLO")
        if self.P == 1 and self.solo == "no-solo":
            raise ModelError(
                "players=1 is not a game the aid describes; choose a solo reading with "
                "--interpret DH-SOLO=free-pick or DH-SOLO=first-player-bar"
            )
        per_player = i("DH-AMBULANCE-COUNT") == "players"
        self.ambulances = self.P if per_player and self.P > 1 else self.P + 1
        self.amb_value = i("DH-AMBULANCE-VALUE")
        self.extra_reveal = i("DH-EXTRA-REVEAL") if self.P == 2 else "none"
        self.capacity = c.capacity if i("DH-CAPACITY") == "board-limit" else None
        self.evict = i("DH-EVICT-WHO")
        self.mortuary_returns = i("DH-MORTUARY-DICE") == "return"
        self.recycle_when_short = i("DH-SUPPLY-SHORT") == "recycle-mortuary"
        self.expansion_discard = i("DH-EXPANSION-DISCARD")
        self.past_6 = i("DH-PAST-6")
        self.over_12 = i("DH-OVER-12")
        self.empty_bonus = i("DH-EMPTY-HOSPITAL")
        self.superbug_2 = i("DH-SUPERBUG-2")
        self.blood_marks = i("DH-BLOOD-TREATED") == "marks-treated"
        self.tint_round = i("DH-RECOLOUR") == "round"
        self.effect_optional = i("DH-SPECIALIST-OPTIONAL") == "optional"
        self.epidemic_faces = (
            (2, 3, 4, 5) if i("DH-EPIDEMIC-ROLL") == "two-to-five" else (1, 2, 3, 4, 5, 6)
        )
        self.crisis_random = i("DH-CRISIS-COLOURS") == "random"
        self.tie_shared = i("DH-TIE-REMAINS") == "shared"
        self.final_tokens = i("DH-FINAL-TOKENS")
        self.arrival_mark = 1 if i("DH-ARRIVAL-NEGLECT") == "arrivals-exempt" else 0
        self.every_meeple = i("DH-PLACEMENT-OPTIONAL") == "every-meeple"
        self.dealt = i("DH-AMBULANCE-FILL") == "dealt"
        self.last_seat = i("DH-LAST-PLAYER") == "last-seat"
        self.matron_nurses = MATRON_NURSES
        self.amb_dice = c.ambulance_dice

    def colour(self, k: int) -> str:
        return COLOUR_NAMES[k]
