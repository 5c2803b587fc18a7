"""Actions as JSON and their canonical order.

Actions are small frozen dataclasses; a trace stores them as ``{"type": Name, field:
value, ...}`` and ``legal_actions`` sorts them by :func:`action_key`.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping
from operator import attrgetter
from typing import Any

from hhh_verify.contract.errors import ModelError


def action_to_json(a: Any) -> dict[str, Any]:
    """Encode a frozen-dataclass action as ``{"type": Name, field: value, ...}``."""
    d: dict[str, Any] = {"type": type(a).__name__}
    for f in dataclasses.fields(a):
        d[f.name] = to_json_value(getattr(a, f.name))
    return d


_KEYS: dict[type, Callable[[Any], tuple[Any, ...]]] = {}


def _compile_key(cls: type) -> Callable[[Any], tuple[Any, ...]]:
    """:func:`action_key` for one class, built once: one ``attrgetter`` for its fields
    instead of a generator per action (legal actions are sorted at every step)."""
    names = tuple(f.name for f in dataclasses.fields(cls))
    head = (cls.__name__,)
    if not names:
        return lambda a: head
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda a: (*head, one(a))
    many = attrgetter(*names)
    return lambda a: head + many(a)


def action_key(a: Any) -> tuple[Any, ...]:
    """Sort key for actions of mixed types: the verb's name, then its fields in order."""
    key = _KEYS.get(type(a))
    if key is None:
        key = _KEYS[type(a)] = _compile_key(type(a))
    return key(a)


def sort_actions(actions: Any) -> tuple[Any, ...]:
    """The canonical order of ``legal_actions``: by verb name, then by fields."""
    return tuple(sorted(actions, key=action_key))


def to_json_value(v: Any) -> Any:
    if isinstance(v, tuple):
        return [to_json_value(x) for x in v]
    return v


def action_from_json(d: Mapping[str, Any], types: Mapping[str, type]) -> Any:
    """Decode an action written by :func:`action_to_json`; clear error if malformed."""
    if not isinstance(d, Mapping) or "type" not in d:
        raise ModelError(f"action must be an object with a 'type' field, got {d!r}")
    name = d["type"]
    cls = types.get(name) if isinstance(name, str) else None
    if cls is None:
        raise ModelError(f"unknown action type {name!r}; accepted: {', '.join(sorted(types))}")
    kwargs = {}
    names = {f.name for f in dataclasses.fields(cls)}
    extra = set(d) - names - {"type"}
    if extra:
        raise ModelError(f"action {name} has unknown fields {sorted(extra)}")
    for f in dataclasses.fields(cls):
        if f.name not in d:
            raise ModelError(f"action {name} is missing field {f.name!r}")
        kwargs[f.name] = _typed(name, f.name, _field_types(cls).get(f.name), d[f.name])
    return cls(**kwargs)


def _field_types(cls: type) -> dict[str, Any]:
    """An action class's field types (``{}`` when they cannot be resolved)."""
    try:
        return typing.get_type_hints(cls)
    except Exception:  # noqa: BLE001 (a game's own annotations; unchecked then)
        return {}


def _typed(action: str, field: str, kind: Any, value: Any) -> Any:
    """``value`` of an action field declared ``kind``: an ``int`` field takes a whole
    number (never a boolean), a ``bool`` a boolean, a ``str`` a text; a
    :class:`ModelError` naming the field otherwise."""
    plain = {int: "a whole number", bool: "true or false", str: "a text"}
    ok = {
        int: isinstance(value, int) and not isinstance(value, bool),
        bool: isinstance(value, bool),
        str: isinstance(value, str),
    }.get(kind, True)
    if not ok:
        raise ModelError(f"action {action} field {field!r} must be {plain[kind]}, got {value!r}")
    return from_json_value(value)


def from_json_value(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(from_json_value(x) for x in v)
    return v
