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
    S,
    align,
    digest,
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

SENTENCES = split_sentences(MINI)


def at(number: int, end: int | None = None) -> S:
    """Sentence ``number`` of MINI by its hash (a clause: ending at ``end``)."""
    return S(number, digest(SENTENCES[number - 1].text), end)


GOOD = (
    no_rule(at(1), "heading"),
    modelled(at(2), "heal.draw_count"),
    reading(at(3, 21), "HHH-DRAW-EXHAUSTED"),
    settled(at(3), "the cube goes back into the bag", quote="Draw 2 cubes."),
    parameter(at(4), "rounds", note="printed"),
    left_out(at(5), "a table the facts cover"),
    no_rule(at(6)),
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
    placed = align(GOOD, SENTENCES)
    assert [len(p.clauses) for p in placed] == [1, 1, 2, 1, 1, 1]
    assert [k.text for k in placed[2].clauses] == ["Return any black cube", "to the bag."]
    assert placed[2].clauses[1].deciding_quote == "Draw 2 cubes."
    assert placed[1].clauses[0].deciding_quote == "Draw 2 cubes."


def test_a_changed_sentence_fails_naming_it() -> None:
    book = MINI.replace("Draw 2 cubes.", "Draw 3 cubes.")
    with pytest.raises(RuleMapError, match=r"sentence 2 \(line 2\).*hash.*Draw 3 cubes"):
        align(GOOD, split_sentences(book))


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        (GOOD[:-1], "not covered"),
        ((*GOOD, no_rule(S(7, "000000"))), "covers no sentence"),
        ((GOOD[0], GOOD[2], GOOD[1], *GOOD[3:]), "sentence 2 .* not covered"),
        ((*GOOD[:2], GOOD[3], *GOOD[3:]), "out of order"),
        ((*GOOD[:2], reading(at(3, 33), "X-Y"), *GOOD[3:]), "does not fit"),
        ((*GOOD[:2], reading(at(3, 0), "X-Y"), *GOOD[3:]), "does not fit"),
        ((GOOD[0], modelled(S(2, "abcdef"), "x.y"), *GOOD[2:]), "hash"),
    ],
    ids=["missing", "extra", "out-of-order", "twice", "clause-to-end", "empty-clause", "hash"],
)
def test_a_map_that_does_not_tile_is_refused(entries: tuple, message: str) -> None:
    with pytest.raises(RuleMapError, match=message):
        align(entries, SENTENCES)


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
        (1, modelled(at(2), "heal.no_such_function"), "no function"),
        (1, modelled(at(2)), "names nothing"),
        (2, reading(at(3, 21), "HHH-NOPE"), "unknown ambiguity"),
        (4, parameter(at(4), "no_such_key", note="x"), "unknown config key"),
        (3, settled(at(3), "x", quote="Draw 3 cubes."), "not verbatim"),
        (3, settled(at(3), ""), "needs a note"),
        (5, left_out(at(5), ""), "needs a note"),
        (6, no_rule(at(6), en="not in any rendering"), "English text"),
        (1, modelled(S(2, "abcdef"), "heal.draw_count"), "hash"),
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
        "changed-text",
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


def test_the_skeleton_names_each_sentence_by_number_and_hash() -> None:
    from hhh_verify.rulebook.skeleton import skeleton
    from hhh_verify.rulebook.texts import rulebook_text

    draft = skeleton("royal-hospital")
    sentences = split_sentences(rulebook_text("royal-hospital.txt"))
    for s in sentences:
        assert f"(S({s.number}, {s.digest!r})" in draft, s.number
    assert draft.count("(S(") == len(sentences)
