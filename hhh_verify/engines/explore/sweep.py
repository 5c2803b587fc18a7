"""Invariants explored under every reading, as a ``check`` engine.

Some rule interactions only happen under one reading of one ambiguity, on a
configuration built so that rare rules meet (HHH: an Intern on an Emergency Room patient
whose cubes join a Waiting Room patient, with little money). A property that names such a
preset in ``Property.sweep`` is checked there by the explorer under the default reading
and under every other option of every ambiguity, one at a time. The state budget per
reading follows the profile (``thorough``: every state); the result row names the first
reading that breaks the invariant and carries its witness trace.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from .. import results as ck
from . import analysis as an
from .explorer import ExplorationError, explore, split_properties

#: States per reading by profile (None: the whole preset).
BUDGET: dict[str, int | None] = {"quick": 400, "ci": 1500, "thorough": None}


def readings(ambiguities: Any) -> list[tuple[str, ...]]:
    """The default reading, then every other option of every ambiguity, one at a time."""
    out: list[tuple[str, ...]] = [()]
    for a in ambiguities:
        out += [(f"{a.id}={o}",) for o in a.option_ids if o != a.default]
    return out


class SweepEngine:
    """``check``'s explorer on each declared sweep preset under every reading."""

    name = "sweep"

    def __init__(self, spec: Any = None):
        self.spec = spec

    def supports(self, prop: Any) -> bool:
        return (
            self.spec is not None
            and prop.kind == "invariant"
            and getattr(prop, "sweep", None) is not None
        )

    def run(
        self, model: Any, ambiguities: Any, properties: Sequence[Any], options: Any
    ) -> list[Any]:
        budget = BUDGET.get(options.profile, BUDGET["ci"])
        results = []
        by_preset: dict[str, list[Any]] = {}
        for p in properties:
            by_preset.setdefault(p.sweep, []).append(p)
        for preset, props in by_preset.items():
            t0 = time.perf_counter()
            first: dict[str, tuple[str, Any]] = {}
            runs, states, error = 0, 0, ""
            for reading in readings(self.spec.ambiguities):
                m = self.spec.model(preset, (), reading)
                checks = split_properties(props, m)
                try:
                    exp = explore(m, checks.invariants, {}, steps=checks.steps, max_states=budget)
                except ExplorationError as e:
                    error = f"under {' '.join(reading) or 'the default reading'}: {e}"
                    break
                runs, states = runs + 1, states + exp.n_states
                for pid in checks.invariant_ids():
                    if pid in first:
                        continue
                    path = exp.first_violation(pid)
                    if path is not None:
                        where = " ".join(reading) or "the default reading"
                        msg = exp.messages.get(pid, "step check failed")
                        trace = an.path_trace(
                            m, path, self.spec.ambiguities, property=pid, engine=self.name
                        )
                        first[pid] = (f"under {where}: {msg}", trace)
            seconds = time.perf_counter() - t0
            details = {"preset": preset, "readings": runs, "states": states, "budget": budget}
            for p in props:
                common = ck.result_fields(p, model.game, f"{self.name}:{preset}", seconds=seconds)
                if error:
                    results.append(ck.CheckResult(status=ck.ERROR, message=error, **common))
                elif p.id in first:
                    msg, trace = first[p.id]
                    results.append(
                        ck.CheckResult(
                            status=ck.VIOLATED, message=msg, trace=trace, details=details, **common
                        )
                    )
                else:
                    results.append(
                        ck.CheckResult(status=ck.HOLDS_STATUS, details=details, **common)
                    )
        return results
