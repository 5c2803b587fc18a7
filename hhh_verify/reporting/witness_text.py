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
from collections.abc import Mapping, Sequence
from typing import Any

from hhh_verify.contract.vocab import DivergeEngine, DivergeKind
from hhh_verify.reporting.summary import player

#: ``label: value`` where the label is a few words (``Waiting Room 1``, ``P0``).
_LABELLED = re.compile(r"([A-Za-z][A-Za-z0-9 '_-]{0,40}): (.*)")
#: Numbers, amounts and bracketed lists: what changes in an item, leaving its name.
_AMOUNT = re.compile(r"\[[^\]]*\]|-?\$?-?\d+(?:/\d+)?")
#: ``name [a, b, c]``: a list printed as data.
_LIST = re.compile(r"([^\[\]]*?)\s*\[([^\[\]]*)\]")
_BRACKETS = re.compile(r"\[([^\[\]]*)\]")


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


def _positions(a: str, b: str) -> tuple[str, str] | None:
    """``tokens [7, 2, 5]`` against ``tokens [4, 2, 5]`` as the positions that differ
    (``tokens #1 7, #2 2`` / ``tokens #1 4, #2 1``): a description's list printed as data becomes
    the few numbers that changed, named by position. None when the two are not lists
    of the same length under the same name."""
    ma, mb = _LIST.fullmatch(a), _LIST.fullmatch(b)
    if not ma or not mb or ma.group(1) != mb.group(1):
        return None
    xs, ys = _split(ma.group(2), ", "), _split(mb.group(2), ", ")
    if len(xs) != len(ys):
        return None
    name = ma.group(1).strip()
    diff = [(i, x, y) for i, (x, y) in enumerate(zip(xs, ys), 1) if x != y]
    return (
        f"{name} " + ", ".join(f"#{i} {x}" for i, x, _ in diff),
        f"{name} " + ", ".join(f"#{i} {y}" for i, _, y in diff),
    )


def unlist(text: str) -> str:
    """A list printed as data (``[1, 0, 0, 1]``) as words: ``1 / 0 / 0 / 1``."""
    return _BRACKETS.sub(lambda m: " / ".join(_split(m.group(1), ", ")) or "none", text)


def _missing(item: str) -> list[str]:
    """The other side of a counted item only one side has: ``no yellow`` for ``1
    yellow`` (a bare ``-`` would read as an empty field, although its other items are
    the same on both sides). A flag without a count (``passed``) stays on its side."""
    name = " ".join(_AMOUNT.sub("", item).split())
    return [f"no {name}"] if name and _AMOUNT.search(item) else []


def _changed_items(a: str, b: str) -> tuple[str, str]:
    """Only the items of two comma lists that differ, when both list items about the
    same things (each named once): ``89 credits, tokens #1 7`` rather than the whole
    line; an item only one side has is shown on that side, ``no ITEM`` on the other."""
    items_a, items_b = _split(a, ", "), _split(b, ", ")
    keys_a = [_item_key(x) for x in items_a]
    keys_b = [_item_key(y) for y in items_b]
    shared = set(keys_a) & set(keys_b)
    if (
        len(items_a) < 2
        or len(set(keys_a)) != len(keys_a)
        or len(set(keys_b)) != len(keys_b)
        or len(shared) < max(len(keys_a), len(keys_b)) // 2
    ):
        return unlist(a), unlist(b)
    by_b = dict(zip(keys_b, items_b))
    out_a, out_b = [], []
    for key, x in zip(keys_a, items_a):
        y = by_b.get(key)
        if y == x:
            continue
        if y is None:
            out_a.append(unlist(x))
            out_b += _missing(x)
            continue
        pos = _positions(x, y)
        out_a.append(pos[0] if pos else unlist(x))
        out_b.append(pos[1] if pos else unlist(y))
    for key, y in zip(keys_b, items_b):
        if key not in set(keys_a):
            out_a += _missing(y)
            out_b.append(unlist(y))
    return ", ".join(out_a) or "-", ", ".join(out_b) or "-"


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
            a, b = unlist("; ".join(va or ["-"])), unlist("; ".join(vb or ["-"]))
        rows.append((label, a, b))
    return rows


