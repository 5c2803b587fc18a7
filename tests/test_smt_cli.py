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
