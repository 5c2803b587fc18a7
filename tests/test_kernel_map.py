"""Every compiled kernel function names the reference function it mirrors (or why it
mirrors none): ``models/<game>/kernel_map.py``, for every registered game with a kernel."""

from __future__ import annotations

import dataclasses
from importlib import import_module

import pytest

from hhh_verify.contract import registry
from hhh_verify.kernel.map import KernelMap, problems

KERNEL_GAMES = [gid for gid, spec in registry.games().items() if spec.kernel is not None]


def table_of(game: str) -> KernelMap:
    package = registry.package_of(game)
    try:
        return import_module(f"{package}.kernel.map").TABLE  # type: ignore[no-any-return]
    except ModuleNotFoundError:
        pytest.fail(f"{game} has a kernel but no {package}.kernel.map (a KernelMap TABLE)")


@pytest.mark.parametrize("game", KERNEL_GAMES)
def test_every_kernel_function_names_its_reference(game: str) -> None:
    assert problems(table_of(game)) == []


def test_a_missing_or_wrong_entry_is_reported() -> None:
    """Planted: a compiled function left out, a reference that does not exist, a name
    that is no compiled function, a kernel-only entry without a reason."""
    table = table_of("hhh")
    mirrors = dict(table.mirrors)
    del mirrors["rules.settle"]
    mirrors["rules.heal_start"] = "heal:no_such_rule"
    kernel_only = dict(table.kernel_only, **{"rules.gone": "x", "chance.pick_one": " "})
    found = problems(dataclasses.replace(table, mirrors=mirrors, kernel_only=kernel_only))
    assert any(p.startswith("rules.settle: compiled, but in neither") for p in found)
    assert any(p.startswith("rules.heal_start: heal:no_such_rule does not exist") for p in found)
    assert any(p.startswith("rules.gone: named, but no compiled function") for p in found)
    assert any(p.startswith("chance.pick_one: kernel-only without a reason") for p in found)
