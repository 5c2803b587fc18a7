"""The kernel's compiled cache follows its source (:mod:`hhh_verify.kernel_cache`)."""

from __future__ import annotations

from pathlib import Path

from hhh_verify import kernel_cache, kernel_edges, kernel_packing, kernel_parted, kernel_random


def ensure_fresh() -> None:
    """Drop cached compiled functions built from other sources of this folder."""
    shared = [
        Path(m.__file__).resolve()
        for m in (kernel_edges, kernel_packing, kernel_parted, kernel_random)
    ]
    kernel_cache.ensure_fresh(Path(__file__).resolve().parent, "hhh", shared)
