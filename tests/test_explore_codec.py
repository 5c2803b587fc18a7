"""Compact state keys: exact round trips, widening, and identical explorations."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple

import pytest
from toy_model import toy

from hhh_verify.engines.explore import analysis as an
from hhh_verify.engines.explore.explorer import explore
from hhh_verify.engines.explore.statecodec import StateCodec


@dataclass(frozen=True, slots=True)
class Rec:
    n: int
    tag: tuple[int, ...]
    flag: bool
    extra: Any = None


class NT(NamedTuple):
    n: int
    tag: tuple[int, ...]


def test_round_trip_and_lookup() -> None:
    for states in (
        [Rec(1, (2, 3), True), Rec(1, (2, 3), False, Rec(0, (), True))],
        [NT(1, (2,)), NT(5, ())],
    ):
        codec = StateCodec.for_state(states[0])
        assert codec is not None
        keys = [codec.encode(s) for s in states]
        assert len(set(keys)) == len(states)
        assert [codec.decode(k) for k in keys] == states
        assert codec.lookup(states[0]) == keys[0]
    assert codec.lookup(NT(99, (2,))) is None


def test_not_a_record_means_no_codec() -> None:
    assert StateCodec.for_state("s0") is None and StateCodec.for_state((1, 2)) is None


def test_widening_repacks_existing_keys() -> None:
    codec = StateCodec.for_state(NT(0, ()))
    assert codec is not None
    index = {}
    for i in range(300):
        s = NT(i, (i % 3,))
        try:
            key = codec.encode(s)
        except Exception:
            index = codec.widen(index)
            key = codec.encode(s)
        index[key] = i
    assert codec.codes == ["H", "B"] and codec.key_bytes == 3
    assert [codec.decode(k).n for k in index] == list(range(300))
    assert all(index[codec.lookup(NT(i, (i % 3,)))] == i for i in range(300))


class Counter:
    """A chain of 600 states (forces widening) with a coin at every step."""

    game = "counter"
    config = None

    def initial_state(self) -> NT:
        return NT(0, ())

    def legal_actions(self, s: NT) -> tuple[int, ...]:
        return () if s.n >= 600 else (0,)

    def step(self, s: NT, a: int) -> Any:
        half = Fraction(1, 2)
        return ((NT(s.n + 1, ()), half), (NT(min(s.n + 2, 600), ()), half))

    def outcome(self, s: NT) -> Any:
        return "end" if s.n >= 600 else None

    def round_of(self, s: NT) -> int:
        return 1


@pytest.mark.parametrize("make", [toy, lambda: toy(("TOY-BLACK=penalty",)), Counter])
def test_compact_and_plain_explorations_are_identical(make: Any) -> None:
    a, b = explore(make(), compact=True), explore(make(), compact=False)
    assert a.codec is not None and b.codec is None
    assert a.states() == b.states()
    assert list(a.edge_succ) == list(b.edge_succ) and list(a.parent) == list(b.parent)
    if a.outcome_of and hasattr(a.outcomes[0], "won"):
        assert an.terminal_counts(a) == an.terminal_counts(b)
