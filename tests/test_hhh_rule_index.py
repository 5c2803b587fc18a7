"""The HHH rule index points at real, documented rule functions and real ambiguities."""

from __future__ import annotations

import importlib
import json

from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.models.hhh import SPEC
from hhh_verify.models.hhh.rule_index import RULES

STATUSES = {"modelled", "ambiguity", "parameterised", "left-out"}


def _resolve(name: str):
    module, _, attr = name.partition(".")
    obj = importlib.import_module(f"hhh_verify.models.hhh.{module}")
    for part in attr.split("."):
        obj = getattr(obj, part)
    return obj


def test_every_entry_names_existing_documented_functions():
    ids = {a.id for a in SPEC.ambiguities}
    for section, status, where, note in RULES:
        assert status in STATUSES, section
        if status == "left-out":
            assert note, f"{section}: a left-out rule needs its reason"
        for name in where.split():
            if name.startswith("HHH-"):
                assert name in ids, f"{section}: unknown ambiguity {name}"
                continue
            obj = _resolve(name)
            assert obj.__doc__, f"{section}: {name} has no docstring citing its rule"
        if status == "ambiguity":
            assert any(n.startswith("HHH-") for n in where.split()), section


def test_rules_command_lists_the_index():
    result = CliRunner().invoke(main, ["rules", "--game", "hhh", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)["rules"]
    assert len(rows) == len(RULES)
    bad = CliRunner().invoke(main, ["rules", "--game", "nope"])
    assert bad.exit_code == 2 and "unknown game" in bad.output
