"""JSON from outside (traces, decisions files, optimal-play files, serialised states),
read strictly and within stated limits: one :class:`ModelError` line for anything else.

* at most :data:`MAX_BYTES` of text and :data:`MAX_DEPTH` levels of nesting (a
  100,000-deep document overflowed the parser with a traceback);
* integers of at most :data:`MAX_INT_DIGITS` digits (a 5,000-digit integer is refused
  before anything computes with it);
* no ``NaN`` or ``Infinity`` (not JSON);
* no object that names one key twice (``json`` would keep the last silently).

Text is UTF-8, with or without a byte-order mark, or UTF-16 with one (what Windows'
editors save); curly quotes, as a word processor types them, get their own message.
"""

from __future__ import annotations

import codecs
import json
from typing import Any

from hhh_verify.contract.errors import ModelError

#: The largest JSON input read (64 MiB: a long trace is a few MiB).
MAX_BYTES = 64 * 1024 * 1024
#: The deepest nesting of arrays and objects (the tool's files use fewer than 10).
MAX_DEPTH = 64
#: The longest integer (int64 has 19 digits).
MAX_INT_DIGITS = 30


#: Typographic quotes a word processor puts where JSON needs ``"``.
CURLY_QUOTES = "\u201c\u201d\u2018\u2019\u201e\u00ab\u00bb"


def decode(raw: bytes, what: str) -> str:
    """The text of a file's bytes: UTF-8 (a byte-order mark, as Notepad writes, is
    dropped), or UTF-16 when it starts with UTF-16's byte-order mark."""
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return raw.decode("utf-16")
        except UnicodeDecodeError as e:
            raise ModelError(f"{what} is not UTF-16 text ({e.reason} at byte {e.start})") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ModelError(
            f"{what} is not text in UTF-8 or UTF-16 ({e.reason} at byte {e.start}); "
            "accepted: a file saved as UTF-8 or UTF-16 text"
        ) from None


class _Refused(ValueError):
    """A value the strict reader refuses (not a syntax error)."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise _Refused(f"names {k} twice; accepted: each key once")
        out[k] = v
    return out


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _Refused(
            f"holds a {len(text.lstrip('-'))}-digit integer; accepted: at most "
            f"{MAX_INT_DIGITS} digits"
        )
    return int(text)


def _no_constant(name: str) -> Any:
    raise _Refused(f"holds {name}, which is not JSON; accepted: finite numbers")


def _depth(value: Any) -> int:
    """The nesting depth of a parsed value, iteratively (no recursion to overflow)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, (list, dict)):
            deepest = max(deepest, d)
            if deepest > MAX_DEPTH:
                return deepest
            stack += [(x, d + 1) for x in (v.values() if isinstance(v, dict) else v)]
    return deepest


def loads(text: str | bytes, what: str) -> Any:
    """The value of the JSON ``text``; ``what`` names the input in the one-line error
    (``"trace file T"``)."""
    if len(text) > MAX_BYTES:
        raise ModelError(
            f"{what} is {len(text):,} bytes; accepted: at most {MAX_BYTES:,} bytes of JSON"
        )
    if isinstance(text, bytes):
        text = decode(text, what)
    text = text.removeprefix("\ufeff")  # a byte-order mark (Notepad's UTF-8)
    try:
        value = json.loads(
            text,
            object_pairs_hook=_unique_keys,
            parse_int=_bounded_int,
            parse_constant=_no_constant,
        )
    except _Refused as e:
        raise ModelError(f"{what} {e}") from None
    except RecursionError:
        raise ModelError(
            f"{what} is nested too deeply; accepted: at most {MAX_DEPTH} levels"
        ) from None
    except json.JSONDecodeError as e:
        curly = sorted({c for c in text if c in CURLY_QUOTES})
        if curly:
            raise ModelError(
                f"{what} is not valid JSON: it uses curly quotes ({' '.join(curly)}), as a word "
                'processor writes them; accepted: straight quotes (") as a plain-text editor '
                "writes them"
            ) from None
        raise ModelError(f"{what} is not valid JSON: {e.msg} at line {e.lineno}") from None
    if _depth(value) > MAX_DEPTH:
        raise ModelError(f"{what} is nested too deeply; accepted: at most {MAX_DEPTH} levels")
    return value


def load_file(path: str, what: str) -> Any:
    """The JSON value of the file at ``path`` (at most :data:`MAX_BYTES` are read)."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise ModelError(f"{what}: no such file") from None
    except OSError as e:
        raise ModelError(f"{what} cannot be read ({e.strerror})") from None
    return loads(raw, what)
