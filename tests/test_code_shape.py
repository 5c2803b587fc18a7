"""Two shape bars on ``hhh_verify/``, read with ``ast`` (nothing is imported).

A function a newcomer must hold in their head stays short: no function (nested ones
included) spans more than :data:`MAX_LINES` lines from its ``def`` to the end of its body.
An import keeps the module's own name, or a name that says what it is: no alias of 1-3
letters except the conventions every reader of the library knows (:data:`CONVENTIONAL`).
Each bar has a planted-violation test on a small synthetic source.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "hhh_verify"

#: The longest a function may be, ``def`` line to the last line of its body.
MAX_LINES = 100

#: Short aliases that are each library's documented convention.
CONVENTIONAL = {
    ("numpy", "np"),
    ("networkx", "nx"),
    ("xml.etree.ElementTree", "ET"),
    ("hypothesis.strategies", "st"),
}


def long_functions(tree: ast.AST, max_lines: int = MAX_LINES) -> Iterator[tuple[str, int, int]]:
    """``(name, def line, length)`` of every function longer than ``max_lines``."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > max_lines:
                yield node.name, node.lineno, length


def short_aliases(tree: ast.AST) -> Iterator[tuple[str, str, int]]:
    """``(imported name, alias, line)`` of every 1-3-letter alias not in CONVENTIONAL."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            pairs = [(a.name, a.asname) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            pairs = [
                (f"{node.module}.{a.name}" if node.module else a.name, a.asname) for a in node.names
            ]
        else:
            continue
        for name, alias in pairs:
            if alias and len(alias.lstrip("_")) <= 3 and (name, alias) not in CONVENTIONAL:
                yield name, alias, node.lineno


def _sources() -> Iterator[tuple[str, ast.AST]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        yield str(path.relative_to(PACKAGE.parent)), ast.parse(path.read_text())


def test_no_function_over_the_limit() -> None:
    found = [
        f"{path}:{line} {name} ({n} lines)"
        for path, tree in _sources()
        for name, line, n in long_functions(tree)
    ]
    assert not found, f"functions over {MAX_LINES} lines: {found}"


def test_no_short_import_alias() -> None:
    found = [
        f"{path}:{line} {name} as {alias}"
        for path, tree in _sources()
        for name, alias, line in short_aliases(tree)
    ]
    assert not found, f"1-3-letter import aliases: {found}"


def test_planted_long_function_is_found() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_LINES))
    tree = ast.parse(
        f"def fine():\n    pass\n\n\ndef outer():\n    def inner():\n{body.replace('    ', '        ')}\n    return inner\n"
    )
    assert [(name, n) for name, _, n in long_functions(tree)] == [
        ("outer", MAX_LINES + 3),
        ("inner", MAX_LINES + 1),
    ]


def test_a_function_at_the_limit_passes() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_LINES - 1))
    assert not list(long_functions(ast.parse(f"def f():\n{body}\n")))


def test_planted_short_alias_is_found() -> None:
    tree = ast.parse(
        "import numpy as np\nfrom hypothesis import strategies as st\n"
        "from . import trace as tr\nimport operator as op\nfrom .x import y as _yz\nfrom .x import z as zed_long\n"
    )
    assert [(name, alias) for name, alias, _ in short_aliases(tree)] == [
        ("trace", "tr"),
        ("operator", "op"),
        ("x.y", "_yz"),
    ]
