"""`hhh-verify ambiguities`: every unclear rule of a game, with evidence and readings."""

from __future__ import annotations

import textwrap

import click

from .. import registry
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
    amb = registry.get_game(game).ambiguities
    entries = [amb.get(i) for i in only] if only else list(amb)
    if as_json:
        emit_json({"game": game, "ambiguities": [a.to_json() for a in entries]})
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
        _echo_wrapped(f"  default: {a.default} - {a.why}")
    noun = "ambiguity" if len(entries) == 1 else "ambiguities"
    click.echo(f"\n{len(entries)} {noun} (* = default); choose with --interpret ID=OPTION")


def _echo_wrapped(line: str, width: int = 100) -> None:
    """One entry line, wrapped with a hanging indent so long quotes stay readable."""
    click.echo(textwrap.fill(line, width=width, subsequent_indent="      "))
