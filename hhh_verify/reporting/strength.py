"""Two report sections about good play: how much money is possible, and how much the
readings matter to a strong player.

* **Money: found and proved.** For each registered query that bounds a maximum from
  above and declares a witness search (``SmtQuery.lower_bound``), Z3's proved upper
  bound beside the search's best replayed witness, with a node budget (not a time
  limit) so that the report stays deterministic. Where the two meet the maximum is
  *exact (proved)*. Built for a whole-game report only (it is about the game, not about
  the selected ambiguities).
* **Impact under strong play.** The paired impact of the most material readings under
  the strong player (``strong``), beside the report's own greedy and random figures.
  Strong play costs hours of CPU on the full game, so it is measured once by
  ``benchmarks/strong_impact.py`` into ``<game>-strong-play.json`` beside the report,
  which :func:`attach_strong_play` reads when it is there.
"""

from __future__ import annotations

import json
import os
from typing import Any

from hhh_verify.contract.registry import get_game
from hhh_verify.contract.vocab import SmtMethod
from hhh_verify.engines.search import SearchBudget, search
from hhh_verify.reporting import units
from hhh_verify.smt.queries import run_query

#: Nodes each witness search of the money bounds may generate (deterministic budget).
BOUND_NODES = 100_000


def money_bounds(game: str, nodes: int = BOUND_NODES, seed: int = 0) -> list[dict[str, Any]]:
    """One row per bounded maximum of ``game``: the proved upper bound, the witness's
    value (a lower bound) and whether they meet."""
    spec = get_game(game)
    if spec.smt is None or nodes <= 0:
        return []
    support = spec.load_smt()
    rows = []
    for q in support.queries:
        ws = q.lower_bound
        if ws is None:
            continue
        row = run_query(spec, support, q)
        upper = row.get("value") if row.get("method") == SmtMethod.PROOF else None
        model = spec.model(q.preset or "", q.overrides, q.interpret)
        budget = SearchBudget(
            max_nodes=nodes, max_seconds=None, beam=ws.beam, samples=ws.samples, seed=seed
        )
        found = search(
            model, None, ws.heuristic, budget, spec.ambiguities, value=ws.value,
            within_rounds=ws.round,
        )  # fmt: skip
        best = found.rounds.get(ws.round)
        lower = None if best is None else int(best.value)
        rows.append(
            {
                "query": q.id,
                "question": q.question,
                "round": ws.round,
                "lower": lower,
                "upper": upper,
                "exact": lower is not None and lower == upper,
                "witness_steps": None if best is None else len(best.trace.steps),
                "search": f"{found.nodes:,} positions, beam {ws.beam}",
                "proof": row.get("proof", ""),
                "command": f"hhh-verify query --game {game} --name {q.id} --out-dir witnesses",
            }
        )
    return rows


def attach_strong_play(data: dict[str, Any], out_dir: str) -> dict[str, Any]:
    """``data`` with the strong-play measurements of ``<out_dir>/<game>-strong-play.json``
    (``strong_play``), when that file exists and belongs to this report's game."""
    path = os.path.join(out_dir, f"{data['game']}-strong-play.json")
    if not os.path.exists(path):
        return data
    with open(path, encoding="utf-8") as fh:
        measured = json.load(fh)
    if measured.get("game") != data["game"]:
        return data
    return {**data, "strong_play": measured}


def _money(x: Any) -> str:
    return "-" if x is None else f"${x}"


def _diff(row: dict[str, Any], policy: str) -> str:
    """Win-rate (or seat 0's win share) difference B-A with its interval."""
    stats = row.get(policy) or {}
    st = stats.get("win") or stats.get("seat0_win")
    if st and "ci95" not in st:
        return "-"
    if not st:
        return "-"
    star = "*" if st["significant"] else ""
    return f"{units.shift('win', st['diff'])}{star} {units.interval('win', st['ci95'])}"


def _bound_rows(data: dict[str, Any]) -> list[list[str]]:
    out = []
    for b in data.get("money_bounds", []):
        verdict = "exact (proved)" if b["exact"] else "open between the two"
        out.append(
            [
                b["question"],
                _money(b["lower"]),
                _money(b["upper"]),
                verdict,
                f"`{b['command']}`",
            ]
        )
    return out


