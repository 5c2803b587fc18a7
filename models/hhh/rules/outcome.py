"""HHH's end of game as a generic :class:`~hhh_verify.contract.model.Outcome`: the result and
reason every game has, and HHH's own values, the final money and the rating
("Victory and Defeat"), carried in ``Outcome.values`` in the order its JSON shows them.
"""

from __future__ import annotations

from hhh_verify.contract.outcomes import Outcome


def hhh_outcome(won: bool, reason: str, money: int, rating: str | None = None) -> Outcome:
    """The outcome of a finished HHH game (``rating``: a won game's, None for a loss)."""
    return Outcome(won, reason, values=(("money", money), ("rating", rating)))


def money_of(outcome: Outcome) -> int:
    """The final money of a finished HHH game."""
    money = outcome.value("money")
    assert isinstance(money, int), f"an HHH outcome's money is an int, got {money!r}"
    return money


def rating_of(outcome: Outcome) -> str | None:
    """The rating of a won HHH game (None for a loss)."""
    rating = outcome.value("rating")
    assert rating is None or isinstance(rating, str), f"not a rating: {rating!r}"
    return rating
