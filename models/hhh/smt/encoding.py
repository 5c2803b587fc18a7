"""The HHH transition relation over the numeric core, and how its answers map back.

:class:`HHHEncoding` gives the generic engine (:mod:`hhh_verify.smt.bmc`) what it needs:
state variables, the initial state, the one-step relation ``T(s, s')`` (a disjunction over
the rules of :mod:`.rules`, :mod:`.heal`, :mod:`.phases`), the projection of
concrete states, and which model action a rule stands for (to rebuild witnesses).

Exactness (see :data:`NOTES` and :meth:`HHHEncoding.notes`): every encoded rule has the
model's exact *support* (which successors are possible; probabilities are not encoded).
The fragment leaves out Staff (hire, effects), Training markers (taking them), Research,
the Blood Bank, the Administrator's redraw and the Janitor. On configs that have none of
these (the ``tiny`` and ``small`` presets) the relation is exact, so UNSAT within a bound
is a proof for that bound. On the full game it is an *under*-approximation of the
players' choices: every SAT answer is a real play (its witness replays through the
model), while UNSAT only says "not with the encoded actions".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import z3

from hhh_verify.contract.errors import ModelError
from hhh_verify.smt.terms import Builder, St

from ..rules.model import HHHModel
from ..rules.state import BLOOD_BANK, OVER
from .heal import rule_bonus, rule_heal, rule_settle
from .layout import Layout, in_fragment, layout_for, project
from .phases import (
    rule_arrive,
    rule_arrive_order,
    rule_end_actions,
    rule_install,
    rule_pass,
    rule_return_blacks,
    rule_transfer,
    rule_visit,
    rule_visit_order,
)
from .rules import (
    rule_reveal_staff,
    rule_setup_markers,
    rule_setup_room,
    rule_setup_training,
    rule_setup_waiting,
)

#: rule name -> the model action class it stands for
RULES = (
    ("setup_markers", "Draw"),
    ("setup_room", "InstallRoom"),
    ("setup_waiting", "Draw"),
    ("setup_training", "Draw"),
    ("reveal_staff", "Draw"),
    ("heal", "Heal"),
    ("bonus", "Bonus"),
    ("settle", "Settle"),
    ("transfer", "Transfer"),
    ("end_actions", "EndActions"),
    ("install", "InstallRoom"),
    ("arrive", "Draw"),
    ("visit", "Draw"),
    ("pass", "Pass"),
    ("return_blacks", "ReturnBlacks"),
    ("arrive_order", "ArriveAt"),
    ("visit_order", "VisitWard"),
)

NOTES = (
    "exact support for: setup draws, Heal (Ward, Treatment Room, Emergency Room; Nowitz' "
    "Psychiatric bonus; re-bag choices), Transfer, Patient Phase steps 1-6 (deaths, "
    "Cemetery, arrest, bankruptcy, Install New Room, Restock, Arrivals with black chains, "
    "Visits), the end-of-phase black-cube reaction, round and token resets",
    "draw refills: plain draws refill once (all the model can do); black-cube chains "
    "unroll the empty-bag refill 2 levels deep (deeper refills left out)",
    "not tracked (identity in the encoding): which Staff/Training markers are revealed",
    "New Patients Arrive: a draw that forms more 5-cube patients than the Emergency Room "
    "has spaces (the players then choose who is admitted) is left out",
)


@dataclass
class StepVars:
    """The fresh variables of one step: rule selector and action parameters."""

    rule: Any
    heal: dict[str, Any]
    transfer: dict[str, Any]
    kind: Any
    rebag: list[Any]


class HHHEncoding:
    """Symbolic HHH for one model (config + interpretation)."""

    game = "hhh"
    terminal_phase = OVER

    def __init__(self, model: HHHModel):
        self.model = model
        self.ctx = model.ctx
        self.layout: Layout = layout_for(self.ctx)
        self.names = self.layout.names()
        if self.ctx.ability_shield and self.ctx.abilities_on:
            raise ModelError(
                "the z3 encoding does not cover HHH-WARD-ABILITY=shield-first; "
                "accepted: the default reading (no-effect) or --engine explore"
            )
        if self.ctx.tr5_survives:  # a Ward's levels are 1..4 in the layout (WARD_LEVELS)
            raise ModelError(
                "the z3 encoding does not cover HHH-TR-TO-WARD-5=survives; "
                "accepted: dies, forbidden or --engine explore"
            )
        if self.ctx.heal_death_at_once:  # the Heal's decisions are encoded as after-bonuses
            raise ModelError(
                "the z3 encoding does not cover HHH-HEAL-DEATH-TIMING=at-once; "
                "accepted: after-bonuses or --engine explore"
            )
        if self.ctx.visit_stop:  # a Visit's chain is encoded as drawn to its end
            raise ModelError(
                "the z3 encoding does not cover HHH-VISIT-DEATH-DRAWS=stop; "
                "accepted: complete or --engine explore"
            )
        if self.ctx.arrest_pays:  # an arrest is encoded as paying nothing
            raise ModelError(
                "the z3 encoding does not cover HHH-ARREST-SETTLEMENT=paid; "
                "accepted: unpaid or --engine explore"
            )

    # What the encoding covers ------------------------------------------------------
    def left_out(self) -> list[str]:
        """Rules of this config the encoding leaves out (empty: the relation is exact)."""
        ctx, cfg = self.ctx, self.ctx.config
        out = []
        if BLOOD_BANK in ctx.deck:
            out.append("Blood Bank (install, fill, restock, Blood Bank cube in a Heal)")
        if sum(ctx.staff_pool) and ctx.staff_spaces > 0:
            out.append("Hire Staff and every Staff effect")
        if cfg.research_cards:
            out.append("Research and its benefits")
        if ctx.admin and cfg.administrator == "cooke":
            out.append("Administrator reaction: redraw a black cube")
        if "ura" in cfg.doctors and sum(ctx.training_pool) != 0 and cfg.training_face_up:
            out.append("Ura Scapegote's free Training marker")
        if 5 in ctx.deck and ctx.spots >= 5 and ctx.C >= 2 and cfg.arrival_cubes >= 2:
            out.append("the players' choice of 5-cube patients for the Emergency Room's last space")
        return out

    @property
    def exact(self) -> bool:
        return not self.left_out()

    def notes(self) -> list[str]:
        extra = self.left_out()
        head = (
            "exact for this config"
            if not extra
            else "under-approximation (SAT is real, UNSAT is not a proof): left out "
            + "; ".join(extra)
        )
        return [head, *NOTES]

    # Variables -----------------------------------------------------------------------
    def state(self, tag: str) -> dict[str, Any]:
        return {n: z3.Int(f"{tag}.{n}") for n in self.names}

    def project(self, s: Any) -> dict[str, int]:
        return project(self.ctx, s)

    def in_fragment(self, s: Any) -> bool:
        return in_fragment(self.ctx, s)

    def equals(self, sym: dict[str, Any], values: dict[str, int]) -> Any:
        return z3.And(*[sym[n] == values[n] for n in self.names])

    def initial(self, sym: dict[str, Any]) -> Any:
        return self.equals(sym, self.project(self.model.initial_state()))

    # The relation --------------------------------------------------------------------
    def step_vars(self, b: Builder) -> StepVars:
        C = self.layout.C
        heal = {k: b.fresh(f"heal_{k}") for k in ("player", "place", "colour", "level")}
        transfer = {
            k: b.fresh(f"tr_{k}") for k in ("player", "source", "room", "colour", "level", "target")
        }
        return StepVars(
            b.fresh("rule"), heal, transfer, b.fresh("kind"), b.fresh_vec("rebag", C + 1)
        )

    def transition(
        self, pre: dict[str, Any], post: dict[str, Any], tag: str
    ) -> tuple[Any, StepVars]:
        """``T(pre, post)`` as one formula, and the step's variables (for witnesses)."""
        ctx, L = self.ctx, self.layout
        b = Builder(tag)
        v = self.step_vars(b)
        st = St(pre)
        makers = [
            lambda: rule_setup_markers(ctx, L, st, b),
            lambda: rule_setup_room(ctx, L, st, b, v.kind),
            lambda: rule_setup_waiting(ctx, L, st, b),
            lambda: rule_setup_training(ctx, L, st, b),
            lambda: rule_reveal_staff(ctx, L, st, b),
            lambda: rule_heal(ctx, L, st, b, v.heal),
            lambda: rule_bonus(ctx, L, st, b),
            lambda: rule_settle(ctx, L, st, b, v.rebag),
            lambda: rule_transfer(ctx, L, st, b, v.transfer),
            lambda: rule_end_actions(ctx, L, st, b),
            lambda: rule_install(ctx, L, st, b, v.kind),
            lambda: rule_arrive(ctx, L, st, b),
            lambda: rule_visit(ctx, L, st, b),
            lambda: rule_pass(ctx, L, st, b),
            lambda: rule_return_blacks(ctx, L, st, b),
            lambda: rule_arrive_order(ctx, L, st, b, v.kind),
            lambda: rule_visit_order(ctx, L, st, b, v.kind),
        ]
        cases = []
        for i, make in enumerate(makers):
            chosen = v.rule == i
            b.scope = chosen  # draw supports bind only when this rule is the step
            guard, out = make()
            cases.append(z3.And(chosen, guard, *[post[n] == out[n] for n in self.names]))
        # a finished game stutters, so "reachable within k steps" is one check at depth k
        cases.append(
            z3.And(
                v.rule == len(makers),
                pre["phase"] == OVER,
                *[post[n] == pre[n] for n in self.names],
            )
        )
        return z3.And(z3.Or(*cases), *b.constraints), v

    # Witnesses -----------------------------------------------------------------------
    def rule_action_type(self, index: int) -> str:
        return RULES[index][1]

    def action(self, value: Any, v: StepVars) -> Any:
        """The model action the solver chose at a step (``value`` evaluates a term)."""
        from ..rules import actions

        index = value(v.rule)
        if index == len(RULES):
            return None  # the finished game stutters
        name = RULES[index][0]
        if name in (
            "setup_markers",
            "setup_waiting",
            "setup_training",
            "reveal_staff",
            "arrive",
            "visit",
        ):
            return actions.Draw()
        if name in ("setup_room", "install"):
            return actions.InstallRoom(value(v.kind))
        if name == "heal":
            h = {k: value(x) for k, x in v.heal.items()}
            return actions.Heal(h["player"], h["place"], h["colour"], h["level"], -1)
        if name == "bonus":
            return actions.Bonus(2)
        if name == "settle":
            return actions.Settle(tuple(value(x) for x in v.rebag))
        if name == "arrive_order":
            return actions.ArriveAt(value(v.kind))
        if name == "visit_order":
            return actions.VisitWard(value(v.kind))
        if name == "transfer":
            t = {k: value(x) for k, x in v.transfer.items()}
            return actions.Transfer(
                t["player"], t["source"], t["room"], t["colour"], t["level"], t["target"]
            )
        return {
            "end_actions": actions.EndActions,
            "pass": actions.Pass,
            "return_blacks": actions.ReturnBlacks,
        }[name]()
