"""How strong is the strong player? Win rates of random, greedy and strong play on the
full game, with 95% Wilson intervals (scipy.stats), games paired by seed.

Usage: python benchmarks/strong_play.py [--game hhh] [--games random=2000,greedy=2000,strong=100]
       [--seed 1] [--json out.json]

Game i of every policy uses the same seed, so the policies meet the same setups. The
strong player is ``strong`` (``strong:N`` for N simulations per decision); it costs
seconds per game, so it plays fewer games than the others. Prints one line per policy
(and per seat for a competitive game); ``--json`` also writes the figures. A
measurement to run once and quote, not a test.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from scipy.stats import binomtest

from hhh_verify.contract.registry import get_game
from hhh_verify.engines import simulate as sim


def wilson(successes: int, n: int) -> tuple[float, float]:
    """95% Wilson score interval (scipy.stats.binomtest)."""
    ci = binomtest(successes, n).proportion_ci(confidence_level=0.95, method="wilson")
    return float(ci.low), float(ci.high)


def measure(game: str, preset: str, policy: str, games: int, seed: int) -> dict[str, Any]:
    spec = get_game(game)
    model = spec.model(preset)
    start = time.perf_counter()
    summary = sim.simulate(model, games, seed, policy, game_policies=spec.policies)
    seconds = time.perf_counter() - start
    row: dict[str, Any] = {
        "policy": policy,
        "games": games,
        "seconds": round(seconds, 1),
        "seconds_per_game": round(seconds / games, 3),
    }
    if summary.standings is None:
        low, high = wilson(summary.wins, games)
        row.update(
            wins=summary.wins,
            win_rate=round(summary.wins / games, 4),
            ci95=[round(low, 4), round(high, 4)],
            reasons=summary.reasons,
            money_mean=summary.money.mean if summary.money else None,
            money_max=summary.money.max if summary.money else None,
        )
    else:
        seats = summary.standings.to_json(games)["seats"]
        row["seats"] = []
        for seat in seats:
            wins = int(seat["wins"])
            low, high = wilson(wins, games)
            row["seats"].append(
                {"seat": seat["seat"], "wins": wins, "win_rate": round(wins / games, 4),
                 "ci95": [round(low, 4), round(high, 4)], "score_mean": seat["score"]["mean"]}
            )  # fmt: skip
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="hhh")
    parser.add_argument("--config", default="full")
    parser.add_argument("--games", default="random=2000,greedy=2000,strong=100")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", default=None, help="also write the rows here")
    args = parser.parse_args()
    rows = []
    for item in args.games.split(","):
        policy, n = item.rsplit("=", 1)
        row = measure(args.game, args.config, policy.strip(), int(n), args.seed)
        rows.append(row)
        if "seats" in row:
            for seat in row["seats"]:
                print(
                    f"{row['policy']:10} seat {seat['seat']}: {seat['wins']}/{row['games']} "
                    f"wins = {seat['win_rate']:.1%} (95% CI {seat['ci95'][0]:.1%}.."
                    f"{seat['ci95'][1]:.1%}), score {seat['score_mean']:.2f}"
                )
        else:
            print(
                f"{row['policy']:10} {row['wins']}/{row['games']} wins = {row['win_rate']:.1%} "
                f"(95% CI {row['ci95'][0]:.1%}..{row['ci95'][1]:.1%}), money mean "
                f"{row['money_mean']:.1f}, {row['seconds_per_game']} s/game",
                flush=True,
            )
        if args.json:
            with open(args.json, "w", encoding="utf-8") as fh:
                json.dump({"game": args.game, "config": args.config, "seed": args.seed,
                           "rows": rows}, fh, indent=1)  # fmt: skip


if __name__ == "__main__":
    main()
