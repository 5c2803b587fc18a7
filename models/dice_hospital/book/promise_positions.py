"""Built positions where a reading's code runs, for readings that ``check``'s games do
not reach: each option's promise (``promises.py``) is asked there under that option.

``check`` sweeps every option over the reduced presets and plays the full game under the
defaults; some readings act only where neither goes. The reduced presets' bag never runs
short (DH-SUPPLY-SHORT) and their one bed never lets a round discharge a 13th patient
(DH-OVER-12, which the full game's twelve beds also rule out unless DH-CAPACITY=unlimited).
So the code of those readings would be checked by nothing in ``check``; here each option
of each is put on a position where it acts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..rules import readings as R
from ..rules.actions import Draw, EndActivation
from ..rules.model import DHModel
from ..rules.state import ACTIVATE, DICE_DRAW, DHState
from .promises import BOOK


def _short_bag(m: DHModel) -> tuple[DHState, Any]:
    """Zmiana personelu, "losowani są nowi pacjenci": one die in the bag, fewer than the
    ambulances need, and three dice in seat 0's mortuary."""
    s = m.initial_state()
    dead = (2, 1) + (0,) * (m.ctx.C - 2)
    h = replace(s.hospitals[0], mortuary=dead, mortality=3)
    bag = (1,) + (0,) * (m.ctx.C - 1)
    return replace(s, phase=DICE_DRAW, supply=bag, hospitals=(h,) + s.hospitals[1:]), Draw()


def _sixteen_discharged(m: DHModel) -> tuple[DHState, Any]:
    """Wypisani pacjenci: seat 0 ends its activation with 16 patients in the lounge and
    none left (so nothing can be placed and ending is legal under every reading)."""
    s = m.initial_state()
    lounge = (16,) + (0,) * (m.ctx.C - 1)
    h = replace(s.hospitals[0], lounge=lounge, admin=0)
    return replace(s, phase=ACTIVATE, cursor=0, hospitals=(h,) + s.hospitals[1:]), EndActivation()


#: The ambiguities asked here, and the position where their readings act.
POSITIONS: dict[str, Callable[[Any], tuple[DHState, Any]]] = {
    R.SUPPLY_SHORT.ID: _short_bag,
    R.OVER_12.ID: _sixteen_discharged,
}


def under(model: DHModel, ambiguity: str, option: str) -> Any:
    """The model with ``ambiguity`` read as ``option`` (the other readings kept)."""
    choices = tuple((k, option if k == ambiguity else v) for k, v in model.readings.choices)
    return type(model)(model.config, replace(model.readings, choices=choices))


def broken_promises(model: DHModel) -> list[str]:
    """Each option of each ambiguity in ``POSITIONS``, on its position: what its promise
    finds wrong in any outcome of the step (a crash counts)."""
    out = []
    for promise in BOOK.promises:
        build = POSITIONS.get(promise.ambiguity)
        if build is None or promise.step is None:
            continue
        m = under(model, promise.ambiguity, promise.option)
        if promise.applies is not None and not promise.applies(m):
            continue
        try:
            s, a = build(m)
            found = {promise.step(m, s, a, t) for t, _ in m.step(s, a)}
        except Exception as e:  # a rule that crashes on the position breaks its promise
            found = {f"{type(e).__name__}: {e}"}
        out += [f"{promise.key}: {p}" for p in sorted(p for p in found if p is not None)]
    return out
