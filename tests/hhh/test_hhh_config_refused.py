"""Configs that cannot be played are refused when the config is validated (one
``invalid HHH config`` line, as the other config errors): an empty New Room deck and
the fewer-markers variant drawing more setup markers than the variant leaves; and, when
the model is built from a config and its readings, HHH-WARD-BEDS=one-fewer on Wards of
one bed."""

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


def test_one_fewer_bed_of_a_one_bed_ward_is_refused() -> None:
    """HHH-WARD-BEDS=one-fewer takes a bed from the configured count; the rulebook's Wards
    have 4 and none has 1, so a one-bed config under it has no reading to play: refused
    with one line (it used to keep the bed silently, its promise exempted)."""
    one_fewer = SPEC.ambiguities.with_readings({"HHH-WARD-BEDS": "one-fewer"})
    with pytest.raises(ModelError, match=r"one-fewer needs ward_beds >= 2 \(ward_beds=1"):
        SPEC.make_model(SPEC.config("interactions"), one_fewer)
    two_beds = replace(SPEC.config("interactions"), ward_beds=2)
    assert SPEC.make_model(two_beds, one_fewer).ctx.beds == 1
    as_config = SPEC.ambiguities.with_readings({"HHH-WARD-BEDS": "as-config"})
    assert SPEC.make_model(SPEC.config("interactions"), as_config).ctx.beds == 1


def test_diverge_passes_over_a_probe_one_reading_refuses() -> None:
    """The interactions preset has one-bed Wards, which HHH-WARD-BEDS=one-fewer refuses:
    diverge (and so report) lists that probe as not played and searches the others;
    a configuration the user names is refused with its one line."""
    from hhh_verify.contract.scenario import Scenario
    from hhh_verify.engines import diverge

    res = diverge.diverge(SPEC, Scenario("hhh"), "HHH-WARD-BEDS")
    refused = [e for e in res.searched if e["reason"].startswith("not played:")]
    assert refused and all("ward_beds >= 2" in e["reason"] for e in refused)
    assert res.witness is not None
    with pytest.raises(ModelError, match="ward_beds >= 2"):
        diverge.diverge(SPEC, Scenario("hhh", preset="interactions"), "HHH-WARD-BEDS")
