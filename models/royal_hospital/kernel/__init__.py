"""A compiled Royal Hospital kernel: the same rules over a flat integer state (Numba).

The pure-Python model (``models/royal_hospital/``) stays the reference; this package
repeats its rules over ``int64`` arrays (:mod:`.layout`), with readings, config values
and card tables as data (:mod:`.codec`). Hidden information is kept as the model keeps
it: the Patient deck as counts per visible class, unresolved cards per type and the
returned pile, so a draw or a flip is the same chance node with the same odds.
``tests/test_royal_hospital_kernel*.py`` prove it equal to the reference.
"""

from __future__ import annotations

from typing import Any

from ..rules.model import RHModel
from .cache import ensure_fresh

ensure_fresh()


def make_kernel(model: RHModel) -> Any:
    """The kernel of ``model`` (compiles on first use; cached on disk afterwards)."""
    from .api import GameKernel
    from .cache import self_check

    self_check()
    return GameKernel(model)
