"""Step promises of RH-REWARD-ORDER: when the rewards that a reward sets off are taken.

A step resolves every pending reward until one needs a decision, so the order shows in
what is still pending when the step stops. The rewards a step set off are read off the
board, not off the rule code: each insurance level it gained sets off that level's
printed benefits ("Each time players advance on an insurance track they will gain the
benefits shown"), each ambulance space it entered that space's printed reward ("they
gain all the benefits they have passed"). When the step stops at a reward none of those
could be (a reward the card printed, or one pending before the step), the two readings
say opposite things about the set-off rewards:

* ``depth-first``: they were taken with the reward that set them off, before the next
  pending reward, so none is still pending (beyond copies that were pending anyway);
* ``in-sequence``: the card's (or move's) own rewards come first, so every one of them
  still waits behind the reward the step stopped at.

A step that stops at a reward one of them could be, or at a draw, says nothing here."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from ..rules import actions
from ..rules import readings as R
from ..rules.effects import AMBULANCE, INSURANCE, Effect
from ..rules.model import RHModel
from ..rules.state import T_EFFECT, RHState
from ..rules.tracks import AMBULANCE_REWARDS, INSURANCE_BENEFITS
from .promise_support import reads

#: The most ambulance spaces one step is taken to cover (moves print at most 3; a whole
#: lap in one step would hide its spaces from a position difference).
MAX_SPACES = 13


def spaces_entered(model: RHModel, before: int, after: int) -> list[int]:
    """The ambulance spaces a counter entered going from ``before`` to ``after`` (the
    loop of RH-AMBULANCE-WRAP: 0..13, or 1..13 after leaving the starting space)."""
    fourteen = reads(model, R.AMBULANCE_WRAP.FOURTEEN_SPACES)
    out: list[int] = []
    at = before
    while at != after and len(out) < MAX_SPACES:
        at = (at + 1) % 14 if fourteen else at % 13 + 1
        out.append(at)
    return out if at == after else []


def set_off(model: RHModel, s: RHState, t: RHState) -> list[Effect]:
    """Every reward printed on an insurance level gained or an ambulance space entered
    between ``s`` and ``t``, by any seat."""
    out: list[Effect] = []
    for a, b in zip(s.players, t.players, strict=True):
        for company, (was, now) in enumerate(zip(a.insurance, b.insurance, strict=True)):
            for level in range(was, now):
                out += INSURANCE_BENEFITS[company][level]
        for space in spaces_entered(model, a.ambulance, b.ambulance):
            out += AMBULANCE_REWARDS[space - 1] if space else ()
    return out


#: Effect codes by name, for messages (``effects.GAIN`` .. ``effects.CHOICE``).
CODE_NAMES = ("gain", "production track", "ambulance", "helicopter", "insurance", "draw", "choice")


def text(effects: Iterable[Effect]) -> str:
    return ", ".join(sorted(f"{CODE_NAMES[e.code]} {e.a} x{e.n}" for e in effects))


def _with_alts(effects: Iterable[Effect]) -> Counter[Effect]:
    out: Counter[Effect] = Counter()
    for e in effects:
        out[e] += 1
        out.update(e.alts)
    return out


def _pending(s: RHState) -> list[Effect]:
    return [k.effect for k in s.queue if k.kind == T_EFFECT and k.effect is not None]


def printed(model: RHModel, s: RHState, a: Any) -> list[Effect]:
    """The rewards pending before the step and those the action's card prints."""
    out = _pending(s)
    if isinstance(a, actions.PlayCard):
        out += model.ctx.medical[a.card].immediate
    elif isinstance(a, actions.Activate):
        out += model.ctx.medical[a.card].action
    return out


def stopped_at_own(t: RHState, offs: list[Effect]) -> bool:
    """Whether the step stopped at a reward that none of ``offs`` (nor what they set off
    in turn: a choice's alternatives, a move's next space, "any company") can be."""
    if not t.queue or t.queue[0].kind != T_EFFECT or t.queue[0].effect is None:
        return False
    head = t.queue[0].effect
    if head.code == AMBULANCE or (head.code == INSURANCE and head.a < 0):
        return False
    return head not in _with_alts(offs)


def reward_order(depth_first: bool) -> Any:
    """``depth-first``: a step that stops at a reward it did not set off has taken every
    reward it set off; ``in-sequence``: every one of them is still pending behind it."""

    def check(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
        offs = set_off(model, s, t)
        if not offs or not stopped_at_own(t, offs):
            return None
        left = Counter(_pending(t))
        if depth_first:
            before = _with_alts(printed(model, s, a))
            waiting = [e for e in set(offs) if left[e] > before[e]]
            if waiting:
                return f"rewards set off in the step wait behind a printed one: {text(waiting)}"
            return None
        missing = Counter(offs) - left
        if missing:
            taken = text(missing.elements())
            return f"rewards set off in the step were taken before the printed one: {taken}"
        return None

    return check
