"""Rozubudowa szpitala (hospital expansion): the market of wards and specialists, the
two-player extra reveal, the draft in ambulance order, discards for blood bags."""

from __future__ import annotations

from typing import Any

from hhh_verify.contract.records import replace

from . import readings as R
from .board import (
    add_counts,
    bump,
    colour_counts,
    set_hospital,
)
from .context import Ctx
from .state import (
    ACT_DISCARD,
    ACTIVATE,
    DICE_DRAW,
    EXPAND,
    EXPAND_DISCARD,
    EXTRA,
    EXTRA_DRAW,
    DHState,
)
from .turns import blood_bag_takers, draft_order, next_first

WARD, SPECIALIST = 0, 1


def market_draw(ctx: Ctx, s: DHState) -> list[tuple[DHState, Any]]:
    """Zmiana personelu: "losowane / -ni są nowi na nadchodzącą rundę" -- the round's
    wards and specialists are revealed at random from their decks (how many is the
    ``market_wards`` / ``market_specialists`` parameter)."""
    c = ctx.config
    nxt = (
        EXTRA
        if ctx.extra_reveal in (R.EXTRA_REVEAL.ADMISSION_ONCE, R.EXTRA_REVEAL.TWICE)
        else DICE_DRAW
    )
    out = []
    for wards, p in ctx.dice.draw(s.ward_deck, c.wards_revealed):
        for specs, q in ctx.dice.draw(s.specialist_deck, c.specialists_revealed):
            t = replace(
                s,
                phase=nxt,
                cursor=0,
                ward_deck=tuple(a - b for a, b in zip(s.ward_deck, wards)),
                specialist_deck=tuple(a - b for a, b in zip(s.specialist_deck, specs)),
                ward_market=wards,
                specialist_market=specs,
            )
            out.append((t, p * q))
    return out


def extra_options(s: DHState) -> list[int]:
    """Two players: "Pierwszy gracz wybiera, czy dodatkowo będzie odkryty zostnie
    specjalista, czy oddział" (a kind whose deck is empty cannot be revealed)."""
    out = []
    if sum(s.ward_deck):
        out.append(WARD)
    if sum(s.specialist_deck):
        out.append(SPECIALIST)
    return out


def reveal_extra(ctx: Ctx, s: DHState, kind: int) -> DHState:
    """The first player's choice; the tile itself is a random draw (next step)."""
    return replace(s, phase=EXTRA_DRAW, cursor=2 * s.cursor + kind)


def extra_draw(ctx: Ctx, s: DHState) -> list[tuple[DHState, Any]]:
    """The extra ward or specialist, at random from its deck; timing is DH-EXTRA-REVEAL
    (stage 0: admission, stage 1: expansion)."""
    stage, kind = divmod(s.cursor, 2)
    deck = s.ward_deck if kind == WARD else s.specialist_deck
    out = []
    for got, p in ctx.dice.draw(deck, 1):
        left = tuple(a - b for a, b in zip(deck, got))
        if kind == WARD:
            t = replace(
                s, ward_deck=left, ward_market=tuple(a + b for a, b in zip(s.ward_market, got))
            )
        else:
            t = replace(
                s,
                specialist_deck=left,
                specialist_market=tuple(a + b for a, b in zip(s.specialist_market, got)),
            )
        t = replace(t, phase=DICE_DRAW if stage == 0 else EXPAND, cursor=0)
        out.append((t, p))
    return out


def after_picks(ctx: Ctx, s: DHState) -> DHState:
    """Every ambulance chosen: the lowest-value taker takes a blood bag and will be first
    player; the draft runs in ambulance order (Rozubudowa szpitala), after the extra
    reveal when it is there. The ambulances are done with: "ambulansy są oddawane"
    happens at the staff change, and the dice of an untaken ambulance go back to the bag
    now (nothing draws from the bag before then, so no result changes), or stay for the
    next round's ambulances (DH-UNTAKEN-DICE=stay: kept with the rolled dice)."""
    for p in blood_bag_takers(ctx, s):
        h = s.hospitals[p]
        s = set_hospital(s, p, replace(h, blood=h.blood + 1))
    supply, kept = s.supply, s.rolled
    for j, amb in enumerate(s.ambulances):
        if j in s.taken:
            continue
        if ctx.untaken_stay:
            kept = tuple(sorted(kept + amb))
        else:
            supply = add_counts(supply, colour_counts(amb, ctx.C))
    s = replace(
        s,
        rolled=kept,
        order=draft_order(ctx, s),
        next_first=next_first(ctx, s),
        cursor=0,
        supply=supply,
        ambulances=(),
        taken=(-1,) * ctx.P,
    )
    if ctx.extra_reveal in (R.EXTRA_REVEAL.EXPANSION_ONCE, R.EXTRA_REVEAL.TWICE) and extra_options(
        s
    ):
        return replace(s, phase=EXTRA, cursor=1)
    return replace(s, phase=EXPAND)


