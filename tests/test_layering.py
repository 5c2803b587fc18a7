"""The layering of the package, by folder, read from the source with ``ast`` (nothing is
imported).

Every module of the installed namespace is a node (``hhh_verify/`` plus ``models/``,
which installs as ``hhh_verify.models``); every import statement is an edge, at module
level, inside a function (a late import is still a dependency) or under
``if TYPE_CHECKING:`` (a type is a dependency too). A *unit* is a top-level folder (or
module) of the framework, or a role folder of a game. Then:

1. no framework module imports a game (``hhh_verify.models.*``): games are found through
   the ``hhh_verify.games`` entry points (:mod:`hhh_verify.contract.registry`);
2. no string in that code names a game: a game id (registered, or a package under
   ``models/``, with ``_`` or ``-``) as a word of its own, or an ambiguity-id prefix such
   as ``HHH-``. Docstrings and comments may (they explain); the product name
   ``hhh-verify`` / ``hhh_verify`` is not a game id; the registry's default game may;
3. imports go downwards only, by folder (:data:`RANKS`): the framework's floors, then
   inside each game its role folders (:data:`GAME_RANKS`);
4. there is no import cycle (networkx ``simple_cycles``).

Each rule has a planted-violation test on a small synthetic tree.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import networkx as nx
import pytest

from hhh_verify.contract import registry

ROOT = Path(__file__).resolve().parent.parent
#: Source directory -> the dotted package it installs as (setup.py's package_dir).
SOURCES = {"hhh_verify": "hhh_verify", "models": "hhh_verify.models"}

#: Where the games live; the framework imports none of them.
GAME_PACKAGES = ("hhh_verify.models",)

#: The framework's floors, lowest first: a unit may import its own floor and lower ones.
#: Games stand on floor 1 and beside the engines (floor 2), apart from them.
RANKS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (0, ("hhh_verify", "hhh_verify.contract")),
    (1, ("hhh_verify.kernel", "hhh_verify.rulebook", "hhh_verify.smt", "hhh_verify.view")),
    (2, ("hhh_verify.engines", *GAME_PACKAGES)),
    (3, ("hhh_verify.check",)),
    (4, ("hhh_verify.execution",)),
    (5, ("hhh_verify.reporting", "hhh_verify.adapters")),
    (6, ("hhh_verify.cli",)),
)

#: Inside a game, by role folder, lowest first: rules/ is the ground floor; the book,
#: the kernel, the SMT encoding and the view stand on it apart from each other; the
#: players may use the kernel (compiled players); the properties may read any of those;
#: the package's ``__init__`` (the ``GameSpec``) stands on everything.
GAME_RANKS: dict[str, int] = {
    "rules": 0,
    "book": 1,
    "kernel": 1,
    "smt": 1,
    "view": 1,
    "play": 2,
    "properties": 3,
    "": 4,
}


def module_name(path: Path, root: Path = ROOT) -> str:
    rel = path.relative_to(root)
    package = SOURCES[rel.parts[0]]
    parts = list(rel.with_suffix("").parts[1:])
    if parts and parts[-1] == "__init__":
        parts.pop()
    return ".".join([package, *parts])


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the namespace by dotted name."""
    found = {}
    for top in SOURCES:
        for path in sorted((root / top).rglob("*.py")):
            if "__pycache__" not in path.parts:
                found[module_name(path, root)] = path
    return found


