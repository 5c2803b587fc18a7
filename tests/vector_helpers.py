"""What the vector-environment tests share: the exact law after a few decisions, random
games played on the reference model and in the vector environment, and a two-sample
test of their results."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np
from scipy.stats import chi2_contingency, chisquare

from hhh_verify.contract.model import CHANCE, sample_successor


def law_after(model: Any, decisions: int) -> dict[Any, Fraction]:
    """The exact law of the decision state met after ``decisions`` decisions, each the
    first legal action, draws resolved (``step``'s distributions chained)."""
    out: dict[Any, Fraction] = {}
    todo = [(model.initial_state(), Fraction(1), 0)]
    while todo:
        s, p, made = todo.pop()
        chance = model.current_player(s) == CHANCE
        if model.outcome(s) is not None or (not chance and made == decisions):
            out[s] = out.get(s, Fraction(0)) + p
            continue
        for t, q in model.step(s, model.legal_actions(s)[0]):
            todo.append((t, p * q, made + (0 if chance else 1)))
    return out


def exact_law_fit(env: Any, decisions: int) -> tuple[int, float]:
    """Every game of ``env`` plays its first legal action ``decisions`` times (seed 3):
    (how many states the exact law reaches, the chi-square p-value of the states met
    against it). A state outside the law fails at once."""
    env.reset(seed=3)
    for _ in range(decisions):
        env.step(np.zeros(env.num_envs, dtype=np.int64))
    law = law_after(env.setup.model, decisions)
    seen = Counter(env.model_state(i) for i in range(env.num_envs))
    assert set(seen) <= set(law)
    states = sorted(law, key=repr)
    observed = [seen[s] for s in states]
    expected = [float(law[s]) * env.num_envs for s in states]
    return len(law), float(chisquare(observed, expected).pvalue)


def reference_results(model: Any, games: int, key: Callable[[Any], Any]) -> Counter[Any]:
    """``key(outcome)`` of uniformly random games played on the model."""
    rng = random.Random(0)
    out: Counter[Any] = Counter()
    for _ in range(games):
        s = model.initial_state()
        while model.outcome(s) is None:
            legal = model.legal_actions(s)
            s = sample_successor(model, s, legal[rng.randrange(len(legal))], rng)
        out[key(model.outcome(s))] += 1
    return out


def vector_results(env: Any, games: int, key: Callable[[Any], Any]) -> Counter[Any]:
    """``key(outcome)`` of uniformly random games played in the vector environment."""
    model = env.setup.model
    _, info = env.reset(seed=11)
    rng = np.random.default_rng(11)
    out: Counter[Any] = Counter()
    while sum(out.values()) < games:
        counts = np.maximum(info["legal_count"], 1)
        _, _, terminated, truncated, info = env.step(rng.integers(counts))
        assert not truncated.any()
        for i in np.flatnonzero(terminated):
            out[key(model.outcome(env.model_state(i)))] += 1
    return out


def same_law(a: Counter[Any], b: Counter[Any]) -> float:
    """p-value of a two-sample chi-square test (rare results pooled)."""
    keys = sorted(set(a) | set(b), key=repr)
    common = [k for k in keys if a[k] + b[k] >= 10]
    rows = [[a[k] for k in common], [b[k] for k in common]]
    rows[0].append(sum(a.values()) - sum(rows[0]))
    rows[1].append(sum(b.values()) - sum(rows[1]))
    if rows[0][-1] + rows[1][-1] == 0:
        rows = [r[:-1] for r in rows]
    return float(chi2_contingency(rows).pvalue)
