"""The Royal Hospital Z3 encoding agrees with the model, and its queries with the explorer.

* every step of random games on ``tiny`` satisfies the symbolic relation between the
  projections of the two states (the encoding allows what the model does);
* every witness the solver finds is replayed through the model (``run_query``), so what
  the encoding allows beyond the model is caught;
* the queries' optima equal the explorer's exhaustive answers;
* a planted drift (a cure worth one victory point more in the encoding) is reported.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
import z3

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.outcomes import sample_index
from hhh_verify.models.royal_hospital import SPEC
from hhh_verify.models.royal_hospital.properties.smt import QUERIES, support
from hhh_verify.models.royal_hospital.rules.state import OVER
from hhh_verify.models.royal_hospital.smt.encoding import RHEncoding
from hhh_verify.smt.queries import run_query


def test_model_steps_satisfy_the_relation() -> None:
    m = SPEC.model("tiny")
    enc = RHEncoding(m)
    assert enc.exact
    pre, post = enc.state("a"), enc.state("b")
    rel, _ = enc.transition(pre, post, "t")
    solver = z3.Solver()
    solver.add(rel)
    steps = 0
    for seed in range(4):
        rng = random.Random(seed)
        s = m.initial_state()
        while m.outcome(s) is None:
            legal = m.legal_actions(s)
            dist = m.step(s, legal[rng.randrange(len(legal))])
            t = dist[sample_index(dist, rng)][0]
            solver.push()
            solver.add(enc.equals(pre, enc.project(s)), enc.equals(post, enc.project(t)))
            assert solver.check() == z3.sat, m.describe_state(s)
            solver.pop()
            s, steps = t, steps + 1
    assert steps > 60


def _round_one_ends(m: Any) -> list[Any]:
    """Every end state of ``tiny`` with rounds=1 (the explorer's answer, by BFS)."""
    seen = {m.initial_state()}
    todo = list(seen)
    ends = []
    while todo:
        s = todo.pop()
        if s.phase == OVER:
            ends.append(s)
            continue
        for a in m.legal_actions(s):
            for t, _ in m.step(s, a):
                if t not in seen:
                    seen.add(t)
                    todo.append(t)
    return ends


@pytest.mark.parametrize("query", QUERIES, ids=lambda q: q.id)
def test_queries_answer_as_expected_and_replay(query: Any) -> None:
    row = run_query(SPEC, support(), query)
    assert row["ok"] is True, row
    assert row["replays"] is True and row["exact"] is True


def test_optima_match_the_explorer() -> None:
    m = SPEC.model("tiny", ("rounds=1",))
    ends = _round_one_ends(m)
    answers = {q.id: q.expected for q in QUERIES}
    assert f"{max(s.players[0].vp for s in ends)} VP" == answers["smt-rh-vp-max-r1-tiny"]
    credits = max(s.players[0].credits for s in ends)
    assert f"{credits} credits" == answers["smt-rh-credits-max-r1-tiny"]


def test_planted_drift_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """An encoding whose cure gives one victory point too many: its optimum's witness
    cannot be replayed through the model."""
    original = RHEncoding.cure

    def generous(self: Any, s: Any, p: int, card: Any) -> Any:
        t = original(self, s, p, card)
        t[f"p{p}.vp"] = t[f"p{p}.vp"] + 1
        return t

    monkeypatch.setattr(RHEncoding, "cure", generous)
    row = run_query(SPEC, support(), QUERIES[0])
    assert row["ok"] is False and row["method"] == "mismatch"


def test_configs_outside_the_encoding_say_so() -> None:
    enc = RHEncoding(SPEC.model("full"))
    assert not enc.exact and "Medical deck" in enc.notes()[0]
    with pytest.raises(ModelError, match="covers configurations like tiny"):
        enc.transition(enc.state("a"), enc.state("b"), "t")
    reading = RHEncoding(SPEC.model("tiny", (), ("RH-QOC-FLOOR=below-zero",)))
    assert not reading.exact and "RH-QOC-FLOOR" in reading.notes()[0]
