"""Late imports for a game's :class:`~hhh_verify.contract.model.GameSpec` loaders.

A spec is built when its package is imported, but some of its parts must not be
imported then: properties import the game's model modules (a cycle), the SMT encoding
imports z3 (slow, and only some commands need it), a kernel imports numba. A spec names
such a part by ``"module:name"`` and :func:`late` / :func:`late_call` import it on first
use, so a game writes one line per part instead of a function with an import inside.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any


@dataclass(frozen=True)
class late:  # noqa: N801 - used like a function in a spec's field list
    """``() -> value``: the attribute ``name`` of ``module`` (``".rule_map:RULE_MAP"``
    is relative to ``package``), imported when the loader is first called. A value, not
    a closure, so a spec pickles (tasks sent to workers)."""

    target: str
    package: str | None = None

    def __post_init__(self) -> None:
        module, sep, name = self.target.partition(":")
        if not sep or not module or not name:
            raise ValueError(f"late target {self.target!r} is not 'module:name'")

    def resolve(self) -> Any:
        module, _, name = self.target.partition(":")
        return getattr(import_module(module, self.package), name)

    def __call__(self) -> Any:
        return self.resolve()


@dataclass(frozen=True)
class late_call(late):  # noqa: N801
    """``(*args) -> function(*args)``: calls the function the target names with the
    loader's arguments (``properties()``, ``support()``, ``make_kernel(model)``)."""

    def __call__(self, *args: Any) -> Any:  # type: ignore[override]
        return self.resolve()(*args)
