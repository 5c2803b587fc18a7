"""Generic code names no game's measures: HHH's money, rating and deaths live in the game's
declared measures (``GameSpec.measures``), not in fields the engines read.

The check reads every module of ``hhh_verify`` and flags each identifier, attribute,
argument or string that is one of :data:`WORDS`; the places still carrying one are listed
in :data:`ALLOWED` with the reason, so a new one fails until it moves into the game.
"""

from __future__ import annotations

import ast
from pathlib import Path

from hhh_verify.engines.diverge import _result
from hhh_verify.registry import get_game

ROOT = Path(__file__).resolve().parent.parent / "hhh_verify"

#: HHH's names for its measures and end-of-game values.
WORDS = frozenset({"money", "rating", "ratings", "deaths"})

#: (module, name): why it stays.
ALLOWED: dict[tuple[str, str], str] = {
    ("outcomes.py", "money"): "Outcome.money, still a field of the generic outcome",
    ("outcomes.py", "rating"): "Outcome.rating, still a field of the generic outcome",
    ("engines/impact.py", "rating"): "GameResult.rating, read from Outcome.rating",
    ("engines/impact.py", "ratings"): "impact's per-rating counts (GameSpec.ratings)",
    ("spec.py", "ratings"): "GameSpec.ratings, the names Outcome.rating takes",
}


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


def test_generic_code_names_no_game_measure() -> None:
    seen = set()
    bad = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        for line, name in sorted(vocabulary(path.read_text())):
            if (rel, name) in ALLOWED:
                seen.add((rel, name))
            else:
                bad.append(f"hhh_verify/{rel}:{line}: {name}")
    assert not bad, "game vocabulary in generic code (declare a measure instead):\n" + "\n".join(
        bad
    )
    assert seen == set(ALLOWED), f"allowed but gone (drop them): {set(ALLOWED) - seen}"


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
