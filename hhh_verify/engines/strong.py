"""A strong player for any game: lookahead over sampled chance with paired rollouts.

At each decision with two or more legal actions the player asks the game's own player
(``rollout``, e.g. a greedy one) for its ``width`` favourite moves (its choice, then its
choice among the rest, ...). Each candidate is played ``rollouts`` times: the move's
chance outcome is drawn from the model's own law (``sample_step``, or ``step`` sampled
exactly), so the player never peeks at a future draw, and the rollout player plays on
to the end. Playout j of every candidate draws its chance from the same seed j (common
random numbers), so the comparison measures the moves, not the luck. The candidate
with the best mean reward is played.

This is an expectimax of depth one over sampled chance with the rollout player as the
evaluation: Bertsekas' *rollout algorithm* (Bertsekas, Tsitsiklis & Wu 1997, "Rollout
algorithms for combinatorial optimization"), which improves on its base player when the
estimates are accurate; with the few hundred simulations a decision can afford, paired
estimates tell moves apart where unpaired ones (as in a tree search) are too noisy.

Rewards come from the :class:`~hhh_verify.contract.model.Outcome`: a cooperative game pays every
player 1 for a win plus a small share of the game's tie-break measure when its rollout
player declares one (``tie_break``, HHH: the money, so richer wins first); a lost one pays
up to ``LOSS_CREDIT`` for the rounds it lasted beyond the decision (most rollouts of a
hard game are lost, and lasting longer tells moves apart). A competitive game pays each
seat 1 for a win (shared wins split it) plus a small share of its score; each seat
maximises its own reward.

Randomness comes only from the ``rng`` the policy is called with, so a game played with
the same seed is the same game (paired comparisons stay paired).

Speed: a rollout player may offer ``fast_playouts(model)``, returning ``None`` or a
function ``(state, seed) -> (outcome, round)`` that plays the same player from
``state`` to the end much faster (e.g. inside a compiled kernel proved equal to the
model); the playouts then run there.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from hhh_verify.contract.configs import SeatedConfig
from hhh_verify.contract.measures import Measure
from hhh_verify.contract.model import Model, round_of, sample_successor
from hhh_verify.contract.outcomes import Outcome

Policy = Callable[[Any, Any, tuple[Any, ...], random.Random], Any]
#: A whole playout from a state with a seed: (outcome or None when cut, round reached).
FastPlayout = Callable[[Any, int], tuple[Outcome | None, int]]


@runtime_checkable
class FastPlayoutPolicy(Protocol):
    """A rollout policy that can also play whole playouts fast on a model (e.g. inside
    its kernel): ``fast_playouts(model)``, or None where it cannot on that model."""

    def fast_playouts(self, model: Model) -> FastPlayout | None: ...


@runtime_checkable
class TieBreakPolicy(Protocol):
    """A rollout policy that names the game's measure ranking equal cooperative results
    (``tie_break``, read from the outcome alone: ``Measure.at_end(None, outcome)``)."""

    tie_break: Measure


#: Weight of the tie-break measure (cooperative) or score (competitive) beside the result.
SHARE = 0.01
#: Most a lost cooperative game is worth (lasting many rounds beyond the decision).
LOSS_CREDIT = 0.5
#: Rollouts longer than this stop (a model that loops); they score as cut.
MAX_ROLLOUT = 5_000


def rewards(
    model: Model,
    out: Outcome | None,
    players: int,
    survived: int = 0,
    tie_break: Measure | None = None,
) -> list[float]:
    """Each seat's reward for a finished game (``None``: a cut rollout, worth nothing);
    ``survived``: rounds the game lasted beyond the decision; ``tie_break``: the measure
    whose value (scaled by 1/100, clipped to [-1, 2]) adds a small share to a cooperative
    game's reward."""
    if out is None:
        return [0.0] * players
    if out.won is not None:
        value = tie_break.at_end(None, out) if tie_break is not None else 0
        share = SHARE * max(-1.0, min(2.0, (value or 0) / 100))
        if out.won:
            return [1.0 + share] * players
        return [LOSS_CREDIT * (1.0 - 0.5**survived) + share] * players
    scores = list(out.scores) or [0] * players
    top = max(scores)
    winners = [i for i, x in enumerate(scores) if x == top]
    scale = max(1, max(abs(x) for x in scores))
    return [
        (1.0 / len(winners) if i in winners else 0.0) + SHARE * scores[i] / scale
        for i in range(len(scores))
    ]


@dataclass(frozen=True)
class StrongPlayer:
    """The lookahead player over ``rollout`` (a policy: ``player(model, state, legal,
    rng) -> action``): ``width`` candidates, ``rollouts`` paired playouts each;
    ``players`` the seats rewards are kept for (read from the model's config when 0)."""

    rollout: Policy
    rollouts: int = 16
    width: int = 6
    players: int = 0
    _fast: dict[int, tuple[Model, FastPlayout | None]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def __call__(self, model: Model, state: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        candidates = self.candidates(model, state, legal, rng)
        if len(candidates) == 1:
            return candidates[0]
        seats = self.players or _seats(model)
        seat = model.current_player(state)
        seat = seat if 0 <= seat < seats else 0
        fast = self.fast(model)
        seeds = [rng.getrandbits(63) for _ in range(self.rollouts)]
        start = round_of(model, state) or 0  # a game without rounds: 0
        tie_break = self.rollout.tie_break if isinstance(self.rollout, TieBreakPolicy) else None
        best, best_value = candidates[0], float("-inf")
        for a in candidates:
            total = 0.0
            for seed in seeds:
                sim = random.Random(seed)
                out, rnd = play_out(
                    self.rollout, model, sample_successor(model, state, a, sim), sim, fast
                )
                total += rewards(model, out, seats, rnd - start, tie_break)[seat]
            if total > best_value:
                best, best_value = a, total
        return best

    def candidates(
        self, model: Model, state: Any, legal: tuple[Any, ...], rng: random.Random
    ) -> list[Any]:
        """The rollout player's ``width`` favourite moves, best first."""
        left, picked = list(legal), list[Any]()
        while left and len(picked) < self.width:
            pick = self.rollout(model, state, tuple(left), rng)
            picked.append(pick)
            left.remove(pick)
        return picked

    def fast(self, model: Model) -> FastPlayout | None:
        """The rollout player's fast playouts on ``model``, or None (kept per model)."""
        key = id(model)
        if key not in self._fast:
            offer = self.rollout if isinstance(self.rollout, FastPlayoutPolicy) else None
            if len(self._fast) >= 4:  # a run plays one model (two when paired)
                self._fast.clear()
            self._fast[key] = (model, offer.fast_playouts(model) if offer is not None else None)
        return self._fast[key][1]


def play_out(
    player: Policy, model: Model, s: Any, rng: random.Random, fast: FastPlayout | None = None
) -> tuple[Outcome | None, int]:
    """``player`` from ``s`` to the end: (outcome or None when cut, round reached)."""
    if fast is not None and model.outcome(s) is None:
        return fast(s, rng.getrandbits(63))  # type: ignore[no-any-return]
    steps = 0
    while model.outcome(s) is None and steps < MAX_ROLLOUT:
        legal = model.legal_actions(s)
        if not legal:
            break
        a = legal[0] if len(legal) == 1 else player(model, s, legal, rng)
        s = sample_successor(model, s, a, rng)
        steps += 1
    return model.outcome(s), round_of(model, s) or 0


def _seats(model: Model) -> int:
    players = model.config.players if isinstance(model.config, SeatedConfig) else 1
    return players if isinstance(players, int) and players > 0 else 1
