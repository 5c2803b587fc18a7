"""`check` orchestration: every registered property through every engine that can run it.

:func:`engines` lists the engines explicitly, each set up from the game's
:class:`~hhh_verify.model.GameSpec` (its search order, reduced preset and Z3 encoding);
a new engine is one more line there. Results are :class:`CheckResult` rows
(:mod:`hhh_verify.engines.results`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .engines.distribution_check import DistributionEngine
from .engines.explore.check import ReducedExplorerEngine
from .engines.explore.sweep import SweepEngine
from .engines.fact_check import FactEngine
from .engines.results import (
    ERROR,
    INCONCLUSIVE,
    SKIPPED,
    CheckOptions,
    CheckResult,
    Engine,
)
from .engines.search_check import SearchEngine
from .engines.smt_check import Z3Engine
from .engines.stateful_check import StatefulEngine
from .model import GameSpec, ModelError
from .properties import PropertyRegistry
from .registry import get_game

__all__ = [
    "INCONCLUSIVE",
    "CheckOptions",
    "CheckResult",
    "StatefulEngine",
    "all_ok",
    "check_model",
    "engines",
    "junit_xml",
]


def engines(spec: GameSpec | None = None) -> tuple[Engine, ...]:
    """Every engine ``check`` runs on ``spec``'s game, in order (one line per engine).

    Without a spec (a model outside the registry, in tests) the engines run with no
    game knowledge: no search order, the checked model explored as it is, no Z3. The
    search engine takes the goals marked hard to reach, on the checked model.
    """
    return (
        FactEngine(),
        StatefulEngine(spec),
        DistributionEngine(),
        ReducedExplorerEngine(spec),
        SweepEngine(spec),
        Z3Engine(spec),
        SearchEngine(spec),
    )


def spec_of(model: Any) -> GameSpec | None:
    """The registered game of ``model``, or None for a model outside the registry."""
    try:
        return get_game(model.game)
    except ModelError:
        return None


def check_model(
    model: Any,
    ambiguities: Any,
    registry: PropertyRegistry,
    options: CheckOptions,
    engine_list: Sequence[Engine] | None = None,
) -> list[CheckResult]:
    """Run every property of ``registry`` through every engine that supports it
    (by default :func:`engines` of the model's registered game)."""
    results: list[CheckResult] = []
    for engine in engine_list if engine_list is not None else engines(spec_of(model)):
        props = [p for p in registry if engine.supports(p)]
        if props:
            results.extend(engine.run(model, ambiguities, props, options))
    return results


def all_ok(results: Sequence[CheckResult]) -> bool:
    return all(r.ok for r in results)


def junit_xml(results: Sequence[CheckResult]) -> str:
    """The results as a JUnit XML document (one testsuite per game)."""
    import xml.etree.ElementTree as ET

    root = ET.Element("testsuites", name="hhh-verify check")
    games: dict[str, list[CheckResult]] = {}
    for r in results:
        games.setdefault(r.game, []).append(r)
    for game, rows in games.items():
        suite = ET.SubElement(
            root,
            "testsuite",
            name=game,
            tests=str(len(rows)),
            failures=str(sum(1 for r in rows if not r.ok and r.status != ERROR)),
            errors=str(sum(1 for r in rows if r.status == ERROR)),
            skipped=str(sum(1 for r in rows if r.status == SKIPPED)),
        )
        for r in rows:
            case = ET.SubElement(
                suite,
                "testcase",
                classname=f"{game}.{r.engine}",
                name=r.property,
                time=f"{r.seconds:.3f}",
            )
            text = f"expected {r.expected}, got {r.status}: {r.message}"
            if r.trace_file:
                text += f"\ntrace: {r.trace_file}"
            if r.status == SKIPPED:
                ET.SubElement(case, "skipped", message=r.message)
            elif r.status == ERROR:
                ET.SubElement(case, "error", message=r.message).text = text
            elif not r.ok:
                ET.SubElement(case, "failure", message=text.splitlines()[0]).text = text
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"
