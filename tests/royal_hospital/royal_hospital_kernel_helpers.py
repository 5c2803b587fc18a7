"""Shared by the Royal Hospital kernel tests: compare the kernel with the reference model
on one state, and collect states to compare (every state of a preset, or states met
along seeded playouts)."""

from __future__ import annotations

from functools import partial
from typing import Any

import model_states
from model_states import all_states

from hhh_verify.engines.kernel_check import difference
from hhh_verify.models.royal_hospital import SPEC
from hhh_verify.models.royal_hospital.kernel.api import RHKernel


def model_and_kernel(preset: Any, readings: dict[str, str] | None = None, planted: int = 0):  # type: ignore[no-untyped-def]
    interp = SPEC.ambiguities.with_readings(readings or {})
    config = SPEC.presets[preset] if isinstance(preset, str) else preset
    m = SPEC.make_model(config, interp)
    return m, RHKernel(m, planted)


def compare_state(m: Any, k: Any, s: Any, steps: bool = True) -> str | None:
    """None when the kernel agrees with the reference on ``s`` (legal actions, outcome
    and, with ``steps``, every action's law), else what differs: ``check``'s kernel
    engine's comparison (:mod:`hhh_verify.engines.kernel_check`)."""
    return difference(m, k, s, None if steps else [])


#: States met along seeded random playouts (a game cut at 5,000 steps).
playout_states = partial(model_states.playout_states, max_steps=5000)


def first_difference(m: Any, k: Any, states: list[Any], steps: bool = True) -> str | None:
    for s in states:
        why = compare_state(m, k, s, steps)
        if why is not None:
            return why
    return None


__all__ = ["all_states", "compare_state", "first_difference", "model_and_kernel", "playout_states"]
