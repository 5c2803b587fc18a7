"""Shared by the Dice Hospital kernel equality tests: compare the kernel with the
reference model on one state, and collect states to compare (every state of a preset,
or states met along reference playouts)."""

from __future__ import annotations

import random
from collections import deque
from fractions import Fraction
from typing import Any

import numpy as np

from hhh_verify.model import action_key
from hhh_verify.models.dice_hospital import SPEC
from hhh_verify.models.dice_hospital.kernel.api import GameKernel
from hhh_verify.models.dice_hospital.kernel.codec import action_row

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
    m = SPEC.make_model(config, SPEC.ambiguities.with_choices(readings))
    return m, GameKernel(m, planted)


def compare_state(m: Any, k: Any, s: Any, steps: bool = True) -> str | None:
    """None when the kernel agrees with the reference on ``s``, else what differs."""
    if k.decode(k.encode(s)) != s:
        return f"state does not round-trip through the kernel codec: {s}"
    ref = m.legal_actions(s)
    got = k.legal_actions(s)
    if tuple(got) != tuple(ref):
        if sorted(ref, key=action_key) == sorted(got, key=action_key):
            return f"legal actions in another order in {s}"
        extra = set(got) - set(ref)
        missing = set(ref) - set(got)
        return (
            f"legal actions differ in {s}: kernel-only {sorted(extra, key=action_key)[:3]}, "
            f"reference-only {sorted(missing, key=action_key)[:3]}"
        )
    if not steps:
        return None
    for a in ref:
        want: dict[bytes, Fraction] = {}
        for st, p in m.step(s, a):
            key = k.encode(st).tobytes()
            want[key] = want.get(key, Fraction(0)) + p
        have = k.step_arrays(k.encode(s), action_row(a))
        if want != have:
            extra = [k.decode(np.frombuffer(x, dtype=np.int64)) for x in have if x not in want]
            missing = [k.decode(np.frombuffer(x, dtype=np.int64)) for x in want if x not in have]
            return (
                f"step {a!r} in {s} differs: kernel-only {extra[:1]}, reference-only {missing[:1]}"
            )
    return None


def compare_everywhere(m: Any, k: Any, limit: int = 1_000_000) -> tuple[int, str | None]:
    """Breadth-first over every reachable state (at most ``limit``), comparing each with
    the kernel as it is expanded (one reference ``step`` per action serves both): the
    states seen, and the first difference (None: none)."""
    start = m.initial_state()
    if k.decode(k.encode(start)) != start or not np.array_equal(k.encode(start), k.init):
        return 0, "the initial state differs"
    seen = {start}
    queue = deque(seen)
    n = 0
    while queue and n < limit:
        s = queue.popleft()
        n += 1
        err = compare_state(m, k, s, steps=False)
        if err:
            return n, err
        v = k.encode(s)
        for a in m.legal_actions(s):
            want: dict[bytes, Fraction] = {}
            for t, p in m.step(s, a):
                key = k.encode(t).tobytes()
                want[key] = want.get(key, Fraction(0)) + p
                if t not in seen:
                    seen.add(t)
                    queue.append(t)
            if k.step_arrays(v, action_row(a)) != want:
                return n, f"step {a!r} in {s} differs"
    return n, None


def all_states(m: Any, limit: int = 1_000_000) -> list[Any]:
    """Every reachable state, breadth-first (at most ``limit``)."""
    seen = {m.initial_state()}
    queue = deque(seen)
    order = []
    while queue and len(order) < limit:
        s = queue.popleft()
        order.append(s)
        for a in m.legal_actions(s):
            for t, _ in m.step(s, a):
                if t not in seen:
                    seen.add(t)
                    queue.append(t)
    return order


def playout_states(m: Any, games: int, seed: int, every: int = 1) -> list[Any]:
    """States met along random reference games, every ``every``-th."""
    out = []
    rng = random.Random(seed)
    for _ in range(games):
        s = m.initial_state()
        i = 0
        while m.outcome(s) is None:
            legal = m.legal_actions(s)
            if i % every == 0:
                out.append(s)
            a = legal[rng.randrange(len(legal))]
            s = m.sample_step(s, a, rng)
            i += 1
        out.append(s)
    return out
