"""A witness found only on a reduced configuration says so, and shows what the paired
games of the real game measured (issue 28): how often the readings parted there, or
that they never did."""

from __future__ import annotations

from typing import Any

from hhh_verify.reporting.witness_text import reduced_note

CONFIGS = {
    "full": {"full": True, "short": "the real game (preset full)", "differences": []},
    "tiny": {"full": False, "short": "the reduced configuration `tiny`", "differences": []},
}


def _pair(config: str, parted: dict[str, int], played_on: str = "full") -> dict[str, Any]:
    return {
        "options": ["a", "b"],
        "diverge": {"config": config, "witness": {"state": "s"}},
        "impact": {
            pol: {"games": 80, "games_parted": n, "config": played_on} for pol, n in parted.items()
        },
    }


def test_reduced_witness_shows_how_often_the_real_game_parted() -> None:
    note = reduced_note(_pair("tiny", {"greedy": 72, "random": 0}), CONFIGS)
    assert note.startswith("This position is from a reduced configuration, not the real game")
    assert (
        "On the real game the readings parted in 72 of 80 paired games of the greedy player "
        "and 0 of 80 paired games of a random player: the impact below is the consequence "
        "measured there."
    ) in note


def test_reduced_witness_whose_readings_never_parted_on_the_real_game() -> None:
    note = reduced_note(_pair("tiny", {"greedy": 0}), CONFIGS)
    assert note.endswith(
        "On the real game the readings never parted (80 paired games of the greedy player): "
        "no consequence on the real game was measured."
    )


def test_reduced_witness_names_the_readings_with_a_real_game_witness() -> None:
    note = reduced_note(_pair("tiny", {"greedy": 1}), CONFIGS, ["other"])
    assert "a witness on the real game is shown under reading `other`" in note


def test_impact_on_another_reduced_configuration_is_no_real_game_consequence() -> None:
    """Planted bug: paired games on a reduced configuration must not pass for the real
    game's consequence."""
    note = reduced_note(_pair("tiny", {"greedy": 80}, played_on="tiny"), CONFIGS)
    assert "parted in" not in note
    assert note.endswith("No paired games were played on the real game.")


def test_a_real_game_witness_or_none_needs_no_note() -> None:
    assert reduced_note(_pair("full", {"greedy": 3}), CONFIGS) == ""
    none = _pair("tiny", {"greedy": 3})
    none["diverge"]["witness"] = None
    assert reduced_note(none, CONFIGS) == ""
