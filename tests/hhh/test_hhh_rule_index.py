"""``rules`` prints the HHH rule index (what every game's index must satisfy:
``test_registry_conformance.py``)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.contract.registry import get_game
from hhh_verify.models.hhh.book.rule_index import RULES
from hhh_verify.rulebook.sections import section_index


def test_rules_command_lists_the_index():
    result = CliRunner().invoke(main, ["rules", "--game", "hhh", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)["rules"]
    assert len(rows) == len(section_index(get_game("hhh")))
    assert [r["section"] for r in rows[: len(RULES)]] == [r.section for r in RULES]
    bad = CliRunner().invoke(main, ["rules", "--game", "nope"])
    assert bad.exit_code == 2 and "unknown game" in bad.output
