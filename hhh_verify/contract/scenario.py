"""One command's games: which game, which config, which readings, which player, which
seed, parsed and validated once (by the CLI) and handed to engines and tasks whole.

A frozen value of plain fields, so it pickles to a worker and names the same games
there; the game itself is looked up by id where it is needed (a ``GameSpec`` holds
functions, which do not travel).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hhh_verify.contract.spec import GameSpec


@dataclass(frozen=True)
class Scenario:
    """The set-up every game of one command shares.

    ``game``
        A registered game id.
    ``preset``, ``overrides``
        A config preset (``""``: the game's default) and ``KEY=VALUE`` overrides.
    ``readings``
        ``(ambiguity id, option)`` pairs played in place of their defaults (the
        ``--decisions`` file's, then ``--interpret``'s; one pair per id).
    ``policy``, ``seed``
        The decision policy's name and the master seed (game ``i`` has its own seed
        derived from it).
    """

    game: str
    preset: str = ""
    overrides: tuple[str, ...] = ()
    readings: tuple[tuple[str, str], ...] = ()
    policy: str = "random"
    seed: int = 0

    def config(self, spec: GameSpec) -> Any:
        """The validated config (``ModelError`` for a bad preset or override)."""
        return spec.config(self.preset, self.overrides)

    def model(self, spec: GameSpec, choices: Mapping[str, str] | None = None) -> Any:
        """The model under the scenario's readings, and ``choices`` over them."""
        chosen = {**dict(self.readings), **(choices or {})}
        return spec.make_model(self.config(spec), spec.ambiguities.with_choices(chosen))

    def interpret(self) -> tuple[str, ...]:
        """The readings as ``--interpret`` values (``ID=OPTION``)."""
        return tuple(f"{k}={v}" for k, v in self.readings)
