"""Generic code names no game's measures: HHH's money, rating and deaths live in the game's
declared measures (``GameSpec.measures``) and its own outcome values (``Outcome.values``),
not in fields the engines read.

The check reads every module of ``hhh_verify`` and flags each identifier, attribute,
argument or string that is one of :data:`WORDS`; a place that must keep one would be
listed in :data:`ALLOWED` with the reason (none does), so a new one fails until it moves
into the game.
"""

from __future__ import annotations

import ast
from pathlib import Path

from hhh_verify.contract.registry import get_game
from hhh_verify.engines.diverge import _result

ROOT = Path(__file__).resolve().parent.parent / "hhh_verify"

#: HHH's names for its measures and end-of-game values.
WORDS = frozenset({"money", "rating", "ratings", "deaths"})

#: (module, name): why it stays.
ALLOWED: dict[tuple[str, str], str] = {}


def vocabulary(source: str) -> set[tuple[int, str]]:
    """(line, name) of every identifier, attribute, argument, keyword or string
    constant in ``source`` that is one of :data:`WORDS` (prose in docstrings and
    comments is not code, so longer strings never match)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute):
            name = node.attr
        elif isinstance(node, ast.Name):
            name = node.id
        elif isinstance(node, (ast.arg, ast.keyword)):
            name = node.arg or ""
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            name = node.value
        else:
            continue
        if name in WORDS:
            found.add((node.lineno, name))
    return found


def offences(root: Path) -> tuple[list[str], set[tuple[str, str]]]:
    """The places under ``root`` that name a game's measure and are not :data:`ALLOWED`
    (``file:line: name``), and the allowed ones seen."""
    seen = set()
    bad = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        for line, name in sorted(vocabulary(path.read_text())):
            if (rel, name) in ALLOWED:
                seen.add((rel, name))
            else:
                bad.append(f"{root.name}/{rel}:{line}: {name}")
    return bad, seen


def test_generic_code_names_no_game_measure() -> None:
    bad, seen = offences(ROOT)
    assert not bad, "game vocabulary in generic code (declare a measure instead):\n" + "\n".join(
        bad
    )
    assert seen == set(ALLOWED), f"allowed but gone (drop them): {set(ALLOWED) - seen}"


def test_planted_outcome_field_fails_the_check(tmp_path: Path) -> None:
    """An outcome field or a read of a game's value by name in a generic module fails."""
    root = tmp_path / "hhh_verify"
    root.mkdir()
    (root / "outcomes.py").write_text("class Outcome:\n    money: int = 0\n")
    (root / "impact.py").write_text('def rank(out):\n    return out.value("rating")\n')
    bad, _ = offences(root)
    assert bad == ["hhh_verify/impact.py:2: rating", "hhh_verify/outcomes.py:2: money"]


def test_planted_field_reads_are_caught() -> None:
    planted = "def share(out, g):\n    return out.money + g.deaths + len(spec.ratings)\n"
    assert {name for _, name in vocabulary(planted)} == {"money", "deaths", "ratings"}
    prose = 'def f():\n    """The final money and deaths."""\n    return "final money"\n'
    assert vocabulary(prose) == set()


def test_diverge_witness_shows_the_games_midgame_measures() -> None:
    spec = get_game("hhh")
    model = spec.model("tiny")
    s = model.initial_state()
    shown = _result(model, s, spec.measures)
    assert list(shown) == ["state", "money", "deaths", "outcome"]
    assert shown["money"] == s.money and shown["deaths"] == s.deaths
    assert list(_result(model, s, {})) == ["state", "outcome"]
