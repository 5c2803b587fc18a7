"""What a report's figures rest on besides the book: stand-in content, numbers the book
does not print, and the reduced presets its witnesses were found on.

Built from the game's declaration (:class:`~hhh_verify.contract.model.GameSpec`), never written
per game: the rule index's parameterised rows and rows whose note says a text or number
is not printed, the config fields whose documentation says stand-in or not printed, and
entries of the ``parameter`` category. A rules editor reads this before any number.
"""

from __future__ import annotations

import dataclasses
import re
import shlex
from collections.abc import Sequence
from typing import Any

from hhh_verify.contract.spec import GameSpec
from hhh_verify.contract.vocab import AmbiguityCategory
from hhh_verify.reporting.english import for_game, section_label
from hhh_verify.rulebook.rule_map import RuleStatus
from hhh_verify.rulebook.sections import section_index

#: A note that says the figure rests on something the book does not give.
_NOT_PRINTED = re.compile(r"stand-in|not printed|invented|parameter\b", re.IGNORECASE)
_STAND_IN = re.compile(r"stand-in", re.IGNORECASE)
_ID = re.compile(r"\b[A-Z]{2,}(?:-[A-Z0-9]+)+\b")


def assumptions(spec: GameSpec, entry_ids: Sequence[str]) -> list[dict[str, Any]]:
    """Rows ``{"source", "text", "entries", "everywhere"}``: ``entries`` are the report's
    entries the row names; ``everywhere``: the content is in every game played on the
    real game (stand-in cards, tiles...), so every measured effect rests on it. A
    section of a rulebook in another language carries its heading's English."""
    ids = set(entry_ids)
    label = section_label(for_game(spec))
    rows: list[dict[str, Any]] = []
    seen: set[str] = set()

    def add(source: str, text: str, entries: list[str], everywhere: bool) -> None:
        if text in seen:
            return
        seen.add(text)
        rows.append({"source": source, "text": text, "entries": entries, "everywhere": everywhere})

    for field, doc in spec.config_docs.items():
        if _NOT_PRINTED.search(doc):
            named = [x for x in _ID.findall(doc) if x in ids]
            add(f"config `{field}`", doc, named, bool(_STAND_IN.search(doc)))
    for row in section_index(spec):
        if row.status is not RuleStatus.PARAMETER and not _NOT_PRINTED.search(row.note):
            continue
        named = [x for w in row.where for x in _ID.findall(w) if x in ids]
        add(f"rulebook: {label(row.section)}", row.note, named, bool(_STAND_IN.search(row.note)))
    for a in spec.ambiguities:
        if a.category == AmbiguityCategory.PARAMETER and a.id in ids:
            add(f"entry {a.id}", f"a number the book does not print: {a.title}", [a.id], False)
    return rows


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "on" if v else "off"
    if isinstance(v, tuple):
        return " / ".join(_value(x) for x in v) or "none"
    return str(v)


#: Fields named first when a reduced preset is described in a few words.
_FIRST = ("rounds", "colours", "players", "player_count")


def real_preset(spec: GameSpec) -> str:
    """The preset of the real game: ``full``, or the game's default when it has none."""
    return "full" if "full" in spec.presets else str(spec.default_preset)


def preset_differences(spec: GameSpec, label: str) -> list[tuple[str, str, str]]:
    """``(setting, here, real game)`` for every setting of the configuration ``label``
    (``tiny --set rounds=1``, as the witnesses name it) that differs from the real game."""
    words = shlex.split(label)
    preset = words[0] if words else ""
    overrides = [words[i + 1] for i, w in enumerate(words[:-1]) if w == "--set"]
    config = spec.config(preset, overrides)
    full = spec.config(real_preset(spec))
    rows = [
        (f.name.replace("_", " "), _value(getattr(config, f.name)), _value(getattr(full, f.name)))
        for f in dataclasses.fields(config)
        if getattr(config, f.name) != getattr(full, f.name)
    ]
    order = {name: i for i, name in enumerate(_FIRST)}
    return sorted(rows, key=lambda r: order.get(r[0].replace(" ", "_"), len(order)))


def describe_preset(spec: GameSpec, label: str) -> dict[str, Any]:
    """The configuration ``label`` in words: whether it is the real game, and if not a
    short phrase (``the reduced configuration `tiny` (rounds 1, real game 6; colours 1,
    real game 5; and 26 more settings)``) and every difference."""
    if label == real_preset(spec):
        return {"full": True, "short": f"the real game (preset {label})", "differences": []}
    rows = preset_differences(spec, label)
    head = "; ".join(f"{name} {here}, real game {real}" for name, here, real in rows[:2])
    more = f"; and {len(rows) - 2} more settings" if len(rows) > 2 else ""
    return {
        "full": False,
        "short": f"the reduced configuration `{label}` ({head}{more})" if rows else label,
        "differences": [list(r) for r in rows],
    }


def presets_used(spec: GameSpec, entries: Sequence[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Every configuration a witness of ``entries`` was found on or their paired games
    were played on, described (so a reader learns whether a witness's configuration is
    the one its measured consequence comes from)."""
    labels = sorted(
        {
            p["diverge"]["config"]
            for e in entries
            for p in e["pairs"]
            if p["diverge"]["witness"] is not None and p["diverge"]["config"]
        }
        | {
            imp["config"]
            for e in entries
            for p in e["pairs"]
            for imp in p["impact"].values()
            if imp.get("config")
        }
    )
    return {label: describe_preset(spec, label) for label in labels}
