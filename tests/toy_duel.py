"""A two-seat competitive toy game (tests only): "Duel".

Rules (config ``rounds=2``): seats 0 and 1 take turns, seat 0 first. On its turn a seat
either **Banks** (score +1) or **Rolls** (chance: +0, +2 or +3, each 1/3). After
``2 * rounds`` turns the game is over; there is no team result
(``Outcome.won is None``), only the scores per seat, reason ``"completed"``.

Two ambiguities. ``DUEL-LAST``: does the second seat get a point for moving last?
``none`` (default) or ``plus-one`` (seat 1 scores +1 when the game ends). ``DUEL-TIE``:
who wins a tie on points? ``shared`` (default) or ``second`` (the tie-breaker gives it
to seat 1). The outcome names its ``winners``, so a tie broken by the tie-breaker shows
in the engines' win shares although the scores are level.

It declares properties but no policies, probes or Z3 encoding, so the engines' "this
game has no X" paths are exercised by a competitive game.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.interpretations import (
    Ambiguity,
    AmbiguityRegistry,
    Option,
    Quote,
    Readings,
)
from hhh_verify.contract.measures import SEAT_MEASURES
from hhh_verify.contract.model import CHANCE, TERMINAL
from hhh_verify.contract.outcomes import Distribution, Outcome, certain, merge
from hhh_verify.contract.properties import Invariant, PropertyRegistry
from hhh_verify.contract.readings import Reading, ambiguity
from hhh_verify.contract.rule_model import RuleModel
from hhh_verify.contract.spec import GameSpec

DECIDE, ROLL, OVER = 0, 1, 2
DIE = (0, 2, 3)  # what a roll adds, each with probability 1/3


@dataclass(frozen=True, slots=True)
class DuelConfig:
    rounds: int = 2

    def __post_init__(self) -> None:
        if not 1 <= self.rounds <= 5:
            raise ModelError("duel rounds must be in 1..5")


@dataclass(frozen=True, slots=True)
class DuelState:
    phase: int
    turn: int  # 0 .. 2*rounds; seat = turn % 2
    scores: tuple[int, int]


@dataclass(frozen=True, order=True, slots=True)
class Bank:
    """Score one point."""


@dataclass(frozen=True, order=True, slots=True)
class Roll:
    """Roll the die instead."""


@dataclass(frozen=True, order=True, slots=True)
class Die:
    """Chance: the die's result."""


TYPES: dict[str, type] = {"Bank": Bank, "Roll": Roll, "Die": Die}

AMBIGUITIES = AmbiguityRegistry(
    [
        Ambiguity(
            id="DUEL-LAST",
            title="Does moving last earn a point?",
            category="gap",
            quotes=(Quote("Duel rules, End", "The second player is compensated."),),
            options=(
                Option("none", "No compensation."),
                Option("plus-one", "Seat 1 scores one more point at the end."),
            ),
            default="none",
            why="The rules do not say how much compensation; none is the plain reading.",
        ),
        Ambiguity(
            id="DUEL-TIE",
            title="Who wins a tie on points?",
            category="gap",
            quotes=(Quote("Duel rules, End", "The second player is compensated."),),
            options=(
                Option("shared", "Both seats share the win."),
                Option("second", "The tie-breaker: seat 1 wins a tie."),
            ),
            default="shared",
            why="The rules name no tie-breaker; a shared win is the plain reading.",
        ),
    ]
)


@ambiguity("DUEL-LAST")
class LAST(Reading):
    """DUEL-LAST's readings as an enum (a game's generated ``rules/readings.py``)."""

    NONE = "none"
    PLUS_ONE = "plus-one"


@ambiguity("DUEL-TIE")
class TIE(Reading):
    """DUEL-TIE's readings as an enum."""

    SHARED = "shared"
    SECOND = "second"


