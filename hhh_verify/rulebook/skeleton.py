"""Write the first draft of a game's rule map: one entry per rulebook sentence, named by
number and hash (``S(12, "3fa9c1")``), prefilled where the registry already speaks (a
sentence holding an ambiguity's quote is a ``reading``, one holding the deciding quote of
a ``settled`` entry of the game's present map is ``settled``, a short line without a full
stop is a heading), every other sentence an ``unmapped(...)`` call that fails at import
until someone decides its status. A comment above each entry gives the sentence's line
and opening words. For a new game, or a new edition of a rulebook:

    python -m hhh_verify.rulebook.skeleton GAME > draft.py
"""

from __future__ import annotations

import sys

from hhh_verify.contract.registry import get_game
from hhh_verify.contract.spec import GameSpec
from hhh_verify.rulebook.rule_map import (
    HEADING,
    Entry,
    RuleMap,
    RuleStatus,
    Sentence,
    normalise,
    split_sentences,
)
from hhh_verify.rulebook.texts import rulebook_text

#: Opening characters of a sentence shown in the comment above its entry.
_SHOWN = 60


def _settled_entries(spec: GameSpec) -> list[Entry]:
    """The settled entries of the game's present map that quote their deciding sentence."""
    if spec.rule_map is None:
        return []
    rule_map: RuleMap = spec.rule_map()
    return [e for e in rule_map.entries if e.status is RuleStatus.SETTLED and e.quote]


def _line(sentence: Sentence, spec: GameSpec, settled_entries: list[Entry]) -> str:
    text = normalise(sentence.text)
    at = f"S({sentence.number}, {sentence.digest!r})"
    ids = [a.id for a in spec.ambiguities for q in a.quotes if normalise(q.text) in text]
    if ids:
        names = ", ".join(repr(i) for i in dict.fromkeys(ids))
        return f"    reading({at}, {names}),"
    for e in settled_entries:
        if normalise(e.quote) in text:
            where = "".join(f", {w!r}" for w in e.where)
            return f"    settled({at}, {e.note!r}{where}, quote={e.quote!r}),"
    if len(text) < 60 and not text.endswith((".", ":", "!", "?")) and not text.startswith("|"):
        return f"    no_rule({at}, {HEADING!r}),"
    return f"    unmapped({at}),"


def skeleton(game: str) -> str:
    """The draft map of ``game`` as Python source."""
    spec = get_game(game)
    sentences = split_sentences(rulebook_text(spec.rulebook, spec.rulebook_package))
    settled_entries = _settled_entries(spec)
    lines = [f'"""Sentence-level rule map of {spec.title} (draft)."""', "", "ENTRIES = ("]
    for s in sentences:
        shown = normalise(s.text)
        shown = shown if len(shown) <= _SHOWN else shown[:_SHOWN] + "..."
        lines.append(f"    # line {s.line}: {shown}\n" + _line(s, spec, settled_entries))
    lines.append(")")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m hhh_verify.rulebook.skeleton GAME")
    sys.stdout.write(skeleton(sys.argv[1]))
