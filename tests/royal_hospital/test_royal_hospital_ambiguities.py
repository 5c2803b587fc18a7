"""Every Royal Hospital option builds a model that plays whole games (quotes and reads:
``test_rule_quotes.py``, ``test_registry_conformance.py``)."""

from __future__ import annotations

import random

import pytest

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.outcomes import sample_index
from hhh_verify.models.royal_hospital import SPEC
from hhh_verify.models.royal_hospital.rules.ambiguities import REGISTRY


def _play(m, seed: int, steps: int = 2000) -> None:
    rng = random.Random(seed)
    s = m.initial_state()
    for _ in range(steps):
        if m.outcome(s) is not None:
            return
        legal = m.legal_actions(s)
        dist = m.step(s, legal[rng.randrange(len(legal))])
        s = dist[sample_index(dist, rng)][0]
    raise AssertionError("game did not end")


@pytest.mark.parametrize("amb", list(REGISTRY), ids=lambda a: a.id)
def test_every_option_builds_and_plays(amb) -> None:
    for opt in amb.option_ids:
        for preset in ("tiny", "small"):
            m = SPEC.model(preset, (), (f"{amb.id}={opt}",))
            assert m.readings.reading_of(amb.id) == opt
            _play(m, seed=1)


def test_solo_reject_refuses_one_player() -> None:
    SPEC.model("full", ("players=1",))  # the default reading plays solo
    with pytest.raises(ModelError, match="players=1 under RH-SOLO=reject"):
        SPEC.model("full", ("players=1",), ("RH-SOLO=reject",))
