"""The layering of the package, read from the source with ``ast`` (nothing is imported).

Every module of the installed namespace is a node (``hhh_verify/`` plus ``models/`` and
``properties/``, which install as ``hhh_verify.models`` and ``hhh_verify.properties``);
every import statement is an edge, at module level or inside a function (a late import
is still a dependency; only imports under ``if TYPE_CHECKING:`` are skipped). Then:

1. no engine, CLI or report module imports a game (``hhh_verify.models.*`` or a game's
   properties module ``hhh_verify.properties.<x>``): only ``hhh_verify/registry.py`` may;
2. no string in that code names a game: a game id (registered, or a package under
   ``models/``, with ``_`` or ``-``) as a word of its own, or an ambiguity-id prefix such
   as ``HHH-``. Docstrings and comments may (they explain); the product name
   ``hhh-verify`` / ``hhh_verify`` is not a game id;
3. imports go downwards only: cli -> orchestration (check, report, adapters, execution) -> registry
   -> engines | games -> SMT toolkit -> contract;
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

from hhh_verify import registry

ROOT = Path(__file__).resolve().parent.parent
#: Source directory -> the dotted package it installs as (pyproject package-dir).
SOURCES = {
    "hhh_verify": "hhh_verify",
    "models": "hhh_verify.models",
    "properties": "hhh_verify.properties",
}

#: Where the games live (``models/``, ``properties/``); the framework imports neither.
GAME_PACKAGES = ("hhh_verify.models", "hhh_verify.properties")

#: Layers, lowest first: a module may import its own layer and lower ones only. Games and
#: engines share a rank but may not import each other. A module not listed falls under
#: ``hhh_verify`` (the contract, the strictest layer): list a new top-level module here
#: when it belongs higher.
CONTRACT = ("hhh_verify", "hhh_verify.model", "hhh_verify.interpretations", "hhh_verify.trace",
            "hhh_verify.sampled", "hhh_verify.checks")  # fmt: skip
RANKS = (
    (0, CONTRACT),
    (1, ("hhh_verify.smt",)),
    (2, ("hhh_verify.engines", *GAME_PACKAGES)),
    (3, ("hhh_verify.registry",)),
    (
        4,
        (
            "hhh_verify.checking",
            "hhh_verify.rulemap_skeleton",
            "hhh_verify.verdicts",
            "hhh_verify.reporting",
            "hhh_verify.adapters",
            "hhh_verify.execution",
        ),
    ),
    (5, ("hhh_verify.cli",)),
)


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


def _type_checking_only(tree: ast.AST) -> set[int]:
    """ids of import nodes inside ``if TYPE_CHECKING:`` blocks."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    return skipped


def imports(name: str, path: Path, known: set[str]) -> Iterator[tuple[str, int]]:
    """The internal modules ``name`` imports, with line numbers."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    skipped = _type_checking_only(tree)

    def nearest(target: str) -> str | None:
        while target and target not in known:
            target = target.rpartition(".")[0]
        return target or None

    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
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
    """Modules that must know no game: everything in ``hhh_verify/`` but the registry."""
    return not is_game(name) and name != "hhh_verify.registry"


def is_game(name: str) -> bool:
    """The game packages and every module in them."""
    return any(name == p or name.startswith(p + ".") for p in GAME_PACKAGES)


def rank(name: str) -> int:
    best = (-1, 0)
    for r, prefixes in RANKS:
        for p in prefixes:
            if name == p or (name.startswith(p if p.endswith(".") else p + ".")):
                best = max(best, (len(p), r))
    return best[1]


def game_imports(g: nx.DiGraph) -> list[str]:
    return [
        f"{a} imports {b} (line {d['line']})"
        for a, b, d in g.edges(data=True)
        if is_engine_code(a) and is_game(b)
    ]


def downward_violations(g: nx.DiGraph) -> list[str]:
    """Imports of a higher layer, and engine <-> game imports (same layer, apart)."""
    bad = []
    for a, b, d in g.edges(data=True):
        if rank(b) > rank(a) or (rank(a) == rank(b) == 2 and is_game(a) != is_game(b)):
            bad.append(f"{a} (layer {rank(a)}) imports {b} (layer {rank(b)}), line {d['line']}")
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
    assert GRAPH.has_edge("hhh_verify.registry", "hhh_verify.models.hhh")
    assert GRAPH.has_edge("hhh_verify.cli.check", "hhh_verify.checking")
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
        if is_engine_code(name)
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
            "hhh_verify/model.py": "",
            "hhh_verify/engines/__init__.py": "",
            "hhh_verify/engines/simulate.py": (
                '"""Plays hhh games (a docstring may say so)."""\n'
                "def greedy():\n"
                "    from ..models.hhh import policies\n"  # a late game import
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
            "models/hhh/policies.py": "from hhh_verify.model import x\n",
        },
    )


def test_planted_game_import_is_caught(planted: Path) -> None:
    assert game_imports(graph(planted)) == [
        "hhh_verify.engines.simulate imports hhh_verify.models.hhh.policies (line 3)"
    ]


def test_planted_game_string_is_caught(planted: Path) -> None:
    hits = game_strings(planted / "hhh_verify/engines/simulate.py", {"hhh"}, {"HHH-"})
    assert [h.split(": ", 1)[1] for h in hits] == ["'hhh'", "'HHH-ROOM-CAP'"]


def test_planted_cycle_is_caught(planted: Path) -> None:
    assert cycles(graph(planted)) == [["hhh_verify.engines.diverge", "hhh_verify.engines.impact"]]


def test_planted_upward_import_is_caught(planted: Path) -> None:
    bad = downward_violations(graph(planted))
    assert any(b.startswith("hhh_verify.model_helpers (layer 0)") for b in bad)
    assert any(
        b.startswith("hhh_verify.engines.simulate (layer 2) imports hhh_verify.models") for b in bad
    )
