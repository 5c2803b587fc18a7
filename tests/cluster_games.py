"""Test-only games for the scale-out tests, registered both in the test process (a
monkeypatch) and in the test cluster's workers (``cluster_preload.py``).

``toy-broken`` is the toy game with a planted crash: ``Stop`` at a score of 1 or more
raises, so some games of a random run fail. A worker running such a game must report
the game's index and seed, and the game must fail the same way when replayed here.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import toy_model

from hhh_verify.contract import registry

PLANTED = "planted: Stop breaks at a score of 1 or more"


class BrokenToy(toy_model.ToyModel):
    """The toy game whose ``Stop`` raises once something was scored."""

    game = "toy-broken"

    def step(self, s: Any, a: Any) -> Any:
        if isinstance(a, toy_model.Stop) and s.score >= 1:
            raise RuntimeError(PLANTED)
        return super().step(s, a)


def _broken(config: Any, readings: Any) -> BrokenToy:
    return BrokenToy(config, readings)


BROKEN = dataclasses.replace(toy_model.SPEC, id="toy-broken", make_model=_broken)


def games() -> dict[str, Any]:
    """The registered games plus ``toy`` and ``toy-broken``."""
    return {**REAL(), "toy": toy_model.SPEC, "toy-broken": BROKEN}


REAL = registry.games


def install() -> None:
    """Register the test games in this process (worker side; tests use monkeypatch)."""
    registry.games = games
