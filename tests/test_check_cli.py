"""`hhh-verify check` and `hunt` on the toy game: table, --json, --junit, exit codes, traces;
`check --profile quick` on each real game, and a planted HHH bug that still exits 1."""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from dataclasses import replace
from typing import Any

import pytest
from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.contract.properties import Goal, Invariant, Property, PropertyRegistry

HOLDS = Invariant(
    "toy.cubes",
    "toy",
    "toy rules, Draw",
    "cubes left + score never exceed 4",
    check=lambda m, s: None if sum(s.bag) + s.score <= 4 else "too many cubes",
)
BUST = Goal(
    "toy.bust",
    "toy",
    "toy rules",
    "a bust",
    check=lambda m, s: s.reason == "bust",
)
BROKEN = Invariant(
    "toy.score-below-2",
    "toy",
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


def invoke(*args: str, env: dict[str, str] | None = None) -> Any:
    return CliRunner().invoke(main, list(args), env=env)


def test_check_passes_with_table(toy_props: list[Property], tmp_path: Any) -> None:
    r = invoke("check", "--game", "toy", "--profile", "quick", "--trace-dir", str(tmp_path))
    assert r.exit_code == 0, r.output
    for text in ("toy.cubes", "toy.bust", "model-contract", "stateful", "witness", "reached"):
        assert text in r.output
    assert "toy: 6 properties: 5 hold, 1 reached, 0 not found within budget, 0 violated" in r.output
    assert r.output.rstrip().endswith("all expectations met")
    # the goal's witness is kept, and replays
    [witness] = [p for p in os.listdir(tmp_path) if "toy.bust" in p]
    assert invoke("replay", str(tmp_path / witness)).exit_code == 0


def test_check_table_wraps_long_ids_at_80_columns(toy_props: list[Property], tmp_path: Any) -> None:
    long_id = "toy.a-property-whose-id-is-much-longer-than-any-column-could-hold"
    toy_props.append(replace(HOLDS, id=long_id))
    args = ("check", "--game", "toy", "--profile", "quick", "--trace-dir", str(tmp_path))
    r = invoke(*args, env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.output
    table = [line for line in r.output.splitlines() if line.startswith(" ")]
    assert max(len(line) for line in table) <= 80 and "…" not in r.output
    folded = [line.split()[0] for line in table if line.split()]
    start = next(i for i, word in enumerate(folded) if long_id.startswith(word) and len(word) > 3)
    joined = ""
    for word in folded[start:]:
        joined += word
        if len(joined) >= len(long_id):
            break
    assert joined == long_id
    # --details adds every engine's own row
    details = invoke(*args, "--details", env={"COLUMNS": "80"})
    assert "every engine's result" in details.output and "counts as" in details.output


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
        "--trace-dir",
        str(tmp_path / "traces"),
    )
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["ok"] is True
    row = doc["results"][0]
    assert {"property", "game", "engine", "expected", "status"} <= set(row)
    verdicts = {v["id"]: v for v in doc["verdicts"]}
    assert set(verdicts) == {"toy.cubes", "toy.bust", "model-contract"}
    bust = verdicts["toy.bust"]
    assert bust["verdict"] == "reached" and bust["engines"] == {"stateful": "witness"}
    assert bust["witness"]["engine"] == "stateful" and os.path.exists(bust["witness"]["trace_file"])
    assert verdicts["toy.cubes"]["verdict"] == "holds" and not verdicts["toy.cubes"]["fails"]
    assert junit.read_text().startswith("<?xml")
    cases = ET.parse(junit).getroot().findall("./testsuite/testcase")
    assert sorted(c.get("name") for c in cases) == sorted(verdicts)
    bust_case = next(c for c in cases if c.get("name") == "toy.bust")
    assert "stateful: reached" in (bust_case.findtext("system-out") or "")


def test_check_fails_with_replayable_trace(toy_props: list[Property], tmp_path: Any) -> None:
    toy_props.append(BROKEN)
    r = invoke(
        "check", "--game", "toy", "--profile", "quick", "--trace-dir", str(tmp_path), "--json"
    )
    assert r.exit_code == 1, r.output
    doc = json.loads(r.stdout)
    bad = [x for x in doc["results"] if not x["ok"]]
    assert {x["property"] for x in bad} == {"toy.score-below-2"}
    path = bad[0]["trace_file"]
    assert os.path.exists(path)
    replay = invoke("replay", path)
    assert replay.exit_code == 0, replay.output
    [failed] = [v for v in doc["verdicts"] if v["fails"]]
    assert failed["id"] == "toy.score-below-2" and failed["verdict"] == "violated"
    # the human form prints the shrunk trace rule by rule
    r = invoke("check", "--game", "toy", "--profile", "quick", "--trace-dir", str(tmp_path))
    assert r.exit_code == 1 and "Push" in r.output and "trace written to" in r.output
    assert "toy.score-below-2: VIOLATED" in r.output
    assert r.output.rstrip().endswith("1 expectation(s) NOT met")


def test_check_fails_on_a_goal_proved_unreachable(toy_props: list[Property], tmp_path: Any) -> None:
    """The explorer finishes the toy game: a goal it never reaches is proved unreachable."""
    toy_props[1] = replace(BUST, check=lambda m, s: s.score > 99)
    args = ("check", "--game", "toy", "--profile", "quick", "--trace-dir", str(tmp_path))
    doc = json.loads(invoke(*args, "--json").stdout)
    [v] = [v for v in doc["verdicts"] if v["id"] == "toy.bust"]
    assert v["verdict"] == "unreachable" and v["fails"]
    assert v["engines"] == {"stateful": "not-found", "explore:tiny": "unreachable"}
    r = invoke(*args)
    assert r.exit_code == 1 and "toy.bust: UNREACHABLE" in r.output


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


# The real games -------------------------------------------------------------------------

#: Per game, goals the stateful engine's quick search misses and another engine reaches
#: (each once exited 1 under --profile quick).
QUICK = {
    "hhh": ("hhh.goal-arrest",),
    "royal-hospital": ("rh.goal-seat-0-wins", "rh.goal-qoc-penalty"),
    "dice-hospital": ("dh.goal-empty-hospital",),
}


@pytest.mark.parametrize("game", list(QUICK))
def test_quick_profile_meets_every_expectation(game: str, tmp_path: Any) -> None:
    only = [arg for pid in QUICK[game] for arg in ("--property", pid)]
    args = ("check", "--game", game, "--profile", "quick", "--trace-dir", str(tmp_path))
    r = invoke(*args, *only, "--json")
    assert r.exit_code == 0, r.output
    verdicts = {v["id"]: v for v in json.loads(r.stdout)["verdicts"]}
    for pid in QUICK[game]:
        assert verdicts[pid]["verdict"] == "reached", verdicts[pid]


def test_planted_bug_still_exits_1(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    """Restock Cubes loses one discarded cube (as in test_planted_bugs.py): check fails."""
    from hhh_verify.models.hhh.rules import board, patient_phase

    original = patient_phase.restock

    def lose_one(ctx: Any, s: Any) -> Any:
        t = original(ctx, s)
        k = next((i for i, n in enumerate(t.bag) if n), None)
        return t if k is None else replace(t, bag=board.bump(t.bag, k, -1))

    monkeypatch.setattr(patient_phase, "restock", lose_one)
    args = ("check", "--game", "hhh", "--profile", "quick", "--trace-dir", str(tmp_path))
    args += ("--property", "hhh.cubes-conserved", "--engine", "stateful")
    args += ("--engine", "explore:tiny", "--json")
    r = invoke(*args)
    assert r.exit_code == 1, r.output
    [v] = [v for v in json.loads(r.stdout)["verdicts"] if v["fails"]]
    assert v["id"] == "hhh.cubes-conserved" and v["verdict"] == "violated"
    assert "violated" in v["engines"].values()
