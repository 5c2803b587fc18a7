"""The framework's vocabularies as enums: one spelling per idea, parsed once at the edge
(a command-line option, a JSON field) and carried as a member. A member's value is the
old string, so JSON, traces and reports read the same."""

from __future__ import annotations

from enum import Enum

# -- Engine ids: the engines `check` runs -------------------------------------------------


class EngineId(str, Enum):
    """An engine of ``check`` (:func:`hhh_verify.check.run.engines`), by its id: a check
    task names its engine with one, and the worker builds that engine from it. The value
    is the engine's ``name`` (the explorer's may carry its preset: ``explore:tiny``)."""

    FACTS = "facts"
    STATEFUL = "stateful"
    DISTRIBUTIONS = "distributions"
    EXPLORE = "explore"
    SWEEP = "sweep"
    Z3 = "z3"
    SEARCH = "search"
    KERNEL = "kernel"

    def __str__(self) -> str:
        return self.value


# -- end of engine ids --------------------------------------------------------------------
