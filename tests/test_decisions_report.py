"""``report --decisions``: the report of the game with those rules decided. Decided
entries are listed (reading, note, where the choice came from) and not measured; every
other entry's impact games and witness search run on models with the decided readings;
without decisions nothing in a report changes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.contract.interpretations import Decisions
from hhh_verify.contract.scenario import Scenario
from hhh_verify.engines import diverge as dv
from hhh_verify.engines import impact as im
from hhh_verify.reporting import build as rp

BUDGET = rp.Budget(games=2, reference_games=2, max_states=30, quick=True, policies=("random",))
ONE = ("RH-TERMINAL-UPKEEP",)
DECIDED = Decisions(
    "royal-hospital", (("RH-CRITICAL-DEADLINE", "second-cleanup"),), "second edition", "d.json"
)


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The decided readings every comparison's two models were built with."""
    calls: list[Any] = []
    real = dv.reading_models

    def spy(spec: Any, config: Any, amb: str, opts: Any, decided: Any = ()) -> Any:
        calls.append((amb, decided))
        return real(spec, config, amb, opts, decided)

    monkeypatch.setattr(dv, "reading_models", spy)
    monkeypatch.setattr(im, "reading_models", spy)
    return calls


def test_every_measured_run_takes_the_decisions(seen: list[Any]) -> None:
    data = rp.build("royal-hospital", 0, BUDGET, ONE, decisions=DECIDED)
    assert [e["id"] for e in data["entries"]] == list(ONE)
    assert seen and all(d == DECIDED.choices for _, d in seen)
    dec = data["decisions"]
    assert dec["file"] == "d.json" and dec["note"] == "second edition"
    assert [(r["id"], r["option"], r["source"]) for r in dec["applied"]] == [
        ("RH-CRITICAL-DEADLINE", "second-cleanup", "d.json")
    ]
    assert data["command"].endswith("--decisions d.json")
    pair = data["entries"][0]["pairs"][0]
    assert "--interpret RH-CRITICAL-DEADLINE=second-cleanup" in pair["command"]


def test_a_decided_entry_is_not_measured(seen: list[Any]) -> None:
    data = rp.build("royal-hospital", 0, BUDGET, ("RH-CRITICAL-DEADLINE", *ONE), decisions=DECIDED)
    assert [e["id"] for e in data["entries"]] == list(ONE)
    assert all(amb != "RH-CRITICAL-DEADLINE" for amb, _ in seen)


def test_without_decisions_the_report_is_unchanged(seen: list[Any]) -> None:
    """The planted contrast: no decisions, no header, the default readings measured."""
    data = rp.build("royal-hospital", 0, BUDGET, ONE)
    assert "decisions" not in data
    assert seen and all(d == () for _, d in seen)


def test_the_baseline_is_reused_only_under_the_same_decisions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Reading A's recorded games stand in for A only when they were played under the
    same decided readings."""
    from hhh_verify.contract.registry import get_game

    spec = get_game("royal-hospital")
    opts = ("every-round", "arrival-round-only")
    fixed = DECIDED.choices
    given: list[Any] = []
    real = im.paired_at

    def spy(
        ma: Any, mb: Any, measures: Any, policy: Any, seed: int, i: int, base: Any = None
    ) -> Any:
        given.append(base)
        return real(ma, mb, measures, policy, seed, i, base)

    monkeypatch.setattr(im, "paired_at", spy)
    plain = im.baseline(spec, Scenario(spec.id, "tiny"), 2)
    under = im.baseline(spec, Scenario(spec.id, "tiny", readings=fixed), 2)
    for base, reused in ((plain, False), (under, True)):
        given.clear()
        im.impact(spec, Scenario(spec.id, "tiny", readings=fixed), ONE[0], opts, 2, base)
        assert all((b is base) == reused for b in given), (reused, given)


def test_the_files_say_which_rules_were_decided(tmp_path: Path) -> None:
    path = tmp_path / "d.json"
    path.write_text(
        json.dumps(
            {
                "game": "royal-hospital",
                "decisions": {"RH-CRITICAL-DEADLINE": "second-cleanup"},
                "note": "second edition",
            }
        ),
        encoding="utf-8",
    )
    out = tmp_path / "out"
    r = CliRunner().invoke(
        main,
        [
            "report",
            "--decisions",
            str(path),
            "--interpret",
            "RH-FINAL-TIE=later-in-turn-order",
            "--ambiguity",
            ONE[0],
            "--quick",
            "--games",
            "2",
            "--reference-games",
            "2",
            "--max-states",
            "30",
            "--format",
            "md,json",
            "--out",
            str(out),
        ],
    )
    assert r.exit_code == 0, r.output
    md = (out / "royal-hospital.md").read_text(encoding="utf-8")
    assert "## Decided rules" in md and "second edition" in md
    assert "| RH-FINAL-TIE |" in md and "--interpret |" in md
    data = json.loads((out / "royal-hospital.json").read_text(encoding="utf-8"))
    assert {r["id"] for r in data["decisions"]["applied"]} == {
        "RH-CRITICAL-DEADLINE",
        "RH-FINAL-TIE",
    }
