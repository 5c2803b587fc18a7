"""The Royal Hospital kernel's own counting explorer (``count_states``,
models/royal_hospital/kernel/explore.py) keeps each state as a byte string (zero runs,
zigzag varints): the encoding round-trips any ``int64`` array and tells states apart,
and the counts of ``tiny`` equal the reference explorer's."""

from __future__ import annotations

import numpy as np

from hhh_verify.models.royal_hospital.kernel.explore import (
    MAX_VARINT,
    decode_row,
    encode_row,
)
from hhh_verify.registry import get_game

EDGES = [0, 1, -1, 63, -64, 64, 127, 128, -129, 2**31, -(2**40), 2**62, -(2**63), 2**63 - 1]


def _round_trip(v: np.ndarray) -> tuple[bytes, np.ndarray]:
    buf = np.zeros(len(v) * MAX_VARINT, dtype=np.uint8)
    m = encode_row(v, buf)
    back = np.full(len(v), 7, dtype=np.int64)
    decode_row(buf, 0, m, back)
    return buf[:m].tobytes(), back


def test_encoding_round_trips_and_separates() -> None:
    """Edge values, long zero runs (over 255) and random arrays come back equal; arrays
    that differ in one slot encode differently."""
    rng = np.random.default_rng(5)
    rows = [np.array(EDGES, dtype=np.int64), np.zeros(600, dtype=np.int64)]
    long_run = np.zeros(700, dtype=np.int64)
    long_run[[0, 256, 511, 699]] = [3, -2, 300, 1]
    rows.append(long_run)
    for _ in range(200):
        v = rng.integers(-300, 300, size=120) * (rng.random(120) < 0.3)
        rows.append(v.astype(np.int64))
    seen: set[bytes] = set()
    for v in rows:
        code, back = _round_trip(v)
        assert np.array_equal(back, v)
        seen.add(code)
        w = v.copy()
        w[len(w) // 2] += 1
        assert _round_trip(w)[0] != code
    assert len(seen) == len({v.tobytes() for v in rows})


def test_count_states_equals_the_reference_on_tiny() -> None:
    """23,393 states, 24,369 transitions and 9,148 finished games (the reference
    explorer's counts of ``tiny``), complete, in far fewer bytes than the flat array."""
    spec = get_game("royal-hospital")
    kernel = spec.kernel(spec.model("tiny"))
    got = kernel.count_states(1_000_000)
    assert (got["states"], got["transitions"], got["complete"]) == (23393, 24369, True)
    assert got["terminal"] == {"over:completed": 9148}
    assert got["bytes_per_state"] < 8 * len(kernel.init) / 4
    cut = kernel.count_states(1000)
    assert cut["states"] == 1000 and not cut["complete"]
