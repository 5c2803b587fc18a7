"""HHH facts as formulas over a symbolic state: conservation, well-formedness, goals.

Used by the registered SMT queries (``models/hhh/properties/smt.py``) and the tests.
"""

from __future__ import annotations

from typing import Any

import z3

from hhh_verify.smt.terms import zsum

from ..rules.state import (
    ACTIONS,
    ARRESTED,
    HEAL_DRAWN,
    OVER,
    PP_ARRIVE,
    PP_ARRIVE_ORDER,
    PP_END,
    PP_ER_ADMIT,
    PP_STAFF,
    PP_VISIT,
    PP_VISIT_ORDER,
    SETUP_MARKERS,
    SETUP_ROOM,
    SETUP_TRAINING,
    SETUP_WAITING,
)
from .board import bit
from .layout import WARD_LEVELS

Sym = dict[str, Any]


def cubes_total(enc: Any) -> int:
    cfg = enc.ctx.config
    return enc.layout.C * cfg.cubes_each + cfg.black_cubes


def cube_sum(enc: Any, s: Sym) -> Any:
    """Every cube somewhere: bag, discard, Waiting Rooms, Emergency Room (5 each), in hand."""
    L = enc.layout
    C = L.C
    parts = [s[f"bag{i}"] + s[f"disc{i}"] + s[f"h_drawn{i}"] for i in range(C + 1)]
    parts += [s[f"wait{w}_{c}"] for w in range(L.W) for c in range(C)]
    parts += [5 * s[f"er{c}"] for c in range(C)]
    return zsum(parts)


def cubes_conserved(enc: Any, s: Sym) -> Any:
    return cube_sum(enc, s) == cubes_total(enc)


def colour_cubes_conserved(enc: Any, s: Sym) -> Any:
    """Per colour (stronger than the total; black included)."""
    L = enc.layout
    cfg = enc.ctx.config
    out = []
    for i in range(L.C + 1):
        parts = [s[f"bag{i}"], s[f"disc{i}"], s[f"h_drawn{i}"]]
        if i < L.C:
            parts += [s[f"wait{w}_{i}"] for w in range(L.W)] + [5 * s[f"er{i}"]]
        out.append(zsum(parts) == (cfg.cubes_each if i < L.C else cfg.black_cubes))
    return z3.And(*out)


def markers_conserved(enc: Any, s: Sym) -> Any:
    """Coloured markers: supply + Ward + Treatment Room + Cemetery; white: supply + Cemetery."""
    L = enc.layout
    cfg = enc.ctx.config
    C = L.C
    out = []
    for c in range(C):
        ward = zsum([s[f"ward{c}_{x}"] for x in WARD_LEVELS])
        total = s[f"sup{c}"] + ward + z3.If(s[f"trl{c}"] > 0, 1, 0) + s[f"cem{c}"]
        if enc.ctx.markers_out_after_setup:  # HHH-FEWER-MARKERS: a colour may keep its 4th
            out.append(z3.Or(total == cfg.markers_each, total == cfg.markers_per_colour))
        else:
            out.append(total == cfg.markers_each)
    out.append(s[f"sup{C}"] + s[f"cem{C}"] == enc.ctx.white_markers)  # HHH-FEWER-WHITE
    # an arrest ends the game with the last body nowhere (Hide The Bodies): exempt
    return z3.Or(s["reason"] == ARRESTED, z3.And(*out))


