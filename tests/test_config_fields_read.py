"""Every config field of every registered game is read by its rules.

A field that nothing reads is a knob that changes nothing: traces record it and users set
it, yet the model plays the same (HHH's ``morgue_capacity`` was such a field, the
Morgue's capacity being written out in the rules). A field counts as read when its name
is loaded as an attribute in the game's package outside the config module, or inside a
derived property or method of the config class (not its validation) whose own name is
read that way."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import pathlib
import textwrap

import pytest

from hhh_verify.contract.registry import games

#: (game, field) pairs read only where this check cannot see (none today); each needs a why
ALLOWED: dict[tuple[str, str], str] = {}


def _loads(tree: ast.AST) -> set[str]:
    return {
        n.attr
        for n in ast.walk(tree)
        if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Load)
    }


def unread_fields(config_type: type, package: pathlib.Path, config_file: pathlib.Path) -> list[str]:
    """Fields of ``config_type`` that no rule in ``package`` reads (see the module doc)."""
    outside: set[str] = set()
    for f in sorted(package.rglob("*.py")):
        if f.resolve() != config_file.resolve():
            outside |= _loads(ast.parse(f.read_text()))
    derived: set[str] = set()
    for node in ast.walk(ast.parse(config_file.read_text())):
        if isinstance(node, ast.ClassDef) and node.name == config_type.__name__:
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name != "__post_init__":
                    if item.name in outside:
                        derived |= _loads(item)
    read = outside | derived
    return [f.name for f in dataclasses.fields(config_type) if f.name not in read]


@pytest.mark.parametrize("game", sorted(games()))
def test_every_config_field_is_read(game: str) -> None:
    config_type = games()[game].config_type
    module = importlib.import_module(config_type.__module__)
    assert module.__file__ is not None
    config_file = pathlib.Path(module.__file__)
    unread = unread_fields(config_type, config_file.parent, config_file)
    assert [n for n in unread if (game, n) not in ALLOWED] == []


def test_an_unread_field_is_found(tmp_path: pathlib.Path) -> None:
    """The check fails on a field only the validation mentions (the morgue_capacity defect)
    and on one only an unused derived property reads."""
    source = textwrap.dedent(
        """
        from dataclasses import dataclass

        @dataclass(frozen=True)
        class Cfg:
            used: int = 1
            validated_only: int = 0
            behind_property: int = 2
            behind_unused: int = 3

            def __post_init__(self) -> None:
                for name in ("validated_only",):
                    assert getattr(self, name) >= 0
                assert self.validated_only >= 0

            @property
            def derived(self) -> int:
                return self.behind_property + 1

            @property
            def never_read(self) -> int:
                return self.behind_unused
        """
    )
    (tmp_path / "config.py").write_text(source)
    (tmp_path / "rules.py").write_text("def f(c):\n    return c.used + c.derived\n")
    namespace: dict[str, object] = {}
    exec(compile(source, "config.py", "exec"), namespace)
    cfg = namespace["Cfg"]
    assert isinstance(cfg, type)
    found = unread_fields(cfg, tmp_path, tmp_path / "config.py")
    assert found == ["validated_only", "behind_unused"]
