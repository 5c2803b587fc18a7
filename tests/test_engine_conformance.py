"""Every engine, through the CLI, on every registered game and on two test-only games.

The test games are registered by a fixture (nothing in the package names them): the toy
push-your-luck game (tests/toy_model.py), which declares every optional part of a
``GameSpec`` (properties, search order, a greedy player, a probe, a reduced preset, a Z3
encoding, a board picture), and the competitive duel (tests/toy_duel.py), which declares only
properties, so the "this game has no X" paths and the per-seat summaries run too. If an
engine needed an edit for a new game, these tests would be where it shows.

The real games run each engine once on their reduced preset, with small budgets.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import toy_duel
import toy_model
from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.contract import registry
from hhh_verify.contract import trace as tr


def run(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def run_json(*args: str, code: int = 0) -> Any:
    r = run(*args, "--json")
    assert r.exit_code == code, r.output
    return json.loads(r.stdout)


@pytest.fixture
def games(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The registry with the toy and the duel added."""
    found = dict(registry.games())
    found["toy"] = toy_model.SPEC
    found["duel"] = toy_duel.SPEC
    monkeypatch.setattr(registry, "games", lambda: dict(found))
    return found


# ---------------------------------------------------------------------------------------
# The toy: every optional part declared
# ---------------------------------------------------------------------------------------


def test_toy_is_listed_with_its_parts(games: Any) -> None:
    rows = {g["id"]: g for g in run_json("games")["games"]}
    assert rows["toy"]["provides"] == [
        "properties",
        "search_order",
        "policies",
        "probes",
        "reduced_preset",
        "smt",
        "board",
    ]
    assert rows["toy"]["policies"] == ["random", "greedy", "strong"]
    assert rows["duel"]["provides"] == ["properties", "reduced_preset"]
    assert run_json("rules", "--game", "toy")["rules"][1]["status"] == "ambiguity"
    assert run_json("ambiguities", "--game", "toy")


def test_toy_check_runs_all_three_engines(games: Any, tmp_path: Path) -> None:
    doc = run_json("check", "--game", "toy", "--profile", "quick", "--trace-dir", str(tmp_path))
    assert doc["ok"] is True
    engines = {r["engine"] for r in doc["results"]}
    assert engines == {"stateful", "distributions", "explore:tiny", "z3"}
    z3_row = next(r for r in doc["results"] if r["engine"] == "z3")
    assert z3_row["property"] == "smt-toy-range-check" and z3_row["status"] == "holds"
    win = [r for r in doc["results"] if r["property"] == "toy.goal-win"]
    assert {r["status"] for r in win} == {"reached"}


def test_toy_explore_reach_and_query(games: Any) -> None:
    doc = run_json("explore", "--game", "toy")
    assert doc["complete"] and doc["states"] == toy_model.STATE_COUNTS["bust"]
    assert doc["goals"]["toy.goal-win"]["reachable"] is True
    for engine in ("explore", "z3", "both"):
        r = run_json("reach", "--game", "toy", "--goal", "won", "--engine", engine)
        assert r["reachable"] is True, engine
    both = run_json("reach", "--game", "toy", "--goal", "won", "--engine", "both")
    assert both["agree"] is True and both["z3"]["replays"] is True
    # goals the invariant excludes are proved unreachable by z3 at every depth
    never = run_json(
        "reach", "--game", "toy", "--goal", "outcome:bust", "--engine", "z3",
        "--interpret", "TOY-BLACK=penalty", code=1,
    )  # fmt: skip
    assert never["reachable"] is False
    rows = {q["name"]: q for q in run_json("query", "--game", "toy")["queries"]}
    assert {q["ok"] for q in rows.values()} == {True}
    assert rows["smt-toy-best-score"]["answer"] == "3"


def test_toy_hunt_simulate_replay(games: Any, tmp_path: Path) -> None:
    assert run_json("hunt", "--game", "toy", "--examples", "5")["ok"] is True
    trace = tmp_path / "game0.json"
    doc = run_json(
        "simulate", "--game", "toy", "--games", "30", "--policy", "greedy",
        "--trace-out", str(trace),
    )  # fmt: skip
    assert doc["policy"] == "greedy" and doc["win_rate"] is not None and "seats" not in doc
    assert run("replay", str(trace)).exit_code == 0
    page = tmp_path / "game0.html"
    assert run("replay", "--html", str(page), str(trace)).exit_code == 0
    steps = len(json.loads(trace.read_text())["steps"])
    assert (
        page.read_text().count('<svg xmlns="http://www.w3.org/2000/svg" class="board"') == steps + 1
    )
    bad = run("simulate", "--game", "toy", "--policy", "telepathic")
    assert bad.exit_code == 2 and "accepted: random, greedy" in bad.stderr


