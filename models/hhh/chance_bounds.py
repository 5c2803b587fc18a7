"""The most outcomes one HHH step can have (OpenSpiel's ``max_chance_outcomes``).

A framework sizes its chance nodes from this number and the adapters refuse a step with
more outcomes, so it must be proven, not guessed. Two sources, in this order:

* :data:`EXPLORED`: for a preset the explorer enumerates completely, the exact largest
  support (distinct successors of ``step``) over every reachable state and action, with
  the state count it came from. It holds only for that preset's config under the
  default reading: any override falls back to the ceiling below
  (``tests/test_hhh_chance_bounds.py`` recomputes the table).
* :data:`ONE_READING`: the same maximum taken over the default and every reading that
  changes one ambiguity from its default (one exploration each), for the preset's config
  under at most one non-default choice.
* :data:`UNPROVEN_CEILING` otherwise.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from hhh_verify.model import ModelError

from .ambiguities import REGISTRY
from .config import PRESETS


@dataclass(frozen=True)
class Explored:
    """The largest chance support met by an exhaustive exploration, and its size."""

    max_outcomes: int
    states: int


#: Exhaustive breadth-first explorations of the reference model, default reading.
#: ``medium`` (17M states) is left out: the compiled explorer does not report supports.
EXPLORED = {
    "tiny": Explored(max_outcomes=5, states=5_770),
    "small": Explored(max_outcomes=9, states=423_829),
    "interactions": Explored(max_outcomes=2, states=14_248),
}

#: Largest step over the default and each single non-default reading (44 explorations each).
ONE_READING = {"tiny": 5, "interactions": 2}

#: The ceiling where nothing above applies. Not a proven maximum: the largest step known
#: is Visit the Wards on the full game (~42,000 outcomes, issue 17); adapters refuse a
#: step above it with a clear error.
UNPROVEN_CEILING = 1 << 20


def recorded(model: Any) -> int | None:
    """The explored maximum when ``model`` is exactly an explored preset under a reading
    its table covers (a recorded value never stands for another config)."""
    changed = len(model.interpretation.non_default(REGISTRY))
    for name in PRESETS:
        if model.config != PRESETS[name]:
            continue
        if changed == 0 and name in EXPLORED:
            return EXPLORED[name].max_outcomes
        if changed == 1 and name in ONE_READING:
            return ONE_READING[name]
    return None


def single_readings() -> list[str]:
    """Every reading that changes one ambiguity from its default (``ID=OPTION``)."""
    return [f"{a.id}={o}" for a in REGISTRY for o in a.option_ids if o != a.default]


def max_chance_outcomes(model: Any) -> int:
    """The declared ceiling on one step's outcomes for ``model`` (config and reading)."""
    found = recorded(model)
    return UNPROVEN_CEILING if found is None else found


def explore_largest_step(model: Any, max_states: int) -> Explored:
    """Every reachable state of ``model`` and the largest ``step`` support among all
    their actions; a ``ModelError`` past ``max_states`` (never a partial answer)."""
    start = model.initial_state()
    seen = {start}
    todo = deque([start])
    largest = 0
    while todo:
        s = todo.popleft()
        if model.outcome(s) is not None:
            continue
        for a in model.legal_actions(s):
            dist = model.step(s, a)
            largest = max(largest, len(dist))
            for succ, _ in dist:
                if succ not in seen:
                    seen.add(succ)
                    todo.append(succ)
        if len(seen) > max_states:
            raise ModelError(f"more than {max_states} states; the exploration is incomplete")
    return Explored(max_outcomes=largest, states=len(seen))
