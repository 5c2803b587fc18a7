"""`hhh-verify ambiguities`: every unclear rule of a game, with evidence and readings."""

from __future__ import annotations

import textwrap
from typing import Any

import click

from .. import registry
from ..promises import NoPromise, Promise, PromiseBook
from .common import command_errors, emit_json, game_option, json_option


@click.command("ambiguities")
@game_option
@click.option("--id", "only", multiple=True, metavar="ID", help="Show only these ids.")
@json_option
@command_errors
def ambiguities_command(game: str, only: tuple[str, ...], as_json: bool) -> None:
    """List the game's ambiguities: quotes, options, the default reading and why.

    Choose a reading on any command with --interpret ID=OPTION.
    """
    spec = registry.get_game(game)
    amb = spec.ambiguities
    entries = [amb.get(i) for i in only] if only else list(amb)
    book = spec.promises() if spec.promises is not None else None
    if as_json:
        out = [a.to_json() for a in entries]
        for a, row in zip(entries, out):
            for o in row["options"]:
                o["promise"] = promise_json(book, a.id, o["id"])
        emit_json({"game": game, "ambiguities": out})
        return
    for n, a in enumerate(entries):
        if n:
            click.echo("")
        click.echo(f"{a.id}  [{a.category}]  {a.title}")
        for q in a.quotes:
            _echo_wrapped(f'  quote ({q.section}): "{q.text}"')
        for o in a.options:
            mark = "*" if o.id == a.default else " "
            _echo_wrapped(f"  {mark} {o.id}: {o.summary}")
            p = promise_json(book, a.id, o.id)
            if p is not None:
                said = p["says"] if p["checked"] else f"none ({p['why']})"
                _echo_wrapped(f"      promise: {said}")
        _echo_wrapped(f"  default: {a.default} - {a.why}")
    noun = "ambiguity" if len(entries) == 1 else "ambiguities"
    click.echo(f"\n{len(entries)} {noun} (* = default); choose with --interpret ID=OPTION")


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
