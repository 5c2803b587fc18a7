"""The measures a report words, read from the registered games' declarations.

A report reads its numbers from JSON (``Impact.to_json``) by measure name; the wording,
unit, ranking weight and table position of each name come from the game that declares
it (``GameSpec.measures``), plus the round reached that the engines add to every game.
Two games that declare the same name declare the same measure (the seat measures are
shared building blocks), so a name is enough to find it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hhh_verify.contract import registry
from hhh_verify.contract.measures import ROUNDS, Measure


def known() -> dict[str, Measure]:
    """Every declared measure by name (the registered games' in registry order, then
    the round reached)."""
    found: dict[str, Measure] = {}
    for spec in registry.games().values():
        for name, m in spec.measures.items():
            found.setdefault(name, m)
    found.setdefault("rounds", ROUNDS)
    return found


def measure(name: str) -> Measure | None:
    """The measure ``name`` (None: no game declares it, e.g. an end reason)."""
    return known().get(name)


def weight(name: str) -> float | None:
    """The ranking weight of ``name`` (None: it never ranks an entry)."""
    m = measure(name)
    return None if m is None else m.weight


def of_report(data: Mapping[str, Any]) -> list[str]:
    """The measures a built report compares: its game's and the round reached (a report
    of no registered game: the declared measures its comparisons have)."""
    spec = registry.games().get(str(data.get("game", "")))
    if spec is not None:
        return [*spec.measures, *(["rounds"] if spec.has_rounds() else [])]
    seen = {
        name
        for e in data.get("entries", ())
        for p in e["pairs"]
        for imp in p["impact"].values()
        for name in imp["stats"]
    }
    return [name for name in known() if name in seen]
