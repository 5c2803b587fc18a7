"""The built-in ``reach`` goals as formulas over a symbolic HHH state (``reach --engine
z3``): ``won``, ``lost``, ``terminal`` and ``outcome:REASON``, read off the encoded
``phase`` and ``reason`` fields exactly as :meth:`HHHModel.outcome` reads the state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import z3

from hhh_verify.contract.errors import ModelError

from ..rules.state import COMPLETED, OVER, REASONS


def symbolic_goal(name: str) -> Callable[[dict[str, Any]], Any]:
    """The formula of a built-in goal; a :class:`ModelError` naming the accepted ones."""
    if name == "won":
        return lambda s: s["reason"] == COMPLETED
    if name == "lost":
        return lambda s: z3.And(s["phase"] == OVER, s["reason"] != COMPLETED)
    if name == "terminal":
        return lambda s: s["phase"] == OVER
    if name.startswith("outcome:") and name[8:] in REASONS[1:]:
        code = REASONS.index(name[8:])
        return lambda s: s["reason"] == code
    accepted = "won, lost, terminal, " + ", ".join(f"outcome:{r}" for r in REASONS[1:])
    raise ModelError(f"the z3 engine cannot encode goal {name!r}; accepted: {accepted}")
