"""`hhh-verify optimal` and the report's best-play section (issue 25).

On ``tiny``, for the defaults and one other reading, the recorded Pmax / Pmin / random
play of a win equal the reference explorer's exact Fractions; a second run skips what is
recorded; a file that is not ours is one line, exit 2, left as it was; the report shows
recorded values and "not computed", and is unchanged without a file. A run on top of
decided readings (``--interpret`` / ``--decisions``) is recorded under its own key: it
neither overwrites nor reuses the defaults' run, and equals the defaults' run's row of
the same readings.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.cli import optimal as cli_optimal
from hhh_verify.contract.registry import get_game
from hhh_verify.engines.explore import analysis as an
from hhh_verify.engines.explore.explorer import explore, outcome_goal
from hhh_verify.reporting import optimal as op

AMB, OTHER = "HHH-VISIT-CUBES", "rebag"


def run(*args: str) -> Any:
    return CliRunner().invoke(main, ["optimal", *args])


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("optimal") / "hhh-optimal.json"
    r = run("--config", "tiny", "--ambiguity", AMB, "--out", str(out))
    assert r.exit_code == 0, r.output
    return out


def _exact(interpret: tuple[str, ...]) -> dict[str, Fraction]:
    model = get_game("hhh").model("tiny", (), interpret)
    exp = explore(model, {}, {"won": outcome_goal("won")}, max_states=100_000)
    assert exp.complete
    p = an.goal_probabilities(exp, exp.goal_hits["won"])
    return {m: p[m].exact or Fraction(0) for m in ("max", "min", "random")}


def test_values_equal_the_reference_fractions(recorded: Path) -> None:
    data = json.loads(recorded.read_text())
    rows = {(r["id"], r["option"]): r for r in data["presets"]["tiny"]["readings"]}
    assert set(rows) == {("", ""), (AMB, OTHER)}
    for (amb, option), interpret in (
        (("", ""), ()),
        ((AMB, OTHER), (f"{AMB}={OTHER}",)),
    ):
        row, exact = rows[(amb, option)], _exact(interpret)
        assert row["complete"] and row["interpret"] == list(interpret)
        for key, mode in (("pmax", "max"), ("pmin", "min"), ("prandom", "random")):
            assert abs(row[key] - float(exact[mode])) < 1e-9, (amb, key)
    assert rows[("", "")]["states"] == 5770


def test_resume_skips_recorded_readings(recorded: Path, monkeypatch: Any) -> None:
    before = recorded.read_bytes()

    def refuse(*args: Any) -> Any:
        raise AssertionError("a recorded reading was run again")

    monkeypatch.setattr(cli_optimal, "run_reading", refuse)
    r = run("--config", "tiny", "--ambiguity", AMB, "--out", str(recorded))
    assert r.exit_code == 0, r.output
    assert "2 of 2 readings recorded, 0 to run" in r.output
    assert recorded.read_bytes() == before


def test_another_code_version_is_run_again(recorded: Path) -> None:
    data = json.loads(recorded.read_text())
    version = data["presets"]["tiny"]["code_version"]
    assert op.recorded(data, "tiny", version) == {("", ""), (AMB, OTHER)}
    assert op.recorded(data, "tiny", "another") == set()
    op.merge(data, "tiny", "another", {"id": "", "option": ""})
    assert data["presets"]["tiny"] == {
        "code_version": "another",
        "readings": [{"id": "", "option": ""}],
    }


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        '{"format": "other"}',
        '{"format": "hhh-verify-optimal/1", "game": "royal-hospital", "presets": {}}',
    ],
)
def test_bad_file_is_one_line_exit_2(tmp_path: Path, text: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    r = run("--config", "tiny", "--ambiguity", AMB, "--out", str(bad))
    assert r.exit_code == 2
    assert r.output.startswith("error: ") and r.output.count("\n") == 1, r.output
    assert bad.read_text() == text


def test_bad_ambiguity_is_one_line_exit_2(tmp_path: Path) -> None:
    r = run("--config", "tiny", "--ambiguity", "NOPE", "--out", str(tmp_path / "o.json"))
    assert r.exit_code == 2 and r.output.startswith("error: --ambiguity: unknown id")
    assert not (tmp_path / "o.json").exists()


def _report(path: Path | None) -> dict[str, Any]:
    data = {"game": "hhh", "entries": [{"id": AMB}, {"id": "HHH-WAITING-SPOTS"}]}
    return op.attach(data, None if path is None else str(path))


def test_report_section_shows_values_and_not_computed(recorded: Path) -> None:
    data = _report(recorded)
    md = "\n".join(op.markdown(data))
    row = next(
        r for r in json.loads(recorded.read_text())["presets"]["tiny"]["readings"] if r["id"]
    )
    assert "## Best possible play" in md and "| Pmax(win) (tiny) |" in md
    assert (
        f"| {AMB} | `{OTHER}` | {row['pmax']:.4f} | {row['pmin']:.4f} | {row['prandom']:.4f} |"
        in md
    )
    assert "| HHH-WAITING-SPOTS | `one-fewer` | not computed | not computed | not computed |" in md
    assert "not computed" in "".join(op.html(data))


def test_rows_of_earlier_code_are_marked_never_shown_as_current(
    recorded: Path, tmp_path: Path
) -> None:
    """A run recorded by other rules or kernel code is marked in every cell and named in
    the section's text; the current run is not (planted: the same file, version changed)."""
    current = "\n".join(op.markdown(_report(recorded)))
    assert op.STALE_MARK not in current and "earlier rules" not in current
    data = json.loads(recorded.read_text())
    data["presets"]["tiny"]["code_version"] = "another"
    old = tmp_path / "old.json"
    old.write_text(json.dumps(data))
    md = "\n".join(op.markdown(_report(old)))
    assert f"{op.STALE_MARK} |" in md and "The rows of `tiny` were computed by earlier" in md
    assert op.STALE_MARK in "".join(op.html(_report(old)))


