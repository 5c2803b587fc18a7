"""The suite's split over pytest-xdist workers (``tests/conftest.py``): tests that share a
class-, module- or package-scoped fixture get one ``xdist_group`` per module, so the
fixture is built once per run; other tests are spread one by one."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import conftest
import pytest


@dataclass
class _Def:
    scope: str


@dataclass
class _Info:
    name2fixturedefs: dict[str, list[_Def]]


@dataclass
class _Item:
    """The parts of a collected test the grouping reads and writes."""

    nodeid: str
    scopes: list[str]
    marks: list[Any] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._fixtureinfo = _Info({f"f{i}": [_Def(s)] for i, s in enumerate(self.scopes)})

    def get_closest_marker(self, name: str) -> Any:
        return next((m for m in self.marks if m.name == name), None)

    def add_marker(self, mark: Any) -> None:
        self.marks.append(mark.mark)


def _group(item: _Item) -> str | None:
    mark = item.get_closest_marker("xdist_group")
    return None if mark is None else str(mark.args[0])


def test_shared_fixture_users_share_their_module_group() -> None:
    items = [
        _Item("tests/test_a.py::test_cluster", ["function", "module"]),
        _Item("tests/test_a.py::Test::test_x", ["class"]),
        _Item("tests/test_b.py::test_plain", ["function", "session"]),
        _Item("tests/test_b.py::test_none", []),
    ]
    conftest.pytest_collection_modifyitems(items)  # type: ignore[arg-type]
    assert [_group(i) for i in items] == ["tests/test_a.py", "tests/test_a.py", None, None]


def test_a_named_group_is_kept() -> None:
    item = _Item("tests/test_c.py::test_y", ["module"], [pytest.mark.xdist_group("db").mark])
    conftest.pytest_collection_modifyitems([item])  # type: ignore[list-item]
    assert [m.args for m in item.marks] == [("db",)]
