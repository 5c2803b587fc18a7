"""Differential playouts (``diverge``'s search on the real game) count games: a machine
100 times busier finds the same witness in the same game, and a time safety net that
fires says "incomplete", never "not material" (the explorer's product search has its
own case in ``test_budgets_engines.py``)."""

from __future__ import annotations

from typing import Any

import pytest
import toy_model
from clocks import busy, expired

from hhh_verify.contract.scenario import Scenario
from hhh_verify.engines import diverge as dv

#: A safety net no run on this machine reaches unless the clock is made to jump.
NET = 3600.0
PLAYOUTS_ONLY = dv.Search(max_games=50, max_seconds=NET, explorer=False)


def pair() -> tuple[Any, Any]:
    return toy_model.toy(("TOY-BLACK=bust",)), toy_model.toy(("TOY-BLACK=penalty",))


def summary(r: dv.DifferentialSearch) -> tuple[Any, ...]:
    w = r.witness
    path = None if w is None else [type(a).__name__ for a, _ in w.path]
    return r.games, r.steps, r.rejected, r.reason, r.game_index, path


def test_differential_search_is_the_same_on_a_busy_machine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calm = summary(dv.differential_search(*pair(), seed=1, max_games=50, max_seconds=NET))
    assert calm[4] is not None  # a witness, found in a known game
    busy(monkeypatch, 100.0)
    assert summary(dv.differential_search(*pair(), seed=1, max_games=50, max_seconds=NET)) == calm


def test_differential_search_cut_by_the_clock_has_no_verdict(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    expired(monkeypatch)
    r = dv.differential_search(*pair(), seed=1, max_games=50, max_seconds=NET)
    assert r.witness is None and r.reason.startswith(dv.SAFETY_NET)


def test_diverge_by_playouts_cut_by_the_clock_is_incomplete(
    toy_registry: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The readings differ (a witness without the cut); cut, the answer is open
    (``material`` None, "incomplete"), never False."""
    found = dv.diverge(toy_model.SPEC, Scenario("toy"), "TOY-BLACK", (), PLAYOUTS_ONLY)
    assert found.material is True
    expired(monkeypatch)
    cut = dv.diverge(toy_model.SPEC, Scenario("toy"), "TOY-BLACK", (), PLAYOUTS_ONLY)
    assert cut.material is None and cut.note.startswith("incomplete: time safety net")
