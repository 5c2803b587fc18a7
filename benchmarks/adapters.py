"""Random play through the adapters: full games per second in OpenSpiel and PettingZoo.

Every registered game that declares an action space plays ``--games`` games on
``--config`` with uniformly random legal decisions, chance drawn from the exact law
(OpenSpiel's ``sampled`` mode; PettingZoo draws inside ``step``). Each decision asks the
framework what a learning agent asks: OpenSpiel the legal actions and the
current player's information-state string and observation tensor, PettingZoo ``last()``
(observation and action mask; ``--sparse``: the legal ids the acting agent's ``info``
carries). Rates are per CPU-second of this process (``time.process_time``), so a busy
machine does not lower them. Prints one line per game and framework.

    python benchmarks/adapters.py --games 5 --config full
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from hhh_verify.adapters import core
from hhh_verify.contract import registry


def openspiel_games(game_id: str, config: str, games: int, seed: int) -> float:
    from hhh_verify.adapters.openspiel import load_game

    game = load_game(game_id, config, chance="sampled", seed=seed)
    rng = np.random.RandomState(seed)
    start = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(0)
                continue
            player = state.current_player()
            state.information_state_string(player)
            state.observation_tensor(player)
            state.apply_action(rng.choice(state.legal_actions()))
    return games / (time.process_time() - start)


def pettingzoo_games(
    game_id: str, config: str, games: int, seed: int, sparse: bool = False
) -> float:
    from hhh_verify.adapters.pettingzoo import env

    e = env(game_id, config)
    rng = np.random.default_rng(seed)
    start = time.process_time()
    for g in range(games):
        e.reset(seed=seed + g)
        for _agent in e.agent_iter():
            obs, _, done, cut, info = e.last()
            if done or cut:
                e.step(None)
                continue
            legal = info["legal_actions"] if sparse else np.flatnonzero(obs["action_mask"])
            e.step(int(rng.choice(legal)))
    return games / (time.process_time() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="full")
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--game", action="append", help="a game id (default: every declared)")
    ap.add_argument(
        "--sparse",
        action="store_true",
        help="PettingZoo agents sample from info['legal_actions'] instead of scanning the mask",
    )
    args = ap.parse_args()
    ids = args.game or [g for g, spec in registry.games().items() if core.declares(spec)]
    for game_id in ids:
        rate = openspiel_games(game_id, args.config, args.games, args.seed)
        print(f"{game_id:16s} openspiel  {args.config}: {rate:8.1f} games/s", flush=True)
        rate = pettingzoo_games(game_id, args.config, args.games, args.seed, args.sparse)
        name = "pettingzoo (sparse)" if args.sparse else "pettingzoo"
        print(f"{game_id:16s} {name:10s} {args.config}: {rate:8.1f} games/s", flush=True)


if __name__ == "__main__":
    main()
