"""A reading written once, in the reference model, runs in every engine (issue 38).

The kernels and the Z3 encodings declare the options they cover
(:mod:`hhh_verify.contract.coverage`); every current option is compiled. A TEST-ONLY
option present only in the reference model (:mod:`reference_only`) runs through
``simulate``, ``impact``, ``report``, ``diverge``, ``explore`` and ``optimal`` on the
reference model, each printing one ``note:`` line; ``explore --engine kernel`` refuses
it (one ``error:`` line, exit 2); a query under it answers "not encoded"; ``check``'s
kernel agreement skips it with the reason. The compiled options still take the kernel,
with no note.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import reference_only as ro
from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.contract.coverage import every_option
from hhh_verify.contract.registry import games, get_game
from hhh_verify.contract.vocab import SimulateEngine
from hhh_verify.engines.diverge import reading_models
from hhh_verify.engines.explore import analysis as an
from hhh_verify.engines.explore.explorer import explore, outcome_goal
from hhh_verify.engines.simulate import playout_engine

GAMES_WITH_KERNELS = ("hhh", "royal-hospital", "dice-hospital")
TINY = ("--game", "hhh", "--config", "tiny")


def cli(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def one_note(r: Any) -> str:
    """The run's only note line (it names the test-only reading)."""
    lines = ro.notes(r.stderr)
    assert len(lines) == 1, r.output
    assert lines[0].startswith(ro.NOTE), lines[0]
    return lines[0]


# The declarations ---------------------------------------------------------------------


#: The options written in the reference model only (issue 38's new readings): the HHH
#: kernel states why each is not compiled (``kernel.api.UNCOMPILED``).
UNCOMPILED_OPTIONS = {
    "hhh": [
        "HHH-ARREST-SETTLEMENT=paid",
        "HHH-HEAL-DEATH-TIMING=at-once",
        "HHH-TR-TO-WARD-5=survives",
        "HHH-VISIT-DEATH-DRAWS=stop",
    ],
    "royal-hospital": ["RH-DOCTOR-REWARD=race-token", "RH-HELICOPTER-TERMINAL=terminals-too"],
}
#: The options the Z3 encodings leave out beyond those (the Royal Hospital encoding
#: covers the defaults of issue 38's new entries only).
UNENCODED_RH = [
    "RH-DOCTOR-REWARD=race-token",
    "RH-EXTRA-DRAWS=patients-too",
    "RH-HELICOPTER-TERMINAL=terminals-too",
    "RH-TERMINAL-CARD=stays",
    "RH-VP-FLOOR=zero",
]


@pytest.mark.parametrize("game", GAMES_WITH_KERNELS)
def test_every_current_option_is_compiled_and_declared_by_name(game: str) -> None:
    spec = get_game(game)
    coverage = spec.kernel_coverage()
    assert coverage is not None
    assert coverage.unknown(spec.ambiguities) == []
    missing = coverage.missing_of(every_option(spec.ambiguities))
    assert sorted(missing) == sorted(UNCOMPILED_OPTIONS.get(game, [])), missing
    if game == "hhh":  # each left out with its reason, the same list
        from hhh_verify.models.hhh.kernel.api import UNCOMPILED

        assert sorted(option.item for option in UNCOMPILED) == sorted(missing)
    if game == "royal-hospital":
        from hhh_verify.models.royal_hospital.kernel.api import NOT_COMPILED

        assert sorted(option.item for option in NOT_COMPILED) == sorted(missing)


def test_every_encoding_declares_what_it_covers() -> None:
    """Royal Hospital encodes every option but five of issue 38's new ones, HHH all but
    the four new reference-only ones; Dice Hospital all but the six its scope leaves out, which its own scope check
    names from the same declaration."""
    left_out = {}
    for game in GAMES_WITH_KERNELS:
        spec = get_game(game)
        encoded = spec.load_smt().encoded
        assert encoded.unknown(spec.ambiguities) == []
        left_out[game] = encoded.missing_of(every_option(spec.ambiguities))
    assert sorted(left_out["royal-hospital"]) == UNENCODED_RH
    assert sorted(left_out["hhh"]) == sorted(UNCOMPILED_OPTIONS["hhh"])
    assert sorted(left_out["dice-hospital"]) == [
        "DH-AMBULANCE-FILL=dealt",
        "DH-AMBULANCE-VALUE=number-one",
        "DH-AMBULANCE-VALUE=pip-sum",
        "DH-EMPTY-HOSPITAL=all-discharged",
        "DH-PLACEMENT-OPTIONAL=every-meeple",
        "DH-UNTAKEN-DICE=stay",
    ]


