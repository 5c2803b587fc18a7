"""The Royal Hospital kernel's own counting explorer (``count_states``,
models/royal_hospital/kernel/explore.py) keeps each state as a byte string (zero runs,
zigzag varints): the encoding round-trips any ``int64`` array and tells states apart,
and the counts of ``tiny`` equal the reference explorer's."""

from __future__ import annotations

import numpy as np
from model_states import assert_round_trips_and_separates

from hhh_verify.contract.registry import get_game
from hhh_verify.models.royal_hospital.kernel.explore import (
    MAX_VARINT,
    decode_row,
    encode_row,
)


def _round_trip(v: np.ndarray) -> tuple[bytes, np.ndarray]:
    buf = np.zeros(len(v) * MAX_VARINT, dtype=np.uint8)
    m = encode_row(v, buf)
    back = np.full(len(v), 7, dtype=np.int64)
    decode_row(buf, 0, m, back)
    return buf[:m].tobytes(), back


def test_encoding_round_trips_and_separates() -> None:
    """Edge values, long zero runs (over 255) and random arrays come back equal; arrays
    that differ in one slot encode differently."""
    assert_round_trips_and_separates(_round_trip)


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
