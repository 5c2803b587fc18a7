"""States of a reference model to compare a compiled kernel with, shared by every
game's kernel tests: every reachable state (breadth-first) or the states met along
seeded random playouts. Also the edge rows a kernel explorer's byte encoding must
round-trip."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from typing import Any

import numpy as np


def all_states(m: Any, limit: int = 1_000_000) -> list[Any]:
    """Every reachable state, breadth-first (at most ``limit``)."""
    seen = {m.initial_state()}
    queue = deque(seen)
    order = []
    while queue and len(order) < limit:
        s = queue.popleft()
        order.append(s)
        for a in m.legal_actions(s):
            for t, _ in m.step(s, a):
                if t not in seen:
                    seen.add(t)
                    queue.append(t)
    return order


def playout_states(
    m: Any, games: int, seed: int, every: int = 1, max_steps: int | None = None
) -> list[Any]:
    """States met along seeded random games of the reference (its sampler), every
    ``every``-th, and each game's last; ``max_steps`` cuts a game that long."""
    out = []
    rng = random.Random(seed)
    for _ in range(games):
        s = m.initial_state()
        i = 0
        while m.outcome(s) is None and (max_steps is None or i < max_steps):
            legal = m.legal_actions(s)
            if i % every == 0:
                out.append(s)
            a = legal[rng.randrange(len(legal))]
            s = m.sample_step(s, a, rng)
            i += 1
        out.append(s)
    return out


#: Values at the edges of a zigzag varint's byte lengths and of ``int64``.
EDGES = [0, 1, -1, 63, -64, 64, 127, 128, -129, 2**31, -(2**40), 2**62, -(2**63), 2**63 - 1]


def encoding_rows() -> list[np.ndarray]:
    """Edge values, long zero runs (over 255, the longest run one pair holds) and
    random sparse rows."""
    rng = np.random.default_rng(5)
    rows = [np.array(EDGES, dtype=np.int64), np.zeros(600, dtype=np.int64)]
    long_run = np.zeros(700, dtype=np.int64)
    long_run[[0, 256, 511, 699]] = [3, -2, 300, 1]
    rows.append(long_run)
    for _ in range(200):
        v = rng.integers(-300, 300, size=120) * (rng.random(120) < 0.3)
        rows.append(v.astype(np.int64))
    return rows


def assert_round_trips_and_separates(
    round_trip: Callable[[np.ndarray], tuple[bytes, np.ndarray]],
) -> None:
    """``round_trip(row)`` gives ``(bytes, row decoded)``: every row of
    :func:`encoding_rows` comes back equal, and rows that differ in one slot encode
    differently."""
    rows = encoding_rows()
    seen: set[bytes] = set()
    for v in rows:
        code, back = round_trip(v)
        assert np.array_equal(back, v)
        seen.add(code)
        w = v.copy()
        w[len(w) // 2] += 1
        assert round_trip(w)[0] != code
    assert len(seen) == len({v.tobytes() for v in rows})
