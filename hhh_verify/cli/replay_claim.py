"""What a trace says it shows, checked on its path: a trace written by ``check`` or
``hunt`` names its property (``meta["property"]``), one of ``reach`` its goal
(``meta["goal"]``); replaying the steps is not enough to trust it, so the goal must be
reached, or the invariant broken, on the replayed path.
(A claim that does not show is a trace whose recorded fields disagree with each other.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hhh_verify.contract import trace as traces
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.model import Model
from hhh_verify.contract.properties import Goal, Invariant
from hhh_verify.contract.registry import properties_for
from hhh_verify.contract.vocab import PropertyKind

#: The stateful engine's ``finding`` of a trace and the property kind it shows.
FINDINGS = {"goal": PropertyKind.GOAL, "violation": PropertyKind.INVARIANT}


@dataclass(frozen=True)
class Claim:
    """The recorded property, whether the path shows it, where (-1: the initial
    state) and the invariant's message."""

    property: str
    kind: str
    shown: bool
    step: int | None = None
    message: str = ""

    def text(self) -> str:
        what = "reached" if self.kind == PropertyKind.GOAL else "violated"
        if not self.shown:
            return f"recorded {self.kind} {self.property}: not {what} on this path"
        where = "in the initial state" if self.step == -1 else f"at step {self.step}"
        return f"recorded {self.kind} {self.property}: {what} {where}" + (
            f" ({self.message})" if self.message else ""
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "property": self.property,
            "kind": self.kind,
            "shown": self.shown,
            "step": self.step,
            "message": self.message or None,
        }


def recorded_claim(trace: traces.Trace, model: Model) -> Claim | None:
    """The claim of ``trace`` checked on ``model`` (the model the trace names), or None
    when it names no goal or invariant of its game's registry that applies to the model
    (an engine's own check, a fact or a Z3 query is not a claim about a path)."""
    pid = trace.meta.get("property", trace.meta.get("goal"))  # ``reach`` names its goal
    if not isinstance(pid, str):
        return None
    try:
        prop = properties_for(trace.game).get(pid)
    except ModelError:
        return None
    kinds = (
        (PropertyKind.GOAL, PropertyKind.INVARIANT)
        if "property" in trace.meta
        else (PropertyKind.GOAL,)
    )
    if prop.kind not in kinds or not prop.relevant(model):
        return None
    finding = trace.meta.get("finding")  # the stateful engine's word for what it found
    if finding is not None and FINDINGS.get(str(finding)) != prop.kind:
        return None  # an error the check raised, or the model contract: not a claim
    hits: list[tuple[int, str]] = []

    def look(i: int, before: Any, action: Any, state: Any) -> None:
        if hits:
            return
        if isinstance(prop, Goal):
            if prop.reached(model, state):
                hits.append((i, ""))
            return
        assert isinstance(prop, Invariant)  # the kinds admitted above
        msg = prop.violation(model, state)
        if msg is None and action is not None:
            msg = prop.step_violation(model, before, action, state)
        if msg is not None:
            hits.append((i, msg))

    look(-1, None, None, model.initial_state())
    result = traces.replay(
        trace, model, describe=False, on_step=lambda i, s, a, p, nxt: look(i, s, a, nxt)
    )
    if not result.ok:
        return None  # the replay's own error says why; no claim is judged on half a path
    if not hits:
        return Claim(pid, prop.kind, False)
    step, message = hits[0]
    return Claim(pid, prop.kind, True, step, message)
