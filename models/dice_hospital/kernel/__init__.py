"""A compiled Dice Hospital kernel: the same rules over a flat integer state (Numba).

The pure-Python model (``models/dice_hospital/``) stays the reference; this package
repeats its rules over ``int64`` arrays (:mod:`.layout`), with readings and config values
as data (:mod:`.codec`), chance enumerated exactly or sampled die by die
(:mod:`.chance`, :mod:`.weights`), and whole games with the random, greedy and mixed
players inside the kernel (:mod:`.play`). ``tests/test_dice_hospital_kernel*.py`` prove
it equal to the reference.
"""

from __future__ import annotations

from typing import Any

from ..rules.model import DHModel
from .cache import ensure_fresh

ensure_fresh()


def make_kernel(model: DHModel) -> Any:
    """The kernel of ``model`` (compiles on first use; cached on disk afterwards)."""
    from .api import GameKernel
    from .cache import self_check

    self_check()
    return GameKernel(model)
