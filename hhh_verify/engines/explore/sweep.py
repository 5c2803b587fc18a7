"""Invariants explored under every reading, as a ``check`` engine.

Some rule interactions only happen under one reading of one ambiguity, on a
configuration built so that rare rules meet (HHH: an Intern on an Emergency Room patient
whose cubes join a Waiting Room patient, with little money). A property that names such a
preset in ``Property.sweep`` is checked there by the explorer under the default reading
and under every other option of every ambiguity, one at a time; then (``ci`` and
``thorough``) under EVERY pair of non-default options of two different ambiguities
(:func:`option_pairs`, no hand list), and under every option with each variant flag of
the config (``variant_*``) switched on, where readings meet variants.

An option whose promise is not in force on the preset (its ``applies`` is false there,
e.g. a solo reading on a two-seat preset) gets a *home*: the first of the preset with one
variant flag on, then the preset with another seat count (``players=1`` .. ``MAX_SEATS``),
where its promise is in force (:func:`option_homes`). The option alone and each of its
pairs are also explored on its home, so a pair whose defect needs one seat is met.

Skip rule (the only one, mechanical and sound): a pair whose model cannot be built on a
configuration (the config or the readings are refused with a ``ModelError``, e.g. a solo
reading the game rejects) is not run there: no position exists to check. Every other
pair is explored, within ``PAIR_BUDGET`` states under ``ci`` (the first states of
the preset, breadth first) and on the whole preset under ``thorough``. The row's details
count the pairs: in all, run, and skipped as refused.

An option whose explored graph is the default's says so in the row ("cannot differ
on this preset"), instead of passing silently. The result row names the first run that
breaks the invariant and carries its witness trace.
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
#: States per option under a variant (0: not run).
COMBINED_BUDGET: dict[str, int | None] = {"quick": 0, "ci": 300, "thorough": None}
#: States per option pair (0: not run): under ci the first states of the configuration
#: breadth first (a game's opening moves under both readings), under thorough all of it.
PAIR_BUDGET: dict[str, int | None] = {"quick": 0, "ci": 100, "thorough": None}
#: The most seats tried when looking for an option's home (``players=1`` .. this).
MAX_SEATS = 8


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


def option_pairs(ambiguities: AmbiguityRegistry) -> list[tuple[str, str]]:
    """Every pair ``("A=x", "B=y")`` of non-default options of two different ambiguities
    (registry order): ``n`` options of sizes ``k_i`` give ``(n^2 - sum k_i^2) / 2``."""
    singles = [r[0] for r in readings(ambiguities)[1:]]
    return [
        (a, b)
        for i, a in enumerate(singles)
        for b in singles[i + 1 :]
        if a.split("=", 1)[0] != b.split("=", 1)[0]
    ]


def _candidates(spec: GameSpec, preset: str) -> list[tuple[str, ...]]:
    """Configurations an option may need: one variant flag on, then other seat counts."""
    config = spec.presets[preset]
    out: list[tuple[str, ...]] = [(f"{flag}=true",) for flag in variant_flags(config)]
    seats = getattr(config, "players", None)
    if isinstance(seats, int):
        out += [(f"players={k}",) for k in range(1, MAX_SEATS + 1) if k != seats]
    return out


def _in_force(spec: GameSpec, preset: str, overrides: tuple[str, ...], item: str) -> bool:
    """Whether ``item``'s promise applies to the model of ``preset`` + ``overrides``
    under ``item`` (False when that model is refused)."""
    book = spec.promises() if spec.promises is not None else None
    promise = book.of(*item.split("=", 1)) if book is not None else None
    applies = getattr(promise, "applies", None)
    if applies is None:
        return True
    try:
        return bool(applies(spec.model(preset, overrides, (item,))))
    except ModelError:
        return False


def option_homes(spec: GameSpec, preset: str) -> dict[str, tuple[str, ...]]:
    """``{"A=x": overrides}`` for each non-default option whose promise is not in force on
    ``preset`` but is on a candidate configuration (the first one, :func:`_candidates`)."""
    homes: dict[str, tuple[str, ...]] = {}
    for (item,) in readings(spec.ambiguities)[1:]:
        if _in_force(spec, preset, (), item):
            continue
        home = next(
            (c for c in _candidates(spec, preset) if _in_force(spec, preset, c, item)), None
        )
        if home is not None:
            homes[item] = home
    return homes


def runs(spec: GameSpec, preset: str, profile: str) -> list[Run]:
    """Every exploration of one preset's sweep, single readings first (on the preset,
    then each option on its home), then every option pair on the preset and on the homes
    of its two options, then every option under each variant flag."""
    single = BUDGET.get(profile, BUDGET["ci"])
    combined = COMBINED_BUDGET.get(profile, COMBINED_BUDGET["ci"])
    paired = PAIR_BUDGET.get(profile, PAIR_BUDGET["ci"])
    out = [Run((), r, single) for r in readings(spec.ambiguities)]
    homes = option_homes(spec, preset)
    out += [Run(home, (item,), single) for item, home in homes.items()]
    if combined == 0:
        return out
    for a, b in option_pairs(spec.ambiguities) if paired != 0 else ():
        places = dict.fromkeys([(), homes.get(a, ()), homes.get(b, ())])
        out += [Run(place, (a, b), paired) for place in places]
    for flag in variant_flags(spec.presets[preset]):
        out += [Run((f"{flag}=true",), r, combined) for r in readings(spec.ambiguities)]
    return out


def _note(preset: str, details: dict[str, Any], inert: list[str]) -> str:
    """The row's text: the pairs covered, and the options that cannot differ."""
    text = ""
    if details["pairs"]:
        text = (
            f"every pair of non-default options of two entries: {details['pairs']} pair(s), "
            f"{details['pair_runs']} pair run(s) on {preset} and the options' homes, "
            f"{details['pair_runs_refused']} skipped as refused (a model that cannot be "
            f"built has no position to check), each within {details['pair_budget']} "
            "states (None: the whole configuration)"
        )
    if inert:
        text += (
            f"{'; ' if text else ''}{len(inert)} option(s) explore the default's graph on "
            f"{preset} (cannot differ there within the budget): {', '.join(inert)}"
        )
    return text


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
        pairs_run, pairs_refused = 0, 0
        baseline: dict[tuple[str, ...], int] = {}
        inert: list[str] = []
        for run in runs(self.spec, preset, profile):
            try:
                m = self.spec.model(preset, run.overrides, run.reading)
            except ModelError:
                skipped += 1  # a variant, seat count or pair this preset cannot take
                pairs_refused += len(run.reading) == 2
                continue
            pairs_run += len(run.reading) == 2
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
            "pair_budget": PAIR_BUDGET.get(profile, PAIR_BUDGET["ci"]),
            "not_applicable": skipped,
            "cannot_differ": inert,
            "pairs": len(option_pairs(self.spec.ambiguities)),
            "pair_runs": pairs_run,
            "pair_runs_refused": pairs_refused,
        }
        note = _note(preset, details, inert)
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
