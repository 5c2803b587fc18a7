"""`hhh-verify games`: the registered games, their configs and ambiguity counts."""

from __future__ import annotations

import click

from ..model import config_to_json
from ..registry import games
from .common import command_errors, emit_json, json_option


@click.command("games")
@json_option
@command_errors
def games_command(as_json: bool) -> None:
    """List the registered games with their config presets and ambiguity counts."""
    rows = []
    for spec in games().values():
        rows.append(
            {
                "id": spec.id,
                "title": spec.title,
                "rulebook": spec.rulebook,
                "default_config": spec.default_preset,
                "configs": {name: config_to_json(c) for name, c in spec.presets.items()},
                "ambiguities": len(spec.ambiguities),
            }
        )
    if as_json:
        emit_json({"games": rows})
        return
    for r in rows:
        click.echo(f"{r['id']}: {r['title']}")
        click.echo(f"  rulebook:    {r['rulebook']}")
        click.echo(f"  configs:     {', '.join(r['configs'])} (default {r['default_config']})")
        click.echo(f"  ambiguities: {r['ambiguities']}")
