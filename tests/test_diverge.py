"""Divergence witnesses: product search, differential search, traces, CLI.

Planted bugs: two models with the same reading must never yield a witness (an
exhaustive search says so), and readings that differ must be caught.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
import toy_model
from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.contract.registry import model_for_trace
from hhh_verify.contract.scenario import Scenario
from hhh_verify.contract.trace import replay
from hhh_verify.engines import diverge as dv


def toy_pair(**config: int) -> tuple[Any, Any]:
    return toy_model.toy(("TOY-BLACK=bust",), **config), toy_model.toy(
        ("TOY-BLACK=penalty",), **config
    )


def test_toy_black_cube_readings_differ_at_the_first_draw() -> None:
    ma, mb = toy_pair()
    res = dv.product_search(ma, mb)
    w = res.witness
    assert w is not None and w.kind == "successors" and w.engine == "explorer"
    assert [type(a).__name__ for a, _ in w.path] == ["Push"]  # shortest: push, then draw
    assert type(w.action).__name__ == "Draw"
    assert w.prob_a[0] > 0 and w.prob_a[1] == 0  # the bust state exists only under A


def test_planted_identical_readings_are_proven_equivalent() -> None:
    ma = toy_model.toy(("TOY-BLACK=bust",))
    mb = toy_model.toy(("TOY-BLACK=bust",))
    res = dv.product_search(ma, mb)
    assert res.witness is None and res.complete and res.states == toy_model.STATE_COUNTS["bust"]


def test_no_black_cube_makes_the_readings_equivalent(toy_registry: Any) -> None:
    res = dv.diverge(toy_model.SPEC, Scenario("toy", "default", ("blacks=0",)), "TOY-BLACK")
    assert res.material is False and res.engine == "explorer"
    assert "exhaustive" in res.note


def test_differential_search_finds_the_toy_difference() -> None:
    ma, mb = toy_pair()
    res = dv.differential_search(ma, mb, seed=1, max_games=50, max_seconds=None)
    assert res.witness is not None and res.witness.verified


def test_witness_traces_replay_under_each_reading(toy_registry: Any) -> None:
    res = dv.diverge(toy_model.SPEC, Scenario("toy"), "TOY-BLACK")
    assert res.material is True
    ta, tb = dv.witness_traces(res, toy_model.SPEC)
    ra, rb = replay(ta, model_for_trace(ta)), replay(tb, model_for_trace(tb))
    assert ra.ok and rb.ok
    assert ra.outcome is not None and ra.outcome.reason == "bust"
    assert rb.outcome is None  # the penalty reading plays on


def test_diverge_cli_json_and_traces(toy_registry: Any, tmp_path: Any) -> None:
    prefix = str(tmp_path / "w")
    r = CliRunner().invoke(
        main, ["diverge", "--game", "toy", "--ambiguity", "TOY-BLACK", "--json", "--out", prefix]
    )
    assert r.exit_code == 1, r.output
    data = json.loads(r.stdout)
    assert data["material"] is True and data["engine"] == "explorer"
    assert set(data) >= {"ambiguity", "material", "witness", "engine", "config"}
    for suffix in ("A", "B"):
        rr = CliRunner().invoke(main, ["replay", f"{prefix}-{suffix}.json"])
        assert rr.exit_code == 0, rr.output


@pytest.mark.parametrize(
    "args",
    [
        ["--options", "bust,nope"],
        ["--options", "bust,bust"],
        ["--options", "bust"],
        ["--ambiguity", "NOPE"],
    ],
)
def test_diverge_cli_bad_input(toy_registry: Any, args: list[str]) -> None:
    base = ["diverge", "--game", "toy", "--ambiguity", "TOY-BLACK"]
    r = CliRunner().invoke(main, base + args)
    assert r.exit_code == 2 and r.stderr.startswith("error:"), r.output


# HHH ---------------------------------------------------------------------------------

try:
    from hhh_verify.contract.registry import get_game

    HHH = get_game("hhh")
except Exception:  # pragma: no cover - the model is part of the repository
    HHH = None

needs_hhh = pytest.mark.skipif(HHH is None, reason="HHH model not available")


@needs_hhh
def test_hhh_ward_beds_witness_on_tiny_replays(tmp_path: Any) -> None:
    res = dv.diverge(HHH, Scenario("hhh", "tiny"), "HHH-WARD-BEDS")
    assert res.material is True and res.witness is not None
    assert res.witness.kind == "legal-actions"  # a Transfer to the last bed
    ta, tb = dv.witness_traces(res, HHH)
    assert replay(ta, model_for_trace(ta)).ok and replay(tb, model_for_trace(tb)).ok
    assert len(ta.steps) == len(tb.steps) + 1  # A takes the action B forbids


@needs_hhh
def test_hhh_money_cap_is_immaterial_in_tiny() -> None:
    res = dv.diverge(HHH, Scenario("hhh", "tiny"), "HHH-MONEY-CAP")
    assert res.material is False and res.config_label == "tiny"


@needs_hhh
def test_hhh_differential_search_on_full_game() -> None:
    ma, mb = dv.reading_models(HHH, HHH.config("full"), "HHH-STAFF-POOL", ("two-cats", "two-cfos"))
    res = dv.differential_search(ma, mb, max_games=2, max_seconds=None)
    assert res.witness is not None and res.witness.verified
    assert [c[0] for c in dv.state_changes(res.witness.succ_a, res.witness.succ_b)] == [
        "staff_hidden"
    ]


def test_diverge_cli_differential_engine_only(toy_registry: Any) -> None:
    r = CliRunner().invoke(
        main,
        [
            "diverge",
            "--game",
            "toy",
            "--ambiguity",
            "TOY-BLACK",
            "--engine",
            "differential",
            "--policies",
            "random",
            "--json",
        ],
    )
    assert r.exit_code == 1, r.output
    data = json.loads(r.stdout)
    assert data["engine"] == "differential" and [s["engine"] for s in data["searched"]] == [
        "differential"
    ]


def test_diverge_cli_exhaustive_proof_exits_zero(toy_registry: Any) -> None:
    r = CliRunner().invoke(
        main,
        ["diverge", "--game", "toy", "--ambiguity", "TOY-BLACK", "--set", "blacks=0", "--json"],
    )
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["material"] is False


class _OddSampler:
    """The toy game with a sampler that burns one random number first: the same
    distribution as the plain toy, reached with different random numbers."""

    def __init__(self, model: Any):
        self._m = model

    def __getattr__(self, name: str) -> Any:
        return getattr(self._m, name)

    def sample_step(self, s: Any, a: Any, rng: Any) -> Any:
        from hhh_verify.contract.outcomes import sample_index

        rng.random()
        dist = self._m.step(s, a)
        return dist[sample_index(dist, rng)][0]


def test_planted_sampling_only_difference_is_rejected() -> None:
    ma = toy_model.toy(("TOY-BLACK=bust",))
    mb = _OddSampler(toy_model.toy(("TOY-BLACK=bust",)))
    res = dv.differential_search(ma, mb, seed=0, max_games=30, max_seconds=None)
    assert res.witness is None and res.rejected > 0
    unchecked = dv.differential_search(ma, mb, seed=0, max_games=30, max_seconds=None, verify=False)
    assert unchecked.witness is not None and not unchecked.witness.verified


def test_state_changes_names_namedtuple_fields() -> None:
    """Royal Hospital states are NamedTuples: a witness lists their changed fields too."""
    from typing import NamedTuple

    class Board(NamedTuple):
        money: int
        round: int

    assert dv.state_changes(Board(3, 1), Board(5, 1)) == [("money", 3, 5)]
    assert dv.state_changes(Board(3, 1), Board(3, 1)) == []
    assert dv.state_changes((3, 1), (5, 1)) == [("state", (3, 1), (5, 1))]
