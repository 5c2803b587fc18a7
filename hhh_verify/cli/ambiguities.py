"""`hhh-verify ambiguities`: every unclear rule of a game, with evidence and readings."""

from __future__ import annotations

import json
import os
import textwrap
from typing import Any

import click

from hhh_verify.cli.common import command_errors, emit_json, game_option, json_option
from hhh_verify.contract import registry
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.promises import NoPromise, Promise, PromiseBook
from hhh_verify.contract.vocab import AmbiguitySort
from hhh_verify.reporting.english import for_game, with_english


@click.command("ambiguities")
@game_option
@click.option("--id", "only", multiple=True, metavar="ID", help="Show only these ids.")
@click.option(
    "--sort",
    "sort",
    type=click.Choice(AmbiguitySort.values()),
    default="registry",
    show_default=True,
    help="impact: by the committed report's ranking (reports/GAME.json in this folder), "
    "largest first; says so when there is no report.",
)
@json_option
@command_errors
def ambiguities_command(game: str, only: tuple[str, ...], sort: str, as_json: bool) -> None:
    """List the game's ambiguities: quotes, options, the default reading and why.

    Choose a reading on any command with --interpret ID=OPTION, or record a rules
    editor's choices in a file for --decisions FILE.
    """
    spec = registry.get_game(game)
    amb = spec.ambiguities
    entries = [amb.get(i) for i in only] if only else list(amb)
    book = spec.promises() if spec.promises is not None else None
    scores: dict[str, tuple[float, float]] = {}
    if AmbiguitySort(sort) == AmbiguitySort.IMPACT:
        scores, note = report_scores(game)
        click.echo(note, err=True)
        entries = sorted(entries, key=lambda a: impact_key(scores, a.id))
    english = for_game(spec)  # Polish rulebooks: each quote's English rendering beside it
    if as_json:
        out = [a.to_json() for a in entries]
        for a, row in zip(entries, out):
            row["quotes"] = with_english(row["quotes"], english)
            for o in row["options"]:
                o["promise"] = promise_json(book, a.id, o["id"])
            if a.id in scores:
                row["report_score"] = scores[a.id][0]
        emit_json({"game": game, "sort": sort if scores else "registry", "ambiguities": out})
        return
    for n, a in enumerate(entries):
        if n:
            click.echo("")
        score = f"  (report ranking effect {scores[a.id][0]:g})" if a.id in scores else ""
        click.echo(f"{a.id}  [{a.category}]  {a.title}{score}")
        for q in a.quotes:
            _echo_wrapped(f'  quote ({q.section}): "{q.text}"')
            en = english.quote(q.text) if english is not None else ""
            if en:
                _echo_wrapped(f'    in English: "{en}"')
        for o in a.options:
            mark = "*" if o.id == a.default else " "
            _echo_wrapped(f"  {mark} {o.id}: {o.summary}")
            p = promise_json(book, a.id, o.id)
            if p is not None:
                said = p["says"] if p["checked"] else f"none ({p['why']})"
                _echo_wrapped(f"      promise: {said}")
        _echo_wrapped(f"  default: {a.default} - {a.why}")
    noun = "ambiguity" if len(entries) == 1 else "ambiguities"
    click.echo(
        f"\n{len(entries)} {noun} (* = default); choose with --interpret ID=OPTION "
        "on any command, or record decided readings for --decisions FILE"
    )


def report_scores(game: str, folder: str = "reports") -> tuple[dict[str, tuple[float, float]], str]:
    """Each entry's ranking figures (``score``, ``score_any``) in the committed report
    ``folder/GAME.json``, and a line saying where they come from (or that there is none)."""
    path = os.path.join(folder, f"{game}.json")
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        rows = {e["id"]: (float(e["score"]), float(e["score_any"])) for e in data["entries"]}
    except FileNotFoundError:
        return {}, f"no {path} here: listed in registry order (write it with hhh-verify report)"
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise ModelError(f"--sort impact: {path} is not a report ({e})") from None
    return rows, f"sorted by the ranking effect in {path} (largest first; unranked last)"


def impact_key(scores: dict[str, tuple[float, float]], ambiguity_id: str) -> tuple[float, float]:
    """The report's order: ranking effect, then effect under any player, largest first;
    an entry the report does not hold goes last (the sort is stable)."""
    score, any_player = scores.get(ambiguity_id, (-1.0, -1.0))
    return (-score, -any_player)


def promise_json(book: PromiseBook | None, ambiguity: str, option: str) -> dict[str, Any] | None:
    """What an option promises (``checked``: an executable check), why it has no
    check, or ``None`` when the game has not yet said either."""
    found = book.of(ambiguity, option) if book is not None else None
    if isinstance(found, Promise):
        return {"checked": True, "says": found.says}
    if isinstance(found, NoPromise):
        return {"checked": False, "why": found.why}
    return None


def _echo_wrapped(line: str, width: int = 100) -> None:
    """One entry line, wrapped with a hanging indent so long quotes stay readable."""
    click.echo(textwrap.fill(line, width=width, subsequent_indent="      "))
