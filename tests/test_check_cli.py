"""`hhh-verify check` and `hunt` on the toy game: table, --json, --junit, exit codes, traces."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.properties import Property, PropertyRegistry

HOLDS = Property(
    "toy.cubes",
    "toy",
    "invariant",
    "HOLDS",
    "toy rules, Draw",
    "cubes left + score never exceed 4",
    check=lambda m, s: None if sum(s.bag) + s.score <= 4 else "too many cubes",
)
BUST = Property(
    "toy.bust",
    "toy",
    "goal",
    "REACHABLE",
    "toy rules",
    "a bust",
    check=lambda m, s: s.reason == "bust",
)
BROKEN = Property(
    "toy.score-below-2",
    "toy",
    "invariant",
    "HOLDS",
    "toy rules",
    "deliberately false",
    check=lambda m, s: None if s.score < 2 else f"score is {s.score}",
)


@pytest.fixture
def toy_props(toy_registry: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> list[Property]:
    """The toy game with a property registry the test chooses (mutable list)."""
    chosen = [HOLDS, BUST]

    def properties_for(game_id: str) -> PropertyRegistry:
        return PropertyRegistry("toy", chosen)

    monkeypatch.setattr("hhh_verify.cli.check.properties_for", properties_for)
    monkeypatch.setattr("hhh_verify.cli.hunt.properties_for", properties_for)
    monkeypatch.setattr("hhh_verify.execution.checks.properties_for", properties_for)
    return chosen


def invoke(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def test_check_passes_with_table(toy_props: list[Property]) -> None:
    r = invoke("check", "--game", "toy", "--profile", "quick")
    assert r.exit_code == 0, r.output
    for text in ("toy.cubes", "toy.bust", "model-contract", "stateful", "REACHABLE", "reached"):
        assert text in r.output
    assert "all expectations met" in r.output


def test_check_json_and_junit(toy_props: list[Property], tmp_path: Any) -> None:
    junit = tmp_path / "out" / "junit.xml"
    r = invoke(
        "check",
        "--game",
        "toy",
        "--profile",
        "quick",
        "--engine",
        "stateful",
        "--json",
        "--junit",
        str(junit),
    )
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["ok"] is True
    row = doc["results"][0]
    assert {"property", "game", "engine", "expected", "status"} <= set(row)
    assert junit.read_text().startswith("<?xml")


def test_check_fails_with_replayable_trace(toy_props: list[Property], tmp_path: Any) -> None:
    toy_props.append(BROKEN)
    r = invoke(
        "check", "--game", "toy", "--profile", "quick", "--trace-dir", str(tmp_path), "--json"
    )
    assert r.exit_code == 1, r.output
    doc = json.loads(r.stdout)
    bad = [x for x in doc["results"] if not x["ok"]]
    assert [x["property"] for x in bad] == ["toy.score-below-2"]
    path = bad[0]["trace_file"]
    assert os.path.exists(path)
    replay = invoke("replay", path)
    assert replay.exit_code == 0, replay.output
    # the human form prints the shrunk trace rule by rule
    r = invoke("check", "--game", "toy", "--profile", "quick", "--trace-dir", str(tmp_path))
    assert r.exit_code == 1 and "Push" in r.output and "trace written to" in r.output


def test_check_bad_input_is_exit_2(toy_props: list[Property]) -> None:
    for args in (
        ["check", "--game", "nope"],
        ["check", "--game", "toy", "--profile", "fast"],
        ["check", "--game", "toy", "--property", "toy.nope"],
        ["check", "--game", "toy", "--interpret", "TOY-BLACK=maybe"],
        ["check", "--game", "toy", "--engine", "nope"],
    ):
        r = invoke(*args)
        assert r.exit_code == 2, (args, r.output)
        assert "Traceback" not in r.output


def test_hunt_prints_minimal_counterexample(toy_props: list[Property], tmp_path: Any) -> None:
    toy_props.append(BROKEN)
    out = tmp_path / "cx.json"
    r = invoke("hunt", "--game", "toy", "--examples", "20", "--out", str(out))
    assert r.exit_code == 1, r.output
    assert "counterexample to toy.score-below-2" in r.output
    assert r.output.count("Push") == 2  # push, draw, push, draw
    assert invoke("replay", str(out)).exit_code == 0


def test_hunt_goal_witness(toy_props: list[Property]) -> None:
    r = invoke("hunt", "--game", "toy", "--property", "toy.bust", "--examples", "20", "--json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["ok"] and doc["found"][0]["property"] == "toy.bust"


def test_hunt_nothing_found(toy_props: list[Property]) -> None:
    r = invoke("hunt", "--game", "toy", "--examples", "5")
    assert r.exit_code == 0, r.output
    assert "nothing found" in r.output
    assert invoke("hunt", "--game", "toy", "--property", "nope").exit_code == 2
