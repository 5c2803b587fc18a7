"""What the rules need besides the position, built once per model: the config's numbers
and the chosen reading (the one place the rules read ``PIG-MID-TURN-WIN``)."""

from __future__ import annotations

from dataclasses import dataclass

from hhh_verify.contract.interpretations import Readings

from . import readings as R
from .config import PigConfig


@dataclass(frozen=True)
class Ctx:
    """The rule context of one (config, interpretation) pair."""

    players: int
    target: int
    sides: int
    #: PIG-MID-TURN-WIN=at-once: reaching the target mid-turn ends the game.
    wins_at_once: bool

    @classmethod
    def of(cls, config: PigConfig, readings: Readings) -> Ctx:
        """The context of ``config`` read through ``interpretation``."""
        at_once = readings.reads(R.MID_TURN_WIN.AT_ONCE)
        return cls(config.players, config.target, config.sides, at_once)
