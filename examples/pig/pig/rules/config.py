"""Pig's configuration: the target score and the die, with the presets the engines use."""

from __future__ import annotations

from dataclasses import dataclass

from hhh_verify.contract.errors import ModelError


@dataclass(frozen=True, slots=True)
class PigConfig:
    """One game of Pig. ``full`` is the rulebook's game; the smaller targets let the
    explorer enumerate every position in moments."""

    players: int = 2
    target: int = 30
    sides: int = 6

    def __post_init__(self) -> None:
        if self.players != 2:
            raise ModelError(f"Pig is for two players; got players={self.players}")
        if not 2 <= self.target <= 100:
            raise ModelError(f"target must be in 2..100; got {self.target}")
        if not 2 <= self.sides <= 20:
            raise ModelError(f"sides must be in 2..20; got {self.sides}")


PRESETS = {
    "full": PigConfig(),
    "small": PigConfig(target=10),
    "tiny": PigConfig(target=4, sides=3),
}

CONFIG_DOCS = {
    "players": "two players, as the rulebook says (the only value accepted)",
    "target": "the score that wins (the rulebook: 30; small 10, tiny 4)",
    "sides": "faces of the die, 1..sides (the rulebook: six; tiny 3)",
}
