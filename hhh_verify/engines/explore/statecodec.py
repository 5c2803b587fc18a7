"""Compact, exact state keys for the explorer's intern table.

A state record (frozen dataclass or NamedTuple) becomes a short ``bytes`` key: each
field's value is replaced by its index in a per-field value table, and the indices are
packed with :mod:`struct` at 1, 2 or 4 bytes per field. Equal states give equal keys and
different states different keys (the tables are dicts, so equality is the field
values' own ``==``), so deduplication stays exact; no hashing collisions are possible.
Each distinct field value (a Ward tuple, a bag tuple, ...) is stored once, however many
states share it.

A field starts at 1 byte; when its table outgrows that, :meth:`StateCodec.widen`
re-packs every key already stored with the wider layout (rare: a few times per run).
"""

from __future__ import annotations

import dataclasses
import struct
from collections.abc import Callable
from operator import attrgetter, getitem
from typing import Any

_LIMITS = (("B", 1 << 8), ("H", 1 << 16), ("I", 1 << 32))


class _Table(dict):
    """Value -> index; unseen values get the next index on lookup."""

    def __init__(self) -> None:
        super().__init__()
        self.by_index: list[Any] = []

    def __missing__(self, value: Any) -> int:
        i = self[value] = len(self.by_index)
        self.by_index.append(value)
        return i


class StateCodec:
    """Packs states of one record type into bytes and back (see the module docstring)."""

    def __init__(self, cls: type, names: list[str], fields_of: Callable[[Any], Any]):
        self.cls = cls
        self.names = names
        self.fields_of = fields_of
        self.tables = [_Table() for _ in names]
        self.codes = ["B"] * len(names)
        self.packer = struct.Struct("<" + "".join(self.codes))

    @classmethod
    def for_state(cls, state: Any) -> StateCodec | None:
        """A codec for ``state``'s type, or ``None`` when it is not a plain record."""
        t = type(state)
        if isinstance(state, tuple) and hasattr(t, "_fields") and hasattr(t, "_make"):
            return cls(t, list(t._fields), tuple)
        if dataclasses.is_dataclass(state) and not isinstance(state, type):
            fields = dataclasses.fields(state)
            if not fields or any(not f.init for f in fields):
                return None
            names = [f.name for f in fields]
            getter = attrgetter(*names)
            return cls(t, names, getter if len(names) > 1 else lambda s: (getter(s),))
        return None

    def encode(self, state: Any) -> bytes:
        """The key of ``state``; raises ``struct.error`` when a field needs widening."""
        if type(state) is not self.cls:
            raise TypeError(f"state of type {type(state).__name__}, expected {self.cls.__name__}")
        return self.packer.pack(*map(getitem, self.tables, self.fields_of(state)))

    def lookup(self, state: Any) -> bytes | None:
        """The key of ``state`` if every field value was seen before, else ``None``."""
        if type(state) is not self.cls:
            return None
        ids = []
        for table, v in zip(self.tables, self.fields_of(state), strict=True):
            if v not in table:
                return None
            ids.append(table[v])
        return self.packer.pack(*ids)

    def decode(self, key: bytes) -> Any:
        values = [t.by_index[i] for t, i in zip(self.tables, self.packer.unpack(key), strict=True)]
        if hasattr(self.cls, "_make"):
            return self.cls._make(values)  # type: ignore[attr-defined]
        return self.cls(*values)

    def widen(self, index: dict[bytes, int], pending: Any = None) -> dict[bytes, int]:
        """Re-pack every stored key after a field table outgrew its width.

        Returns the new index (same order); keys in the mutable sequence ``pending``
        (e.g. the explorer's frontier deque) are re-packed in place.
        """
        old = self.packer
        for k, table in enumerate(self.tables):
            for code, limit in _LIMITS:
                if len(table.by_index) <= limit:
                    self.codes[k] = code
                    break
            else:
                raise OverflowError(f"field {self.names[k]} has more than 2**32 values")
        self.packer = struct.Struct("<" + "".join(self.codes))
        new = self.packer.pack
        if pending is not None:
            repacked = [new(*old.unpack(key)) for key in pending]
            pending.clear()
            pending.extend(repacked)
        return {new(*old.unpack(key)): sid for key, sid in index.items()}

    @property
    def key_bytes(self) -> int:
        return self.packer.size
