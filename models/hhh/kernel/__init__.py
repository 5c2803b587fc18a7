"""A compiled HHH kernel: the same rules over a flat integer state (Numba), for speed.

The pure-Python model (``models/hhh/``) stays the reference; this package repeats its
rules over ``int64`` arrays (:mod:`.layout`), with readings and config values as data
(:mod:`.codec`), chance enumerated exactly or sampled cube by cube (:mod:`.chance`,
:mod:`.weights`), legal actions in the reference's order (:mod:`.legal`), and whole games
with the random, greedy and mixed players inside the kernel (:mod:`.play`).
``tests/test_hhh_kernel*.py`` prove it equal to the reference; ``docs/kernels.md`` says
why Numba and how.
"""

from __future__ import annotations

from typing import Any

from ..rules.model import HHHModel
from .cache import ensure_fresh

ensure_fresh()


def make_kernel(model: HHHModel) -> Any:
    """The kernel of ``model`` (compiles on first use; cached on disk afterwards)."""
    from .api import GameKernel
    from .cache import self_check

    self_check()
    return GameKernel(model)
