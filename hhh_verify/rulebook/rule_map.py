"""The sentence-level rule map: every sentence of a rulebook gets exactly one status.

A section can be "modelled" while three sentences inside it hide a choice; so the map
works by sentence (or by clause, where one sentence states several rules). The rulebook
text is split by :func:`split_sentences`; a game's map lists its entries in book order,
each naming its sentence by number and a short hash of the sentence's text
(:class:`S`, e.g. ``S(12, "3fa9c1")``), not by a copy of the text. :func:`align` proves
that the entries tile the book exactly: every sentence covered once, in order, and every
hash that of the sentence it names, so a change to the book's text fails loudly, naming
the sentence. ``hhh-verify rules --game G --sentences`` prints each sentence's text.

Statuses (:class:`RuleStatus`):

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

import enum
import hashlib
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field


class RuleStatus(enum.Enum):
    """The one status a sentence (or clause) of a rulebook has in the model; the section
    index (``hhh-verify rules``) uses the same statuses, printed as :attr:`section_word`."""

    MODELLED = "modelled"
    READING = "reading"
    PARAMETER = "parameter"
    SETTLED = "settled"
    LEFT_OUT = "left-out"
    NO_RULE = "no-rule"

    @property
    def section_word(self) -> str:
        """How the section index prints the status: a section read through an ambiguity
        is ``ambiguity``, one with parameters ``parameterised``, and a settled question
        ``modelled`` (its note says ``settled:``)."""
        return _SECTION_WORDS.get(self, self.value)


_SECTION_WORDS = {
    RuleStatus.READING: "ambiguity",
    RuleStatus.PARAMETER: "parameterised",
    RuleStatus.SETTLED: "modelled",
}

#: Words whose trailing period never ends a sentence (English and Polish).
ABBREVIATIONS = frozenset(
    {"e.g", "i.e", "etc", "vs", "dr", "mr", "mrs", "np", "tj", "itd", "itp", "nr", "cf", "ok"}
)
_BULLET = re.compile(r"^\s*(?:[-•*]|\d+[.)])\s+")
_END = re.compile(r"[.!?]+[\"”’')\]]*\s+")
_LAST_WORD = re.compile(r"(\S+?)[.!?]+[\"”’')\]]*\s+$")
_OPENERS = "\"„“'(["
#: The note of a ``no-rule`` entry that is a heading (the section index names its
#: settled rows after the heading above them).
HEADING = "heading"
#: Hex digits of a sentence's hash that a map keeps: enough to catch any edit.
DIGEST_LENGTH = 6


class RuleMapError(ValueError):
    """The map does not tile the rulebook, or names something that does not exist."""


@dataclass(frozen=True)
class Sentence:
    """One sentence of the rulebook: its number (from 1), its line, its verbatim text."""

    number: int
    line: int
    text: str

    @property
    def digest(self) -> str:
        return digest(self.text)


def normalise(text: str) -> str:
    """Whitespace folded to single spaces: the form in which texts are compared."""
    return " ".join(text.split())


def digest(text: str) -> str:
    """The short hash of a sentence's normalised text, as a map names it."""
    return hashlib.sha256(normalise(text).encode("utf-8")).hexdigest()[:DIGEST_LENGTH]


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
class S:
    """Where an entry is: sentence ``number`` of the book, whose normalised text hashes
    to ``digest``; for a clause that is not its sentence's last, ``end``: where it ends
    in the normalised sentence (it starts where the previous clause ended)."""

    number: int
    digest: str
    end: int | None = None

    def __str__(self) -> str:
        return f"sentence {self.number}" + (f" (to {self.end})" if self.end is not None else "")


@dataclass(frozen=True)
class Entry:
    """The status of one sentence or clause (``at``: which one)."""

    at: S
    status: RuleStatus
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


def modelled(at: S, *functions: str, note: str = "", en: str = "") -> Entry:
    """Implemented by ``functions`` (``module.function`` in the game package)."""
    return Entry(at, RuleStatus.MODELLED, functions, note, en=en)


def reading(at: S, *ambiguities: str, note: str = "", en: str = "") -> Entry:
    """Read through the named ambiguity entries."""
    return Entry(at, RuleStatus.READING, ambiguities, note, en=en)