@dataclass(frozen=True)
class DuelRules:
    """The duel's rule context (``RuleModel.ctx``): its length and its two readings."""

    turns: int
    last_scores: bool  # DUEL-LAST=plus-one
    second_wins_ties: bool  # DUEL-TIE=second

    @classmethod
    def of(cls, config: DuelConfig, readings: Readings) -> DuelRules:
        reads = readings.reads
        return cls(2 * config.rounds, reads(LAST.PLUS_ONE), reads(TIE.SECOND))


def describe_state(ctx: DuelRules, s: DuelState) -> str:
    """A position in words."""
    return f"turn {s.turn}, phase {s.phase}, scores {s.scores}"


def describe_action(ctx: DuelRules, s: DuelState, a: Any) -> str:
    """A move in words."""
    return type(a).__name__


class DuelModel(RuleModel):
    game = "duel"
    action_types = TYPES
    state_text = describe_state
    action_text = describe_action

    def __init__(self, config: DuelConfig, readings: Readings):
        super().__init__(config, readings, DuelRules.of(config, readings))

    def initial_state(self) -> DuelState:
        return DuelState(DECIDE, 0, (0, 0))

    def current_player(self, s: DuelState) -> int:
        return {DECIDE: s.turn % 2, ROLL: CHANCE, OVER: TERMINAL}[s.phase]

    def _legal(self, s: DuelState) -> tuple[Any, ...]:
        """Duel rules: Bank or Roll on a turn; the die after a roll."""
        return {DECIDE: (Bank(), Roll()), ROLL: (Die(),), OVER: ()}[s.phase]

    def step(self, s: DuelState, a: Any) -> Distribution:
        if a not in self.legal_actions(s):
            raise ModelError(f"illegal action {a!r} in {s!r}")
        if isinstance(a, Roll):
            return certain(DuelState(ROLL, s.turn, s.scores))
        gains = (1,) if isinstance(a, Bank) else DIE
        return merge((self._next(s, g), Fraction(1, len(gains))) for g in gains)

    def _next(self, s: DuelState, gain: int) -> DuelState:
        """Duel rules: the seat's gain, then the next turn or the end (+ DUEL-LAST)."""
        scores = list(s.scores)
        scores[s.turn % 2] += gain
        turn = s.turn + 1
        if turn < self.ctx.turns:
            return DuelState(DECIDE, turn, (scores[0], scores[1]))
        if self.ctx.last_scores:
            scores[1] += 1
        return DuelState(OVER, turn, (scores[0], scores[1]))

    def outcome(self, s: DuelState) -> Outcome | None:
        if s.phase != OVER:
            return None
        best = max(s.scores)
        top = tuple(i for i, x in enumerate(s.scores) if x == best)
        if len(top) > 1 and self.ctx.second_wins_ties:
            top = (1,)  # the tie-breaker
        return Outcome(None, "completed", scores=s.scores, winners=top)

    def round_of(self, s: DuelState) -> int:
        return min(s.turn // 2, self.config.rounds - 1) + 1


def scores_in_range(model: Any, s: DuelState) -> str | None:
    """Duel rules: a turn adds at most 3 (and the end at most 1 more)."""
    cap = 3 * model.config.rounds + 1
    bad = [x for x in s.scores if not 0 <= x <= cap]
    return f"scores {s.scores} outside 0..{cap}" if bad else None


def properties() -> PropertyRegistry:
    return PropertyRegistry(
        "duel",
        [
            Invariant(
                "duel.scores-in-range",
                "duel",
                "Duel rules",
                "scores stay within what the turns can add",
                check=scores_in_range,
            )
        ],
    )


SPEC = GameSpec(
    id="duel",
    title="Duel (competitive toy, tests only)",
    rulebook="tests/toy_duel.py",
    config_type=DuelConfig,
    presets={"default": DuelConfig(), "tiny": DuelConfig(rounds=1)},
    default_preset="default",
    ambiguities=AMBIGUITIES,
    make_model=DuelModel,
    properties=properties,
    reduced_preset="tiny",
    measures=SEAT_MEASURES,
)
