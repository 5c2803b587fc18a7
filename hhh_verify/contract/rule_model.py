"""What every game's model does the same way, written once.

A game's model keeps its rules (``_legal``, ``step``, ``outcome``...) and inherits the
plumbing around them: the config, interpretation and rule context it was built with,
the cache of the last legal-action tuple (engines ask for the same state's actions
several times in a row: the stateful engine, the explorer's expansion, the policies),
the round number, the text of states and actions, and action JSON.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from hhh_verify.contract.actions import action_from_json, action_to_json
from hhh_verify.contract.interpretations import Interpretation


class RuleModel:
    """Base of a game's model.

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
    state_text: ClassVar[Callable[[Any, Any], str]]
    action_text: ClassVar[Callable[[Any, Any, Any], str]]

    def __init__(self, config: Any, interpretation: Interpretation, ctx: Any):
        self.config = config
        self.interpretation = interpretation
        self.ctx = ctx
        self._last_legal: tuple[Any, tuple[Any, ...]] = (None, ())

    def _legal(self, s: Any) -> tuple[Any, ...]:
        raise NotImplementedError(f"{type(self).__name__} defines no _legal")

    def legal_actions(self, s: Any) -> tuple[Any, ...]:
        """The legal actions of ``s`` (the last state's, when asked again for it)."""
        if self._last_legal[0] is s:
            return self._last_legal[1]
        legal = self._legal(s)
        self._last_legal = (s, legal)
        return legal

    def round_of(self, s: Any) -> int | None:
        """The state's ``round`` field; ``None`` when its states have none (no rounds)."""
        rnd = getattr(s, "round", None)
        return None if rnd is None else int(rnd)

    def describe_state(self, s: Any) -> str:
        return type(self).state_text(self.ctx, s)

    def describe_action(self, s: Any, a: Any) -> str:
        return type(self).action_text(self.ctx, s, a)

    def action_to_json(self, a: Any) -> dict[str, Any]:
        return action_to_json(a)

    def action_from_json(self, d: Any) -> Any:
        return action_from_json(d, self.action_types)
