"""`hhh-verify query` and `reach --engine z3|both`: output, --json, exit codes."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.contract.registry import model_for_trace
from hhh_verify.contract.trace import load, replay
from hhh_verify.models.hhh.properties import smt as hhh_smt
from hhh_verify.smt.queries import verdict


def run(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def test_query_json_answers_and_witness_file(tmp_path: Any) -> None:
    r = run(
        "query",
        "--name",
        "smt-rooms-six-total",
        "--name",
        "smt-setup-death",
        "--out-dir",
        str(tmp_path),
        "--json",
    )
    assert r.exit_code == 0, r.output
    rows = {q["name"]: q for q in json.loads(r.stdout)["queries"]}
    assert rows["smt-rooms-six-total"]["answer"] == "6"
    death = rows["smt-setup-death"]
    assert death["answer"] == "yes" and death["replays"] is True and death["ok"] is True
    assert {"name", "expected", "answer", "witness", "seconds"} <= set(death)
    trace = load(death["trace_file"])
    assert replay(trace, model_for_trace(trace)).ok


def test_query_text_and_bad_input() -> None:
    r = run("query", "--name", "smt-conservation-tiny")
    assert r.exit_code == 0 and "holds" in r.output and "1-induction" in r.output
    bad = run("query", "--name", "no-such-query")
    assert bad.exit_code == 2 and bad.stderr.startswith("error: unknown query")
    assert run("query", "--timeout", "0").exit_code == 2


def test_query_contradiction_exits_1(monkeypatch: pytest.MonkeyPatch) -> None:
    """Planted wrong expectation: the rooms query expects 5 -> contradiction, exit 1."""
    wrong = replace(hhh_smt.support().get("smt-rooms-six-total"), expected="5")
    monkeypatch.setattr(hhh_smt, "QUERIES", (wrong,))
    r = run("query", "--name", "smt-rooms-six-total")
    assert r.exit_code == 1 and "CONTRADICTS" in r.output


def test_reach_z3_and_both_agree_on_tiny() -> None:
    r = run("reach", "--config", "tiny", "--goal", "outcome:bankrupt", "--engine", "z3")
    assert r.exit_code == 0 and "REACHABLE [z3]" in r.output
    both = run(
        "reach", "--config", "tiny", "--goal", "outcome:bankrupt", "--engine", "both", "--json"
    )
    d = json.loads(both.stdout)
    assert both.exit_code == 0 and d["agree"] is True and d["z3"]["replays"] is True


def test_reach_z3_unknown_goal_is_input_error() -> None:
    r = run("reach", "--config", "tiny", "--goal", "no-such-goal", "--engine", "z3")
    assert r.exit_code == 2 and r.stderr.startswith("error:")


def test_verdict_bounds_never_confirm() -> None:
    v = verdict
    assert v("$16", "$16") is True and v("$15", "$16") is False
    assert v("max >= $9", "$16") is None and v("max >= $17", "$16") is False
    assert v("round <= 2", "round 2") is None and v("round <= 1", "round 2") is False
    assert v("unknown", "no") is None and v("yes", "") is None


def test_query_states_its_budget_and_keeps_open_full_game_questions_for_thorough() -> None:
    """The default (ci) profile asks every query but the open questions about the full
    game; the run states its whole budget before it starts; ``--name`` asks any query."""
    from hhh_verify.contract.registry import get_game

    support = get_game("hhh").load_smt()
    ci = support.in_profile(thorough=False)
    left = [q.id for q in support.queries if q not in ci]
    assert left and all(
        not q.expected and q.preset == "full" for q in support.queries if q.id in left
    )
    assert "smt-money-max-r1" in left and "smt-arrest-earliest" in left
    assert len(support.in_profile(thorough=True)) == len(support.queries)
    listed = json.loads(run("query", "--list", "--json").stdout)["queries"]
    assert {q["name"] for q in listed if q["profile"] == "thorough"} == set(left)
    r = run("query", "--name", "smt-rooms-six-total", "--name", "smt-money-max-r1", "--list")
    assert "thorough; 10,000,000 Z3 units + a search of 100,000 positions" in r.output
    dh = get_game("dice-hospital").load_smt()
    long = {q.id for q in dh.queries if q not in dh.in_profile(thorough=False)}
    marked = {q.id for q in dh.queries if q.thorough_only}
    assert marked == {"smt-dh-most-points-tiny", "smt-dh-neglect-death-round-1"} <= long
    r = run("query", "--name", "smt-rooms-six-total")
    assert r.stderr.startswith("query hhh: 1 queries, at most 1,000,000 Z3 units in all"), r.stderr
    data = json.loads(run("query", "--name", "smt-rooms-six-total", "--json").stdout)
    assert data["budget"]["z3_units"] == 1_000_000 and data["profile"] == "ci"
