"""`hhh-verify rules`: the rule index by section, or (``--sentences``) every sentence of
the rulebook with its one status from the game's rule map."""

from __future__ import annotations

from typing import Any

import click

from hhh_verify.cli.common import command_errors, emit_json, game_option, json_option
from hhh_verify.contract.registry import get_game
from hhh_verify.contract.spec import GameSpec
from hhh_verify.rulebook.check import placed
from hhh_verify.rulebook.rule_map import RuleStatus, coverage
from hhh_verify.rulebook.sections import section_index

#: The section index's statuses, in the order its summary counts them (a settled question
#: counts as modelled: :attr:`RuleStatus.section_word`).
SECTION_STATUSES = (
    RuleStatus.MODELLED,
    RuleStatus.READING,
    RuleStatus.PARAMETER,
    RuleStatus.LEFT_OUT,
)


@click.command("rules")
@game_option
@click.option(
    "--sentences",
    is_flag=True,
    help="Every sentence of the rulebook with its status (the sentence-level rule map).",
)
@json_option
@command_errors
def rules_command(game: str, sentences: bool, as_json: bool) -> None:
    """List the rulebook sections (modelled, read through an ambiguity, parameterised or
    left out), or with --sentences every sentence with its status and coverage counts."""
    spec = get_game(game)
    if sentences:
        _sentences(spec, as_json)
    else:
        _sections(spec, as_json)


def _sections(spec: GameSpec, as_json: bool) -> None:
    rows = [
        {
            "section": r.section,
            "status": r.status.section_word,
            "where": list(r.where),
            "note": r.note,
        }
        for r in section_index(spec)
    ]
    if as_json:
        emit_json({"game": spec.id, "rules": rows})
        return
    words = [s.section_word for s in SECTION_STATUSES]
    counts = {w: sum(r["status"] == w for r in rows) for w in words}
    click.echo(
        f"{spec.title}: {len(rows)} rulebook sections — "
        + ", ".join(f"{n} {s}" for s, n in counts.items())
    )
    for r in rows:
        where = " ".join(r["where"])
        note = f" — {r['note']}" if r["note"] else ""
        click.echo(f"  [{r['status']:<13}] {r['section']}: {where or '-'}{note}")


def _sentences(spec: GameSpec, as_json: bool) -> None:
    rows = placed(spec)
    counts = coverage(rows)
    out: list[dict[str, Any]] = [
        {
            "sentence": p.sentence.number,
            "line": p.sentence.line,
            "clause": n if len(p.clauses) > 1 else None,
            "text": k.text,
            "status": k.entry.status.value,
            "where": list(k.entry.where),
            "note": k.entry.note,
            "quote": k.entry.quote or None,
            "en": k.entry.en or None,
        }
        for p in rows
        for n, k in enumerate(p.clauses, 1)
    ]
    if as_json:
        by_word = {s.value: n for s, n in counts.items()}
        emit_json({"game": spec.id, "sentences": len(rows), "coverage": by_word, "entries": out})
        return
    click.echo(
        f"{spec.title}: {len(rows)} sentences, {len(out)} entries — "
        + ", ".join(f"{n} {s.value}" for s, n in counts.items())
    )
    for r in out:
        ref = f"{r['sentence']}" + (f".{r['clause']}" if r["clause"] else "")
        detail = " ".join(r["where"]) or r["note"]
        click.echo(f"  {ref:>6} [{r['status']:<9}] {r['text']}")
        if detail and r["note"] != "heading":
            click.echo(f"         -> {detail}")
