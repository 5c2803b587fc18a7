"""The shared action order (``hhh_verify.contract.model.action_key``, compiled per class) is the
canonical one: verb name, then fields in declaration order. Legal action indices,
traces, adapters' ids and the HHH kernel's row order all depend on it."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hhh_helpers import model

from hhh_verify.contract import actions as contract
from hhh_verify.contract.actions import action_key, sort_actions
from hhh_verify.models.dice_hospital.rules.actions import ACTION_TYPES as DH_TYPES
from hhh_verify.models.hhh.rules.actions import ACTION_TYPES as HHH_TYPES
from hhh_verify.models.royal_hospital.rules.actions import ACTION_TYPES as RH_TYPES


def reference_key(a: Any) -> tuple[Any, ...]:
    """The order as the contract states it, written plainly."""
    return (type(a).__name__, *(getattr(a, f.name) for f in dataclasses.fields(a)))


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
            assert sort_actions(shuffled) == tuple(sorted(shuffled, key=reference_key)) == legal
            assert [action_key(a) for a in legal] == [reference_key(a) for a in legal]
            checked += 1
        s = m.sample_step(s, legal[rng.randrange(len(legal))], rng)
    assert checked > 100


def test_every_action_class_of_every_game_has_the_reference_key() -> None:
    for types in (HHH_TYPES, RH_TYPES, DH_TYPES):
        for cls in types.values():
            a = cls(*range(len(dataclasses.fields(cls))))
            assert action_key(a) == reference_key(a), cls.__name__


def test_a_key_that_drops_a_field_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Planted: a compiled key that forgets the last field fails the check above."""
    real = contract._compile_key

    def short(cls: type) -> Any:
        key = real(cls)
        return lambda a: key(a)[:-1] if len(dataclasses.fields(cls)) > 1 else key(a)

    monkeypatch.setattr(contract, "_compile_key", short)
    monkeypatch.setattr(contract, "_KEYS", {})
    with pytest.raises(AssertionError):
        test_every_action_class_of_every_game_has_the_reference_key()
