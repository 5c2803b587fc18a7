"""Helpers for Royal Hospital rule tests: build a position directly, force a chance outcome."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hhh_verify.models.royal_hospital import SPEC
from hhh_verify.models.royal_hospital.rules.state import ACTIONS, TREATMENT, PlayerState, RHState


def model(
    preset: str = "full",
    overrides: tuple[str, ...] = (),
    interpret: tuple[str, ...] = (),
    **changes: Any,
) -> Any:
    """A model of ``preset`` with ``key=value`` overrides or keyword config changes."""
    config = replace(SPEC.config(preset, overrides), **changes)
    return SPEC.make_model(config, SPEC.ambiguities.parse(interpret))


def with_player(s: RHState, p: int, **fields: Any) -> RHState:
    players = list(s.players)
    players[p] = players[p]._replace(**fields)
    return s._replace(players=tuple(players))


def position(m: Any, phase: int = TREATMENT, **fields: Any) -> RHState:
    """A round-1 position in ``phase`` with nothing pending, then ``fields`` applied."""
    s = m.initial_state()
    s = s._replace(phase=phase, queue=(), turn=0, first=0, picking=(0,) * m.ctx.M)
    return s._replace(**fields)


def player(s: RHState, p: int = 0) -> PlayerState:
    return s.players[p]


def force(dist: Any, pred: Any) -> tuple[Any, Any]:
    """The successor in ``dist`` satisfying ``pred`` (exactly one must)."""
    hits = [(s, p) for s, p in dist if pred(s)]
    assert len(hits) == 1, f"{len(hits)} outcomes match"
    return hits[0]


def only(dist: Any) -> Any:
    assert len(dist) == 1, f"{len(dist)} outcomes"
    return dist[0][0]


def play(m: Any, s: Any, a: Any) -> Any:
    """The single successor of a deterministic action."""
    assert a in m.legal_actions(s), f"{a} not legal; legal: {m.legal_actions(s)}"
    return only(m.step(s, a))


ACTIONS_PHASE = ACTIONS
