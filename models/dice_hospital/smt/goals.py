"""The built-in ``reach`` goals as formulas over a symbolic Dice Hospital state
(``reach --engine z3``): a competitive game has no ``won`` / ``lost``, so the goals are
``terminal`` and ``outcome:completed`` (the only way a game ends)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hhh_verify.contract.errors import ModelError

from ..rules.state import OVER


def symbolic_goal(name: str) -> Callable[[dict[str, Any]], Any]:
    """The formula of a built-in goal; a :class:`ModelError` naming the accepted ones."""
    if name in ("terminal", "outcome:completed"):
        return lambda s: s["phase"] == OVER
    raise ModelError(
        f"the z3 engine cannot encode goal {name!r} for Dice Hospital (a competitive game "
        "has no team result); accepted: terminal, outcome:completed"
    )
