"""The Royal Hospital model: the contract of ``hhh_verify.contract.model`` over the rules.

``legal_actions`` reads the pending step (a keep, an admission, a reward's choice, a
chance draw) or, with nothing pending, the Action or Treatment Phase turn. ``step``
applies the rule and lets ``flow.advance`` run everything that needs nobody, so every
state an engine sees waits for a player or for chance.
"""

from __future__ import annotations

from typing import Any

from hhh_verify.contract.actions import sort_actions
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.interpretations import Readings
from hhh_verify.contract.model import CHANCE, TERMINAL
from hhh_verify.contract.outcomes import Outcome, merge
from hhh_verify.contract.rule_model import RuleModel

from . import action_phase, actions, flow, patients, resolve, treatment
from .board import set_player
from .config import RHConfig
from .context import Ctx
from .describe import describe_action, describe_state
from .effects import (
    CHOICE,
    DOCTOR,
    HELICOPTER,
    INSURANCE,
    RESEARCH,
)
from .scoring import final_scores, winners
from .setup import initial_state
from .state import (
    ACTIONS,
    CHANCE_TASKS,
    HELI_DISCARDED,
    HELI_DREW,
    OVER,
    T_ADMIT,
    T_EFFECT,
    T_KEEP,
    TREATMENT,
    Patient,
    RHState,
)

ONE_DRAW = (actions.Draw(),)


