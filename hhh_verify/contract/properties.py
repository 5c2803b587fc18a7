"""Properties as data: what must hold, what must be reachable, and which rule says so.

The framework's types; each game's properties live in its ``properties/`` folder
(``models/<game>/properties/catalog.py``), which the game's
:class:`~hhh_verify.contract.spec.GameSpec` loads (``properties``, ``search_order``).

A :class:`Property` is one checkable claim about a game, with its rulebook citation;
each kind is its own frozen record (:class:`Invariant`, :class:`Goal`, :class:`SmtClaim`,
:class:`Fact`) with only that kind's fields, and engines dispatch on the record's type.
Engines (Hypothesis stateful testing, the explorer, Z3) read the same
registry, so a property is written once and checked by every engine that can.

Kinds:

* ``invariant`` (:class:`Invariant`) -- must hold in every reachable state. ``check(model, state)`` returns
  ``None`` when the state is fine, otherwise a message saying what is wrong. An invariant
  may instead (or also) have a ``transition`` check ``(model, state, action, successor)``
  for step properties such as money accounting.
* ``goal`` (:class:`Goal`) -- a situation the rules allow; ``check(model, state)`` returns ``True`` when
  the state is one. Expected ``REACHABLE`` (a witness path must exist).
* ``smt`` (:class:`SmtClaim`) -- a query for the Z3 engine; it carries no Python check.
* ``fact`` (:class:`Fact`) -- a claim about the model itself, not about its states: the numbers the
  rulebook prints (rounds, capacities, costs). ``check(model, None)`` returns ``None``
  when every number agrees, otherwise a message naming the sentence broken; ``check``
  evaluates it once per checked model.

``expected`` follows from the kind: ``REACHABLE`` for a goal, ``HOLDS`` for the others
(:func:`normalise_expected` reads a written expectation; ``VIOLATED``, the architecture's
spelling, is an alias of ``REACHABLE``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import KW_ONLY, dataclass
from typing import Any, ClassVar

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
    """What every claim about a game has: an id, its game, the rule that makes it and a
    description. Each kind is its own record (:class:`Invariant`, :class:`Goal`,
    :class:`SmtClaim`, :class:`Fact`) carrying only its kind's fields; engines dispatch
    on the record's type.

    ``applies(model)`` (optional) says whether the property means anything under the
    model's config (e.g. a Morgue rule when no Morgue exists); engines skip it otherwise.
    """

    kind: ClassVar[PropertyKind]
    expected: ClassVar[ExpectedResult]

    id: str
    game: str
    citation: str
    description: str
    _: KW_ONLY
    applies: Callable[[Any], bool] | None = None

    def __post_init__(self) -> None:
        if not self.citation:
            raise ValueError(f"{self.id}: every property cites its rule")

    def relevant(self, model: Model[Any, Any]) -> bool:
        return self.applies is None or bool(self.applies(model))

    @property
    def has_transition(self) -> bool:
        """Whether the property checks steps (an invariant's ``transition``)."""
        return False

    @property
    def has_heuristic(self) -> bool:
        """Whether the property guides the search (a goal's ``heuristic``)."""
        return False

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "kind": self.kind,
            "expected": self.expected,
            "citation": self.citation,
            "description": self.description,
            "transition": self.has_transition,
            "heuristic": self.has_heuristic,
        }


@dataclass(frozen=True)
class Invariant(Property):
    """Must hold in every reachable state (expected ``HOLDS``): a state ``check(model,
    state)`` returning ``None`` or a message, and/or a ``transition(model, state, action,
    successor)`` check for step properties such as money accounting."""

    kind: ClassVar[PropertyKind] = PropertyKind.INVARIANT
    expected: ClassVar[ExpectedResult] = ExpectedResult.HOLDS

    check: StateCheck | None = None
    _: KW_ONLY
    transition: TransitionCheck | None = None
    #: A preset on which ``check`` also explores this invariant under every reading of
    #: every ambiguity, one reading at a time (a configuration built so that rule
    #: interactions meet, e.g. HHH's ``interactions``); ``None``: no sweep.
    sweep: str | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.check is None and self.transition is None:
            raise ValueError(f"{self.id}: an invariant needs a check or a transition check")

    @property
    def has_transition(self) -> bool:
        return self.transition is not None

    def violation(self, model: Model[Any, Any], state: Any) -> str | None:
        """The invariant's message for ``state``, or ``None`` when it holds."""
        if self.check is None:
            return None
        msg = self.check(model, state)
        return str(msg) if msg else None

    def step_violation(
        self, model: Model[Any, Any], state: Any, action: Any, successor: Any
    ) -> str | None:
        """The transition check's message for one step, or ``None`` when it holds."""
        if self.transition is None:
            return None
        msg = self.transition(model, state, action, successor)
        return str(msg) if msg else None


