"""Pig as a model (the contract of ``hhh_verify.contract.model``): the plumbing comes from
``RuleModel``; the rules are the functions of ``turn.py``."""

from __future__ import annotations

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.interpretations import Readings
from hhh_verify.contract.model import TERMINAL
from hhh_verify.contract.outcomes import Distribution, Outcome
from hhh_verify.contract.rule_model import RuleModel

from . import turn
from .config import PigConfig
from .context import Ctx
from .state import ACTION_TYPES, NOBODY, Hold, PigState, Roll


def describe_state(ctx: Ctx, s: PigState) -> str:
    """A position in words (traces, witnesses)."""
    head = f"scores {s.scores[0]}-{s.scores[1]}"
    if s.winner != NOBODY:
        return f"{head}, seat {s.winner} won"
    return f"{head}, seat {s.seat} to move, turn total {s.turn_total}"


def describe_action(ctx: Ctx, s: PigState, a: Hold | Roll) -> str:
    """A move in words."""
    return f"seat {s.seat} " + ("rolls" if isinstance(a, Roll) else f"holds {s.turn_total}")


class PigModel(RuleModel):
    """Pig: a seat game without rounds (its states have no ``round`` field)."""

    game = "pig"
    action_types = ACTION_TYPES
    state_text = describe_state
    action_text = describe_action

    def __init__(self, config: PigConfig, readings: Readings):
        super().__init__(config, readings, Ctx.of(config, readings))

    def initial_state(self) -> PigState:
        return turn.initial_state()

    def current_player(self, s: PigState) -> int:
        return TERMINAL if s.winner != NOBODY else s.seat

    def _legal(self, s: PigState) -> tuple[Hold | Roll, ...]:
        return turn.legal(self.ctx, s)

    def step(self, s: PigState, a: Hold | Roll) -> Distribution:
        if a not in self.legal_actions(s):
            raise ModelError(f"illegal action {a!r} in {s!r}")
        return turn.step(self.ctx, s, a)

    def outcome(self, s: PigState) -> Outcome | None:
        """The first to reach the target wins; the scores are the banked points."""
        if s.winner == NOBODY:
            return None
        return Outcome(None, "reached-target", scores=s.scores, winners=(s.winner,))
