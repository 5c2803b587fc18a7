"""The kernel as a state-graph source for the compiled explorer
(:mod:`hhh_verify.engines.explore.kernel`): expand a batch of bit-packed states into
their labelled, weighted edges (:func:`.expand.expand_rows`, generated), with HHH's
compiled checks (:mod:`.graph_checks`) as bits.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hhh_verify.kernel.packing import pack, unpack

from ..rules import readings as R
from ..rules.config import COO
from . import layout
from .codec import decode, row_action
from .expand import expand_rows
from .explore import packing
from .graph_checks import COMPILED, MONEY_LOW, MONEY_SPAN, OUTCOMES, RATING_AT


class HHHGraph:
    """One HHH model's kernel as the compiled explorer's graph source
    (:class:`hhh_verify.engines.explore.kernel.GraphSource`)."""

    compiled = COMPILED
    outcomes = OUTCOMES

    def __init__(self, kernel: Any) -> None:
        self.kernel = kernel
        self.model = kernel.model
        self.pk = packing(kernel.ctx)
        self.nwords = int(self.pk[5])
        c, cfg = kernel.ctx, kernel.model.config
        start = 2 if cfg.variant_two_rooms else 1
        cap = {
            R.ROOM_CAP.SIX_TOTAL: cfg.room_limit,
            R.ROOM_CAP.SIX_INSTALLED: cfg.room_limit + start,
            R.ROOM_CAP.EVERY_PHASE: len(c.deck),
        }[c.room_cap]  # models/hhh/properties/catalog.py room_limit: HHH-ROOM-CAP's readings
        self.params = np.array(
            [
                c.last_round,
                cfg.cubes_each,
                cfg.black_cubes,
                c.C,
                cfg.medical_tokens,
                c.admin_tokens,
                COO,
                cfg.players,
                cap,
                cfg.markers_each,
                cfg.markers_per_colour,
                c.white_markers,
                *c.staff_pool,
                MONEY_LOW,
                *self.rating_table(),
            ],
            dtype=np.int64,
        )
        assert len(c.staff_pool) == RATING_AT - 12

    def rating_table(self) -> list[int]:
        """Per packable money (from :data:`MONEY_LOW`): 1 where the property
        ``end-after-last-round`` fails on a game completed in the last round with that
        money. The property reads only the end reason, the round and the money, so this
        table is the property on every such state (its model's rating included)."""
        from dataclasses import replace

        from hhh_verify.contract.properties import Invariant
        from hhh_verify.contract.registry import get_game

        from ..rules.state import COMPLETED, OVER

        # The property itself, read through the game's declared registry (the kernel
        # stands on rules/ and never imports the properties package).
        found = get_game("hhh").load_properties().get("hhh.end-after-last-round")
        assert isinstance(found, Invariant) and found.check is not None
        end_after_last_round = found.check
        model = self.model
        last = self.kernel.ctx.last_round
        done = replace(model.initial_state(), phase=OVER, reason=COMPLETED, round=last)
        return [
            int(end_after_last_round(model, replace(done, money=m)) is not None)
            for m in range(MONEY_LOW, MONEY_LOW + MONEY_SPAN)
        ]

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
        return [row_action(self.kernel.C, r) for r in self.kernel.legal_rows(s)]
