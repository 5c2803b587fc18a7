"""`hhh-verify rules`: the rule index by section, (``--sentences``) every sentence of
the rulebook with its one status from the game's rule map, or (``--questions``) the
readers' questions and where each landed."""

from __future__ import annotations

from typing import Any

import click

from hhh_verify.cli.common import command_errors, emit_json, game_option, json_option
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.questions import (
    FORMAT,
    ConfirmVerdict,
    QuestionRow,
    counts,
    questions_of,
    row_json,
)
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
@click.option(
    "--questions",
    is_flag=True,
    help="The readers' questions: ids, verdicts, where each landed, confirmers.",
)
@json_option
@command_errors
def rules_command(game: str, sentences: bool, questions: bool, as_json: bool) -> None:
    """List the rulebook sections (modelled, read through an ambiguity, parameterised or
    left out), with --sentences every sentence with its status and coverage counts, or
    with --questions every reader question row and where it landed."""
    spec = get_game(game)
    if sentences and questions:
        raise ModelError("--sentences and --questions are two listings: choose one")
    if questions:
        _questions(spec, as_json)
    elif sentences:
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


def _questions(spec: GameSpec, as_json: bool) -> None:
    book = questions_of(spec)
    summary = counts(book)
    if as_json:
        rows = [row_json(r) for r in book]
        emit_json({"format": FORMAT, "game": spec.id, "counts": summary, "rows": rows})
        return
    landing = ", ".join(f"{n} {w}" for w, n in summary["landing"].items() if n)
    click.echo(
        f"{spec.title}: {summary['rows']} question rows, {summary['questions']} reader "
        f"questions — {landing or 'none'}"
    )
    for row in book:
        for line in _row_lines(row):
            click.echo(line)


def _row_lines(row: QuestionRow) -> list[str]:
    verdicts = ", ".join(f"{q} {v.value}" for q, v in row.verdicts.items()) or "review"
    landed = row.landing.value + (f" (was {row.was.value})" if row.was else "")
    refs = " ".join((*row.entries, *row.parameters))
    lines = [f"  {row.row} [{landed}] {row.text}", f"      readers: {verdicts}"]
    if refs:
        lines.append(f"      -> {refs}")
    if row.sentences or row.quote:
        numbers = ", ".join(str(n) for n in row.sentences) or "-"
        quotes = " / ".join(f'"{q}"' for q in row.quote) or "(no quote)"
        lines.append(f"      sentence {numbers}: {quotes}")
    for c in row.confirmers:
        said = (
            f"DECIDES {c.decided!r} ({'agrees' if c.agrees else 'disagrees'})"
            if c.verdict is ConfirmVerdict.DECIDES
            else "OPEN: " + " | ".join(c.readings)
        )
        lines.append(f"      confirmer {c.item}: {said}")
    if row.readings and not row.confirmers:
        lines.append("      readings: " + " | ".join(row.readings))
    return lines
