"""The Dice Hospital rule index points at real, documented rule functions and real
ambiguities, and covers every section heading of the aid."""

from __future__ import annotations

import importlib
import json

from click.testing import CliRunner
from dice_hospital_helpers import AID_PL

from hhh_verify.cli import main
from hhh_verify.models.dice_hospital import SPEC
from hhh_verify.models.dice_hospital.rule_index import RULES

STATUSES = {"modelled", "ambiguity", "parameterised", "left-out"}


def _resolve(name: str):
    module, _, attr = name.partition(".")
    obj = importlib.import_module(f"hhh_verify.models.dice_hospital.{module}")
    for part in attr.split("."):
        obj = getattr(obj, part)
    return obj


def test_every_entry_names_existing_documented_functions() -> None:
    ids = {a.id for a in SPEC.ambiguities}
    for section, status, where, note in RULES:
        assert status in STATUSES, section
        if status == "left-out":
            assert note, f"{section}: a left-out rule needs its reason"
        for name in where.split():
            if name.startswith("DH-"):
                assert name in ids, f"{section}: unknown ambiguity {name}"
                continue
            obj = _resolve(name)
            assert obj.__doc__, f"{section}: {name} has no docstring citing its rule"
        if status == "ambiguity":
            assert any(n.startswith("DH-") for n in where.split()), section


def test_every_ambiguity_is_indexed() -> None:
    named = {n for _, _, where, _ in RULES for n in where.split()}
    assert {a.id for a in SPEC.ambiguities} <= named


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
    sections = " | ".join(section for section, *_ in RULES)
    for h in headings:
        assert h in text
        assert h in sections, h


def test_rules_command_lists_the_index() -> None:
    result = CliRunner().invoke(main, ["rules", "--game", "dice-hospital", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)["rules"]
    assert len(rows) == len(RULES)
