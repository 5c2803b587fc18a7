"""OpenSpiel MCTS through the adapter: games per second and results on the full game.

The real game draws chance from the exact law (``chance=sampled``); every decision is
chosen by ``MCTSBot`` searching the ``sample-average`` game from the current model state.
Leaves are evaluated by rollouts with OpenSpiel's random player (``--rollout random``,
through the adapter) or with one of the game's own policies (``--rollout NAME``, played
directly on the model, which is much faster). Prints one line of figures.

    python benchmarks/adapters_mcts.py --games 3 --simulations 50 --samples 4
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import mcts

from hhh_verify.adapters import core, rewards
from hhh_verify.adapters.openspiel import load_game
from hhh_verify.contract import registry


class PolicyRollouts(mcts.Evaluator):
    """Leaf value: the mean return of rollouts played on the model with ``policy``."""

    def __init__(self, game: Any, policy: Any, rollouts: int, seed: int):
        self.game, self.policy, self.rollouts = game, policy, rollouts
        self.rng = random.Random(seed)

    def evaluate(self, state: Any) -> np.ndarray:
        model, total = self.game.model, np.zeros(self.game.num_players())
        for _ in range(self.rollouts):
            s = state.model_state
            if state.pending is not None:
                s = core.sample(model, s, state.pending, self.rng)
            while model.outcome(s) is None:
                legal = model.legal_actions(s)
                a = legal[0] if len(legal) == 1 else self.policy(model, s, legal, self.rng)
                s = core.sample(model, s, a, self.rng)
            total += self.game.reward.returns(s, model.outcome(s))
        return total / self.rollouts

    def prior(self, state: Any) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()  # type: ignore[no-any-return]
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="hhh")
    ap.add_argument("--config", default="full")
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--simulations", type=int, default=50)
    ap.add_argument("--samples", type=int, default=4, help="chance_samples of the search")
    ap.add_argument(
        "--reward",
        default=None,
        help="win, score (competitive) or a measure of the game (cooperative); by default "
        "the game's first measure after win (cooperative) or score (competitive)",
    )
    ap.add_argument("--rollout", default="random", help="random, or a policy of the game")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    if args.reward is None:
        setup = core.setup(args.game, args.config)
        args.reward = rewards.names(setup.spec, setup.space)[1]

    real = load_game(args.game, args.config, chance="sampled", seed=args.seed, reward=args.reward)
    search = load_game(
        args.game,
        args.config,
        chance="sample-average",
        chance_samples=args.samples,
        seed=args.seed,
        reward=args.reward,
    )
    rs = np.random.RandomState(args.seed)
    if args.rollout == "random":
        evaluator: Any = mcts.RandomRolloutEvaluator(1, rs)
    else:
        policies = getattr(registry.get_game(args.game), "policies", {}) or {}
        if args.rollout not in policies:
            raise SystemExit(f"error: unknown rollout policy {args.rollout!r}")
        evaluator = PolicyRollouts(search, policies[args.rollout], 1, args.seed)
    bot = mcts.MCTSBot(search, 2.0, args.simulations, evaluator, random_state=rs, solve=False)
    wins, paid, decisions = 0, [], 0
    start = time.perf_counter()
    for _ in range(args.games):
        state = real.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(0)
            else:
                state.apply_action(bot.step(search.state_from_model(state.model_state)))
                decisions += 1
        outcome = real.model.outcome(state.model_state)
        wins += bool(outcome.won)
        paid.append(state.returns()[0])
    seconds = time.perf_counter() - start
    print(
        f"{args.game} {args.config}: {args.games} games, {args.simulations} simulations,"
        f" {args.samples} chance samples, {args.rollout} rollouts: {seconds:.1f} s"
        f" ({args.games / seconds:.3f} games/s, {decisions / seconds:.1f} decisions/s),"
        f" wins {wins}/{args.games}, seat 0's {args.reward} returns {paid}"
    )


if __name__ == "__main__":
    main()
