"""Small board operations shared by the phases: a player's record, tracks, congress
doctors, patient capacity and the order of play."""

from __future__ import annotations

from typing import Any

from hhh_verify.contract.records import replace

from .context import Ctx
from .state import PlayerState, RHState
from .tracks import DOCTOR_SPOTS


def bump(t: tuple[int, ...], i: int, d: int) -> tuple[int, ...]:
    """``t`` with ``t[i] += d``."""
    return t[:i] + (t[i] + d,) + t[i + 1 :]


def put(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    return t[:i] + (v,) + t[i + 1 :]


def player(s: RHState, p: int) -> PlayerState:
    return s.players[p]


def set_player(s: RHState, p: int, **changes: Any) -> RHState:
    """``s`` with player ``p``'s record changed."""
    return replace(s, players=put(s.players, p, replace(s.players[p], **changes)))


def order(s: RHState, ctx: Ctx) -> tuple[int, ...]:
    """Seats in turn order from the starting player ("the order will continue clockwise")."""
    return tuple((s.first + k) % ctx.P for k in range(ctx.P))


def capacity(ctx: Ctx, ps: PlayerState) -> int:
    """Hospital Board: "space for 4 patients"; "Each outpatient clinic and clinical
    trial adds 1 additional space for patient cards" (RH-CARD-NAMES)."""
    extra = sum(n for n, adds in zip(ps.played, ctx.adds_space) if adds)
    return ctx.config.hospital_spaces + extra


def reached(ctx: Ctx, old: int, new: int, space: int) -> bool:
    """Game Setup: "the first player to reach those positions earns the congress doctor
    token" -- moving onto it, or past it (RH-DOCTOR-PASS)."""
    if ctx.doctor_exact:
        return new == space and old != space
    return old < space <= new


def claim_doctors(ctx: Ctx, s: RHState, p: int, track: int, old: int, new: int) -> RHState:
    """Give player ``p`` every congress doctor still on ``track`` between ``old`` and
    ``new`` (a move up). Each token goes only to the first player to reach it."""
    if new <= old:
        return s
    doctors = s.doctors
    won = 0
    for i, (t, space) in enumerate(DOCTOR_SPOTS):
        if t == track and doctors[i] and reached(ctx, old, new, space):
            doctors = put(doctors, i, False)
            won += 1
    if not won:
        return s
    ps = s.players[p]
    s = replace(s, doctors=doctors)
    return set_player(s, p, tokens=bump(ps.tokens, 4, won))


def change_qoc(ctx: Ctx, s: RHState, p: int, d: int) -> RHState:
    """Move the Quality of Care counter by ``d`` within the track (RH-QOC-FLOOR); doctors
    on spaces 9 and 12 go to the first player to reach them."""
    from .tracks import T_QOC

    old = s.players[p].qoc
    new = min(old + d, ctx.config.qoc_max)
    if ctx.qoc_floor is not None:
        new = max(new, ctx.qoc_floor)
    s = set_player(s, p, qoc=new)
    return claim_doctors(ctx, s, p, T_QOC, old, new)
