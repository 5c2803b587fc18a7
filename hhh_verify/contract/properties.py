"""Properties as data: what must hold, what must be reachable, and which rule says so.

The framework's types; each game's properties live in ``properties/<game>.py``
(installed as ``hhh_verify.contract.properties.<game>``), which the game's
:class:`~hhh_verify.contract.model.GameSpec` loads (``properties``, ``search_order``).

A :class:`Property` is one checkable claim about a game, with its rulebook citation.
Engines (Hypothesis stateful testing, the explorer, Z3) read the same
registry, so a property is written once and checked by every engine that can.

Kinds:

* ``invariant`` -- must hold in every reachable state. ``check(model, state)`` returns
  ``None`` when the state is fine, otherwise a message saying what is wrong. An invariant
  may instead (or also) have a ``transition`` check ``(model, state, action, successor)``
  for step properties such as money accounting.
* ``goal`` -- a situation the rules allow; ``check(model, state)`` returns ``True`` when
  the state is one. Expected ``REACHABLE`` (a witness path must exist).
* ``smt`` -- a query for the Z3 engine; it carries no Python check.
* ``fact`` -- a claim about the model itself, not about its states: the numbers the
  rulebook prints (rounds, capacities, costs). ``check(model, None)`` returns ``None``
  when every number agrees, otherwise a message naming the sentence broken; ``check``
  evaluates it once per checked model.

``expected`` is an :class:`~hhh_verify.contract.vocab.ExpectedResult`, ``HOLDS`` or
``REACHABLE``; ``VIOLATED`` (the architecture's spelling) is read as ``REACHABLE``. The
kind is a :class:`~hhh_verify.contract.vocab.PropertyKind`; a game may spell either as its
word, and the property reads it into the enum once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.model import Model
from hhh_verify.contract.vocab import ExpectedResult, PropertyKind

StateCheck = Callable[[Any, Any], Any]  # (model, state) -> None | str, or bool for goals
TransitionCheck = Callable[[Any, Any, Any, Any], "str | None"]


def normalise_expected(value: str) -> ExpectedResult:
    """``HOLDS`` / ``REACHABLE`` (``VIOLATED`` is read as ``REACHABLE``)."""
    return ExpectedResult.read(value)


@dataclass(frozen=True)
class Property:
    """One claim about a game, with the rule that makes it.

    ``applies(model)`` (optional) says whether the property means anything under the
    model's config (e.g. a Morgue rule when no Morgue exists); engines skip it otherwise.
    """

    id: str
    game: str
    kind: PropertyKind
    expected: ExpectedResult
    citation: str
    description: str
    check: StateCheck | None = None
    transition: TransitionCheck | None = None
    applies: Callable[[Any], bool] | None = None
    #: A goal that random search is not expected to reach within a ``check`` budget
    #: (e.g. a score only expert play reaches): a search that misses it is inconclusive
    #: rather than failed. Exhaustive engines ignore this.
    hard_to_reach: bool = False
    #: A preset on which ``check`` also explores this invariant under every reading of
    #: every ambiguity, one reading at a time (a configuration built so that rule
    #: interactions meet, e.g. HHH's ``interactions``); ``None``: no sweep.
    sweep: str | None = None
    #: A goal's guide for the search engine (``hhh_verify.engines.search``):
    #: ``heuristic(model, state) -> float``, higher when the state is closer to the goal
    #: (e.g. the money, for an $80 ending). Without one the search ranks states at random.
    heuristic: Callable[[Any, Any], float] | None = None

    def __post_init__(self) -> None:
        if self.kind not in PropertyKind.values():
            raise ValueError(
                f"{self.id}: kind {str(self.kind)!r} not in {tuple(PropertyKind.values())}"
            )
        object.__setattr__(self, "kind", PropertyKind(self.kind))
        object.__setattr__(self, "expected", normalise_expected(self.expected))
        if self.kind == PropertyKind.INVARIANT:
            if self.check is None and self.transition is None:
                raise ValueError(f"{self.id}: an invariant needs a check or a transition check")
            if self.expected != ExpectedResult.HOLDS:
                raise ValueError(f"{self.id}: an invariant is expected to HOLD")
        if self.kind == PropertyKind.GOAL:
            if self.check is None or self.transition is not None:
                raise ValueError(f"{self.id}: a goal needs a state predicate (and no transition)")
        elif self.heuristic is not None:
            raise ValueError(f"{self.id}: only a goal has a search heuristic")
        if self.kind == PropertyKind.FACT and (
            self.check is None or self.expected != ExpectedResult.HOLDS
        ):
            raise ValueError(f"{self.id}: a fact needs a check and is expected to HOLD")
        if not self.citation:
            raise ValueError(f"{self.id}: every property cites its rule")

    @classmethod
    def invariant(
        cls, id: str, game: str, citation: str, description: str, check: Any = None, **kw: Any
    ) -> Property:
        """An invariant expected to hold: a state ``check`` and/or a ``transition=`` check
        (other fields as keywords), so a game's property list reads as its claims."""
        return cls(
            id,
            game,
            PropertyKind.INVARIANT,
            ExpectedResult.HOLDS,
            citation,
            description,
            check=check,
            **kw,
        )

    @classmethod
    def goal(
        cls, id: str, game: str, citation: str, description: str, check: Any, **kw: Any
    ) -> Property:
        """A goal expected to be reachable: ``check(model, state)`` says a state is one
        (``hard_to_reach``, ``applies``, ``heuristic`` as keywords)."""
        return cls(
            id,
            game,
            PropertyKind.GOAL,
            ExpectedResult.REACHABLE,
            citation,
            description,
            check=check,
            **kw,
        )

    # Evaluation helpers (engines call these, so a check that raises is a clear failure)
    def violation(self, model: Model[Any, Any], state: Any) -> str | None:
        """The invariant's message for ``state``, or ``None`` when it holds."""
        if self.kind != PropertyKind.INVARIANT or self.check is None:
            return None
        msg = self.check(model, state)
        return str(msg) if msg else None

    def fact_violation(self, model: Model[Any, Any]) -> str | None:
        """A fact's message for ``model`` (the numbers it does not agree with), or ``None``."""
        if self.kind != PropertyKind.FACT or self.check is None:
            return None
        msg = self.check(model, None)
        return str(msg) if msg else None

    def step_violation(
        self, model: Model[Any, Any], state: Any, action: Any, successor: Any
    ) -> str | None:
        """The transition check's message for one step, or ``None`` when it holds."""
        if self.transition is None:
            return None
        msg = self.transition(model, state, action, successor)
        return str(msg) if msg else None

    def reached(self, model: Model[Any, Any], state: Any) -> bool:
        """Whether a goal's situation holds in ``state``."""
        return (
            self.kind == PropertyKind.GOAL
            and self.check is not None
            and bool(self.check(model, state))
        )

    def relevant(self, model: Model[Any, Any]) -> bool:
        return self.applies is None or bool(self.applies(model))

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "kind": self.kind,
            "expected": self.expected,
            "citation": self.citation,
            "description": self.description,
            "transition": self.transition is not None,
            "heuristic": self.heuristic is not None,
        }


