"""Dice and draws (Przyjmowanie pacjentów: "przerzucane dotąd, aż pokażą wartości między
2 i 5"; Przed grą: "dobiera 3 losowe kostki"): the exact laws equal a die-by-die
enumeration of the aid's process, and the sampler draws from the same law."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest
from dice_hospital_helpers import model

from hhh_verify.models.dice_hospital.rules import admission as adm
from hhh_verify.models.dice_hospital.rules.dice import SampledDice, hypergeometric, multiset_roll
from hhh_verify.models.dice_hospital.rules.state import DICE_DRAW, PLACE


def brute_draw(counts: tuple[int, ...], n: int) -> Counter:
    """Draw ``n`` one at a time without replacement, exactly."""
    out: Counter = Counter()

    def rec(left: tuple[int, ...], got: tuple[int, ...], k: int, p: Fraction) -> None:
        if k == 0:
            out[got] += p
            return
        total = sum(left)
        for i, c in enumerate(left):
            if c:
                rec(
                    left[:i] + (c - 1,) + left[i + 1 :],
                    got[:i] + (got[i] + 1,) + got[i + 1 :],
                    k - 1,
                    p * Fraction(c, total),
                )

    rec(counts, (0,) * len(counts), n, Fraction(1))
    return out


def brute_roll(k: int) -> Counter:
    """``k`` dice, each re-rolled until 2..5: every ordered tuple of 2..5 equally likely;
    counted as a multiset (counts per face)."""
    out: Counter = Counter()
    for faces in product(range(4), repeat=k):
        out[tuple(faces.count(f) for f in range(4))] += Fraction(1, 4**k)
    return out


def test_a_die_rerolled_until_2_to_5_is_uniform() -> None:
    """Re-rolling 1 and 6 leaves each of 2..5 with probability (1/6) / (4/6) = 1/4."""
    p = Fraction(1, 6) / (1 - Fraction(2, 6))
    assert p == Fraction(1, 4)
    assert dict(multiset_roll(1, 4)) == {
        (1, 0, 0, 0): p,
        (0, 1, 0, 0): p,
        (0, 0, 1, 0): p,
        (0, 0, 0, 1): p,
    }


@pytest.mark.parametrize("k", range(0, 6))
def test_multiset_roll_equals_ordered_enumeration(k: int) -> None:
    law = dict(multiset_roll(k, 4))
    assert law == dict(brute_roll(k))
    assert sum(law.values()) == 1
    assert len(law) == len({tuple(sorted(t)) for t in product(range(4), repeat=k)})


def test_hypergeometric_equals_draws_one_at_a_time() -> None:
    rng = random.Random(5)
    for _ in range(60):
        counts = tuple(rng.randint(0, 4) for _ in range(rng.randint(1, 4)))
        n = rng.randint(0, sum(counts))
        assert dict(hypergeometric(counts, n)) == dict(brute_draw(counts, n)), (counts, n)


def test_full_game_draw_is_exact() -> None:
    """Fifteen dice for five ambulances (four players) from 3 x 21: 136 colour mixes."""
    law = hypergeometric((21, 21, 21), 15)
    assert len(law) == 136 and sum(p for _, p in law) == 1


@pytest.mark.parametrize("kind", ["draw", "roll"])
def test_sampler_draws_the_same_law(kind: str) -> None:
    """Empirical frequencies of the die-by-die sampler sit close to the exact law (fixed
    seed, so the check is deterministic)."""
    exact = dict(hypergeometric((3, 2, 2), 3) if kind == "draw" else multiset_roll(3, 4))
    sampler = SampledDice(random.Random(11))
    n = 20_000
    seen: Counter = Counter()
    for _ in range(n):
        ((key, _),) = sampler.draw((3, 2, 2), 3) if kind == "draw" else sampler.roll(3, 4)
        seen[key] += 1
    assert set(seen) <= set(exact)
    for key, p in exact.items():
        sd = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(seen[key] / n - float(p)) <= 5 * sd + 1e-9, key


def _admitted_dice(m, s) -> Counter:
    """The law of the dice in the ambulances, from a DICE_DRAW state, through ``step``."""
    out: Counter = Counter()
    frontier = [(s, Fraction(1))]
    while frontier:
        t, p = frontier.pop()
        if t.phase == PLACE or t.ambulances:
            dice = t.rolled if t.phase == PLACE else tuple(d for a in t.ambulances for d in a)
            out[tuple(sorted(dice))] += p
            continue
        (a,) = m.legal_actions(t)
        frontier += [(u, p * q) for u, q in m.step(t, a)]
    return out


def test_model_admission_law_equals_die_by_die_process() -> None:
    """Draw three dice from a bag of 3 red and 2 yellow, roll each to 2..5: the model's
    chance steps give the law of the multiset of (colour, value)."""
    m = model("small", dice_per_colour=6)
    s = replace(m.initial_state(), phase=DICE_DRAW, supply=(3, 2))
    law = _admitted_dice(m, s)
    want: Counter = Counter()
    for colours, p in brute_draw((3, 2), 3).items():
        cs = [c for c, k in enumerate(colours) for _ in range(k)]
        for values in product((2, 3, 4, 5), repeat=3):
            want[tuple(sorted(zip(cs, values)))] += p * Fraction(1, 64)
    assert law == want


def test_tie_arrangements_fast_path_equals_enumeration(monkeypatch: pytest.MonkeyPatch) -> None:
    """Przyjmowanie pacjentów: only tied colours across an ambulance boundary leave a
    choice; the shortcut for 'no such tie' gives exactly the full enumeration."""
    m = model("full", players=4)
    rng = random.Random(1)
    cases = [
        tuple(sorted((rng.randrange(3), rng.randint(2, 5)) for _ in range(rng.randint(0, 15))))
        for _ in range(400)
    ]
    fast = [adm.arrangements(m.ctx, r) for r in cases]
    monkeypatch.setattr(adm, "_untied", lambda *a: False)
    assert fast == [adm.arrangements(m.ctx, r) for r in cases]


def test_arrangements_keep_values_ascending() -> None:
    m = model("full")
    rolled = ((0, 3), (1, 3), (2, 3), (0, 4), (0, 2), (1, 5), (2, 5), (0, 5), (1, 2))
    opts = adm.arrangements(m.ctx, tuple(sorted(rolled)))
    assert len(opts) > 1
    for ambs in opts:
        highs = [max(v for _, v in a) for a in ambs]
        lows = [min(v for _, v in a) for a in ambs]
        assert all(h <= lo for h, lo in zip(highs, lows[1:]))
        assert sorted(d for a in ambs for d in a) == sorted(rolled)
