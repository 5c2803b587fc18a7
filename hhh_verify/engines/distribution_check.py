"""The model contract's law of chance on the checked config, as a ``check`` engine.

The stateful engine plays a game that samples (``sample_step``) without ever asking
``step`` for its exact distribution, and on a full game the explorer never runs: a bug in
the exact law (a negative composed probability, a total other than 1, a successor the
sampler produces and ``step`` does not) would pass ``check``. This engine plays seeded
games of the checked config with ``sample_step`` and, the first time it meets each kind
of step (the action's class and the state's phase, when it has one), asks ``step`` for
the exact distribution and checks it: positive ``Fraction`` s summing to 1, the sampled
successor among its outcomes, and the model's point probability (when it has one) equal
to the exact one. How much it may enumerate is a count of exact outcomes per profile
(so the kinds it checks are the same on a busy machine); the row says how many kinds it
checked. A time safety net that fires makes the row inconclusive (incomplete).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from hhh_verify.contract.interpretations import AmbiguityRegistry
from hhh_verify.contract.model import Model, outcome_probability, round_of, sampler
from hhh_verify.contract.outcomes import distribution_problem
from hhh_verify.contract.properties import Invariant, Property
from hhh_verify.contract.vocab import EngineStatus, ExpectedResult, PropertyKind
from hhh_verify.engines.results import CheckOptions, CheckResult

#: The result row's property id (the engine's own check, like ``model-contract``).
DISTRIBUTIONS_ID = "model-distributions"
#: Exact outcomes enumerated (summed over the ``step`` distributions asked) per profile;
#: the full HHH game meets its 31 kinds of step within 30,000.
BUDGET = {"quick": 10_000, "ci": 100_000, "thorough": 2_000_000}
#: Time safety net per profile (seconds; the counts decide).
SAFETY_SECONDS = {"quick": 120.0, "ci": 300.0, "thorough": 3600.0}
MAX_STEPS = 20_000
#: The ``reason`` of a walk the safety net cut.
CUT = "time safety net"


def step_kind(model: Model, s: Any, a: Any) -> tuple[str, Any]:
    """What counts as one kind of step: the action's class and the state's phase."""
    return type(a).__name__, getattr(s, "phase", None)


def check_distributions(
    model: Model, seed: int, budget: int, safety_seconds: float | None = None
) -> tuple[str, dict[str, Any]]:
    """Play seeded games; validate ``step`` once per kind of step met, until ``budget``
    exact outcomes were enumerated or :data:`MAX_STEPS` steps played. Returns the first
    problem ("" when none) and what was checked (``reason`` :data:`CUT` when the safety
    net of ``safety_seconds`` stopped the walk first)."""
    rng = random.Random(seed)
    seen: set[tuple[str, Any]] = set()
    spent, steps, games = 0, 0, 0
    draw = sampler(model)
    s = model.initial_state()
    start = time.perf_counter()
    reason = "steps played"
    while steps < MAX_STEPS:
        if spent >= budget:
            reason = "outcome budget spent"
            break
        if safety_seconds is not None and time.perf_counter() - start > safety_seconds:
            reason = CUT
            break
        if model.outcome(s) is not None:
            games += 1
            s = model.initial_state()
            continue
        legal = model.legal_actions(s)
        a = legal[rng.randrange(len(legal))]
        key = step_kind(model, s, a)
        if key not in seen:
            seen.add(key)
            dist = model.step(s, a)
            spent += len(dist)
            problem = distribution_problem(dist)
            if not problem and draw is not None:
                t = draw(s, a, rng)
                exact = dict(dist)
                if t not in exact:
                    problem = "sample_step gave a successor that step does not have"
                elif outcome_probability(model, s, a, t) != exact[t]:
                    problem = "the point probability differs from step's"
            else:
                t = dist[0][0]
            if problem:
                rnd = round_of(model, s)
                where = f"step({a!r})" + ("" if rnd is None else f" in round {rnd}")
                return f"{where}: {problem}", {"kinds": len(seen), "steps": steps}
        else:
            t = draw(s, a, rng) if draw is not None else model.step(s, a)[0][0]
        s = t
        steps += 1
    return "", {
        "kinds": len(seen),
        "steps": steps,
        "games": games,
        "outcomes": spent,
        "reason": reason,
    }


class DistributionEngine:
    """Validates the exact law of every kind of step met on the checked config."""

    name = "distributions"

    def supports(self, prop: Property) -> bool:
        return isinstance(prop, Invariant)  # runs once for any game with invariants

    def run(
        self,
        model: Model,
        ambiguities: AmbiguityRegistry,
        properties: Sequence[Property],
        options: CheckOptions,
    ) -> list[CheckResult]:
        t0 = time.perf_counter()
        budget = BUDGET.get(options.profile, BUDGET["ci"])
        safety = SAFETY_SECONDS.get(options.profile, SAFETY_SECONDS["ci"])
        try:
            problem, details = check_distributions(model, options.seed, budget, safety)
            status = EngineStatus.VIOLATED if problem else EngineStatus.HOLDS
            if not problem and details["reason"] == CUT:
                status = EngineStatus.INCONCLUSIVE
                problem = f"time safety net ({safety:g} s) fired: incomplete"
        except Exception as e:  # the model raised while stepping
            problem, details, status = f"{type(e).__name__}: {e}", {}, EngineStatus.ERROR
        return [
            CheckResult(
                property=DISTRIBUTIONS_ID,
                game=model.game,
                engine=self.name,
                kind=PropertyKind.INVARIANT,
                expected=ExpectedResult.HOLDS,
                status=status,
                seconds=time.perf_counter() - t0,
                message=problem,
                citation="model contract: step is an exact distribution; sampling follows it",
                details=details,
            )
        ]
