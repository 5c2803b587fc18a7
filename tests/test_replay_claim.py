"""`replay` checks what a trace says it shows: the recorded goal reached, or the
recorded invariant broken, on the replayed path. A trace whose steps replay but whose
claim does not show (its fields disagree) exits 1 with one line; one that shows it says
where."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.contract.properties import Invariant, Property, PropertyRegistry
from hhh_verify.contract.registry import properties_for


@pytest.fixture(scope="module")
def bankrupt(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """``reach``'s witness of a bankruptcy on the tiny preset (its goal in ``meta``)."""
    path = tmp_path_factory.mktemp("claim") / "bankrupt.json"
    args = ["reach", "--game", "hhh", "--config", "tiny", "--goal", "hhh.goal-bankrupt"]
    r = CliRunner().invoke(main, [*args, "--out", str(path)])
    assert r.exit_code == 0, r.output
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    assert data["meta"]["goal"] == "hhh.goal-bankrupt" and len(data["steps"]) >= 3
    return data


def replay(data: dict[str, Any], tmp_path: Path, *extra: str) -> Any:
    f = tmp_path / "t.json"
    f.write_text(json.dumps(data), encoding="utf-8")
    return CliRunner().invoke(main, ["replay", str(f), "--quiet", *extra])


def test_a_witness_says_where_its_goal_is_reached(bankrupt: Any, tmp_path: Path) -> None:
    r = replay(bankrupt, tmp_path)
    last = len(bankrupt["steps"]) - 1
    assert r.exit_code == 0, r.output
    assert f"recorded goal hhh.goal-bankrupt: reached at step {last}" in r.stdout
    doc = json.loads(replay(bankrupt, tmp_path, "--json").stdout)
    assert doc["claim"] == {
        "property": "hhh.goal-bankrupt",
        "kind": "goal",
        "shown": True,
        "step": last,
        "message": None,
    }


def test_a_cut_witness_that_replays_but_misses_its_goal_fails(
    bankrupt: Any, tmp_path: Path
) -> None:
    data = json.loads(json.dumps(bankrupt))
    data["steps"] = data["steps"][:-1]
    r = replay(data, tmp_path)
    assert r.exit_code == 1, r.output
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "hhh.goal-bankrupt: not reached on this path" in lines[0], r.stderr
    assert json.loads(replay(data, tmp_path, "--json").stdout)["claim"]["shown"] is False


def test_a_trace_naming_no_property_of_its_game_is_judged_on_its_steps(
    bankrupt: Any, tmp_path: Path
) -> None:
    """An id outside the registry (an engine's own check, ``terminal``), or a finding
    that is not the property's (an error its check raised), is no claim."""
    errored = {"property": "hhh.goal-arrest", "finding": "error"}  # the check raised
    for meta in ({"goal": "terminal"}, {"property": "model-contract"}, errored, {}):
        data = dict(bankrupt, meta=meta)
        r = replay(data, tmp_path)
        assert r.exit_code == 0 and "recorded" not in r.output, r.output


def _with_invariant(monkeypatch: pytest.MonkeyPatch, prop: Property) -> None:
    real = properties_for("hhh")
    registry = PropertyRegistry("hhh", [*real, prop])
    monkeypatch.setattr("hhh_verify.cli.replay_claim.properties_for", lambda game: registry)


def test_an_invariant_trace_says_where_it_breaks(
    bankrupt: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Planted: an invariant "money never below 0" that the bankruptcy breaks; the trace
    that names it shows where, and a trace cut before the break fails."""
    broke = Invariant(
        "hhh.planted-solvent", "hhh", "planted", "money never below 0",
        check=lambda m, s: f"money {s.money}" if s.money < 0 else None,
    )  # fmt: skip
    _with_invariant(monkeypatch, broke)
    data = dict(bankrupt, meta={"property": "hhh.planted-solvent", "finding": "violation"})
    r = replay(data, tmp_path)
    assert r.exit_code == 0, r.output
    assert "recorded invariant hhh.planted-solvent: violated at step" in r.stdout
    assert "(money -" in r.stdout
    cut = dict(data, steps=data["steps"][:2])
    r = replay(cut, tmp_path)
    assert r.exit_code == 1 and "not violated on this path" in r.stderr, r.output
