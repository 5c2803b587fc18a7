"""The readers' questions of a game as data: ``models/<game>/book/questions.json``.

Independent readers who never saw the code listed every question a programmer must
answer from the rulebook; each gave a verdict per question (ANSWERED: the book answers
it; OPEN: the words allow two readings; MISSING: a number or text the book does not
print). Questions that ask the same thing are one row, and each row says where it
landed in the model (:class:`Landing`). A row that a reader marked OPEN or MISSING and
the team calls settled (or modelled as stated) was sent to a blind confirmer: it stays
settled only when the confirmer said DECIDES on the team's answer; otherwise it is
``pending``, carrying the confirmer's readings (see :func:`unconfirmed`).

A game exposes its file through :attr:`GameSpec.questions` (a :class:`QuestionsFile`);
a game without one lists none. Parsing is strict: an unknown key, a wrong type or an
unknown word is one :class:`ModelError` line naming the row.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import Enum
from importlib import resources
from typing import Any

from hhh_verify.contract.errors import ModelError

#: The file format this module reads and ``rules --questions --json`` states.
FORMAT = 1
#: Limits on what one file may hold.
MAX_ROWS = 2000
MAX_IDS_PER_ROW = 40
MAX_TEXT = 4000
#: The file name a game's book package ships.
FILE_NAME = "questions.json"


class Verdict(str, Enum):
    """A reader's verdict on one question."""

    ANSWERED = "ANSWERED"
    OPEN = "OPEN"
    MISSING = "MISSING"

    @property
    def unanswered(self) -> bool:
        """OPEN or MISSING: the reader did not find the answer in the book."""
        return self is not Verdict.ANSWERED


class Landing(str, Enum):
    """Where a question landed in the model."""

    READING = "reading"  # an ambiguity entry
    PARAMETER = "parameter"  # a config parameter (numbers or texts not printed)
    SETTLED = "settled"  # settled by the book: a settled rule-map line and its quote
    MODELLED = "modelled"  # answered by the book and modelled as stated
    NOT_A_QUESTION = "not-a-question"  # asks nothing of the model's rules
    PENDING = "pending"  # the book's answer is not confirmed: an entry to be made

    @property
    def book_answers(self) -> bool:
        """The team says the book answers it (settled or modelled)."""
        return self in (Landing.SETTLED, Landing.MODELLED)


class ConfirmVerdict(str, Enum):
    """A blind confirmer's verdict on one item."""

    DECIDES = "DECIDES"
    OPEN = "OPEN"


@dataclass(frozen=True)
class Confirmation:
    """One blind confirmer's item on a row: DECIDES (the alternative it decides, and
    whether that agrees with the team's answer) or OPEN (the readings it found)."""

    item: str
    verdict: ConfirmVerdict
    decided: str = ""
    agrees: bool = False
    readings: tuple[str, ...] = ()

    @property
    def confirms(self) -> bool:
        return self.verdict is ConfirmVerdict.DECIDES and self.agrees


@dataclass(frozen=True)
class QuestionRow:
    """One reconciled question: the readers' ids and verdicts, where it landed, and for
    a book answer the rule-map sentence numbers and the deciding quote (verbatim)."""

    row: str
    questions: tuple[str, ...]
    text: str
    verdicts: Mapping[str, Verdict]
    landing: Landing
    note: str
    also: Mapping[str, str]
    was: Landing | None = None
    entries: tuple[str, ...] = ()
    parameters: tuple[str, ...] = ()
    sentences: tuple[int, ...] = ()
    quote: tuple[str, ...] = ()
    confirmers: tuple[Confirmation, ...] = ()
    readings: tuple[str, ...] = ()

    @property
    def unanswered(self) -> bool:
        """A reader marked one of its questions OPEN or MISSING."""
        return any(v.unanswered for v in self.verdicts.values())


@dataclass(frozen=True)
class QuestionBook:
    """A game's rows: in the order of the docs they were converted from, rows added later
    (a new reader's new questions) after them."""

    game: str
    rows: tuple[QuestionRow, ...]

    def __iter__(self) -> Iterator[QuestionRow]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)


def unconfirmed(row: QuestionRow) -> str | None:
    """Why ``row`` breaks the confirmer rule, or ``None``: a row lands as a book answer
    only when every confirmer item on it DECIDES the team's answer, and an OPEN/MISSING
    row only when a confirmer saw it (a row the review raised has no reader verdicts,
    and its confirmer decides it the same way)."""
    if not row.landing.book_answers:
        return None
    if row.unanswered and not row.confirmers:
        return f"{row.row}: a reader marked it OPEN/MISSING and no confirmer saw it"
    for c in row.confirmers:
        if not c.confirms:
            word = "OPEN" if c.verdict is ConfirmVerdict.OPEN else "DECIDES another answer"
            return f"{row.row}: confirmer {c.item} says {word}"
    return None


