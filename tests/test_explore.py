"""The explorer on the toy game: counts, limits, checks, witnesses, probabilities, CLI."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from click.testing import CliRunner
from toy_model import AMBIGUITIES, SPEC, STATE_COUNTS, toy

from hhh_verify.contract import registry
from hhh_verify.contract.properties import Goal, Invariant, Property, SmtClaim
from hhh_verify.contract.registry import model_for_trace
from hhh_verify.contract.trace import load, replay
from hhh_verify.contract.vocab import PropertyKind
from hhh_verify.engines.explore import analysis as an
from hhh_verify.engines.explore.check import explore_check
from hhh_verify.engines.explore.explorer import PENDING, explore, outcome_goal, split_properties


@pytest.mark.parametrize("reading", ["bust", "penalty"])
def test_toy_state_counts_match_the_documented_ones(reading: str) -> None:
    exp = explore(toy((f"TOY-BLACK={reading}",)))
    assert exp.complete and exp.n_states == STATE_COUNTS[reading]
    assert an.deadlocks(exp) == [] and an.cannot_end(exp) == []


def test_toy_best_strategy_wins_with_probability_one_half() -> None:
    """Toy docstring: push twice, stop at score 2, wins with 3/4 * 2/3 = 1/2."""
    exp = explore(toy(), goals={"won": outcome_goal("won")})
    p = an.goal_probabilities(exp, exp.goal_hits["won"])
    assert (p["max"].exact, p["min"].exact, p["random"].exact) == (
        Fraction(1, 2),
        0,
        Fraction(5, 64),
    )
    assert an.terminal_counts(exp) == {"lost:bust": 4, "lost:short": 2, "won:completed": 2}


def test_bust_is_unreachable_under_the_penalty_reading() -> None:
    exp = explore(toy(("TOY-BLACK=penalty",)), goals={"bust": outcome_goal("outcome:bust")})
    assert exp.complete and exp.goal_hits["bust"] == []


def test_max_states_is_a_strict_bound_and_says_incomplete() -> None:
    exp = explore(toy(), max_states=5)
    assert exp.n_states == 5 and not exp.complete and "state limit of 5" in exp.reason
    assert PENDING in exp.kind
    exact = explore(toy(), max_states=STATE_COUNTS["bust"])
    assert exact.complete and exact.n_states == STATE_COUNTS["bust"]


def test_time_limit_and_progress() -> None:
    calls: list[tuple[int, int, float]] = []
    big = toy(("TOY-BLACK=penalty",), whites=9, blacks=9, target=2)
    exp = explore(big, progress=lambda *a: calls.append(a), progress_every=0.0)
    assert exp.complete and exp.n_states > 512 and calls
    cut = explore(big, max_seconds=1e-9)
    assert not cut.complete and cut.reason.startswith("time safety net")


def test_planted_invariant_violation_has_a_shortest_replayable_witness() -> None:
    def score_below_two(model: Any, s: Any) -> str | None:
        return f"score {s.score}" if s.score >= 2 else None

    exp = explore(toy(), {"score<2": score_below_two})
    bad = exp.violations["score<2"]
    assert bad and exp.messages["score<2"] == "score 2"
    trace = an.witness_trace(exp, bad[0], AMBIGUITIES)
    assert len(trace.steps) == 4  # push, draw white, push, draw white
    result = replay(trace, toy())
    assert result.ok and result.final_state.score == 2


def test_step_invariant_witness_ends_with_the_offending_step() -> None:
    def no_black(model: Any, s: Any, a: Any, t: Any) -> str | None:
        return "black drawn" if t.deaths > s.deaths else None

    exp = explore(toy(), steps={"no-black": no_black})
    path = exp.first_violation("no-black")
    assert path == [(0, 0), (0, 1)]  # push, then the draw's second outcome (black)
    assert exp.violation_count("no-black") == 4  # one per bust terminal


def prop(id: str, kind: PropertyKind, check: Any) -> Property:
    """A toy property of ``kind`` with ``check`` (the explorer reads the declared fields)."""
    if kind == PropertyKind.GOAL:
        return Goal(id, "toy", "test", id, check)
    return (
        Invariant(id, "toy", "test", id, check)
        if kind == PropertyKind.INVARIANT
        else SmtClaim(id, "toy", "test", id)
    )


def test_explore_check_reports_each_property() -> None:
    props = [
        prop("score-ok", PropertyKind.INVARIANT, lambda m, s: None if s.score <= 3 else "too much"),
        prop(
            "planted", PropertyKind.INVARIANT, lambda m, s: "bust" if s.reason == "bust" else None
        ),
        prop("can-win", PropertyKind.GOAL, lambda m, s: s.reason == "completed"),
        prop("score-9", PropertyKind.GOAL, lambda m, s: s.score == 9),
        prop("z3-only", PropertyKind.SMT, None),
    ]
    results = {r.id: r for r in explore_check(toy(), props, registry=AMBIGUITIES)}
    assert results["score-ok"].status == "holds"
    assert results["planted"].status == "violated" and results["planted"].depth == 2
    assert replay(results["planted"].trace, toy()).ok
    assert results["can-win"].status == "reachable" and results["score-9"].status == "unreachable"
    assert "z3-only" not in results
    assert results["explore:no-deadlock"].status == "holds"
    assert results["explore:always-can-end"].status == "holds"
    cut = {r.id: r for r in explore_check(toy(), props, max_states=3, registry=AMBIGUITIES)}
    assert cut["score-ok"].status == "unknown" and cut["score-9"].status == "unknown"


def test_split_properties_accepts_plain_pairs() -> None:
    checks = split_properties([("inv", lambda m, s: False), ("goal-x", lambda m, s: True)])
    assert list(checks.invariants) == ["inv"] and list(checks.goals) == ["goal-x"]
    assert checks.invariants["inv"](None, None) == "invariant does not hold"


# CLI --------------------------------------------------------------------------------------


@pytest.fixture
def toy_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "games", lambda: {"toy": SPEC})


def run(*args: str) -> Any:
    from hhh_verify.cli import main

    return CliRunner().invoke(main, list(args))


def test_cli_explore_json(toy_registry: None) -> None:
    r = run("explore", "--game", "toy", "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert (d["states"], d["transitions"], d["complete"]) == (16, 15, True)
    assert d["deadlocks"] == 0 and d["terminal"]["won:completed"] == 2


def test_cli_explore_text_limits_and_export(toy_registry: None, tmp_path: Any) -> None:
    out = tmp_path / "g.drn"
    r = run(
        "explore",
        "--game",
        "toy",
        "--interpret",
        "TOY-BLACK=penalty",
        "--max-states",
        "10",
        "--export",
        str(out),
    )
    assert r.exit_code == 0, r.output
    assert "INCOMPLETE (state limit of 10 reached)" in r.stdout
    assert out.read_text().startswith("// exported by hhh-verify")


@pytest.mark.parametrize(
    "args, message",
    [
        (["--max-states", "0"], "--max-states must be a positive whole number, got 0"),
        (["--export", "x.png"], "accepted suffixes"),
        (["--config", "nope"], "unknown config 'nope'"),
        (["--interpret", "TOY-BLACK=maybe"], "unknown option 'maybe'"),
    ],
)
def test_cli_explore_bad_input_is_one_line_exit_2(
    toy_registry: None, args: list[str], message: str
) -> None:
    r = run("explore", "--game", "toy", *args)
    assert r.exit_code == 2 and message in r.output and "Traceback" not in r.output


def test_cli_reach_writes_a_replayable_witness(toy_registry: None, tmp_path: Any) -> None:
    out = tmp_path / "bust.json"
    r = run("reach", "--game", "toy", "--goal", "outcome:bust", "--out", str(out), "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["reachable"] is True and d["witness_steps"] == 2
    assert (
        d["probabilities"]["max"]["exact"] == "1"
        and d["probabilities"]["random"]["exact"] == "15/64"
    )
    trace = load(str(out))
    assert replay(trace, model_for_trace(trace)).ok


def test_cli_reach_unreachable_and_bounded(toy_registry: None) -> None:
    r = run("reach", "--game", "toy", "--goal", "outcome:bust", "--interpret", "TOY-BLACK=penalty")
    assert r.exit_code == 1 and "UNREACHABLE" in r.stdout
    r = run("reach", "--game", "toy", "--goal", "won", "--within-rounds", "2")
    assert r.exit_code == 1 and "UNREACHABLE within 2 rounds" in r.stdout
    r = run("reach", "--game", "toy", "--goal", "won", "--within-rounds", "3")
    assert r.exit_code == 0 and "REACHABLE within 3 rounds" in r.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["--goal", "nirvana"], "unknown goal 'nirvana'"),
        (["--goal", "won", "--engine", "magic"], "'magic' is not one of"),
    ],
)
def test_cli_reach_bad_input(toy_registry: None, args: list[str], message: str) -> None:
    r = run("reach", "--game", "toy", *args)
    assert r.exit_code == 2 and message in r.output


def test_a_model_crash_is_reported_with_the_path(
    toy_registry: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from toy_model import ToyModel

    from hhh_verify.engines.explore.explorer import ExplorationError

    def broken_stop(self: Any, s: Any, a: Any) -> Any:  # planted bug: Stop at score 1 crashes
        if s.score == 1 and type(a).__name__ == "Stop":
            raise ZeroDivisionError("planted")
        return original(self, s, a)

    original = ToyModel.step
    monkeypatch.setattr(ToyModel, "step", broken_stop)
    with pytest.raises(ExplorationError) as info:
        explore(toy())
    assert info.value.path == [(0, 0), (0, 0)]  # push, draw white: score 1
    r = run("explore", "--game", "toy")
    assert (
        r.exit_code == 1
        and "ZeroDivisionError: planted" in r.stderr
        and "Traceback" not in r.output
    )


def test_explorer_engine_for_check() -> None:
    from hhh_verify.check.run import CheckOptions
    from hhh_verify.contract.properties import Goal, Invariant
    from hhh_verify.engines.explore.check import ExplorerEngine

    props = [
        Invariant("score-ok", "toy", "toy", "", check=lambda m, s: None),
        Invariant(
            "no-bust",
            "toy",
            "toy",
            "planted: bust is possible",
            check=lambda m, s: "bust" if s.reason == "bust" else None,
        ),
        Goal("win", "toy", "toy", "", check=lambda m, s: s.reason == "completed"),
        Goal(
            "never",
            "toy",
            "toy",
            "",
            check=lambda m, s: False,
            applies=lambda m: False,
        ),
    ]
    engine = ExplorerEngine()
    assert all(engine.supports(p) for p in props)
    results = {r.property: r for r in engine.run(toy(), AMBIGUITIES, props, CheckOptions())}
    assert results["score-ok"].ok and results["win"].ok and results["never"].status == "skipped"
    assert results["no-bust"].status == "violated" and not results["no-bust"].ok
    assert replay(results["no-bust"].trace, toy()).ok
    assert results["explore:no-deadlock"].ok and results["explore:always-can-end"].ok
    small = ExplorerEngine(max_states=3).run(toy(), AMBIGUITIES, props[:1], CheckOptions())
    assert small[0].details["complete"] is False and "undecided" in small[0].message
    assert small[0].status == "inconclusive"  # an unfinished search is no proof
