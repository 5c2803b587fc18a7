"""Ambiguities as first-class values.

Every place where a rulebook is silent, contradicts itself or reads two ways is an
:class:`Ambiguity` with quoted evidence, two or more :class:`Option` readings, a default
and the reason for it. A model receives an :class:`Interpretation` (one chosen option per
ambiguity) and asks it, at the place the rule applies, whether a reading is in force,
``interp.reads(R.ROOM_CAP.SIX_TOTAL)``, or which one is, ``interp.reading(R.ROOM_CAP)``
(``R`` being the game's generated readings module, :mod:`hhh_verify.contract.readings`).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hhh_verify.contract import json_input
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.readings import Reading, ReadingT
from hhh_verify.contract.vocab import AmbiguityCategory

#: The accepted categories (:class:`~hhh_verify.contract.vocab.AmbiguityCategory`).
CATEGORIES = tuple(c.value for c in AmbiguityCategory)


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


def _category(entry: str, value: str) -> AmbiguityCategory:
    """``value`` read as a category of entry ``entry`` (a ``ValueError`` naming it if not)."""
    if value not in CATEGORIES:
        raise ValueError(f"{entry}: category {str(value)!r} not in {CATEGORIES}")
    return AmbiguityCategory(value)


@dataclass(frozen=True)
class Ambiguity:
    """An unclear rule: evidence, readings, the default reading and why."""

    id: str
    title: str
    category: AmbiguityCategory
    quotes: tuple[Quote, ...]
    options: tuple[Option, ...]
    default: str
    why: str

    def __post_init__(self) -> None:
        ids = [o.id for o in self.options]
        object.__setattr__(self, "category", _category(self.id, self.category))
        if len(ids) < 2 or len(set(ids)) != len(ids):
            raise ValueError(f"{self.id}: needs two or more distinct options")
        if self.default not in ids:
            raise ValueError(f"{self.id}: default {self.default!r} is not an option")
        if not self.quotes:
            raise ValueError(f"{self.id}: needs at least one quote")

    @classmethod
    def of(
        cls,
        id: str,
        title: str,
        category: str,
        quotes: Iterable[tuple[str, str]],
        options: Iterable[tuple[str, str]],
        default: str,
        why: str,
    ) -> Ambiguity:
        """An entry written as plain pairs: ``(section, text)`` quotes and ``(id, summary)``
        options, so a game's ``ambiguities.py`` is data, not constructor calls."""
        return cls(
            id,
            title,
            _category(id, category),
            tuple(Quote(s, t) for s, t in quotes),
            tuple(Option(o, d) for o, d in options),
            default,
            why,
        )

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
class Readings:
    """One chosen option per ambiguity (hashable, so models can cache on it).

    ``defaults`` are the default options of the registry that built it (not part of
    equality), so a trace can record "what differs from the defaults" without looking
    the game up.
    """

    choices: tuple[tuple[str, str], ...]
    defaults: tuple[tuple[str, str], ...] = field(default=(), compare=False, repr=False)

    def reading_of(self, ambiguity_id: str) -> str:
        for k, v in self.choices:
            if k == ambiguity_id:
                return v
        raise KeyError(f"no interpretation for {ambiguity_id}")

    def reads(self, option: Reading) -> bool:
        """Whether ``option`` (``R.ROOM_CAP.SIX_TOTAL``) is the chosen reading of its
        ambiguity."""
        return self.reading_of(option.ambiguity) == option.option

    def reading(self, ambiguity: type[ReadingT]) -> ReadingT:
        """The chosen option of ``ambiguity`` (``R.ROOM_CAP``) as its member, for a rule
        that branches on several options."""
        return ambiguity(self.reading_of(ambiguity.ID))

    def declared_of(self, ambiguity_id: str) -> str:
        """The option the promises hold the rule to: the chosen one, except on a
        :class:`PlayedAs` test mutant, whose rules play another."""
        return self.reading_of(ambiguity_id)

    def declares(self, option: Reading) -> bool:
        """Whether the promises hold the rule to ``option`` (``reads`` but for the
        declared reading; promise code asks this, rule code asks ``reads``)."""
        return self.declared_of(option.ambiguity) == option.option

    def declared(self, ambiguity: type[ReadingT]) -> ReadingT:
        """The option the promises hold ``ambiguity`` (``R.ROOM_CAP``) to, as its member
        (``reading`` but for the declared reading)."""
        return ambiguity(self.declared_of(ambiguity.ID))

    def played_as(self, ambiguity_id: str, option: str) -> PlayedAs:
        """A test mutant of these readings: the rules read ``ambiguity_id`` as
        ``option`` (``choices``, ``reading_of``, ``reads`` and ``reading`` all answer it)
        while the promises stay those of the option chosen here (``declared_of``).
        Never equal to plain readings, so no cache keyed on readings mixes the two."""
        declared = self.reading_of(ambiguity_id)
        choices = tuple((k, option if k == ambiguity_id else v) for k, v in self.choices)
        return PlayedAs(choices, self.defaults, (ambiguity_id, declared))

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


