"""A measure whose values name places (``Measure.categories``): impact counts the games at
each place under both readings, keyed by the measure's ``counted_as``; HHH's rating rank
counts its ratings with the same numbers as the ratings it names."""

from __future__ import annotations

import pytest

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.measures import WIN, Measure, category_counts
from hhh_verify.engines.impact import Impact
from hhh_verify.models.hhh.play.measures import MEASURES, RATING_NAMES, rating_rank

PLACES = Measure(of=lambda s, o: 0, label="place", categories=("low", "high"), counted_as="places")


def test_counts_per_category_under_both_readings() -> None:
    measures = {"win": WIN, "place": PLACES}
    a = [(True, 2), (True, 1), (False, 0), (True, 2)]
    b = [(True, 1), (False, 0), (False, 0), (True, 1)]
    assert category_counts(measures, a, b) == {"places": {"low": (1, 2), "high": (2, 0)}}
    assert category_counts({"win": WIN}, a, b) == {}


def test_a_measure_naming_categories_needs_a_key() -> None:
    with pytest.raises(ValueError, match="names categories but no counted_as key"):
        Measure(of=lambda s, o: 0, label="place", categories=("low", "high"))


def test_hhh_counts_each_won_games_rating() -> None:
    """The rank's place is the rating's: a count by rank is the count by rating name."""
    rank = MEASURES["rating_rank"]
    assert rank.categories == RATING_NAMES and rank.counted_as == "ratings"
    names = [None, "Regrettable", "Triumphant", "Regrettable"]
    won = [False, True, True, True]
    rows = [(rating_rank(w, r),) for w, r in zip(won, names)]
    counts = category_counts({"rating_rank": rank}, rows, rows)["ratings"]
    assert counts == {n: (names.count(n), names.count(n)) for n in RATING_NAMES}


def _impact(counts: dict[str, dict[str, tuple[int, int]]], competitive: bool = False) -> Impact:
    return Impact(
        "X",
        ("a", "b"),
        "random",
        0,
        "tiny",
        2,
        0,
        None,
        {},
        {},
        {},
        counts,
        0.0,
        competitive=competitive,
    )


@pytest.mark.parametrize("key", ["stats", "reasons", "games", "winner_changed"])
def test_counts_may_not_take_one_of_impacts_own_fields(key: str) -> None:
    """A game naming its counts like one of impact's fields would overwrite that field in
    every report's JSON: refused with what is accepted."""
    with pytest.raises(ModelError, match=f"counted_as key '{key}' is one of impact's own"):
        _impact({key: {"low": (1, 0)}}).to_json()


def test_counts_sit_between_the_reasons_and_the_seat_fields() -> None:
    keys = list(_impact({"places": {"low": (1, 0)}}, competitive=True).to_json())
    assert keys[keys.index("reasons") + 1 :] == ["places", "scores_changed", "winner_changed"]
    assert _impact({"places": {"low": (1, 0)}}).to_json()["places"] == {"low": {"a": 1, "b": 0}}
