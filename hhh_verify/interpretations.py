"""Ambiguities as first-class values.

Every place where a rulebook is silent, contradicts itself or reads two ways is an
:class:`Ambiguity` with quoted evidence, two or more :class:`Option` readings, a default
and the reason for it. A model receives an :class:`Interpretation` (one chosen option per
ambiguity) and asks it ``interp.choice("HHH-ROOM-CAP")`` at the place the rule applies.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .model import ModelError

#: ``parameter``: the entry fills a gap with numbers or texts the book does not print (its
#: options are choices of value, not readings of a sentence), so reports can say so.
CATEGORIES = (
    "contradiction",
    "gap",
    "numeric",
    "ordering",
    "boundary",
    "terminology",
    "parameter",
)


@dataclass(frozen=True)
class Quote:
    """A short quotation from the rulebook and the section it comes from."""

    section: str
    text: str


@dataclass(frozen=True)
class Option:
    """One reading of an ambiguous rule."""

    id: str
    summary: str


@dataclass(frozen=True)
class Ambiguity:
    """An unclear rule: evidence, readings, the default reading and why."""

    id: str
    title: str
    category: str
    quotes: tuple[Quote, ...]
    options: tuple[Option, ...]
    default: str
    why: str

    def __post_init__(self) -> None:
        ids = [o.id for o in self.options]
        if self.category not in CATEGORIES:
            raise ValueError(f"{self.id}: category {self.category!r} not in {CATEGORIES}")
        if len(ids) < 2 or len(set(ids)) != len(ids):
            raise ValueError(f"{self.id}: needs two or more distinct options")
        if self.default not in ids:
            raise ValueError(f"{self.id}: default {self.default!r} is not an option")
        if not self.quotes:
            raise ValueError(f"{self.id}: needs at least one quote")

    @property
    def option_ids(self) -> tuple[str, ...]:
        return tuple(o.id for o in self.options)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "category": self.category,
            "quotes": [{"section": q.section, "text": q.text} for q in self.quotes],
            "options": [{"id": o.id, "summary": o.summary} for o in self.options],
            "default": self.default,
            "why": self.why,
        }


@dataclass(frozen=True)
class Interpretation:
    """One chosen option per ambiguity (hashable, so models can cache on it).

    ``defaults`` are the default options of the registry that built it (not part of
    equality), so a trace can record "what differs from the defaults" without looking
    the game up.
    """

    choices: tuple[tuple[str, str], ...]
    defaults: tuple[tuple[str, str], ...] = field(default=(), compare=False, repr=False)

    def choice(self, ambiguity_id: str) -> str:
        for k, v in self.choices:
            if k == ambiguity_id:
                return v
        raise KeyError(f"no interpretation for {ambiguity_id}")

    def as_dict(self) -> dict[str, str]:
        return dict(self.choices)

    def non_default(self, registry: AmbiguityRegistry | None = None) -> dict[str, str]:
        """Only the choices that differ from the defaults (``registry``'s, or the ones
        recorded when the registry built this interpretation)."""
        if registry is not None:
            return {k: v for k, v in self.choices if registry.get(k).default != v}
        if self.choices and not self.defaults:
            raise ModelError("an interpretation built outside its registry needs the registry")
        defaults = dict(self.defaults)
        return {k: v for k, v in self.choices if defaults[k] != v}


class AmbiguityRegistry:
    """The ordered set of a game's ambiguities; builds and validates interpretations."""

    def __init__(self, entries: Iterable[Ambiguity]):
        self.entries: tuple[Ambiguity, ...] = tuple(entries)
        self._by_id = {a.id: a for a in self.entries}
        if len(self._by_id) != len(self.entries):
            raise ValueError("duplicate ambiguity id")

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.entries)

    def get(self, ambiguity_id: str) -> Ambiguity:
        try:
            return self._by_id[ambiguity_id]
        except KeyError:
            raise ModelError(
                f"unknown interpretation {ambiguity_id!r}; accepted: {', '.join(self._by_id)}"
            ) from None

    def default(self) -> Interpretation:
        defaults = tuple((a.id, a.default) for a in self.entries)
        return Interpretation(defaults, defaults)

    def with_choices(self, choices: Mapping[str, str]) -> Interpretation:
        """The default interpretation with ``choices`` applied (validated)."""
        chosen = dict(self.default().choices)
        for k, v in choices.items():
            amb = self.get(k)
            if v not in amb.option_ids:
                raise ModelError(
                    f"unknown option {v!r} for {k}; accepted: {', '.join(amb.option_ids)}"
                )
            chosen[k] = v
        defaults = tuple((a.id, a.default) for a in self.entries)
        return Interpretation(tuple((a.id, chosen[a.id]) for a in self.entries), defaults)

    def parse(self, items: Sequence[str]) -> Interpretation:
        """Parse ``["ID=OPTION", ...]`` (the ``--interpret`` flag) into an interpretation."""
        choices: dict[str, str] = {}
        for item in items:
            if "=" not in item:
                raise ModelError(f"--interpret takes ID=OPTION, got {item!r}")
            k, v = (x.strip() for x in item.split("=", 1))
            choices[k] = v
        return self.with_choices(choices)
