"""The suite's split over pytest-xdist workers (``tests/conftest.py``): each module's tests
get one ``xdist_group`` named after the module, so a module-scoped fixture is built once
per run and a kernel is not compiled by both workers at once for one module's tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import conftest
import pytest


@dataclass
class _Item:
    """The parts of a collected test the grouping reads and writes."""

    nodeid: str
    marks: list[Any] = field(default_factory=list)

    def get_closest_marker(self, name: str) -> Any:
        return next((m for m in self.marks if m.name == name), None)

    def add_marker(self, mark: Any) -> None:
        self.marks.append(mark.mark)


def _groups(item: _Item) -> list[Any]:
    return [m.args for m in item.marks if m.name == "xdist_group"]


def test_a_module_is_one_group() -> None:
    items = [
        _Item("tests/test_a.py::test_cluster"),
        _Item("tests/test_a.py::Test::test_x[1]"),
        _Item("tests/test_b.py::test_plain"),
    ]
    conftest.pytest_collection_modifyitems(items)  # type: ignore[arg-type]
    assert [_groups(i) for i in items] == [
        [("tests/test_a.py",)],
        [("tests/test_a.py",)],
        [("tests/test_b.py",)],
    ]


def test_a_named_group_is_kept() -> None:
    item = _Item("tests/test_c.py::test_y", [pytest.mark.xdist_group("db").mark])
    conftest.pytest_collection_modifyitems([item])  # type: ignore[list-item]
    assert _groups(item) == [("db",)]