def parameter(at: S, *keys: str, note: str, en: str = "") -> Entry:
    """A number or text the book does not print: config ``keys``; ``note`` says whence."""
    return Entry(at, RuleStatus.PARAMETER, keys, note, en=en)


def settled(
    at: S,
    note: str,
    *functions: str,
    quote: str = "",
    en: str = "",
) -> Entry:
    """A question the book answers: ``note`` is the model's reading, ``quote`` the
    deciding sentence (default: this one), ``functions`` where the model does it."""
    return Entry(at, RuleStatus.SETTLED, functions, note, quote, en)


def left_out(at: S, note: str, en: str = "") -> Entry:
    """Not modelled: ``note`` says why and what the model does instead."""
    return Entry(at, RuleStatus.LEFT_OUT, (), note, en=en)


def no_rule(at: S, note: str = "", en: str = "") -> Entry:
    """A heading, flavour text or a component list already covered by facts."""
    return Entry(at, RuleStatus.NO_RULE, (), note, en=en)


@dataclass(frozen=True)
class Clause:
    """One entry placed on the book: the text it covers (whitespace-folded)."""

    entry: Entry
    text: str

    @property
    def deciding_quote(self) -> str:
        """Settled: the sentence that decides it (the entry's quote, else its own text)."""
        return self.entry.quote or self.text


@dataclass(frozen=True)
class Placed:
    """One sentence with the entries that cover it (one, or several clauses)."""

    sentence: Sentence
    clauses: tuple[Clause, ...]


@dataclass(frozen=True)
class RuleMap:
    """A game's rule map: the rulebook file, the game package whose functions the
    entries name, the entries in book order, and (for a rulebook in another language)
    the file of its English rendering."""

    rulebook: str
    package: str
    entries: tuple[Entry, ...] = field(default_factory=tuple)
    rendering: str = ""

    def counts(self) -> dict[RuleStatus, int]:
        """Entries per status, every status present (zero where none)."""
        c = Counter(e.status for e in self.entries)
        return {s: c.get(s, 0) for s in RuleStatus}


def _clauses(entries: Sequence[Entry], first: int, sentence: Sentence) -> list[Clause]:
    """The entries from ``first`` on that cover ``sentence``, as clauses."""
    target = normalise(sentence.text)
    where = f"sentence {sentence.number} (line {sentence.line})"
    out: list[Clause] = []
    start = 0
    for i in range(first, len(entries) + 1):
        at = entries[i].at if i < len(entries) else None
        if at is None or at.number > sentence.number:
            covered = f" after {target[:start]!r}" if start else ""
            raise RuleMapError(f"{where} not covered{covered}: {target!r}")
        if at.number < sentence.number:
            raise RuleMapError(f"entry {i + 1} ({at}) is out of order: expected {where}")
        if at.digest != sentence.digest:
            raise RuleMapError(
                f"{where}: the map's hash {at.digest!r} is not the book's {sentence.digest!r}; "
                f"the text changed: {target!r}"
            )
        end = len(target) if at.end is None else at.end
        if not start < end <= len(target) or (at.end is not None and end == len(target)):
            raise RuleMapError(f"entry {i + 1}: clause ({at}) does not fit {where} {target!r}")
        out.append(Clause(entries[i], target[start:end].strip()))
        if at.end is None:
            return out
        start = end
    raise AssertionError("unreachable")  # pragma: no cover


def align(entries: Sequence[Entry], sentences: Sequence[Sentence]) -> list[Placed]:
    """Place the entries on the sentences; :class:`RuleMapError` unless they tile the
    book exactly (in order, every sentence covered once, every hash its sentence's,
    clauses inside one sentence)."""
    placed: list[Placed] = []
    i = 0
    for sentence in sentences:
        clauses = _clauses(entries, i, sentence)
        placed.append(Placed(sentence, tuple(clauses)))
        i += len(clauses)
    if i < len(entries):
        raise RuleMapError(
            f"entry {i + 1} ({entries[i].at}) covers no sentence (the book has {len(sentences)})"
        )
    return placed


def coverage(placed: Iterable[Placed]) -> dict[RuleStatus, int]:
    """Sentences per status (a sentence split into clauses counts once per clause)."""
    c = Counter(k.entry.status for p in placed for k in p.clauses)
    return {s: c.get(s, 0) for s in RuleStatus}
