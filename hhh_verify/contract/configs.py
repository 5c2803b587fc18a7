"""Config dataclasses as JSON, ``key=value`` overrides of a preset, and the seat count a
config may declare.

A recorded config is rebuilt (and so re-validated) before a trace is replayed on it.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from hhh_verify.contract.actions import from_json_value, to_json_value
from hhh_verify.contract.errors import ModelError


@runtime_checkable
class SeatedConfig(Protocol):
    """A config that says how many seats play (``players``); a config without the field
    is one seat's (a solitaire game)."""

    players: int


def config_to_json(config: Any) -> dict[str, Any]:
    """A config dataclass as plain JSON values (tuples become lists)."""
    return {f.name: to_json_value(getattr(config, f.name)) for f in dataclasses.fields(config)}


def config_from_json(config_type: type, d: Mapping[str, Any]) -> Any:
    """Rebuild (and so re-validate) a config written by :func:`config_to_json`: every
    value present and of its declared kind (a recorded config that lacks a value would
    be replayed on a default it was never played with)."""
    if not isinstance(d, Mapping):
        raise ModelError(f"config must be an object, got {type(d).__name__}")
    names = [f.name for f in dataclasses.fields(config_type)]
    unknown = sorted(set(d) - set(names))
    if unknown:
        raise ModelError(f"unknown config value(s) {unknown}; accepted: {', '.join(names)}")
    missing = [n for n in names if n not in d]
    if missing:
        raise ModelError(
            f"config lacks {missing}; a recorded config holds every value: {', '.join(names)}"
        )
    try:
        hints = typing.get_type_hints(config_type)
    except NameError:  # an annotation this module cannot resolve: the config checks itself
        hints = {}
    for name in names:
        if name in hints and not _fits(d[name], hints[name]):
            raise ModelError(
                f"config value {name!r} is {d[name]!r}; accepted: {_kind(hints[name])}"
            )
    try:
        return config_type(**{k: from_json_value(v) for k, v in d.items()})
    except TypeError as e:
        raise ModelError(f"bad config: {e}") from None


_KINDS: dict[Any, str] = {bool: "true or false", int: "a whole number", str: "text"}


def _fits(value: Any, hint: Any) -> bool:
    """Whether a JSON value is of a config field's declared kind (bool, int, str and
    tuples of them; other kinds are left to the config's own validation)."""
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    if typing.get_origin(hint) is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, list):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(x, args[0]) for x in value)
        return len(args) == len(value) and all(_fits(x, a) for x, a in zip(value, args))
    return True


def _kind(hint: Any) -> str:
    if typing.get_origin(hint) is tuple:
        args = typing.get_args(hint)
        return f"a list, each {_kind(args[0])}" if args else "a list"
    return _KINDS.get(hint, getattr(hint, "__name__", str(hint)))


def apply_overrides(base: Any, overrides: Sequence[str]) -> Any:
    """``dataclasses.replace`` from ``["key=value", ...]``, typed by the base's values."""
    changes: dict[str, Any] = {}
    names = [f.name for f in dataclasses.fields(base)]
    for item in overrides:
        if "=" not in item:
            raise ModelError(f"config override must be key=value, got {item!r}")
        key, raw = (x.strip() for x in item.split("=", 1))
        if key not in names:
            raise ModelError(f"unknown config value {key!r}; accepted: {', '.join(names)}")
        value = _coerce(key, raw, getattr(base, key))
        if key in changes and changes[key] != value:
            raise ModelError(
                f"config value {key!r} set twice, to {changes[key]!r} and {value!r}; "
                "accepted: one value per key"
            )
        changes[key] = value
    return dataclasses.replace(base, **changes)


def _coerce(key: str, raw: str, current: Any) -> Any:
    try:
        if isinstance(current, bool):
            if raw.lower() in ("1", "true", "yes", "on"):
                return True
            if raw.lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError
        if isinstance(current, int):
            return int(raw)
        if isinstance(current, tuple):
            parts = [p for p in raw.split(",") if p.strip()]
            if current and isinstance(current[0], int):
                return tuple(int(p) for p in parts)
            return tuple(p.strip() for p in parts)
        return raw
    except ValueError:
        raise ModelError(f"bad value {raw!r} for {key}; accepted: {_how(current)}") from None


def _how(current: Any) -> str:
    """How to write a ``--set`` value of the current value's kind, with an example."""
    if isinstance(current, bool):
        return "true or false (also 1/0, yes/no, on/off)"
    if isinstance(current, int):
        return "a whole number"
    now = ",".join(str(x) for x in current)
    return f"whole numbers separated by commas, like 3,4,5 (now {now})"
