"""Every HHH ambiguity is consulted by the model, and every option is accepted."""

from __future__ import annotations

import inspect

import pytest
from hhh_helpers import model

from hhh_verify.models.hhh import SPEC, context
from hhh_verify.models.hhh.ambiguities import REGISTRY


def test_every_ambiguity_is_consulted():
    source = inspect.getsource(context)
    missing = [a.id for a in REGISTRY if f'"{a.id}"' not in source]
    assert not missing, f"ambiguities the model never reads: {missing}"


def test_there_are_dozens_of_entries_with_quotes():
    assert len(REGISTRY) >= 25
    for a in REGISTRY:
        assert a.quotes and all(q.section and q.text for q in a.quotes)
        assert a.why


@pytest.mark.parametrize("amb", list(REGISTRY), ids=lambda a: a.id)
def test_every_option_builds_a_model(amb):
    for opt in amb.option_ids:
        m = model("tiny", interpret=(f"{amb.id}={opt}",))
        assert m.interpretation.choice(amb.id) == opt
        m.legal_actions(m.initial_state())


def test_spec_default_interpretation_matches_defaults():
    interp = SPEC.ambiguities.default()
    assert all(interp.choice(a.id) == a.default for a in REGISTRY)
