"""The engines through the Dice Hospital kernel: ``simulate``, ``impact``, ``diverge``
and ``explore`` choose it with ``--engine kernel`` (and ``auto``), say which engine ran,
and agree with the reference where they must."""

from __future__ import annotations

import json
from typing import Any

from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.engines.simulate import playout_engine
from hhh_verify.models.dice_hospital import SPEC

GAME = ["--game", "dice-hospital"]


def _json(args: list[str], code: int = 0) -> dict[str, Any]:
    r = CliRunner().invoke(main, [*args, *GAME, "--json"])
    assert r.exit_code == code, r.output
    return json.loads(r.stdout)  # type: ignore[no-any-return]


def test_auto_plays_inside_the_kernel() -> None:
    model = SPEC.model("full")
    for policy in ("random", "greedy", "mixed"):
        assert playout_engine(SPEC, model, policy, "auto")[0] == "kernel"
    assert playout_engine(SPEC, model, "random", "auto", exact=True)[0] == "reference"


def test_simulate_with_the_kernel_is_reproducible() -> None:
    base = ["simulate", "--games", "200", "--seed", "3", "--jobs", "1", "--engine", "kernel"]
    a, b = _json(base), _json(base)
    assert a["engine"] == "kernel" and a["games"] == 200
    a.pop("seconds"), b.pop("seconds")
    assert a == b


def test_impact_with_the_kernel() -> None:
    data = _json(
        ["impact", "--ambiguity", "DH-FINAL-TOKENS", "--games", "100", "--engine", "kernel"]
    )
    assert data["games"] == 100 and data.get("engine", "kernel") == "kernel"


def test_diverge_with_the_kernel_finds_a_verified_witness() -> None:
    data = _json(
        [
            "diverge",
            "--ambiguity",
            "DH-PAST-6",
            "--engine",
            "kernel",
            "--max-games",
            "200",
            "--seed",
            "1",
        ],
        1,  # a witness found: the readings differ
    )
    assert data["material"] is True and data["witness"]["verified"]


def test_explore_with_the_kernel_counts_tiny() -> None:
    data = _json(["explore", "--config", "tiny", "--engine", "kernel", "--max-states", "100000"])
    assert (data["states"], data["transitions"], data["complete"]) == (10_112, 14_153, True)
    assert data["terminal"] == {"over:completed": 3_260}
