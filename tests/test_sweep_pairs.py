"""The sweep's option pairs: every pair of non-default options of two entries, no hand
list; an option whose promise is not in force on the preset is also run on its home."""

from __future__ import annotations

import pytest

from hhh_verify.contract.interpretations import Ambiguity, AmbiguityRegistry
from hhh_verify.contract.registry import get_game
from hhh_verify.engines.explore import sweep


def _entry(aid: str, options: tuple[str, ...]) -> Ambiguity:
    return Ambiguity.of(aid, aid, "gap", [("S", "q")], [(o, o) for o in options], options[0], "why")


def test_every_pair_of_two_entries_and_none_of_one() -> None:
    reg = AmbiguityRegistry(
        [
            _entry("T-A", ("a0", "a1", "a2")),
            _entry("T-B", ("b0", "b1")),
            _entry("T-C", ("c0", "c1")),
        ]
    )
    pairs = sweep.option_pairs(reg)
    # non-default options: a1, a2, b1, c1; pairs across entries: 2*1 + 2*1 + 1*1 = 5
    assert sorted(pairs) == sorted(
        [
            ("T-A=a1", "T-B=b1"),
            ("T-A=a1", "T-C=c1"),
            ("T-A=a2", "T-B=b1"),
            ("T-A=a2", "T-C=c1"),
            ("T-B=b1", "T-C=c1"),
        ]
    )
    # a planted enumeration that pairs two options of one entry would list (a1, a2)
    assert ("T-A=a1", "T-A=a2") not in pairs


@pytest.mark.parametrize("game", ["hhh", "royal-hospital", "dice-hospital", "pig"])
def test_the_count_is_every_pair(game: str) -> None:
    spec = get_game(game)
    sizes = [len(a.option_ids) - 1 for a in spec.ambiguities]
    n = sum(sizes)
    assert len(sweep.option_pairs(spec.ambiguities)) == (n * n - sum(k * k for k in sizes)) // 2


def test_the_dice_hospital_solo_pair_is_run_alone() -> None:
    """DH-SOLO=first-player-bar x DH-AMBULANCE-VALUE=number-one (a defect no hand list
    named) is run under ci on one seat, where the solo reading's promise is in force."""
    spec = get_game("dice-hospital")
    homes = sweep.option_homes(spec, "tiny")
    assert homes["DH-SOLO=first-player-bar"] == ("players=1",)
    planned = sweep.runs(spec, "tiny", "ci")
    pair = ("DH-SOLO=first-player-bar", "DH-AMBULANCE-VALUE=number-one")
    assert sweep.Run(("players=1",), pair, sweep.PAIR_BUDGET["ci"]) in planned
    assert all(r.reading != pair for r in sweep.runs(spec, "tiny", "quick"))


@pytest.mark.parametrize("game", ["royal-hospital", "dice-hospital"])
def test_every_pair_is_planned_under_ci(game: str) -> None:
    """No pair is left to a hand list: each one is a run on the sweep preset."""
    spec = get_game(game)
    preset = spec.reduced_preset or spec.default_preset
    planned = {r.reading for r in sweep.runs(spec, preset, "ci") if not r.overrides}
    assert all(pair in planned for pair in sweep.option_pairs(spec.ambiguities))
