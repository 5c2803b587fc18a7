"""A fast ``replace`` for the frozen, slotted state records.

``dataclasses.replace`` re-runs ``__init__`` and inspects field metadata on every call;
the rules call it in the explorer's inner loop, so this copies the slots directly
(same result). The same idea as the HHH package's helper; a game package imports only
the contract, so each keeps its own copy.
"""

from __future__ import annotations

import dataclasses
from operator import attrgetter
from typing import Any, TypeVar

T = TypeVar("T")
_CACHE: dict[type, tuple[Any, tuple[Any, ...], dict[str, Any]]] = {}
_new = object.__new__


def replace(obj: T, **changes: Any) -> T:
    """``dataclasses.replace(obj, **changes)`` for frozen slotted records."""
    cls = type(obj)
    entry = _CACHE.get(cls)
    if entry is None:
        names = tuple(f.name for f in dataclasses.fields(obj))  # type: ignore[arg-type]
        setters = tuple(cls.__dict__[n].__set__ for n in names)
        entry = _CACHE[cls] = (attrgetter(*names), setters, dict(zip(names, setters)))
    getter, setters, by_name = entry
    new = _new(cls)
    for setter, value in zip(setters, getter(obj)):
        setter(new, value)
    for name, value in changes.items():
        try:
            by_name[name](new, value)
        except KeyError:
            raise TypeError(f"{cls.__name__} has no field {name!r}") from None
    return new
