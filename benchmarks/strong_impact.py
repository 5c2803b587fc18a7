"""Impact under strong play: for the ten most material ambiguities of a committed report,
the paired impact of each non-default reading under the strong player, beside the
report's own figures under greedy and random play.

Usage: python benchmarks/strong_impact.py [--game hhh] [--games 40] [--seed 0]
       [--policy strong] [--report reports/hhh.json] [--out reports/hhh-strong-play.json]
       [--players FILE] [--ambiguity ID ...] [--update]

The games are ``hhh-verify impact --policy strong`` games (paired, common random
numbers, the same seeds as the report's). ``--players`` adds the win rates measured by
benchmarks/strong_play.py (its ``--json`` output). ``--ambiguity`` measures only those
entries (any of the report's, not only its top ten); ``--update`` keeps the rows of
``--out`` for the other pairs (after a report's top ten changed). The output is what the
report's
"Strong play" section shows; it holds no timings, so a re-run with the same code writes
the same file. Hours of CPU on the full game: run it once and commit the file.
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from hhh_verify.contract.outputs import write_atomic
from hhh_verify.contract.registry import get_game
from hhh_verify.engines import impact as im

MEASURES = ("win", "money", "deaths", "seat0_win", "seat0_score")


def stat_row(stats: dict[str, Any]) -> dict[str, Any]:
    """The headline measures of one impact (``Impact.to_json()['stats']``)."""
    return {
        name: {k: stats[name][k] for k in ("diff", "ci95", "significant", "mean_a", "mean_b")}
        for name in MEASURES
        if name in stats
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="hhh")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--policy", default="strong")
    parser.add_argument("--report", default=None, help="the committed report (JSON)")
    parser.add_argument("--out", default=None)
    parser.add_argument("--players", default=None, help="benchmarks/strong_play.py --json")
    parser.add_argument("--ambiguity", action="append", default=[], help="only these")
    parser.add_argument("--update", action="store_true", help="keep --out's other rows")
    args = parser.parse_args()
    report = args.report or f"reports/{args.game}.json"
    out = args.out or f"reports/{args.game}-strong-play.json"
    spec = get_game(args.game)
    with open(report, encoding="utf-8") as fh:
        data = json.load(fh)
    entries = {e["id"]: e for e in data["entries"]}
    kept: list[dict[str, Any]] = []
    old: dict[str, Any] = {}
    if args.update and os.path.exists(out):
        with open(out, encoding="utf-8") as fh:
            old = json.load(fh)
        kept = old.get("rows", [])
    rows = []
    for amb in args.ambiguity or data["top"]:
        for pair in entries[amb]["pairs"]:
            options = tuple(pair["options"])
            imp = im.impact(spec, amb, options, args.games, args.seed, args.policy)
            stats = imp.to_json()["stats"]
            row = {
                "id": amb,
                "options": list(options),
                "games": args.games,
                args.policy: stat_row(stats),
                **{p: stat_row(i["stats"]) for p, i in sorted(pair["impact"].items())},
            }
            rows.append(row)
            head = stats.get("win") or stats.get("seat0_win")
            print(
                f"{amb} {options[0]} -> {options[1]}: win {head['diff']:+.3f} "
                f"CI {head['ci95']} under {args.policy}",
                flush=True,
            )
    fresh = [(r["id"], r["options"]) for r in rows]
    doc: dict[str, Any] = {
        "format": "hhh-verify-strong-play/1",
        "game": args.game,
        "policy": args.policy,
        "seed": args.seed,
        "games": args.games,
        "report_games": data["budget"]["games"],
        "command": (
            f"python benchmarks/strong_impact.py --game {args.game} --games {args.games} "
            f"--seed {args.seed} --policy {args.policy}"
        ),
        "method": im.METHOD,
        "rows": [*[r for r in kept if (r["id"], r["options"]) not in fresh], *rows],
    }
    if "players" in old:
        doc["players"], doc["players_command"] = old["players"], old.get("players_command")
    if args.players and os.path.exists(args.players):
        with open(args.players, encoding="utf-8") as fh:
            players = json.load(fh)
        doc["players"] = [
            {k: r[k] for k in ("policy", "games", "wins", "win_rate", "ci95") if k in r}
            for r in players["rows"]
        ]
        doc["players_command"] = players.get("command", "python benchmarks/strong_play.py")
    write_atomic(out, json.dumps(doc, indent=1, sort_keys=True) + "\n")
    print(f"written {out}")


if __name__ == "__main__":
    main()