def did_you_mean(given: str, known: Iterable[str]) -> str:
    """The known id or option closest to ``given``, ignoring case ("" when none is
    close): ``rh-credit-strat`` -> ``RH-CREDIT-START``."""
    by_lower = {k.lower(): k for k in known}
    close = difflib.get_close_matches(given.lower(), list(by_lower), n=1, cutoff=0.75)
    return by_lower[close[0]] if close else ""


@dataclass(frozen=True)
class PlayedAs(Readings):
    """Readings whose rules play one option while its promise is another's (a swap
    mutant, built by :meth:`Readings.played_as` for tests only): ``choices`` hold what
    the rules play, ``promised`` the ``(ambiguity, option)`` whose promise is in force."""

    promised: tuple[str, str] = ("", "")

    def declared_of(self, ambiguity_id: str) -> str:
        if ambiguity_id == self.promised[0]:
            return self.promised[1]
        return self.reading_of(ambiguity_id)


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
            guess = did_you_mean(ambiguity_id, self._by_id)
            hint = f"did you mean {guess}? " if guess else ""
            raise ModelError(
                f"unknown interpretation {ambiguity_id!r}; {hint}accepted: {', '.join(self._by_id)}"
            ) from None

    def default(self) -> Readings:
        defaults = tuple((a.id, a.default) for a in self.entries)
        return Readings(defaults, defaults)

    def with_readings(self, choices: Mapping[str, str]) -> Readings:
        """The default interpretation with ``choices`` applied (validated)."""
        chosen = dict(self.default().choices)
        for k, v in choices.items():
            amb = self.get(k)
            if v not in amb.option_ids:
                guess = did_you_mean(v, amb.option_ids)
                hint = f"did you mean {guess}? " if guess else ""
                raise ModelError(
                    f"unknown option {v!r} for {amb.id}; {hint}accepted: "
                    f"{', '.join(amb.option_ids)}"
                )
            chosen[k] = v
        defaults = tuple((a.id, a.default) for a in self.entries)
        return Readings(tuple((a.id, chosen[a.id]) for a in self.entries), defaults)

    def parse(self, items: Sequence[str]) -> Readings:
        """Parse ``["ID=OPTION", ...]`` (the ``--interpret`` flag) into an interpretation."""
        choices: dict[str, str] = {}
        for item in items:
            if "=" not in item:
                raise ModelError(f"--interpret takes ID=OPTION, got {item!r}")
            k, v = (x.strip() for x in item.split("=", 1))
            choices[k] = v
        return self.with_readings(choices)


