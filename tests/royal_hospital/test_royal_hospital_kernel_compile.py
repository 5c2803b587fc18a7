"""The functions a Royal Hospital game step runs compile without reference counting
(``kernel/jit.py``): a plain ``@njit`` among them would bring back an atomic update per
array argument of every call, once three quarters of a game's time
(docs/royal-hospital.md). Only the declared drivers, which allocate, count."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import Any

from numba import njit

from hhh_verify.kernel.map import compiled_functions
from hhh_verify.models.royal_hospital.kernel.jit import driver, rule

KERNEL = "hhh_verify.models.royal_hospital.kernel"
#: the modules whose functions a game step runs (play: the step, its drivers around it)
STEP_MODULES = frozenset({"board", "legal", "rewards", "rng", "rules", "play"})
DRIVERS = frozenset(
    {"rules.deaths", "play.result", "play.play_games", "play.play_paired", "play.play_until_parted"}
)


def dispatchers() -> dict[str, Any]:
    out = {}
    for name in compiled_functions(KERNEL):
        module, _, fn = name.partition(".")
        out[name] = getattr(import_module(f"{KERNEL}.{module}"), fn)
    return out


def misplaced(found: Mapping[str, Any]) -> list[str]:
    """Step functions that count references though not declared drivers, and declared
    drivers that do not."""
    return sorted(
        name
        for name, f in found.items()
        if name.partition(".")[0] in STEP_MODULES
        and f.targetoptions.get("_nrt", True) != (name in DRIVERS)
    )


def test_step_functions_count_no_references() -> None:
    found = dispatchers()
    assert DRIVERS <= set(found)
    assert misplaced(found) == []


def test_a_plain_njit_step_function_is_reported() -> None:
    """Planted: a rule compiled with Numba's defaults, a rule marked as a driver, and a
    declared driver compiled as a rule."""
    found = dispatchers()
    found["rules.plain"] = njit(lambda x: x)
    found["legal.legal"] = driver(lambda x: x)
    found["play.play_games"] = rule(lambda x: x)
    assert misplaced(found) == ["legal.legal", "play.play_games", "rules.plain"]
