"""An editor's mistakes get plain words (issue: the measured edition, "forgiving input"):
a decisions file saved by Notepad (UTF-8 with a byte-order mark) or as UTF-16 is read;
curly quotes get their own message; a misspelled id or option gets "did you mean",
case-insensitively; an id of another game says which game it is, and names the game
when --game is not given; a format error describes the format in words; ``replay`` of
a decisions file says what it is; ``strong`` is listed and its budget bounded.

Each case failed before its fix (a codec message, a Python dict literal, "got None",
HHH's ids listed for a misspelled ``RH-`` id, ``strong`` unlisted and unbounded)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from hhh_verify.cli import main

DECISIONS = {"game": "hhh", "decisions": {"HHH-WARD-BEDS": "one-fewer"}}
SIMULATE = ["simulate", "--config", "tiny", "--games", "1", "--json"]


def run(args: list[str]) -> tuple[int, str]:
    r = CliRunner().invoke(main, args)
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    return r.exit_code, r.output


@pytest.mark.parametrize(
    "raw",
    [
        b"\xef\xbb\xbf" + json.dumps(DECISIONS).encode(),  # Notepad's UTF-8
        json.dumps(DECISIONS).encode("utf-16"),  # UTF-16 with its byte-order mark
    ],
    ids=["utf-8-bom", "utf-16"],
)
def test_a_decisions_file_from_a_windows_editor_is_read(tmp_path: Path, raw: bytes) -> None:
    path = tmp_path / "d.json"
    path.write_bytes(raw)
    code, out = run([*SIMULATE, "--decisions", str(path)])
    assert code == 0, out
    assert json.loads(out)["interpretation"]["HHH-WARD-BEDS"] == "one-fewer"


def test_curly_quotes_get_their_own_message(tmp_path: Path) -> None:
    path = tmp_path / "d.json"
    path.write_text(json.dumps(DECISIONS).replace('"', "\u201c", 4))
    code, out = run([*SIMULATE, "--decisions", str(path)])
    assert code == 2 and "uses curly quotes" in out and "straight quotes" in out, out


def test_a_format_error_describes_the_format_in_words(tmp_path: Path) -> None:
    path = tmp_path / "d.json"
    path.write_text("[1]")
    code, out = run([*SIMULATE, "--decisions", str(path)])
    assert code == 2 and 'a JSON object with "game"' in out and "{'game'" not in out, out


@pytest.mark.parametrize(
    ("interpret", "said"),
    [
        ("rh-credit-strat=fifteen", "did you mean RH-CREDIT-START?"),
        ("RH-CREDIT-START=Fiften", "did you mean fifteen?"),
    ],
)
def test_a_misspelling_gets_did_you_mean(interpret: str, said: str) -> None:
    code, out = run(
        ["simulate", "--game", "royal-hospital", "--games", "1", "--interpret", interpret]
    )
    assert code == 2 and said in out, out


def test_an_id_of_another_game_names_its_game() -> None:
    args = ["simulate", "--game", "hhh", "--games", "1", "--interpret", "RH-CREDIT-START=five"]
    code, out = run(args)
    assert code == 2 and "belong to royal-hospital, not to hhh" in out, out
    assert "HHH-ROOM-CAP" not in out  # no list of the other game's ids


def test_the_interpreted_id_names_the_game_when_game_is_not_given() -> None:
    code, out = run(["simulate", "--games", "1", "--json", "--interpret", "RH-CREDIT-START=five"])
    assert code == 0, out
    assert json.loads(out)["game"] == "royal-hospital"


def test_replay_of_a_decisions_file_says_what_it_is(tmp_path: Path) -> None:
    path = tmp_path / "d.json"
    path.write_text(json.dumps(DECISIONS))
    code, out = run(["replay", str(path)])
    assert code == 2 and "this is a decisions file, not a trace" in out, out


def test_strong_is_listed_and_bounded() -> None:
    code, out = run(["games", "--json"])
    assert all("strong" in g["policies"] for g in json.loads(out)["games"])
    code, out = run(["simulate", "--games", "1", "--policy", "strong:100000"])
    assert code == 2 and "accepted: a whole number 1..256" in out, out


def test_a_report_ends_with_the_one_file_to_open_and_names_no_machine_path(
    tmp_path: Path,
) -> None:
    decisions = tmp_path / "edition-2.json"
    decisions.write_text(json.dumps(DECISIONS))
    out = tmp_path / "out"
    args = ["report", "--game", "hhh", "--quick", "--games", "4", "--jobs", "1"]
    args += ["--ambiguity", "HHH-ROOM-CAP", "--decisions", str(decisions), "--out", str(out)]
    code, text = run(args)
    assert code == 0, text
    assert text.strip().splitlines()[-1] == f"open this one: {out / 'hhh.html'}"
    for page in out.glob("hhh*"):
        if page.is_file():
            assert str(tmp_path) not in page.read_text(), page
