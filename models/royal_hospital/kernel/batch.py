"""Many Royal Hospital games stepped side by side inside the kernel, for batched learning.

Each row of ``states`` is one game (the kernel's flat state); ``obs`` is what the seat
to move (``player``) sees of it: the state with every other hand, the Medical deck and,
unless that seat is choosing, the cards drawn to choose from each shown as its size in
the block's first entry (the rest 0), as the reference adapter's :mod:`.observation`
hides them ("The hand of cards remains secret from other players. However, the other
players are allowed to know how many cards you have.", Game Setup). An action is an
index into the seat's legal actions in the reference's order, so the legal indices are
``0 .. legal_n - 1``. Draws and flips are resolved at once with the kernel's exact odds;
a game that ended is started again at the next step.

Only the entry points the kernel's ``api.py`` uses are called (``legal``, ``sampled``,
``seed_stream``), plus ``rules.current_player`` for the seat to move. Game ``g`` of row
``i`` has the seed ``game_seed(base, i, g)``, so results depend only on the base seed
and the actions, never on the batch size.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from hhh_verify.kernel.batch import SeatBatch

from ..rules.state import OVER, T_DRAW_PICK, T_KEEP
from . import layout
from .legal import legal
from .play import MAX_OUT, sampled
from .rng import seed_stream, splitmix
from .rules import current_player

#: ``legal_n`` of a game that is over (0), stuck without an action (-1), with more
#: legal actions than the kernel holds (-2), or grown beyond the kernel's room (-3).
ENDED, STUCK, TOO_MANY, TOO_BIG = 0, -1, -2, -3


@njit(cache=True)
def game_seed(base: np.uint64, row: int, game: int) -> np.uint64:
    return splitmix(splitmix(base ^ np.uint64(row)) ^ np.uint64(game))


@njit(cache=True)
def _settle(K, s, acts, rs, keys, weights, seed, k):
    """Resolve draws until a decision or the end: (legal count or a code, steps)."""
    while True:
        if s[layout.S_ERR]:
            return TOO_BIG, k
        if s[layout.S_PHASE] == OVER:
            return ENDED, k
        n = legal(K, s, acts)
        if n == 0:
            return STUCK, k
        if n == 1 and acts[0, 0] == layout.V_DRAW:
            seed_stream(rs, seed, k, 1)
            sampled(K, s, acts[0], rs, keys, weights)
            k += 1
            continue
        return (TOO_MANY if n > layout.MAX_ACTIONS else n), k


@njit(cache=True)
def _hide(s, o, at, m):
    """Show the ``m`` counts at ``at`` as their total (first entry) only."""
    total = 0
    for t in range(m):
        total += s[at + t]
        o[at + t] = 0
    o[at] = total


@njit(cache=True)
def _chooser(s):
    """The seat the drawn cards belong to (``observation.chooser``), or -1."""
    for i in range(s[layout.S_QLEN]):
        kind = s[layout.S_QUEUE + i * layout.TW + layout.Q_KIND]
        if kind == T_DRAW_PICK or kind == T_KEEP:
            return s[layout.S_QUEUE + i * layout.TW + layout.Q_PLAYER]
    return -1


@njit(cache=True)
def _observe(K, s, player, o):
    """What ``player`` sees of ``s`` (``player`` < 0: a finished game, all shown)."""
    o[:] = s
    if player < 0:
        return
    m = K[layout.K_M]
    _hide(s, o, K[layout.O_DECK], m)
    if _chooser(s) != player:
        _hide(s, o, K[layout.O_PICKING], m)
    for p in range(K[layout.K_P]):
        if p != player:
            _hide(s, o, K[layout.O_PLAYERS] + p * K[layout.PW] + K[layout.PO_HAND], m)


@njit(cache=True)
def _finish(K, s, n, k, i, legal_n, steps, player, obs):
    legal_n[i] = n
    steps[i] = k
    player[i] = current_player(K, s) if n > 0 else -1
    _observe(K, s, player[i], obs[i])


@njit(cache=True)
def reset_batch(K, init, states, obs, base, games, steps, legal_n, player) -> None:
    """Start a new game in every row."""
    acts = np.zeros((layout.MAX_ACTIONS, layout.NA), dtype=np.int64)
    keys = np.zeros(MAX_OUT, dtype=np.int64)
    weights = np.zeros(MAX_OUT, dtype=np.int64)
    rs = np.zeros(1, dtype=np.uint64)
    for i in range(states.shape[0]):
        games[i] += 1
        s = states[i]
        s[:] = init
        seed = game_seed(base, i, games[i])
        n, k = _settle(K, s, acts, rs, keys, weights, seed, 0)
        _finish(K, s, n, k, i, legal_n, steps, player, obs)


@njit(cache=True)
def step_batch(K, init, states, obs, actions, base, games, steps, legal_n, player, ended) -> int:
    """One step in every row; ``ended``: 1 the game ended, 2 it got stuck, 3 beyond the
    kernel. Returns the first row whose action is not a legal index, or -1."""
    acts = np.zeros((layout.MAX_ACTIONS, layout.NA), dtype=np.int64)
    keys = np.zeros(MAX_OUT, dtype=np.int64)
    weights = np.zeros(MAX_OUT, dtype=np.int64)
    rs = np.zeros(1, dtype=np.uint64)
    bad = -1
    for i in range(states.shape[0]):
        s = states[i]
        ended[i] = 0
        if legal_n[i] <= 0:  # the game ended at the last step: start the next one
            games[i] += 1
            s[:] = init
            n, k = _settle(K, s, acts, rs, keys, weights, game_seed(base, i, games[i]), 0)
            _finish(K, s, n, k, i, legal_n, steps, player, obs)
            continue
        a = actions[i]
        if a < 0 or a >= legal_n[i]:
            if bad < 0:
                bad = i
            continue
        seed = game_seed(base, i, games[i])
        legal(K, s, acts)
        seed_stream(rs, seed, steps[i], 1)
        sampled(K, s, acts[a], rs, keys, weights)
        n, k = _settle(K, s, acts, rs, keys, weights, seed, steps[i] + 1)
        _finish(K, s, n, k, i, legal_n, steps, player, obs)
        if n == ENDED:
            ended[i] = 1
        elif n == STUCK:
            ended[i] = 2
        elif n < 0:
            ended[i] = 3
    return bad


def batch(kernel: Any) -> SeatBatch:
    """The batched games of a Royal Hospital kernel (``ActionSpace.batch``)."""
    return SeatBatch(
        kernel,
        reset_batch,
        step_batch,
        state_size=len(kernel.init),
        max_actions=layout.MAX_ACTIONS,
        hidden=True,
    )
