"""Every registered game's sentence-level rule map covers its rulebook exactly once, and
everything it names exists (functions with docstrings, ambiguity ids, config keys,
verbatim quotes); the annotated rulebook page renders every sentence."""

from __future__ import annotations

import pytest

from hhh_verify.contract.registry import games
from hhh_verify.reporting.rulebook_page import render_rulebook_page
from hhh_verify.rulebook.check import placed, problems

MAPPED = [g for g, spec in games().items() if spec.rule_map is not None]


@pytest.mark.parametrize("game", MAPPED)
def test_the_rule_map_is_sound(game: str) -> None:
    assert problems(games()[game]) == []


@pytest.mark.parametrize("game", MAPPED)
def test_the_annotated_rulebook_shows_every_entry(game: str) -> None:
    spec = games()[game]
    entries = sum(len(p.clauses) for p in placed(spec))
    assert render_rulebook_page(spec).count('" id="s') == entries
