"""A diverge witness in the game's own words (hhh_verify/reporting/witness_text.py): the
rows say what differs per player and per field, read from ``describe_state``, never as
raw nested tuples; the terminal, Markdown and HTML print the same rows."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.reporting.witness_text import (
    described_changes,
    described_fields,
    outcome_text,
    witness_rows,
)

DESCRIPTION = """round 1, phase activate, first player P0
supply: 2 red
P0: 0 points, 1 blood bags, administrator plain
  patients: red 5, red 3
  lounge: none; mortuary: 1 red
P1: 0 points, 0 blood bags, administrator plain
    patient: red 2 (treated)
    patient: blue 4
Wards: red [1, 2]; blue [3]"""


def test_fields_are_labelled_per_player_and_per_field() -> None:
    f = described_fields(DESCRIPTION)
    assert f["game"] == ["round 1, phase activate, first player P0"]
    assert f["P0 patients"] == ["red 5, red 3"]
    assert f["P0 lounge"] == ["none"] and f["P0 mortuary"] == ["1 red"]
    assert f["P1 patient"] == ["red 2 (treated)", "blue 4"]  # one line per patient
    assert f["Wards"] == ["red [1, 2]; blue [3]"]  # a '; ' piece without a label continues


def test_only_the_fields_and_items_that_changed() -> None:
    other = (
        DESCRIPTION.replace("phase activate", "phase roll")
        .replace("1 blood bags", "0 blood bags")
        .replace("red 5, red 3", "red 3")
        .replace("lounge: none", "lounge: 1 red")
    )
    assert described_changes(DESCRIPTION, other) == [
        ("game", "phase activate", "phase roll"),
        ("P0", "1 blood bags", "0 blood bags"),
        ("P0 patients", "red 5, red 3", "red 3"),  # other items: the whole value
        ("P0 lounge", "none", "1 red"),
    ]
    assert described_changes(DESCRIPTION, DESCRIPTION) == []


def test_a_field_on_one_side_only() -> None:
    rolled = DESCRIPTION + "\nrolled: red 4"
    assert described_changes(DESCRIPTION, rolled) == [("rolled", "-", "red 4")]


def _witness(state_a: str, state_b: str, changes: list[dict[str, Any]]) -> dict[str, Any]:
    reading = {"probability": {"a": None, "b": None}, "outcome": None}
    return {
        "kind": "successors",
        "changes": changes,
        "readings": {"a": {**reading, "state": state_a}, "b": {**reading, "state": state_b}},
    }


def test_fields_no_description_shows_are_named_without_raw_dumps() -> None:
    """Same description, different states: the fields are named; a nested value is only
    said to differ (planted: the raw value holds ``[[`` and ``{``)."""
    changes = [
        {"field": "cursor", "a": 0, "b": 1},
        {"field": "hospitals", "a": [{"patients": [[0, 6]]}], "b": [{"patients": [[0, 5]]}]},
    ]
    rows = witness_rows(_witness(DESCRIPTION, DESCRIPTION, changes))
    assert rows == [
        ("cursor (not described)", "0", "1"),
        ("hospitals (not described)", "differs", "differs"),
    ]
    assert "[[" in str(changes[1]["a"])


def test_outcomes_in_words() -> None:
    assert outcome_text(None) == "-"
    assert outcome_text({"won": False, "reason": "bankrupt", "money": -3}) == (
        "lost (bankrupt, money -3)"
    )
    assert outcome_text({"won": None, "reason": "completed", "scores": [4, 0], "winners": [0]}) == (
        "ended (completed, scores P0 4, P1 0, won by P0)"
    )
    # A game's own outcome fields are worded by their keys (the code names none of them);
    # a field without a value is left out.
    won = {"won": True, "reason": "completed", "money": 12, "rating": "Notable", "scores": []}
    assert outcome_text(won) == "won (completed, money 12, rating Notable)"
    assert outcome_text({"won": True, "reason": "completed", "stars": 3, "rating": None}) == (
        "won (completed, stars 3)"
    )


#: One material ambiguity per game whose witness the explorer finds on ``tiny`` in well
#: under a second, what the table must say, and whether the witness's raw fields are
#: nested values (so printing them raw would fail this test).
WITNESSES = [
    ("dice-hospital", "DH-PAST-6", [], ["P0 patients", "red 6 (treated)"], True),
    ("hhh", "HHH-WAITING-SPOTS", [], ["Waiting Room 1", "2 yellow"], True),
    ("royal-hospital", "RH-RESOURCES-KEEP", [], ["tokens #4 1"], True),
    ("royal-hospital", "RH-FINAL-TIE", ["--set", "rounds=1"], ["won by P1)"], True),
    ("hhh", "HHH-WARD-BEDS", [], ["legal only", "Transfer"], False),
]


@pytest.mark.parametrize(
    "game, ambiguity, extra, says, nested", WITNESSES, ids=[w[1] for w in WITNESSES]
)
def test_diverge_prints_the_witness_in_the_games_words(
    game: str, ambiguity: str, extra: list[str], says: list[str], nested: bool
) -> None:
    args = ["diverge", "--game", game, "--ambiguity", ambiguity, "--config", "tiny", *extra]
    args += ["--engine", "explorer"]
    runner = CliRunner(env={"COLUMNS": "80"})
    r = runner.invoke(main, args)
    assert r.exit_code == 1, r.output  # material
    out = r.stdout
    assert "{" not in out and "[[" not in out, out
    assert "what differs" in out and all(s in out for s in says), out
    table = [line for line in out.splitlines() if line[:1] in "┏┃┡│└"]
    assert table and max(len(line) for line in table) <= 80  # the table fits the terminal
    if nested:  # the witness's raw fields would have printed nested dumps
        w = json.loads(runner.invoke(main, [*args, "--json"]).stdout)["witness"]
        raw = json.dumps(w["changes"]) + json.dumps(w["readings"]["a"]["outcome"])
        assert "[[" in raw or "{" in raw
