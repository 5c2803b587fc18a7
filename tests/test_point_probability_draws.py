"""Bounded draws (models/hhh/rules/point_draws.py): exactly the exact draws above the floor.

:class:`FloorDraws` with a floor yields the results of :class:`ExactDraws` whose bag
keeps at least the floor, with the same probabilities, from closed forms (or from the
filtered exact law when the bag may empty and be refilled).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from hhh_verify.models.hhh.rules.draws import ExactDraws
from hhh_verify.models.hhh.rules.point_draws import FloorDraws, bounded

KINDS = ("plain", "chain", "no_black")


def _expected(kind: str, bag: Any, disc: Any, n: int, floor: Any, refill: bool = True) -> Any:
    exact = ExactDraws()
    args = (bag, disc, n, refill) if kind == "no_black" else (bag, disc, n)
    return {
        r: p for r, p in getattr(exact, kind)(*args) if all(x >= f for x, f in zip(r[1], floor))
    }


def _floored(kind: str, bag: Any, disc: Any, n: int, floor: Any, refill: bool = True) -> Any:
    draws = FloorDraws()
    draws.floor = floor
    args = (bag, disc, n, refill) if kind == "no_black" else (bag, disc, n)
    out: dict[Any, Any] = {}
    for r, p in getattr(draws, kind)(*args):
        assert r not in out, "a result twice"
        out[r] = p
    return out


@pytest.mark.parametrize("kind", KINDS)
def test_small_bags_with_refills(kind: str) -> None:
    """Random small bags (the bag often empties) and random floors."""
    rng = random.Random(3)
    for _ in range(300):
        C = rng.randint(1, 3)
        bag = tuple(rng.randint(0, 4) for _ in range(C + 1))
        disc = tuple(rng.randint(0, 3) for _ in range(C + 1))
        n = rng.randint(1, 5)
        floor = tuple(rng.randint(0, b) for b in bag)
        refill = rng.random() < 0.5
        assert _floored(kind, bag, disc, n, floor, refill) == _expected(
            kind, bag, disc, n, floor, refill
        ), (bag, disc, n, floor, refill)


@pytest.mark.parametrize("kind", KINDS)
def test_real_bag_floors_near_a_result(kind: str) -> None:
    """The real 88-cube bag: floors a few cubes below the bag (the pruned case)."""
    rng = random.Random(5)
    bag, disc = (16, 16, 16, 16, 16, 8), (0,) * 6
    for n in (1, 2, 6):
        for _ in range(5):
            floor = tuple(max(0, b - rng.randint(0, 4)) for b in bag)
            assert _floored(kind, bag, disc, n, floor) == _expected(kind, bag, disc, n, floor)


def test_no_floor_is_the_exact_law() -> None:
    bag, disc = (3, 2, 1), (1, 0, 1)
    draws = FloorDraws()
    exact = ExactDraws()
    for kind in KINDS:
        assert getattr(draws, kind)(bag, disc, 3) == getattr(exact, kind)(bag, disc, 3)
    assert draws.hyper((2, 3), 2) == exact.hyper((2, 3), 2)


def test_bounded_compositions() -> None:
    got = sorted(bounded((3, 1, 2), (1, 1, 2), 2))
    assert got == [((0, 0, 2), 1), ((0, 1, 1), 2), ((1, 0, 1), 6), ((1, 1, 0), 3)]
    assert list(bounded((3, 1), (1, 0), 2)) == []


def test_planted_missing_black_results_are_caught() -> None:
    """A chain that stops at k = 0 black cubes differs from the exact law."""

    class NoBlacks(FloorDraws):
        def chain(self, bag: Any, discard: Any, need: int) -> Any:
            return [(r, p) for r, p in super().chain(bag, discard, need) if r[2] == discard]

    draws = NoBlacks()
    bag, disc = (16, 16, 16, 16, 16, 8), (0,) * 6
    floor = (12, 12, 12, 12, 12, 6)
    draws.floor = floor
    got = dict(draws.chain(bag, disc, 2))
    assert got != _expected("chain", bag, disc, 2, floor)
