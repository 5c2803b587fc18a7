"""Shared by the Royal Hospital kernel tests: compare the kernel with the reference model
on one state, and collect states to compare (every state of a preset, or states met
along seeded playouts)."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from hhh_verify.engines.kernel_check import difference
from hhh_verify.models.royal_hospital import SPEC
from hhh_verify.models.royal_hospital.kernel.api import RHKernel


def model_and_kernel(preset: Any, readings: dict[str, str] | None = None, planted: int = 0):  # type: ignore[no-untyped-def]
    interp = SPEC.ambiguities.with_choices(readings or {})
    config = SPEC.presets[preset] if isinstance(preset, str) else preset
    m = SPEC.make_model(config, interp)
    return m, RHKernel(m, planted)


def compare_state(m: Any, k: Any, s: Any, steps: bool = True) -> str | None:
    """None when the kernel agrees with the reference on ``s`` (legal actions, outcome
    and, with ``steps``, every action's law), else what differs: ``check``'s kernel
    engine's comparison (:mod:`hhh_verify.engines.kernel_check`)."""
    return difference(m, k, s, None if steps else [])


def all_states(m: Any, limit: int) -> list[Any]:
    """Every reachable state (breadth-first), at most ``limit``."""
    start = m.initial_state()
    seen = {start}
    todo = deque([start])
    out = []
    while todo and len(out) < limit:
        s = todo.popleft()
        out.append(s)
        for a in m.legal_actions(s):
            for t, _ in m.step(s, a):
                if t not in seen:
                    seen.add(t)
                    todo.append(t)
    return out


def playout_states(m: Any, games: int, seed: int, every: int = 1) -> list[Any]:
    """States met along seeded random playouts of the reference (every ``every``-th)."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        s = m.initial_state()
        i = 0
        while m.outcome(s) is None and i < 5000:
            if i % every == 0:
                out.append(s)
            legal = m.legal_actions(s)
            s = m.sample_step(s, legal[rng.randrange(len(legal))], rng)
            i += 1
        out.append(s)
    return out


def first_difference(m: Any, k: Any, states: list[Any], steps: bool = True) -> str | None:
    for s in states:
        why = compare_state(m, k, s, steps)
        if why is not None:
            return why
    return None
