"""The kernel's compiled cache follows its source (:mod:`hhh_verify.kernel.cache`)."""

from __future__ import annotations

import inspect
from pathlib import Path

from hhh_verify.kernel import cache as kernel_cache
from hhh_verify.kernel import edges as kernel_edges
from hhh_verify.kernel import packing as kernel_packing
from hhh_verify.kernel import parted as kernel_parted
from hhh_verify.kernel import rng as kernel_random


def ensure_fresh() -> None:
    """Drop cached compiled functions built from other sources of this folder."""
    shared = [
        Path(inspect.getfile(m)).resolve()
        for m in (kernel_edges, kernel_packing, kernel_parted, kernel_random)
    ]
    kernel_cache.ensure_fresh(Path(__file__).resolve().parent, "hhh", shared)