class RHModel(RuleModel[RHState, actions.Action, RHConfig]):
    """Royal Hospital as a Markov decision process (see ``hhh_verify.contract.model``)."""

    game = "royal-hospital"
    action_types = actions.ACTION_TYPES
    state_text = describe_state
    action_text = describe_action
    ctx: Ctx

    def __init__(self, config: RHConfig, readings: Readings):
        super().__init__(config, readings, Ctx(config, readings))
        self._initial = flow.advance(self.ctx, initial_state(self.ctx))

    # Contract ------------------------------------------------------------------------
    def initial_state(self) -> RHState:
        return self._initial

    def current_player(self, s: RHState) -> int:
        """The player a pending step belongs to; chance for draws and flips; otherwise
        the Action or Treatment Phase turn."""
        if s.phase == OVER:
            return TERMINAL
        if s.queue:
            head = s.queue[0]
            return CHANCE if head.kind in CHANCE_TASKS else head.player
        return s.turn

    def outcome(self, s: RHState) -> Outcome | None:
        """End Game Scoring: a competitive result, final victory points per seat, and
        the ``winners`` after the eight tie-breakers (several: a shared win under
        RH-FINAL-TIE=shared), which the scores alone cannot show."""
        if s.phase != OVER:
            return None
        return Outcome(
            None, "completed", scores=final_scores(self.ctx, s), winners=winners(self.ctx, s)
        )

    def _legal(self, s: RHState) -> tuple[Any, ...]:
        if s.phase == OVER:
            return ()
        if s.queue:
            head = s.queue[0]
            if head.kind in CHANCE_TASKS:
                return ONE_DRAW
            p = head.player
            if head.kind == T_KEEP:
                return tuple(actions.Keep(t) for t, n in enumerate(s.picking) if n)
            if head.kind == T_ADMIT:
                return sort_actions([actions.Reject(tuple(pt)) for pt in dict.fromkeys(s.arrivals)])
            if head.kind == T_EFFECT:
                return sort_actions(self._effect_choices(s, head))
            if head.kind in treatment.PART_OF:
                return tuple(actions.UseToken(k) for k in treatment.token_choices(self.ctx, s))
            raise AssertionError(f"task {head} waits for nothing")
        p = s.turn
        if s.phase == ACTIONS:
            return sort_actions(self._action_phase(s, p))
        if s.phase == TREATMENT:
            return sort_actions(self._treatment(s, p))
        raise AssertionError(f"phase {s.phase} with nothing pending")

    def _effect_choices(self, s: RHState, head: Any) -> list[Any]:
        e = head.effect
        p = head.player
        if e.code == CHOICE:
            return [actions.Choose(i) for i in range(len(e.alts))]
        if e.code == INSURANCE:
            return [actions.ChooseInsurance(c) for c in resolve.open_companies(s, p)]
        if resolve.race_doctor(self.ctx, e):
            return [actions.ChooseDoctor(i) for i, here in enumerate(s.doctors) if here]
        assert e.code == HELICOPTER
        out: list[Any] = [actions.HelicopterDone()]
        may_more = self.ctx.heli_both or head.n == 0
        if may_more and not head.n & HELI_DISCARDED:
            out += [
                actions.HelicopterDiscard(tuple(pt)) for pt in dict.fromkeys(s.players[p].patients)
            ]
            if self.ctx.heli_terminals:
                terminals = dict.fromkeys(s.players[p].terminals)
                out += [actions.HelicopterDiscardTerminal(tuple(term)) for term in terminals]
        if may_more and not head.n & HELI_DREW:
            out.append(actions.HelicopterDraw())
        return out

    def _action_phase(self, s: RHState, p: int) -> list[Any]:
        ctx = self.ctx
        ps = s.players[p]
        out: list[Any] = [actions.Pass()]
        for t, n in enumerate(ps.hand):
            if n:
                out.append(actions.SellCard(t))
                if action_phase.affordable(ctx, ps, ctx.medical[t]):
                    out.append(actions.PlayCard(t))
            if action_phase.activatable(ctx, ps, t):
                out.append(actions.Activate(t))
        if ps.tokens[RESEARCH] + ps.tokens[DOCTOR]:
            out.append(actions.SellResearch())
        return out

    def _treatment(self, s: RHState, p: int) -> list[Any]:
        ctx = self.ctx
        ps = s.players[p]
        out: list[Any] = [actions.EndTreatment()]
        for pt in dict.fromkeys(ps.patients):
            key = tuple(pt)
            if treatment.can_afford(ctx, s, p, pt):
                if treatment.diagnosable(ctx, pt):
                    out.append(actions.Diagnose(key))
                elif treatment.healable(ctx, pt):
                    out.append(actions.Heal(key))
            elif treatment.can_assign(ctx, s, p, pt):
                out.append(actions.Assign(key))
        for term in dict.fromkeys(ps.terminals):
            if treatment.terminal_treatable(ctx, s, p, term):
                out.append(actions.TreatTerminal(term.card))
        return out

    def step(self, s: RHState, a: Any) -> tuple[tuple[RHState, Any], ...]:
        """The exact outcome distribution of ``a`` in ``s`` (``ModelError`` if illegal)."""
        legal = self._last_legal[1] if self._last_legal[0] is s else self.legal_actions(s)
        if a not in legal:
            raise ModelError(f"illegal action {a!r} here; legal: {list(legal)[:8]}")
        ctx = self.ctx
        pairs = self._apply(s, a)
        return merge((flow.advance(ctx, t), p) for t, p in pairs)

    def sample_step(self, s: RHState, a: Any, rng: Any) -> RHState:
        """One successor of a legal ``a``, drawn with ``rng`` from the distribution
        ``step`` gives: the outcome is sampled from the same integer weights, and only
        its state is built (a Medical card draw has up to 15 outcomes)."""
        legal = self._last_legal[1] if self._last_legal[0] is s else self.legal_actions(s)
        if a not in legal:
            raise ModelError(f"illegal action {a!r} here; legal: {list(legal)[:8]}")
        ctx = self.ctx
        if isinstance(a, actions.Draw):
            key = flow.pick(flow.chance_weights(ctx, s), rng)
            return flow.advance(ctx, flow.chance_apply(ctx, s, key))
        if isinstance(a, actions.Diagnose):
            pt = Patient(*a.patient)
            paid = treatment.diagnose_paid(ctx, s, self.current_player(s), pt)
            card = flow.pick(patients.resolve_weights(ctx, paid, pt.card), rng)
            t = treatment.diagnosed_as(ctx, paid, self.current_player(s), pt, card)
            return flow.advance(ctx, t)
        ((t, _),) = self._apply(s, a)
        return flow.advance(ctx, t)

    def _apply(self, s: RHState, a: Any) -> list[tuple[RHState, Any]]:
        ctx = self.ctx
        one = flow.ONE
        p = self.current_player(s)
        if isinstance(a, actions.Draw):
            return flow.chance(ctx, s)
        if isinstance(a, actions.Keep):
            return [(flow.keep(ctx, s, p, a.card), one)]
        if isinstance(a, actions.Reject):
            return [(patients.reject(ctx, s, p, Patient(*a.patient)), one)]
        if isinstance(a, actions.Choose):
            return [(flow.choose(ctx, s, a.option), one)]
        if isinstance(a, actions.ChooseInsurance):
            return [(flow.choose_insurance(ctx, s, a.company), one)]
        if isinstance(a, actions.ChooseDoctor):
            return [(flow.choose_doctor(ctx, s, a.spot), one)]
        if isinstance(a, actions.HelicopterDiscard):
            return [(flow.helicopter_discard(ctx, s, p, a.patient), one)]
        if isinstance(a, actions.HelicopterDiscardTerminal):
            return [(flow.helicopter_discard_terminal(ctx, s, p, a.terminal), one)]
        if isinstance(a, actions.HelicopterDraw):
            return [(flow.helicopter_draw(ctx, s, p), one)]
        if isinstance(a, actions.HelicopterDone):
            return [(flow.helicopter_done(s), one)]
        if isinstance(a, actions.PlayCard):
            return [(action_phase.play_card(ctx, s, p, a.card), one)]
        if isinstance(a, actions.Activate):
            return [(action_phase.activate(ctx, s, p, a.card), one)]
        if isinstance(a, actions.SellCard):
            return [(action_phase.sell_card(ctx, s, p, a.card), one)]
        if isinstance(a, actions.SellResearch):
            return [(action_phase.sell_research(ctx, s, p), one)]
        if isinstance(a, actions.Pass):
            return [(action_phase.pass_turn(ctx, s, p), one)]
        if isinstance(a, actions.Diagnose):
            return treatment.diagnose(ctx, s, p, Patient(*a.patient))
        if isinstance(a, actions.Heal):
            return [(treatment.heal(ctx, s, p, Patient(*a.patient)), one)]
        if isinstance(a, actions.Assign):
            return [(treatment.assign(ctx, s, p, Patient(*a.patient)), one)]
        if isinstance(a, actions.TreatTerminal):
            term = next(t for t in s.players[p].terminals if t.card == a.card and not t.treated)
            return [(treatment.treat_terminal(ctx, s, p, term), one)]
        if isinstance(a, actions.EndTreatment):
            return [(flow.end_treatment(ctx, s, p), one)]
        if isinstance(a, actions.UseToken):
            return [(treatment.use_token(ctx, s, a.kind), one)]
        raise ModelError(f"unknown action {a!r}")


__all__ = ["RHModel", "set_player"]
