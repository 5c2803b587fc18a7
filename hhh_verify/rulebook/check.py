"""A game's rule map held against its rulebook and its code: the entries tile the book,
and everything an entry names exists (functions with a docstring citing their rule,
ambiguity ids, config keys, verbatim quotes)."""

from __future__ import annotations

import dataclasses
import importlib
import re
from typing import Any

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.spec import GameSpec
from hhh_verify.rulebook.rule_map import (
    Placed,
    RuleMap,
    RuleMapError,
    RuleStatus,
    align,
    normalise,
    split_sentences,
)
from hhh_verify.rulebook.texts import rulebook_text

#: A bracketed translator's note inside a rendering: never a quote.
_NOTE = re.compile(r"\[[^\]]*\]")


def load(spec: GameSpec) -> RuleMap:
    """The game's rule map (``ModelError`` when it declares none)."""
    if spec.rule_map is None:
        raise ModelError(f"game {spec.id!r} has no sentence-level rule map")
    rule_map: RuleMap = spec.rule_map()
    return rule_map


def placed(spec: GameSpec) -> list[Placed]:
    """Every sentence of the game's rulebook with the entries that cover it."""
    rule_map = load(spec)
    try:
        book = rulebook_text(rule_map.rulebook, spec.rulebook_package)
        return align(rule_map.entries, split_sentences(book))
    except RuleMapError as e:
        raise ModelError(f"{spec.id} rule map: {e}") from None


def resolve(package: str, name: str) -> Any:
    """``module.attr[.attr]`` inside ``package`` (``AttributeError``/``ImportError`` if absent)."""
    module, _, attr = name.partition(".")
    obj: Any = importlib.import_module(f"{package}.{module}")
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


def problems(spec: GameSpec) -> list[str]:
    """Everything wrong with the game's rule map (empty when it is sound)."""
    rule_map = load(spec)
    book = rulebook_text(rule_map.rulebook, spec.rulebook_package)
    try:
        clauses = [k for p in align(rule_map.entries, split_sentences(book)) for k in p.clauses]
    except RuleMapError as err:
        return [str(err)]
    flat_book = normalise(book)
    english = (
        normalise(_NOTE.sub(" ", rulebook_text(rule_map.rendering, spec.rulebook_package)))
        if rule_map.rendering
        else ""
    )
    ids = {a.id for a in spec.ambiguities}
    keys = {f.name for f in dataclasses.fields(spec.config_type)}
    out: list[str] = []
    for n, k in enumerate(clauses, 1):
        e = k.entry
        where = f"entry {n} ({e.status.value}, {e.at}) {k.text[:60]!r}"
        if e.status is RuleStatus.READING:
            out += [f"{where}: unknown ambiguity {a}" for a in e.where if a not in ids]
        elif e.status is RuleStatus.PARAMETER:
            out += [f"{where}: unknown config key {c}" for c in e.where if c not in keys]
        else:
            out += _functions(rule_map.package, e.where, where)
        if e.status in _NAMES_SOMETHING and not e.where:
            out.append(f"{where}: names nothing")
        if e.status in _NEEDS_A_NOTE and not e.note.strip():
            out.append(f"{where}: needs a note (the reading, the reason or the value's source)")
        if e.quote and normalise(e.quote) not in flat_book:
            out.append(f"{where}: settling quote is not verbatim: {e.quote[:60]!r}")
        if e.en and (not english or "[" in e.en or normalise(e.en) not in english):
            out.append(f"{where}: English text is not verbatim in the rendering: {e.en[:60]!r}")
    return out


#: Statuses whose entry must name functions, ambiguities or config keys.
_NAMES_SOMETHING = frozenset({RuleStatus.MODELLED, RuleStatus.READING, RuleStatus.PARAMETER})
#: Statuses whose entry must say the reading, the reason or the value's source.
_NEEDS_A_NOTE = frozenset({RuleStatus.SETTLED, RuleStatus.LEFT_OUT, RuleStatus.PARAMETER})


def _functions(package: str, names: tuple[str, ...], where: str) -> list[str]:
    out = []
    for name in names:
        try:
            obj = resolve(package, name)
        except (ImportError, AttributeError):
            out.append(f"{where}: no function {name} in {package}")
            continue
        if not getattr(obj, "__doc__", None):
            out.append(f"{where}: {name} has no docstring citing its rule")
    return out
