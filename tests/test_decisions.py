"""A rules editor's decisions (``--decisions FILE``) and ``--interpret`` on every command
that builds a model: the file is read as JSON or TOML, anything it names that the game
does not have is one line with exit 2, and ``--interpret`` wins over the file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.cli.common import decided, readings
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.interpretations import load_decisions

#: Commands that build no model (a trace names its own readings; the rest list data).
NO_MODEL = {"games", "replay", "rules", "ambiguities"}
#: Commands that build models but take no decided readings, and why.
NOT_YET: dict[str, str] = {}

RH = {
    "game": "royal-hospital",
    "decisions": {"RH-CRITICAL-DEADLINE": "second-cleanup"},
    "note": "second edition",
}


def write(tmp_path: Path, doc: object, name: str = "d.json") -> str:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return str(path)


def test_every_model_building_command_takes_interpret_and_decisions() -> None:
    for name, cmd in main.commands.items():
        if name in NO_MODEL or name in NOT_YET:
            continue
        opts = {o for p in cmd.params for o in p.opts}
        assert {"--interpret", "--decisions"} <= opts, name


def test_json_and_toml_files_read_the_same(tmp_path: Path) -> None:
    toml = write(
        tmp_path,
        'game = "royal-hospital"\nnote = "second edition"\n\n[decisions]\n'
        'RH-CRITICAL-DEADLINE = "second-cleanup"\n',
        "d.toml",
    )
    a, b = load_decisions(write(tmp_path, RH)), load_decisions(toml)
    assert (a.game, a.choices, a.note) == (b.game, b.choices, b.note)
    assert a.items() == ("RH-CRITICAL-DEADLINE=second-cleanup",)


@pytest.mark.parametrize(
    "doc, says",
    [
        ("{not json", "is not valid JSON"),
        ([1, 2], "is not a table"),
        ({"decisions": {"RH-X": "y"}}, "names no 'game'"),
        ({"game": "royal-hospital"}, "has no 'decisions' table"),
        ({"game": "royal-hospital", "decisions": {"RH-X": 1}}, "the option of RH-X"),
        ({**RH, "notes": "x"}, "unknown field(s) notes"),
    ],
)
def test_a_malformed_file_is_one_line(tmp_path: Path, doc: object, says: str) -> None:
    with pytest.raises(ModelError, match="--decisions .*d.json") as e:
        load_decisions(write(tmp_path, doc))
    assert says in str(e.value) and "\n" not in str(e.value)


@pytest.mark.parametrize(
    "doc, says",
    [
        ({**RH, "decisions": {"RH-NOPE": "x"}}, "unknown interpretation 'RH-NOPE'"),
        ({**RH, "decisions": {"RH-CRITICAL-DEADLINE": "never"}}, "unknown option 'never'"),
        ({**RH, "game": "chess"}, "unknown game 'chess'"),
    ],
)
@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "--games", "2"],
        ["check", "--engine", "facts"],
        ["explore", "--config", "tiny", "--max-states", "10"],
        ["reach", "--goal", "terminal", "--config", "tiny"],
        ["hunt", "--examples", "1"],
        ["diverge", "--ambiguity", "RH-TERMINAL-UPKEEP"],
        ["impact", "--ambiguity", "RH-TERMINAL-UPKEEP"],
        ["query"],
        ["report", "--quick"],
    ],
    ids=lambda c: c[0] if isinstance(c, list) else None,
)
def test_what_the_game_lacks_is_one_line_exit_2(
    tmp_path: Path, doc: dict, says: str, command: list[str]
) -> None:
    path = write(tmp_path, doc)
    r = CliRunner().invoke(main, [*command, "--decisions", path])
    assert r.exit_code == 2, r.output
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: --decisions "), r.stderr
    assert says in lines[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.json"]  # nothing written


def test_a_file_for_another_game_is_refused(tmp_path: Path) -> None:
    r = CliRunner().invoke(main, ["simulate", "--game", "hhh", "--decisions", write(tmp_path, RH)])
    assert r.exit_code == 2
    assert "is for game 'royal-hospital', not 'hhh'" in r.stderr


def test_interpret_wins_over_the_file(tmp_path: Path) -> None:
    d = load_decisions(write(tmp_path, RH))
    both = ("RH-CRITICAL-DEADLINE=first-cleanup", "RH-FINAL-TIE=later-in-turn-order")
    assert decided("royal-hospital", both, d) == {
        "RH-CRITICAL-DEADLINE": "first-cleanup",
        "RH-FINAL-TIE": "later-in-turn-order",
    }
    assert readings("royal-hospital", (), d) == (("RH-CRITICAL-DEADLINE", "second-cleanup"),)


def test_simulate_plays_the_decided_readings(tmp_path: Path) -> None:
    """Without --game the file's game; --interpret overrides the file for its id."""
    path = write(tmp_path, RH)
    args = ["simulate", "--games", "2", "--config", "tiny", "--json", "--decisions", path]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["game"] == "royal-hospital"
    assert data["interpretation"]["RH-CRITICAL-DEADLINE"] == "second-cleanup"
    r = CliRunner().invoke(main, [*args, "--interpret", "RH-CRITICAL-DEADLINE=first-cleanup"])
    assert json.loads(r.stdout)["interpretation"]["RH-CRITICAL-DEADLINE"] == "first-cleanup"


def test_diverge_compares_two_readings_under_the_decided_ones(tmp_path: Path) -> None:
    """Both models of the comparison take the decided readings; the compared
    ambiguity's own reading is each model's."""
    from hhh_verify.contract.registry import get_game
    from hhh_verify.engines.diverge import reading_models

    spec = get_game("royal-hospital")
    fixed = (("RH-CRITICAL-DEADLINE", "second-cleanup"),)
    ma, mb = reading_models(
        spec,
        spec.config("tiny"),
        "RH-TERMINAL-UPKEEP",
        ("every-round", "arrival-round-only"),
        fixed,
    )
    for m, own in ((ma, "every-round"), (mb, "arrival-round-only")):
        assert m.readings.reading_of("RH-CRITICAL-DEADLINE") == "second-cleanup"
        assert m.readings.reading_of("RH-TERMINAL-UPKEEP") == own
    r = CliRunner().invoke(
        main,
        [
            "diverge",
            "--ambiguity",
            "RH-TERMINAL-UPKEEP",
            "--config",
            "tiny",
            "--engine",
            "explorer",
            "--max-states",
            "20",
            "--json",
            "--decisions",
            write(tmp_path, RH),
        ],
    )
    assert r.exit_code in (0, 1), r.output
    assert json.loads(r.stdout)["decided"] == {"RH-CRITICAL-DEADLINE": "second-cleanup"}


def test_a_query_the_encoding_cannot_ask_under_the_decisions_says_so(tmp_path: Path) -> None:
    """An open row with the encoding's reason, not a failed task or a contradiction."""
    args = ["query", "--name", "smt-rh-forced-death-tiny", "--json"]
    r = CliRunner().invoke(main, [*args, "--decisions", write(tmp_path, RH)])
    assert r.exit_code == 0, r.output
    row = json.loads(r.stdout)["queries"][0]
    assert row["answer"] == "not encoded" and row["ok"] is None
    assert row["interpretation"] == ["RH-CRITICAL-DEADLINE=second-cleanup"]
    assert "RH-CRITICAL-DEADLINE" in row["proof"]
