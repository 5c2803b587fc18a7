"""A TEST-ONLY option written once, in the reference model only: HHH-MONEY-CAP gets a
third option, ``test-only``, under which healing pays twice what the table says (a
monkeypatched reference rule, :func:`heal.draw_count`). Neither the kernel nor the Z3
encoding has code for it, and neither declares it (``COMPILED``, ``ENCODED``), so every
command must run it on the reference model (with one ``note:`` line) or answer "not
encoded". :func:`install` puts it in the installed ``hhh`` game for one test."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from hhh_verify.contract import registry
from hhh_verify.contract.interpretations import AmbiguityRegistry, Option
from hhh_verify.contract.spec import GameSpec

AMB, OPTION = "HHH-MONEY-CAP", "test-only"
ITEM = f"{AMB}={OPTION}"
NOTE = f"note: {ITEM} is not compiled; this run uses the reference model"


def _registry(spec: GameSpec) -> AmbiguityRegistry:
    extra = Option(OPTION, "test only: healing pays twice (reference code alone)")
    return AmbiguityRegistry(
        replace(a, options=(*a.options, extra)) if a.id == AMB else a for a in spec.ambiguities
    )


def install(monkeypatch: pytest.MonkeyPatch, declared: bool = False) -> GameSpec:
    """The ``hhh`` game with the test-only option, for this test. ``declared``: the
    kernel also (wrongly) declares it compiled (the planted declaration)."""
    from hhh_verify.models.hhh.rules import heal

    spec = registry.get_game("hhh")
    patched = replace(spec, ambiguities=_registry(spec))
    if declared:
        compiled = spec.kernel_coverage()
        assert compiled is not None
        wrong = replace(compiled, options=compiled.options | {(AMB, OPTION)})
        patched = replace(patched, compiled=lambda: wrong)
    installed = tuple((patched if s.id == "hhh" else s, p) for s, p in registry._installed())
    monkeypatch.setattr(registry, "_installed", lambda: installed)
    original = heal.draw_count

    def pays_twice(ctx: Any, s: Any, place: Any, colour: Any) -> Any:
        n, pay = original(ctx, s, place, colour)
        return (n, 2 * pay) if ctx.interp.reading_of(AMB) == OPTION else (n, pay)

    monkeypatch.setattr(heal, "draw_count", pays_twice)
    return patched


def notes(output: str) -> list[str]:
    """The ``note:`` lines of a command's output."""
    return [line for line in output.splitlines() if line.startswith("note:")]