def test_toy_diverge_impact_report(games: Any, tmp_path: Path) -> None:
    d = run_json("diverge", "--game", "toy", "--ambiguity", "TOY-BLACK", code=1)
    assert d["material"] is True and d["config"] == "tiny"
    imp = run_json(
        "impact", "--game", "toy", "--ambiguity", "TOY-BLACK", "--games", "20",
        "--policy", "greedy",
    )  # fmt: skip
    assert {"win", "money", "rating_rank", "deaths", "rounds"} <= set(imp["stats"])
    assert set(imp["ratings"]) == {"none", "silver", "gold"}  # the rating rank's categories
    out = tmp_path / "reports"
    written = run_json(
        "report", "--game", "toy", "--out", str(out), "--games", "6", "--max-states", "500",
        "--max-games", "5", "--jobs", "1",
    )["written"]  # fmt: skip
    assert {Path(w).name for w in written} >= {"toy.md", "toy.html", "toy.json"}
    data = json.loads((out / "toy.json").read_text())
    assert data["budget"]["policies"] == ["random", "greedy"]
    (entry,) = data["entries"]
    (pair,) = entry["pairs"]
    # the declared probe (two black cubes) is explored before the reduced presets
    assert pair["diverge"]["searched"][0]["config"] == "default --set blacks=2"
    assert pair["diverge"]["material"] is True
    # the declared board draws the witness; the forest plot heads the page
    html = (out / "toy.html").read_text()
    assert html.count('class="board"') >= 2 and 'class="forest"' in html
    assert "<svg" not in (out / "toy.json").read_text()  # pictures stay out of the JSON


# ---------------------------------------------------------------------------------------
# The duel: competitive, and no policies, probes or Z3 encoding
# ---------------------------------------------------------------------------------------


def test_duel_simulate_reports_seats(games: Any) -> None:
    doc = run_json("simulate", "--game", "duel", "--games", "60")
    assert doc["wins"] is None and doc["win_rate"] is None
    seats = doc["seats"]
    assert [s["seat"] for s in seats] == [0, 1]
    shares = sum(s["win_share"] for s in seats)
    assert shares == pytest.approx(1.0)
    assert sum(s["wins"] for s in seats) + doc["ties"] == 60
    assert doc["winning_score"]["max"] >= max(s["score"]["max"] for s in seats)
    text = run("simulate", "--game", "duel", "--games", "10")
    assert text.exit_code == 0 and "seat 1 wins" in text.output and "ties" in text.output


def test_duel_tie_breaker_shows_in_win_shares(games: Any, monkeypatch: Any) -> None:
    """DUEL-TIE=second gives every tie on points to seat 1 (``Outcome.winners``): the
    same games, the same scores, but no ties and seat 1 wins them all. A planted engine
    that counts wins from the scores alone shows the ties again."""
    args = ("simulate", "--game", "duel", "--games", "60")
    shared = run_json(*args)
    broken = run_json(*args, "--interpret", "DUEL-TIE=second")
    assert shared["ties"] > 0 and broken["ties"] == 0
    assert [s["score"] for s in broken["seats"]] == [s["score"] for s in shared["seats"]]
    one, one_shared = broken["seats"][1], shared["seats"][1]
    assert one["wins"] == one_shared["wins"] + shared["ties"]
    assert broken["seats"][0]["wins"] == shared["seats"][0]["wins"]
    assert one["win_share"] > one_shared["win_share"]
    assert sum(s["win_share"] for s in broken["seats"]) == pytest.approx(1.0)
    imp = run_json("impact", "--game", "duel", "--ambiguity", "DUEL-TIE", "--games", "30")
    assert imp["stats"]["seat0_score"]["diff"] == 0 and imp["stats"]["seat0_win"]["diff"] < 0

    from hhh_verify.engines import standings

    def by_scores(outcome: Any) -> tuple[int, ...]:
        return tuple(i for i, x in enumerate(outcome.scores) if x == max(outcome.scores))

    monkeypatch.setattr(standings, "winning_seats", by_scores)
    assert run_json(*args, "--interpret", "DUEL-TIE=second")["ties"] == shared["ties"]


