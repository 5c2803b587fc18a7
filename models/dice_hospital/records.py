"""A fast ``replace`` for the frozen, slotted state records.

``dataclasses.replace`` inspects field metadata and runs ``__init__`` on every call;
rules call ``replace`` in the explorer's and simulator's inner loops, so this copies
the slots through their descriptors from a cached field list and sets only the changed
positions (same result).
"""

from __future__ import annotations

import dataclasses
from operator import attrgetter
from typing import Any, TypeVar

T = TypeVar("T")
_ENTRIES: dict[type, tuple[dict[str, int], Any, tuple[Any, ...]]] = {}
_new = object.__new__


def replace(obj: T, **changes: Any) -> T:
    """``dataclasses.replace(obj, **changes)`` for frozen slotted dataclass records."""
    cls = type(obj)
    entry = _ENTRIES.get(cls)
    if entry is None:
        names = tuple(f.name for f in dataclasses.fields(obj))  # type: ignore[arg-type]
        setters = tuple(cls.__dict__[n].__set__ for n in names)
        entry = _ENTRIES[cls] = ({n: i for i, n in enumerate(names)}, attrgetter(*names), setters)
    index, getter, setters = entry
    values = list(getter(obj))
    for name, value in changes.items():
        try:
            values[index[name]] = value
        except KeyError:
            raise TypeError(f"{cls.__name__} has no field {name!r}") from None
    new = _new(cls)
    for setter, value in zip(setters, values):
        setter(new, value)
    return new
