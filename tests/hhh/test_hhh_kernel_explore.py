"""The kernel's breadth-first search (``explore --engine kernel``, issue 13).

Its counts (states, transitions, terminal states by outcome) equal the reference
explorer's on ``tiny`` and ``interactions`` (compared in the run) and on ``small``
(the reference's counts recorded here: about four minutes of the reference explorer);
the ``medium`` preset, beyond the reference explorer, is explored to the end under
``thorough`` and its counts recorded (regression data, as tests/test_state_counts.py).
"""

from __future__ import annotations

import os

import pytest

from hhh_verify.contract.registry import get_game
from hhh_verify.engines.explore.explorer import explore

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
HHH = get_game("hhh")

#: preset -> (states, transitions, terminal states by outcome)
RECORDED = {
    # the reference explorer's counts (hhh-verify explore --config small)
    "small": (
        423829,
        631137,
        {"lost:arrested": 3496, "lost:bankrupt": 8922, "won:completed": 130184},
    ),
    # the kernel's alone: too many states for the reference explorer
    "medium": (
        16970911,
        31577900,
        {"lost:arrested": 347020, "lost:bankrupt": 160635, "won:completed": 3447858},
    ),
}


def kernel_counts(preset: str, max_states: int = 40_000_000) -> dict:  # type: ignore[type-arg]
    return HHH.kernel(HHH.model(preset)).count_states(max_states)


@pytest.mark.parametrize("preset", ["tiny", "interactions"])
def test_counts_equal_the_reference_explorer(preset: str) -> None:
    exp = explore(HHH.model(preset), max_states=200_000)
    ref_terminal: dict[str, int] = {}
    for sid in exp.outcome_of:
        out = exp.outcomes[exp.outcome_of[sid]]
        label = ("won:" if out.won else "lost:") + out.reason
        ref_terminal[label] = ref_terminal.get(label, 0) + 1
    got = kernel_counts(preset)
    assert got["complete"] and exp.complete
    assert (got["states"], got["transitions"], got["terminal"]) == (
        exp.n_states,
        exp.n_transitions,
        ref_terminal,
    )


def test_small_counts_recorded() -> None:
    got = kernel_counts("small")
    assert (got["states"], got["transitions"], got["terminal"]) == RECORDED["small"]
    assert got["bytes_per_state"] <= 120


def test_a_cut_search_says_so() -> None:
    got = kernel_counts("small", 1000)
    assert not got["complete"] and got["states"] == 1000


def test_planted_kernel_bug_changes_the_counts() -> None:
    """A Ward heal paying $1 too much (the planted kernel bug) reaches other states."""
    from hhh_verify.models.hhh.kernel.api import GameKernel
    from hhh_verify.models.hhh.kernel.layout import K_PLANTED

    kernel = GameKernel(HHH.model("tiny"))
    kernel.K[K_PLANTED] = 1
    assert kernel.count_states(200_000)["states"] != 5770


@pytest.mark.skipif(not THOROUGH, reason="thorough profile: ~1 CPU minute, ~1.2 GB")
def test_medium_counts_recorded() -> None:
    got = kernel_counts("medium")
    assert got["complete"]
    assert (got["states"], got["transitions"], got["terminal"]) == RECORDED["medium"]
    assert got["states"] >= 10_000_000 and got["bytes_per_state"] <= 120