def well_formed(enc: Any, s: Sym) -> Any:
    """Counts are non-negative, levels in range, no cubes in hand outside a Heal."""
    L = enc.layout
    C = L.C
    ctx = enc.ctx
    conds = [s[n] >= 0 for n in enc.names if n not in ("money", "cursor")]
    conds += [z3.Or(s["money"] >= 0, s["reason"] == 1)]
    conds += [z3.And(s["phase"] >= 0, s["phase"] <= PP_VISIT_ORDER, s["phase"] != PP_ER_ADMIT)]
    conds += [z3.Implies(s["phase"] != HEAL_DRAWN, s[f"h_drawn{i}"] == 0) for i in range(C + 1)]
    conds += [z3.Implies(s["phase"] != HEAL_DRAWN, z3.And(s["h_bonus"] == 0, s["h_rebag"] == 0))]
    conds += [
        z3.And(
            s["h_colour"] < C,
            s["h_player"] < L.P,
            s["h_place"] <= 2,
            s["h_bonus"] <= 1,
            s["h_level"] <= 5,
        )
    ]
    # a loss in the middle of Arrivals leaves later colours unresolved: only live states
    conds += [z3.Or(s["reason"] != 0, s[f"wait{w}_{c}"] <= 4) for w in range(L.W) for c in range(C)]
    conds += [z3.And(s[f"trl{c}"] <= 5, s[f"trs{c}"] <= 1) for c in range(C)]
    conds += [s[f"room{k}"] <= 2 for k in range(8)]
    top_cursor = 8 * (1 << max(L.W, C))  # state.place(done, item) cursors
    conds += [z3.And(s["cursor"] >= 0, s["cursor"] < top_cursor)]
    conds += [zsum([s[f"ward{c}_{x}"] for x in WARD_LEVELS]) <= ctx.beds for c in range(C)]
    conds += [zsum([s[f"er{c}"] for c in range(C)]) <= 3]
    conds += [(s["phase"] == OVER) == (s["reason"] != 0), s["reason"] <= 4]
    if not ctx.exhausted_stuck:
        conds += [s["reason"] != 4]  # STUCK only under HHH-DRAW-EXHAUSTED=stuck
    conds += [(s["h_on"] == 1) == (s["phase"] == HEAL_DRAWN)]
    conds += [z3.And(s["round"] >= 1, s["round"] <= ctx.last_round)]
    conds += [z3.Or(s[f"room{k}"] == 0, z3.BoolVal(k in ctx.deck)) for k in range(8)]
    conds += [z3.Or(s[f"trl{c}"] == 0, s[f"room{c}"] > 0) for c in range(C)]
    conds += [z3.Implies(s[f"trl{c}"] == 0, s[f"trs{c}"] == 0) for c in range(C)]
    conds += [s[f"er{c}"] == 0 for c in range(C) if 5 not in ctx.deck]
    conds += [s[f"cem{i}"] <= s["deaths"] for i in range(C + 2)]
    conds += [s[f"med{p}"] <= ctx.config.medical_tokens for p in range(L.P)]
    conds += [s["admin_tokens"] <= ctx.admin_tokens, s["admin_up"] <= 1]
    conds += [s[f"wait{w}_{c}"] <= ctx.spots for w in range(L.W) for c in range(C)]
    cfg = ctx.config
    tr_draw = 10 if any(k < C for k in ctx.deck) else 0
    nowitz = "nowitz" in cfg.doctors
    hand = max(cfg.ward_draw, ctx.er_draw, tr_draw) + (2 if nowitz else 0)
    conds += [zsum([s[f"h_drawn{i}"] for i in range(C + 1)]) + 2 * s["h_bonus"] <= hand]
    if not nowitz:
        conds += [s["h_bonus"] == 0]
    conds += [s["h_on"] <= 1, zsum([s[f"cem{i}"] for i in range(C + 2)]) <= s["deaths"]]
    idle = [s[n] == 0 for n in ("h_player", "h_place", "h_colour", "h_level", "h_bonus")]
    conds += [z3.Implies(s["h_on"] == 0, z3.And(*idle))]
    top = 2 if ctx.config.variant_improved_start else 1
    conds += [s[f"room{k}"] <= top for k in range(8)]
    wl = [
        z3.And(s["h_colour"] == c, s["h_level"] == x, s[f"ward{c}_{x}"] > 0)
        for c in range(C)
        for x in WARD_LEVELS
    ]
    tl = [
        z3.And(
            s["h_colour"] == c, s["h_level"] == s[f"trl{c}"], s[f"trl{c}"] > 0, s[f"trs{c}"] == 1
        )
        for c in range(C)
    ]
    el = [z3.And(s["h_colour"] == c, s["h_level"] == 5, s[f"er{c}"] > 0) for c in range(C)]
    conds += [
        z3.Implies(
            s["h_on"] == 1,
            z3.Or(
                z3.And(s["h_place"] == 0, z3.Or(*wl)),
                z3.And(s["h_place"] == 1, z3.Or(*tl)),
                z3.And(s["h_place"] == 2, z3.Or(*el)),
            ),
        )
    ]
    cur = s["cursor"]
    ph = s["phase"]
    conds += [
        z3.If(
            ph == SETUP_WAITING,
            cur < L.W,
            z3.If(
                ph == PP_ARRIVE,
                _placed(s, L.W),
                z3.If(
                    ph == PP_VISIT,
                    _placed(s, C),
                    z3.If(
                        ph == PP_ARRIVE_ORDER,
                        z3.And(cur < (1 << L.W), s["mask"] == cur),
                        z3.If(
                            ph == PP_VISIT_ORDER,
                            z3.And(cur < (1 << C), s["mask"] == cur),
                            z3.If(
                                z3.Or(ph == SETUP_ROOM, ph == OVER),
                                cur < top_cursor,
                                cur == 0,
                            ),
                        ),
                    ),
                ),
            ),
        )
    ]
    conds += [z3.Implies(s["phase"] == PP_END, z3.And(s["admin_up"] == 1, s["admin_tokens"] > 0))]
    ordered = (PP_ARRIVE, PP_VISIT, PP_ARRIVE_ORDER, PP_VISIT_ORDER)
    conds += [z3.Or(s["mask"] == 0, *[ph == x for x in ordered])]
    cap = ctx.config.tombstones + (4 if 7 in ctx.deck else 0)
    conds += [zsum([s[f"cem{i}"] for i in range(C + 2)]) <= cap]
    return z3.And(*conds)


