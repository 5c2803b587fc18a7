"""Configs that cannot be played are refused when the config is validated (one
``invalid HHH config`` line, as the other config errors): an empty New Room deck, and
the fewer-markers variant drawing more setup markers than the variant leaves."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hhh_verify.contract.errors import ModelError
from hhh_verify.models.hhh import SPEC


def test_an_empty_new_room_deck_is_refused() -> None:
    base = SPEC.config("tiny")
    with pytest.raises(ModelError, match="rooms_in_deck is empty"):
        replace(base, rooms_in_deck=(), starting_room=-1, variant_two_rooms=False)


def test_more_setup_markers_than_the_fewer_markers_variant_leaves_is_refused() -> None:
    full = SPEC.config("full")
    # 5 colours x (4 - 1) markers: 15 left, so 15 setup markers are fine, 16 are not
    replace(full, variant_fewer_markers=True, setup_markers=15)
    with pytest.raises(ModelError, match="setup_markers=16 exceeds"):
        replace(full, variant_fewer_markers=True, setup_markers=16)
