"""One command's games and work limits, parsed and validated once (by the CLI) and
handed to engines and tasks whole: a :class:`Scenario` (which game, config, readings,
player and seed) and a :class:`Budget` (how much work).

Both are frozen values of plain fields, so they pickle to a worker and name the same
games there; the game itself is looked up by id where it is needed (a ``GameSpec`` holds
functions, which do not travel).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hhh_verify.contract.spec import GameSpec

#: Readings as ``(ambiguity id, option)`` pairs, in the order they were chosen.
Readings = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Scenario:
    """The set-up every game of one command shares.

    ``game``
        A registered game id.
    ``preset``, ``overrides``
        A config preset (``""``: the game's default) and ``KEY=VALUE`` overrides, as
        given (they name the config in messages and replay command lines).
    ``readings``
        ``(ambiguity id, option)`` pairs played in place of their defaults (the
        ``--decisions`` file's, then ``--interpret``'s; one pair per id).
    ``policy``, ``seed``
        The decision policy's name and the master seed (game ``i`` has its own seed
        derived from it).
    ``settings``
        The validated config of ``preset`` and ``overrides`` when :meth:`parse` built
        it (``None``: built from them where needed). Not an argument: a copy with
        another preset (``dataclasses.replace``) builds its own.
    """

    game: str
    preset: str = ""
    overrides: tuple[str, ...] = ()
    readings: Readings = ()
    policy: str = "random"
    seed: int = 0
    settings: Any = field(default=None, init=False, compare=False, repr=False)

    @classmethod
    def parse(
        cls,
        spec: GameSpec,
        preset: str = "",
        overrides: Sequence[str] = (),
        readings: Readings = (),
        policy: str = "random",
        seed: int = 0,
    ) -> Scenario:
        """The scenario of ``spec``'s game, validated once: the readings against the
        game's ambiguities, then the config (each a ``ModelError`` naming what is
        accepted); the config is kept."""
        spec.ambiguities.with_readings(dict(readings))
        settings = spec.config(preset, tuple(overrides))
        scenario = cls(spec.id, preset, tuple(overrides), tuple(readings), policy, seed)
        object.__setattr__(scenario, "settings", settings)
        return scenario

    def config(self, spec: GameSpec) -> Any:
        """The validated config (``ModelError`` for a bad preset or override)."""
        if self.settings is not None:
            return self.settings
        return spec.config(self.preset, self.overrides)

    def model(self, spec: GameSpec, choices: Mapping[str, str] | None = None) -> Any:
        """The model under the scenario's readings, and ``choices`` over them."""
        chosen = {**dict(self.readings), **(choices or {})}
        return spec.make_model(self.config(spec), spec.ambiguities.with_readings(chosen))

    def flags(self) -> tuple[tuple[str, Any], ...]:
        """The command-line options that name this scenario's game, config and readings
        (for a replay command line)."""
        return (
            ("--game", self.game),
            ("--config", self.preset),
            ("--set", self.overrides),
            ("--interpret", tuple(f"{k}={v}" for k, v in self.readings)),
        )


@dataclass(frozen=True)
class Budget:
    """The work limits a command sets (``None``: the engine's own default). What decides
    a result is a count of work (games, states, steps, nodes, Z3 units, examples);
    ``max_seconds`` is only a safety net.

    ``games``, ``max_games``, ``until_width``
        Games (or paired games) to play; the most a search or a widening plays; the
        95% interval width to play paired games until.
    ``max_states``, ``within_rounds``
        Explorer states to store; rounds to expand.
    ``max_steps``
        Steps after which a playout is cut.
    ``max_nodes``, ``beam``, ``samples``
        The best-first search's positions, beam and chance draws per action.
    ``rlimit``
        Z3 resource units.
    ``examples``
        Hypothesis examples.
    ``max_seconds``
        The time safety net.
    """

    games: int | None = None
    max_games: int | None = None
    until_width: float | None = None
    max_states: int | None = None
    within_rounds: int | None = None
    max_steps: int | None = None
    max_nodes: int | None = None
    beam: int | None = None
    samples: int | None = None
    rlimit: int | None = None
    examples: int | None = None
    max_seconds: float | None = None
