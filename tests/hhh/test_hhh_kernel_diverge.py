"""``diverge --engine kernel`` (issue 13): paired games inside the HHH kernel, the parted
step verified by the reference model. Witnesses are model witnesses (their traces
replay); readings that never part are not found; a game without a kernel is refused with
one error line; a kernel that parts where the model does not is rejected, not reported."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
import toy_model
from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.contract import trace as tr
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.scenario import Scenario
from hhh_verify.engines import diverge as dv
from hhh_verify.engines.diverge_kernel import confirm, kernel_runner, kernel_search, kernels
from hhh_verify.kernel.parted import PathBuffers
from hhh_verify.models.hhh import SPEC
from hhh_verify.models.hhh.kernel import layout as L
from hhh_verify.models.hhh.kernel.api import GameKernel

POLICIES = ("random", "greedy", "mixed")


def _models(amb: str, opts: tuple[str, str]) -> tuple[Any, Any]:
    return dv.reading_models(SPEC, SPEC.config("full"), amb, opts)


@pytest.mark.parametrize(
    "amb,opts,preset,kind",
    [
        ("HHH-STAFF-POOL", ("two-cats", "two-cfos"), "full", "successors"),
        ("HHH-NURSE-REFILL", ("refill", "no-refill"), "full", "successors"),
        ("HHH-TRAINING-BONUS", ("one", "two"), "full", "successors"),
        ("HHH-REBAG-AFTER-HEAL", ("any-heal", "level-reduced"), "full", "legal-actions"),
        ("HHH-RATING-BASIS", ("final-money", "profit"), "tiny", "outcome"),
    ],
)
def test_kernel_witness_is_a_model_witness_that_replays(
    amb: str, opts: tuple[str, str], preset: str, kind: str
) -> None:
    """Ambiguities the model's differential search finds on the real game (and, on tiny,
    one whose readings differ only in how an end is rated: a short game to replay)."""
    run = kernel_runner(SPEC, amb, opts)
    search = dv.Search(max_games=150, explorer=False, runner=run, engine="kernel")
    res = dv.diverge(SPEC, Scenario("hhh", preset), amb, opts, search)
    w = res.witness
    assert res.material is True and res.engine == "kernel" and w is not None
    assert w.kind == kind and w.engine == "kernel" and w.verified
    ma, mb = res.model_a, res.model_b
    if w.state is None:  # the readings set up different games
        assert (w.succ_a, w.succ_b) == (ma.initial_state(), mb.initial_state())
    elif kind == "successors":  # the model's own exact laws differ at the parted step
        assert w.prob_a[0] != w.prob_a[1] or w.prob_b[0] != w.prob_b[1]
    elif kind == "outcome":  # one end, rated differently
        assert ma.outcome(w.state) != mb.outcome(w.state)
    else:
        assert set(ma.legal_actions(w.state)) != set(mb.legal_actions(w.state))
    assert dv.witness_json(res)["engine"] == "kernel"
    for t, m in zip(dv.witness_traces(res, SPEC), (ma, mb)):
        assert tr.replay(t, m).ok


def test_cli_writes_traces_that_replay(tmp_path: Any) -> None:
    out = str(tmp_path / "w")
    args = ["diverge", "--ambiguity", "HHH-TRAINING-BONUS", "--engine", "kernel"]
    r = CliRunner().invoke(main, [*args, "--out", out, "--json"])
    assert r.exit_code == 1, r.output
    data = json.loads(r.stdout)
    assert data["engine"] == "kernel" and data["witness"]["verified"]
    assert [s["engine"] for s in data["searched"]] == ["kernel"]
    for path in data["traces"]:
        rr = CliRunner().invoke(main, ["replay", path])
        assert rr.exit_code == 0 and "OK" in rr.stdout, rr.output


def test_readings_that_never_part_are_not_found() -> None:
    """The money cap is never reached in these games: no parting, nothing rejected."""
    args = ["diverge", "--ambiguity", "HHH-MONEY-CAP", "--engine", "kernel", "--max-games", "30"]
    r = CliRunner().invoke(main, [*args, "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["material"] is None and data["witness"] is None
    (s,) = data["searched"]
    assert (s["engine"], s["games"], s["rejected"], s["found"]) == ("kernel", 30, 0, False)


def test_what_a_kernel_cannot_play_is_refused() -> None:
    args = ["diverge", "--game", "royal-hospital", "--ambiguity", "RH-GAME-END"]
    r = CliRunner().invoke(main, [*args, "--engine", "kernel", "--policies", "strong"])
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith("error:") and len(r.stderr.strip().splitlines()) == 1
    assert "does not play policy 'strong'" in r.stderr
    with pytest.raises(ModelError, match="declares no kernel"):
        kernels(toy_model.SPEC, None, None, ())


def test_a_kernel_parting_the_model_does_not_confirm_is_rejected() -> None:
    """Planted bug 1 (a Ward heal pays $1 too much) in reading A's kernel only: the
    kernels part at a Ward heal, the model's two readings do not."""
    ma, mb = _models("HHH-MONEY-CAP", ("uncapped", "capped"))
    spec = dataclasses.replace(SPEC, kernel=lambda m: GameKernel(m, 1 if m is ma else 0))
    ka, kb = spec.kernel(ma), spec.kernel(mb)
    parted = [ka.parted_game(kb, dv.game_seed(0, i), "greedy", 10_000) for i in range(3)]
    assert any(g.how == "successors" for g in parted)  # the bug does part the kernels
    assert all(confirm(ma, mb, g) is None for g in parted if g.how != "none")
    res = kernel_search(spec, ma, mb, ("greedy",), max_games=3)
    assert res.witness is None and res.rejected == sum(g.how != "none" for g in parted) > 0
    # a kernel claiming the legal actions or the outcome differ there is not believed either
    g = next(g for g in parted if g.how == "successors")
    for how in ("legal-actions", "outcome", "start"):
        assert confirm(ma, mb, dataclasses.replace(g, how=how)) is None


def test_a_forged_common_prefix_is_rejected() -> None:
    """A parting whose path the model cannot follow (a successor no step leads to) is
    not a witness, even though the parted step itself differs under the model."""
    ma, mb = _models("HHH-TRAINING-BONUS", ("one", "two"))
    ka, kb = GameKernel(ma), GameKernel(mb)
    g = next(
        g
        for i in range(20)
        if (g := ka.parted_game(kb, dv.game_seed(0, i), "random", 10_000)).how != "none"
    )
    assert confirm(ma, mb, g) is not None
    (a, nxt), *rest = g.path
    forged = dataclasses.replace(nxt, money=nxt.money + 1)
    assert confirm(ma, mb, dataclasses.replace(g, path=((a, forged), *rest))) is None


def test_a_game_longer_than_the_path_buffers_is_played_again() -> None:
    """The path buffers grow on demand: the same parting as with room to spare."""
    ma, mb = _models("HHH-TRAINING-BONUS", ("one", "two"))
    roomy, kb = GameKernel(ma), GameKernel(mb)
    cramped = GameKernel(ma)
    cramped._path = PathBuffers(L.NA, L.NSTATE, room=2)
    for i in range(3):
        seed = dv.game_seed(0, i)
        assert cramped.parted_game(kb, seed, "mixed", 10_000) == roomy.parted_game(
            kb, seed, "mixed", 10_000
        )
    assert len(cramped._path.rows) > 2