def test_a_game_without_a_kernel_has_nothing_uncompiled() -> None:
    pig = games()["pig"]
    assert pig.kernel is None and pig.kernel_coverage() is None
    assert pig.uncompiled(pig.ambiguities.default()) == []


def test_the_test_only_option_is_declared_nowhere(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = ro.install(monkeypatch)
    readings = spec.ambiguities.with_readings({ro.AMB: ro.OPTION})
    assert spec.uncompiled(readings) == [ro.ITEM]
    assert spec.uncompiled(spec.ambiguities.default()) == []
    assert spec.load_smt().uncovered(spec.make_model(spec.config("tiny"), readings)) == [ro.ITEM]


# Every command --------------------------------------------------------------------------


def test_simulate_plays_it_on_the_reference_model(monkeypatch: pytest.MonkeyPatch) -> None:
    ro.install(monkeypatch)
    r = cli("simulate", *TINY, "--games", "4", "--interpret", ro.ITEM, "--json")
    assert r.exit_code == 0, r.output
    one_note(r)
    assert json.loads(r.stdout)["engine"] == "reference"
    compiled = cli("simulate", *TINY, "--games", "4", "--json")
    assert compiled.exit_code == 0, compiled.output
    assert ro.notes(compiled.stderr) == []
    assert json.loads(compiled.stdout)["engine"] == "kernel"


def test_simulate_engine_kernel_refuses_it_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    ro.install(monkeypatch)
    r = cli("simulate", *TINY, "--games", "4", "--interpret", ro.ITEM, "--engine", "kernel")
    assert r.exit_code == 2
    (line,) = r.output.splitlines()
    assert line.startswith("error: --engine kernel:") and ro.ITEM in line


def test_impact_plays_the_pair_on_the_reference_model(monkeypatch: pytest.MonkeyPatch) -> None:
    ro.install(monkeypatch)
    pair = ("impact", *TINY, "--ambiguity", ro.AMB, "--games", "4", "--json")
    r = cli(*pair, "--options", f"uncapped,{ro.OPTION}")
    assert r.exit_code == 0, r.output
    one_note(r)
    assert json.loads(r.stdout)["options"] == ["uncapped", ro.OPTION]
    compiled = cli(*pair, "--options", "uncapped,capped")
    assert compiled.exit_code == 0, compiled.output
    assert ro.notes(compiled.stderr) == []
    assert [pair_engine(o) for o in ("capped", ro.OPTION)] == [
        SimulateEngine.KERNEL,
        SimulateEngine.REFERENCE,
    ]


def pair_engine(option: str) -> SimulateEngine:
    """Where ``impact`` (auto) plays uncapped against ``option`` on tiny."""
    spec = get_game("hhh")
    ma, mb = reading_models(spec, spec.config("tiny"), ro.AMB, ("uncapped", option), ())
    return playout_engine(spec, ma, "random", SimulateEngine.AUTO, other=mb)[0]


def test_report_measures_it_on_the_reference_model(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    ro.install(monkeypatch)
    out = tmp_path / "reports"
    r = cli(
        "report", "--game", "hhh", "--ambiguity", ro.AMB, "--quick", "--format", "json",
        "--games", "4", "--reference-games", "4", "--max-states", "200", "--out", str(out),
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    one_note(r)
    data = json.loads((out / "hhh.json").read_text())
    assert ro.OPTION in json.dumps(data)


def test_diverge_engine_kernel_falls_back_to_the_model(monkeypatch: pytest.MonkeyPatch) -> None:
    ro.install(monkeypatch)
    args = ("diverge", *TINY, "--ambiguity", ro.AMB, "--max-games", "20", "--json")
    r = cli(*args, "--options", f"uncapped,{ro.OPTION}", "--engine", "kernel")
    assert r.exit_code in (0, 1), r.output
    one_note(r)
    assert json.loads(r.stdout)["engine"] != "kernel"
    compiled = cli(*args, "--options", "uncapped,capped", "--engine", "kernel")
    assert compiled.exit_code in (0, 1), compiled.output
    assert ro.notes(compiled.stderr) == []


def test_explore_runs_it_and_its_kernel_engine_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    ro.install(monkeypatch)
    r = cli("explore", *TINY, "--interpret", ro.ITEM, "--max-states", "2000", "--json")
    assert r.exit_code in (0, 1), r.output
    one_note(r)
    assert json.loads(r.stdout)["states"] > 0
    refused = cli("explore", *TINY, "--interpret", ro.ITEM, "--engine", "kernel",
                  "--max-states", "2000")  # fmt: skip
    assert refused.exit_code == 2
    (line,) = refused.output.splitlines()
    assert line.startswith("error: --engine kernel:") and ro.ITEM in line
    compiled = cli("explore", *TINY, "--max-states", "2000", "--json")
    assert ro.notes(compiled.stderr) == []


def _reference_won(interpret: tuple[str, ...]) -> Fraction:
    model = get_game("hhh").model("tiny", (), interpret)
    exp = explore(model, {}, {"won": outcome_goal("won")}, max_states=100_000)
    assert exp.complete
    p = an.goal_probabilities(exp, exp.goal_hits["won"])
    return p["max"].exact or Fraction(0)


def test_optimal_runs_it_on_the_reference_explorer(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    ro.install(monkeypatch)
    out = tmp_path / "hhh-optimal.json"
    r = cli("optimal", "--config", "tiny", "--ambiguity", ro.AMB, "--out", str(out))
    assert r.exit_code == 0, r.output
    one_note(r)
    rows = json.loads(out.read_text())["presets"]["tiny"]["readings"]
    by = {(row["id"], row["option"]): row for row in rows}
    assert set(by) == {("", ""), (ro.AMB, "capped"), (ro.AMB, ro.OPTION)}
    mine = by[(ro.AMB, ro.OPTION)]
    assert mine["checks"].startswith("reference explorer") and mine["complete"]
    assert mine["pmax"] == float(_reference_won((ro.ITEM,)))
    assert by[(ro.AMB, "capped")]["checks"] == "compiled only"


def test_a_query_under_it_is_not_encoded(monkeypatch: pytest.MonkeyPatch) -> None:
    ro.install(monkeypatch)
    q = ("query", "--game", "hhh", "--name", "smt-rooms-six-total", "--json")
    r = cli(*q, "--interpret", ro.ITEM)
    assert r.exit_code in (0, 1), r.output
    (row,) = json.loads(r.stdout)["queries"]
    assert row["answer"] == "not encoded" and ro.ITEM in row["proof"]
    compiled = cli(*q)
    assert compiled.exit_code == 0, compiled.output
    (row,) = json.loads(compiled.stdout)["queries"]
    assert row["answer"] != "not encoded"


def test_check_skips_it_in_the_kernel_agreement(monkeypatch: pytest.MonkeyPatch) -> None:
    ro.install(monkeypatch)
    base = ("check", *TINY, "--engine", "kernel", "--profile", "quick", "--details", "--json")
    r = cli(*base, "--interpret", ro.ITEM)
    assert r.exit_code == 0, r.output
    (line,) = ro.notes(r.stderr)  # check also names the reference-only options it plays
    assert line.startswith(f"note: {ro.ITEM}, ") and "are not compiled" in line, line
    (row,) = [x for x in json.loads(r.stdout)["results"] if x["engine"] == "kernel"]
    assert row["status"] == "skipped" and ro.ITEM in row["message"]
    assert "not compiled" in row["message"]
