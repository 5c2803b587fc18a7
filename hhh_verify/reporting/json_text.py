"""Report JSON as text: indented for reading and diffing, but a list of plain numbers or
strings on one line (a report holds 2,000 paired results per reading and policy; one
number a line made the largest report 2.5 times longer)."""

from __future__ import annotations

import json
from typing import Any

INDENT = " "


def dumps(value: Any, sort_keys: bool = True) -> str:
    """``value`` as JSON text that ``json.loads`` reads back equal."""
    return _dump(value, 0, sort_keys)


def _dump(value: Any, level: int, sort_keys: bool) -> str:
    pad, inner = INDENT * level, INDENT * (level + 1)
    if isinstance(value, dict) and value:
        keys = sorted(value) if sort_keys else list(value)
        items = [
            f"{inner}{json.dumps(str(k))}: {_dump(value[k], level + 1, sort_keys)}" for k in keys
        ]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, (list, tuple)) and value:
        if all(not isinstance(v, (dict, list, tuple)) for v in value):
            return json.dumps(list(value))
        items = [inner + _dump(v, level + 1, sort_keys) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    return json.dumps(value)
