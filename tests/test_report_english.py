"""Dice Hospital's quotes are Polish: every report shows the English beside them, taken
from the rule map's ``en`` renderings (issue 28), never translated by the report."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from hhh_verify.contract.registry import get_game
from hhh_verify.reporting import assumptions, english
from hhh_verify.reporting import build as rp
from hhh_verify.reporting.render_html import render_html
from hhh_verify.reporting.render_md import render_markdown
from hhh_verify.reporting.rulebook_page import render_rulebook_page
from hhh_verify.rulebook.rule_map import RuleMap, S, digest, no_rule

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DH = get_game("dice-hospital")

#: "Przyjmowanie pacjentów": "Każdy gracz po kolei, wybiera jeden z ambulansów" (DH-AMBULANCE-COUNT)
TURN = (
    "Każdy gracz po kolei, wybiera jeden z ambulansów",
    "Each player in turn chooses one ambulance",
)


def _two_sentences(folder: Path, monkeypatch: pytest.MonkeyPatch) -> RuleMap:
    """A two-sentence book in ``folder`` (the rulebooks' folder for the test) and its map."""
    (folder / "book.pl.txt").write_text("Ala ma kota. Kot ma Alę.\n", encoding="utf-8")
    monkeypatch.setenv("HHH_VERIFY_RULES", str(folder))
    return RuleMap(
        "book.pl.txt",
        "pkg",
        (
            no_rule(S(1, digest("Ala ma kota.")), en="Ala has a cat."),
            no_rule(S(2, digest("Kot ma Alę.")), en="The cat has Ala."),
        ),
        rendering="book.en.md",
    )


def test_a_quote_across_two_sentences_gets_both_renderings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    en = english.from_map(_two_sentences(tmp_path, monkeypatch))
    assert en is not None
    assert en.quote("ma kota. Kot ma") == "Ala has a cat. The cat has Ala."
    assert en.quote("ma  kota.") == "Ala has a cat."  # whitespace folded, like the map


def test_a_quote_not_in_the_book_gets_no_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Planted bug: one word changed and the lookup must not guess a rendering."""
    en = english.from_map(_two_sentences(tmp_path, monkeypatch))
    assert en is not None
    assert en.quote("Ala ma psa.") == ""
    quotes = [{"section": "X", "text": "Ala ma psa."}]
    assert english.with_english(quotes, en) == quotes


def test_an_english_rulebook_gets_no_rendering() -> None:
    assert english.for_game(get_game("hhh")) is None
    quotes = [{"section": "Setup", "text": "Place the board."}]
    assert english.with_english(quotes, None) == quotes
    assert english.section_label(None)("Setup: board") == "Setup: board"


def _report() -> dict[str, Any]:
    """The committed Dice Hospital report's data, its quotes given their English."""
    with open(os.path.join(ROOT, "reports", "dice-hospital.json"), encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    en = english.for_game(DH)
    for e in data["entries"]:
        e["quotes"] = english.with_english(e["quotes"], en)
    data["assumptions"] = assumptions.assumptions(DH, [e["id"] for e in data["entries"]])
    return data


def test_report_entries_show_the_english_beside_the_polish() -> None:
    data = _report()
    md = render_markdown(data, {})
    assert (
        f"> {TURN[0]} — *Przyjmowanie pacjentów (Admitting patients)*\n> (English: {TURN[1]})" in md
    )
    html = render_html(data)
    assert (
        f"{TURN[0]} &mdash; <i>Przyjmowanie pacjentów (Admitting patients)</i>"
        f'<br><span class="en">English: {TURN[1]}</span></blockquote>'
    ) in html


def test_summary_assumptions_name_polish_sections_in_english_too() -> None:
    sources = [r["source"] for r in assumptions.assumptions(DH, [])]
    assert "rulebook: Przed grą (Before the game): karty administratora" in sources
    assert all("(" in s for s in sources if s.startswith("rulebook: P")), (
        sources
    )  # every Polish heading the map knows is translated


def test_rulebook_page_gives_a_deciding_quote_its_english() -> None:
    page = render_rulebook_page(DH)
    assert (
        "decided by &ldquo;Jeśli nie ma wystarczająco miejsca dla nowych pacjentów&rdquo; "
        '<span class="en">(English: If there is not enough room for the new patients'
    ) in page


def test_a_built_report_carries_the_english_of_its_quotes() -> None:
    budget = rp.Budget(games=2, reference_games=2, max_states=50, max_games=2, quick=True)
    entry = rp.build("dice-hospital", 0, budget, ["DH-LAST-PLAYER"])["entries"][0]
    assert entry["quotes"][0]["en"] == (
        "If dice show tied values, the last player decides where the dice of each colour go."
    )
    assert {q["section_en"] for q in entry["quotes"]} == {"Admitting patients", "Before the game"}


def test_the_ambiguities_command_shows_the_english_beside_each_polish_quote() -> None:
    from click.testing import CliRunner

    from hhh_verify.cli import main

    text = CliRunner().invoke(main, ["ambiguities", "--game", "dice-hospital", "--id", "DH-SOLO"])
    assert text.exit_code == 0, text.output
    assert 'quote (Przyjmowanie pacjentów): "Pierwszy gracz' in text.output
    assert 'in English: "The first player may not choose ambulance number 1."' in text.output
    doc = CliRunner().invoke(main, ["ambiguities", "--game", "hhh", "--id", "HHH-MORGUE"])
    assert doc.exit_code == 0 and "in English" not in doc.output  # an English rulebook
