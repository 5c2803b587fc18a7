"""The sentence-level rule map: the splitter, the tiling of a rulebook by entries, and the
checks that every name an entry gives exists (each check shown to fail on a planted
mistake). Each registered game's own map is checked in ``test_rule_map_games.py``."""

from __future__ import annotations

import dataclasses
import json

import pytest
from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.models.hhh import SPEC as HHH
from hhh_verify.reporting.rulebook_page import render_rulebook_page
from hhh_verify.rulebook.check import problems
from hhh_verify.rulebook.rule_map import (
    RuleMap,
    RuleMapError,
    align,
    left_out,
    modelled,
    no_rule,
    parameter,
    reading,
    settled,
    split_sentences,
)

MINI = """Mini Rules
- Draw 2 cubes. Return any black cube to the bag.
Setup: a. Place the board. b. Shuffle the deck.
| 2 | 4 |
E.g. a flavour line, i.e. nothing, np. To też.
"""

GOOD = (
    no_rule("Mini Rules", "heading"),
    modelled("Draw 2 cubes.", "heal.draw_count"),
    reading("Return any black cube", "HHH-DRAW-EXHAUSTED"),
    settled("to the bag.", "the cube goes back into the bag", quote="Draw 2 cubes."),
    parameter("Setup: a. Place the board. b. Shuffle the deck.", "rounds", note="printed"),
    left_out("| 2 | 4 |", "a table the facts cover"),
    no_rule("E.g. a flavour line, i.e. nothing, np. To też."),
)


def test_splitter_keeps_initials_abbreviations_and_table_rows_whole() -> None:
    texts = [s.text for s in split_sentences(MINI)]
    assert texts == [
        "Mini Rules",
        "Draw 2 cubes.",
        "Return any black cube to the bag.",
        "Setup: a. Place the board. b. Shuffle the deck.",
        "| 2 | 4 |",
        "E.g. a flavour line, i.e. nothing, np. To też.",
    ]
    assert [s.line for s in split_sentences(MINI)] == [1, 2, 2, 3, 4, 5]


def test_entries_tile_the_book_with_clauses() -> None:
    placed = align(GOOD, split_sentences(MINI))
    assert [len(p.entries) for p in placed] == [1, 1, 2, 1, 1, 1]


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        (GOOD[:-1], "not covered"),
        ((*GOOD, no_rule("Extra.")), "covers no sentence"),
        ((GOOD[0], modelled("Draw 2 cubes. Return", "x.y"), *GOOD[2:]), "does not continue"),
        ((GOOD[0], GOOD[2], GOOD[1], *GOOD[3:]), "does not continue"),
    ],
    ids=["missing", "extra", "spans-two-sentences", "out-of-order"],
)
def test_a_map_that_does_not_tile_is_refused(entries: tuple, message: str) -> None:
    with pytest.raises(RuleMapError, match=message):
        align(entries, split_sentences(MINI))


@pytest.fixture
def mini_spec(tmp_path, monkeypatch):
    (tmp_path / "mini.txt").write_text(MINI, encoding="utf-8")
    monkeypatch.setenv("HHH_VERIFY_RULES", str(tmp_path))

    def spec_with(entries):
        rule_map = RuleMap("mini.txt", "hhh_verify.models.hhh.rules", tuple(entries))
        return dataclasses.replace(HHH, rule_map=lambda: rule_map)

    return spec_with


def test_a_sound_map_has_no_problems(mini_spec) -> None:
    assert problems(mini_spec(GOOD)) == []


@pytest.mark.parametrize(
    ("index", "bad", "message"),
    [
        (1, modelled("Draw 2 cubes.", "heal.no_such_function"), "no function"),
        (1, modelled("Draw 2 cubes."), "names nothing"),
        (2, reading("Return any black cube", "HHH-NOPE"), "unknown ambiguity"),
        (4, parameter(GOOD[4].text, "no_such_key", note="x"), "unknown config key"),
        (3, settled("to the bag.", "x", quote="Draw 3 cubes."), "not verbatim"),
        (3, settled("to the bag.", ""), "needs a note"),
        (5, left_out("| 2 | 4 |", ""), "needs a note"),
        (6, no_rule(GOOD[6].text, en="not in any rendering"), "English text"),
    ],
    ids=[
        "function",
        "empty",
        "ambiguity",
        "config-key",
        "quote",
        "settled-note",
        "left-out-note",
        "en",
    ],
)
def test_each_check_catches_a_planted_mistake(mini_spec, index, bad, message) -> None:
    entries = list(GOOD)
    entries[index] = bad
    found = problems(mini_spec(entries))
    assert any(message in p for p in found), found


def test_rules_sentences_and_the_annotated_page(mini_spec, monkeypatch) -> None:
    spec = mini_spec(GOOD)
    monkeypatch.setattr("hhh_verify.cli.rules.get_game", lambda game: spec)
    result = CliRunner().invoke(main, ["rules", "--game", "hhh", "--sentences", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["sentences"] == 6 and len(data["entries"]) == 7
    assert data["coverage"]["reading"] == 1 and data["coverage"]["no-rule"] == 2
    text = CliRunner().invoke(main, ["rules", "--game", "hhh", "--sentences"])
    assert text.exit_code == 0 and "6 sentences, 7 entries" in text.output
    page = render_rulebook_page(spec)
    assert 'href="hhh.html#HHH-DRAW-EXHAUSTED"' in page
    assert "<code>rounds</code> = 6" in page and "100% mapped" in page
    assert page.count('" id="s') == 7


def test_a_game_without_a_map_says_so() -> None:
    spec = dataclasses.replace(HHH, rule_map=None)
    with pytest.raises(Exception, match="no sentence-level rule map"):
        problems(spec)
