"""The Royal Hospital rule index points at real, documented functions and real ambiguities."""

from __future__ import annotations

import importlib

from hhh_verify.models.royal_hospital import SPEC
from hhh_verify.models.royal_hospital.rule_index import RULES

STATUSES = {"modelled", "ambiguity", "parameterised", "left-out"}


def _resolve(name: str):
    module, _, attr = name.partition(".")
    obj = importlib.import_module(f"hhh_verify.models.royal_hospital.{module}")
    for part in attr.split("."):
        obj = getattr(obj, part)
    return obj


def test_every_entry_names_existing_documented_code() -> None:
    ids = {a.id for a in SPEC.ambiguities}
    for section, status, where, note in RULES:
        assert status in STATUSES, section
        if status == "left-out":
            assert note, f"{section}: a left-out rule needs its reason"
        for name in where.split():
            if name.startswith("RH-"):
                assert name in ids, f"{section}: unknown ambiguity {name}"
                continue
            obj = _resolve(name)
            doc = getattr(obj, "__doc__", None)
            assert doc or not callable(obj), f"{section}: {name} has no docstring"
        if status == "ambiguity":
            assert any(n.startswith("RH-") for n in where.split()), section


def test_every_ambiguity_appears_in_the_index() -> None:
    named = {n for _, _, where, _ in RULES for n in where.split()}
    missing = [a.id for a in SPEC.ambiguities if a.id not in named]
    assert not missing, missing
