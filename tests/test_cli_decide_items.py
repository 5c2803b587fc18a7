"""Small command-line items of deciding rules: the game follows from an ambiguity id,
help text prints what it means, and ``ambiguities --sort impact`` follows the committed
report."""

from __future__ import annotations

import json
import os
from pathlib import Path

from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.cli.common import game_of
from hhh_verify.contract.registry import DEFAULT_GAME, games


def test_the_game_of_an_ambiguity_id_comes_from_the_registries() -> None:
    for g, spec in games().items():
        for a in spec.ambiguities:
            assert game_of(DEFAULT_GAME, None, a.id) == g
    assert game_of(DEFAULT_GAME, None, "XX-NOPE") == DEFAULT_GAME


def test_diverge_finds_the_game_of_its_ambiguity() -> None:
    args = ["--ambiguity", "RH-TERMINAL-UPKEEP", "--config", "tiny", "--engine", "explorer"]
    r = CliRunner().invoke(main, ["diverge", *args, "--max-states", "20", "--json"])
    assert r.exit_code in (0, 1), r.output
    assert json.loads(r.stdout)["game"] == "royal-hospital"


def test_an_explicit_game_still_wins() -> None:
    """Planted: --game hhh with a Royal Hospital id is refused, not silently switched."""
    r = CliRunner().invoke(
        main, ["impact", "--game", "hhh", "--ambiguity", "RH-TERMINAL-UPKEEP", "--games", "2"]
    )
    assert r.exit_code == 2 and "unknown interpretation 'RH-TERMINAL-UPKEEP'" in r.stderr


def test_impact_finds_the_game_of_its_ambiguity() -> None:
    args = ["--ambiguity", "RH-TERMINAL-UPKEEP", "--config", "tiny", "--games", "2"]
    r = CliRunner().invoke(main, ["impact", *args, "--engine", "reference", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["game"] == "royal-hospital"


def test_help_prints_percent_once_and_says_why_simulate_differs() -> None:
    for name in main.commands:
        out = CliRunner().invoke(main, [name, "--help"]).output
        assert "%%" not in out, name
    impact = " ".join(CliRunner().invoke(main, ["impact", "--help"]).output.split())
    simulate = " ".join(CliRunner().invoke(main, ["simulate", "--help"]).output.split())
    assert "Why the means under A differ from `simulate --seed S`'s" in impact
    assert "`impact` plays other games for the same seed" in simulate


def _ids(output: str, prefix: str) -> list[str]:
    return [line.split()[0] for line in output.splitlines() if line.startswith(prefix)]


def test_sort_impact_follows_the_committed_report(tmp_path: Path) -> None:
    spec = games()["royal-hospital"]
    ids = [a.id for a in spec.ambiguities]
    entries = [{"id": i, "score": float(n), "score_any": float(n)} for n, i in enumerate(ids)]
    (tmp_path / "reports").mkdir()
    (tmp_path / "reports" / "royal-hospital.json").write_text(
        json.dumps({"entries": entries}), encoding="utf-8"
    )
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        r = CliRunner().invoke(
            main, ["ambiguities", "--game", "royal-hospital", "--sort", "impact"]
        )
        rj = CliRunner().invoke(
            main, ["ambiguities", "--game", "royal-hospital", "--sort", "impact", "--json"]
        )
    finally:
        os.chdir(old)
    assert r.exit_code == 0, r.output
    assert _ids(r.stdout, "RH-") == ids[::-1]
    assert "sorted by the ranking effect in reports/royal-hospital.json" in r.stderr
    data = json.loads(rj.stdout)
    assert data["sort"] == "impact"
    assert [a["id"] for a in data["ambiguities"]] == ids[::-1]


def test_sort_impact_says_when_there_is_no_report(tmp_path: Path) -> None:
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        r = CliRunner().invoke(
            main, ["ambiguities", "--game", "royal-hospital", "--sort", "impact"]
        )
    finally:
        os.chdir(old)
    assert r.exit_code == 0
    assert "no reports/royal-hospital.json here: listed in registry order" in r.stderr
    assert _ids(r.stdout, "RH-") == [a.id for a in games()["royal-hospital"].ambiguities]
