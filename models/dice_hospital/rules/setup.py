"""Przed grą (setup): starting patients, the administrator draft, the first market.

"Zacznając od Pierwszego Gracza, każdy z graczy dobiera 3 losowe kostki ... Ustawia
ich wartości (zdrowie) na 3, 4 i 5, decydując, króra kostka otrzyma którą wartość."
"Każdy gracz dobiera dwie karty administratora szpitala, wybiera i zagrywa jedną z
nich. Drugą odkłada do pudełka." Seat 0 holds the first-player token at the start (the
aid does not say how it is chosen; seats are labels, so this loses nothing).
"""

from __future__ import annotations

from itertools import combinations_with_replacement, permutations, product
from typing import Any

from hhh_verify.contract.records import replace

from .board import (
    admitted,
    bump,
    set_hospital,
    turn_order,
    with_patients,
)
from .components import ADMIN_DRAW, DONOR, DONOR_BLOOD
from .context import Ctx
from .state import (
    MARKET,
    SETUP_ADMIN,
    SETUP_ADMIN_PICK,
    SETUP_DICE,
    SETUP_HEALTH,
    DHState,
    Die,
    Hospital,
)


def initial_state(ctx: Ctx) -> DHState:
    """Przed grą: every hospital empty, the supply full, decks shuffled (as counts)."""
    c = ctx.config
    zeros_c, zeros_w, zeros_s = (0,) * ctx.C, (0,) * ctx.W, (0,) * ctx.S
    hospital = Hospital(
        patients=(),
        lounge=zeros_c,
        mortuary=zeros_c,
        mortality=0,
        blood=c.start_blood,
        points=0,
        admin=-1,
        wards=zeros_w,
        specialists=zeros_s,
        used_wards=zeros_w,
        used_specialists=zeros_s,
        nurses_used=0,
        evicted=0,
    )
    s = DHState(
        phase=SETUP_DICE,
        round=1,
        cursor=0,
        first=0,
        next_first=0,
        order=turn_order(0, ctx.P),
        supply=(c.dice_each,) * ctx.C,
        drawn=zeros_c,
        rolled=(),
        ambulances=(),
        taken=(-1,) * ctx.P,
        incoming=(),
        ward_deck=c.wards_in_deck,
        specialist_deck=c.specialists_in_deck,
        ward_market=zeros_w,
        specialist_market=zeros_s,
        ward_gone=zeros_w,
        specialist_gone=zeros_s,
        admin_deck=c.admin_deck,
        admin_hand=(0,) * len(c.admin_deck),
        admin_box=(0,) * len(c.admin_deck),
        effect=None,
        hospitals=(hospital,) * ctx.P,
    )
    if c.variant_crisis and not ctx.crisis_random:
        return forced(ctx, replace(s, phase=SETUP_HEALTH))  # colours chosen, not drawn
    return s


def start_values(ctx: Ctx) -> tuple[int, ...]:
    """3, 4, 5 ("Przed grą"), or 3, 3, 4, 5, 5 with the crisis start ("Warianty")."""
    c = ctx.config
    return c.crisis_health if c.variant_crisis else c.start_health


def draw_start(ctx: Ctx, s: DHState) -> list[tuple[DHState, Any]]:
    """Przed grą: "dobiera 3 losowe kostki" -- a random draw from the bag (5 with a
    random crisis start, DH-CRISIS-COLOURS)."""
    n = len(start_values(ctx))
    out = []
    for drawn, p in ctx.dice.draw(s.supply, n):
        t = replace(
            s,
            phase=SETUP_HEALTH,
            supply=tuple(a - b for a, b in zip(s.supply, drawn)),
            drawn=drawn,
        )
        out.append((forced(ctx, t), p))
    return out