BOUNDS_TEXT = (
    "The highest value a replayed witness reaches (beam search over moves and lucky "
    "draws of positive probability, {budget}) and the most that can be, proved by Z3 over "
    "a sound per-round summary of the rules (models/<game>/smt/summary.py; the summary's "
    "lemma is checked on every transition of the reduced presets). The command re-runs "
    "both and writes the witness."
)

STRONG_TEXT = (
    "Win chance difference B-A in percentage points (95% interval; `*`: clear of 0) of "
    "the report's most "
    "material readings under the strong player (a lookahead over sampled chance with "
    "paired rollouts of the game's greedy player), measured by `{command}` ({games} "
    "paired games per reading), beside this report's own greedy and random figures."
)


def _strong_rows(data: dict[str, Any]) -> list[list[str]]:
    """One row per reading pair of the report's top entries: the strong figure from
    the measurement file (``-`` when not measured), greedy and random from the report."""
    sp = data["strong_play"]
    policy = sp["policy"]
    measured = {(r["id"], tuple(r["options"])): r for r in sp["rows"]}
    by_id = {e["id"]: e for e in data["entries"]}
    rows = []
    for amb in data["top"]:
        for pair in by_id[amb]["pairs"] if amb in by_id else []:
            options = tuple(pair["options"])
            strong = measured.get((amb, options), {})
            own = {p: {"win": i["stats"].get("win"), "seat0_win": i["stats"].get("seat0_win")}
                   for p, i in pair["impact"].items()}  # fmt: skip
            rows.append(
                [
                    amb,
                    f"`{options[0]}` -> `{options[1]}`",
                    _diff(strong, policy),
                    _diff(own, "greedy"),
                    _diff(own, "random"),
                ]
            )
    return rows


def _players_text(sp: dict[str, Any]) -> str:
    parts = []
    for p in sp.get("players", []):
        lo, hi = p["ci95"]
        parts.append(f"{p['policy']} {p['win_rate']:.1%} ({lo:.1%}..{hi:.1%}, {p['games']} games)")
    return "Win rates on the full game (95% Wilson intervals): " + "; ".join(parts) + "."


def markdown(data: dict[str, Any]) -> list[str]:
    """The two sections as Markdown lines (none when there is nothing to show)."""
    lines: list[str] = []
    rows = _bound_rows(data)
    if rows:
        budget = data.get("money_bounds_budget", "")
        lines += ["## Money: found and proved", "", BOUNDS_TEXT.format(budget=budget), ""]
        lines += ["| question | witness reaches | proved at most | verdict | re-run |"]
        lines += ["|---|---|---|---|---|"]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        lines.append("")
    sp = data.get("strong_play")
    if sp:
        lines += ["## Impact under strong play", "", STRONG_TEXT.format(**sp), ""]
        if sp.get("players"):
            lines += [_players_text(sp), ""]
        lines += ["| id | reading A -> B | strong | greedy | random |", "|---|---|---|---|---|"]
        lines += ["| " + " | ".join(r) + " |" for r in _strong_rows(data)]
        lines.append("")
    return lines


def html(data: dict[str, Any]) -> list[str]:
    """The two sections as HTML elements (none when there is nothing to show)."""
    from html import escape

    def table(head: list[str], rows: list[list[str]]) -> str:
        cells = "".join(f"<th>{escape(h)}</th>" for h in head)
        body = "".join(
            "<tr>" + "".join(f"<td>{escape(c.replace('`', ''))}</td>" for c in r) + "</tr>"
            for r in rows
        )
        return f"<table><tr>{cells}</tr>{body}</table>"

    out: list[str] = []
    rows = _bound_rows(data)
    if rows:
        budget = data.get("money_bounds_budget", "")
        out.append("<h2>Money: found and proved</h2>")
        out.append(f"<p>{escape(BOUNDS_TEXT.format(budget=budget))}</p>")
        head = ["question", "witness reaches", "proved at most", "verdict", "re-run"]
        out.append(table(head, rows))
    sp = data.get("strong_play")
    if sp:
        out.append("<h2>Impact under strong play</h2>")
        out.append(f"<p>{escape(STRONG_TEXT.format(**sp))}</p>")
        if sp.get("players"):
            out.append(f"<p>{escape(_players_text(sp))}</p>")
        out.append(
            table(["id", "reading A -> B", "strong", "greedy", "random"], _strong_rows(data))
        )
    return out
