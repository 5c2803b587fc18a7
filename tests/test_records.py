"""``hhh_verify.contract.records.replace`` gives what ``dataclasses.replace`` / ``_replace`` give,
for both kinds of state record the games use, and names an unknown field."""

from __future__ import annotations

import dataclasses
from typing import NamedTuple

import pytest

from hhh_verify.contract.records import replace


@dataclasses.dataclass(frozen=True, slots=True)
class Slotted:
    a: int
    b: tuple[int, ...]
    c: str = "x"


class Named(NamedTuple):
    a: int
    b: tuple[int, ...]
    c: str = "x"


@pytest.mark.parametrize("record", [Slotted(1, (2, 3)), Named(1, (2, 3))])
def test_replace_matches_the_standard_copy(record: object) -> None:
    expected = (
        dataclasses.replace(record, b=(4,), c="y")  # type: ignore[type-var]
        if dataclasses.is_dataclass(record)
        else record._replace(b=(4,), c="y")  # type: ignore[attr-defined]
    )
    got = replace(record, b=(4,), c="y")
    assert got == expected and type(got) is type(record)
    assert replace(record) == record
    assert record.b == (2, 3)  # type: ignore[attr-defined]  # the original is untouched


@pytest.mark.parametrize("record", [Slotted(1, ()), Named(1, ())])
def test_an_unknown_field_is_named(record: object) -> None:
    with pytest.raises(TypeError, match="has no field 'd'"):
        replace(record, d=1)


def test_a_record_of_another_kind_is_refused() -> None:
    with pytest.raises(TypeError, match="neither a slotted dataclass nor a NamedTuple"):
        replace(object())