def take_tile(ctx: Ctx, s: DHState, kind: int, tile: int) -> DHState:
    """Rozubudowa szpitala: "wybiera jeden z oddziałów lub specjalistów i dołącza do
    swojego szpitala" (several of one type are allowed). Under DH-NEW-TILE=next-round
    the new tile counts as used this round: the activation can use only the others."""
    player = s.order[s.cursor]
    h = s.hospitals[player]
    wait = 1 if ctx.tile_waits else 0
    if tile == WARD:
        s = replace(s, ward_market=bump(s.ward_market, kind, -1))
        h = replace(h, wards=bump(h.wards, kind, 1), used_wards=bump(h.used_wards, kind, wait))
    else:
        s = replace(s, specialist_market=bump(s.specialist_market, kind, -1))
        h = replace(
            h,
            specialists=bump(h.specialists, kind, 1),
            used_specialists=bump(h.used_specialists, kind, wait),
        )
    s = set_hospital(s, player, h)
    if ctx.expansion_discard == R.EXPANSION_DISCARD.OWNED_TILE:
        return replace(s, phase=EXPAND_DISCARD)
    return next_draft(ctx, s)


def trade_tile(ctx: Ctx, s: DHState, kind: int, tile: int) -> DHState:
    """DH-EXPANSION-DISCARD=instead-of-taking: "może odrzucić jednen oddział lub
    specjalistę na turę w zamian za żeton worka z krwą" -- a revealed one, for a bag."""
    player = s.order[s.cursor]
    h = s.hospitals[player]
    if tile == WARD:
        s = replace(
            s, ward_market=bump(s.ward_market, kind, -1), ward_gone=bump(s.ward_gone, kind, 1)
        )
    else:
        s = replace(
            s,
            specialist_market=bump(s.specialist_market, kind, -1),
            specialist_gone=bump(s.specialist_gone, kind, 1),
        )
    s = set_hospital(s, player, replace(h, blood=h.blood + 1))
    return next_draft(ctx, s)


def discard_owned(ctx: Ctx, s: DHState, player: int, kind: int, tile: int) -> DHState:
    """Aktywacja szpitala: "Gracze mogą opcjonalnie odrzucić oddział lub specjalistę na
    początku tej fazy, żeby otrzymać żeton worka z krwią" (also the draft's discard
    under DH-EXPANSION-DISCARD=owned-tile). Printed board wards are not tiles. A tile
    waiting for the next round (DH-NEW-TILE=next-round) is the one discarded first."""
    h = s.hospitals[player]
    if tile == WARD:
        wards = bump(h.wards, kind, -1)
        used = min(h.used_wards[kind], ctx.config.board_wards[kind] + wards[kind])
        h = replace(h, wards=wards, used_wards=bump(h.used_wards, kind, used - h.used_wards[kind]))
        s = replace(s, ward_gone=bump(s.ward_gone, kind, 1))
    else:
        specs = bump(h.specialists, kind, -1)
        used = min(h.used_specialists[kind], specs[kind])
        h = replace(
            h,
            specialists=specs,
            used_specialists=bump(h.used_specialists, kind, used - h.used_specialists[kind]),
        )
        s = replace(s, specialist_gone=bump(s.specialist_gone, kind, 1))
    return set_hospital(s, player, replace(h, blood=h.blood + 1))


def next_draft(ctx: Ctx, s: DHState) -> DHState:
    """The next player drafts; after the last, "Niewybrany w rundzie oddział / specjalista
    są usuwani z gry" (done now rather than at the staff change: nothing reads them)."""
    if s.cursor + 1 < ctx.P:
        return replace(s, phase=EXPAND, cursor=s.cursor + 1)
    s = replace(
        s,
        ward_gone=add_counts(s.ward_gone, s.ward_market),
        specialist_gone=add_counts(s.specialist_gone, s.specialist_market),
        ward_market=(0,) * ctx.W,
        specialist_market=(0,) * ctx.S,
    )
    return start_activation(ctx, s, 0)


def owns_tiles(s: DHState, player: int) -> bool:
    h = s.hospitals[player]
    return bool(sum(h.wards) + sum(h.specialists))


def start_activation(ctx: Ctx, s: DHState, player: int) -> DHState:
    """Aktywacja szpitala, for ``player``: first the optional discard (only with a tile
    to discard), then the meeples. Hospitals activate "jednocześnie z innymi"; they
    share nothing in this phase, so the model takes them one after another."""
    phase = ACT_DISCARD if owns_tiles(s, player) else ACTIVATE
    return replace(s, phase=phase, cursor=player, order=tuple(range(ctx.P)))
