"""The report's good-play sections (hhh_verify/reporting/strength.py): money found by
search beside Z3's proved bounds, and the impact under strong play read from the
measurement file beside the report."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hhh_verify.reporting import strength
from hhh_verify.reporting.render_html import render_html
from hhh_verify.reporting.render_md import render_markdown


def test_money_bounds_of_the_full_game() -> None:
    """Z3's bounds come from the round summary; the search (a small node budget here)
    never claims more than they allow."""
    rows = {r["query"]: r for r in strength.money_bounds("hhh", nodes=1500)}
    assert set(rows) == {"smt-money-max-r1", "smt-money-max-r2", "smt-money-max-game"}
    assert rows["smt-money-max-r1"]["upper"] == 79
    for r in rows.values():
        assert r["upper"] is not None and (r["lower"] is None or r["lower"] <= r["upper"])
        assert r["exact"] == (r["lower"] == r["upper"])
        assert r["command"].startswith("hhh-verify query --game hhh --name ")


def _stat(diff: float, significant: bool) -> dict[str, Any]:
    return {"win": {"diff": diff, "ci95": [diff - 0.1, diff + 0.1], "significant": significant,
                    "mean_a": 0.3, "mean_b": 0.3 + diff}}  # fmt: skip


def _data() -> dict[str, Any]:
    """The smallest report data the renderers accept (one entry in the top list)."""
    pair = {
        "options": ["ward-like", "treatment-like"],
        "impact": {"greedy": {"stats": _stat(0.11, True)}, "random": {"stats": _stat(0.0, False)}},
    }
    return {
        "game": "hhh", "title": "Healthy Heart Hospital", "rulebook": "r.txt",
        "command": "hhh-verify report", "budget_text": "b", "method": "m",
        "entries": [{"id": "HHH-ER-COSTS", "pairs": [pair]}],
        "top": ["HHH-ER-COSTS"], "boards": {},
        "money_bounds": [
            {"query": "q1", "question": "Most money at the end of round 1?", "round": 1,
             "lower": 79, "upper": 79, "exact": True, "witness_steps": 30, "search": "s",
             "proof": "p", "command": "hhh-verify query --game hhh --name q1 --out-dir w"},
            {"query": "q2", "question": "Most money at the end of round 2?", "round": 2,
             "lower": 90, "upper": 210, "exact": False, "witness_steps": 50, "search": "s",
             "proof": "p", "command": "hhh-verify query --game hhh --name q2 --out-dir w"},
        ],
        "money_bounds_budget": "100 positions per search",
    }  # fmt: skip


def test_sections_render_bounds_and_strong_play(tmp_path: Path) -> None:
    measured = {
        "game": "hhh", "policy": "strong", "games": 40, "report_games": 80, "seed": 0,
        "command": "python benchmarks/strong_impact.py --game hhh --games 40",
        "players": [{"policy": "strong", "games": 200, "wins": 60, "win_rate": 0.3,
                     "ci95": [0.24, 0.37]}],
        "rows": [{"id": "HHH-ER-COSTS", "options": ["ward-like", "treatment-like"],
                  "games": 40, "strong": _stat(0.2, True), "greedy": _stat(0.11, True),
                  "random": _stat(0.0, False)}],
    }  # fmt: skip
    (tmp_path / "hhh-strong-play.json").write_text(json.dumps(measured))
    data = strength.attach_strong_play(_data(), str(tmp_path))
    md = "\n".join(strength.markdown(data))
    assert "## Money: found and proved" in md and "| $79 | $79 | exact (proved) |" in md
    assert "| $90 | $210 | open between the two |" in md
    assert "## Impact under strong play" in md
    row = "| +20.00 pts* [+10.00 pts, +30.00 pts] | +11.00 pts* [+1.00 pts, +21.00 pts] "
    assert row + "| +0.00 pts [-10.00 pts, +10.00 pts] |" in md
    assert "strong 30.0% (24.0%..37.0%, 200 games)" in md
    page = "\n".join(strength.html(data))
    assert "Impact under strong play" in page and "exact (proved)" in page
    # the renderers carry the sections (an empty report with money bounds)
    bare = {**data, "entries": [], "top": []}
    assert "## Money: found and proved" in render_markdown(bare, {})
    assert "<h2>Money: found and proved</h2>" in render_html(bare)
    measured["rows"] = []  # a top entry not measured under strong play shows "-"
    (tmp_path / "hhh-strong-play.json").write_text(json.dumps(measured))
    md = "\n".join(strength.markdown(strength.attach_strong_play(_data(), str(tmp_path))))
    assert "| HHH-ER-COSTS | `ward-like` -> `treatment-like` | - | +11.00 pts*" in md


def test_no_measurement_no_section(tmp_path: Path) -> None:
    data = strength.attach_strong_play(_data(), str(tmp_path))
    assert "strong_play" not in data
    (tmp_path / "hhh-strong-play.json").write_text(json.dumps({"game": "other", "rows": []}))
    assert "strong_play" not in strength.attach_strong_play(_data(), str(tmp_path))
    plain = {k: v for k, v in _data().items() if not k.startswith("money_bounds")}
    assert strength.markdown(plain) == [] and strength.html(plain) == []
