"""Shared by the kernel equality tests: compare the kernel with the reference model on
one state, and collect states to compare (every state of a small preset, or states met
along playouts)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from model_states import all_states, playout_states

from hhh_verify.contract.outcomes import sample_index
from hhh_verify.engines.kernel_check import difference, spread
from hhh_verify.models.hhh import SPEC
from hhh_verify.models.hhh.kernel.api import HHHKernel


def model_and_kernel(preset: str, readings: dict[str, str] | None = None, planted: int = 0):  # type: ignore[no-untyped-def]
    interp = SPEC.ambiguities.with_readings(readings or {})
    config = SPEC.presets[preset] if isinstance(preset, str) else preset
    m = SPEC.make_model(config, interp)
    return m, HHHKernel(m, planted)


def dist_map(dist: Any) -> dict[Any, Fraction]:
    acc: dict[Any, Fraction] = {}
    for st, p in dist:
        acc[st] = acc.get(st, Fraction(0)) + p
    return acc


def compare_state(m: Any, k: Any, s: Any, steps: bool = True, most: int = 0) -> str | None:
    """None when the kernel agrees with the reference on ``s``, else what differs
    (``most`` > 0: the laws of at most that many actions, spread evenly). The
    comparison is ``check``'s kernel engine's (:mod:`hhh_verify.engines.kernel_check`)."""
    actions = [] if not steps else spread(m.legal_actions(s), most, None) if most else None
    return difference(m, k, s, actions)


__all__ = ["model_and_kernel", "compare_state", "all_states", "playout_states", "sample_index"]
