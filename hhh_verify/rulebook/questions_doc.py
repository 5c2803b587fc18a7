"""``docs/<game>-questions.md``: the readers' questions page, generated from the game's
``questions.json`` (:mod:`hhh_verify.contract.questions`).

``python -m hhh_verify.rulebook.questions_doc --write`` writes the page of every
registered game that declares questions; ``--check`` writes nothing and exits 1 when a
page differs from what would be written (``tests/test_questions.py`` runs the check).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.outputs import write_atomic
from hhh_verify.contract.questions import (
    ConfirmVerdict,
    Landing,
    QuestionBook,
    QuestionRow,
    counts,
    questions_of,
)
from hhh_verify.contract.registry import games

#: The repository's docs folder (this module is hhh_verify/rulebook/questions_doc.py).
DOCS = Path(__file__).resolve().parent.parent.parent / "docs"

LANDING_WORDS = {
    Landing.READING: "an ambiguity entry (`hhh-verify ambiguities`)",
    Landing.PARAMETER: "a config parameter (a number or text the book does not print)",
    Landing.SETTLED: "settled by the book: a settled rule-map line and its deciding quote",
    Landing.MODELLED: "answered by the book and modelled as stated",
    Landing.NOT_A_QUESTION: "asks nothing of the model's rules (the note says why)",
    Landing.PENDING: (
        "a book answer not confirmed (a reader said OPEN/MISSING and a blind confirmer "
        "said OPEN, or none saw it), or a new question with no entry yet: an entry to make"
    ),
}


def page_name(game: str) -> str:
    return f"{game}-questions.md"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _summary(book: QuestionBook) -> list[str]:
    c = counts(book)
    lines = [
        "## Counts",
        "",
        f"- rows: {c['rows']}; reader questions: {c['questions']}",
    ]
    for reader, per in c["readers"].items():
        lines.append(f"- reader {reader}: " + ", ".join(f"{n} {w}" for w, n in per.items()))
    lines.append("- landed as: " + ", ".join(f"{n} {w}" for w, n in c["landing"].items()))
    conf = c["confirmer"]
    lines.append(
        f"- blind confirmer items on these rows: {conf['items']} ({conf['decides']} DECIDES, "
        f"{conf['agrees']} of them agreeing with the team; {conf['open']} OPEN)"
    )
    return lines


def _where(row: QuestionRow) -> str:
    parts = []
    if row.entries or row.parameters:
        parts.append(" ".join(f"`{x}`" for x in (*row.entries, *row.parameters)))
    if row.sentences or row.quote:
        numbers = ", ".join(str(n) for n in row.sentences) or "-"
        quotes = " / ".join(f'"{q}"' for q in row.quote) or "(no quote)"
        parts.append(f"sentence {numbers}: {quotes}")
    for c in row.confirmers:
        if c.verdict is ConfirmVerdict.DECIDES:
            agree = "agrees" if c.agrees else "disagrees"
            parts.append(f"confirmer {c.item}: DECIDES ({agree}) {c.decided!r}")
        else:
            parts.append(f"confirmer {c.item}: OPEN ({' / '.join(c.readings)})")
    if row.readings and not row.confirmers:
        parts.append("readings: " + " / ".join(row.readings))
    parts.append(row.note)
    return "; ".join(p for p in parts if p)


def _table(rows: list[QuestionRow]) -> list[str]:
    lines = [
        "| row | questions (verdicts) | question | landed | where |",
        "|---|---|---|---|---|",
    ]
    for r in rows:
        ids = ", ".join(f"{q} {v.value}" for q, v in r.verdicts.items()) or "(review)"
        landed = r.landing.value + (f" (was {r.was.value})" if r.was else "")
        lines.append(f"| {r.row} | {ids} | {_cell(r.text)} | {landed} | {_cell(_where(r))} |")
    return lines


def render(title: str, book: QuestionBook, source: str) -> str:
    """The page's text."""
    lines = [
        f"# {title}: the readers' questions and where they landed",
        "",
        f"Generated from `{source}` by `python -m hhh_verify.rulebook.questions_doc --write`"
        " (do not edit; `tests/test_questions.py` fails when this page differs). The"
        " same rows: `hhh-verify rules --game "
        f"{book.game} --questions [--json]`.",
        "",
        *_summary(book),
        "",
        "Landings:",
        "",
        *(f"- **{w.value}**: {text}" for w, text in LANDING_WORDS.items()),
        "",
        "## Pending",
        "",
    ]
    pending = [r for r in book if r.landing is Landing.PENDING]
    lines += _table(pending) if pending else ["None."]
    lines += ["", "## Every row", "", *_table(list(book))]
    return "\n".join(lines) + "\n"


def _source(loader: Any) -> str:
    """Where the rows come from, as a repository path when the loader names a file in an
    installed package (``hhh_verify.models.x.book`` -> ``models/x/book/questions.json``)."""
    package = getattr(loader, "package", "")
    name = getattr(loader, "name", "")
    if not package:
        return "the game's questions loader"
    parts = package.split(".")
    if parts[0] == "hhh_verify" and len(parts) > 1:
        parts = parts[1:]
    return "/".join((*parts, name))


def pages() -> dict[str, str]:
    """Page name -> text, for every registered game with questions."""
    out: dict[str, str] = {}
    for spec in games().values():
        book = questions_of(spec)
        if len(book):
            out[page_name(spec.id)] = render(spec.title, book, _source(spec.questions))
    return out


def main(argv: list[str]) -> int:
    """``python -m hhh_verify.rulebook.questions_doc (--write | --check) [--docs DIR]``."""
    parser = argparse.ArgumentParser(prog="python -m hhh_verify.rulebook.questions_doc")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true", help="write the pages")
    mode.add_argument("--check", action="store_true", help="exit 1 if a page is not current")
    parser.add_argument("--docs", type=Path, default=DOCS, help="the docs folder")
    args: Any = parser.parse_args(argv)
    try:
        texts = pages()
    except ModelError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    stale = []
    for name, text in texts.items():
        path = args.docs / name
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        stale.append(name)
        if args.write:
            write_atomic(str(path), text)
    verb = "written" if args.write else "not current"
    print(f"{verb}: {', '.join(stale)}" if stale else "all pages current")
    return 1 if stale and args.check else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
