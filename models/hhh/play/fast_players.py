"""HHH players that can finish a game inside the compiled kernel, for tree search.

The strong player (``hhh_verify.engines.strong``) plays thousands of games to the end
per decision with the game's greedy player. :class:`KernelPlayer` is that same player
(a call plays the reference policy) that also offers ``fast_playouts(model)``: the
kernel's copy of the player (``models/hhh/kernel``, proved equal to the model by
``tests/hhh/test_hhh_kernel.py``) playing on from any position, about fifty times faster.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hhh_verify.contract.measures import Measure
from hhh_verify.contract.outcomes import Outcome

from ..rules.model import HHHModel
from ..rules.outcome import hhh_outcome
from ..rules.state import COMPLETED, REASONS
from .measures import MEASURES

#: Steps after which a kernel playout stops (a game that loops counts as cut).
MAX_STEPS = 100_000


@dataclass(frozen=True)
class KernelPlayer:
    """``policy`` (a reference player) with the kernel's ``name`` player for playouts;
    ``tie_break``: the measure the strong player ranks equal results by (the money)."""

    policy: Callable[[Any, Any, tuple[Any, ...], random.Random], Any]
    name: str
    tie_break: Measure = MEASURES["money"]

    def __call__(
        self, model: HHHModel, state: Any, legal: tuple[Any, ...], rng: random.Random
    ) -> Any:
        return self.policy(model, state, legal, rng)

    def fast_playouts(
        self, model: HHHModel
    ) -> Callable[[Any, int], tuple[Outcome | None, int]] | None:
        """``(state, seed) -> (outcome, round)``: this player from ``state`` to the end,
        inside the kernel (None when the kernel cannot load or lacks the player)."""
        try:
            import numpy as np

            from ..kernel import make_kernel
            from ..kernel.api import POLICY_CODES
            from ..kernel.play import play_games
        except ImportError:
            return None
        if self.name not in POLICY_CODES:
            return None
        kernel = make_kernel(model)
        code = POLICY_CODES[self.name]
        out = np.zeros((1, 6), dtype=np.int64)

        def playout(state: Any, seed: int) -> tuple[Outcome | None, int]:
            start = kernel.encode(state)
            seeds = np.array([seed], dtype=np.uint64)
            play_games(kernel.K, start, seeds, code, MAX_STEPS, out)
            reason, money, _, rnd = (int(x) for x in out[0, :4])
            if reason <= 0:
                return None, rnd
            return hhh_outcome(reason == COMPLETED, REASONS[reason], money), rnd

        return playout
