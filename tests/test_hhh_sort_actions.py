"""HHH's compiled action sort (models/hhh/actions.py) keeps the canonical order of
``hhh_verify.model.sort_actions``: verb name, then fields (legal action indices, traces
and the kernel's row order all depend on it)."""

from __future__ import annotations

import random

from hhh_helpers import model

from hhh_verify.model import action_key
from hhh_verify.model import sort_actions as reference
from hhh_verify.models.hhh.actions import ACTION_TYPES, _action_key, sort_actions


def test_same_order_as_the_reference_on_played_positions() -> None:
    m = model("full")
    rng = random.Random(7)
    s, checked = m.initial_state(), 0
    for _ in range(1500):
        if m.outcome(s) is not None:
            s = m.initial_state()
        legal = m.legal_actions(s)
        if len(legal) > 1:
            shuffled = list(legal)
            rng.shuffle(shuffled)
            assert sort_actions(shuffled) == reference(shuffled) == legal
            assert [_action_key(a) for a in legal] == [action_key(a) for a in legal]
            checked += 1
        s = m.sample_step(s, legal[rng.randrange(len(legal))], rng)
    assert checked > 100


def test_every_action_class_has_a_key_of_the_reference_shape() -> None:
    for cls in ACTION_TYPES.values():
        n = len(cls.__dataclass_fields__)  # type: ignore[attr-defined]
        a = cls(*range(n))
        assert _action_key(a) == action_key(a)
