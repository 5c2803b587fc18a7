"""Every Royal Hospital ambiguity quotes the rulebook verbatim, is consulted by the model,
and every option builds a model that plays whole games."""

from __future__ import annotations

import inspect
import random

import pytest
from rulebooks import rulebook

from hhh_verify.model import ModelError, sample_index
from hhh_verify.models.royal_hospital import SPEC, context
from hhh_verify.models.royal_hospital.ambiguities import REGISTRY

RULEBOOK = rulebook("royal-hospital.txt")


def _normalise(text: str) -> str:
    return " ".join(text.split())


def test_every_quote_is_verbatim() -> None:
    """Quotes are verbatim (whitespace-normalised; '...' joins two verbatim parts)."""
    book = _normalise(RULEBOOK.read_text(encoding="utf-8"))
    missing = [
        (a.id, part)
        for a in REGISTRY
        for q in a.quotes
        for part in (_normalise(p) for p in q.text.split("..."))
        if part and part not in book
    ]
    assert not missing, missing


def test_every_ambiguity_is_consulted() -> None:
    source = inspect.getsource(context)
    missing = [a.id for a in REGISTRY if f'"{a.id}"' not in source]
    assert not missing, f"ambiguities the model never reads: {missing}"


def test_dozens_of_entries_with_evidence() -> None:
    assert len(REGISTRY) >= 30
    for a in REGISTRY:
        assert a.quotes and all(q.section and q.text for q in a.quotes)
        assert a.why and a.title


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
            assert m.interpretation.choice(amb.id) == opt
            _play(m, seed=1)


def test_solo_reject_refuses_one_player() -> None:
    SPEC.model("full", ("players=1",))  # the default reading plays solo
    with pytest.raises(ModelError, match="players=1 under RH-SOLO=reject"):
        SPEC.model("full", ("players=1",), ("RH-SOLO=reject",))
