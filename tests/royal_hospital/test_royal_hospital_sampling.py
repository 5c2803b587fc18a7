"""One law of chance: ``sample_step`` draws exactly the distribution ``step`` enumerates.

At every chance step and diagnosis of some random games, every value the sampler's
``randrange`` can return is tried once; the successors, counted, must be ``step``'s
distribution times the number of values -- an exact proof for that state, not a
statistical test.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from hhh_verify.contract.outcomes import sample_index
from hhh_verify.models.royal_hospital import SPEC
from hhh_verify.models.royal_hospital.rules import actions as A


class Scripted:
    """A stand-in for ``random.Random`` whose ``randrange`` returns a given value."""

    def __init__(self, value: int):
        self.value = value
        self.bound: int | None = None

    def randrange(self, n: int) -> int:
        self.bound = n
        return self.value


def sampled_law(m: Any, s: Any, a: Any) -> dict[Any, Fraction]:
    probe = Scripted(0)
    m.sample_step(s, a, probe)
    n = probe.bound or 1
    counts = Counter(m.sample_step(s, a, Scripted(r)) for r in range(n))
    return {t: Fraction(c, n) for t, c in counts.items()}


@pytest.mark.parametrize("preset", ["tiny", "small", "full"])
def test_sample_step_is_steps_law(preset: str) -> None:
    m = SPEC.model(preset)
    checked = 0
    for seed in range(3 if preset != "full" else 1):
        rng = random.Random(seed)
        s = m.initial_state()
        for _ in range(400):
            if m.outcome(s) is not None:
                break
            legal = m.legal_actions(s)
            a = legal[rng.randrange(len(legal))]
            dist = m.step(s, a)
            if isinstance(a, (A.Draw, A.Diagnose)):
                assert sampled_law(m, s, a) == dict(dist)
                checked += 1
            else:
                assert m.sample_step(s, a, rng) == dist[0][0] and len(dist) == 1
            s = dist[sample_index(dist, rng)][0]
    assert checked > 5
