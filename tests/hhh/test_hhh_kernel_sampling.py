"""The kernel's sampler and players against the reference (issue 13).

* Sampling: the kernel draws cube by cube (its own generator); on steps with many
  outcomes (arrivals, Heals with bonus draws, Research, Visits) a seeded chi-square
  goodness-of-fit test (scipy.stats) compares its samples with the reference's exact law.
* Greedy: on states met along games, the kernel's best-scored actions are exactly the
  reference ``greedy_score``'s best (ties are then broken uniformly by both).
* Whole games: kernel playouts end like the reference's (same end reasons, win rates
  within sampling error).
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
from hhh_kernel_helpers import model_and_kernel, playout_states
from scipy import stats

from hhh_verify.models.hhh.kernel.codec import action_row
from hhh_verify.models.hhh.play.policies import greedy_score

SAMPLES = 2000
#: The verbs whose steps draw (cubes, cards, markers, Staff).
CHANCE_VERBS = {"Draw", "Heal", "Bonus", "Research", "AdminRedraw", "TakeTraining"}


def _gof(m, k, s, a, seed: int) -> float:  # type: ignore[no-untyped-def]
    """p-value of the kernel's samples of ``a`` in ``s`` against ``step``'s exact law."""
    dist = m.step(s, a)
    index = {k.encode(st).tobytes(): i for i, (st, _) in enumerate(dist)}
    v, row = k.encode(s), action_row(k.C, a)
    counts = Counter()
    from hhh_verify.models.hhh.kernel.leaf import sample_leaf

    out = np.empty_like(v)
    for j in range(SAMPLES):
        sample_leaf(k.K, v, row, np.uint64(seed), j, out)
        key = out.tobytes()
        assert key in index, "the kernel sampled a successor step does not list"
        counts[index[key]] += 1
    expected = np.array([float(p) * SAMPLES for _, p in dist])
    observed = np.array([counts[i] for i in range(len(dist))], dtype=float)
    # pool outcomes expected fewer than 5 times into one cell (chi-square validity)
    small = expected < 5
    if small.any():
        expected = np.append(expected[~small], expected[small].sum())
        observed = np.append(observed[~small], observed[small].sum())
    if len(expected) < 2:
        return 1.0
    return float(stats.chisquare(observed, expected * observed.sum() / expected.sum()).pvalue)


def _chance_steps(m, games: int, seed: int, limit: int):  # type: ignore[no-untyped-def]
    """(state, action) pairs with several outcomes met along random games."""
    found = []
    for s in playout_states(m, games, seed):
        for a in m.legal_actions(s):
            if type(a).__name__ not in CHANCE_VERBS:
                continue
            if len(found) < limit and 3 <= len(m.step(s, a)) <= 400:
                found.append((s, a))
                break
    return found


def test_sampler_matches_exact_law() -> None:
    """Seeded chi-square tests on steps of ``interactions`` and ``small``: none rejects
    at 0.1% (a Bonferroni-style bound over the tested steps)."""
    pairs = []
    for preset in ("interactions", "small"):
        m, k = model_and_kernel(preset)
        pairs += [(m, k, s, a) for s, a in _chance_steps(m, 12, 2, 10)]
    assert len(pairs) >= 8, len(pairs)
    pvalues = [_gof(m, k, s, a, 1000 + i) for i, (m, k, s, a) in enumerate(pairs)]
    assert min(pvalues) > 0.001 / len(pvalues) * 10, pvalues


def test_gof_catches_a_biased_sampler() -> None:
    """The test has power: reference samples of a *different* action fail it."""
    m, k = model_and_kernel("small")
    (s, a), *_ = _chance_steps(m, 12, 2, 1)
    dist = m.step(s, a)
    rng = random.Random(0)
    weights = [float(p) for _, p in dist]
    # a sampler that favours the first outcome
    biased = [min(1.0, w * (3 if i == 0 else 1)) for i, w in enumerate(weights)]
    draws = Counter(rng.choices(range(len(dist)), biased, k=SAMPLES))
    expected = np.array(weights) * SAMPLES
    observed = np.array([draws[i] for i in range(len(dist))], dtype=float)
    assert stats.chisquare(observed, expected * observed.sum() / expected.sum()).pvalue < 1e-6


def test_greedy_best_actions_equal() -> None:
    """The kernel's best-scored actions are the reference greedy's, on every state of a
    few games of ``interactions`` and the full game."""
    for preset in ("interactions", "full"):
        m, k = model_and_kernel(preset)
        for s in playout_states(m, 2, 4):
            legal = m.legal_actions(s)
            if not legal:
                continue
            scores = [greedy_score(m, s, a) for a in legal]
            best = max(scores)
            want = tuple(a for a, sc in zip(legal, scores) if sc == best)
            assert k.greedy_best(s) == want, s


def test_kernel_games_end_like_reference_games() -> None:
    """Random games of ``tiny`` in the kernel and in the reference: the same end
    reasons, win rates within a two-proportion z-test at 0.1%."""
    m, k = model_and_kernel("tiny")
    n, n_ref = 4000, 600
    rows = k.play(np.arange(n, dtype=np.uint64) + 17, "random", 10_000)
    kernel_wins = int((rows[:, 0] == 3).sum())
    rng = random.Random(5)
    ref_wins = 0
    ref_reasons = set()
    for _ in range(n_ref):
        s = m.initial_state()
        while m.outcome(s) is None:
            legal = m.legal_actions(s)
            s = m.sample_step(s, legal[rng.randrange(len(legal))], rng)
        ref_wins += s.reason == 3
        ref_reasons.add(s.reason)
    assert set(int(r) for r in rows[:, 0]) == ref_reasons
    p = (kernel_wins + ref_wins) / (n + n_ref)
    z = (kernel_wins / n - ref_wins / n_ref) / (p * (1 - p) * (1 / n + 1 / n_ref)) ** 0.5
    assert abs(z) < 3.29, (kernel_wins, ref_wins)
