"""The report's at-a-glance parts and pages: forest plot, B-A plots, the index of every
game's report, and ``replay --html`` (on the toy game, so each test takes a second).

Planted bugs: a forest plot that kept the JSON order, an index that dropped a game
without a report, and a step-through page that linked past a failed step would each
fail a test here.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import pytest
import toy_duel
import toy_model
from click.testing import CliRunner
from scipy.stats import binomtest

from hhh_verify.cli import main
from hhh_verify.contract import registry
from hhh_verify.reporting import ranking
from hhh_verify.reporting.index import write_index
from hhh_verify.reporting.render_effects import ALIKE, forest_svg, shifts_svg, standardised
from hhh_verify.reporting.winner_change import winner_change


def run(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def games(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The registry with only the toy (``--game all`` then means the toy)."""
    found = {"toy": toy_model.SPEC}
    monkeypatch.setattr(registry, "games", lambda: dict(found))
    return found


def _stat(diff: float, half: float, significant: bool) -> dict[str, Any]:
    return {
        "diff": diff,
        "ci95": [diff - half, diff + half],
        "significant": significant,
        "p": 1e-6 if significant else 0.5,
        "sd": half,
        "mean_a": 0.0,
        "mean_b": diff,
        "games_needed": None,
    }


def _entry(amb: str, money: float, win: float, sig: bool) -> dict[str, Any]:
    stats = {"money": _stat(money, 1.0, sig), "win": _stat(win, 0.01, False)}
    imp = {"stats": stats, "games": 100, "games_parted": 10}
    return {
        "id": amb,
        "title": f"title of {amb}",
        "default": "a",
        "options": [{"id": "a", "summary": "A"}, {"id": "b", "summary": "B"}],
        "pairs": [
            {"options": ["a", "b"], "impact": {"greedy": imp}, "diverge": {"material": True}}
        ],
    }


