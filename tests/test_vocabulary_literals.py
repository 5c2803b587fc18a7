"""The framework compares enum members, never words: no ``x == "holds"`` in ``hhh_verify/``.

Every vocabulary the framework decides on (a property's kind, an engine's status, a
verdict, a chance mode, a diverge kind, ...) is an enum of
:mod:`hhh_verify.contract.vocab`; text from outside is read into it once, at the edge.
The check reads every module of ``hhh_verify`` and flags each comparison with a string
constant: ``==`` / ``!=`` against one, ``in`` / ``not in`` a literal tuple, list or set
holding one, and a ``case "word":`` pattern. A comparison that is not with a vocabulary
word (a file suffix, a foreign file format's token, an SVG attribute) is listed in
:data:`ALLOWED` with the reason; a new one fails until it becomes an enum member or is
listed.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from hhh_verify.contract import vocab

ROOT = Path(__file__).resolve().parent.parent / "hhh_verify"

#: Folders not read (none: every folder of hhh_verify/ is held to it).
NOT_YET: tuple[str, ...] = ()

#: (module, the literal compared): why it is not a vocabulary word.
ALLOWED: dict[tuple[str, str], str] = {
    ("contract/configs.py", "1"): "a --set boolean's spellings, parsed from text",
    ("contract/configs.py", "true"): "a --set boolean's spellings, parsed from text",
    ("contract/configs.py", "yes"): "a --set boolean's spellings, parsed from text",
    ("contract/configs.py", "on"): "a --set boolean's spellings, parsed from text",
    ("contract/configs.py", "0"): "a --set boolean's spellings, parsed from text",
    ("contract/configs.py", "false"): "a --set boolean's spellings, parsed from text",
    ("contract/configs.py", "no"): "a --set boolean's spellings, parsed from text",
    ("contract/configs.py", "off"): "a --set boolean's spellings, parsed from text",
    ("contract/readings.py", "__main__"): "Python's script guard",
    ("rulebook/questions_doc.py", "__main__"): "Python's script guard",
    ("rulebook/questions_doc.py", "hhh_verify"): "the package's own name, cut from a module path",
    ("engines/stateful_check.py", "witnesses"): "a dataclass field's name",
    ("engines/explore/export.py", "@model"): "a token of Storm's DRN file format (parser)",
    ("engines/explore/export.py", "@nr_states"): "a token of Storm's DRN file format (parser)",
    ("engines/explore/export.py", "@nr_choices"): "a token of Storm's DRN file format (parser)",
    ("engines/explore/export.py", "MDP"): "a token of Storm's DRN file format (parser)",
    ("engines/explore/export.py", "state"): "a token of Storm's DRN file format (parser)",
    ("engines/explore/export.py", "action"): "a token of Storm's DRN file format (parser)",
    ("engines/explore/export.py", ":"): "a token of Storm's DRN file format (parser)",
    ("execution/runner.py", ""): "an empty option value is left out of a command line",
    ("execution/runner.py", "finished"): "Dask's own word for a future's status",
    ("execution/runner.py", "error"): "Dask's own word for a future's status",
    ("kernel/cache.py", ".nbi"): "Numba's cache file suffix",
    ("kernel/cache.py", ".nbc"): "Numba's cache file suffix",
    ("reporting/assumptions.py", "--set"): "a command-line option's spelling in a note",
    ("reporting/build.py", "boards"): "JSON keys left out of the saved report",
    ("reporting/build.py", "traces"): "JSON keys left out of the saved report",
    ("reporting/index.py", "rulebook"): "the annotated rulebook page's file name part",
    ("reporting/render_html.py", "assumptions"): "an HTML section anchor",
    ("reporting/ranking.py", "ranked"): "a JSON key left out of a family-free copy",
    ("reporting/render_md.py", ">"): "a character of Markdown text",
    ("reporting/render_svg.py", "$"): "a measure's unit symbol",
    ("reporting/rulebook_page.py", ""): "an empty rule-map note",
    ("reporting/units.py", "$"): "a measure's unit symbol",
    ("reporting/witness_text.py", ""): "an empty field value",
    ("smt/queries.py", "<="): "the operator of a bound parsed from an answer's text",
    ("view/svg.py", "none"): "an SVG attribute's value",
    ("view/svg.py", "#222"): "an SVG attribute's value",
    ("view/svg.py", "start"): "an SVG attribute's value",
    ("cli/check_render.py", "time"): "a table column's name",
    ("cli/impact.py", "measure"): "a table column's name",
    ("cli/rules.py", "heading"): "a rule-map note (hhh_verify/rulebook)",
    ("cli/simulate.py", "$"): "a measure's unit symbol",
    ("kernel/generate.py", "__main__"): "the script idiom",
    ("rulebook/skeleton.py", "__main__"): "the script idiom",
}


def _strings(node: ast.AST) -> list[str]:
    return [node.value] if isinstance(node, ast.Constant) and isinstance(node.value, str) else []


def literal_comparisons(source: str) -> list[tuple[int, str]]:
    """(line, literal) of every comparison in ``source`` with a string constant."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            left = node.left
            for op, right in zip(node.ops, node.comparators):
                if isinstance(op, (ast.Eq, ast.NotEq)):
                    found += [(node.lineno, s) for s in _strings(left) + _strings(right)]
                elif isinstance(op, (ast.In, ast.NotIn)) and isinstance(
                    right, (ast.Tuple, ast.List, ast.Set)
                ):
                    found += [(node.lineno, s) for e in right.elts for s in _strings(e)]
                left = right
        elif isinstance(node, ast.MatchValue):
            found += [(node.lineno, s) for s in _strings(node.value)]
    return found


