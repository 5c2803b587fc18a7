"""The sentence-level rule map: every sentence of a rulebook gets exactly one status.

A section can be "modelled" while three sentences inside it hide a choice; so the map
works by sentence (or by clause, where one sentence states several rules). The rulebook
text is split by :func:`split_sentences`; a game's map lists its entries in book order,
each carrying the verbatim text it covers, and :func:`align` proves that the entries tile
the book exactly: every sentence covered once, no entry spanning two sentences.

Statuses (``STATUSES``):

``modelled``   the functions that implement it (``module.function`` in the game package)
``reading``    the ambiguity ids through which the model reads it
``parameter``  config keys: a number or card text the book does not print (the value used
               comes from the ``full`` preset; the note says where it comes from)
``settled``    the book answers the question: the model's reading and the sentence that
               decides it (quoted verbatim; by default the entry's own text)
``left-out``   not modelled: why, and what the model does instead
``no-rule``    headings, flavour, component lists already covered by facts
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

STATUSES = ("modelled", "reading", "parameter", "settled", "left-out", "no-rule")

#: Words whose trailing period never ends a sentence (English and Polish).
ABBREVIATIONS = frozenset(
    {"e.g", "i.e", "etc", "vs", "dr", "mr", "mrs", "np", "tj", "itd", "itp", "nr", "cf", "ok"}
)
_BULLET = re.compile(r"^\s*(?:[-•*]|\d+[.)])\s+")
_END = re.compile(r"[.!?]+[\"”’')\]]*\s+")
_LAST_WORD = re.compile(r"(\S+?)[.!?]+[\"”’')\]]*\s+$")
_OPENERS = "\"„“'(["


class RuleMapError(ValueError):
    """The map does not tile the rulebook, or names something that does not exist."""


@dataclass(frozen=True)
class Sentence:
    """One sentence of the rulebook: its number (from 1), its line, its verbatim text."""

    number: int
    line: int
    text: str


def normalise(text: str) -> str:
    """Whitespace folded to single spaces: the form in which texts are compared."""
    return " ".join(text.split())


def _ends_sentence(piece: str, rest: str) -> bool:
    """A boundary: the next word starts like a sentence and the last word is no initial
    (``a.`` in ``a. Reveal``) or abbreviation."""
    if not rest or not (rest[0].isupper() or rest[0].isdigit() or rest[0] in _OPENERS):
        return False
    m = _LAST_WORD.search(piece)
    word = m.group(1).lower().lstrip(_OPENERS) if m else ""
    return not (len(word) == 1 and word.isalpha()) and word not in ABBREVIATIONS


def split_sentences(text: str) -> list[Sentence]:
    """The rulebook's sentences in order.

    Each non-empty line is split at sentence ends (``.``, ``!``, ``?`` followed by a
    capital, digit or opening mark); a leading bullet (``-``, ``•``, ``1.``) is dropped and
    a table row (``| ... |``) is one sentence. Deterministic, so a map written against it
    stays valid until the rulebook text itself changes.
    """
    out: list[Sentence] = []
    for line_no, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s:
            continue
        if not s.startswith("|"):
            bullet = _BULLET.match(s)
            s = s[bullet.end() :] if bullet else s
        start = 0
        if not s.startswith("|"):
            for m in _END.finditer(s):
                if _ends_sentence(s[start : m.end()], s[m.end() :]):
                    out.append(Sentence(len(out) + 1, line_no, s[start : m.end()].strip()))
                    start = m.end()
        if s[start:].strip():
            out.append(Sentence(len(out) + 1, line_no, s[start:].strip()))
    return out


@dataclass(frozen=True)
class Entry:
    """The status of one sentence or clause (``text``: verbatim, whitespace-folded)."""

    text: str
    status: str
    #: functions (modelled), ambiguity ids (reading), config keys (parameter), or the
    #: functions that carry a settled or left-out reading
    where: tuple[str, ...] = ()
    #: the model's reading (settled), why and what instead (left-out), the source of a
    #: parameter's value, or what a no-rule sentence is
    note: str = ""
    #: settled: the deciding sentence, verbatim (default: the entry's own text)
    quote: str = ""
    #: the English rendering of the same sentence, for a rulebook in another language
    en: str = ""

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise RuleMapError(f"unknown status {self.status!r}; accepted: {', '.join(STATUSES)}")

    @property
    def deciding_quote(self) -> str:
        return self.quote or self.text


def modelled(text: str, *functions: str, note: str = "", en: str = "") -> Entry:
    """Implemented by ``functions`` (``module.function`` in the game package)."""
    return Entry(text, "modelled", functions, note, en=en)


def reading(text: str, *ambiguities: str, note: str = "", en: str = "") -> Entry:
    """Read through the named ambiguity entries."""
    return Entry(text, "reading", ambiguities, note, en=en)


def parameter(text: str, *keys: str, note: str, en: str = "") -> Entry:
    """A number or text the book does not print: config ``keys``; ``note`` says whence."""
    return Entry(text, "parameter", keys, note, en=en)


def settled(
    text: str,
    note: str,
    *functions: str,
    quote: str = "",
    en: str = "",
) -> Entry:
    """A question the book answers: ``note`` is the model's reading, ``quote`` the
    deciding sentence (default: this one), ``functions`` where the model does it."""
    return Entry(text, "settled", functions, note, quote, en)


def left_out(text: str, note: str, en: str = "") -> Entry:
    """Not modelled: ``note`` says why and what the model does instead."""
    return Entry(text, "left-out", (), note, en=en)


def no_rule(text: str, note: str = "", en: str = "") -> Entry:
    """A heading, flavour text or a component list already covered by facts."""
    return Entry(text, "no-rule", (), note, en=en)


@dataclass(frozen=True)
class Placed:
    """One sentence with the entries that cover it (one, or several clauses)."""

    sentence: Sentence
    entries: tuple[Entry, ...]


@dataclass(frozen=True)
class RuleMap:
    """A game's rule map: the rulebook file, the game package whose functions the
    entries name, the entries in book order, and (for a rulebook in another language)
    the file of its English rendering."""

    rulebook: str
    package: str
    entries: tuple[Entry, ...] = field(default_factory=tuple)
    rendering: str = ""

    def counts(self) -> dict[str, int]:
        """Entries per status, every status present (zero where none)."""
        c = Counter(e.status for e in self.entries)
        return {s: c.get(s, 0) for s in STATUSES}


def align(entries: Sequence[Entry], sentences: Sequence[Sentence]) -> list[Placed]:
    """Place the entries on the sentences; :class:`RuleMapError` unless they tile the
    book exactly (in order, every sentence covered once, clauses inside one sentence)."""
    placed: list[Placed] = []
    i = 0
    for sentence in sentences:
        target = normalise(sentence.text)
        covered = ""
        group: list[Entry] = []
        while covered != target:
            if i >= len(entries):
                raise RuleMapError(
                    f"sentence {sentence.number} (line {sentence.line}) not covered: {target!r}"
                )
            text = normalise(entries[i].text)
            joined = f"{covered} {text}" if covered else text
            if not target.startswith(joined):
                raise RuleMapError(
                    f"entry {i + 1} {text[:70]!r} does not continue sentence "
                    f"{sentence.number} (line {sentence.line}) {target!r}"
                    + (f" after {covered!r}" if covered else "")
                )
            group.append(entries[i])
            covered = joined
            i += 1
        placed.append(Placed(sentence, tuple(group)))
    if i < len(entries):
        raise RuleMapError(f"entry {i + 1} {entries[i].text[:70]!r} covers no sentence")
    return placed


def coverage(placed: Iterable[Placed]) -> dict[str, int]:
    """Sentences per status (a sentence split into clauses counts once per clause)."""
    c = Counter(e.status for p in placed for e in p.entries)
    return {s: c.get(s, 0) for s in STATUSES}