def _ranked(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """A report's data with the ranking applied (severity, ranking effect, top)."""
    return ranking.apply({"title": "T", "entries": entries})


def _rows(svg: str) -> list[str]:
    """The entry ids of a forest plot, top to bottom."""
    return re.findall(r'<a href="#([^"]+)">', svg)


def test_forest_plot_sorts_by_largest_shift_and_counts_the_rest() -> None:
    entries = [
        _entry("X-SMALL", 1.0, 0.0, True),
        _entry("X-WIN", 0.5, 0.09, False),  # 9 win-chance points = $9: the largest
        _entry("X-NONE", 0.0, 0.0, False),
        _entry("X-BIG", -4.0, 0.0, True),
    ]
    svg = forest_svg(_ranked(entries))
    assert _rows(svg) == ["X-BIG", "X-SMALL", "X-WIN"]  # shifts that hold first, then by size
    assert "Not drawn: 1 entries" in svg and "win chance +9.00 pts" in svg
    entries[0] = _entry("X-SMALL", 6.0, 0.0, True)  # planted: now the largest
    assert _rows(forest_svg(_ranked(entries))) == ["X-SMALL", "X-BIG", "X-WIN"]


def test_shift_plot_has_one_row_per_policy_and_measure() -> None:
    pair = _entry("X", 2.0, 0.05, True)["pairs"][0]
    pair["impact"]["random"] = pair["impact"]["greedy"]
    svg = shifts_svg("X", pair)
    labels = re.findall(r"<text[^>]*>(\w+): ", svg)
    assert labels == ["greedy", "greedy", "random", "random"]


def test_report_all_writes_the_index(games: Any, tmp_path: Path) -> None:
    out = tmp_path / "r"
    r = run("report", "--game", "all", "--out", str(out), "--games", "4", "--max-states", "300",
            "--max-games", "3", "--jobs", "1", "--json")  # fmt: skip
    assert r.exit_code == 0, r.output
    written = {Path(p).name for p in json.loads(r.stdout)["written"]}
    assert {"toy.html", "index.html", "README.md", "forest.svg"} <= written
    index = (out / "index.html").read_text()
    data = json.loads((out / "toy.json").read_text())
    assert 'href="toy.html"' in index and 'href="toy.md"' in index
    material = sum(e["material"] is True for e in data["entries"])
    readme = (out / "README.md").read_text()
    row = next(line for line in readme.splitlines() if line.startswith(f"| {data['title']}"))
    assert f"| {len(data['entries'])} | 1 | {material} |" in row
    # a one-game run into a folder with an index refreshes it
    (out / "index.html").write_text("stale")
    r = run("report", "--game", "toy", "--out", str(out), "--games", "4", "--quick", "--jobs", "1")
    assert r.exit_code == 0 and (out / "index.html").read_text() != "stale"


def test_index_lists_a_game_without_a_report(tmp_path: Path) -> None:
    games = {"toy": "Toy", "duel": toy_duel.SPEC.title}
    write_index(str(tmp_path), games, {})
    md = (tmp_path / "README.md").read_text()
    assert f"| {toy_duel.SPEC.title} | no report yet |" in md and "| Toy | no report yet |" in md
    assert "no report yet" in (tmp_path / "index.html").read_text()


def _trace(tmp_path: Path) -> Path:
    trace = tmp_path / "t.json"
    sim = ["simulate", "--game", "toy", "--games", "1", "--seed", "3", "--trace-out", str(trace)]
    assert run(*sim).exit_code == 0
    return trace


def test_replay_page_has_every_position(games: Any, tmp_path: Path) -> None:
    trace = _trace(tmp_path)
    page = tmp_path / "t.html"
    assert run("replay", "--html", str(page), str(trace)).exit_code == 0
    html = page.read_text()
    steps = len(json.loads(trace.read_text())["steps"])
    assert html.count('<section class="step"') == steps + 1
    assert f'href="#step-{steps}"' in html and f'href="#step-{steps + 1}"' not in html


def test_replay_page_of_a_broken_trace_stops_where_replay_stops(games: Any, tmp_path: Path) -> None:
    trace = _trace(tmp_path)
    doc = json.loads(trace.read_text())
    assert len(doc["steps"]) >= 2
    doc["steps"][1]["state"] = "000000000000"  # planted: the second step's state drifted
    trace.write_text(json.dumps(doc))
    page = tmp_path / "t.html"
    r = run("replay", "--quiet", "--html", str(page), str(trace))
    assert r.exit_code == 1
    html = page.read_text()
    assert html.count('<section class="step"') == 2  # the start and the one good step
    assert 'href="#step-2"' not in html and "replay stopped: step 1" in html


def test_forest_plot_compares_standardised_shifts_not_exchange_rates() -> None:
    """$10 spread over games that vary by $10 is a smaller effect than $2 that every
    game shows within $0.50: the plot orders by shift over spread, not by dollars."""
    wide, tight = _entry("X-WIDE", 10.0, 0.0, True), _entry("X-TIGHT", 2.0, 0.0, True)
    wide["pairs"][0]["impact"]["greedy"]["stats"]["money"]["sd"] = 10.0
    tight["pairs"][0]["impact"]["greedy"]["stats"]["money"]["sd"] = 0.5
    svg = forest_svg(_ranked([wide, tight]))
    assert _rows(svg) == ["X-TIGHT", "X-WIDE"] and "standardised" in svg
    assert "+$10.00" in svg and "+$2.00" in svg  # each shift still in its own unit


def test_a_shift_every_game_shows_alike_is_drawn_at_the_edge() -> None:
    entry = _entry("X-ALIKE", 3.0, 0.0, True)
    entry["pairs"][0]["impact"]["greedy"]["stats"]["money"]["sd"] = 0.0
    assert standardised(entry["pairs"][0]["impact"]["greedy"]["stats"]["money"])[0] == math.inf
    svg = forest_svg(_ranked([entry, _entry("X-OTHER", 1.0, 0.0, True)]))
    assert ALIKE in svg and "inf" not in svg.replace("information", "")


def test_winner_change_share_has_its_exact_interval() -> None:
    change = winner_change({"games": 2000, "winner_changed": 12})
    assert change is not None and (change.changed, change.games) == (12, 2000)
    ci = binomtest(12, 2000).proportion_ci(method="exact")
    assert (change.low, change.high) == (ci.low, ci.high) and change.low < 0.006 < change.high
    assert change.text() == (
        "winner changed in 12 of 2,000 paired games (0.6%, 95% interval 0.3-1.0%)"
    )
    assert winner_change({"games": 2000, "stats": {}}) is None  # cooperative: no winners
