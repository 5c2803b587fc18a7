"""Invariants explored under every reading, as a ``check`` engine.

Some rule interactions only happen under one reading of one ambiguity, on a
configuration built so that rare rules meet (HHH: an Intern on an Emergency Room patient
whose cubes join a Waiting Room patient, with little money). A property that names such a
preset in ``Property.sweep`` is checked there by the explorer under the default reading
and under every other option of every ambiguity, one at a time; then (``ci`` and
``thorough``) under the option pairs the game declares as touching the same rule
(``PromiseBook.pairs``), and under every option with each variant flag of the config
(``variant_*``) switched on, where readings meet variants. An option whose explored graph
is the default's says so in the row ("cannot differ on this preset"), instead of passing
silently. The result row names the first run that breaks the invariant and carries its
witness trace.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.interpretations import AmbiguityRegistry
from hhh_verify.contract.model import Model
from hhh_verify.contract.properties import Invariant, Property
from hhh_verify.contract.spec import GameSpec
from hhh_verify.contract.vocab import EngineStatus
from hhh_verify.engines import results as check_results
from hhh_verify.engines.explore import analysis
from hhh_verify.engines.explore.explorer import ExplorationError, explore, split_properties
from hhh_verify.engines.results import CheckOptions, CheckResult

#: States per single reading by profile (None: the whole preset).
BUDGET: dict[str, int | None] = {"quick": 400, "ci": 1500, "thorough": None}
#: States per option pair and per option under a variant (0: not run).
COMBINED_BUDGET: dict[str, int | None] = {"quick": 0, "ci": 300, "thorough": None}


def readings(ambiguities: AmbiguityRegistry) -> list[tuple[str, ...]]:
    """The default reading, then every other option of every ambiguity, one at a time."""
    out: list[tuple[str, ...]] = [()]
    for a in ambiguities:
        out += [(f"{a.id}={o}",) for o in a.option_ids if o != a.default]
    return out


def variant_flags(config: Any) -> list[str]:
    """The config's variant switches that are off in ``config`` (``variant_*`` booleans)."""
    return [
        f.name
        for f in dataclasses.fields(config)
        if f.name.startswith("variant_") and getattr(config, f.name) is False
    ]


@dataclass(frozen=True)
class Run:
    """One exploration of the sweep: config overrides, readings, state budget."""

    overrides: tuple[str, ...]
    reading: tuple[str, ...]
    budget: int | None

    def label(self) -> str:
        parts = [*self.reading, *(f"--set {o}" for o in self.overrides)]
        return " ".join(parts) or "the default reading"


def runs(spec: GameSpec, preset: str, profile: str) -> list[Run]:
    """Every exploration of one preset's sweep, single readings first."""
    single = BUDGET.get(profile, BUDGET["ci"])
    combined = COMBINED_BUDGET.get(profile, COMBINED_BUDGET["ci"])
    out = [Run((), r, single) for r in readings(spec.ambiguities)]
    if combined == 0:
        return out
    book = spec.promises() if spec.promises is not None else None
    out += [Run((), tuple(pair), combined) for pair in (book.pairs if book else ())]
    for flag in variant_flags(spec.presets[preset]):
        out += [Run((f"{flag}=true",), r, combined) for r in readings(spec.ambiguities)]
    return out


def fingerprint(exp: Any) -> int:
    """The explored graph (states in order, edges, probabilities) as one number."""
    return hash(
        (
            tuple(exp.index),
            bytes(exp.kind),
            exp.edge_succ.tobytes(),
            exp.edge_action.tobytes(),
            tuple(exp.probs),
        )
    )


class SweepEngine:
    """``check``'s explorer on each declared sweep preset under every reading."""

    name = "sweep"

    def __init__(self, spec: GameSpec | None = None):
        self.spec = spec

    def supports(self, prop: Property) -> bool:
        return self.spec is not None and isinstance(prop, Invariant) and prop.sweep is not None

    def run(
        self,
        model: Model,
        ambiguities: AmbiguityRegistry,
        properties: Sequence[Property],
        options: CheckOptions,
    ) -> list[CheckResult]:
        results = []
        by_preset: dict[str, list[Property]] = {}
        for p in properties:
            if isinstance(p, Invariant) and p.sweep is not None:  # supports() admits only these
                by_preset.setdefault(p.sweep, []).append(p)
        for preset, props in by_preset.items():
            results += self._sweep(model, preset, props, options.profile)
        return results

    def _sweep(
        self, model: Model, preset: str, props: list[Property], profile: str
    ) -> list[CheckResult]:
        assert self.spec is not None  # supports() admits nothing without a spec
        t0 = time.perf_counter()
        first: dict[str, tuple[str, Any]] = {}
        done, states, error, skipped = 0, 0, "", 0
        baseline: dict[tuple[str, ...], int] = {}
        inert: list[str] = []
        for run in runs(self.spec, preset, profile):
            try:
                m = self.spec.model(preset, run.overrides, run.reading)
            except ModelError:
                skipped += 1  # a variant this preset cannot take
                continue
            checks = split_properties(props, m)
            try:
                exp = explore(m, checks.invariants, {}, steps=checks.steps, max_states=run.budget)
            except ExplorationError as e:
                error = f"under {run.label()}: {e}"
                break
            done, states = done + 1, states + exp.n_states
            graph = fingerprint(exp)
            if not run.reading:
                baseline[run.overrides] = graph
            elif len(run.reading) == 1 and not run.overrides and baseline.get(()) == graph:
                inert.append(run.label())
            for pid in checks.invariant_ids():
                path = None if pid in first else exp.first_violation(pid)
                if path is not None:
                    msg = exp.messages.get(pid, "step check failed")
                    trace = analysis.path_trace(
                        m, path, self.spec.ambiguities, property=pid, engine=self.name
                    )
                    first[pid] = (f"under {run.label()}: {msg}", trace)
        details = {
            "preset": preset,
            "readings": done,
            "states": states,
            "budget": BUDGET.get(profile, BUDGET["ci"]),
            "combined_budget": COMBINED_BUDGET.get(profile, COMBINED_BUDGET["ci"]),
            "not_applicable": skipped,
            "cannot_differ": inert,
        }
        note = (
            f"{len(inert)} option(s) explore the default's graph on {preset} (cannot differ "
            f"there within the budget): {', '.join(inert)}"
            if inert
            else ""
        )
        seconds = time.perf_counter() - t0
        out = []
        for p in props:
            common = check_results.result_fields(
                p, model.game, f"{self.name}:{preset}", seconds=seconds
            )
            if error:
                out.append(
                    check_results.CheckResult(status=EngineStatus.ERROR, message=error, **common)
                )
            elif p.id in first:
                msg, trace = first[p.id]
                out.append(
                    check_results.CheckResult(
                        status=EngineStatus.VIOLATED,
                        message=msg,
                        trace=trace,
                        details=details,
                        **common,
                    )
                )
            else:
                out.append(
                    check_results.CheckResult(
                        status=EngineStatus.HOLDS, message=note, details=details, **common
                    )
                )
        return out