def health_options(ctx: Ctx, s: DHState) -> list[tuple[Die, ...]]:
    """The distinct ways to give the starting values to the dice: "decydując, króra
    kostka otrzyma którą wartość" (with a chosen-colour crisis start, also the colours
    "w dowolnym kolorze", limited by the supply)."""
    values = start_values(ctx)
    if ctx.config.variant_crisis and not ctx.crisis_random:
        groups = sorted({v: values.count(v) for v in values}.items())
        picks = [list(combinations_with_replacement(range(ctx.C), n)) for _, n in groups]
        out = set()
        for combo in product(*picks):
            dice = tuple(sorted((c, v) for (v, _), cols in zip(groups, combo) for c in cols))
            need = [0] * ctx.C
            for c, _ in dice:
                need[c] += 1
            if all(n <= have for n, have in zip(need, s.supply)):
                out.add(dice)
        return sorted(out)
    colours = [c for c, n in enumerate(s.drawn) for _ in range(n)]
    return sorted({tuple(sorted(zip(perm, values))) for perm in permutations(colours)})


def set_patients(ctx: Ctx, s: DHState, dice: tuple[Die, ...]) -> DHState:
    """Przed grą: the dice become the player's first patients ("początkowych
    pacjętów"), then the next player draws (or the administrator draft starts)."""
    p = s.cursor
    h = s.hospitals[p]
    supply = s.supply
    if ctx.config.variant_crisis and not ctx.crisis_random:
        for c, _ in dice:
            supply = bump(supply, c, -1)
    t = set_hospital(s, p, replace(h, patients=with_patients(h.patients, admitted(dice))))
    t = replace(t, supply=supply, drawn=(0,) * ctx.C)
    if p + 1 < ctx.P:
        chosen_colours = ctx.config.variant_crisis and not ctx.crisis_random
        return forced(
            ctx, replace(t, cursor=p + 1, phase=SETUP_HEALTH if chosen_colours else SETUP_DICE)
        )
    return replace(t, phase=SETUP_ADMIN, cursor=0)


def draw_admins(ctx: Ctx, s: DHState) -> list[tuple[DHState, Any]]:
    """Przed grą: "dobiera dwie karty administratora szpitala" (a random draw)."""
    out = []
    for hand, p in ctx.dice.draw(s.admin_deck, ADMIN_DRAW):
        deck = tuple(a - b for a, b in zip(s.admin_deck, hand))
        t = replace(s, phase=SETUP_ADMIN_PICK, admin_deck=deck, admin_hand=hand)
        out.append((forced(ctx, t), p))
    return out


def admin_options(s: DHState) -> list[int]:
    """The kinds among the two cards drawn."""
    return [k for k, n in enumerate(s.admin_hand) if n]


def keep_admin(ctx: Ctx, s: DHState, kind: int) -> DHState:
    """Przed grą: "wybiera i zagrywa jedną z nich. Drugą odkłada do pudełka" -- the
    donor stand-in gives its blood bags at once."""
    p = s.cursor
    h = s.hospitals[p]
    blood = h.blood + (DONOR_BLOOD if kind == DONOR else 0)
    t = set_hospital(s, p, replace(h, admin=kind, blood=blood))
    box = tuple(b + n for b, n in zip(s.admin_box, bump(s.admin_hand, kind, -1)))
    t = replace(t, admin_hand=(0,) * len(s.admin_hand), admin_box=box)
    if p + 1 < ctx.P:
        return replace(t, phase=SETUP_ADMIN, cursor=p + 1)
    return replace(t, phase=MARKET, cursor=0)


def forced(ctx: Ctx, s: DHState) -> DHState:
    """Apply a setup decision that has only one option (nothing to choose)."""
    if s.phase == SETUP_HEALTH:
        opts = health_options(ctx, s)
        if len(opts) == 1:
            return set_patients(ctx, s, opts[0])
    if s.phase == SETUP_ADMIN_PICK:
        kinds = admin_options(s)
        if len(kinds) == 1:
            return keep_admin(ctx, s, kinds[0])
    return s
