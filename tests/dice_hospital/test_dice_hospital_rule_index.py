"""The Dice Hospital rule index covers every section heading of the aid and is what
``rules`` prints (what every game's index must satisfy: ``test_registry_conformance.py``)."""

from __future__ import annotations

import json

from click.testing import CliRunner
from dice_hospital_helpers import AID_PL

from hhh_verify.cli import main
from hhh_verify.contract.registry import get_game
from hhh_verify.models.dice_hospital.book.rule_index import RULES
from hhh_verify.rulebook.sections import section_index


def test_every_section_of_the_aid_is_indexed() -> None:
    headings = [
        "Przed grą",
        "Przyjmowanie pacjentów",
        "Rozubudowa szpitala",
        "Aktywacja szpitala",
        "Zaniedbani pacjenci",
        "Wypisani pacjenci",
        "Zmiana personelu",
        "Koniec gry",
        "Warianty",
    ]
    text = AID_PL.read_text(encoding="utf-8")
    sections = " | ".join(r.section for r in RULES)
    for h in headings:
        assert h in text
        assert h in sections, h


def test_rules_command_lists_the_index() -> None:
    result = CliRunner().invoke(main, ["rules", "--game", "dice-hospital", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)["rules"]
    assert len(rows) == len(section_index(get_game("dice-hospital")))
    assert [r["section"] for r in rows[: len(RULES)]] == [r.section for r in RULES]
