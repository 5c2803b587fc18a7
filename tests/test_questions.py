"""The readers' questions as data (``models/<game>/book/questions.json``).

Every entry a row names is in the game's registry and every parameter in its config;
every row a reader marked OPEN or MISSING is a reading, a parameter, a book answer a
blind confirmer DECIDES the team's way, or pending; the pending rows are exactly the
lists below (so the list can only shrink, and adding a row is a visible decision); the
quotes are verbatim; the pages in docs/ are what the generator writes; the counts are
the converted docs' own. Planted: a settled row whose confirmer said OPEN fails.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from test_rule_quotes import sources, verbatim_somewhere

from hhh_verify.cli import main
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.questions import (
    FORMAT,
    Confirmation,
    ConfirmVerdict,
    Landing,
    QuestionBook,
    QuestionRow,
    counts,
    parse,
    questions_of,
    unconfirmed,
)
from hhh_verify.contract.registry import games
from hhh_verify.rulebook import questions_doc
from hhh_verify.rulebook.rule_map import split_sentences
from hhh_verify.rulebook.texts import rulebook_text

GAMES = games()
WITH_QUESTIONS = [g for g, spec in GAMES.items() if spec.questions is not None]

#: The rows whose landing is pending: a book answer a confirmer did not confirm (or none
#: saw), or a new question no entry covers yet. Each becomes an entry (or is confirmed)
#: in later work; remove it here when it does.
PENDING = {
    "hhh": {
        *("HHH-Q008", "HHH-Q011", "HHH-Q018", "HHH-Q020", "HHH-Q035", "HHH-Q036"),
        *("HHH-Q044", "HHH-Q046", "HHH-Q061", "HHH-Q080", "HHH-Q087", "HHH-Q103"),
        *("HHH-Q117", "HHH-Q130", "HHH-Q147", "HHH-Q149", "HHH-Q152", "HHH-Q157"),
        *("HHH-Q162", "HHH-Q205", "HHH-Q212", "HHH-Q219", "HHH-Q220"),
        *("HHH-Q222", "HHH-Q223", "HHH-Q226", "HHH-Q229", "HHH-Q233"),
    },
    "royal-hospital": {
        *("RH-Q006", "RH-Q015", "RH-Q034", "RH-Q046", "RH-Q047", "RH-Q057", "RH-Q062"),
        *("RH-Q063", "RH-Q080", "RH-Q083", "RH-Q088", "RH-Q089", "RH-Q104", "RH-Q129"),
        "RH-V001",
    },
    "dice-hospital": {
        *("DH-Q017", "DH-Q020", "DH-Q022", "DH-Q042", "DH-Q045", "DH-Q048", "DH-Q052"),
        *("DH-Q073", "DH-Q077", "DH-Q099", "DH-Q100"),
    },
}

#: Rows a reader marked OPEN/MISSING that the team lands as not a question for the
#: model (the note says why): listed for the same reason as the pending ones.
NOT_A_QUESTION_UNANSWERED = {
    "hhh": {"HHH-Q051", "HHH-Q071", "HHH-Q115", "HHH-Q197", "HHH-Q200"},
    "royal-hospital": {"RH-Q070", "RH-Q075", "RH-Q134", "RH-Q147"},
    "dice-hospital": {"DH-Q007", "DH-Q014", "DH-Q032"},
}

#: Rows, and verdicts (ANSWERED, OPEN, MISSING) by reader: the converted docs' own
#: counts (MISSING-NUMBER counts as MISSING; Royal Hospital's docs gave 110/138/34 over
#: both readers; a Dice Hospital id asking two things is on two rows) and, for HHH,
#: reader 2's file; then the rows the review of settled rule-map lines raised (the
#: confirmer items that name no reader question: HHH 28, Royal Hospital 1, Dice Hospital 2).
COUNTS = {
    "hhh": (235 + 28, {"Q-HHH": (119, 63, 18), "R2-HHH": (135, 66, 24)}),
    "royal-hospital": (147 + 1, {"Q-RH": (54, 79, 14), "Q-RH2": (56, 59, 20)}),
    "dice-hospital": (104 + 2, {"Q-DH": (34, 36, 21), "Q-DH2": (32, 38, 24)}),
}
QUESTION_IDS = {"hhh": 425, "royal-hospital": 282, "dice-hospital": 182}


def _book(gid: str) -> QuestionBook:
    return questions_of(GAMES[gid])


def unknown_refs(book: QuestionBook, spec: Any) -> list[str]:
    """The entry ids and parameter names the rows name that the game does not have."""
    entries = {a.id for a in spec.ambiguities}
    params = {f.name for f in dataclasses.fields(spec.config_type)}
    bad = [f"{r.row}: entry {e}" for r in book for e in r.entries if e not in entries]
    return bad + [f"{r.row}: parameter {p}" for r in book for p in r.parameters if p not in params]


def landing_problems(book: QuestionBook) -> list[str]:
    """Rows a reader marked OPEN/MISSING that land where the rule does not allow."""
    allowed = {Landing.READING, Landing.PARAMETER, Landing.PENDING, Landing.NOT_A_QUESTION}
    out = []
    for row in book:
        why = unconfirmed(row)
        if why:
            out.append(why)
        elif row.unanswered and row.landing not in allowed and not row.landing.book_answers:
            out.append(f"{row.row}: lands {row.landing.value}")
    return out


def test_built_in_games_declare_questions_and_pig_none() -> None:
    assert {"hhh", "royal-hospital", "dice-hospital"} <= set(WITH_QUESTIONS)
    assert len(questions_of(GAMES["pig"])) == 0


@pytest.mark.parametrize("gid", WITH_QUESTIONS)
def test_entries_and_parameters_exist(gid: str) -> None:
    book = _book(gid)
    assert any(r.entries for r in book) and any(r.parameters for r in book)
    assert unknown_refs(book, GAMES[gid]) == []


def test_unknown_entry_and_parameter_are_found() -> None:
    book = _book("hhh")
    row = next(r for r in book if r.landing is Landing.READING)
    bad = dataclasses.replace(row, entries=("HHH-NO-SUCH",), parameters=("no_such_field",))
    planted = QuestionBook(game="hhh", rows=(bad,))
    assert unknown_refs(planted, GAMES["hhh"]) == [
        f"{row.row}: entry HHH-NO-SUCH",
        f"{row.row}: parameter no_such_field",
    ]


@pytest.mark.parametrize("gid", WITH_QUESTIONS)
def test_open_rows_land_as_the_rule_allows(gid: str) -> None:
    book = _book(gid)
    assert landing_problems(book) == []
    pending = {r.row for r in book if r.landing is Landing.PENDING}
    assert pending == PENDING[gid]
    not_q = {r.row for r in book if r.landing is Landing.NOT_A_QUESTION and r.unanswered}
    assert not_q == NOT_A_QUESTION_UNANSWERED[gid]
    kept = [r for r in book if r.unanswered and r.landing.book_answers]
    assert kept and all(c.confirms for r in kept for c in r.confirmers)


def _settled_with(confirmer: Confirmation) -> QuestionRow:
    row = next(r for r in _book("hhh") if r.unanswered and r.landing.book_answers)
    return dataclasses.replace(row, confirmers=(confirmer,))


def test_planted_settled_row_with_an_open_confirmer_fails() -> None:
    opened = Confirmation("C-X-001", ConfirmVerdict.OPEN, readings=("one", "two"))
    row = _settled_with(opened)
    assert unconfirmed(row) == f"{row.row}: confirmer C-X-001 says OPEN"
    assert landing_problems(QuestionBook("hhh", (row,))) != []
    other = Confirmation("C-X-002", ConfirmVerdict.DECIDES, decided="another", agrees=False)
    assert "DECIDES another answer" in (unconfirmed(_settled_with(other)) or "")
    unsent = dataclasses.replace(row, confirmers=())
    assert "no confirmer saw it" in (unconfirmed(unsent) or "")
    agreeing = Confirmation("C-X-003", ConfirmVerdict.DECIDES, decided="this", agrees=True)
    assert unconfirmed(_settled_with(agreeing)) is None
    pending = dataclasses.replace(row, landing=Landing.PENDING, was=row.landing)
    assert unconfirmed(pending) is None


@pytest.mark.parametrize("gid", WITH_QUESTIONS)
def test_quotes_are_verbatim_and_sentences_exist(gid: str) -> None:
    spec = GAMES[gid]
    texts = sources(spec)
    count = len(split_sentences(rulebook_text(spec.rulebook, spec.rulebook_package)))
    bad = [
        f"{r.row}: {part!r}"
        for r in _book(gid)
        for q in r.quote
        if (part := verbatim_somewhere(q, texts)) is not None
    ]
    assert bad == []
    assert all(0 < n <= count for r in _book(gid) for n in r.sentences)
    assert sum(bool(r.quote) for r in _book(gid)) > 0


def test_a_quote_not_in_the_book_is_found() -> None:
    texts = sources(GAMES["hhh"])
    assert verbatim_somewhere("Return and redraw any black cube.", texts) is None
    assert verbatim_somewhere("Return and redraw any white cube.", texts) is not None


@pytest.mark.parametrize("gid", WITH_QUESTIONS)
def test_counts_are_the_converted_docs(gid: str) -> None:
    book = _book(gid)
    rows, readers = COUNTS[gid]
    assert len(book) == rows
    assert len({q for r in book for q in r.questions}) == QUESTION_IDS[gid]
    assert len({r.row for r in book}) == rows
    per = counts(book)["readers"]
    assert set(per) == set(readers)
    for reader, expected in readers.items():
        got = per[reader]
        assert (got["ANSWERED"], got["OPEN"], got["MISSING"]) == expected


@pytest.mark.parametrize("gid", WITH_QUESTIONS)
def test_pages_are_generated(gid: str) -> None:
    name = questions_doc.page_name(gid)
    path = questions_doc.DOCS / name
    assert path.read_text(encoding="utf-8") == questions_doc.pages()[name], (
        f"{name} differs: python -m hhh_verify.rulebook.questions_doc --write"
    )


def test_check_fails_on_a_changed_page(tmp_path: Path, capsys: Any) -> None:
    assert questions_doc.main(["--write", "--docs", str(tmp_path)]) == 0
    assert questions_doc.main(["--check", "--docs", str(tmp_path)]) == 0
    page = tmp_path / questions_doc.page_name("hhh")
    page.write_text(page.read_text(encoding="utf-8").replace("pending", "settled", 1))
    assert questions_doc.main(["--check", "--docs", str(tmp_path)]) == 1
    assert "hhh-questions.md" in capsys.readouterr().out


def _raw() -> dict[str, Any]:
    path = Path(__file__).resolve().parent.parent / "models/hhh/book/questions.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format=99), "format 99"),
        (lambda d: d["rows"][0].update(landing="maybe"), "'maybe' is not one of"),
        (lambda d: d["rows"][0].update(colour="red"), "unknown key 'colour'"),
        (lambda d: d["rows"][0].pop("note"), "missing key 'note'"),
        (lambda d: d["rows"][0]["verdicts"].update({"Q-HHH-001": "PERHAPS"}), "PERHAPS"),
        (lambda d: d["rows"][1].update(row=d["rows"][0]["row"]), "appears twice"),
        (lambda d: d["rows"][4].update(entries=[]), "names its ambiguity entries"),
    ],
)
def test_bad_files_are_one_line_errors(change: Any, message: str) -> None:
    data = _raw()
    parse(data)  # the real file parses
    change(data)
    with pytest.raises(ModelError) as err:
        parse(data)
    assert message in str(err.value) and "\n" not in str(err.value)


def test_rules_questions_json_and_text() -> None:
    r = CliRunner().invoke(main, ["rules", "--game", "hhh", "--questions", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["format"] == FORMAT and out["game"] == "hhh"
    assert len(out["rows"]) == len(_book("hhh")) == out["counts"]["rows"]
    pending = [row for row in out["rows"] if row["landing"] == "pending"]
    assert {row["row"] for row in pending} == PENDING["hhh"]
    r = CliRunner().invoke(main, ["rules", "--game", "dice-hospital", "--questions"])
    assert r.exit_code == 0 and "DH-Q001 [reading]" in r.output and "confirmer C-DH-" in r.output
    r = CliRunner().invoke(main, ["rules", "--game", "pig", "--questions"])
    assert r.exit_code == 0 and "0 question rows" in r.output
    r = CliRunner().invoke(main, ["rules", "--game", "hhh", "--questions", "--sentences"])
    assert r.exit_code == 2 and r.stderr.strip().startswith("error: ")
    assert len(r.stderr.strip().splitlines()) == 1


def test_the_annotated_rulebook_shows_what_a_blind_reader_said() -> None:
    """Which lines a confirmer settled, and which it found open, under their sentence;
    planted: a row whose confirmer says OPEN is never shown as confirmed."""
    from hhh_verify.reporting.rulebook_page import confirmer_note, render_rulebook_page

    page = render_rulebook_page(GAMES["hhh"])
    book = _book("hhh")
    open_row = next(
        r for r in book if r.sentences and r.landing is Landing.PENDING and r.confirmers
    )
    agreed = next(r for r in book if r.sentences and r.confirmers and r.confirmers[0].confirms)
    assert "confirmed by a blind reader" in confirmer_note(agreed)
    assert confirmer_note(open_row).startswith("<b>open</b>")
    assert confirmer_note(open_row) in page and confirmer_note(agreed) in page
    agree = dataclasses.replace(open_row.confirmers[0], verdict=ConfirmVerdict.DECIDES)
    lying = dataclasses.replace(open_row, confirmers=(agree,))
    assert "confirmed" not in confirmer_note(lying)  # DECIDES without agreeing
