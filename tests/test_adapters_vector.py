"""The batched vector environment (``hhh_verify.adapters.vector``) equals the reference
in law: its games start where the model's exact law starts them, every observation is
a reference state with the same legal actions, and whole random games end with the
same distribution of results as random games played on the model. A kernel with a
planted bug (a Ward heal paying $1 too much) fails the same comparison.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from scipy.stats import chi2_contingency, chisquare

from hhh_verify.adapters import core
from hhh_verify.adapters.vector import vector_env
from hhh_verify.model import CHANCE, ModelError
from hhh_verify.models.hhh.kernel.api import GameKernel

GAME, PRESET = "hhh", "tiny"


def _law_after(model: Any, decisions: int) -> dict[Any, Fraction]:
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


#: Decisions after which the law has several outcomes (50 on ``small``).
DECISIONS = 3


def test_steps_follow_the_exact_law() -> None:
    env = vector_env(GAME, "small", num_envs=4000)
    env.reset(seed=3)
    for _ in range(DECISIONS):
        env.step(np.zeros(env.num_envs, dtype=np.int64))
    law = _law_after(env.setup.model, DECISIONS)
    assert len(law) > 10
    seen = Counter(env.model_state(i) for i in range(env.num_envs))
    assert set(seen) <= set(law)
    states = sorted(law, key=repr)
    observed = [seen[s] for s in states]
    expected = [float(law[s]) * env.num_envs for s in states]
    assert chisquare(observed, expected).pvalue > 1e-4


def test_observations_are_reference_states_with_their_legal_actions() -> None:
    env = vector_env(GAME, PRESET, num_envs=8)
    model = env.setup.model
    _, info = env.reset(seed=5)
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(300):
        for i in range(env.num_envs):
            s = env.model_state(i)
            if info["legal_count"][i]:
                assert model.current_player(s) != CHANCE
                assert len(model.legal_actions(s)) == info["legal_count"][i]
        counts = np.maximum(info["legal_count"], 1)
        _, rewards, terminated, truncated, info = env.step(rng.integers(counts))
        assert not truncated.any()
        for i in np.flatnonzero(terminated):
            outcome = model.outcome(env.model_state(i))
            assert rewards[i] == core.returns(env.setup.space, outcome, "win")[0]
            ended += 1
    assert ended > 10


def _reference_results(model: Any, games: int) -> Counter[tuple[str, int]]:
    """(end reason, money) of uniformly random games played on the model."""
    rng = random.Random(0)
    out: Counter[tuple[str, int]] = Counter()
    for _ in range(games):
        s = model.initial_state()
        while model.outcome(s) is None:
            legal = model.legal_actions(s)
            s = core.sample(model, s, legal[rng.randrange(len(legal))], rng)
        o = model.outcome(s)
        out[(o.reason, o.money)] += 1
    return out


def _vector_results(env: Any, games: int) -> Counter[tuple[str, int]]:
    model = env.setup.model
    _, info = env.reset(seed=11)
    rng = np.random.default_rng(11)
    out: Counter[tuple[str, int]] = Counter()
    while sum(out.values()) < games:
        counts = np.maximum(info["legal_count"], 1)
        _, _, terminated, _, info = env.step(rng.integers(counts))
        for i in np.flatnonzero(terminated):
            o = model.outcome(env.model_state(i))
            out[(o.reason, o.money)] += 1
    return out


def _same_law(a: Counter[Any], b: Counter[Any]) -> float:
    """p-value of a two-sample chi-square test (rare results pooled)."""
    keys = sorted(set(a) | set(b), key=repr)
    common = [k for k in keys if a[k] + b[k] >= 10]
    rows = [[a[k] for k in common], [b[k] for k in common]]
    rows[0].append(sum(a.values()) - sum(rows[0]))
    rows[1].append(sum(b.values()) - sum(rows[1]))
    if rows[0][-1] + rows[1][-1] == 0:
        rows = [r[:-1] for r in rows]
    return float(chi2_contingency(rows).pvalue)


@pytest.fixture(scope="module")
def reference() -> Counter[tuple[str, int]]:
    return _reference_results(vector_env(GAME, PRESET, num_envs=1).setup.model, 800)


def test_random_games_end_as_on_the_model(reference: Counter[tuple[str, int]]) -> None:
    env = vector_env(GAME, PRESET, num_envs=64)
    assert _same_law(reference, _vector_results(env, 3000)) > 1e-3


def test_planted_kernel_bug_is_caught(reference: Counter[tuple[str, int]]) -> None:
    env = vector_env(GAME, PRESET, num_envs=64)
    env.batch = GameKernel(env.setup.model, planted=1).batch()
    assert _same_law(reference, _vector_results(env, 3000)) < 1e-6


def test_results_do_not_depend_on_the_batch_size() -> None:
    def first_games(n: int) -> list[Any]:
        env = vector_env(GAME, PRESET, num_envs=n)
        _, info = env.reset(seed=2)
        return [env.model_state(i) for i in range(2)]

    assert first_games(2) == first_games(50)


def test_bad_input_is_a_clear_error() -> None:
    env = vector_env(GAME, PRESET, num_envs=2)
    _, info = env.reset(seed=0)
    with pytest.raises(ModelError, match="is not a legal index"):
        env.step(np.array([info["legal_count"][0], 0]))
    # Royal Hospital has a kernel, but one that plays no batched games (yet)
    with pytest.raises(ModelError, match="kernel plays no batched games"):
        vector_env("royal-hospital", "tiny")
    with pytest.raises(ModelError, match="num_envs=0"):
        vector_env(GAME, PRESET, num_envs=0)
