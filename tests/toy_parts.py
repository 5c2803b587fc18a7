"""The toy game's optional parts (tests only): properties, search order, a greedy player
and a probe configuration, declared on ``toy_model.SPEC`` like a real game's.

The toy rules are in :mod:`toy_model`'s docstring; "Toy rules, Draw/Stop" below cite them.
"""

from __future__ import annotations

import random
from typing import Any

from hhh_verify.contract.properties import Goal, Invariant, PropertyRegistry

GAME = "toy"


def cubes_in_range(model: Any, s: Any) -> str | None:
    """Toy rules, Draw: cubes only leave the bag, and the score counts white cubes drawn."""
    white, black = s.bag
    cfg = model.config
    if not (0 <= white <= cfg.whites and 0 <= black <= cfg.blacks):
        return f"bag {s.bag} outside 0..{cfg.whites} white, 0..{cfg.blacks} black"
    if not 0 <= s.score <= cfg.whites - white:
        return f"score {s.score} but {cfg.whites - white} white cubes drawn"
    return None


def score_moves_by_one(model: Any, s: Any, a: Any, t: Any) -> str | None:
    """Toy rules, Draw: a white cube scores 1, a black one costs at most 1."""
    return None if abs(t.score - s.score) <= 1 else f"score {s.score} -> {t.score} in one step"


def won(model: Any, s: Any) -> bool:
    out = model.outcome(s)
    return out is not None and out.reason == "completed"


def properties() -> PropertyRegistry:
    """Every toy property (the in-check Z3 query comes from :mod:`toy_smt`)."""
    from toy_smt import smt_properties

    return PropertyRegistry(
        GAME,
        [
            Invariant(
                "toy.cubes-in-range",
                GAME,
                "Toy rules, Draw",
                "bag within its start, score = white cubes drawn at most",
                check=cubes_in_range,
            ),
            Invariant(
                "toy.score-step",
                GAME,
                "Toy rules, Draw",
                "one step moves the score by at most 1",
                transition=score_moves_by_one,
            ),
            Goal(
                "toy.goal-win",
                GAME,
                "Toy rules, Stop",
                "a game can be won",
                check=won,
            ),
            *smt_properties(),
        ],
    )


def push_first(model: Any, s: Any, actions: tuple[Any, ...]) -> tuple[Any, ...]:
    """Search order: push while short of the target (a sensible player), else stop."""
    short = s.score < model.config.target
    return tuple(sorted(actions, key=lambda a: (type(a).__name__ != "Push") == short))


def greedy_policy(model: Any, s: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
    """Push until the target is reached, then stop."""
    return push_first(model, s, legal)[0]


#: The toy's players (``GameSpec.policies``).
POLICIES = {"greedy": greedy_policy}

#: A bag with two black cubes makes the TOY-BLACK readings part more often.
PROBES = {"TOY-BLACK": (("default", ("blacks=2",)),)}


def board(model: Any, s: Any, against: Any = None) -> str:
    """The toy's board picture: the bag's cubes and the score (differences outlined)."""
    from hhh_verify.view.svg import Svg

    white, black = s.bag
    svg = Svg(240, 70, f"toy bag {white} white {black} black, score {s.score}", "board")
    if against is not None and against.bag != s.bag:
        svg.highlight(8, 8, 150, 24, "bag differs")
    for i in range(white + black):
        svg.rect(10 + i * 18, 12, 14, 14, "#fff" if i < white else "#222", "#333", "cube")
    if against is not None and (against.score, against.reason) != (s.score, s.reason):
        svg.highlight(8, 40, 220, 20, "score differs")
    svg.text(10, 55, f"score {s.score}" + (f", over: {s.reason}" if s.reason else ""), 12)
    return svg.render()


def board_loader() -> Any:
    """``GameSpec.board``: the renderer (a loader, like a real game's)."""
    return board