class PropertyRegistry:
    """The ordered properties of one game; ids are unique."""

    def __init__(self, game: str, entries: Iterable[Property]):
        self.game = game
        self.entries: tuple[Property, ...] = tuple(entries)
        self._by_id = {p.id: p for p in self.entries}
        if len(self._by_id) != len(self.entries):
            raise ValueError(f"duplicate property id in {game}")
        for p in self.entries:
            if p.game != game:
                raise ValueError(f"property {p.id} belongs to {p.game}, not {game}")

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self) -> Iterator[Property]:
        return iter(self.entries)

    def get(self, property_id: str) -> Property:
        try:
            return self._by_id[property_id]
        except KeyError:
            raise ModelError(
                f"unknown property {property_id!r} for {self.game}; "
                f"accepted: {', '.join(self._by_id)}"
            ) from None

    def select(self, ids: Iterable[str]) -> PropertyRegistry:
        """A registry with only ``ids`` (each validated)."""
        return PropertyRegistry(self.game, [self.get(i) for i in ids])

    def invariants(self) -> tuple[Property, ...]:
        return tuple(p for p in self.entries if p.kind == PropertyKind.INVARIANT)

    def goals(self) -> tuple[Property, ...]:
        return tuple(p for p in self.entries if p.kind == PropertyKind.GOAL)


class KernelAgreement:
    """The check of a ``<game>.kernel-agrees`` property: the model and its game's compiled
    kernel agree. Only ``check``'s kernel engine runs it (it knows the game's kernel and
    the profile's budget), so called on its own it says where it runs."""

    def __call__(self, model: Model[Any, Any], _state: Any = None) -> str | None:
        raise ModelError("a kernel-agrees property is checked by the kernel engine of `check`")


def kernel_agreement(game: str, prefix: str, citation: str) -> Property:
    """The game's ``<prefix>.kernel-agrees`` property: a claim about the model itself (kind
    ``fact``): it and the compiled kernel, two implementations of the rulebook, agree on
    legal actions, outcome laws and successors."""
    return Property(
        f"{prefix}.kernel-agrees",
        game,
        PropertyKind.FACT,
        ExpectedResult.HOLDS,
        citation,
        "the reference model and the compiled kernel agree on legal actions, outcome laws "
        "and successors (every reduced state, each single reading, whole games)",
        check=KernelAgreement(),
    )


def is_kernel_agreement(prop: Property) -> bool:
    """Whether ``prop`` is a kernel-agreement property (only the kernel engine runs it)."""
    return isinstance(prop.check, KernelAgreement)
