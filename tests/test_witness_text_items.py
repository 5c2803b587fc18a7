"""A diverge row of a field whose items changed on one side only: the other side says
``no ITEM``, never a bare ``-`` that reads as an empty field (a Dice Hospital witness
on the real game showed ``P1 lounge: 1 yellow`` against ``-`` while B's lounge held a
green die, the same under both readings)."""

from __future__ import annotations

from hhh_verify.reporting.witness_text import described_changes

BASE = """round 3, phase activate, first player P1
P1: 1 points, 2 blood bags, administrator donor
  lounge: 1 green; mortuary: 2 red"""


def test_an_item_only_under_a_is_missing_under_b() -> None:
    a = BASE.replace("lounge: 1 green", "lounge: 1 green, 1 yellow")
    assert described_changes(a, BASE) == [("P1 lounge", "1 yellow", "no yellow")]


def test_an_item_only_under_b_is_missing_under_a() -> None:
    a = BASE.replace("lounge: 1 green", "lounge: 1 green, 1 blue")
    b = BASE.replace("lounge: 1 green", "lounge: 1 green, 1 blue, 2 red")
    assert described_changes(a, b) == [("P1 lounge", "no red", "2 red")]


def test_items_on_both_sides_keep_their_values() -> None:
    b = BASE.replace("1 points, 2 blood bags", "3 points, 2 blood bags, 1 mortality tokens")
    assert described_changes(BASE, b) == [
        ("P1", "1 points, no mortality tokens", "3 points, 1 mortality tokens")
    ]


def test_a_flag_on_one_side_is_not_negated() -> None:
    """An item without a count (a player who passed) shows on its side only."""
    b = BASE.replace("1 points, 2 blood bags", "1 points, 2 blood bags, passed")
    assert described_changes(BASE, b) == [("P1", "-", "passed")]