ROW_KEYS = {
    "row",
    "questions",
    "text",
    "also",
    "verdicts",
    "landing",
    "was",
    "entries",
    "parameters",
    "sentences",
    "quote",
    "confirmers",
    "readings",
    "note",
}
CONFIRM_KEYS = {"item", "verdict", "decided", "agrees", "readings"}


def _enum(kind: type[Enum], value: Any, where: str) -> Any:
    try:
        return kind(value)
    except ValueError:
        words = ", ".join(str(m.value) for m in kind)
        raise ModelError(f"{where}: {value!r} is not one of {words}") from None


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise ModelError(f"{where}: expected a text of at most {MAX_TEXT} characters")
    return value


def _texts(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > MAX_IDS_PER_ROW:
        raise ModelError(f"{where}: expected a list of at most {MAX_IDS_PER_ROW} texts")
    return tuple(_text(v, where) for v in value)


def _keys(raw: Any, allowed: set[str], required: set[str], where: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise ModelError(f"{where}: expected an object")
    unknown = sorted(set(raw) - allowed)
    if unknown:
        raise ModelError(f"{where}: unknown key {unknown[0]!r}")
    missing = sorted(required - set(raw))
    if missing:
        raise ModelError(f"{where}: missing key {missing[0]!r}")
    return raw


def _confirmation(raw: Any, where: str) -> Confirmation:
    c = _keys(raw, CONFIRM_KEYS, {"item", "verdict"}, where)
    verdict = _enum(ConfirmVerdict, c["verdict"], f"{where} verdict")
    agrees = c.get("agrees", False)
    if not isinstance(agrees, bool):
        raise ModelError(f"{where}: agrees must be true or false")
    decides = verdict is ConfirmVerdict.DECIDES
    if decides != ("decided" in c) or decides != ("agrees" in c):
        raise ModelError(f"{where}: 'decided' and 'agrees' go with DECIDES and only with it")
    if not decides and len(c.get("readings", [])) < 2:
        raise ModelError(f"{where}: an OPEN verdict lists at least 2 readings")
    return Confirmation(
        item=_text(c["item"], where),
        verdict=verdict,
        decided=_text(c.get("decided", ""), where),
        agrees=agrees,
        readings=_texts(c.get("readings", []), where),
    )


def _verdicts(raw: Any, questions: tuple[str, ...], where: str) -> dict[str, Verdict]:
    if not isinstance(raw, dict) or list(raw) != list(questions):
        raise ModelError(f"{where}: verdicts must name exactly the row's questions, in order")
    return {q: _enum(Verdict, v, f"{where} verdict of {q}") for q, v in raw.items()}


def _sentences(raw: Any, where: str) -> tuple[int, ...]:
    if not isinstance(raw, list) or len(raw) > MAX_IDS_PER_ROW:
        raise ModelError(f"{where}: sentences must be a list of at most {MAX_IDS_PER_ROW}")
    if not all(isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in raw):
        raise ModelError(f"{where}: sentences are positive numbers")
    return tuple(raw)


def parse_row(raw: Any, index: int) -> QuestionRow:
    """One row from its JSON object (``ModelError`` naming the row when malformed)."""
    name = raw.get("row", f"#{index}") if isinstance(raw, dict) else f"#{index}"
    where = f"row {name}"
    r = _keys(raw, ROW_KEYS, {"row", "questions", "text", "verdicts", "landing", "note"}, where)
    questions = _texts(r["questions"], f"{where} questions")
    landing = _enum(Landing, r["landing"], f"{where} landing")
    was = _enum(Landing, r["was"], f"{where} was") if "was" in r else None
    if was is not None and landing is not Landing.PENDING:
        raise ModelError(f"{where}: 'was' is only for a pending row")
    also = r.get("also", {})
    if not isinstance(also, dict) or not set(also) <= set(questions):
        raise ModelError(f"{where}: 'also' maps some of the row's questions to their wording")
    confirmers = r.get("confirmers", [])
    if not isinstance(confirmers, list) or len(confirmers) > MAX_IDS_PER_ROW:
        raise ModelError(f"{where}: confirmers must be a list of at most {MAX_IDS_PER_ROW}")
    row = QuestionRow(
        row=_text(r["row"], where),
        questions=questions,
        text=_text(r["text"], where),
        verdicts=_verdicts(r["verdicts"], questions, where),
        landing=landing,
        note=_text(r["note"], where),
        also={q: _text(t, where) for q, t in also.items()},
        was=was,
        entries=_texts(r.get("entries", []), f"{where} entries"),
        parameters=_texts(r.get("parameters", []), f"{where} parameters"),
        sentences=_sentences(r.get("sentences", []), where),
        quote=_texts(r.get("quote", []), f"{where} quote"),
        confirmers=tuple(_confirmation(c, f"{where} confirmer") for c in confirmers),
        readings=_texts(r.get("readings", []), f"{where} readings"),
    )
    _check_landing(row, where)
    return row


def _check_landing(row: QuestionRow, where: str) -> None:
    if row.landing is Landing.READING and not row.entries:
        raise ModelError(f"{where}: a reading names its ambiguity entries")
    if row.landing is Landing.PARAMETER and not row.parameters:
        raise ModelError(f"{where}: a parameter landing names its config parameters")
    answered = row.landing.book_answers or (row.was is not None and row.was.book_answers)
    if not answered and (row.sentences or row.quote):
        raise ModelError(f"{where}: sentences and quote belong to settled/modelled rows")


def parse(data: Any, source: str = "questions") -> QuestionBook:
    """A :class:`QuestionBook` from the decoded JSON of a questions file."""
    d = _keys(data, {"format", "game", "rows"}, {"format", "game", "rows"}, source)
    if d["format"] != FORMAT:
        raise ModelError(f"{source}: format {d['format']!r}; this version reads {FORMAT}")
    rows = d["rows"]
    if not isinstance(rows, list) or len(rows) > MAX_ROWS:
        raise ModelError(f"{source}: rows must be a list of at most {MAX_ROWS}")
    book = QuestionBook(
        game=_text(d["game"], source),
        rows=tuple(parse_row(r, i) for i, r in enumerate(rows, 1)),
    )
    seen: set[str] = set()
    for row in book:
        if row.row in seen:
            raise ModelError(f"{source}: row {row.row} appears twice")
        seen.add(row.row)
    return book


@dataclass(frozen=True)
class QuestionsFile:
    """``() -> QuestionBook``: the ``questions.json`` a game's ``package`` ships (its
    ``book`` package), read when first asked. A value, so a spec pickles."""

    package: str
    name: str = FILE_NAME

    def __call__(self) -> QuestionBook:
        where = f"{self.package}/{self.name}"
        try:
            text = resources.files(self.package).joinpath(self.name).read_text(encoding="utf-8")
            data = json.loads(text)
        except (OSError, ModuleNotFoundError, json.JSONDecodeError) as e:
            raise ModelError(f"{where}: cannot read the questions: {e}") from None
        return parse(data, where)


def questions_of(spec: Any) -> QuestionBook:
    """The game's questions (an empty book for a game that declares none)."""
    loader = getattr(spec, "questions", None)
    if loader is None:
        return QuestionBook(game=spec.id, rows=())
    book = loader()
    if not isinstance(book, QuestionBook):
        raise ModelError(f"{spec.id}: its questions loader gave no QuestionBook")
    if book.game != spec.id:
        raise ModelError(f"{spec.id}: its questions file is for game {book.game!r}")
    return book


def reader_of(question: str) -> str:
    """The reader a question id belongs to: the id without its number (``Q-X-001`` ->
    ``Q-X``; a second reader's ids carry their own prefix)."""
    return question.rsplit("-", 1)[0]


def counts(book: QuestionBook) -> dict[str, Any]:
    """The summary a listing and a page print: rows, reader questions, rows by landing,
    verdicts by reader, confirmer items by verdict (and agreements)."""
    readers: dict[str, dict[str, int]] = {}
    for row in book:
        for q, v in row.verdicts.items():
            per = readers.setdefault(reader_of(q), {w.value: 0 for w in Verdict})
            per[v.value] += 1
    items = {c.item: c for row in book for c in row.confirmers}
    decides = [c for c in items.values() if c.verdict is ConfirmVerdict.DECIDES]
    return {
        "rows": len(book),
        "questions": sum(len(r.questions) for r in book),
        "landing": {w.value: sum(r.landing is w for r in book) for w in Landing},
        "readers": readers,
        "confirmer": {
            "items": len(items),
            "decides": len(decides),
            "agrees": sum(c.agrees for c in decides),
            "open": len(items) - len(decides),
        },
    }


def row_json(row: QuestionRow) -> dict[str, Any]:
    """A row as ``rules --questions --json`` prints it (the file's own keys)."""
    out: dict[str, Any] = {
        "row": row.row,
        "questions": list(row.questions),
        "text": row.text,
        "verdicts": {q: v.value for q, v in row.verdicts.items()},
        "landing": row.landing.value,
        "was": row.was.value if row.was else None,
        "entries": list(row.entries),
        "parameters": list(row.parameters),
        "sentences": list(row.sentences),
        "quote": list(row.quote),
        "confirmers": [
            {
                "item": c.item,
                "verdict": c.verdict.value,
                **(
                    {"decided": c.decided, "agrees": c.agrees}
                    if c.verdict is ConfirmVerdict.DECIDES
                    else {"readings": list(c.readings)}
                ),
            }
            for c in row.confirmers
        ],
        "readings": list(row.readings),
        "note": row.note,
    }
    return out
