"""A tiny test-only game that implements the model contract ("push your luck").

It follows ``docs/adding-a-game.md`` (a ``RuleModel`` with a rule context, reading
constants, a ``GameSpec``) but is not installed as a game: engine tests import it directly
so they can run (and be understood) without the hospital models, and CLI tests add it to
the registry with the ``toy_registry`` fixture (``tests/conftest.py``). The game to copy
is ``examples/pig``.

Rules (default config ``whites=3, blacks=1, target=2``):

* A bag holds ``whites`` white cubes and ``blacks`` black cubes; the score starts at 0.
* **Decide** (player 0): ``Push()`` to draw a cube, or ``Stop()`` to end the game.
  ``Push`` is legal only while the bag is not empty.
* **Draw** (chance): after a push the only action is ``Draw()``; its distribution is the
  exact hypergeometric draw of one cube (``Fraction(white, total)`` / ``Fraction(black, total)``).
  A white cube scores 1 and leaves the bag.
* A black cube is the one ambiguity, ``TOY-BLACK``:
  ``bust`` (default) ends the game at once as a loss with reason ``"bust"``;
  ``penalty`` discards the black cube and costs one point (never below 0), play goes on.
* ``Stop()`` ends the game: a win (``"completed"``) when ``score >= target``, otherwise a
  loss with reason ``"short"``.
* The outcome reports ``money = 10 * score`` and ``rating`` ``"gold"`` (score 3+),
  ``"silver"`` (2) or ``"none"``.

Every path ends: each push removes a cube, so the state graph is a finite DAG.

Exact reachable state counts (regression data; a breadth-first search over ``step``):

* default config, ``TOY-BLACK=bust``: **16** states (4 decision, 4 chance, 8 terminal);
  the best strategy (push twice, stop at score 2) wins with probability exactly
  ``3/4 * 2/3 = 1/2``;
* default config, ``TOY-BLACK=penalty``: **31** states (11 decision, 9 chance, 11 terminal).
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
from hhh_verify.contract.late import late, late_call
from hhh_verify.contract.measures import WIN, Measure
from hhh_verify.contract.model import CHANCE, TERMINAL
from hhh_verify.contract.outcomes import Distribution, Outcome, certain, merge
from hhh_verify.contract.readings import Reading, ambiguity
from hhh_verify.contract.rule_model import RuleModel
from hhh_verify.contract.spec import GameSpec
from hhh_verify.rulebook.rule_map import RuleStatus
from hhh_verify.rulebook.sections import Section

DECIDE = 0  # player 0 chooses Push or Stop
DRAW = 1  # chance: one cube comes out of the bag
OVER = 2  # terminal


@dataclass(frozen=True, slots=True)
class ToyConfig:
    """Bag contents and the score needed to win; validated on construction."""

    whites: int = 3
    blacks: int = 1
    target: int = 2

    def __post_init__(self) -> None:
        if not 0 <= self.whites <= 9 or not 0 <= self.blacks <= 9:
            raise ModelError("toy whites and blacks must be in 0..9")
        if self.whites + self.blacks == 0:
            raise ModelError("toy bag must hold at least one cube")
        if not 0 <= self.target <= self.whites:
            raise ModelError(f"toy target must be in 0..whites ({self.whites})")


@dataclass(frozen=True, slots=True)
class ToyState:
    """A position: the phase, the bag ``(white, black)``, the score and how it ended."""

    phase: int
    bag: tuple[int, int]
    score: int
    reason: str = ""  # "" while playing; "completed" / "short" / "bust" once over
    deaths: int = 0  # black cubes drawn (lets simulations read ``deaths`` like HHH)


@dataclass(frozen=True, order=True, slots=True)
class Draw:
    """Chance: draw one cube from the bag."""


@dataclass(frozen=True, order=True, slots=True)
class Push:
    """Decide to draw another cube."""


@dataclass(frozen=True, order=True, slots=True)
class Stop:
    """End the game and score."""


ACTION_TYPES: dict[str, type] = {"Draw": Draw, "Push": Push, "Stop": Stop}

AMBIGUITIES = AmbiguityRegistry(
    [
        Ambiguity(
            id="TOY-BLACK",
            title="What does drawing the black cube do?",
            category="gap",
            quotes=(Quote("Toy rules, Draw", "A black cube is bad luck."),),
            options=(
                Option("bust", "The game ends at once as a loss."),
                Option("penalty", "Discard the black cube and lose one point (not below 0)."),
            ),
            default="bust",
            why="'Bad luck' in push-your-luck games usually means losing everything.",
        )
    ]
)


@ambiguity("TOY-BLACK")
class BLACK(Reading):
    """TOY-BLACK's readings as an enum, as ``python -m hhh_verify.contract.readings``
    renders a game's ``rules/readings.py`` (a test file keeps them beside the registry)."""

    BUST = "bust"
    PENALTY = "penalty"


#: Reachable state counts of the default config, by TOY-BLACK option (see module docstring).
STATE_COUNTS = {BLACK.BUST: 16, BLACK.PENALTY: 31}


@dataclass(frozen=True)
class ToyRules:
    """The toy's rule context (``RuleModel.ctx``): the config's numbers and the reading."""

    target: int
    busts: bool  # TOY-BLACK=bust

    @classmethod
    def of(cls, config: ToyConfig, readings: Readings) -> ToyRules:
        return cls(config.target, readings.reads(BLACK.BUST))


def describe_state(ctx: ToyRules, s: ToyState) -> str:
    """A position in words."""
    phase = ("decide", "draw", "over")[s.phase]
    end = f" ({s.reason})" if s.reason else ""
    return f"{phase}: bag {s.bag[0]}W {s.bag[1]}B, score {s.score}{end}"


