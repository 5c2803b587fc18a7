"""The Royal Hospital kernel's sampler, greedy player, whole games and its engines.

The sampler draws each chance outcome with the model's exact odds (a seeded chi-square
test); the greedy player scores actions as ``policies.greedy`` does; games, paired
games, ``diverge --engine kernel`` and ``explore --engine kernel`` run through the
``Kernel`` protocol that ``GameSpec.kernel`` declares.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from click.testing import CliRunner
from royal_hospital_kernel_helpers import model_and_kernel, playout_states
from scipy.stats import chisquare

from hhh_verify.cli import main
from hhh_verify.contract.kernel import Kernel
from hhh_verify.engines.simulate import playout_engine
from hhh_verify.models.royal_hospital import SPEC
from hhh_verify.models.royal_hospital.play.policies import greedy_score
from hhh_verify.models.royal_hospital.rules.actions import Draw


def _run(args: list[str], codes: tuple[int, ...] = (0,)) -> Any:
    r = CliRunner().invoke(main, args)
    assert r.exit_code in codes, r.output
    return r


def _json(args: list[str]) -> Any:
    return json.loads(_run([*args, "--json"]).stdout)


def _chance_state(m: Any, outcomes: int) -> Any:
    """The first state of a seeded game with a chance step of at least ``outcomes``."""
    for s in playout_states(m, 1, 5):
        if m.legal_actions(s) == (Draw(),) and len(m.step(s, Draw())) >= outcomes:
            return s
    raise AssertionError("no such chance step")


@pytest.mark.parametrize("outcomes", [8, 3])
def test_sampler_fits_the_exact_law(outcomes: int) -> None:
    """3,000 seeded draws of a Medical-card draw (15 types) and of a Patient draw fit the
    exact distribution (chi-square, p > 0.001; the seeds make it deterministic)."""
    m, k = model_and_kernel("full")
    s = _chance_state(m, outcomes)
    exact = {t: p for t, p in m.step(s, Draw())}
    counts: Counter[Any] = Counter(k.sample_step(s, Draw(), seed) for seed in range(3000))
    assert set(counts) <= set(exact)
    observed = [counts[t] for t in exact]
    expected = [float(p) * 3000 for p in exact.values()]
    assert chisquare(observed, expected).pvalue > 0.001


def test_a_planted_sampler_bug_fails_the_fit() -> None:
    """Patient classes drawn with equal weights (planted) fail the same test."""
    m, k = model_and_kernel("full", planted=2)
    s = next(
        x
        for x in playout_states(m, 1, 5)
        if x.queue and x.queue[0].kind == 3 and len(m.step(x, Draw())) >= 5
    )
    exact = {t: p for t, p in m.step(s, Draw())}
    counts: Counter[Any] = Counter(k.sample_step(s, Draw(), seed) for seed in range(3000))
    observed = [counts[t] for t in exact]
    expected = [float(p) * 3000 for p in exact.values()]
    assert chisquare(observed, expected).pvalue < 0.001


def test_greedy_mirrors_the_reference_policy() -> None:
    """On states of seeded full games (2 and 4 players), the kernel's greedy player
    finds the same best-scored actions as ``policies.greedy``."""
    for players in (2, 4):
        m, k = model_and_kernel(SPEC.config("full", [f"players={players}"]))
        checked = 0
        for s in playout_states(m, 2, 9):
            legal = m.legal_actions(s)
            if len(legal) < 2:
                continue
            scores = [greedy_score(m, s, a) for a in legal]
            best = tuple(a for a, sc in zip(legal, scores) if sc == max(scores))
            assert k.greedy_best(s) == best, s
            checked += 1
        assert checked > 100


def test_games_paired_and_protocol() -> None:
    """Whole games end as the model's games end; paired games under one reading never
    part; under two they part at some step; the kernel is the engines' ``Kernel``."""
    m = SPEC.model("full")
    k = SPEC.kernel(m)
    assert isinstance(k, Kernel)
    games = k.games(list(range(40)), "greedy", 20_000)
    assert all(g.reason == "completed" and len(g.outcome.scores) == 2 for g in games)
    assert all(g.outcome.winners for g in games)
    same = k.paired_games(SPEC.kernel(SPEC.model("full")), list(range(10)), "random", 20_000)
    assert all(p is None for _, _, p in same)
    other = SPEC.kernel(SPEC.model("full", interpret=["RH-CREDIT-START=five"]))
    parted = k.paired_games(other, list(range(10)), "random", 20_000)
    assert all(p is not None for _, _, p in parted)
    assert playout_engine(SPEC, m, "greedy", "auto")[0] == "kernel"
    assert playout_engine(SPEC, m, "strong", "auto")[0] == "reference"


def test_kernel_games_fit_the_reference_games() -> None:
    """``simulate`` plays ``tiny`` inside the kernel (``auto``) or the model: different
    games of the same law, so seat 0's win share agrees within four standard errors."""
    base = ["simulate", "--game", "royal-hospital", "--config", "tiny", "--games", "400"]
    base += ["--seed", "2", "--jobs", "1"]
    kernel = _json([*base, "--engine", "auto"])
    ref = _json([*base, "--engine", "reference"])
    assert kernel["engine"] == "kernel" and ref["engine"] == "reference"
    a, b = (d["seats"][0]["win_share"] for d in (kernel, ref))
    assert abs(a - b) <= 4 * (2 * 0.25 / 400) ** 0.5


def test_explorer_counts_equal_the_reference() -> None:
    """``explore --engine kernel`` finds the reference explorer's 23,393 states of
    ``tiny``, 24,369 transitions and 9,148 finished games."""
    data = _json(
        [
            "explore",
            "--game",
            "royal-hospital",
            "--config",
            "tiny",
            "--engine",
            "kernel",
            "--max-states",
            "100000",
        ]
    )
    assert (data["states"], data["transitions"], data["complete"]) == (23393, 24369, True)
    assert data["terminal"] == {"over:completed": 9148}


def test_impact_and_diverge_with_the_kernel() -> None:
    """``impact`` and ``diverge --engine kernel`` play inside the kernel."""
    args = ["impact", "--game", "royal-hospital", "--ambiguity", "RH-CREDIT-START"]
    data = _json([*args, "--games", "100", "--seed", "1", "--engine", "kernel"])
    assert data["games"] == 100
    args = ["diverge", "--game", "royal-hospital", "--ambiguity", "RH-CREDIT-START"]
    r = _run([*args, "--engine", "kernel", "--max-games", "20", "--json"], (0, 1))
    data = json.loads(r.stdout)
    assert [x["engine"] for x in data["searched"]] == ["kernel"]
    assert data["witness"] and data["witness"]["verified"]
