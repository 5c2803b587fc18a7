"""A measure whose values name places (``Measure.categories``): impact counts the games at
each place under both readings, keyed by the measure's ``counted_as``; HHH's rating rank
counts its ratings with the same numbers as the ratings it names."""

from __future__ import annotations

import pytest

from hhh_verify.measures import WIN, Measure, category_counts
from hhh_verify.models.hhh.measures import MEASURES, RATING_NAMES, rating_rank

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