def scan(root: Path, skip: tuple[str, ...] = NOT_YET) -> dict[tuple[str, str], list[int]]:
    """(module, literal) -> lines, over every module under ``root`` outside ``skip``."""
    out: dict[tuple[str, str], list[int]] = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel.split("/")[0] in skip:
            continue
        for line, literal in literal_comparisons(path.read_text(encoding="utf-8")):
            out.setdefault((rel, literal), []).append(line)
    return out


def test_no_vocabulary_word_is_compared_as_a_string() -> None:
    flagged = {k: v for k, v in scan(ROOT).items() if k not in ALLOWED}
    assert not flagged, "compare enum members of hhh_verify.contract.vocab, not words: " + (
        "; ".join(f"{m}:{lines} == {lit!r}" for (m, lit), lines in sorted(flagged.items()))
    )


def test_every_allowed_comparison_still_exists() -> None:
    stale = sorted(set(ALLOWED) - set(scan(ROOT)))
    assert not stale, f"ALLOWED lists comparisons that are gone: {stale}"


def test_a_planted_comparison_is_flagged(tmp_path: Path) -> None:
    pkg = tmp_path / "engines"
    pkg.mkdir()
    (pkg / "planted.py").write_text(
        "def ok(row, mode, kind):\n"
        "    if row.status == 'holds':\n"
        "        return 1\n"
        "    if mode in ('max', 'min'):\n"
        "        return 2\n"
        "    match kind:\n"
        "        case 'goal':\n"
        "            return 3\n"
        "    return 'auto' != mode\n",
        encoding="utf-8",
    )
    (tmp_path / "cli").mkdir()
    (tmp_path / "cli" / "planted.py").write_text("x = 1 if y == 'kernel' else 0\n")
    found = scan(tmp_path)
    assert found == {
        ("engines/planted.py", "holds"): [2],
        ("engines/planted.py", "max"): [4],
        ("engines/planted.py", "min"): [4],
        ("engines/planted.py", "goal"): [7],
        ("engines/planted.py", "auto"): [9],
        ("cli/planted.py", "kernel"): [1],
    }
    assert ("cli/planted.py", "kernel") not in scan(tmp_path, skip=("cli",))


ENUMS = [
    v
    for v in vars(vocab).values()
    if isinstance(v, type) and issubclass(v, vocab.Vocabulary) and v is not vocab.Vocabulary
]


@pytest.mark.parametrize("enum", ENUMS, ids=lambda e: e.__name__)
def test_a_member_is_written_as_its_word(enum: type[vocab.Vocabulary]) -> None:
    for member in enum:
        assert str(member) == f"{member}" == member.value
        assert json.dumps({member: [member]}) == json.dumps({member.value: [member.value]})
        assert enum.parse(member.value) is member


def test_a_word_outside_the_vocabulary_is_refused_with_the_accepted_ones() -> None:
    from hhh_verify.contract.errors import ModelError

    with pytest.raises(ModelError, match="unknown chance mode 'often'; accepted: auto, exact"):
        vocab.ChanceMode.parse("often", "chance mode")
    assert vocab.ExpectedResult.read("violated") is vocab.ExpectedResult.REACHABLE
    with pytest.raises(ModelError, match="expected must be one of HOLDS, REACHABLE, VIOLATED"):
        vocab.ExpectedResult.read("maybe")
