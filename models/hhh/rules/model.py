"""The Healthy Heart Hospital model: the contract of ``hhh_verify.contract.model`` over the rules.

``legal_actions`` and ``step`` dispatch on the phase; every rule lives in its own module
(setup, heal, player_actions, patient_phase, rooms, board). ``sample_step`` runs the
same rules with a cube-by-cube sampler instead of exact distributions, for fast
playouts that sample exactly the distribution ``step`` enumerates.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from hhh_verify.contract.actions import sort_actions
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.interpretations import Readings
from hhh_verify.contract.model import CHANCE, TERMINAL
from hhh_verify.contract.outcomes import Outcome, merge, sample_index
from hhh_verify.contract.records import replace
from hhh_verify.contract.rule_model import RuleModel

from . import heal as heal_rules
from . import patient_phase, player_actions, point, setup, visit_enum
from .actions import (
    ACTION_TYPES,
    Action,
    AdminRedraw,
    AdmitToER,
    ArriveAt,
    Bonus,
    ChaplainFlip,
    ChooseBenefit,
    Draw,
    EndActions,
    EndPicks,
    Heal,
    HireStaff,
    ImproveRoom,
    InstallRoom,
    InternTreat,
    JanitorIgnore,
    NurseTraining,
    Pass,
    RemoveAbility,
    ReplaceMarker,
    Research,
    RestockBloodBank,
    ReturnBlacks,
    Settle,
    TakeTraining,
    Transfer,
    VisitWard,
)
from .board import ONE
from .config import HHHConfig
from .context import Ctx
from .describe import describe_action, describe_state
from .draws import SampledDraws
from .outcome import hhh_outcome
from .rooms import installable
from .state import (
    ACTIONS,
    COMPLETED,
    HEAL_DRAWN,
    OVER,
    PICKS,
    PP_ARRIVE,
    PP_ARRIVE_ORDER,
    PP_END,
    PP_ER_ADMIT,
    PP_INSTALL,
    PP_STAFF,
    PP_VISIT,
    PP_VISIT_ORDER,
    REASONS,
    RESEARCH_DRAWN,
    SETUP_MARKERS,
    SETUP_ROOM,
    SETUP_TRAINING,
    SETUP_WAITING,
    HHHState,
    item_of,
)

RATINGS = (
    (80, "Triumphant"),
    (60, "Prosperous"),
    (40, "Notable"),
    (20, "Inconsequential"),
    (0, "Regrettable"),
)
CHANCE_PHASES = frozenset(
    {SETUP_MARKERS, SETUP_WAITING, SETUP_TRAINING, PP_ARRIVE, PP_VISIT, PP_STAFF}
)
DRAW = (Draw(),)


def rating(money: int) -> str:
    """Victory and Defeat: "$0-19: Regrettable." ... "$80+: Triumphant." The brackets
    form a ladder (the $0-19 bracket ends where the $20+ one begins): the highest one
    reached names the rating. Below $0 (a negative profit, HHH-RATING-BASIS=profit) is
    Regrettable."""
    for floor, name in RATINGS:
        if money >= floor:
            return name
    return "Regrettable"


def rated_money(ctx: Ctx, s: HHHState) -> int:
    """The money the rating reads (HHH-RATING-BASIS): final money, or the profit."""
    return s.money - ctx.config.money_at_start if ctx.rating_profit else s.money


class HHHModel(RuleModel[HHHState, Action, HHHConfig]):
    """Healthy Heart Hospital as a Markov decision process (see ``hhh_verify.contract.model``)."""

    game = "hhh"
    action_types = ACTION_TYPES
    state_text = describe_state
    action_text = describe_action
    ctx: Ctx

    def __init__(self, config: HHHConfig, readings: Readings):
        super().__init__(config, readings, Ctx(config, readings))
        self._sample_ctx = Ctx(config, readings, SampledDraws(random.Random(0)))
        self._point_ctx: Ctx | None = None  # built on first use (point probabilities)
        self._last_dist: tuple[Any, Any, dict[HHHState, Fraction]] = (None, None, {})

    # Contract ------------------------------------------------------------------------
    def initial_state(self) -> HHHState:
        return setup.initial_state(self.ctx)

    def current_player(self, s: HHHState) -> int:
        """Chance phases are ``CHANCE``; decisions belong to the acting player (the Heal's
        healer) or, in the cooperative Action Phase, the Administrator's holder."""
        if s.phase == OVER:
            return TERMINAL
        if s.phase in CHANCE_PHASES:
            return CHANCE
        if s.phase == HEAL_DRAWN and s.heal is not None:
            return s.heal.player
        return s.admin_holder

    def outcome(self, s: HHHState) -> Outcome | None:
        if s.phase != OVER:
            return None
        won = s.reason == COMPLETED
        return hhh_outcome(
            won, REASONS[s.reason], s.money, rating(rated_money(self.ctx, s)) if won else None
        )

    def _legal(self, s: HHHState) -> tuple[Any, ...]:
        """Sequence of Play: "Players can perform actions in any order, passing turns back
        and forth, but each action must be finished completely before starting the next
        one" — so the Action Phase offers every player's actions, and an unfinished action
        (a Heal, a Research, pending picks) offers only its own next decisions."""
        ph = s.phase
        if ph == OVER:
            return ()
        if ph in CHANCE_PHASES:
            return DRAW
        ctx = self.ctx
        if ph == ACTIONS:
            return sort_actions(self._action_phase(s))
        if ph == HEAL_DRAWN:
            h = s.heal
            assert h is not None
            settles = [Settle(r) for r in heal_rules.rebag_choices(ctx, h)]
            if heal_rules.lethal_now(ctx, h):  # HHH-HEAL-DEATH-TIMING=at-once
                return sort_actions(settles)
            out: list[Any] = [Bonus(b) for b in sorted(set(h.bonuses))]
            if heal_rules.janitor_ok(ctx, s):
                out.append(JanitorIgnore())
            if heal_rules.redraw_ok(ctx, s):
                out.append(AdminRedraw())
            if ctx.chaplain_in_heal and player_actions.can_chaplain(ctx, s):
                out.append(ChaplainFlip())
            return sort_actions(out + settles)
        if ph == RESEARCH_DRAWN:
            return sort_actions(player_actions.benefits(ctx, s))
        if ph == PICKS:
            opts = player_actions.pick_options(ctx, s)
            if player_actions.optional_picks(ctx, s):
                opts = opts + [EndPicks()]
            return sort_actions(opts)
        if ph in (SETUP_ROOM, PP_INSTALL):
            kinds = setup.starting_room_choices(ctx, s) if ph == SETUP_ROOM else installable(ctx, s)
            return tuple(InstallRoom(k) for k in kinds)
        if ph == PP_END:
            return (Pass(), ReturnBlacks())
        if ph == PP_ARRIVE_ORDER:
            return tuple(ArriveAt(w) for w in patient_phase.arrival_rooms(s, s.cursor))
        if ph == PP_ER_ADMIT:
            return tuple(
                AdmitToER(k) for k in patient_phase.five_cube_patients(s, item_of(s.cursor))
            )
        if ph == PP_VISIT_ORDER:
            return tuple(VisitWard(c) for c in patient_phase.wards_to_visit(ctx, s, s.cursor))
        raise AssertionError(f"unknown phase {ph}")

    def _action_phase(self, s: HHHState) -> list[Any]:
        ctx = self.ctx
        out: list[Any] = [EndActions()]
        blood = [-1] + [k for k in range(ctx.C) if s.blood[k]]
        heal_targets = heal_rules.targets(ctx, s)
        for p in range(ctx.P):
            if not s.medical[p]:
                continue
            for place, colour, level in heal_targets:
                out += [Heal(p, place, colour, level, b) for b in blood]
            out += player_actions.transfers(ctx, s, p)
        if s.admin_tokens > 0:
            out += [HireStaff(t) for t in player_actions.hireable(ctx, s, ctx.config.staff_cost)]
            if sum(s.research_deck) + sum(s.research_discard):
                out.append(Research())
            if player_actions.can_restock(ctx, s):
                out.append(RestockBloodBank())
        if player_actions.can_chaplain(ctx, s):
            out.append(ChaplainFlip())
        out += player_actions.nurse_options(ctx, s)
        return out

    def step(self, s: HHHState, a: Any) -> tuple[tuple[HHHState, Any], ...]:
        """The exact outcome distribution of ``a`` in ``s`` (``ModelError`` if illegal).

        Engines call ``legal_actions(s)`` and then ``step`` for each action of the same
        state object, so the legality check reuses the last ``legal_actions`` result.
        """
        legal = self._last_legal[1] if self._last_legal[0] is s else self.legal_actions(s)
        if a not in legal:
            raise ModelError(f"illegal action {a!r} in phase {s.phase}")
        return merge(self._apply(self.ctx, s, a))

    def sample_step(self, s: HHHState, a: Any, rng: random.Random) -> HHHState:
        """One successor of a legal ``a``, drawn with ``rng`` from the distribution that
        ``step`` gives: cube draws run cube by cube; the few other chance events (cards,
        markers, Staff reveals) are sampled from their exact distribution."""
        ctx = self._sample_ctx
        ctx.draws.rng = rng
        pairs = self._apply(ctx, s, a)
        if len(pairs) == 1:
            return pairs[0][0]
        dist = merge(pairs)
        return dist[sample_index(dist, rng)][0]

    def outcome_probability(self, s: HHHState, a: Any, succ: HHHState) -> Fraction:
        """The exact probability that ``step(s, a)`` leads to ``succ`` (0 if it cannot),
        without enumerating the other outcomes (:mod:`.point`)."""
        legal = self._last_legal[1] if self._last_legal[0] is s else self.legal_actions(s)
        if a not in legal:
            raise ModelError(f"illegal action {a!r} in phase {s.phase}")
        if not point.bag_only_shrinks(self.ctx, s, a):
            # Small enumerations (setup, reveals): one step serves every outcome asked.
            if self._last_dist[:2] != (s, a):
                self._last_dist = (s, a, dict(self.step(s, a)))
            return self._last_dist[2].get(succ, Fraction(0))
        if self._point_ctx is None:
            self._point_ctx = point.point_context(self.ctx)
        return point.outcome_probability(self._apply, self._point_ctx, s, a, succ)

    def _apply(self, ctx: Ctx, s: HHHState, a: Any) -> list[tuple[HHHState, Any]]:
        ph = s.phase
        if isinstance(a, Draw):
            return self._chance(ctx, s)
        if isinstance(a, InstallRoom):
            if ph == SETUP_ROOM:
                return setup.choose_room(ctx, s, a.kind)
            return patient_phase.install(ctx, s, a.kind)
        if isinstance(a, Heal):
            return heal_rules.start(ctx, s, a)
        if isinstance(a, Bonus):
            return heal_rules.bonus(ctx, s, a.size)
        if isinstance(a, JanitorIgnore):
            return [(heal_rules.janitor(ctx, s), ONE)]
        if isinstance(a, AdminRedraw):
            return heal_rules.redraw(ctx, s)
        if isinstance(a, Settle):
            return heal_rules.settle(ctx, s, a.rebag)
        if isinstance(a, Transfer):
            return [(player_actions.transfer(ctx, s, a), ONE)]
        if isinstance(a, HireStaff):
            return player_actions.hire(
                ctx, replace(s, admin_tokens=s.admin_tokens - 1), a.staff, ctx.config.staff_cost
            )
        if isinstance(a, Research):
            return player_actions.research(ctx, s)
        if isinstance(a, ChooseBenefit):
            return player_actions.choose_benefit(ctx, s, a)
        if isinstance(a, TakeTraining):
            return player_actions.take_training(ctx, s, a)
        if isinstance(a, ReplaceMarker):
            return player_actions.replace_marker(ctx, s, a)
        if isinstance(a, InternTreat):
            return player_actions.after_pick(ctx, player_actions.intern(ctx, s, a))
        if isinstance(a, ImproveRoom):
            return player_actions.improve(ctx, s, a)
        if isinstance(a, RemoveAbility):
            return [(player_actions.remove_ability(s, a), ONE)]
        if isinstance(a, EndPicks):
            return player_actions.finish_picks(ctx, s)
        if isinstance(a, RestockBloodBank):
            return player_actions.restock_blood(ctx, s)
        if isinstance(a, ChaplainFlip):
            return [(replace(s, admin_face_up=True, chaplain_used=True), ONE)]
        if isinstance(a, NurseTraining):
            return player_actions.nurse_training(ctx, s, a)
        if isinstance(a, ArriveAt):
            return [(patient_phase.choose_arrival_room(ctx, s, a.room), ONE)]
        if isinstance(a, AdmitToER):
            return [(patient_phase.admit_to_er(ctx, s, a.colour), ONE)]
        if isinstance(a, VisitWard):
            return [(patient_phase.choose_ward(ctx, s, a.colour), ONE)]
        if isinstance(a, EndActions):
            return patient_phase.start(ctx, s)
        if isinstance(a, ReturnBlacks):
            return [(patient_phase.return_blacks(ctx, s), ONE)]
        if isinstance(a, Pass):
            return [(patient_phase.housekeeping(ctx, s), ONE)]
        raise ModelError(f"unknown action {a!r}")

    def _chance(self, ctx: Ctx, s: HHHState) -> list[tuple[HHHState, Any]]:
        ph = s.phase
        if ph == SETUP_MARKERS:
            return setup.draw_markers(ctx, s)
        if ph == SETUP_WAITING:
            return setup.draw_waiting(ctx, s)
        if ph == SETUP_TRAINING:
            return setup.draw_training(ctx, s)
        if ph == PP_ARRIVE:
            return patient_phase.arrive(ctx, s)
        if ph == PP_VISIT:
            return visit_enum.visit(ctx, s)
        if ph == PP_STAFF:
            return patient_phase.reveal_staff(ctx, s)
        raise AssertionError(f"no chance step in phase {ph}")
