"""How a game ends (:class:`Outcome`) and exact chance distributions.

``step(s, a)`` returns a :data:`Distribution`: ``(state, Fraction)`` pairs summing to
exactly 1. Every engine samples it with :func:`sample_index`, so all of them see the same
semantics.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from hhh_verify.contract.errors import ModelError

Distribution = tuple[tuple[Any, Fraction], ...]
#: The keys of an outcome's JSON that a game's own values may not take.
OUTCOME_FIELDS = ("won", "reason", "scores", "winners")


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended.

    ``won`` is the cooperative result (``None`` for competitive games, which use
    ``scores``); ``reason`` names the rule that ended the game (``"completed"``,
    ``"bankrupt"``, ``"arrested"``, ...). ``winners`` (competitive games) are the seats
    that won after every tie-breaker, in seat order (several: a shared win); a game
    whose winners the scores decide alone may leave it empty, and the engines then take
    the seats with the top score (:func:`winning_seats`). ``values`` are the game's own
    end-of-game values, ``(name, value)`` pairs in the order the game reports them (the
    engines read them only through the game's measures): a pair, not a mapping, so the
    outcome stays hashable.
    """

    won: bool | None
    reason: str
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    values: tuple[tuple[str, int | str | None], ...] = ()

    def value(self, name: str) -> int | str | None:
        """The game's end-of-game value ``name`` (``KeyError`` when the game has none)."""
        for key, value in self.values:
            if key == name:
                return value
        raise KeyError(f"outcome has no value {name!r}; it has: {[k for k, _ in self.values]}")

    def to_json(self) -> dict[str, Any]:
        """Plain JSON values: the result, the game's own values in their order, the
        scores; ``winners`` appears only when the game names them (so the outcomes of a
        game that does not name them keep the same keys)."""
        data: dict[str, Any] = {"won": self.won, "reason": self.reason}
        taken = [k for k, _ in self.values if k in OUTCOME_FIELDS]
        if taken:  # the game's value would overwrite the outcome's own field
            raise ModelError(
                f"outcome value {taken[0]!r} is one of the outcome's own fields; "
                f"accepted: any name but {', '.join(OUTCOME_FIELDS)}"
            )
        data.update(self.values)
        data["scores"] = list(self.scores)
        if self.winners:
            data["winners"] = list(self.winners)
        return data


def winning_seats(outcome: Outcome) -> tuple[int, ...]:
    """The seats that won a competitive game: ``outcome.winners`` when the game names
    them (its tie-breakers applied), else the seats with the top score (several: a tie)."""
    if outcome.winners:
        return outcome.winners
    if not outcome.scores:
        return ()
    best = max(outcome.scores)
    return tuple(i for i, x in enumerate(outcome.scores) if x == best)


def certain(state: Any) -> Distribution:
    """The distribution of a deterministic step."""
    return ((state, Fraction(1)),)


def merge(pairs: Sequence[tuple[Any, Fraction]] | Any) -> Distribution:
    """Collapse equal successors, keeping first-seen order (deterministic output)."""
    acc: dict[Any, Fraction] = {}
    for st, p in pairs:
        if p:
            acc[st] = acc.get(st, Fraction(0)) + p
    return tuple(acc.items())


def distribution_problem(dist: Distribution) -> str:
    """What makes ``dist`` not an exact distribution ("" when it is one): empty, a
    probability that is not a positive ``Fraction``, or a total other than 1."""
    if not dist:
        return "empty distribution"
    total = Fraction(0)
    for _, p in dist:
        if not isinstance(p, Fraction) or p <= 0:
            return f"probability {p!r} is not a positive Fraction"
        total += p
    return "" if total == 1 else f"probabilities sum to {total}, not 1"


def check_distribution(dist: Distribution) -> None:
    """Raise ``AssertionError`` unless ``dist`` is a proper exact distribution."""
    assert dist, "empty distribution"
    total = Fraction(0)
    for _, p in dist:
        assert isinstance(p, Fraction), f"probability {p!r} is not a Fraction"
        assert p > 0, f"non-positive probability {p}"
        total += p
    assert total == 1, f"probabilities sum to {total}, not 1"


def sample_index(dist: Distribution, rng: random.Random) -> int:
    """Pick an outcome index with exactly the distribution's probabilities.

    Uses integer arithmetic over the common denominator, so no floating-point bias.
    """
    if len(dist) == 1:
        return 0
    den = 1
    for _, p in dist:
        den = den * p.denominator // _gcd(den, p.denominator)
    r = rng.randrange(den)
    acc = 0
    for i, (_, p) in enumerate(dist):
        acc += p.numerator * (den // p.denominator)
        if r < acc:
            return i
    return len(dist) - 1  # unreachable for a proper distribution


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def state_digest(state: Any) -> str:
    """A short stable fingerprint of a state (used by traces to detect drift)."""
    return hashlib.sha1(repr(state).encode()).hexdigest()[:12]
