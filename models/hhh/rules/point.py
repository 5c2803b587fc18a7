"""Point probabilities: the exact probability of one successor, without the others.

``outcome_probability(model, s, a, succ)`` is the probability that ``step(s, a)`` leads
to ``succ`` (0 when it cannot): exactly the ``Fraction`` that ``step`` gives ``succ``,
after merging equal successors. Replay, trace writing, ``diverge`` and the stateful
engine ask it for the one outcome they hold, where ``step`` would enumerate thousands
(a full-game Visit the Wards: a minute).

How. The rules run exactly as they do for ``step`` (so every reading and every later rule
change is followed), but with a draw engine that only yields the bag draws that can still
lead to ``succ`` (:class:`.point_draws.FloorDraws` with ``floor = succ.bag``): those that
leave at least ``succ.bag`` in the bag, computed in closed form. The probabilities of
the runs that end in ``succ`` are summed; a run the engine drops leaves less in the bag
than ``succ`` holds and the bag never gains a cube again before the step ends, so it
cannot end in ``succ``. That holds in the steps listed by :func:`bag_only_shrinks`:

* one bag draw and nothing put back afterwards (Heal, bonus draws, Cooke De Buchs'
  redraw, Research, restocking or improving the Blood Bank, New Patients Arrive): the
  draw's bag is ``succ``'s bag, whatever happens inside the draw (a refill included);
* Visit the Wards, one draw per patient, when the bag cannot run out in the visit (each
  patient draws at most ``n`` and every black cube adds 2: see :func:`visit_cannot_refill`)
  and the drawn cubes are discarded (HHH-VISIT-CUBES "discard"). Patients whose
  draws differ but end alike (two level-3 patients where either one drew the matching
  cube) are summed by the rules' own merge, as in ``step``.

Every other step (setup draws, Training and Staff reveals, a visit that may refill or
re-bag, a new Blood Bank whose Patient Phase restocks the bag right after) runs the
exact draws: those are small.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from .actions import (
    AdminRedraw,
    Bonus,
    Draw,
    Heal,
    ImproveRoom,
    Research,
    RestockBloodBank,
)
from .context import Ctx
from .point_draws import FloorDraws
from .state import PP_ARRIVE, PP_VISIT, HHHState, item_of

#: Actions that draw from the bag once and then never put a cube back in the same step.
ONE_DRAW_ACTIONS = (Heal, Bonus, AdminRedraw, Research, RestockBloodBank, ImproveRoom)


def point_context(ctx: Ctx) -> Ctx:
    """The rules' context with a :class:`FloorDraws` engine (one per model)."""
    return Ctx(ctx.config, ctx.interp, FloorDraws())


def visit_cannot_refill(ctx: Ctx, s: HHHState) -> bool:
    """No patient's draw in this visit can empty the bag.

    A draw of ``need`` cubes with ``k`` black ones takes ``need + 2k`` cubes, so the
    whole visit takes at most ``sum(need) + 2 * blacks`` (``need`` is 1 per patient, or
    at most the beds of the Ward in the variant without abilities).
    """
    patients = len(s.wards[item_of(s.cursor)])
    per_patient = max(1, ctx.beds) if ctx.config.variant_no_abilities else 1
    return patients * per_patient + 2 * s.bag[ctx.B] <= sum(s.bag)


def bag_only_shrinks(ctx: Ctx, s: HHHState, a: Any) -> bool:
    """Whether, in ``step(s, a)``, the bag never gains a cube after a draw (so a draw
    leaving fewer cubes of some colour than the successor's bag cannot lead to it)."""
    if isinstance(a, ONE_DRAW_ACTIONS):
        return True
    if isinstance(a, Draw):
        if s.phase == PP_ARRIVE:
            return True
        if s.phase == PP_VISIT:
            return not ctx.visit_rebag and visit_cannot_refill(ctx, s)
    return False


def outcome_probability(
    apply: Callable[[Ctx, HHHState, Any], list[tuple[HHHState, Fraction]]],
    point_ctx: Ctx,
    s: HHHState,
    a: Any,
    succ: HHHState,
) -> Fraction:
    """P(``step(s, a)`` leads to ``succ``), exact, for a legal ``a`` where
    :func:`bag_only_shrinks`: the rules (``apply(ctx, s, a)``, the model's dispatch)
    run with ``point_ctx`` (:func:`point_context`) bounded below by ``succ``'s bag, and
    the probabilities of the runs that end in ``succ`` are summed."""
    point_ctx.draws.floor = succ.bag
    total = Fraction(0)
    for st, p in apply(point_ctx, s, a):
        if st == succ:
            total += p
    return total
