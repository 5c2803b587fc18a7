"""The English beside a quote from a rulebook written in another language (Dice
Hospital's Polish aid).

A report quotes the source verbatim; a reader without Polish needs the English beside
it. The English comes from the game's rule map, whose entries pair every sentence (or
clause) with its ``en`` rendering, never from a translation made here: a quote gets the
renderings of the entries it falls in, a section heading the rendering of its heading
entry. A game whose rulebook is English (no ``rendering`` in its map) gets none.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hhh_verify.contract.spec import RULES_PACKAGE, GameSpec
from hhh_verify.rulebook.rule_map import RuleMap, RuleStatus, align, normalise, split_sentences
from hhh_verify.rulebook.texts import rulebook_text


@dataclass(frozen=True)
class English:
    """The rule map's English, looked up by Polish text."""

    #: the entries' texts (whitespace-folded) joined by one space: quotes are found here
    book: str
    #: ``(start, end, en)`` of every entry in ``book``
    spans: tuple[tuple[int, int, str], ...]
    #: heading text (trailing colon dropped) -> its English
    headings: dict[str, str]

    def quote(self, text: str) -> str:
        """The English of every entry the quote ``text`` touches, joined ("" when the
        quote is not in the book or no entry it touches has a rendering)."""
        q = normalise(text)
        at = self.book.find(q) if q else -1
        if at < 0:
            return ""
        end = at + len(q)
        found = [en for start, stop, en in self.spans if start < end and at < stop and en]
        return " ".join(dict.fromkeys(found))

    def section(self, name: str) -> str:
        """The English of a section heading ("" when the map has no such heading)."""
        return self.headings.get(_heading(name), "")


def _heading(text: str) -> str:
    return normalise(text).rstrip(":").strip()


def from_map(rule_map: RuleMap, package: str = RULES_PACKAGE) -> English | None:
    """The lookup for ``rule_map`` (its rulebook a file of ``package``), or ``None`` when
    its rulebook is English."""
    if not rule_map.rendering:
        return None
    book_text = rulebook_text(rule_map.rulebook, package)
    clauses = [k for p in align(rule_map.entries, split_sentences(book_text)) for k in p.clauses]
    spans, pos = [], 0
    for k in clauses:
        spans.append((pos, pos + len(k.text), k.entry.en))
        pos += len(k.text) + 1
    book = " ".join(k.text for k in clauses)
    headings = {
        _heading(k.text): k.entry.en
        for k in clauses
        if k.entry.status is RuleStatus.NO_RULE and k.entry.en
    }
    return English(book, tuple(spans), headings)


def for_game(spec: GameSpec) -> English | None:
    """The lookup for ``spec``'s game (``None``: no rule map, or an English rulebook)."""
    return None if spec.rule_map is None else from_map(spec.rule_map(), spec.rulebook_package)


def with_english(quotes: list[dict[str, Any]], english: English | None) -> list[dict[str, Any]]:
    """``quotes`` (``{"section", "text"}``) with ``en`` and ``section_en`` added where
    the rule map has them; unchanged for an English rulebook."""
    if english is None:
        return quotes
    out = []
    for q in quotes:
        extra = {"en": english.quote(q["text"]), "section_en": english.section(q["section"])}
        out.append(q | {k: v for k, v in extra.items() if v})
    return out


def section_label(english: English | None) -> Callable[[str], str]:
    """A function naming a section as ``Polish (English)`` where the map translates its
    heading (the part before a colon or a bracket, as rule-index sections write it)."""

    def label(section: str) -> str:
        if english is None:
            return section
        head, colon, rest = section.partition(":")
        name, paren, inner = head.partition(" (")
        en = english.section(name)
        return f"{name} ({en}){paren}{inner}{colon}{rest}" if en else section

    return label
