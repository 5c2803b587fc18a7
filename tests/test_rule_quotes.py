"""Every quote is the rulebook's own words (house rule: quotes are verbatim).

For every registered game: each quote of each ambiguity entry, and each double-quoted
span in a rule-index note, appears in the game's rulebook text under ``shared/rules/``
(the file its ``GameSpec.rulebook`` names, and the files beside it with the same stem:
``dice-hospital.pl.txt`` and its English rendering ``dice-hospital.en.md``). Whitespace
is normalised; ``...`` (or ``…``) joins parts that must appear in this order. Editorial
words belong outside the quote. For Healthy Heart Hospital also the rule-index lines that
settle a choice (the rule map's ``settled`` entries), the facts (``facts.FACTS``) and the quoted spans
in the rule functions' docstrings.

The texts are read from the repository's ``rules/`` copies (``tests/rulebooks.py``;
``tests/test_rulebooks.py`` keeps them identical to the workspace's ``shared/rules/``);
``HHH_VERIFY_RULES`` points elsewhere.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from typing import Any

import pytest
from rulebooks import RULES_DIR

from hhh_verify.contract.registry import games
from hhh_verify.contract.spec import RULES_PACKAGE
from hhh_verify.rulebook.check import placed
from hhh_verify.rulebook.rule_map import RuleStatus
from hhh_verify.rulebook.sections import settled_sections
from hhh_verify.rulebook.texts import rulebook_text

ELLIPSIS = re.compile(r"\.\.\.|…")
DOUBLE_QUOTED = re.compile(r'"([^"]+)"')


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def sources(spec: Any) -> dict[str, str]:
    """The game's rulebook texts (normalised), by file name (a plugin game's: the one
    file its package ships)."""
    if spec.rulebook_package != RULES_PACKAGE:
        return {spec.rulebook: normalise(rulebook_text(spec.rulebook, spec.rulebook_package))}
    if not RULES_DIR.is_dir():
        pytest.fail(f"no rulebooks at {RULES_DIR}; set HHH_VERIFY_RULES to the rules folder")
    stem = spec.rulebook.split(".")[0]
    found = {
        p.name: normalise(p.read_text(encoding="utf-8"))
        for p in sorted(RULES_DIR.iterdir())
        if p.name.split(".")[0] == stem
    }
    assert spec.rulebook in found, f"{spec.id}: {spec.rulebook} not in {RULES_DIR}"
    return found


def missing_part(quote: str, text: str) -> str | None:
    """The first part of ``quote`` (split at ellipses) not found, in order, in ``text``."""
    pos = 0
    for part in ELLIPSIS.split(quote):
        part = normalise(part)
        if not part:
            continue
        i = text.find(part, pos)
        if i < 0:
            return part
        pos = i + len(part)
    return None


def verbatim_somewhere(quote: str, texts: dict[str, str]) -> str | None:
    """``None`` when ``quote`` is verbatim in one of ``texts``, else the part not found."""
    misses = [missing_part(quote, t) for t in texts.values()]
    return None if None in misses else misses[0]


def quotes_of(spec: Any) -> Iterator[tuple[str, str]]:
    """(where, quote) for every quote a game's registry and rule index make."""
    for a in spec.ambiguities:
        for q in a.quotes:
            yield f"{a.id} [{q.section}]", q.text
    for row in spec.rule_index:
        for span in DOUBLE_QUOTED.findall(row.note):
            yield f"rule index [{row.section}]", span


GAMES = games()


@pytest.mark.parametrize("gid", list(GAMES))
def test_every_quote_is_verbatim(gid: str) -> None:
    spec = GAMES[gid]
    texts = sources(spec)
    bad = []
    for where, quote in quotes_of(spec):
        part = verbatim_somewhere(quote, texts)
        if part is not None:
            bad.append(f"{where}: {part!r}")
    assert not bad, f"{len(bad)} quotes not in {', '.join(texts)}:\n" + "\n".join(bad)


def test_ellipsis_joins_parts_in_order() -> None:
    text = normalise("Draw 6 cubes from the bag.\nPlace them.  Then rest.")
    assert missing_part("Draw 6 cubes ... Then rest.", text) is None
    assert missing_part("Then rest. ... Draw 6 cubes", text) == "Draw 6 cubes"
    assert missing_part("Draw 7 cubes", text) == "Draw 7 cubes"


# Healthy Heart Hospital: settled lines, facts, docstrings ---------------------------------


def _hhh_text() -> dict[str, str]:
    return sources(GAMES["hhh"])


@pytest.mark.parametrize("gid", [g for g, spec in GAMES.items() if spec.rule_map is not None])
def test_settled_lines_and_sections(gid: str) -> None:
    """Each settled line of the rule map quotes the book, and its row in the section
    index names a section the book has."""
    spec = GAMES[gid]
    texts = sources(spec)
    book = texts[spec.rulebook].lower()
    rows = placed(spec)
    quotes = [
        k.deciding_quote for p in rows for k in p.clauses if k.entry.status is RuleStatus.SETTLED
    ]
    # the built-in games each settle questions (the check is not vacuous); a plugin may not
    assert quotes or spec.rulebook_package != RULES_PACKAGE, gid
    for quote in quotes:
        assert verbatim_somewhere(quote, texts) is None, quote
    for row in settled_sections(rows):
        assert row.section and row.section.lower() in book, row.section


def test_hhh_ambiguity_sections_are_the_books() -> None:
    book = next(iter(_hhh_text().values())).lower()
    for a in GAMES["hhh"].ambiguities:
        for q in a.quotes:
            assert q.section.lower() in book, (a.id, q.section)


def test_hhh_facts_quote_the_book() -> None:
    from hhh_verify.models.hhh.book.facts import FACTS

    texts = _hhh_text()
    bad = [f.quote for f in FACTS if verbatim_somewhere(f.quote, texts) is not None]
    assert not bad, bad


def _rule_docstrings() -> Iterator[tuple[str, str]]:
    from hhh_verify.models.hhh.rules import (
        board,
        heal,
        model,
        patient_phase,
        player_actions,
        rooms,
        setup,
    )

    for module in (board, heal, model, patient_phase, player_actions, rooms, setup):
        for name, obj in vars(module).items():
            if (
                inspect.isfunction(obj) or inspect.isclass(obj)
            ) and obj.__module__ == module.__name__:
                yield f"{module.__name__.rsplit('.', 1)[1]}.{name}", inspect.getdoc(obj) or ""
                if inspect.isclass(obj):
                    for mname, meth in vars(obj).items():
                        if inspect.isfunction(meth):
                            yield f"{name}.{mname}", inspect.getdoc(meth) or ""


def test_hhh_rule_docstrings_quote_verbatim() -> None:
    """A rule function's docstring quotes the book in double quotes, word for word."""
    texts = _hhh_text()
    bad = []
    for where, doc in _rule_docstrings():
        for span in DOUBLE_QUOTED.findall(doc):
            part = verbatim_somewhere(span, texts)
            if part is not None:
                bad.append(f"{where}: {part!r}")
    assert not bad, "\n".join(bad)
