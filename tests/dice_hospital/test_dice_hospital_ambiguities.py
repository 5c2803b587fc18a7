"""Every Dice Hospital ambiguity quotes the Polish aid verbatim and every option builds a
model that plays whole games (reads: ``test_registry_conformance.py``)."""

from __future__ import annotations

import pytest
from dice_hospital_helpers import AID_PL, model, play

from hhh_verify.contract.errors import ModelError
from hhh_verify.models.dice_hospital.rules.ambiguities import REGISTRY


def _normalise(text: str) -> str:
    return " ".join(text.split())


def test_every_quote_is_the_polish_source() -> None:
    """Every quote is a substring of the Polish aid (whitespace-normalised; '...' joins
    two verbatim parts); none comes from the English rendering, which is a reading help."""
    pl = _normalise(AID_PL.read_text(encoding="utf-8"))
    missing = [
        (a.id, part)
        for a in REGISTRY
        for q in a.quotes
        for part in (_normalise(p) for p in q.text.split("..."))
        if part and part not in pl
    ]
    assert not missing, missing


#: Config changes under which an ambiguity's options can differ at all.
WHERE = {
    "DH-SOLO": {"players": 1},
    "DH-SUPERBUG-2": {"variant_superbug": True},
    "DH-EPIDEMIC-ROLL": {"variant_epidemic": True, "capacity": 2},
    "DH-CRISIS-COLOURS": {
        "variant_crisis": True,
        "capacity": 5,
        "colours": 2,
        "dice_per_colour": 9,
    },
}


@pytest.mark.parametrize("amb", list(REGISTRY), ids=lambda a: a.id)
def test_every_option_builds_and_plays(amb) -> None:
    changes = WHERE.get(amb.id, {})
    for opt in amb.option_ids:
        if amb.id == "DH-SOLO" and opt == "no-solo":
            with pytest.raises(ModelError, match="DH-SOLO"):
                model("tiny", interpret=(f"{amb.id}={opt}",), **changes)
            continue
        m = model("tiny", interpret=(f"{amb.id}={opt}",), **changes)
        assert m.readings.reading_of(amb.id) == opt
        for seed in range(2):
            assert m.outcome(play(m, seed)) is not None
