"""The generic stateful engine on the toy game: findings, witnesses, contract, traces.

Each test names what it proves; planted bugs are toy-model subclasses.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from toy_model import AMBIGUITIES, ToyModel, ToyState, toy

from hhh_verify.check.run import check_model, junit_xml
from hhh_verify.check.verdicts import decide
from hhh_verify.contract import trace as tr
from hhh_verify.contract.outcomes import certain
from hhh_verify.contract.properties import (
    Fact,
    Goal,
    Invariant,
    Property,
    PropertyRegistry,
    normalise_expected,
)
from hhh_verify.contract.vocab import EngineStatus
from hhh_verify.engines import stateful
from hhh_verify.engines.results import CONTRACT_ID, CheckOptions
from hhh_verify.engines.stateful_check import StatefulEngine


def score_below(n: int) -> Property:
    return Invariant(
        f"toy.score-below-{n}",
        "toy",
        "toy rules, Draw",
        f"the score stays below {n}",
        check=lambda m, s: None if s.score < n else f"score is {s.score}",
    )


BUST = Goal(
    "toy.bust",
    "toy",
    "toy rules, Draw",
    "a bust",
    check=lambda m, s: s.reason == "bust",
)
IMPOSSIBLE = Goal(
    "toy.score-9",
    "toy",
    "toy rules",
    "score 9",
    check=lambda m, s: s.score == 9,
)
CUBES = Invariant(
    "toy.cubes",
    "toy",
    "toy rules, Draw",
    "cubes left + score never exceed the cubes at start",
    check=lambda m, s: None if sum(s.bag) + s.score <= 4 else "too many cubes",
)
SCORE_STEP = Invariant(
    "toy.score-step",
    "toy",
    "toy rules, Draw",
    "a step changes the score by at most one",
    transition=lambda m, s, a, t: None if abs(t.score - s.score) <= 1 else "jump",
)


def run(model: ToyModel, props: list[Property], **kw: object) -> stateful.StatefulReport:
    kw.setdefault("profile", "quick")
    return stateful.run(model, props, AMBIGUITIES, **kw)  # type: ignore[arg-type]


# Property types -------------------------------------------------------------------------


def test_violated_is_an_alias_of_reachable() -> None:
    assert normalise_expected("VIOLATED") == "REACHABLE"
    assert IMPOSSIBLE.expected == "REACHABLE"


def test_property_validation() -> None:
    with pytest.raises(ValueError):
        Invariant("x", "toy", "", "no citation", check=lambda m, s: None)
    with pytest.raises(ValueError):
        Goal("x", "toy", "r", "goal without predicate", None)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Invariant("x", "toy", "r", "an invariant with neither check")
    with pytest.raises(ValueError):
        Fact("x", "toy", "r", "a fact without its check", None)  # type: ignore[arg-type]
    assert (CUBES.expected, BUST.expected, SCORE_STEP.to_json()["transition"]) == (
        "HOLDS",
        "REACHABLE",
        True,
    )
    reg = PropertyRegistry("toy", [BUST, CUBES])
    assert reg.goals() == (BUST,) and reg.invariants() == (CUBES,)
    with pytest.raises(Exception, match="accepted: toy.bust, toy.cubes"):
        reg.get("nope")


# Choosing chance outcomes ----------------------------------------------------------------


def test_zero_bytes_choose_the_most_likely_outcome() -> None:
    dist = ((("a"), Fraction(1, 3)), (("b"), Fraction(2, 3)))
    order = stateful.outcome_order(dist)
    assert order == [1, 0]
    assert stateful.decode_outcome(dist, order, lambda: 0) == 1
    assert stateful.decode_outcome(dist, order, lambda: 255) == 0


def test_decoding_follows_the_true_probabilities() -> None:
    """Over all two-byte prefixes the outcome frequencies match p to within 1/256."""
    dist = tuple((i, Fraction(w, 10)) for i, w in enumerate((1, 2, 3, 4)))
    order = stateful.outcome_order(dist)
    counts: Counter[int] = Counter()
    for b1, b2 in itertools.product(range(256), repeat=2):
        stream = iter((b1, b2, 0, 0))
        counts[stateful.decode_outcome(dist, order, stream.__next__)] += 1
    for i, p in dist:
        assert abs(Fraction(counts[i], 256 * 256) - p) <= Fraction(1, 256)


# Findings ---------------------------------------------------------------------------------


def test_invariant_that_holds_has_no_finding() -> None:
    report = run(toy(), [CUBES, SCORE_STEP])
    assert report.findings == []
    assert report.stats.steps > 0 and report.stats.games_finished > 0


def test_violation_is_shrunk_and_replays() -> None:
    model = toy()
    report = run(model, [score_below(3)])
    (f,) = report.findings
    assert f.property == "toy.score-below-3" and f.kind == "violation"
    # minimal: push/draw three times, each draw the (most likely) white cube
    assert [s.action["type"] for s in f.trace.steps] == ["Push", "Draw"] * 3
    result = tr.replay(f.trace, model=model)
    assert result.ok and result.final_state.score == 3


def test_goal_witness_is_found_and_replays() -> None:
    model = toy()
    report = run(model, [BUST, IMPOSSIBLE])
    assert [f.property for f in report.findings] == ["toy.bust"]
    (f,) = report.findings
    assert len(f.trace.steps) == 2
    assert tr.replay(f.trace, model=model).final_state.reason == "bust"


def test_distinct_failures_are_reported_separately() -> None:
    report = run(toy(), [score_below(2), BUST])
    assert {f.property for f in report.findings} == {"toy.score-below-2", "toy.bust"}


class JumpyToy(ToyModel):
    """Planted bug: a white cube scores 2."""

    def _draw(self, s: ToyState):  # type: ignore[no-untyped-def]
        return tuple(
            (ToyState(t.phase, t.bag, t.score + (t.score > s.score), t.reason, t.deaths), p)
            for t, p in super()._draw(s)
        )


def test_transition_property_catches_a_planted_bug() -> None:
    buggy = JumpyToy()
    report = run(buggy, [SCORE_STEP])
    (f,) = report.findings
    assert f.property == "toy.score-step"
    assert tr.replay(f.trace, model=buggy).ok
    assert not tr.replay(f.trace, model=toy()).ok  # the correct model disagrees


class Deadlocked(ToyModel):
    """Planted bug: no action after the first white cube although the game goes on."""

    def legal_actions(self, s: ToyState):  # type: ignore[no-untyped-def]
        return () if s.score == 1 and s.phase == 0 else super().legal_actions(s)


class BadDistribution(ToyModel):
    """Planted bug: Stop returns probability 1/2."""

    def step(self, s, a):  # type: ignore[no-untyped-def]
        if type(a).__name__ == "Stop":
            ((t, _),) = certain(s)
            return ((t, Fraction(1, 2)),)
        return super().step(s, a)


class Crashing(ToyModel):
    """Planted bug: the model raises on a bust."""

    def outcome(self, s):  # type: ignore[no-untyped-def]
        if s.reason == "bust":
            raise KeyError("bust")
        return super().outcome(s)


@pytest.mark.parametrize(
    ("model", "kind", "text"),
    [
        (Deadlocked(), "contract", "no action is legal"),
        (BadDistribution(), "contract", "sum to 1/2"),
        (Crashing(), "error", "KeyError"),
    ],
)
def test_model_contract_failures_are_found(model: ToyModel, kind: str, text: str) -> None:
    report = run(model, [CUBES])
    assert report.findings, "the engine missed the planted contract bug"
    f = report.findings[0]
    assert f.kind == kind and text in f.message
    assert f.trace.steps


def test_same_seed_same_result() -> None:
    a = run(toy(), [score_below(3)], seed_value=7)
    b = run(toy(), [score_below(3)], seed_value=7)
    assert a.stats == b.stats
    assert a.findings[0].trace.to_json() == b.findings[0].trace.to_json()


def test_unknown_profile_is_a_clear_error() -> None:
    with pytest.raises(Exception, match="accepted: quick, ci, thorough"):
        run(toy(), [CUBES], profile="nope")


# Orchestration ------------------------------------------------------------------------------


def test_check_model_statuses_and_junit(toy_registry: Any) -> None:
    not_applicable = Invariant(
        "toy.na",
        "toy",
        "r",
        "d",
        check=lambda m, s: "x",
        applies=lambda m: False,
    )
    reg = PropertyRegistry("toy", [CUBES, score_below(3), BUST, IMPOSSIBLE, not_applicable])
    results = check_model(
        toy(), AMBIGUITIES, reg, CheckOptions(profile="quick"), engine_list=[StatefulEngine()]
    )
    status = {r.property: (r.status, r.ok) for r in results}
    assert status == {
        "toy.cubes": (EngineStatus.HOLDS, True),
        "toy.score-below-3": (EngineStatus.VIOLATED, False),
        "toy.bust": (EngineStatus.REACHED, True),
        "toy.score-9": (EngineStatus.NOT_REACHED, False),
        "toy.na": (EngineStatus.SKIPPED, True),
        CONTRACT_ID: (EngineStatus.HOLDS, True),
    }
    verdicts = decide(results)
    xml = junit_xml(verdicts)  # a search that misses toy.score-9 proves nothing: no failure
    assert 'failures="1"' in xml and 'skipped="1"' in xml and "toy.score-below-3" in xml
    import xml.etree.ElementTree as ET

    ET.fromstring(xml.split("?>", 1)[1])


def test_stateful_engine_reports_model_errors_as_error() -> None:
    results = StatefulEngine().run(Crashing(), AMBIGUITIES, [CUBES], CheckOptions(profile="quick"))
    contract = [r for r in results if r.property == CONTRACT_ID][0]
    assert contract.status == EngineStatus.ERROR and not contract.ok
