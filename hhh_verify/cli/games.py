"""`hhh-verify games`: the registered games, their configs and ambiguity counts."""

from __future__ import annotations

from typing import Any

import click

from hhh_verify.cli.common import command_errors, emit_json, json_option
from hhh_verify.contract import registry
from hhh_verify.contract.configs import config_to_json
from hhh_verify.engines.simulate import MAX_STRONG_ROLLOUTS, STRONG, STRONG_ROLLOUTS, policies


@click.command("games")
@json_option
@command_errors
def games_command(as_json: bool) -> None:
    """List the registered games with their config presets and ambiguity counts."""
    rows: list[dict[str, Any]] = []
    for spec in registry.games().values():
        rows.append(
            {
                "id": spec.id,
                "title": spec.title,
                "rulebook": spec.rulebook,
                "default_config": spec.default_preset,
                "configs": {name: config_to_json(c) for name, c in spec.presets.items()},
                "config_docs": dict(spec.config_docs),
                "ambiguities": len(spec.ambiguities),
                "provides": list(spec.provides()),
                "policies": [*policies(spec.policies), STRONG],
                "reduced_config": spec.reduced_preset,
            }
        )
    if as_json:
        emit_json({"games": rows})
        return
    for r in rows:
        configs: dict[str, Any] = r["configs"]
        click.echo(f"{r['id']}: {r['title']}")
        click.echo(f"  rulebook:    {r['rulebook']}")
        click.echo(f"  configs:     {', '.join(configs)} (default {r['default_config']})")
        click.echo(
            f"  ambiguities: {r['ambiguities']} (see `hhh-verify ambiguities --game {r['id']}`)"
        )
        click.echo(
            f"  policies:    {', '.join(r['policies'])} (strong:N plays N playouts per "
            f"candidate move, N <= {MAX_STRONG_ROLLOUTS}, {STRONG_ROLLOUTS} by default: "
            "seconds a game)"
        )
        click.echo(f"  provides:    {', '.join(r['provides']) or 'nothing optional'}")
