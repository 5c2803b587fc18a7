"""A fast ``replace`` for the NamedTuple state records.

The rules copy states with a few fields changed in the explorer's and simulator's inner
loops; ``NamedTuple._replace`` goes through ``map`` and ``_make``, this writes the
changed slots into a list by a cached field index (same result, about twice as fast).
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")
_INDEX: dict[type, dict[str, int]] = {}
_new = tuple.__new__


def replace(obj: T, **changes: Any) -> T:
    """``obj._replace(**changes)`` for a NamedTuple record."""
    cls = type(obj)
    index = _INDEX.get(cls)
    if index is None:
        index = _INDEX[cls] = {name: i for i, name in enumerate(cls._fields)}  # type: ignore[attr-defined]
    values = list(obj)  # type: ignore[call-overload]
    for name, value in changes.items():
        try:
            values[index[name]] = value
        except KeyError:
            raise TypeError(f"{cls.__name__} has no field {name!r}") from None
    return _new(cls, values)  # type: ignore[no-any-return]
