"""Every number the Royal Hospital rulebook prints is the model's, on the ``full`` preset
(models/royal_hospital/book/facts.py lists them with their sections)."""

from __future__ import annotations

import pytest

from hhh_verify.models.royal_hospital import SPEC
from hhh_verify.models.royal_hospital.book.facts import FACTS

FULL = SPEC.model("full")


@pytest.mark.parametrize("fact", FACTS, ids=lambda f: f"{f[0]}: {f[1]}")
def test_printed_number(fact) -> None:
    section, text, printed, get = fact
    assert get(FULL) == printed, f"{section}: {text!r}"


def test_every_fact_is_cited() -> None:
    assert len(FACTS) >= 50
    assert all(section and text for section, text, _, _ in FACTS)
