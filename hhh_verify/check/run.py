"""`check` orchestration: every registered property through every engine that can run it.

:func:`engines` lists the engines explicitly, each set up from the game's
:class:`~hhh_verify.contract.model.GameSpec` (its search order, reduced preset and Z3 encoding);
a new engine is one more line there. Results are :class:`CheckResult` rows
(:mod:`hhh_verify.engines.results`), decided into one verdict per property by
:mod:`hhh_verify.check.verdicts`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hhh_verify.check.verdicts import Verdict
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.interpretations import AmbiguityRegistry
from hhh_verify.contract.model import Model
from hhh_verify.contract.properties import Property, PropertyRegistry, is_kernel_agreement
from hhh_verify.contract.registry import get_game
from hhh_verify.contract.spec import GameSpec
from hhh_verify.contract.vocab import EngineId, VerdictKind
from hhh_verify.engines.distribution_check import DistributionEngine
from hhh_verify.engines.explore.check import ReducedExplorerEngine
from hhh_verify.engines.explore.sweep import SweepEngine
from hhh_verify.engines.fact_check import FactEngine
from hhh_verify.engines.kernel_check import KernelEngine
from hhh_verify.engines.results import CheckOptions, CheckResult, Engine
from hhh_verify.engines.search_check import SearchEngine
from hhh_verify.engines.smt_check import Z3Engine
from hhh_verify.engines.stateful_check import StatefulEngine

__all__ = [
    "CheckOptions",
    "CheckResult",
    "StatefulEngine",
    "check_model",
    "engine",
    "engines",
    "junit_xml",
]


#: The explorer's time safety net in ``check`` (its state budget decides): Royal Hospital's
#: reduced preset takes ~90 s alone and passed the explorer's own 600 s at load 12 with a
#: low CPU share (its holds became "undecided"), so ``check`` allows an hour.
EXPLORE_SAFETY_SECONDS = 3600.0


#: Every engine ``check`` runs, in order, by id: each is set up from the game's spec (a
#: new engine is one more line here).
ENGINES: dict[EngineId, Callable[[GameSpec | None], Engine]] = {
    EngineId.FACTS: lambda spec: _Facts(),
    EngineId.STATEFUL: StatefulEngine,
    EngineId.DISTRIBUTIONS: lambda spec: DistributionEngine(),
    EngineId.EXPLORE: lambda spec: ReducedExplorerEngine(spec, max_seconds=EXPLORE_SAFETY_SECONDS),
    EngineId.SWEEP: SweepEngine,
    EngineId.Z3: Z3Engine,
    EngineId.SEARCH: SearchEngine,
    EngineId.KERNEL: KernelEngine,
}


def engines(spec: GameSpec | None = None) -> tuple[Engine, ...]:
    """Every engine ``check`` runs on ``spec``'s game, in order (:data:`ENGINES`).

    Without a spec (a model outside the registry, in tests) the engines run with no
    game knowledge: no search order, the checked model explored as it is, no Z3. The
    search engine takes the goals marked hard to reach, on the checked model.
    """
    return tuple(make(spec) for make in ENGINES.values())


def engine(spec: GameSpec | None, engine_id: EngineId) -> Engine:
    """The engine ``engine_id`` of ``check``, set up for ``spec``'s game."""
    return ENGINES[engine_id](spec)


class _Facts(FactEngine):
    """The facts engine without the kernel-agreement facts (the kernel engine runs those,
    with its profile's budget; the facts stay a few seconds' check)."""

    def supports(self, prop: Property) -> bool:
        return super().supports(prop) and not is_kernel_agreement(prop)


def spec_of(model: Model) -> GameSpec | None:
    """The registered game of ``model``, or None for a model outside the registry."""
    try:
        return get_game(model.game)
    except ModelError:
        return None


def check_model(
    model: Model,
    ambiguities: AmbiguityRegistry,
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


def junit_xml(verdicts: Sequence[Verdict]) -> str:
    """The verdicts as a JUnit XML document: one testsuite per game, one testcase per
    property (every engine's result in its text)."""
    import xml.etree.ElementTree as ET

    root = ET.Element("testsuites", name="hhh-verify check")
    games: dict[str, list[Verdict]] = {}
    for v in verdicts:
        games.setdefault(v.game, []).append(v)
    for game, rows in games.items():
        suite = ET.SubElement(
            root,
            "testsuite",
            name=game,
            tests=str(len(rows)),
            failures=str(sum(1 for v in rows if v.fails and v.verdict is not VerdictKind.ERROR)),
            errors=str(sum(1 for v in rows if v.verdict is VerdictKind.ERROR)),
            skipped=str(sum(1 for v in rows if v.verdict is VerdictKind.SKIPPED)),
        )
        for v in rows:
            case = ET.SubElement(
                suite,
                "testcase",
                classname=game,
                name=v.property,
                time=f"{max(r.seconds for r in v.rows):.3f}",
            )
            head = f"expected {v.expected}: {v.verdict.label} ({v.summary()})"
            lines = [head] + [
                f"{r.engine}: {r.status}"
                + (f" - {r.message}" if r.message else "")
                + (f" (trace: {r.trace_file})" if r.trace_file else "")
                for r in v.rows
            ]
            text = "\n".join(lines)
            if v.verdict is VerdictKind.SKIPPED:
                ET.SubElement(case, "skipped", message=head)
            elif v.verdict is VerdictKind.ERROR:
                ET.SubElement(case, "error", message=head).text = text
            elif v.fails:
                ET.SubElement(case, "failure", message=head).text = text
            ET.SubElement(case, "system-out").text = text
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"