def _placed(s: Sym, width: int) -> Any:
    """A ``state.place(done, item)`` cursor over ``width`` items: the item being resolved
    is one of them and not among those already done (``mask``)."""
    item = s["cursor"] - 8 * s["mask"]
    return z3.And(
        s["mask"] >= 0,
        s["mask"] < (1 << width),
        z3.Or(*[z3.And(item == i, z3.Not(bit(s["mask"], i, width))) for i in range(width)]),
    )


def waiting_below_5(enc: Any, s: Sym) -> Any:
    L = enc.layout
    return z3.And(*[s[f"wait{w}_{c}"] <= 4 for w in range(L.W) for c in range(L.C)])


def draw_pending(enc: Any, s: Sym) -> Any:
    """A chance step that draws cubes comes next, or a Heal (a draw) is available."""
    L = enc.layout
    C = L.C
    patients = z3.Or(
        *[s[f"ward{c}_{x}"] > 0 for c in range(C) for x in WARD_LEVELS],
        *[s[f"trl{c}"] > 0 for c in range(C)],
        *[s[f"er{c}"] > 0 for c in range(C)],
    )
    heal = z3.And(s["phase"] == ACTIONS, zsum([s[f"med{p}"] for p in range(L.P)]) > 0, patients)
    bonus = z3.And(s["phase"] == HEAL_DRAWN, s["h_bonus"] > 0)
    draws = z3.Or(
        s["phase"] == SETUP_WAITING,
        s["phase"] == PP_ARRIVE,
        s["phase"] == PP_VISIT,
        s["phase"] == PP_ARRIVE_ORDER,
        s["phase"] == PP_VISIT_ORDER,
    )
    return z3.Or(draws, heal, bonus)


def bag_and_discard_empty(enc: Any, s: Sym) -> Any:
    C = enc.layout.C
    return zsum([s[f"bag{i}"] + s[f"disc{i}"] for i in range(C + 1)]) == 0


def setup_finished_with_death(enc: Any, s: Sym) -> Any:
    """Setup is over (first decision of round 1, nothing done yet) and someone died."""
    L = enc.layout
    untouched = z3.And(*[s[f"med{p}"] == enc.ctx.config.medical_tokens for p in range(L.P)])
    first = z3.Or(s["phase"] == ACTIONS, s["phase"] == PP_STAFF, s["phase"] == SETUP_TRAINING)
    return z3.And(s["deaths"] > 0, s["round"] == 1, first, untouched)


SETUP_PHASES = (SETUP_MARKERS, SETUP_TRAINING)