def test_report_unchanged_without_a_file(tmp_path: Path) -> None:
    data = _report(tmp_path / "absent.json")
    assert "optimal" not in data and op.markdown(data) == [] and op.html(data) == []


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--game", "all", "--optimal", "x.json"], "--optimal needs a single --game"),
        (["--game", "hhh", "--optimal", "absent.json"], "--optimal absent.json: no such file"),
    ],
)
def test_report_optimal_option_bad_input(tmp_path: Path, args: list[str], says: str) -> None:
    r = CliRunner().invoke(main, ["report", "--out", str(tmp_path / "r"), *args])
    assert r.exit_code == 2 and r.output.startswith(f"error: {says}"), r.output
    assert not (tmp_path / "r").exists()


def test_each_preset_has_its_own_columns(recorded: Path) -> None:
    data = _report(recorded)
    row = {"id": "", "option": "", "pmax": 0.25, "pmin": 0.0, "prandom": 0.125}
    op.merge(data["optimal"], "medium", "v", row | {"complete": True, "states": 9})
    md = "\n".join(op.markdown(data))
    assert "| Pmax(win) (tiny) |" in md and "| Pmax(win) (medium) |" in md
    mark = op.STALE_MARK  # "v" is not this checkout's code version
    assert f"| 0.2500{mark} | 0.0000{mark} | 0.1250{mark} |" in md
    assert f"| {AMB} | `{OTHER}` |" in md
    amb_row = next(line for line in md.splitlines() if line.startswith(f"| {AMB} |"))
    assert amb_row.count("not computed") == 3


DEFAULT = get_game("hhh").ambiguities.get(AMB).default


@pytest.fixture(scope="module")
def decided_run(recorded: Path) -> tuple[Path, bytes, dict[str, Any]]:
    """The recorded file after a run with ``AMB=OTHER`` decided; the file before it."""
    plain = json.loads(recorded.read_text())["presets"]["tiny"]
    r = run(
        "--config",
        "tiny",
        "--ambiguity",
        AMB,
        "--interpret",
        f"{AMB}={OTHER}",
        "--out",
        str(recorded),
    )
    assert r.exit_code == 0, r.output
    assert "0 of 2 readings recorded, 2 to run" in r.output
    return recorded, plain, json.loads(recorded.read_text())


def test_a_decided_run_has_its_own_key_and_equal_values(decided_run: Any) -> None:
    _path, plain, data = decided_run
    key = f"tiny with {AMB}={OTHER}"
    assert data["presets"]["tiny"] == plain  # the defaults' run is left as it was
    run_ = data["presets"][key]
    assert run_["decided"] == {AMB: OTHER}
    rows = {(r["id"], r["option"]): r for r in run_["readings"]}
    assert set(rows) == {("", ""), (AMB, DEFAULT)}
    assert rows[("", "")]["interpret"] == [f"{AMB}={OTHER}"]
    assert rows[(AMB, DEFAULT)]["interpret"] == [f"{AMB}={DEFAULT}"]
    same = {(r["id"], r["option"]): r for r in plain["readings"]}
    for mine, theirs in ((("", ""), (AMB, OTHER)), ((AMB, DEFAULT), ("", ""))):
        for k in ("pmax", "pmin", "prandom", "states"):
            assert rows[mine][k] == same[theirs][k], (mine, k)