def describe_action(ctx: ToyRules, s: ToyState, a: Any) -> str:
    """A move in words."""
    return type(a).__name__


class ToyModel(RuleModel):
    """The toy game as a :class:`hhh_verify.contract.model.Model`."""

    game = "toy"
    action_types = ACTION_TYPES
    state_text = describe_state
    action_text = describe_action

    def __init__(self, config: ToyConfig | None = None, readings: Readings | None = None):
        config = config or ToyConfig()
        readings = readings or AMBIGUITIES.default()
        super().__init__(config, readings, ToyRules.of(config, readings))

    def initial_state(self) -> ToyState:
        return ToyState(DECIDE, (self.config.whites, self.config.blacks), 0)

    def current_player(self, s: ToyState) -> int:
        return {DECIDE: 0, DRAW: CHANCE, OVER: TERMINAL}[s.phase]

    def _legal(self, s: ToyState) -> tuple[Any, ...]:
        """Toy rules, Decide: push while the bag holds a cube, or stop (sorted by name)."""
        if s.phase == DRAW:
            return (Draw(),)
        if s.phase == DECIDE:
            return (Push(), Stop()) if sum(s.bag) else (Stop(),)
        return ()

    def step(self, s: ToyState, a: Any) -> Distribution:
        """Toy rules, Stop: a win when the score reaches the target; a push draws."""
        if a not in self.legal_actions(s):
            raise ModelError(f"illegal action {a!r} in {s!r}")
        if isinstance(a, Push):
            return certain(ToyState(DRAW, s.bag, s.score, deaths=s.deaths))
        if isinstance(a, Stop):
            won = s.score >= self.ctx.target
            return certain(
                ToyState(OVER, s.bag, s.score, "completed" if won else "short", s.deaths)
            )
        return self._draw(s)

    def _draw(self, s: ToyState) -> Distribution:
        """Toy rules, Draw: one cube, each cube equally likely."""
        white, black = s.bag
        total = white + black
        pairs = []
        if white:
            pairs.append(
                (
                    ToyState(DECIDE, (white - 1, black), s.score + 1, "", s.deaths),
                    Fraction(white, total),
                )
            )
        if black:
            if self.ctx.busts:
                after = ToyState(OVER, s.bag, s.score, "bust", s.deaths + 1)
            else:
                after = ToyState(DECIDE, (white, black - 1), max(0, s.score - 1), "", s.deaths + 1)
            pairs.append((after, Fraction(black, total)))
        return merge(pairs)

    def outcome(self, s: ToyState) -> Outcome | None:
        if s.phase != OVER:
            return None
        rating = "gold" if s.score >= 3 else "silver" if s.score == 2 else "none"
        values = (("money", 10 * s.score), ("rating", rating))
        return Outcome(s.reason == "completed", s.reason, values=values)

    def round_of(self, s: ToyState) -> int:
        """Rounds are draws: 1 + cubes that have left the bag."""
        return 1 + self.config.whites + self.config.blacks - sum(s.bag)


RATINGS = ("none", "silver", "gold")


def _rating_rank(o: Outcome | None) -> int:
    rating = o.value("rating") if o is not None and o.won else None
    return 1 + RATINGS.index(rating) if isinstance(rating, str) and rating in RATINGS else 0


#: What impact compares for the toy (the same vocabulary as a team game's, declared here).
MEASURES = {
    "win": WIN,
    "money": Measure(
        of=lambda s, o: o.value("money") if o is not None else 0,
        label="final money",
        unit="$",
        unit_words="dollars",
        weight=1.0,
        high=lambda mean_a: 5,
        plot=True,
        rank=1,
    ),
    "rating_rank": Measure(
        of=lambda s, o: _rating_rank(o),
        label="rating rank",
        unit="ranks",
        rank=4,
        categories=RATINGS,
        counted_as="ratings",
    ),
    "deaths": Measure(of=lambda s, o: s.deaths, label="deaths", unit="deaths", weight=5.0, rank=3),
}


def _spec() -> GameSpec:
    from toy_parts import POLICIES, PROBES, board_loader

    return GameSpec(
        id="toy",
        title="Toy push-your-luck bag game (tests only)",
        rulebook="tests/toy_model.py",
        config_type=ToyConfig,
        presets={"default": ToyConfig(), "tiny": ToyConfig(whites=1, blacks=1, target=1)},
        default_preset="default",
        ambiguities=AMBIGUITIES,
        make_model=ToyModel,
        config_docs={"whites": "white cubes", "blacks": "black cubes", "target": "score to win"},
        rule_index=(
            Section("Toy rules, Decide", RuleStatus.MODELLED, ("ToyModel.legal_actions",)),
            Section("Toy rules, Draw", RuleStatus.READING, ("ToyModel._draw",), "TOY-BLACK"),
            Section("Toy rules, Stop", RuleStatus.MODELLED, ("ToyModel.step",)),
        ),
        properties=late_call("toy_parts:properties"),
        search_order=late("toy_parts:push_first"),
        policies=POLICIES,
        probes=PROBES,
        reduced_preset="tiny",
        smt=late_call("toy_smt:support"),
        measures=MEASURES,
        board=board_loader,
    )


#: A GameSpec for the toy (for tests that patch the registry; never registered for real).
#: It declares every optional part, as a complete game would: properties and search
#: order (toy_parts.py), a greedy player, a probe, a reduced preset, a Z3 encoding
#: (toy_smt.py) and a board picture (toy_parts.board).
SPEC = _spec()


def toy(interpret: tuple[str, ...] = (), **config: int) -> ToyModel:
    """Shorthand: ``toy()``, ``toy(("TOY-BLACK=penalty",))``, ``toy(whites=2)``."""
    return ToyModel(ToyConfig(**config), AMBIGUITIES.parse(interpret))
