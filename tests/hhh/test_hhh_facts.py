"""Every number the Healthy Heart Hospital rulebook prints holds on the ``full`` preset
(``models/hhh/book/facts.py``): a wrong constant fails here with the sentence it breaks."""

from __future__ import annotations

import pytest

from hhh_verify.contract.registry import get_game
from hhh_verify.models.hhh.book.facts import FACTS, NOT_MODELLED
from hhh_verify.models.hhh.rules import config

HHH = get_game("hhh")


@pytest.mark.parametrize("fact", FACTS, ids=lambda f: f"{f.section}: {f.quote[:40]}")
def test_fact_holds_on_the_full_game(fact) -> None:
    model = HHH.model("full", fact.overrides, fact.readings)
    got = fact.get(model)
    assert fact.holds(model), f'{fact.section}: "{fact.quote}" -- book {fact.value}, model {got}'


def test_facts_cover_the_printed_counts() -> None:
    """Each printed component count is a fact or listed as not modelled, with its reason."""
    quotes = (
        " | ".join(f.quote for f in FACTS) + " | " + " | ".join(q for _s, q, _w in NOT_MODELLED)
    )
    for item in (
        "88 Wooden Cubes",
        "30 Patient Markers",
        "10 Medical Action Tokens",
        "8 Ward Ability Tokens",
        "2 Money Trackers",
        "5 Administrative Action Tokens",
        "18 Training Markers",
        "12 Staff Markers",
        "1 Round Marker",
        "1 Cloth Bag",
        "14 New Room Cards",
        "7 Administrator Cards",
        "14 Doctor Cards",
        "20 Research Cards",
    ):
        assert item in quotes, item
    assert all(why for _s, _q, why in NOT_MODELLED)


def test_a_wrong_constant_fails_its_fact(monkeypatch: pytest.MonkeyPatch) -> None:
    """Planted: the full game with 5 rounds (config.py changed) breaks "six rounds"."""
    from dataclasses import replace

    monkeypatch.setitem(HHH.presets, "full", replace(config.FULL, rounds=5))
    model = HHH.model("full")
    broken = [f.quote for f in FACTS if not f.overrides and not f.readings and not f.holds(model)]
    assert "over the course of six rounds" in broken
    assert "If it is the 6th round, immediately proceed to Victory and Defeat" in broken


def test_check_fails_on_a_wrong_constant(monkeypatch: pytest.MonkeyPatch) -> None:
    """`check` runs the facts (property kind ``fact``): the real game holds them; with 5
    rounds in the full preset it reports the broken sentences."""
    from dataclasses import replace

    from hhh_verify.check.run import CheckOptions, check_model
    from hhh_verify.contract.registry import properties_for
    from hhh_verify.engines.fact_check import FactEngine

    props = properties_for("hhh").select(["hhh.facts"])
    ok = check_model(HHH.model("full"), HHH.ambiguities, props, CheckOptions(), [FactEngine()])
    assert [r.status for r in ok] == ["holds"]
    tiny = check_model(HHH.model("tiny"), HHH.ambiguities, props, CheckOptions(), [FactEngine()])
    assert [r.status for r in tiny] == ["skipped"]
    monkeypatch.setitem(HHH.presets, "full", replace(config.FULL, rounds=5))
    bad = check_model(HHH.model("full"), HHH.ambiguities, props, CheckOptions(), [FactEngine()])
    assert [r.status for r in bad] == ["violated"] and "six rounds" in bad[0].message
