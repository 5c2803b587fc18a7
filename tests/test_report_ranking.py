"""Rankings an editor can trust (issue 28): competent play only, Benjamini-Hochberg over
the whole report, flags for chance, instability and score-only effects; one unit per
measure; the assumptions box from the game's declaration; witnesses without raw data.

Each test plants the mistake its check exists for (no correction, a random player's
effect ranked, a score shift that never changes the winner called high, ...).
"""

from __future__ import annotations

from typing import Any

from hhh_verify.contract.registry import get_game
from hhh_verify.contract.scenario import Scenario
from hhh_verify.engines import impact as im
from hhh_verify.reporting import assumptions, ranking, summary, units
from hhh_verify.reporting.render_html import render_html
from hhh_verify.reporting.witness_text import action_text, described_changes


def _stat(diff: float, half: float, p: float, mean_a: float = 10.0) -> dict[str, Any]:
    return {
        "diff": diff,
        "ci95": [diff - half, diff + half],
        "significant": abs(diff) > half,
        "p": p,
        "sd": half * 5,
        "mean_a": mean_a,
        "mean_b": mean_a + diff,
        "games_needed": None,
    }


def _imp(stats: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"stats": stats, "games": 100, "games_parted": 20, "reasons": {}, **extra}


def _entry(amb: str, impacts: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return {
        "id": amb,
        "title": f"title of {amb}",
        "category": "gap",
        "default": "a",
        "material": True,
        "material_engine": "explorer",
        "quotes": [],
        "why": "",
        "options": [{"id": "a", "summary": "reading a"}, {"id": "b", "summary": "reading b"}],
        "pairs": [
            {
                "options": ["a", "b"],
                "impact": impacts,
                "diverge": {"material": True, "witness": None, "note": "x", "searched": []},
                "command": "hhh-verify diverge ...",
            }
        ],
    }


def _quiet(amb: str) -> dict[str, Any]:
    """An entry whose readings moved nothing (p = 0.9 everywhere)."""
    return _entry(amb, {"greedy": _imp({"money": _stat(0.1, 1.0, 0.9)})})


def _data(entries: list[dict[str, Any]]) -> dict[str, Any]:
    return ranking.apply({"title": "T", "entries": entries})


def test_an_effect_that_does_not_survive_the_correction_may_be_chance() -> None:
    lucky = _entry("X-LUCKY", {"greedy": _imp({"money": _stat(12.0, 6.5, 0.02)})})
    data = _data([lucky] + [_quiet(f"X-Q{i}") for i in range(30)])
    e = data["entries"][0]
    st = e["pairs"][0]["impact"]["greedy"]["stats"]["money"]
    assert st["significant"] and not st["holds"] and st["q"] > 0.05
    assert ranking.MAY_BE_CHANCE in e["flags"] and e["severity"] == "low"
    assert e["settle"]["games"] > 100  # says how many games would settle it
    # planted: alone (no other comparison) the same shift holds and is high
    alone = _data([_entry("X-LUCKY", {"greedy": _imp({"money": _stat(12.0, 6.5, 0.02)})})])
    assert alone["entries"][0]["severity"] == "high" and not alone["entries"][0]["flags"]


def test_random_player_effects_are_shown_but_never_rank() -> None:
    big = {"money": _stat(30.0, 2.0, 1e-9)}
    quiet = {"money": _stat(0.1, 1.0, 0.9)}
    data = _data([_entry("X-RANDOM", {"random": _imp(big), "greedy": _imp(quiet)})])
    e = data["entries"][0]
    assert e["severity"] == "low" and data["top"] == ["X-RANDOM"]
    assert e["best"]["policy"] == "greedy" and e["score"] == 0
    assert e["pairs"][0]["impact"]["random"]["ranked"] is False
    assert "q" not in e["pairs"][0]["impact"]["random"]["stats"]["money"]
    # planted: the same shift under the greedy player ranks it high
    data = _data([_entry("X-RANDOM", {"random": _imp(quiet), "greedy": _imp(big)})])
    assert data["entries"][0]["severity"] == "high" and data["entries"][0]["score"] == 30.0


def _scores(winner_changed: int) -> dict[str, Any]:
    stats = {
        "seat0_score": _stat(6.0, 0.1, 1e-12, 40.0),
        "winning_score": _stat(6.0, 0.1, 1e-12, 45.0),
        "seat0_win": _stat(0.0, 0.0, 1.0, 0.5),
    }
    return _imp(stats, scores_changed=100, winner_changed=winner_changed)


def test_a_shift_of_every_score_that_never_changes_the_winner_is_flagged() -> None:
    e = _data([_entry("RH-X", {"greedy": _scores(0)})])["entries"][0]
    assert ranking.SCORES_NOT_WINNER in e["flags"]
    assert e["severity"] == "medium" and e["score"] == 0
    # planted: once the winner changes in one game, the score shift is high
    e = _data([_entry("RH-X", {"greedy": _scores(1)})])["entries"][0]
    assert e["severity"] == "high" and not e["flags"]


def test_an_interval_across_the_high_threshold_is_unstable() -> None:
    # $5 is high: +5.5 with half-width 1 straddles it
    e = _data([_entry("X-EDGE", {"greedy": _imp({"money": _stat(5.5, 1.0, 1e-9)})})])["entries"][0]
    assert ranking.UNSTABLE in e["flags"] and e["settle"]["games"] > e["settle"]["now"]
    e = _data([_entry("X-CLEAR", {"greedy": _imp({"money": _stat(8.0, 1.0, 1e-9)})})])["entries"][0]
    assert e["flags"] == [] and e["settle"] is None


def test_the_winner_counts_of_paired_games() -> None:
    def game(scores: tuple[int, ...]) -> im.GameResult:
        top = tuple(i for i, x in enumerate(scores) if x == max(scores))
        values = (scores[0], max(scores), (1 / len(top)) if 0 in top else 0.0)
        return im.GameResult(False, "completed", 10, 6, scores, values=values)

    a = [game((10, 12)), game((9, 3))]
    same = [game((16, 18)), game((15, 9))]  # +6 for everyone: same winners
    spec = get_game("royal-hospital")
    rh = Scenario(spec.id, policy="greedy")
    imp = im.summarise_impact(
        spec, rh, "RH-X", ("a", "b"), [(x, y, 0) for x, y in zip(a, same)], 0.0
    )
    assert (imp.scores_changed, imp.winner_changed) == (2, 0)
    assert im.scores_only(imp.to_json())
    other = [game((16, 18)), game((9, 15))]  # planted: the second game's winner changes
    imp = im.summarise_impact(
        spec, rh, "RH-X", ("a", "b"), [(x, y, 0) for x, y in zip(a, other)], 0.0
    )
    assert imp.winner_changed == 1 and not im.scores_only(imp.to_json())


def test_p_value_matches_the_interval() -> None:
    st = im.paired_stat("money", [0.0] * 50, [float(i % 5) for i in range(50)])
    assert st.significant and 0 < st.p_value < 0.05
    flat = im.paired_stat("money", [1.0] * 10, [1.0] * 10)
    assert flat.p_value == 1.0


def test_win_chance_has_one_unit_everywhere() -> None:
    assert units.level("win", 0.1125) == "11.2%"
    assert units.shift("win", 0.0125) == "+1.25 pts"
    assert units.shift("money", -1.5) == "-$1.50"
    assert units.interval("seat0_win", [-0.01, 0.03]) == "[-1.00 pts, +3.00 pts]"
    e = _entry("X-WIN", {"greedy": _imp({"win": _stat(0.0125, 0.001, 1e-9, 0.1125)})})
    html = render_html(
        _data([e])
        | {"command": "c", "rulebook": "r", "budget_text": "b", "method": "m", "seed": 0,
           "budget": {"policies": ["random", "greedy"]}, "game": "t", "version": "0.1.0",
           "date": None}
    )  # fmt: skip
    assert "11.2%" in html and "+1.25 pts" in html and "0.113" not in html and "0.0125" not in html


def test_the_glossary_explains_every_term_of_the_report() -> None:
    terms = {t for t, _ in summary.glossary(competitive=True)}
    needed = {"material", "witness", "reading pair", "B-A", "severity", "parted",
              "games needed", "seat win share", "may be chance", "stand-in", "q"}  # fmt: skip
    assert needed <= terms
    assert "win chance" in {t for t, _ in summary.glossary(competitive=False)}


def test_assumptions_come_from_the_games_declaration() -> None:
    rh = get_game("royal-hospital")
    rows = assumptions.assumptions(rh, [a.id for a in rh.ambiguities])
    decks = [r for r in rows if "stand-in" in r["text"]]
    assert decks and all(r["everywhere"] for r in decks)
    assert any("RH-ROUND-PATIENTS" in r["entries"] for r in rows)
    dh = get_game("dice-hospital")
    assert any(r["everywhere"] for r in assumptions.assumptions(dh, []))
    # an entry of the parameter category is an assumption of its own
    tiny = assumptions.describe_preset(rh, "tiny --set rounds=1")
    assert not tiny["full"] and "rounds 1, real game 6" in tiny["short"]
    assert assumptions.describe_preset(rh, "full")["full"]


def test_witness_rows_name_what_changed_not_raw_lists() -> None:
    a = "P0: 89 credits, tokens [7, 2, 5, 6, 0], healed 3"
    b = "P0: 74 credits, tokens [4, 2, 5, 6, 0], healed 3, passed"
    assert described_changes(a, b) == [
        ("P0", "89 credits, tokens #1 7", "74 credits, tokens #1 4, passed")
    ]
    assert action_text("EndTreatment") == "End treatment"
    assert action_text("Heal the red patient") == "Heal the red patient"


def test_a_report_words_and_ranks_the_measures_its_game_declares(toy_registry: Any) -> None:
    """Labels, units, the ranking weight and the ``high`` threshold come from the game's
    ``GameSpec.measures``, not from names built into the report: a game declaring
    ``cures`` gets it worded, ranked and rated high; undeclared, the same shift is a bare
    number that ranks nothing (the planted case)."""
    from dataclasses import replace

    import toy_model

    from hhh_verify.contract.measures import Measure

    cures = Measure(
        of=lambda s, o: s.score,
        label="patients cured",
        unit="cures",
        unit_words="patients",
        weight=3.0,
        high=lambda mean_a: 2,
        rank=1,
    )
    toy_registry["toy"] = replace(toy_model.SPEC, measures={"cures": cures})
    assert units.label("cures") == "patients cured"
    assert units.shift("cures", 2.5) == "+2.50 cures"
    e = _data([_entry("X-CURE", {"greedy": _imp({"cures": _stat(2.5, 0.5, 1e-9)})})])
    entry = e["entries"][0]
    assert entry["severity"] == "high" and entry["score"] == 7.5
    del toy_registry["toy"]
    assert units.label("cures") == "cures" and units.shift("cures", 2.5) == "+2.50"
    e = _data([_entry("X-CURE", {"greedy": _imp({"cures": _stat(2.5, 0.5, 1e-9)})})])
    assert e["entries"][0]["score"] == 0 and e["entries"][0]["severity"] == "medium"
