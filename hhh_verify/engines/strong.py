"""A strong player for any game: open-loop Monte Carlo tree search (UCT) over the model.

At each decision with two or more legal actions the player runs ``iterations``
simulations from the current position. A simulation descends a tree of *action
sequences* (open loop: chance is not part of the tree), drawing every chance outcome
afresh from the model's own law (``sample_step``, or ``step`` sampled exactly), so it
never peeks at a future draw and sees each outcome as often as the game deals it. In
the tree, actions are chosen by UCB1 (Kocsis & Szepesvári 2006, "Bandit based
Monte-Carlo planning"); below it, the game's own player (``rollout``, e.g. a greedy
one) plays to the end. The move played is the root action simulated most often.

Rewards come from the :class:`~hhh_verify.model.Outcome`: a cooperative game pays every
player 1 for a win, 0 for a loss, plus a small share of the money (so among won lines
the richer is preferred); a competitive game pays each seat 1 for a sole win (shared
wins split it) plus a small share of its score. Each player maximises its own reward.

Randomness comes only from the ``rng`` the policy is called with, so a game played
with the same seed is the same game (paired comparisons stay paired).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..model import Outcome, sample_index

Policy = Callable[[Any, Any, tuple[Any, ...], random.Random], Any]

#: Weight of money (cooperative) or score (competitive) beside the result.
SHARE = 0.01
#: Most a lost cooperative game is worth (lasting many rounds beyond the position).
LOSS_CREDIT = 0.5
#: Rollouts longer than this stop (a model that loops); they score as a loss.
MAX_ROLLOUT = 5_000


def rewards(model: Any, out: Outcome | None, players: int, survived: int = 0) -> list[float]:
    """Each seat's reward for a finished game (``None``: a cut rollout, worth nothing).

    A lost cooperative game is worth up to ``LOSS_CREDIT`` for the rounds it lasted
    beyond the position searched (``survived``): most rollouts of a hard game are lost,
    and lasting longer is the signal that tells moves apart.
    """
    if out is None:
        return [0.0] * players
    if out.won is not None:
        money = out.money if out.money is not None else 0
        share = SHARE * max(-1.0, min(2.0, money / 100))
        if out.won:
            return [1.0 + share] * players
        value = LOSS_CREDIT * (1.0 - 0.5**survived) + share
        return [value] * players
    scores = list(out.scores) or [0] * players
    top = max(scores)
    winners = [i for i, x in enumerate(scores) if x == top]
    scale = max(1, max(abs(x) for x in scores))
    return [
        (1.0 / len(winners) if i in winners else 0.0) + SHARE * scores[i] / scale
        for i in range(len(scores))
    ]


@dataclass
class _Node:
    """Statistics of one action sequence: visits and summed reward per seat."""

    visits: int = 0
    total: list[float] = field(default_factory=list)
    children: dict[Any, _Node] = field(default_factory=dict)


@dataclass(frozen=True)
class StrongPlayer:
    """Open-loop UCT with ``rollout`` below the tree (a policy: ``player(model, state,
    legal, rng) -> action``).

    ``iterations`` simulations per decision; ``exploration`` is UCB1's constant;
    ``players`` the seats rewards are kept for (read from the model when 0).
    """

    rollout: Policy
    iterations: int = 48
    exploration: float = 0.7
    players: int = 0
    #: Progressive widening: a node visited n times has at most ``widen * sqrt(n) + 1``
    #: children, tried in the rollout player's order of preference.
    widen: float = 1.0

    def __call__(self, model: Any, state: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        seats = self.players or _seats(model)
        root = _Node(total=[0.0] * seats)
        for _ in range(self.iterations):
            sim = random.Random(rng.getrandbits(64))
            self._simulate(model, state, root, sim, seats)
        order = list(root.children)  # expansion order: the rollout player's favourites first
        return max(order, key=lambda a: (root.children[a].visits, -order.index(a)))

    # One simulation ------------------------------------------------------------------
    def _simulate(self, model: Any, s: Any, root: _Node, rng: random.Random, seats: int) -> None:
        path = [root]
        node = root
        in_tree = True
        steps = 0
        start_round = model.round_of(s)
        while model.outcome(s) is None and steps < MAX_ROLLOUT:
            legal = model.legal_actions(s)
            if not legal:
                break
            if len(legal) == 1:
                action = legal[0]
            elif in_tree:
                action, expanded = self._select(model, s, node, legal, rng, seats)
                node = node.children[action]
                path.append(node)
                in_tree = not expanded
            else:
                action = self.rollout(model, s, legal, rng)
            s = _step(model, s, action, rng)
            steps += 1
        reward = rewards(model, model.outcome(s), seats, model.round_of(s) - start_round)
        for n in path:
            n.visits += 1
            for i in range(seats):
                n.total[i] += reward[i]

    def _select(
        self,
        model: Any,
        s: Any,
        node: _Node,
        legal: tuple[Any, ...],
        rng: random.Random,
        seats: int,
    ) -> tuple[Any, bool]:
        """UCB1 among the legal actions; an untried one first (the rollout player's
        choice among them). Returns the action and whether it was just added."""
        untried = [a for a in legal if a not in node.children]
        tried = len(legal) - len(untried)
        if untried and (tried == 0 or tried < self.widen * math.sqrt(node.visits) + 1):
            pick = self.rollout(model, s, tuple(untried), rng)
            node.children[pick] = _Node(total=[0.0] * seats)
            return pick, True
        seat = model.current_player(s)
        seat = seat if 0 <= seat < seats else 0
        known = [a for a in legal if a in node.children]
        log_n = math.log(max(1, sum(node.children[a].visits for a in known)))

        def ucb(a: Any) -> float:
            child = node.children[a]
            if not child.visits:
                return math.inf
            mean = child.total[seat] / child.visits
            return mean + self.exploration * math.sqrt(log_n / child.visits)

        return max(known, key=ucb), False


def _seats(model: Any) -> int:
    config = getattr(model, "config", None)
    players = getattr(config, "players", 1)
    return players if isinstance(players, int) and players > 0 else 1


def _step(model: Any, s: Any, action: Any, rng: random.Random) -> Any:
    """One successor drawn from the model's law (its sampler when it has one)."""
    sampler = getattr(model, "sample_step", None)
    if sampler is not None:
        return sampler(s, action, rng)
    dist = model.step(s, action)
    return dist[sample_index(dist, rng)][0]


def strong_policy(rollout: Policy, iterations: int = 48) -> Policy:
    """The strong player over ``rollout`` (the game's own player, or random)."""
    return StrongPlayer(rollout, iterations)
