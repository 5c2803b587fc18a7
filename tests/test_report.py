"""Ambiguity reports: deterministic bytes, the committed fixture and report, CLI errors.

The committed ``reports/hhh.*`` used the budget recorded in ``reports/hhh.json``; a full
regeneration takes a minute or two, so CI regenerates three entries with that budget and
compares them with the committed JSON (any entry is a pure function of game, seed, budget
and ambiguity). ``reports/small/`` is a small committed fixture regenerated in full.
"""

from __future__ import annotations

import filecmp
import json
import os
from typing import Any

import pytest
from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.contract.outputs import MANIFEST
from hhh_verify.reporting import build as rp
from hhh_verify.reporting import ranking

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SMALL = os.path.join(ROOT, "reports", "small")
#: The command that wrote reports/small (keep in sync with reports/small/README.md).
SMALL_ARGS = [
    "report",
    "--game",
    "hhh",
    "--quick",
    "--games",
    "5",
    "--ambiguity",
    "HHH-WARD-BEDS",
    "--ambiguity",
    "HHH-MORGUE",
    "--jobs",
    "1",
]


def _run(args: list[str]) -> Any:
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    return r


def _same_tree(a: str, b: str) -> list[str]:
    """Files that differ (or exist on one side only) between two directory trees."""
    # the manifest lists the other files with their digests: it follows from them
    cmp = filecmp.dircmp(a, b, ignore=["README.md", MANIFEST])
    out = list(cmp.left_only) + list(cmp.right_only) + list(cmp.diff_files)
    for sub in cmp.subdirs:
        out += [f"{sub}/{x}" for x in _same_tree(os.path.join(a, sub), os.path.join(b, sub))]
    return out


def test_small_report_matches_the_committed_fixture(tmp_path: Any) -> None:
    out = str(tmp_path / "small")
    _run(SMALL_ARGS + ["--out", out])
    assert _same_tree(SMALL, out) == []


def test_report_bytes_do_not_depend_on_jobs(tmp_path: Any) -> None:
    a, b = str(tmp_path / "a"), str(tmp_path / "b")
    base = SMALL_ARGS[:-2]
    _run(base + ["--jobs", "1", "--out", a])
    _run(base + ["--jobs", "2", "--out", b])
    assert _same_tree(a, b) == []


def test_planted_seed_change_changes_the_report(tmp_path: Any) -> None:
    a, b = str(tmp_path / "a"), str(tmp_path / "b")
    _run(SMALL_ARGS + ["--format", "json", "--out", a])
    _run(SMALL_ARGS + ["--format", "json", "--seed", "7", "--out", b])
    assert _same_tree(a, b) == ["hhh.json"]


def test_small_report_content() -> None:
    with open(os.path.join(SMALL, "hhh.json"), encoding="utf-8") as fh:
        data = json.load(fh)
    ids = [e["id"] for e in data["entries"]]
    assert ids == ["HHH-WARD-BEDS", "HHH-MORGUE"]
    for e in data["entries"]:
        assert e["material"] is True and e["material_engine"] == "explorer"
        w = e["pairs"][0]["diverge"]["witness"]
        assert w["state"] and w["readings"]["a"] and w["readings"]["b"]
        for imp in e["pairs"][0]["impact"].values():
            assert "ci95" in imp["stats"]["money"]
    with open(os.path.join(SMALL, "hhh.md"), encoding="utf-8") as fh:
        md = fh.read()
    assert "| id | title | category | severity | material |" in md
    with open(os.path.join(SMALL, "hhh.html"), encoding="utf-8") as fh:
        html = fh.read()
    assert html.startswith("<!DOCTYPE html>") and "<svg" in html and "<script" not in html


def _committed() -> dict[str, Any]:
    with open(os.path.join(ROOT, "reports", "hhh.json"), encoding="utf-8") as fh:
        return json.load(fh)  # type: ignore[no-any-return]


# An explorer witness on a reduced preset, one on a targeted configuration, and one
# found by differential playouts of the full game.
@pytest.mark.parametrize("amb", ["HHH-MORGUE", "HHH-MONEY-CAP", "HHH-COO-TIMING"])
def test_committed_report_entry_regenerates(amb: str) -> None:
    committed = _committed()
    b = committed["budget"]
    budget = rp.Budget(
        games=b["games"],
        reference_games=b.get("reference_games", rp.Budget().reference_games),
        max_states=b["max_states"],
        max_games=b["max_games"],
        policies=tuple(b["policies"]),
        quick=b["quick"],
    )
    fresh = rp.build("hhh", committed["seed"], budget, [amb])
    old = next(e for e in committed["entries"] if e["id"] == amb)
    # the correction for multiple comparisons (q, severity, ranking) spans the whole
    # report, so one entry rebuilt alone agrees with it on everything else
    assert _plain(ranking.strip_family(fresh["entries"][0])) == ranking.strip_family(old)


def _plain(x: Any) -> Any:
    return json.loads(json.dumps(x, sort_keys=True))


def test_one_entry_alone_matches_the_fixture_but_for_the_correction() -> None:
    with open(os.path.join(SMALL, "hhh.json"), encoding="utf-8") as fh:
        small = json.load(fh)
    b = small["budget"]
    budget = rp.Budget(
        games=b["games"], reference_games=b["reference_games"], max_states=b["max_states"],
        max_games=b["max_games"], policies=tuple(b["policies"]), quick=b["quick"],
    )  # fmt: skip
    fresh = rp.build("hhh", small["seed"], budget, ["HHH-MORGUE"])
    old = next(e for e in small["entries"] if e["id"] == "HHH-MORGUE")
    assert _plain(ranking.strip_family(fresh["entries"][0])) == ranking.strip_family(old)
    # the family is the whole report: alone, the entry is corrected over fewer comparisons
    assert fresh["ranking"]["comparisons"] < small["ranking"]["comparisons"]


def test_committed_report_covers_every_ambiguity() -> None:
    committed = _committed()
    every = {e["id"] for e in committed["entries"]}
    from hhh_verify.contract.registry import get_game

    assert every == {a.id for a in get_game("hhh").ambiguities}
    for e in committed["entries"]:  # each entry: a witness or an honest "not found"
        for p in e["pairs"]:
            d = p["diverge"]
            assert d["witness"] is not None or "not found within budget" in d["note"]


@pytest.mark.parametrize(
    "args", [["--format", "pdf"], ["--games", "1"], ["--ambiguity", "NOPE"], ["--game", "zzz"]]
)
def test_report_cli_bad_input(tmp_path: Any, args: list[str]) -> None:
    out = tmp_path / "r"
    r = CliRunner().invoke(main, ["report", "--out", str(out), *args])
    assert r.exit_code == 2 and r.stderr.startswith("error:"), r.output
    assert not out.exists()
