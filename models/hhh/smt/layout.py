"""The numeric core of an HHH state as named integers (the Z3 encoding's vocabulary).

A *layout* lists the tracked fields of one (config, interpretation); :func:`project`
maps a concrete :class:`HHHState` onto it. Wards are counts per (colour, level 1..4)
(levels in a Ward are 1..4: a patient reaching 5 there dies), so inserting and removing
a patient is arithmetic. Fields outside the core (Staff, Training, Research, Blood Bank,
Ward Ability tokens, pending picks) are not tracked: :func:`in_fragment` says whether a
concrete state lies in the fragment the encoding covers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..rules.state import (
    PP_ARRIVE,
    PP_ARRIVE_ORDER,
    PP_ER_ADMIT,
    PP_VISIT,
    PP_VISIT_ORDER,
    done_of,
)

WARD_LEVELS = (1, 2, 3, 4)


@dataclass(frozen=True)
class Layout:
    """Field names of the symbolic state, grouped by component."""

    C: int  # illness colours
    W: int  # waiting rooms
    P: int  # players

    @property
    def B(self) -> int:  # black index in bag/discard/drawn vectors
        return self.C

    def names(self) -> tuple[str, ...]:
        C, W, P = self.C, self.W, self.P
        out = [
            "phase",
            "cursor",
            "mask",
            "round",
            "money",
            "reason",
            "rooms_placed",
            "deaths",
            "admin_tokens",
            "admin_up",
            "staff_rev",
        ]
        out += [f"bag{i}" for i in range(C + 1)]
        out += [f"disc{i}" for i in range(C + 1)]
        out += [f"wait{w}_{c}" for w in range(W) for c in range(C)]
        out += [f"ward{c}_{lv}" for c in range(C) for lv in WARD_LEVELS]
        out += [f"room{k}" for k in range(8)]
        out += [f"trl{c}" for c in range(C)] + [f"trs{c}" for c in range(C)]
        out += [f"er{c}" for c in range(C)]
        out += [f"sup{i}" for i in range(C + 1)]
        out += [f"cem{i}" for i in range(C + 2)]
        out += [f"med{p}" for p in range(P)]
        out += ["h_on", "h_player", "h_place", "h_colour", "h_level", "h_bonus", "h_rebag"]
        out += [f"h_drawn{i}" for i in range(C + 1)]
        return tuple(out)


def mask_of(s: Any) -> int:
    """The Waiting Rooms or Wards already resolved in an ordered Patient Phase step (the
    ``done`` part of ``state.place`` cursors; 0 elsewhere). A field of its own, so the
    relation needs no division."""
    if s.phase in (PP_ARRIVE, PP_VISIT):
        return int(done_of(s.cursor))
    if s.phase in (PP_ARRIVE_ORDER, PP_VISIT_ORDER):
        return int(s.cursor)
    return 0


def layout_for(ctx: Any) -> Layout:
    return Layout(ctx.C, ctx.config.waiting_rooms, ctx.P)


def project(ctx: Any, s: Any) -> dict[str, int]:
    """The tracked numbers of concrete state ``s`` (the encoding's view of it)."""
    L = layout_for(ctx)
    C = L.C
    v: dict[str, int] = {
        "phase": s.phase,
        "cursor": s.cursor,
        "mask": mask_of(s),
        "round": s.round,
        "money": s.money,
        "reason": s.reason,
        "rooms_placed": s.rooms_placed,
        "deaths": s.deaths,
        "admin_tokens": s.admin_tokens,
        "admin_up": int(s.admin_face_up),
        "staff_rev": sum(ctx.staff_pool) - sum(s.staff_hidden),
    }
    for i in range(C + 1):
        v[f"bag{i}"] = s.bag[i]
        v[f"disc{i}"] = s.discard[i]
        v[f"sup{i}"] = s.supply[i]
    for w in range(L.W):
        for c in range(C):
            v[f"wait{w}_{c}"] = s.waiting[w][c]
    for c in range(C):
        for lv in WARD_LEVELS:
            v[f"ward{c}_{lv}"] = s.wards[c].count(lv)
        v[f"trl{c}"], v[f"trs{c}"] = s.treatment[c]
        v[f"er{c}"] = s.er[c]
    for k in range(8):
        v[f"room{k}"] = s.rooms[k]
    for i in range(C + 2):
        v[f"cem{i}"] = s.cemetery[i]
    for p in range(L.P):
        v[f"med{p}"] = s.medical[p]
    h = s.heal
    v["h_on"] = int(h is not None)
    v["h_player"] = h.player if h else 0
    v["h_place"] = h.place if h else 0
    v["h_colour"] = h.colour if h else 0
    v["h_level"] = h.level if h else 0
    v["h_bonus"] = len(h.bonuses) if h else 0
    v["h_rebag"] = h.rebag if h else 0
    for i in range(C + 1):
        v[f"h_drawn{i}"] = h.drawn[i] if h else 0
    return v


def in_fragment(ctx: Any, s: Any) -> bool:
    """Whether ``s`` uses only what the encoding tracks (no Staff hired, no Training taken,
    no Research or pick in progress, empty Blood Bank, no Heal with a Blood Bank cube)."""
    if s.heal is not None and s.heal.blood >= 0:
        return False
    if s.phase == PP_ER_ADMIT:  # the players' choice of ER patients is left out
        return False
    return (
        not any(s.staff_hired)
        and not any(sum(t) for t in s.training)
        and s.research is None
        and s.picks == (0, 0)
        and not any(s.blood)
        and not s.rooms[6]
        and all(lv in WARD_LEVELS for ward in s.wards for lv in ward)
    )