def imports(name: str, path: Path, known: set[str]) -> Iterator[tuple[str, int]]:
    """The internal modules ``name`` imports, with line numbers."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def nearest(target: str) -> str | None:
        while target and target not in known:
            target = target.rpartition(".")[0]
        return target or None

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("hhh_verify"):
                    if (target := nearest(alias.name)) is not None:
                        yield target, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                source = f"{base}.{node.module}" if node.module else base
            else:
                source = node.module or ""
            if not source.startswith("hhh_verify"):
                continue
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                target = sub if sub in known else nearest(source)
                if target is not None:
                    yield target, node.lineno


def graph(root: Path = ROOT) -> nx.DiGraph:
    """The import graph; edges carry ``line`` (where the import is)."""
    found = modules(root)
    g = nx.DiGraph()
    g.add_nodes_from(found)
    for name, path in found.items():
        for target, line in imports(name, path, set(found)):
            if target != name:
                g.add_edge(name, target, line=line)
    return g


def is_engine_code(name: str) -> bool:
    """Modules that must know no game: everything in ``hhh_verify/``."""
    return not is_game(name)


def is_game(name: str) -> bool:
    """The game packages and every module in them."""
    return any(name == p or name.startswith(p + ".") for p in GAME_PACKAGES)


def rank(name: str) -> int:
    best = (-1, 0)
    for r, prefixes in RANKS:
        for p in prefixes:
            if name == p or name.startswith(p + "."):
                best = max(best, (len(p), r))
    return best[1]


def game_role(name: str) -> tuple[str, str] | None:
    """``(game, role folder)`` of a game module (role ``""`` for the package itself)."""
    parts = name.split(".")
    if not is_game(name) or len(parts) < 3:
        return None
    return parts[2], parts[3] if len(parts) > 3 else ""


def unit(name: str) -> str:
    """The unit a module belongs to: a framework floor's folder or a game's role folder."""
    role = game_role(name)
    if role is not None:
        return ".".join(["hhh_verify.models", role[0], *([role[1]] if role[1] else [])])
    return ".".join(name.split(".")[:2])


def game_imports(g: nx.DiGraph) -> list[str]:
    return [
        f"{a} imports {b} (line {d['line']})"
        for a, b, d in g.edges(data=True)
        if is_engine_code(a) and is_game(b)
    ]


def downward_violations(g: nx.DiGraph) -> list[str]:
    """Imports of a higher floor, engine <-> game imports (same floor, apart), and inside a
    game imports of a higher role or of another role on the same floor."""
    bad = []
    for a, b, d in g.edges(data=True):
        where = f"line {d['line']}"
        ra, rb = game_role(a), game_role(b)
        if ra and rb and ra[0] == rb[0]:
            la, lb = GAME_RANKS.get(ra[1], 0), GAME_RANKS.get(rb[1], 0)
            if lb > la or (la == lb and ra[1] != rb[1]):
                bad.append(f"{a} ({ra[1] or 'package'}) imports {b} ({rb[1]}), {where}")
            continue
        if rank(b) > rank(a) or (rank(a) == rank(b) == 2 and is_game(a) != is_game(b)):
            bad.append(f"{a} (layer {rank(a)}) imports {b} (layer {rank(b)}), {where}")
    return bad


def cycles(g: nx.DiGraph) -> list[list[str]]:
    return [sorted(c) for c in nx.simple_cycles(g)]


def game_words(root: Path = ROOT) -> tuple[set[str], set[str]]:
    """Game ids (registered ones and the packages under ``models/``, both spellings)
    and ambiguity-id prefixes (``HHH-``) of the registered games."""
    ids = set(registry.games())
    for pkg in (root / "models").iterdir():
        if (pkg / "__init__.py").exists():
            ids |= {pkg.name, pkg.name.replace("_", "-")}
    prefixes = {
        a.id.split("-")[0] + "-" for spec in registry.games().values() for a in spec.ambiguities
    }
    return ids, prefixes


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def game_strings(path: Path, ids: set[str], prefixes: set[str]) -> list[str]:
    """String constants (not docstrings) in ``path`` that name a game."""
    word = re.compile(r"(?<![\w-])(" + "|".join(re.escape(i) for i in sorted(ids)) + r")(?![\w-])")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            text = node.value
            if (ids and word.search(text)) or any(p in text for p in prefixes):
                found.append(f"{path.name}:{node.lineno}: {text!r}")
    return found


# ---------------------------------------------------------------------------------------
# The rules on the real tree
# ---------------------------------------------------------------------------------------

GRAPH = graph()


def test_graph_sees_the_known_edges() -> None:
    """Sanity: the walker resolves absolute, relative and late imports."""
    assert GRAPH.has_edge("hhh_verify.models.hhh", "hhh_verify.models.hhh.rules.model")
    assert GRAPH.has_edge("hhh_verify.cli.check", "hhh_verify.check.run")
    assert GRAPH.has_edge("hhh_verify.engines.explore.reach", "hhh_verify.engines.explore.explorer")
    assert GRAPH.number_of_nodes() > 60


def test_engines_import_no_game() -> None:
    assert game_imports(GRAPH) == []


def test_engine_code_names_no_game() -> None:
    ids, prefixes = game_words()
    assert "hhh" in ids and "HHH-" in prefixes
    found = [
        hit
        for name, path in modules().items()
        if is_engine_code(name) and name != "hhh_verify.contract.registry"
        for hit in game_strings(path, ids, prefixes)
    ]
    assert found == []


def test_imports_go_downwards() -> None:
    assert downward_violations(GRAPH) == []


def test_no_import_cycles() -> None:
    assert cycles(GRAPH) == []


# ---------------------------------------------------------------------------------------
# Planted violations (each rule can fail)
# ---------------------------------------------------------------------------------------


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for top in SOURCES:
        (tmp_path / top).mkdir(exist_ok=True)
    return tmp_path


@pytest.fixture
def planted(tmp_path: Path) -> Path:
    return _tree(
        tmp_path,
        {
            "hhh_verify/__init__.py": "",
            "hhh_verify/contract/model.py": "",
            "hhh_verify/engines/__init__.py": "",
            "hhh_verify/engines/simulate.py": (
                '"""Plays hhh games (a docstring may say so)."""\n'
                "def greedy():\n"
                "    from ..models.hhh.play import policies\n"  # a late game import
                "    return policies\n"
                'GAME = "hhh"\n'
                'TOOL = "hhh-verify"\n'
                'AMB = "HHH-ROOM-CAP"\n'
            ),
            "hhh_verify/engines/diverge.py": "from . import impact\n",
            "hhh_verify/engines/impact.py": "from .diverge import x\n",
            "hhh_verify/model_helpers.py": "from hhh_verify.engines import simulate\n",
            "models/__init__.py": "",
            "models/hhh/__init__.py": "",
            "models/hhh/play/policies.py": "from hhh_verify.contract.model import x\n",
            "models/hhh/rules/model.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n"
                "    from hhh_verify.models.hhh.kernel import api\n"
            ),
            "models/hhh/kernel/api.py": "from hhh_verify.models.hhh.rules import model\n",
            "models/hhh/view/board.py": "from hhh_verify.models.hhh.smt import encoding\n",
            "models/hhh/smt/encoding.py": "",
        },
    )


def test_planted_game_import_is_caught(planted: Path) -> None:
    assert game_imports(graph(planted)) == [
        "hhh_verify.engines.simulate imports hhh_verify.models.hhh.play.policies (line 3)"
    ]


def test_planted_game_string_is_caught(planted: Path) -> None:
    hits = game_strings(planted / "hhh_verify/engines/simulate.py", {"hhh"}, {"HHH-"})
    assert [h.split(": ", 1)[1] for h in hits] == ["'hhh'", "'HHH-ROOM-CAP'"]


def test_planted_cycle_is_caught(planted: Path) -> None:
    assert ["hhh_verify.engines.diverge", "hhh_verify.engines.impact"] in cycles(graph(planted))


def test_planted_upward_import_is_caught(planted: Path) -> None:
    bad = downward_violations(graph(planted))
    assert any(b.startswith("hhh_verify.model_helpers (layer 0)") for b in bad)
    assert any(
        b.startswith("hhh_verify.engines.simulate (layer 2) imports hhh_verify.models") for b in bad
    )


def test_planted_role_imports_are_caught(planted: Path) -> None:
    """Inside a game: rules/ importing the kernel (even for types only), and one role
    importing another on its own floor."""
    bad = downward_violations(graph(planted))
    assert (
        "hhh_verify.models.hhh.rules.model (rules) imports hhh_verify.models.hhh.kernel.api "
        "(kernel), line 3" in bad
    )
    assert any(b.startswith("hhh_verify.models.hhh.view.board (view) imports") for b in bad)
    assert not any(b.startswith("hhh_verify.models.hhh.kernel.api") for b in bad)


def test_planted_type_checking_cycle_is_caught(planted: Path) -> None:
    assert ["hhh_verify.models.hhh.kernel.api", "hhh_verify.models.hhh.rules.model"] in cycles(
        graph(planted)
    )
