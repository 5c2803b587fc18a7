"""A reading the tool offers is never a broken fact: ``check --engine facts`` passes
under every option of every ambiguity of every game, because a fact whose printed
number is one reading's is checked with that reading applied."""

from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.contract.registry import games


def every_option() -> list[Any]:
    return [
        pytest.param(g, f"{a.id}={o}", id=f"{a.id}={o}")
        for g, spec in games().items()
        for a in spec.ambiguities
        for o in a.option_ids
        if o != a.default
    ]


def check_facts(game: str, reading: str, trace_dir: str) -> Any:
    args = ["check", "--game", game, "--engine", "facts", "--interpret", reading]
    return CliRunner().invoke(main, [*args, "--trace-dir", trace_dir])


@pytest.mark.parametrize("game, reading", every_option())
def test_facts_hold_under_every_reading(game: str, reading: str, tmp_path: Any) -> None:
    r = check_facts(game, reading, str(tmp_path))
    assert r.exit_code == 0, r.output


def test_a_fact_not_tied_to_its_reading_fails(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    """Planted: untie the critical-deadline fact and its other reading breaks it."""
    from hhh_verify.models.royal_hospital.book import facts

    monkeypatch.setattr(facts, "READINGS", {})
    r = check_facts("royal-hospital", "RH-CRITICAL-DEADLINE=second-cleanup", str(tmp_path))
    assert r.exit_code == 1
    assert "critical patients die if they have any time tokens" in r.output


def test_a_tied_fact_still_checks_the_model(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    """Planted: a wrong number under the fact's own reading still fails."""
    from hhh_verify.models.royal_hospital.book import facts

    text = "critical patients die if they have any time tokens"
    wrong = tuple((s, t, 2 if t == text else v, g) for s, t, v, g in facts.FACTS)
    monkeypatch.setattr(facts, "FACTS", wrong)
    r = check_facts("royal-hospital", "RH-CRITICAL-DEADLINE=second-cleanup", str(tmp_path))
    assert r.exit_code == 1 and text in r.output
