"""What every game's model does the same way, written once.

A game's model keeps its rules (``_legal``, ``step``, ``outcome``...) and inherits the
plumbing around them: the config, interpretation and rule context it was built with,
the cache of the last legal-action tuple (engines ask for the same state's actions
several times in a row: the stateful engine, the explorer's expansion, the policies),
the round number, the text of states and actions, and action JSON.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Generic, TypeVar

from hhh_verify.contract.actions import action_from_json, action_to_json
from hhh_verify.contract.interpretations import Readings

S = TypeVar("S")
A = TypeVar("A")
C = TypeVar("C")


class RuleModel(Generic[S, A, C]):
    """Base of a game's model, generic in the game's state ``S``, action ``A`` and config
    ``C``.

    ``ctx`` is the game's *rule context*: whatever its rules need besides the state,
    computed once per (config, interpretation) by the subclass's ``__init__`` and passed
    to ``super().__init__``: numbers derived from the config (a deck, a target) and the
    chosen readings as plain values (``i(R.MID_TURN_WIN.ID) == R.MID_TURN_WIN.AT_ONCE``),
    so no rule asks the interpretation again. Any object will do (a frozen dataclass,
    ``examples/pig/pig/rules/context.py``); the rule functions take it first.

    A subclass sets :attr:`game`, :attr:`action_types` (action class by name, for action
    JSON), :attr:`state_text` / :attr:`action_text` (its describe functions, taking
    ``ctx`` first) and implements ``initial_state``, ``current_player``, ``_legal(state)``
    (sorted), ``step`` and ``outcome``. ``round_of`` reads the state's ``round`` field: a
    game whose states have none has no rounds (``None``).
    """

    action_types: ClassVar[Mapping[str, type]]
    # A class variable cannot name the type variables: the describe functions take the
    # game's context, state and action.
    state_text: ClassVar[Callable[[Any, Any], str]]
    action_text: ClassVar[Callable[[Any, Any, Any], str]]

    def __init__(self, config: C, readings: Readings, ctx: Any):
        self.config = config
        self.readings = readings
        self.ctx = ctx
        self._last_legal: tuple[S | None, tuple[A, ...]] = (None, ())

    def _legal(self, s: S) -> tuple[A, ...]:
        raise NotImplementedError(f"{type(self).__name__} defines no _legal")

    def legal_actions(self, s: S) -> tuple[A, ...]:
        """The legal actions of ``s`` (the last state's, when asked again for it)."""
        if self._last_legal[0] is s:
            return self._last_legal[1]
        legal = self._legal(s)
        self._last_legal = (s, legal)
        return legal

    def round_of(self, s: S) -> int | None:
        """The state's ``round`` field; ``None`` when its states have none (no rounds)."""
        rnd = getattr(s, "round", None)
        return None if rnd is None else int(rnd)

    def describe_state(self, s: S) -> str:
        return type(self).state_text(self.ctx, s)

    def describe_action(self, s: S, a: A) -> str:
        return type(self).action_text(self.ctx, s, a)

    def action_to_json(self, a: A) -> dict[str, Any]:
        return action_to_json(a)

    def action_from_json(self, d: Mapping[str, Any]) -> A:
        decoded: A = action_from_json(d, self.action_types)
        return decoded
