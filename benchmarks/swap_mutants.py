"""Swap mutants of one game: for each ambiguity and each ordered pair of its options
(X, Y), the model whose rules read Y while X's promise is in force; X's promise must fail
on it (:mod:`hhh_verify.engines.explore.swap`).

Prints one row per ordered pair (ambiguity, X, Y, the witness that X and Y differ, the
verdict, the states explored) and ends with the line ``swap kill K/M``: K mutants
killed among the M pairs with a witness. Budgets count states (``--profile``).

    python benchmarks/swap_mutants.py --game pig
    python benchmarks/swap_mutants.py --game hhh --profile thorough --json swap.json
"""

from __future__ import annotations

import argparse
import json
import sys

from hhh_verify.contract import registry
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.vocab import Profile
from hhh_verify.engines.explore import swap


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", required=True, help="a registered game id")
    ap.add_argument("--profile", default=Profile.CI.value, help="ci or thorough (states budget)")
    ap.add_argument("--ambiguity", action="append", help="only this ambiguity (repeatable)")
    ap.add_argument("--json", metavar="FILE", help="also write the rows as JSON")
    args = ap.parse_args(argv)
    try:
        profile = Profile.parse(args.profile, "profile")
        if profile == Profile.QUICK:
            raise ModelError("unknown profile 'quick'; accepted: ci, thorough")
        spec = registry.get_game(args.game)
        for amb in args.ambiguity or ():
            spec.ambiguities.get(amb)
    except ModelError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    rows = []
    for r in swap.run(spec, profile, args.ambiguity):
        rows.append(r)
        seen = r.witness or ("-" if r.verdict != swap.SwapVerdict.COINCIDE else "none (proof)")
        print(
            f"{r.ambiguity:24s} {r.declared:>18s} -> {r.played:18s} "
            f"{r.verdict.value:10s} {r.states:7d}  {r.config}: {seen}"
            + (f"  [{r.message}]" if r.message else ""),
            flush=True,
        )
    if args.json:
        try:
            with open(args.json, "w", encoding="utf-8") as f:
                json.dump([r.to_json() for r in rows], f, indent=1)
        except OSError as e:
            print(f"error: --json {args.json} cannot be written ({e.strerror})", file=sys.stderr)
            return 2
    killed, witnessed = swap.tally(rows)
    print(f"swap kill {killed}/{witnessed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
