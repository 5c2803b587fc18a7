"""Z3 as a ``check`` engine: runs the game's quick PropertyKind.SMT queries (``in_check``) on the
checked model and reports them as :class:`~hhh_verify.engines.results.CheckResult` rows.

What it runs comes from the game's declared encoding (``GameSpec.smt``); a game without
one gets "no Z3 encoding of this game" rows, never a comparison with its id.

Each query spends its own budget of Z3 resource units (``SmtQuery.rlimit``), so its
answer does not depend on how busy the machine is; a time safety net that fires makes
the row ``inconclusive`` (incomplete), never another verdict.
"""

from __future__ import annotations

from typing import Any

from hhh_verify.contract.interpretations import AmbiguityRegistry
from hhh_verify.contract.model import Model
from hhh_verify.contract.properties import Property, SmtClaim
from hhh_verify.contract.spec import GameSpec
from hhh_verify.contract.vocab import EngineStatus, SmtMethod
from hhh_verify.engines import results as check_results
from hhh_verify.smt.queries import run_query

#: The time safety net per query inside ``check`` (seconds; the units decide).
CHECK_SAFETY_SECONDS = 300.0


class Z3Engine:
    """The ``z3`` engine of ``check``; it supports ``smt`` properties."""

    name = "z3"

    def __init__(
        self,
        spec: GameSpec | None = None,
        rlimit: int | None = None,
        seconds: float = CHECK_SAFETY_SECONDS,
    ):
        self.spec = spec
        self.rlimit = rlimit  # None: each query's own units
        self.seconds = seconds

    def supports(self, prop: Property) -> bool:
        return isinstance(prop, SmtClaim)

    def _reduced(self, support: Any) -> str | None:
        """The preset a query falls back to when the checked config is not encoded exactly."""
        assert self.spec is not None  # a support exists only for a spec
        return support.reduced_preset or self.spec.reduced_preset

    def run(
        self, model: Model, ambiguities: AmbiguityRegistry, properties: Any, options: Any
    ) -> list[Any]:
        support = self.spec.load_smt() if self.spec is not None and self.spec.smt else None
        results = []
        for p in properties:
            common = check_results.result_fields(p, model.game, self.name)
            if support is None:
                results.append(
                    check_results.CheckResult(
                        status=EngineStatus.SKIPPED,
                        seconds=0.0,
                        message="no Z3 encoding of this game",
                        **common,
                    )
                )
                continue
            assert self.spec is not None  # a support exists only for a spec
            q = support.get(p.id)
            target, reduced = model, self._reduced(support)
            if q.preset is None and support.uncovered(model):
                msg = f"not encoded: {', '.join(support.uncovered(model))} (the encoding's ENCODED)"
                results.append(
                    check_results.CheckResult(
                        status=EngineStatus.SKIPPED, seconds=0.0, message=msg, **common
                    )
                )
                continue
            if q.preset is None and not support.encoding(model).exact and reduced:
                # Like the explorer in `check`: prove it on the reduced preset under the
                # same readings (the full game's answers are `hhh-verify query`'s job).
                target = self.spec.make_model(self.spec.presets[reduced], model.readings)
                common["engine"] = f"{self.name}:{reduced}"
            if q.preset is None and not support.encoding(target).exact:
                msg = (
                    "this config has rules outside the Z3 encoding (proofs would not cover "
                    "them); run `hhh-verify query` for the full-game answers"
                )
                results.append(
                    check_results.CheckResult(
                        status=EngineStatus.SKIPPED, seconds=0.0, message=msg, **common
                    )
                )
                continue
            row = run_query(
                self.spec,
                support,
                q,
                self.rlimit,
                self.seconds,
                model=target if q.preset is None else None,
            )
            status = {True: EngineStatus.HOLDS, False: EngineStatus.VIOLATED}.get(
                row["ok"], EngineStatus.HOLDS
            )
            msg = f"{row['answer']} (expected {q.expected or 'open'}): {row.get('proof', '')}"
            if row["method"] == SmtMethod.INCOMPLETE:
                status = EngineStatus.INCONCLUSIVE
            elif row["ok"] is None:
                msg = "undecided: " + msg
            keys = ("answer", "method", "bound", "exact", "replays", "budget", "rlimit_spent")
            details = {k: row.get(k) for k in keys}
            results.append(
                check_results.CheckResult(
                    status=status,
                    seconds=row["seconds"],
                    message=msg,
                    trace=row.get("trace"),
                    details=details,
                    **common,
                )
            )
        return results
