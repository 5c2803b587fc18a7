"""`hhh-verify rules`: the rule index — which rulebook sections are modelled, how."""

from __future__ import annotations

import click

from ..registry import get_game
from .common import command_errors, emit_json, game_option, json_option

STATUSES = ("modelled", "ambiguity", "parameterised", "left-out")


@click.command("rules")
@game_option
@json_option
@command_errors
def rules_command(game: str, as_json: bool) -> None:
    """List the rulebook sections: modelled, read through an ambiguity, parameterised or left out."""
    spec = get_game(game)
    rows = [
        {"section": sec, "status": status, "where": where.split(), "note": note}
        for sec, status, where, note in spec.rule_index
    ]
    if as_json:
        emit_json({"game": spec.id, "rules": rows})
        return
    counts = {s: sum(r["status"] == s for r in rows) for s in STATUSES}
    click.echo(
        f"{spec.title}: {len(rows)} rulebook sections — "
        + ", ".join(f"{n} {s}" for s, n in counts.items())
    )
    for r in rows:
        where = " ".join(r["where"])
        note = f" — {r['note']}" if r["note"] else ""
        click.echo(f"  [{r['status']:<13}] {r['section']}: {where or '-'}{note}")
