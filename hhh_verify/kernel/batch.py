"""The Python side of a competitive game's batched kernel games (``ActionSpace.batch``):
one row of buffers per game, and reset and step bound to the game's two compiled loops.

Each game compiles its own loops over the rows (its rules, chance and observation
differ); the buffers, the first-game bookkeeping and the calls are the same for every
such game, so they live here. The loops take, in order,
``reset(K, init, states, [obs,] base, games, steps, legal_n, player)`` and
``step(K, init, states, [obs,] actions, base, games, steps, legal_n, player, ended)``
(``obs`` for a game whose seats may not see all of a state) and keep the meanings of
:class:`hhh_verify.adapters.vector.BatchKernel`'s buffers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np


class SeatBatch:
    """Batched games of one kernel whose rows carry the seat to move (``player``)."""

    pays: frozenset[str] = frozenset()

    def __init__(
        self,
        kernel: Any,
        reset_rows: Callable[..., Any],
        step_rows: Callable[..., Any],
        *,
        state_size: int,
        max_actions: int,
        hidden: bool,
    ):
        self.kernel = kernel
        self.decode = kernel.decode
        self.state_size = state_size
        self.max_actions = max_actions
        self.hidden = hidden
        self._reset_rows, self._step_rows = reset_rows, step_rows

    def new(self, rows: int) -> dict[str, np.ndarray]:
        """Buffers for ``rows`` games (``obs`` only when a seat may not see all)."""
        buf: dict[str, np.ndarray] = {"states": np.zeros((rows, self.state_size), dtype=np.int64)}
        if self.hidden:
            buf["obs"] = np.zeros((rows, self.state_size), dtype=np.int64)
        for name in ("games", "steps", "legal_n", "player"):
            buf[name] = np.zeros(rows, dtype=np.int64)
        buf["rewards"] = np.zeros(rows, dtype=np.float64)
        buf["ended"] = np.zeros(rows, dtype=np.int64)
        return buf

    def _rows(self, buf: dict[str, np.ndarray]) -> tuple[np.ndarray, ...]:
        return (buf["states"], buf["obs"]) if self.hidden else (buf["states"],)

    def reset(self, buf: dict[str, np.ndarray], base: int, fresh: bool) -> None:
        """A new game in every row (``fresh``: the first games of seed ``base``)."""
        if fresh:
            buf["games"][:] = -1
        k = self.kernel
        self._reset_rows(
            k.K,
            k.init,
            *self._rows(buf),
            np.uint64(base),
            buf["games"],
            buf["steps"],
            buf["legal_n"],
            buf["player"],
        )

    def step(self, buf: dict[str, np.ndarray], actions: np.ndarray, base: int, reward: str) -> int:
        """One step in every row; the first row whose action is not a legal index, or
        -1. ``reward`` is not read: these games pay no return of their own (``pays`` is
        empty; the environment computes every seat's from the decoded final state)."""
        k = self.kernel
        return int(
            self._step_rows(
                k.K,
                k.init,
                *self._rows(buf),
                actions,
                np.uint64(base),
                buf["games"],
                buf["steps"],
                buf["legal_n"],
                buf["player"],
                buf["ended"],
            )
        )
