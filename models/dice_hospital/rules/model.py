"""The Dice Hospital model: the contract of ``hhh_verify.contract.model`` over the rules.

``legal_actions`` and ``step`` dispatch on the phase; every rule lives in a module named
after the aid's section (setup, admission, expansion, activation, end_round).
``sample_step`` runs the same rules with a die-by-die sampler instead of the exact laws,
for fast playouts that sample exactly the distribution ``step`` enumerates.
"""

from __future__ import annotations

import random
from typing import Any

from hhh_verify.contract.actions import sort_actions
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.interpretations import Readings
from hhh_verify.contract.model import CHANCE, TERMINAL
from hhh_verify.contract.outcomes import Outcome, merge, sample_index
from hhh_verify.contract.records import replace
from hhh_verify.contract.rule_model import RuleModel

from . import activation, admission, expansion, setup
from . import readings as R
from .actions import (
    ACTION_TYPES,
    Action,
    Activate,
    BloodHeal,
    BloodRecolour,
    DeclineEffect,
    DiscardSpecialist,
    DiscardWard,
    Draw,
    EndActivation,
    Evict,
    KeepAdministrator,
    KeepTiles,
    PlaceDice,
    RevealExtra,
    SetPatients,
    SpecialistHeal,
    TakeAmbulance,
    TakeSpecialist,
    TakeWard,
    TradeSpecialist,
    TradeWard,
)
from .board import ONE
from .config import DHConfig
from .context import Ctx
from .describe import describe_action, describe_state
from .dice import SampledDice
from .end_round import close_hospital, end_of_round, winners
from .state import (
    ACT_DISCARD,
    ACTIVATE,
    CHANCE_PHASES,
    DICE_DRAW,
    EFFECT,
    EPIDEMIC,
    EVICT,
    EXPAND,
    EXPAND_DISCARD,
    EXTRA,
    EXTRA_DRAW,
    MARKET,
    OVER,
    PICK,
    PLACE,
    ROLL,
    SETUP_ADMIN,
    SETUP_ADMIN_PICK,
    SETUP_DICE,
    SETUP_HEALTH,
    DHState,
)
from .turns import last_player

DRAW = (Draw(),)