def test_duel_diverge_sees_a_tie_breaker(games: Any) -> None:
    """A reading that changes only the winner is material: the witness is an end of the
    game with the same scores and different winners."""
    d = run_json("diverge", "--game", "duel", "--ambiguity", "DUEL-TIE", code=1)
    w = d["witness"]
    assert d["material"] is True and w["kind"] == "outcome"
    a, b = w["readings"]["a"]["outcome"], w["readings"]["b"]["outcome"]
    assert a["scores"] == b["scores"] and a["winners"] != b["winners"]


def test_duel_impact_diverge_report(games: Any, tmp_path: Path) -> None:
    imp = run_json("impact", "--game", "duel", "--ambiguity", "DUEL-LAST", "--games", "30")
    assert {"seat0_score", "winning_score", "seat0_win", "rounds"} <= set(imp["stats"])
    assert "money" not in imp["stats"] and "ratings" not in imp
    # plus-one only ever helps seat 1: seat 0's win share cannot rise
    assert imp["stats"]["seat0_win"]["diff"] <= 0 and imp["stats"]["seat0_score"]["diff"] == 0
    d = run_json("diverge", "--game", "duel", "--ambiguity", "DUEL-LAST", code=1)
    assert d["material"] is True and d["witness"]["kind"] in ("outcome", "successors")
    out = tmp_path / "reports"
    run_json(
        "report", "--game", "duel", "--out", str(out), "--games", "8", "--max-states", "300",
        "--max-games", "5", "--jobs", "1",
    )  # fmt: skip
    md = (out / "duel.md").read_text()
    # measures in words and their units, never the raw key (issue 28: no jargon)
    assert "seat0_win" not in md and "seat 0's win share" in md and "percentage points" in md
    # no money, so no money histogram: the forest plot only
    assert [p.name for p in (out / "duel-plots").iterdir()] == ["forest.svg"]
    data = json.loads((out / "duel.json").read_text())
    assert data["budget"]["policies"] == ["random"]
    html = (out / "duel.html").read_text()  # no board declared: the positions as text
    assert '<pre class="board-text">' in html and 'class="board"' not in html
    # a competitive game's measure a player feels: how often the winner changes
    changed = [i["winner_changed"] for e in data["entries"] for p in e["pairs"]
               for i in p["impact"].values()]  # fmt: skip
    assert changed and "winner changed in" in md and 'class="winner-change"' in html


def test_duel_without_z3_says_so(games: Any) -> None:
    q = run("query", "--game", "duel")
    assert q.exit_code == 2 and "no SMT queries for game 'duel'" in q.stderr
    r = run("reach", "--game", "duel", "--goal", "terminal", "--engine", "z3")
    assert r.exit_code == 2 and "no encoding of 'duel'" in r.stderr
    doc = run_json("check", "--game", "duel", "--profile", "quick")
    engines = {r["engine"] for r in doc["results"]}
    assert doc["ok"] and engines == {"stateful", "distributions", "explore:tiny"}
    # two turns a seat, each adding 0, 1, 2 or 3: 7 totals per seat, 49 final states
    assert run_json("explore", "--game", "duel")["terminal"] == {"over:completed": 49}


# ---------------------------------------------------------------------------------------
# Every registered game, each engine once on its reduced preset
# ---------------------------------------------------------------------------------------

REAL = registry.games()


@pytest.mark.parametrize("game", list(REAL))
def test_registered_game_through_every_engine(game: str, tmp_path: Path) -> None:
    spec = REAL[game]
    config = spec.reduced_preset or spec.default_preset
    common = ("--game", game, "--config", config)
    explored = run("explore", *common, "--max-states", "3000", "--json")
    assert explored.exit_code in (0, 1) and json.loads(explored.stdout)["states"] > 0
    reach = run("reach", *common, "--goal", "terminal", "--max-states", "3000", "--json")
    assert reach.exit_code in (0, 1), reach.output
    trace = tmp_path / "t.json"
    run_json("simulate", *common, "--games", "2", "--trace-out", str(trace))
    assert run("replay", str(trace)).exit_code == 0
    page = tmp_path / "t.html"
    assert run("replay", "--quiet", "--html", str(page), str(trace)).exit_code == 0
    assert page.read_text().count('<section class="step"') == len(tr.load(str(trace)).steps) + 1
    amb = next(iter(spec.ambiguities)).id
    d = run(
        "diverge", *common, "--ambiguity", amb, "--engine", "explorer",
        "--max-states", "300", "--json",
    )  # fmt: skip
    assert d.exit_code in (0, 1), d.output
    run_json("impact", *common, "--ambiguity", amb, "--games", "2")
    if spec.smt is not None:
        assert run_json("query", "--game", game, "--list")["queries"]
