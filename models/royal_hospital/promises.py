"""What Royal Hospital's readings promise, as checks (``hhh_verify.promises``).

Each check looks at one step of the model (the position before, the action, the position
after) or a finished game, and says what the option's words would forbid."""

from __future__ import annotations

from typing import Any

from hhh_verify.promises import Promise, PromiseBook

from .effects import AMBULANCE
from .state import T_EFFECT, PlayerState, RHState
from .tracks import DOCTOR_SPOTS, T_AMBULANCE, T_CREDIT, T_INSURANCE, T_PRESTIGE, T_QOC

DOCTOR_TOKEN = 4  # PlayerState.tokens index of congress doctor tokens


def position(ps: PlayerState, track: int) -> int:
    """A player's counter on one of the tracks congress doctors wait on."""
    if track == T_PRESTIGE:
        return ps.prestige
    if track == T_QOC:
        return ps.qoc
    if track == T_AMBULANCE:
        return ps.ambulance
    if track in T_INSURANCE:
        return ps.insurance[T_INSURANCE.index(track)]
    return ps.production[4 if track == T_CREDIT else track]


def moving_on(s: RHState, p: int) -> bool:
    """Whether player ``p`` still has ambulance spaces to move (a move not yet ended)."""
    return any(
        t.kind == T_EFFECT and t.player == p and t.effect is not None and t.effect.code == AMBULANCE
        for t in s.queue
    )


def _claims(s: RHState, t: RHState) -> list[tuple[int, int, int]]:
    """(doctor spot, player, position after) of every congress doctor taken in a step."""
    takers = [
        p
        for p, (a, b) in enumerate(zip(s.players, t.players))
        if b.tokens[DOCTOR_TOKEN] > a.tokens[DOCTOR_TOKEN]
    ]
    return [
        (i, p, position(t.players[p], DOCTOR_SPOTS[i][0]))
        for i, (was, now) in enumerate(zip(s.doctors, t.doctors))
        if was and not now
        for p in takers
    ]


def _ends_on_space(model: Any, s: RHState, action: Any, t: RHState) -> str | None:
    """``exact``: a doctor leaves the board only on a move that ends on its space."""
    for i, p, at in _claims(s, t):
        track, space = DOCTOR_SPOTS[i]
        if at != space:
            return f"seat {p} took the doctor on space {space} of track {track} standing on {at}"
        if track == T_AMBULANCE and moving_on(t, p):
            return f"seat {p} took the ambulance doctor in the middle of a move"
    return None


def _reached_earns(model: Any, s: RHState, action: Any, t: RHState) -> str | None:
    """``reach-or-pass``: a doctor still on the board after a step was not reached or
    passed by anyone in it (off the ambulance loop, where moves go up)."""
    for i, (was, now) in enumerate(zip(s.doctors, t.doctors)):
        track, space = DOCTOR_SPOTS[i]
        if not (was and now) or track == T_AMBULANCE:
            continue
        for p, (a, b) in enumerate(zip(s.players, t.players)):
            if position(a, track) < space <= position(b, track):
                return f"seat {p} passed space {space} of track {track} and left its doctor"
    return None


BOOK = PromiseBook(
    promises=(
        Promise(
            "RH-DOCTOR-PASS",
            "exact",
            "a congress doctor leaves the board only on a move that ends on its space",
            step=_ends_on_space,
        ),
        Promise(
            "RH-DOCTOR-PASS",
            "reach-or-pass",
            "moving onto or past a congress doctor's space takes it (every track but the loop)",
            step=_reached_earns,
        ),
    ),
    reasons=(),
    # the review's defect: every 13 -> 1 move took the start-space doctor under exact
    pairs=(("RH-DOCTOR-PASS=exact", "RH-AMBULANCE-WRAP=thirteen-spaces"),),
)
