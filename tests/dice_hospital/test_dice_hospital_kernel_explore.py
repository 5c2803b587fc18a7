"""The Dice Hospital kernel's counting explorer (``count_states``,
models/dice_hospital/kernel/explore.py) keeps each state as a byte string over the
config's slots (zero runs, zigzag varints): the encoding round-trips any ``int64``
values and tells states apart, and every slot a reachable state uses is one it keeps.
(Its counts equal the reference explorer's: ``test_dice_hospital_kernel.py``.)"""

from __future__ import annotations

import numpy as np
from dice_hospital_kernel_helpers import all_states, model_and_kernel, playout_states
from model_states import assert_round_trips_and_separates

from hhh_verify.models.dice_hospital import SPEC
from hhh_verify.models.dice_hospital.kernel.explore import (
    MAX_VARINT,
    decode_slots,
    encode_slots,
    packing,
)


def _round_trip(v: np.ndarray, slots: np.ndarray) -> tuple[bytes, np.ndarray]:
    buf = np.zeros(len(slots) * MAX_VARINT + 2, dtype=np.uint8)
    m = encode_slots(v, slots, buf)
    back = np.full(len(v), 7, dtype=np.int64)
    decode_slots(buf, 0, m, slots, back)
    return buf[:m].tobytes(), back


def test_encoding_round_trips_and_separates() -> None:
    """Edge values, long zero runs (over 255) and random arrays come back equal; arrays
    that differ in one slot encode differently (every slot kept)."""
    assert_round_trips_and_separates(lambda v: _round_trip(v, np.arange(len(v), dtype=np.int64)))


def test_reachable_states_use_only_the_kept_slots() -> None:
    """States of ``tiny`` (breadth-first) and of ``small`` games round-trip through the
    config's slots; a value in a slot the config does not keep would not (planted)."""
    for preset, states in (("tiny", lambda m: all_states(m, 3000)), ("small", None)):
        m, k = model_and_kernel(SPEC.presets[preset])
        slots = packing(m.ctx)[0]
        got = states(m) if states else playout_states(m, 3, 11)
        for s in got:
            v = k.encode(s)
            assert np.array_equal(_round_trip(v, slots)[1], v)
        unkept = np.setdiff1d(np.arange(len(v)), slots)[0]
        v = v.copy()
        v[unkept] = 1
        assert not np.array_equal(_round_trip(v, slots)[1], v)
