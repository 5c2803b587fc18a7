"""Write the first draft of a game's rule map: one entry per rulebook sentence, prefilled
where the registry already speaks (a sentence holding an ambiguity's quote is a
``reading``, one holding a settled quote is ``settled``, a short line without a full stop
is a heading), every other sentence an ``unmapped(...)`` call that fails at import until
someone decides its status. For a new game, or a new edition of a rulebook:

    python -m hhh_verify.rulebook.skeleton GAME > draft.py
"""

from __future__ import annotations

import sys
from importlib import import_module
from typing import Any

from hhh_verify.contract.registry import get_game
from hhh_verify.contract.spec import GameSpec
from hhh_verify.rulebook.rule_map import Sentence, normalise, split_sentences
from hhh_verify.rulebook.texts import rulebook_text


def _settled_quotes(spec: GameSpec) -> list[Any]:
    """The game's ``rule_index.SETTLED`` rows, where it has them (quote, reading, where)."""
    try:
        index = import_module(
            spec.make_model.__module__.rpartition(".rules.")[0] + ".book.rule_index"
        )
    except ImportError:
        return []
    return list(getattr(index, "SETTLED", ()))


def _line(sentence: Sentence, spec: GameSpec, settled_rows: list[Any]) -> str:
    text = normalise(sentence.text)
    ids = [a.id for a in spec.ambiguities for q in a.quotes if normalise(q.text) in text]
    if ids:
        names = ", ".join(repr(i) for i in dict.fromkeys(ids))
        return f"    reading({text!r}, {names}),"
    for row in settled_rows:
        if normalise(row.quote) in text:
            where = ", ".join(repr(w) for w in row.where.split())
            return f"    settled({text!r}, {row.reading!r}, {where}),"
    if len(text) < 60 and not text.endswith((".", ":", "!", "?")) and not text.startswith("|"):
        return f"    no_rule({text!r}, 'heading'),"
    return f"    unmapped({text!r}),"


def skeleton(game: str) -> str:
    """The draft map of ``game`` as Python source."""
    spec = get_game(game)
    sentences = split_sentences(rulebook_text(spec.rulebook, spec.rulebook_package))
    settled_rows = _settled_quotes(spec)
    lines = [f'"""Sentence-level rule map of {spec.title} (draft)."""', "", "ENTRIES = ("]
    lines += [f"    # line {s.line}\n" + _line(s, spec, settled_rows) for s in sentences]
    lines.append(")")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m hhh_verify.rulebook.skeleton GAME")
    sys.stdout.write(skeleton(sys.argv[1]))
