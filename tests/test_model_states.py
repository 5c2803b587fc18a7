"""The shared encoding check of the kernel explorers' tests can fail: a decoder that
loses a value, and an encoding that maps two rows to one string, are both caught."""

from __future__ import annotations

import numpy as np
import pytest
from model_states import assert_round_trips_and_separates


def test_planted_lossy_decoder_is_caught() -> None:
    with pytest.raises(AssertionError):
        assert_round_trips_and_separates(lambda v: (v.tobytes(), np.clip(v, -(2**62), 2**62)))


def test_planted_colliding_encoding_is_caught() -> None:
    with pytest.raises(AssertionError):
        assert_round_trips_and_separates(lambda v: (np.sign(v).tobytes(), v.copy()))


def test_a_faithful_encoding_passes() -> None:
    assert_round_trips_and_separates(lambda v: (v.tobytes(), v.copy()))
