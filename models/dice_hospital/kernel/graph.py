"""The kernel as a state-graph source for the compiled explorer
(:mod:`hhh_verify.engines.explore.kernel`): expand a batch of bit-packed states into
their labelled, weighted edges (:func:`.expand.expand_rows`, generated; Dice Hospital's
own parts in :mod:`.graph_checks`). No property has a compiled check: the explorer
checks them all on decoded states.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hhh_verify.kernel.packing import pack, unpack

from . import layout
from .codec import decode, row_action
from .expand import expand_rows
from .explore import packing
from .graph_checks import COMPILED, OUTCOMES


class DHGraph:
    """One Dice Hospital model's kernel as the compiled explorer's graph source."""

    compiled = COMPILED
    outcomes = OUTCOMES

    def __init__(self, kernel: Any) -> None:
        self.kernel = kernel
        self.model = kernel.model
        self.pk = packing(kernel.ctx)
        self.nwords = int(self.pk[5])
        self.params = np.zeros(0, dtype=np.int64)  # no compiled check reads any

    def initial_row(self) -> np.ndarray:
        row = np.zeros(self.nwords, dtype=np.uint64)
        if not pack(self.kernel.init, *self.pk[:5], row):
            raise ValueError("the initial state is outside the kernel explorer's packing")
        return row

    def expand(self, rows: np.ndarray) -> tuple[np.ndarray, ...]:
        """:func:`expand_rows` of ``rows`` (``uint64[m, nwords]``)."""
        return tuple(expand_rows(self.kernel.K, rows, *self.pk[:5], self.params))

    def state(self, row: np.ndarray) -> Any:
        """The reference state of a packed row."""
        s = np.zeros(layout.NSTATE, dtype=np.int64)
        unpack(row, *self.pk[:5], s)
        return decode(self.kernel.ctx, s)

    def actions(self, row: np.ndarray) -> list[Any]:
        """The legal actions of a packed row (the edges' action indices), as reference
        actions."""
        s = np.zeros(layout.NSTATE, dtype=np.int64)
        unpack(row, *self.pk[:5], s)
        return [row_action(r) for r in self.kernel.legal_rows(s)]
