"""The kernel's compiled cache follows its source (:mod:`hhh_verify.kernel.cache`), and
is checked on first use: the kernel's counts on ``tiny`` equal the reference
explorer's (5,770 states, 9,129 transitions)."""

from __future__ import annotations

import inspect
from pathlib import Path

from hhh_verify.kernel import cache as kernel_cache
from hhh_verify.kernel import edges as kernel_edges
from hhh_verify.kernel import packing as kernel_packing
from hhh_verify.kernel import parted as kernel_parted
from hhh_verify.kernel import rng as kernel_random

FOLDER = Path(__file__).resolve().parent
SHARED = [
    Path(inspect.getfile(m)).resolve()
    for m in (kernel_edges, kernel_packing, kernel_parted, kernel_random)
]
#: (states, transitions) of ``tiny`` (the reference explorer's, tests/test_state_counts.py)
RECORDED = (5770, 9129)


def ensure_fresh() -> None:
    """Drop cached compiled functions built from other sources of this folder."""
    kernel_cache.ensure_fresh(FOLDER, "hhh", SHARED)


def tiny_counts() -> tuple[int, int]:
    """(states, transitions) the kernel counts on ``tiny`` under the default readings."""
    from ..rules.ambiguities import REGISTRY
    from ..rules.config import PRESETS
    from ..rules.model import HHHModel
    from .api import GameKernel

    got = GameKernel(HHHModel(PRESETS["tiny"], REGISTRY.parse(()))).count_states(100_000)
    return int(got["states"]), int(got["transitions"])


def self_check() -> None:
    """On first use in a process: the counts on ``tiny`` are the recorded ones, else the
    cache is dropped and rebuilt (one warning)."""
    kernel_cache.validated(
        "hhh", lambda: tiny_counts() == RECORDED, FOLDER, SHARED, __package__ or ""
    )
