"""Sampled chance in traces: record a sampler's random choices, play them back.

A model's ``sample_step(s, a, rng)`` draws one successor from the exact law without
enumerating it. A trace can keep a sampled step as the list of ``rng``'s choices
(``trace.meta["samples"]``, one entry per step; ``None`` for a step recorded by its
outcome index): :class:`RecordingRandom` records them while a game is played,
:class:`ScriptedRandom` plays them back in :func:`hhh_verify.contract.trace.replay`, which then
checks the successor against ``step``'s law with the model's point probability
(:func:`hhh_verify.contract.model.outcome_probability`).

A choice is the result of ``_randbelow(n)``, the one primitive ``randrange``, ``choice``,
``shuffle`` and ``sample`` are built on; ``random()`` and ``getrandbits(k)`` are kept as
integers too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hhh_verify.contract.errors import ModelError


class RecordingRandom(random.Random):
    """Wraps a generator and keeps every choice it makes (``values``).

    The wrapped generator's stream is consumed exactly as if it were used directly, so a
    playout that records its chance steps is the same game as one that does not.
    """

    def __init__(self, source: random.Random):
        super().__init__(0)
        self._source = source
        self.values: list[int] = []

    def _randbelow(self, n: int) -> int:  # type: ignore[override]
        i: int = self._source._randbelow(n)  # type: ignore[attr-defined]
        self.values.append(i)
        return i

    def random(self) -> float:
        x = self._source.random()
        self.values.append(int(x * (1 << 53)))
        return x

    def getrandbits(self, k: int) -> int:
        i = self._source.getrandbits(k)
        self.values.append(i)
        return i


class ScriptedRandom(random.Random):
    """Plays back the choices a :class:`RecordingRandom` (or the stateful engine's
    ``DrawnRandom``) recorded; ``unused`` counts the ones not asked for."""

    def __init__(self, values: Sequence[int]):
        super().__init__(0)
        self._values = list(values)
        self._next = 0

    @property
    def unused(self) -> int:
        return len(self._values) - self._next

    def _randbelow(self, n: int) -> int:  # type: ignore[override]
        if self._next >= len(self._values):
            raise ModelError("the trace's recorded samples ran out (model changed?)")
        i = self._values[self._next]
        self._next += 1
        if not 0 <= i < n:
            raise ModelError(f"recorded sample {i} is outside 0..{n - 1} (model changed?)")
        return i

    def random(self) -> float:
        return self._randbelow(1 << 53) / (1 << 53)

    def getrandbits(self, k: int) -> int:
        return self._randbelow(1 << k) if k else 0


def step_samples(trace_meta: dict, steps: int) -> list[list[int] | None]:  # type: ignore[type-arg]
    """The per-step samples of a trace (``None`` for steps recorded by outcome index);
    a clear error when ``meta["samples"]`` is malformed."""
    samples = trace_meta.get("samples")
    if samples is None:
        return [None] * steps
    if not isinstance(samples, list) or len(samples) != steps:
        raise ModelError("trace meta 'samples' must list one entry per step")
    out: list[list[int] | None] = []
    for i, v in enumerate(samples):
        if v is None:
            out.append(None)
        elif isinstance(v, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in v):
            out.append(v)
        else:
            raise ModelError(f"trace meta 'samples'[{i}] must be a list of integers or null")
    return out