class DHModel(RuleModel[DHState, Action, DHConfig]):
    """Dice Hospital as a Markov decision process (see ``hhh_verify.contract.model``)."""

    game = "dice-hospital"
    action_types = ACTION_TYPES
    state_text = describe_state
    action_text = describe_action
    ctx: Ctx

    def __init__(self, config: DHConfig, readings: Readings):
        super().__init__(config, readings, Ctx(config, readings))
        self._sample_ctx = Ctx(config, readings, SampledDice(random.Random(0)))

    # Contract ------------------------------------------------------------------------
    def initial_state(self) -> DHState:
        return setup.initial_state(self.ctx)

    def current_player(self, s: DHState) -> int:
        """Chance phases are ``CHANCE``; the setup and activation phases belong to the
        player at the cursor, the draft and ambulance picks to the player whose turn it
        is, tied dice to the last player, the extra reveal to the first player."""
        ph = s.phase
        if ph == OVER:
            return TERMINAL
        if ph in CHANCE_PHASES:
            return CHANCE
        if ph in (PICK, EVICT, EXPAND, EXPAND_DISCARD):
            return s.order[s.cursor]
        if ph == PLACE:
            return last_player(self.ctx, s)
        if ph == EXTRA:
            return s.first
        return s.cursor

    def outcome(self, s: DHState) -> Outcome | None:
        """Koniec gry: every seat's points, and the winners after the tie-breakers
        (fewer patients, then more pips; DH-TIE-REMAINS after both)."""
        if s.phase != OVER:
            return None
        points = tuple(h.points for h in s.hospitals)
        return Outcome(None, "completed", scores=points, winners=winners(self.ctx, s))

    def winners(self, s: DHState) -> tuple[int, ...]:
        """The winning seats of a finished game (Koniec gry, tie-breakers)."""
        return winners(self.ctx, s)

    def _legal(self, s: DHState) -> tuple[Any, ...]:
        ctx, ph = self.ctx, s.phase
        if ph == OVER:
            return ()
        if ph in CHANCE_PHASES:
            return DRAW
        if ph == SETUP_HEALTH:
            return tuple(SetPatients(d) for d in setup.health_options(ctx, s))
        if ph == SETUP_ADMIN_PICK:
            return tuple(KeepAdministrator(k) for k in setup.admin_options(s))
        if ph == EXTRA:
            return tuple(RevealExtra(k) for k in expansion.extra_options(s))
        if ph == PLACE:
            return tuple(PlaceDice(a) for a in admission.arrangements(ctx, s.rolled))
        if ph == PICK:
            return tuple(TakeAmbulance(j) for j in admission.pickable(ctx, s))
        if ph == EVICT:
            h = s.hospitals[s.order[s.cursor]]
            over = len(h.patients) + len(s.incoming) - (ctx.capacity or 0)
            return tuple(Evict(g) for g in admission.eviction_options(ctx, h.patients, over))
        if ph == EXPAND:
            return sort_actions(self._draft(s))
        if ph in (EXPAND_DISCARD, ACT_DISCARD):
            return sort_actions(self._discards(s, self.current_player(s)))
        if ph == ACTIVATE:
            return sort_actions(self._activation(s))
        if ph == EFFECT:
            out: list[Any] = [SpecialistHeal(p) for p in activation.effect_targets(ctx, s)]
            if ctx.effect_optional:
                out.append(DeclineEffect())
            return sort_actions(out)
        raise AssertionError(f"unknown phase {ph}")

    def _draft(self, s: DHState) -> list[Any]:
        out: list[Any] = [TakeWard(k) for k, n in enumerate(s.ward_market) if n]
        out += [TakeSpecialist(k) for k, n in enumerate(s.specialist_market) if n]
        if self.ctx.expansion_discard == R.EXPANSION_DISCARD.INSTEAD_OF_TAKING:
            out += [TradeWard(k) for k, n in enumerate(s.ward_market) if n]
            out += [TradeSpecialist(k) for k, n in enumerate(s.specialist_market) if n]
        return out

    def _discards(self, s: DHState, player: int) -> list[Any]:
        h = s.hospitals[player]
        out: list[Any] = [KeepTiles()]
        out += [DiscardWard(k) for k, n in enumerate(h.wards) if n]
        out += [DiscardSpecialist(k) for k, n in enumerate(h.specialists) if n]
        return out

    def _activation(self, s: DHState) -> list[Any]:
        """Meeples into wards, blood bags, and the end of the activation (under
        DH-PLACEMENT-OPTIONAL=every-meeple only once no meeple can be placed)."""
        ctx = self.ctx
        h = s.hospitals[s.cursor]
        placements = [Activate(m, k, g) for m, k, g in activation.activation_options(ctx, s)]
        out: list[Any] = [] if placements and ctx.every_meeple else [EndActivation()]
        out += placements
        if h.blood > 0:
            out += [BloodHeal(p) for p in sorted(set(h.patients))]
            out += [BloodRecolour(p, c) for p, c in activation.recolour_options(ctx, h)]
        return out

    def step(self, s: DHState, a: Any) -> tuple[tuple[DHState, Any], ...]:
        """The exact outcome distribution of ``a`` in ``s`` (``ModelError`` if illegal)."""
        legal = self._last_legal[1] if self._last_legal[0] is s else self.legal_actions(s)
        if a not in legal:
            raise ModelError(f"illegal action {a!r} in phase {s.phase}")
        return merge(self._apply(self.ctx, s, a))

    def sample_step(self, s: DHState, a: Any, rng: random.Random) -> DHState:
        """One successor of a legal ``a``, drawn with ``rng`` from the law ``step``
        enumerates: dice, tiles and cards are drawn one by one, dice rolled one by one."""
        ctx = self._sample_ctx
        ctx.dice.rng = rng
        pairs = self._apply(ctx, s, a)
        if len(pairs) == 1:
            return pairs[0][0]
        dist = merge(pairs)
        return dist[sample_index(dist, rng)][0]

    def _apply(self, ctx: Ctx, s: DHState, a: Any) -> list[tuple[DHState, Any]]:
        if isinstance(a, Draw):
            return self._chance(ctx, s)
        return [(self._decide(ctx, s, a), ONE)]

    def _decide(self, ctx: Ctx, s: DHState, a: Any) -> DHState:
        if isinstance(a, Activate):
            return activation.activate(ctx, s, a.meeple, a.ward, a.patients)
        if isinstance(a, SpecialistHeal):
            return activation.specialist_heal(ctx, s, a.patient)
        if isinstance(a, DeclineEffect):
            return activation.finish(ctx, s)
        if isinstance(a, BloodHeal):
            return activation.blood_heal(ctx, s, a.patient)
        if isinstance(a, BloodRecolour):
            return activation.blood_recolour(ctx, s, a.patient, a.colour)
        if isinstance(a, EndActivation):
            return self._next_activation(ctx, s)
        if isinstance(a, (DiscardWard, DiscardSpecialist, KeepTiles)):
            return self._discard(ctx, s, a)
        if isinstance(a, TakeWard):
            return expansion.take_tile(ctx, s, a.kind, expansion.WARD)
        if isinstance(a, TakeSpecialist):
            return expansion.take_tile(ctx, s, a.kind, expansion.SPECIALIST)
        if isinstance(a, TradeWard):
            return expansion.trade_tile(ctx, s, a.kind, expansion.WARD)
        if isinstance(a, TradeSpecialist):
            return expansion.trade_tile(ctx, s, a.kind, expansion.SPECIALIST)
        if isinstance(a, TakeAmbulance):
            return admission.take(ctx, s, a.number)[0][0]
        if isinstance(a, Evict):
            return admission.evict(ctx, s, a.patients)
        if isinstance(a, PlaceDice):
            return admission.place(ctx, s, a.ambulances)
        if isinstance(a, RevealExtra):
            return expansion.reveal_extra(ctx, s, a.kind)
        if isinstance(a, SetPatients):
            return setup.set_patients(ctx, s, a.dice)
        if isinstance(a, KeepAdministrator):
            return setup.keep_admin(ctx, s, a.kind)
        raise ModelError(f"unknown action {a!r}")

    def _discard(self, ctx: Ctx, s: DHState, a: Any) -> DHState:
        player = self.current_player(s)
        if isinstance(a, DiscardWard):
            s = expansion.discard_owned(ctx, s, player, a.kind, expansion.WARD)
        elif isinstance(a, DiscardSpecialist):
            s = expansion.discard_owned(ctx, s, player, a.kind, expansion.SPECIALIST)
        if s.phase == EXPAND_DISCARD:
            return expansion.next_draft(ctx, s)
        return replace(s, phase=ACTIVATE)

    def _next_activation(self, ctx: Ctx, s: DHState) -> DHState:
        s = close_hospital(ctx, s, s.cursor)
        if s.cursor + 1 < ctx.P:
            return expansion.start_activation(ctx, s, s.cursor + 1)
        return end_of_round(ctx, s)

    def _chance(self, ctx: Ctx, s: DHState) -> list[tuple[DHState, Any]]:
        ph = s.phase
        if ph == SETUP_DICE:
            return setup.draw_start(ctx, s)
        if ph == SETUP_ADMIN:
            return setup.draw_admins(ctx, s)
        if ph == MARKET:
            return expansion.market_draw(ctx, s)
        if ph == EXTRA_DRAW:
            return expansion.extra_draw(ctx, s)
        if ph == DICE_DRAW:
            return admission.draw_dice(ctx, s)
        if ph == ROLL:
            return admission.roll(ctx, s)
        if ph == EPIDEMIC:
            return admission.epidemic(ctx, s)
        raise AssertionError(f"no chance step in phase {ph}")
