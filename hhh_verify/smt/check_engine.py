"""Z3 as a ``check`` engine: runs the game's quick SMT queries (``in_check``) on the
checked model and reports them as :class:`hhh_verify.checking.CheckResult` rows."""

from __future__ import annotations

from typing import Any

CHECK_TIMEOUT = 10.0  # seconds per query inside `check` (CI budget)
REDUCED = "tiny"  # the preset a query falls back to when the checked config is not encoded exactly


class Z3Engine:
    """Add ``Z3Engine()`` to ``checking.engines()``; it supports ``smt`` properties."""

    name = "z3"

    def __init__(self, timeout: float = CHECK_TIMEOUT):
        self.timeout = timeout

    def supports(self, prop: Any) -> bool:
        return getattr(prop, "kind", None) == "smt"

    def run(self, model: Any, ambiguities: Any, properties: Any, options: Any) -> list[Any]:
        from .. import checking as ck

        results = []
        for p in properties:
            common = ck.result_fields(p, model.game, self.name)
            if model.game != "hhh":
                results.append(
                    ck.CheckResult(
                        status=ck.SKIPPED,
                        seconds=0.0,
                        message="no Z3 encoding of this game",
                        **common,
                    )
                )
                continue
            from ..models.hhh.smt.encoding import HHHEncoding
            from ..properties import hhh_smt

            q = hhh_smt.get(p.id)
            target, engine_name = model, self.name
            if q.preset is None and not HHHEncoding(model).exact:
                # Like the explorer in `check`: prove it on the reduced preset under the
                # same readings (the full game's answers are `hhh-verify query`'s job).
                from ..registry import get_game

                spec = get_game(model.game)
                target = spec.make_model(spec.presets[REDUCED], model.interpretation)
                engine_name = f"{self.name}:{REDUCED}"
                common["engine"] = engine_name
            if q.preset is None and not HHHEncoding(target).exact:
                msg = (
                    "this config has rules outside the Z3 encoding (proofs would not cover "
                    "them); run `hhh-verify query` for the full-game answers"
                )
                results.append(
                    ck.CheckResult(status=ck.SKIPPED, seconds=0.0, message=msg, **common)
                )
                continue
            row = hhh_smt.run(q, self.timeout, model=target if q.preset is None else None)
            status = {True: ck.HOLDS_STATUS, False: ck.VIOLATED}.get(row["ok"], ck.HOLDS_STATUS)
            msg = f"{row['answer']} (expected {q.expected or 'open'}): {row.get('proof', '')}"
            if row["ok"] is None:
                msg = "undecided: " + msg
            details = {k: row.get(k) for k in ("answer", "method", "bound", "exact", "replays")}
            results.append(
                ck.CheckResult(
                    status=status,
                    seconds=row["seconds"],
                    message=msg,
                    trace=row.get("trace"),
                    details=details,
                    **common,
                )
            )
        return results