def _plain(value: Any) -> str:
    """A raw field value if it is a number or text, else only that it differs."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return unlist(str(value))
    return "differs"


#: The keys of an outcome's JSON that :func:`outcome_text` words itself; any other key
#: (a game's own field) is shown as ``key value`` when it has a value.
_OUTCOME_KEYS = ("won", "reason", "scores", "winners")


def outcome_text(outcome: Mapping[str, Any] | None) -> str:
    """An end of game in words (``won (completed, money 12)``; ``-`` while not over)."""
    if outcome is None:
        return "-"
    won = outcome.get("won")
    text = f"{'won' if won else 'lost' if won is False else 'ended'} ({outcome.get('reason')}"
    for key, value in outcome.items():
        if key not in _OUTCOME_KEYS and value is not None and value != "":
            text += f", {key} {value}"
    if outcome.get("scores"):
        text += ", scores " + ", ".join(f"P{i} {x}" for i, x in enumerate(outcome["scores"]))
    if outcome.get("winners"):
        text += ", won by " + " and ".join(f"P{i}" for i in outcome["winners"])
    return text + ")"


def witness_rows(w: Mapping[str, Any], sep: str = "; ") -> list[tuple[str, str, str]]:
    """The table of a witness (``diverge``'s JSON ``witness``): label, reading A,
    reading B, in words for every kind of witness (``sep`` joins the actions legal under
    one reading only)."""
    ra, rb = w["readings"]["a"], w["readings"]["b"]
    if w["kind"] == DivergeKind.LEGAL_ACTIONS:
        return [
            (
                "legal only under this reading",
                sep.join(action_text(x) for x in ra["only_here"]) or "-",
                sep.join(action_text(x) for x in rb["only_here"]) or "-",
            )
        ]
    if w["kind"] == DivergeKind.OUTCOME:
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


#: A code name (``EndTreatment``): the action's class name where no text describes it.
_CODE_NAME = re.compile(r"[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+")


def action_text(text: str) -> str:
    """An action in words: a bare code name ``EndTreatment`` reads ``End treatment``."""
    if not _CODE_NAME.fullmatch(text):
        return unlist(text)
    words = re.findall(r"[A-Z][a-z0-9]*", text)
    return " ".join([words[0], *(w.lower() for w in words[1:])])


#: What a witness shows, by its kind.
KIND_TEXT = {
    DivergeKind.LEGAL_ACTIONS: "the readings allow different moves",
    DivergeKind.SUCCESSORS: "the same move leads to different positions",
    DivergeKind.OUTCOME: "the game ends differently",
}
#: How a witness was found, by the engine that found it.
ENGINE_TEXT = {
    DivergeEngine.EXPLORER: "exhaustive search",
    DivergeEngine.DIFFERENTIAL: "paired playouts (confirmed on the exact rules)",
}


def witness_header(d: Mapping[str, Any], config: Mapping[str, Any] | None) -> str:
    """Where and how a witness was found, in words: the engine, the configuration (a
    reduced one named with how it differs from the real game), the round and the step,
    and what the witness shows."""
    w = d["witness"]
    how = ENGINE_TEXT.get(d["engine"], d["engine"])
    where = (config or {}).get("short") or f"configuration `{d['config']}`"
    if (config or {}).get("full"):
        where = "the real game"
    if w["state"] is None:
        return f"Found on {where} by {how}: the readings start from different set-ups."
    when = f"in round {w['round']}, " if w.get("round") else ""
    return (
        f"Found on {where} by {how}, {when}after {w['depth']} steps: "
        f"{KIND_TEXT.get(w['kind'], w['kind'])}."
    )


def reduced_note(
    p: Mapping[str, Any], configs: Mapping[str, Any], elsewhere: Sequence[str] = ()
) -> str:
    """Words for a witness found on a reduced configuration only: that it is not the real
    game, the readings ``elsewhere`` whose witness is on the real game (else that the
    real game was not searched once this one was found), and the consequence measured on
    the real game: in how many of its paired games the readings parted, per player (the
    impact figures beside it), or that none did. "" for a witness on the real game."""
    conf = configs.get(p["diverge"].get("config") or "") or {}
    if p["diverge"]["witness"] is None or conf.get("full", True):
        return ""
    text = "This position is from a reduced configuration, not the real game" + (
        "; a witness on the real game is shown under reading "
        + ", ".join(f"`{o}`" for o in elsewhere)
        if elsewhere
        else "; the real game was not searched once this witness was found"
    )
    real = [
        (policy, imp)
        for policy, imp in p["impact"].items()
        if (configs.get(imp.get("config") or "") or {}).get("full")
    ]
    if not real:
        return text + ". No paired games were played on the real game."
    if any(imp["games_parted"] for _, imp in real):
        counts = [
            f"{imp['games_parted']} of {imp['games']} paired games of {player(pol)}"
            for pol, imp in real
        ]
        return (
            f"{text}. On the real game the readings parted in {' and '.join(counts)}: "
            "the impact below is the consequence measured there."
        )
    games = [f"{imp['games']} paired games of {player(pol)}" for pol, imp in real]
    return (
        f"{text}. On the real game the readings never parted ({' and '.join(games)}): "
        "no consequence on the real game was measured."
    )
