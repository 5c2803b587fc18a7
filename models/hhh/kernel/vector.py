"""Many HHH games stepped side by side inside the kernel, for batched learning.

Each row of ``states`` is one game (the kernel's flat state). An action is an index into
the legal actions of that game's state, in the reference's order (``legal``), so the
legal indices of a game are ``0 .. legal_n - 1``. After the chosen action, draws
(``Draw``, the only action of a chance state) are resolved at once, as the reference
environments do; a decision with one option is still the agent's. A game that ended
is started again at the next step (its observation then is the new game's first).

Randomness: game ``g`` of row ``i`` has the seed ``game_seed(base, i, g)`` and its
step ``k`` draws chance from stream 1 of :func:`.chance.seed_stream`, so a batch's
results depend only on the base seed and the actions, never on the batch size.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from hhh_verify.contract.errors import ModelError

from . import board
from .chance import POS, SAMPLE, new_chance, seed_stream, splitmix
from .layout import (
    A_DRAW,
    MAX_ACTIONS,
    MONEY,
    NA,
    NSTATE,
    PHASE,
    REASON,
)
from .legal import legal
from .rules import apply

#: ``legal_n`` of a game that is over (0) or stuck without an action (-1): the next
#: step starts a new game in that row; -2: more legal actions than the kernel holds.
OVER, STUCK, TOO_MANY = 0, -1, -2
#: ``REASON`` of a won game (``state.COMPLETED``).
COMPLETED = 3
REWARD_WIN, REWARD_MONEY = 0, 1
#: The returns the batch pays itself, by the adapter's reward names: the win (1 or 0)
#: and the ``money`` measure (a won game's final money, -1 for a loss).
REWARD_MODES = {"win": REWARD_WIN, "money": REWARD_MONEY}


@njit(cache=True)
def game_seed(base: np.uint64, row: int, game: int) -> np.uint64:
    return splitmix(splitmix(base ^ np.uint64(row)) ^ np.uint64(game))


@njit(cache=True)
def _settle(K, s, acts, ch, rs, seed, k):
    """Resolve draws until a decision or the end: (legal count or OVER/STUCK, steps)."""
    while True:
        if s[PHASE] == board.OVER:
            return OVER, k
        n = legal(K, s, acts)
        if n == 0:
            return STUCK, k
        if n == 1 and acts[0, 0] == A_DRAW:
            seed_stream(rs, seed, k, 1)
            ch[POS] = 0
            apply(K, s, acts[0], ch, rs)
            k += 1
            continue
        return (TOO_MANY if n > MAX_ACTIONS else n), k


@njit(cache=True)
def _start(K, init, s, acts, ch, rs, seed):
    s[:] = init
    return _settle(K, s, acts, ch, rs, seed, 0)


@njit(cache=True)
def reset_batch(K, init, states, base, games, steps, legal_n) -> None:
    """Start a new game in every row."""
    acts = np.zeros((MAX_ACTIONS, NA), dtype=np.int64)
    ch = new_chance(SAMPLE)
    rs = np.zeros(1, dtype=np.uint64)
    for i in range(states.shape[0]):
        games[i] += 1
        n, k = _start(K, init, states[i], acts, ch, rs, game_seed(base, i, games[i]))
        legal_n[i] = n
        steps[i] = k


@njit(cache=True)
def step_batch(
    K, init, states, actions, base, games, steps, legal_n, reward_mode, rewards, ended
) -> int:
    """One step in every row; ``ended``: 1 the game ended (``rewards`` its return),
    2 it got stuck. Returns the first row whose action is not a legal index, or -1."""
    acts = np.zeros((MAX_ACTIONS, NA), dtype=np.int64)
    ch = new_chance(SAMPLE)
    rs = np.zeros(1, dtype=np.uint64)
    bad = -1
    for i in range(states.shape[0]):
        s = states[i]
        rewards[i] = 0.0
        ended[i] = 0
        if legal_n[i] <= 0:  # the game ended at the last step: start the next one
            games[i] += 1
            n, k = _start(K, init, s, acts, ch, rs, game_seed(base, i, games[i]))
            legal_n[i] = n
            steps[i] = k
            continue
        a = actions[i]
        if a < 0 or a >= legal_n[i]:
            if bad < 0:
                bad = i
            continue
        seed = game_seed(base, i, games[i])
        legal(K, s, acts)
        seed_stream(rs, seed, steps[i], 1)
        ch[POS] = 0
        apply(K, s, acts[a], ch, rs)
        n, k = _settle(K, s, acts, ch, rs, seed, steps[i] + 1)
        legal_n[i] = n
        steps[i] = k
        if n == OVER:
            ended[i] = 1
            won = s[REASON] == COMPLETED
            if reward_mode == REWARD_WIN:
                rewards[i] = 1.0 if won else 0.0
            else:
                rewards[i] = float(s[MONEY]) if won else -1.0
        elif n < 0:
            ended[i] = 2 if n == STUCK else 3
    return bad


class BatchGames:
    """The batch functions bound to one model's compiled rules (``GameKernel.batch``):
    what :mod:`hhh_verify.adapters.vector` steps. ``observation`` rows are the kernel's
    flat states (``decode`` turns one into the reference's state)."""

    state_size = NSTATE
    max_actions = MAX_ACTIONS
    pays = frozenset(REWARD_MODES)

    def __init__(self, kernel: Any):
        self.kernel = kernel
        self.decode = kernel.decode

    def new(self, rows: int) -> dict[str, np.ndarray]:
        """Buffers for ``rows`` games."""
        return {
            "states": np.zeros((rows, NSTATE), dtype=np.int64),
            "games": np.zeros(rows, dtype=np.int64),
            "steps": np.zeros(rows, dtype=np.int64),
            "legal_n": np.zeros(rows, dtype=np.int64),
            "rewards": np.zeros(rows, dtype=np.float64),
            "ended": np.zeros(rows, dtype=np.int64),
        }

    def reset(self, buf: dict[str, np.ndarray], base: int, fresh: bool) -> None:
        """A new game in every row (``fresh``: the first games of seed ``base``)."""
        if fresh:
            buf["games"][:] = -1
        k = self.kernel
        reset_batch(
            k.K, k.init, buf["states"], np.uint64(base), buf["games"], buf["steps"], buf["legal_n"]
        )

    def step(self, buf: dict[str, np.ndarray], actions: np.ndarray, base: int, reward: str) -> int:
        """One step in every row, paying the return ``reward`` (one of ``pays``) in the
        rows whose game ended; the first row whose action is not a legal index, or -1."""
        if reward not in REWARD_MODES:
            raise ModelError(f"the HHH kernel pays no reward {reward!r}; accepted: win, money")
        k = self.kernel
        mode = REWARD_MODES[reward]
        return int(
            step_batch(
                k.K,
                k.init,
                buf["states"],
                actions,
                np.uint64(base),
                buf["games"],
                buf["steps"],
                buf["legal_n"],
                mode,
                buf["rewards"],
                buf["ended"],
            )
        )