@dataclass(frozen=True)
class Goal(Property):
    """A situation the rules allow (expected ``REACHABLE``: a witness path must exist);
    ``check(model, state)`` is true when the state is one."""

    kind: ClassVar[PropertyKind] = PropertyKind.GOAL
    expected: ClassVar[ExpectedResult] = ExpectedResult.REACHABLE

    check: StateCheck
    _: KW_ONLY
    #: A goal that random search is not expected to reach within a ``check`` budget
    #: (e.g. a score only expert play reaches): a search that misses it is inconclusive
    #: rather than failed. Exhaustive engines ignore this.
    hard_to_reach: bool = False
    #: The goal's guide for the search engine (``hhh_verify.engines.search``):
    #: ``heuristic(model, state) -> float``, higher when the state is closer to the goal
    #: (e.g. the money, for an $80 ending). Without one the search ranks states at random.
    heuristic: Callable[[Any, Any], float] | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.check is None:
            raise ValueError(f"{self.id}: a goal needs a state predicate")

    @property
    def has_heuristic(self) -> bool:
        return self.heuristic is not None

    def reached(self, model: Model[Any, Any], state: Any) -> bool:
        """Whether the goal's situation holds in ``state``."""
        return bool(self.check(model, state))


@dataclass(frozen=True)
class SmtClaim(Property):
    """A query for the Z3 engine (expected ``HOLDS``); it carries no Python check."""

    kind: ClassVar[PropertyKind] = PropertyKind.SMT
    expected: ClassVar[ExpectedResult] = ExpectedResult.HOLDS


@dataclass(frozen=True)
class Fact(Property):
    """A claim about the model itself, not about its states (expected ``HOLDS``): the
    numbers the rulebook prints. ``check(model, None)`` returns ``None`` when every number
    agrees, otherwise a message naming the sentence broken."""

    kind: ClassVar[PropertyKind] = PropertyKind.FACT
    expected: ClassVar[ExpectedResult] = ExpectedResult.HOLDS

    check: StateCheck

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.check is None:
            raise ValueError(f"{self.id}: a fact needs a check")

    def fact_violation(self, model: Model[Any, Any]) -> str | None:
        """The fact's message for ``model`` (the numbers it does not agree with), or ``None``."""
        msg = self.check(model, None)
        return str(msg) if msg else None


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

    def invariants(self) -> tuple[Invariant, ...]:
        return tuple(p for p in self.entries if isinstance(p, Invariant))

    def goals(self) -> tuple[Goal, ...]:
        return tuple(p for p in self.entries if isinstance(p, Goal))


class KernelAgreement:
    """The check of a ``<game>.kernel-agrees`` property: the model and its game's compiled
    kernel agree. Only ``check``'s kernel engine runs it (it knows the game's kernel and
    the profile's budget), so called on its own it says where it runs."""

    def __call__(self, model: Model[Any, Any], _state: Any = None) -> str | None:
        raise ModelError("a kernel-agrees property is checked by the kernel engine of `check`")


def kernel_agreement(game: str, prefix: str, citation: str) -> Fact:
    """The game's ``<prefix>.kernel-agrees`` property: a claim about the model itself (kind
    ``fact``): it and the compiled kernel, two implementations of the rulebook, agree on
    legal actions, outcome laws and successors."""
    return Fact(
        f"{prefix}.kernel-agrees",
        game,
        citation,
        "the reference model and the compiled kernel agree on legal actions, outcome laws "
        "and successors (every reduced state, each single reading, whole games)",
        check=KernelAgreement(),
    )


def is_kernel_agreement(prop: Property) -> bool:
    """Whether ``prop`` is a kernel-agreement property (only the kernel engine runs it)."""
    return isinstance(prop, Fact) and isinstance(prop.check, KernelAgreement)
