"""The engines through the kernel (issue 13): simulate, impact and explore choose it
with ``--engine``, say which engine ran, refuse what it cannot do with one ``error:``
line (exit 2), and stay reproducible by seed."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from hhh_verify.cli import main


def _run(args: list[str], code: int = 0) -> Any:
    r = CliRunner().invoke(main, args)
    assert r.exit_code == code, r.output
    return r


def _json(args: list[str]) -> dict[str, Any]:
    return json.loads(_run([*args, "--json"]).stdout)  # type: ignore[no-any-return]


def test_simulate_engines_named_and_reproducible() -> None:
    base = ["simulate", "--config", "tiny", "--games", "300", "--seed", "3", "--jobs", "1"]
    auto = _json(base)
    again = _json(base)
    ref = _json([*base, "--engine", "reference"])
    assert auto["engine"] == "kernel" and auto["sampler"] == "kernel"
    assert ref["engine"] == "reference"
    for data in (auto, again):
        data.pop("seconds")
    assert auto == again  # the same seed prints the same result
    # other games, the same law: win rates within 4 standard errors of each other
    p = (auto["wins"] + ref["wins"]) / 600
    assert abs(auto["wins"] - ref["wins"]) / 300 <= 4 * (2 * p * (1 - p) / 300) ** 0.5 + 1e-9


def test_simulate_trace_out_plays_the_model(tmp_path: Any) -> None:
    out = tmp_path / "g0.json"
    data = _json(["simulate", "--config", "tiny", "--games", "3", "--trace-out", str(out)])
    assert data["engine"] == "reference" and out.exists()


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--engine", "kernel", "--exact", "--config", "tiny"],
        ["simulate", "--engine", "kernel", "--trace-out", "x.json", "--config", "tiny"],
        ["simulate", "--game", "royal-hospital", "--engine", "kernel", "--policy", "strong"],
        ["impact", "--ambiguity", "HHH-ROOM-CAP", "--until-width", "0"],
        ["explore", "--config", "tiny", "--engine", "kernel", "--max-seconds", "5"],
        [
            "explore",
            "--config",
            "tiny",
            "--engine",
            "kernel",
            "--max-states",
            "9",
            "--export",
            "g.json",
        ],
    ],
    ids=["exact", "trace", "policy-not-compiled", "width", "seconds", "export"],
)
def test_what_the_kernel_cannot_do_is_refused(args: list[str]) -> None:
    r = _run(args, 2)
    assert r.stderr.startswith("error:") and len(r.stderr.strip().splitlines()) == 1


def test_impact_width_and_until_width() -> None:
    """On the real game under the greedy player (the Emergency Room's costs move its win
    rate): the games a width needs, then enough games to reach it."""
    args = ["impact", "--ambiguity", "HHH-ER-COSTS", "--policy", "greedy", "--seed", "1"]
    shown = _json([*args, "--games", "200", "--width", "0.08", "--engine", "kernel"])
    need = shown["width"]["games_needed"]
    assert shown["games"] == 200 and need > 200
    grown = _json([*args, "--games", "50", "--until-width", "0.08", "--max-games", "20000"])
    assert grown["games"] > 50
    assert grown["width"]["reached"] <= 0.08 or grown["games"] == 20000


def test_explore_kernel_counts_tiny() -> None:
    data = _json(["explore", "--config", "tiny", "--engine", "kernel", "--max-states", "100000"])
    assert (data["states"], data["transitions"], data["complete"]) == (5770, 9129, True)
    assert data["terminal"] == {"lost:arrested": 24, "lost:bankrupt": 426, "won:completed": 1255}
