"""Promises: what each reading of an ambiguous rule claims, as an executable check.

Every option says in words what it changes ("only ending a move on the space earns
it"); a :class:`Promise` says the same as a check over a step ``(model, state, action,
successor)`` or over a finished game's final state, in force whenever its option is. A
game declares its promises in a :class:`PromiseBook` (``GameSpec.promises``), together
with the options for which no promise can be written and why. Each promise becomes an
invariant :class:`~hhh_verify.contract.properties.Invariant` (id ``promise:ID=OPTION``) that applies
only to models reading the rule that way, so every engine that checks invariants (the
stateful engine, the explorer, the sweep over every reading) checks it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from hhh_verify.contract.interpretations import AmbiguityRegistry
from hhh_verify.contract.model import TERMINAL, Model
from hhh_verify.contract.properties import Invariant
from hhh_verify.contract.readings import Reading

StepCheck = Callable[[Any, Any, Any, Any], "str | None"]
FinalCheck = Callable[[Any, Any], "str | None"]
Planted = Callable[[Any], "Iterable[tuple[Any, Any]]"]


@dataclass(frozen=True)
class Promise:
    """One option's meaning as a check: ``step`` over every transition, ``final`` over
    every finished game's last state; each returns ``None`` or what is broken.
    ``applies(model)`` (optional) says whether the option can differ on the model's config
    at all (a reading about beds means nothing with one bed). ``planted(model)``
    (optional) builds ``(state, action)`` positions of the full game where the option acts
    and the reduced configs do not reach: the swap-mutant check
    (:mod:`hhh_verify.engines.explore.swap`) asks the promise there too."""

    ambiguity: str
    option: str
    says: str
    step: StepCheck | None = None
    final: FinalCheck | None = None
    applies: Callable[[Any], bool] | None = None
    planted: Planted | None = None

    def __post_init__(self) -> None:
        if self.step is None and self.final is None:
            raise ValueError(f"{self.key}: a promise needs a step or a final check")
        if not self.says.strip():
            raise ValueError(f"{self.key}: a promise says what it checks")

    @classmethod
    def of(
        cls,
        option: Reading,
        says: str,
        step: StepCheck | None = None,
        final: FinalCheck | None = None,
        applies: Callable[[Any], bool] | None = None,
        planted: Planted | None = None,
    ) -> Promise:
        """The promise of ``option`` (``R.ROOM_CAP.SIX_TOTAL``): its ambiguity and option
        ids come from the member."""
        return cls(option.ambiguity, option.option, says, step, final, applies, planted)

    @property
    def key(self) -> str:
        return f"{self.ambiguity}={self.option}"


@dataclass(frozen=True)
class NoPromise:
    """An option for which no executable promise is written, and why (e.g. a default
    whose meaning is the whole rule the invariants already check)."""

    ambiguity: str
    option: str
    why: str

    @classmethod
    def of(cls, option: Reading, why: str) -> NoPromise:
        """Why ``option`` (``R.ROOM_CAP.SIX_TOTAL``) has no promise."""
        return cls(option.ambiguity, option.option, why)


@dataclass(frozen=True)
class PromiseBook:
    """A game's promises and stated reasons, at most one of either per option."""

    promises: tuple[Promise, ...]
    reasons: tuple[NoPromise, ...] = ()
    #: the preset on which ``check`` explores every promise under every reading (None:
    #: the game's reduced preset)
    sweep: str | None = None

    def __post_init__(self) -> None:
        keys = [p.key for p in self.promises] + [f"{r.ambiguity}={r.option}" for r in self.reasons]
        dupes = sorted({k for k in keys if keys.count(k) > 1})
        if dupes:
            raise ValueError(f"options with two promises or reasons: {', '.join(dupes)}")

    def of(self, ambiguity: str, option: str) -> Promise | NoPromise | None:
        """The promise (or the reason for none) of one option."""
        for p in self.promises:
            if (p.ambiguity, p.option) == (ambiguity, option):
                return p
        for r in self.reasons:
            if (r.ambiguity, r.option) == (ambiguity, option):
                return r
        return None

    def missing(self, ambiguities: Iterable[Any]) -> list[str]:
        """``ID=OPTION`` of every option with neither a promise nor a reason."""
        return [
            f"{a.id}={o}" for a in ambiguities for o in a.option_ids if self.of(a.id, o) is None
        ]

    def unknown(self, ambiguities: AmbiguityRegistry) -> list[str]:
        """Promises or reasons naming an ambiguity or option the registry lacks."""
        known = {(a.id, o) for a in ambiguities for o in a.option_ids}
        keys = [(p.ambiguity, p.option) for p in self.promises]
        keys += [(r.ambiguity, r.option) for r in self.reasons]
        return [f"{a}={o}" for a, o in keys if (a, o) not in known]


def in_force(model: Model, promise: Promise) -> bool:
    """Whether ``model`` reads the promise's rule its way (and the option can differ)."""
    if model.readings.declared_of(promise.ambiguity) != promise.option:
        return False
    return promise.applies is None or bool(promise.applies(model))


def as_property(game: str, promise: Promise, sweep: str | None) -> Invariant:
    """The promise as an invariant that applies only where its option is in force."""
    step, final = promise.step, promise.final

    def transition(model: Model, state: Any, action: Any, successor: Any) -> str | None:
        if step is not None and (msg := step(model, state, action, successor)):
            return msg
        if final is not None and model.current_player(successor) == TERMINAL:
            return final(model, successor)
        return None

    return Invariant(
        id=f"promise:{promise.key}",
        game=game,
        citation=f"{promise.key}: {promise.says}",
        description=f"the reading {promise.key} does what it says: {promise.says}",
        transition=transition,
        applies=lambda model: in_force(model, promise),
        sweep=sweep,
    )


def promise_properties(game: str, book: PromiseBook, sweep: str | None) -> list[Invariant]:
    """Every promise of ``book`` as a property (swept on ``sweep`` under every reading)."""
    return [as_property(game, p, sweep) for p in book.promises]