@dataclass(frozen=True)
class Decisions:
    """A rules editor's chosen readings (an edition's clarifications), read from a file:
    ``{"game": ..., "decisions": {"ID": "OPTION", ...}, "note": "..."}``.

    Commands apply them as if each were given with ``--interpret``; a reading given with
    ``--interpret`` as well wins over the file's for that id."""

    game: str
    choices: tuple[tuple[str, str], ...]
    note: str
    path: str  # "" when every choice came from --interpret
    interpreted: tuple[str, ...] = ()  # the ids whose choice --interpret gave

    def items(self) -> tuple[str, ...]:
        """The choices as ``ID=OPTION`` items (what ``--interpret`` takes)."""
        return tuple(f"{k}={v}" for k, v in self.choices)

    def overridden(self, choices: Mapping[str, str]) -> Decisions:
        """These decisions with ``choices`` (from ``--interpret``) winning for their ids."""
        merged = dict(self.choices) | dict(choices)
        ids = tuple(dict.fromkeys((*self.interpreted, *choices)))
        return Decisions(self.game, tuple(merged.items()), self.note, self.path, ids)

    def source_of(self, ambiguity_id: str) -> str:
        """Where the choice of ``ambiguity_id`` came from: the file or ``--interpret``."""
        return "--interpret" if ambiguity_id in self.interpreted else self.path

    def flags(self) -> str:
        """The command-line options that apply these decisions again."""
        given = dict(self.choices)
        parts = [f"--decisions {self.path}"] if self.path else []
        parts += [f"--interpret {k}={given[k]}" for k in self.interpreted]
        return " ".join(parts)

    def check(self, registry: AmbiguityRegistry, game: str) -> None:
        """A :class:`ModelError` naming the file when it is for another game, or names an
        id or an option ``registry`` does not have."""
        if self.game != game:
            raise ModelError(
                f"--decisions {self.path} is for game {self.game!r}, not {game!r}; "
                f"accepted: a file whose 'game' is {game!r}"
            )
        try:
            registry.with_readings(dict(self.choices))
        except ModelError as e:
            raise ModelError(f"--decisions {self.path}: {e}") from None


def _read_document(path: str) -> Any:
    """The file as a value: TOML (``.toml``, Python 3.11+'s ``tomllib``) or JSON."""

    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as e:
        raise ModelError(f"--decisions {path} cannot be read ({e.strerror})") from None
    if path.endswith(".toml"):
        try:
            import tomllib
        except ModuleNotFoundError:  # Python 3.10
            raise ModelError(
                f"--decisions {path}: TOML needs Python 3.11 or later; accepted here: JSON"
            ) from None
        try:
            return tomllib.loads(json_input.decode(raw, f"--decisions {path}"))
        except (UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
            raise ModelError(f"--decisions {path} is not valid TOML ({e})") from None
    return json_input.loads(raw, f"--decisions {path}")


#: What a decisions file holds, in words (the one-line errors end with it).
DECISIONS_SHAPE = (
    'accepted: a JSON object with "game" (a game id, as listed by hhh-verify games), '
    '"decisions" (an object of ambiguity id to option, as listed by hhh-verify rules, '
    'such as {"<AMBIGUITY-ID>": "<option>"}) and, if you like, "note" (text)'
)


def load_decisions(path: str) -> Decisions:
    """Read and check the shape of a decisions file (the game's own ids and options are
    checked by :meth:`Decisions.check`)."""
    doc = _read_document(path)
    shape = DECISIONS_SHAPE
    if not isinstance(doc, dict):
        raise ModelError(f"--decisions {path} is not a table; {shape}")
    unknown = sorted(set(doc) - {"game", "decisions", "note"})
    if unknown:
        raise ModelError(f"--decisions {path}: unknown field(s) {', '.join(unknown)}; {shape}")
    game, chosen, note = doc.get("game"), doc.get("decisions"), doc.get("note", "")
    if not isinstance(game, str) or not game:
        raise ModelError(f"--decisions {path} names no 'game'; {shape}")
    if not isinstance(chosen, dict) or not chosen:
        raise ModelError(f"--decisions {path} has no 'decisions' table; {shape}")
    bad = [k for k, v in chosen.items() if not isinstance(v, str)]
    if bad or not isinstance(note, str):
        what = f"the option of {bad[0]} is not a text" if bad else "'note' is not a text"
        raise ModelError(f"--decisions {path}: {what}; {shape}")
    return Decisions(game, tuple(chosen.items()), note, path)
