"""A diverge witness in the game's own words: what differs between the two readings, per
player and per field, read from the games' ``describe_state`` text.

The terminal, the Markdown report and the HTML report print the same rows (label, A, B),
so a witness reads alike everywhere. A state's fields are the model's internals (nested
tuples of counts); its description is what a player reads (``P0 patients: red 6
(treated)``), so the rows compare descriptions:

* a description line ``label: value`` is a field; an indented line belongs to the line
  above it (``P0`` then ``  patients: ...`` is ``P0 patients``); ``a: x; b: y`` on one
  line is two fields;
* of a field that differs, only the comma-separated items that changed are shown when
  both sides list items about the same things in the same order (``P0: tokens [0, 0,
  1]`` rather than the whole line of credits, prestige, quality...), else the whole
  value;
* when the descriptions are the same but the states are not (a field no description
  shows), the rows name those fields and show only values that are plain numbers or
  text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

#: ``label: value`` where the label is a few words (``Waiting Room 1``, ``P0``).
_LABELLED = re.compile(r"([A-Za-z][A-Za-z0-9 '_-]{0,40}): (.*)")
#: Numbers, amounts and bracketed lists: what changes in an item, leaving its name.
_AMOUNT = re.compile(r"\[[^\]]*\]|-?\$?-?\d+(?:/\d+)?")


def _split(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` outside brackets and parentheses."""
    parts, depth, start = [], 0, 0
    i = 0
    while i < len(text):
        c = text[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif depth == 0 and text.startswith(sep, i):
            parts.append(text[start:i])
            start = i + len(sep)
            i = start
            continue
        i += 1
    parts.append(text[start:])
    return parts


def _fields(line: str) -> list[tuple[str, str]]:
    """A description line as ``(label, value)`` pairs (label "" for an unlabelled line).
    ``a: x; b: y`` is two fields; a ``; `` piece without a label continues the last."""
    out: list[tuple[str, str]] = []
    for piece in _split(line, "; "):
        m = _LABELLED.fullmatch(piece)
        if m:
            out.append((m.group(1), m.group(2)))
        elif out:
            out[-1] = (out[-1][0], f"{out[-1][1]}; {piece}")
        else:
            out.append(("", piece))
    return out


def described_fields(text: str) -> dict[str, list[str]]:
    """Every field of a ``describe_state`` text by label (``P0 patients``), in order; a
    label used on several lines (one line per patient) keeps every value, and a line
    without a label (the round and phase) is ``game``."""
    out: dict[str, list[str]] = {}
    owner = ""
    for raw in text.splitlines():
        if not raw.strip():
            continue
        indented = raw[:1].isspace()
        fields = _fields(raw.strip())
        for label, value in fields:
            key = f"{owner} {label}".strip() if indented else label or "game"
            out.setdefault(key, []).append(value)
        if not indented:
            owner = fields[0][0]
    return out


def _item_key(item: str) -> str:
    """What an item is about: its first word once numbers are taken out (``credits`` of
    ``3 credits``, ``phase`` of ``phase visit``, ``red`` of ``red 6 (treated)``)."""
    words = _AMOUNT.sub("", item).split()
    return words[0] if words else ""


def _changed_items(a: str, b: str) -> tuple[str, str]:
    """Only the items of two comma lists that differ, when both list the same items."""
    items_a, items_b = _split(a, ", "), _split(b, ", ")
    same_items = len(items_a) == len(items_b) > 1 and all(
        _item_key(x) == _item_key(y) for x, y in zip(items_a, items_b)
    )
    if not same_items:
        return a, b
    pairs = [(x, y) for x, y in zip(items_a, items_b) if x != y]
    return ", ".join(x for x, _ in pairs), ", ".join(y for _, y in pairs)


def described_changes(text_a: str, text_b: str) -> list[tuple[str, str, str]]:
    """The fields whose description differs: ``(label, under A, under B)``, ``-`` where
    one description has no such field."""
    fa, fb = described_fields(text_a), described_fields(text_b)
    rows = []
    for label in dict.fromkeys([*fa, *fb]):
        va, vb = fa.get(label), fb.get(label)
        if va == vb:
            continue
        if va is not None and vb is not None and len(va) == len(vb) == 1:
            a, b = _changed_items(va[0], vb[0])
        else:
            a, b = "; ".join(va or ["-"]), "; ".join(vb or ["-"])
        rows.append((label, a, b))
    return rows


def _plain(value: Any) -> str:
    """A raw field value if it is a number or text, else only that it differs."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return str(value)
    return "differs"


def outcome_text(outcome: Mapping[str, Any] | None) -> str:
    """An end of game in words (``won (completed, money 12)``; ``-`` while not over)."""
    if outcome is None:
        return "-"
    won = outcome.get("won")
    text = f"{'won' if won else 'lost' if won is False else 'ended'} ({outcome.get('reason')}"
    if outcome.get("money") is not None:
        text += f", money {outcome['money']}"
    if outcome.get("rating"):
        text += f", rating {outcome['rating']}"
    if outcome.get("scores"):
        text += f", scores {list(outcome['scores'])}"
    if outcome.get("winners"):
        text += f", winners {list(outcome['winners'])}"
    return text + ")"


def witness_rows(w: Mapping[str, Any], sep: str = "; ") -> list[tuple[str, str, str]]:
    """The table of a witness (``diverge``'s JSON ``witness``): label, reading A,
    reading B, in words for every kind of witness (``sep`` joins the actions legal under
    one reading only)."""
    ra, rb = w["readings"]["a"], w["readings"]["b"]
    if w["kind"] == "legal-actions":
        return [
            (
                "legal only under this reading",
                sep.join(ra["only_here"]) or "-",
                sep.join(rb["only_here"]) or "-",
            )
        ]
    if w["kind"] == "outcome":
        return [("outcome", outcome_text(ra["outcome"]), outcome_text(rb["outcome"]))]
    rows = described_changes(ra["state"] or "", rb["state"] or "")
    if not rows:  # only fields that no description shows differ
        rows = [
            (f"{c['field']} (not described)", _plain(c["a"]), _plain(c["b"])) for c in w["changes"]
        ]
    if ra["outcome"] != rb["outcome"]:
        rows.append(("outcome", outcome_text(ra["outcome"]), outcome_text(rb["outcome"])))
    if ra["probability"]["a"] is not None:
        rows.append(
            (
                "P(this result) under A / B",
                f"{ra['probability']['a']} / {ra['probability']['b']}",
                f"{rb['probability']['a']} / {rb['probability']['b']}",
            )
        )
    return rows
