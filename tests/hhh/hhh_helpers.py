"""Helpers for HHH rule tests: build a position directly, force a chance outcome."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hhh_verify.models.hhh import SPEC
from hhh_verify.models.hhh.rules.state import ACTIONS

YELLOW, GRAY, GREEN, RED, BLUE, BLACK = range(6)


def model(
    preset: str = "full",
    overrides: tuple[str, ...] = (),
    interpret: tuple[str, ...] = (),
    **changes: Any,
):
    """A model of ``preset`` with ``key=value`` overrides or keyword config changes."""
    config = replace(SPEC.config(preset, overrides), **changes)
    return SPEC.make_model(config, SPEC.ambiguities.parse(interpret))


def action_phase(m: Any, **fields: Any):
    """A round-1 Action Phase position with an empty board, then ``fields`` applied."""
    s = m.initial_state()
    C = m.ctx.C
    s = replace(s, phase=ACTIONS, wards=((),) * C, waiting=((0,) * C,) * len(s.waiting))
    return replace(s, **fields)


def cubes(*pairs: tuple[int, int], n: int = 6) -> tuple[int, ...]:
    """A cube-count tuple of length ``n`` from (colour, count) pairs."""
    out = [0] * n
    for colour, count in pairs:
        out[colour] += count
    return tuple(out)


def force(dist: Any, pred: Any):
    """The successor in ``dist`` that satisfies ``pred`` (exactly one must)."""
    hits = [(s, p) for s, p in dist if pred(s)]
    assert len(hits) == 1, f"{len(hits)} outcomes match"
    return hits[0]


def drawn_is(counts: tuple[int, ...]):
    return lambda s: s.heal is not None and s.heal.drawn == counts
