"""Shared by the Dice Hospital kernel equality tests: compare the kernel with the
reference model on one state, and collect states to compare (every state of a preset,
or states met along reference playouts)."""

from __future__ import annotations

from typing import Any

import numpy as np
from model_states import all_states, playout_states

from hhh_verify.engines.kernel_check import compare_reachable, difference
from hhh_verify.models.dice_hospital import SPEC
from hhh_verify.models.dice_hospital.kernel.api import GameKernel

#: Every reading: the defaults, then each other option alone.
READINGS = [{}] + [{a.id: o} for a in SPEC.ambiguities for o in a.option_ids if o != a.default]
#: Every variant flag alone (on the preset each test names).
VARIANTS = ["variant_crisis", "variant_epidemic", "variant_superbug", "variant_experimental"]


def label(reading: dict[str, str]) -> str:
    return ",".join(f"{k}={v}" for k, v in reading.items()) or "defaults"


def model_and_kernel(config: Any, readings: dict[str, str] | None = None, planted: int = 0):  # type: ignore[no-untyped-def]
    readings = dict(readings or {})
    if config.players == 1 and "DH-SOLO" not in readings:
        readings["DH-SOLO"] = "free-pick"
    m = SPEC.make_model(config, SPEC.ambiguities.with_readings(readings))
    return m, GameKernel(m, planted)


def compare_state(m: Any, k: Any, s: Any, steps: bool = True) -> str | None:
    """None when the kernel agrees with the reference on ``s`` (legal actions in order
    and, with ``steps``, every action's law), else what differs: ``check``'s kernel
    engine's comparison (:mod:`hhh_verify.engines.kernel_check`)."""
    return difference(m, k, s, None if steps else [])


def compare_everywhere(m: Any, k: Any, limit: int = 1_000_000) -> tuple[int, str | None]:
    """Breadth-first over every reachable state (at most ``limit``), comparing each with
    the kernel as it is expanded: the states seen, and the first difference (None:
    none), with the shortest path to it."""
    start = m.initial_state()
    if k.decode(k.encode(start)) != start or not np.array_equal(k.encode(start), k.init):
        return 0, "the initial state differs"
    n, found = compare_reachable(m, k, limit, "every state")
    return n, None if found is None else f"{found.message()} in {found.state}"


__all__ = [
    "READINGS",
    "VARIANTS",
    "all_states",
    "compare_everywhere",
    "compare_state",
    "label",
    "model_and_kernel",
    "playout_states",
]
