"""One paired game inside the kernel, played until two readings part (``diverge
--engine kernel``): the path is kept so the reference model can check the parted step.

The game is :func:`.play.advance_game`'s game ``seed`` (decision stream 0, chance stream
1 of step ``k``), with the decision taken under reading A and the same action applied
under both, as the reference's differential search pairs its games.

Generated from ``hhh_verify/kernel/templates/parted.py.tmpl`` by ``python -m
hhh_verify.kernel.generate`` with this game's hooks (``kernel/drivers.py``); do not edit
(``tests/test_kernel_generated.py`` keeps it equal to what the generator writes).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from hhh_verify.kernel.parted import FULL, LEGAL, NONE, OVER, SUCCESSORS

from .board import OVER as PHASE_OVER
from .chance import POS, SAMPLE, new_chance, seed_stream
from .layout import MAX_ACTIONS, NA, NSTATE, PHASE
from .legal import legal
from .play import choose_action
from .rules import apply


@njit(cache=True)
def _same(x, y, n) -> bool:
    for j in range(n):
        if x[j] != y[j]:
            return False
    return True


@njit(cache=True)
def play_until_parted(KA, KB, init, seed, policy, max_steps, rows, states, other, work):
    """Game ``seed`` from ``init`` under kernels ``KA`` and ``KB`` in lockstep.

    Step ``j``'s action goes to ``rows[j]`` and A's successor to ``states[j]``; on a
    ``SUCCESSORS`` parting B's successor goes to ``other``. Returns ``(k, how)``: the
    step (or the number of steps played) and one of ``NONE, LEGAL, SUCCESSORS, OVER``,
    or ``FULL`` when ``rows`` holds fewer than ``max_steps`` steps and they ran out.
    ``work`` (:func:`.play.work_arrays`: both readings' legal actions, the greedy
    player's best indices) is scratch space, passed in so that a game does not allocate
    it.
    """
    acts_a, acts_b, best_idx = work
    ch = new_chance(SAMPLE)
    rs = np.zeros(1, dtype=np.uint64)
    s = init.copy()
    t = np.empty(NSTATE, dtype=np.int64)
    room = rows.shape[0]
    for k in range(max_steps):
        if k == room:
            return k, FULL
        if s[PHASE] == PHASE_OVER:
            return k, OVER
        na = legal(KA, s, acts_a)
        nb = legal(KB, s, acts_b)
        if na != nb:
            return k, LEGAL
        n = min(na, MAX_ACTIONS)
        for x in range(n):
            if not _same(acts_a[x], acts_b[x], NA):
                return k, LEGAL
        if n == 0:
            return k, NONE  # deadlocked under both readings
        i: int | np.int64 = 0
        if n > 1:
            seed_stream(rs, seed, k, 0)
            i = choose_action(KA, s, acts_a, n, policy, rs, best_idx)
        t[:] = s
        seed_stream(rs, seed, k, 1)
        ch[POS] = 0
        apply(KA, s, acts_a[i], ch, rs)
        seed_stream(rs, seed, k, 1)
        ch[POS] = 0
        apply(KB, t, acts_a[i], ch, rs)
        rows[k, :] = acts_a[i]
        states[k, :] = s
        if not _same(s, t, NSTATE):
            other[:] = t
            return k, SUCCESSORS
    return max_steps, NONE
