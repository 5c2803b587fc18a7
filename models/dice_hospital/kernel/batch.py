"""Many Dice Hospital games stepped side by side inside the kernel, for batched learning.

Each row of ``states`` is one game (the kernel's flat state); the game is of perfect
information, so what the seat to move (``player``) observes is the whole row. An action
is an index into the seat's legal actions in the reference's order (the kernel's rows
sorted as ``api.py`` sorts them), so the legal indices are ``0 .. legal_n - 1``. Draws
and rolls are resolved at once with the kernel's exact law; a game that ended is
started again at the next step.

Only the entry points the kernel's ``api.py`` uses are called (``legal``, ``sort_rows``,
``apply``, ``new_chance``, ``seed_stream``), plus ``rules.current_player`` for the seat
to move. Game ``g`` of row ``i`` has the seed ``game_seed(base, i, g)``, so results
depend only on the base seed and the actions, never on the batch size.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from hhh_verify.kernel.batch import SeatBatch

from ..rules.state import OVER
from . import layout
from .chance import (
    POS,
    SAMPLE,
    new_chance,
    seed_stream,
    splitmix,
)
from .legal import legal
from .order import sort_rows
from .rules import apply, current_player

#: ``legal_n`` of a game that is over (0), stuck without an action (-1), or with more
#: legal actions than the kernel holds (-2).
ENDED, STUCK, TOO_MANY = 0, -1, -2


@njit(cache=True)
def game_seed(base: np.uint64, row: int, game: int) -> np.uint64:
    return splitmix(splitmix(base ^ np.uint64(row)) ^ np.uint64(game))


@njit(cache=True)
def _settle(K, s, acts, ch, rs, seed, k):
    """Resolve draws until a decision or the end: (legal count or a code, steps)."""
    while True:
        if s[layout.PHASE] == OVER:
            return ENDED, k
        n = legal(K, s, acts)
        if n == 0:
            return STUCK, k
        if n > layout.MAX_ACTIONS:
            return TOO_MANY, k
        if n == 1 and acts[0, 0] == layout.V_DRAW:
            seed_stream(rs, seed, k, 1)
            ch[POS] = 0
            apply(K, s, acts[0], ch, rs)
            k += 1
            continue
        sort_rows(acts, n)
        return n, k


@njit(cache=True)
def _finish(K, s, n, k, i, legal_n, steps, player):
    legal_n[i] = n
    steps[i] = k
    player[i] = current_player(K, s) if n > 0 else -1


@njit(cache=True)
def reset_batch(K, init, states, base, games, steps, legal_n, player) -> None:
    """Start a new game in every row."""
    acts = np.zeros((layout.MAX_ACTIONS, layout.NA), dtype=np.int64)
    ch = new_chance(SAMPLE)
    rs = np.zeros(1, dtype=np.uint64)
    for i in range(states.shape[0]):
        games[i] += 1
        s = states[i]
        s[:] = init
        n, k = _settle(K, s, acts, ch, rs, game_seed(base, i, games[i]), 0)
        _finish(K, s, n, k, i, legal_n, steps, player)


@njit(cache=True)
def step_batch(K, init, states, actions, base, games, steps, legal_n, player, ended) -> int:
    """One step in every row; ``ended``: 1 the game ended, 2 it got stuck, 3 beyond the
    kernel. Returns the first row whose action is not a legal index, or -1."""
    acts = np.zeros((layout.MAX_ACTIONS, layout.NA), dtype=np.int64)
    ch = new_chance(SAMPLE)
    rs = np.zeros(1, dtype=np.uint64)
    bad = -1
    for i in range(states.shape[0]):
        s = states[i]
        ended[i] = 0
        if legal_n[i] <= 0:  # the game ended at the last step: start the next one
            games[i] += 1
            s[:] = init
            n, k = _settle(K, s, acts, ch, rs, game_seed(base, i, games[i]), 0)
            _finish(K, s, n, k, i, legal_n, steps, player)
            continue
        a = actions[i]
        if a < 0 or a >= legal_n[i]:
            if bad < 0:
                bad = i
            continue
        seed = game_seed(base, i, games[i])
        n = legal(K, s, acts)
        sort_rows(acts, n)
        seed_stream(rs, seed, steps[i], 1)
        ch[POS] = 0
        apply(K, s, acts[a], ch, rs)
        n, k = _settle(K, s, acts, ch, rs, seed, steps[i] + 1)
        _finish(K, s, n, k, i, legal_n, steps, player)
        if n == ENDED:
            ended[i] = 1
        elif n == STUCK:
            ended[i] = 2
        elif n < 0:
            ended[i] = 3
    return bad


def batch(kernel: Any) -> SeatBatch:
    """The batched games of a Dice Hospital kernel (``ActionSpace.batch``)."""
    return SeatBatch(
        kernel,
        reset_batch,
        step_batch,
        state_size=layout.NSTATE,
        max_actions=layout.MAX_ACTIONS,
        hidden=False,
    )