def test_a_decided_run_resumes_and_is_not_reused(decided_run: Any, monkeypatch: Any) -> None:
    path, _plain, _data = decided_run

    def refuse(*args: Any) -> Any:
        raise AssertionError("a recorded reading was run again")

    monkeypatch.setattr(cli_optimal, "run_reading", refuse)
    again = run(
        "--config", "tiny", "--ambiguity", AMB, "--interpret", f"{AMB}={OTHER}", "--out", str(path)
    )
    assert again.exit_code == 0 and "2 of 2 readings recorded, 0 to run" in again.output
    # deciding the default decides nothing: the defaults' run, already recorded
    same = run(
        "--config",
        "tiny",
        "--ambiguity",
        AMB,
        "--interpret",
        f"{AMB}={DEFAULT}",
        "--out",
        str(path),
    )
    assert same.exit_code == 0 and "2 of 2 readings recorded, 0 to run" in same.output
    other = run(
        "--config",
        "tiny",
        "--ambiguity",
        AMB,
        "--interpret",
        "HHH-WAITING-SPOTS=one-fewer",
        "--out",
        str(path),
    )
    assert other.exit_code != 0 and "0 of 2 readings recorded" in other.output


def test_the_report_shows_the_defaults_runs_only(decided_run: Any) -> None:
    path, _plain, _data = decided_run
    md = "\n".join(op.markdown(_report(path)))
    assert "| Pmax(win) (tiny) |" in md and " with " not in md


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--interpret", "NOPE=x"], "error: "),
        (["--interpret", f"{AMB}=nope"], "error: "),
        (["--decisions", "absent.json"], "error: "),
    ],
    ids=["unknown-id", "unknown-option", "missing-file"],
)
def test_bad_decided_readings_are_one_line_exit_2(
    tmp_path: Path, args: list[str], says: str
) -> None:
    out = tmp_path / "o.json"
    r = run("--config", "tiny", "--ambiguity", AMB, *args, "--out", str(out))
    assert r.exit_code == 2 and r.output.startswith(says) and r.output.count("\n") == 1, r.output
    assert not out.exists()


def test_decisions_file_gives_the_game_and_the_readings(tmp_path: Path) -> None:
    doc = tmp_path / "d.json"
    doc.write_text(json.dumps({"game": "hhh", "decisions": {AMB: OTHER}}))
    out = tmp_path / "o.json"
    r = run("--config", "tiny", "--ambiguity", AMB, "--decisions", str(doc), "--out", str(out))
    assert r.exit_code == 0, r.output
    data = json.loads(out.read_text())
    assert list(data["presets"]) == [f"tiny with {AMB}={OTHER}"]


def test_code_version_follows_rule_sources_not_checks_or_pictures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new fact, promise, property, player or picture keeps the recorded rows; a rule or
    kernel edit runs them again (the rules/ and kernel/ folders, no list of files)."""
    game = tmp_path / "game"
    for rel in (
        "rules/heal.py",
        "book/facts.py",
        "book/promise_heal.py",
        "view/board_svg.py",
        "play/policies.py",
        "properties/catalog.py",
        "smt/enc.py",
        "kernel/rules.py",
    ):
        (game / rel).parent.mkdir(parents=True, exist_ok=True)
        (game / rel).write_text("x = 1\n")
    fake = type("Spec", (), {"submodule_search_locations": [str(game)]})()
    monkeypatch.setattr(op.importlib.util, "find_spec", lambda name: fake)
    before = op.code_version("hhh")
    for rel in (
        "book/facts.py",
        "book/promise_heal.py",
        "view/board_svg.py",
        "play/policies.py",
        "properties/catalog.py",
        "smt/enc.py",
    ):
        (game / rel).write_text("x = 2\n")
        assert op.code_version("hhh") == before, rel
    (game / "rules" / "new_rule.py").write_text("x = 1\n")
    assert op.code_version("hhh") != before, "a new rule module"
    before = op.code_version("hhh")
    for rel in ("rules/heal.py", "kernel/rules.py"):
        (game / rel).write_text("x = 3\n")
        changed = op.code_version("hhh")
        assert changed != before, rel
        before = changed
