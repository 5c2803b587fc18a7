"""A fast ``replace`` for the immutable state records of every game.

Rules copy states with a few fields changed in the explorer's and simulator's inner
loops. ``dataclasses.replace`` inspects every field's metadata and runs ``__init__`` on
each call, ``NamedTuple._replace`` goes through ``map`` and ``_make``; this compiles, once
per record class, a function with one keyword parameter per field that builds the copy
directly (same result, several times faster). Frozen dataclasses must use
``slots=True`` (their fields are set through the slot descriptors); NamedTuples are
built with ``tuple.__new__``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
_REPLACERS: dict[type, Callable[..., Any]] = {}
_MISSING = object()


def replace(obj: T, **changes: Any) -> T:
    """``dataclasses.replace(obj, **changes)`` (or ``obj._replace``) for a state record."""
    fn = _REPLACERS.get(type(obj))
    if fn is None:
        fn = _REPLACERS[type(obj)] = _compile(type(obj))
    try:
        return fn(obj, **changes)  # type: ignore[no-any-return]
    except TypeError:
        unknown = sorted(set(changes) - set(_fields(type(obj))))
        if unknown:
            raise TypeError(f"{type(obj).__name__} has no field {unknown[0]!r}") from None
        raise


def _fields(cls: type) -> list[str]:
    if dataclasses.is_dataclass(cls):
        return [f.name for f in dataclasses.fields(cls)]
    if issubclass(cls, tuple) and hasattr(cls, "_fields"):
        return list(cls._fields)
    raise TypeError(f"{cls.__name__} is neither a slotted dataclass nor a NamedTuple")


def _compile(cls: type) -> Callable[..., Any]:
    """``def replace(obj, *, f1=_M, f2=_M, ...)``: a new record, each field from the
    argument when given, else from ``obj``."""
    names = _fields(cls)
    env: dict[str, Any] = {"_M": _MISSING, "_new": object.__new__, "_cls": cls}
    lines = [f"def replace(obj, *, {', '.join(f'{n}=_M' for n in names)}):"]
    if dataclasses.is_dataclass(cls):
        lines.append("    new = _new(_cls)")
        for i, n in enumerate(names):
            env[f"_set{i}"] = cls.__dict__[n].__set__
            lines.append(f"    _set{i}(new, obj.{n} if {n} is _M else {n})")
        lines.append("    return new")
    else:
        env["_new"] = tuple.__new__
        values = ", ".join(f"obj[{i}] if {n} is _M else {n}" for i, n in enumerate(names))
        lines.append(f"    return _new(_cls, ({values},))")
    exec("\n".join(lines), env)  # noqa: S102 - generated from the record's own field names
    return env["replace"]  # type: ignore[no-any-return]
