"""Replaying traces of sampled chance.

The stateful engine plays the full games through ``model.sample_step`` with a random
generator whose every choice it records (``trace.meta["samples"]``, one list per step).
:func:`replay_model` wraps a model so that :func:`hhh_verify.trace.replay` re-runs such
a trace exactly: each step's recorded choices go back through ``sample_step``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .model import Distribution, ModelError, certain


class ScriptedRandom(random.Random):
    """Plays back the choices a :class:`DrawnRandom` recorded."""

    def __init__(self, values: Sequence[int]):
        super().__init__(0)
        self._values = list(values)
        self._next = 0

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


class SampledReplay:
    """A model whose ``step`` replays a sampled trace: each step's recorded choices go
    through ``model.sample_step`` and the one successor comes back with probability 1.

    Steps are taken in trace order (one wrapper per replay); everything else is the
    wrapped model's. ``trace.replay(t, model=replay_model(t, model))`` re-runs a trace
    the sampled engine wrote.
    """

    def __init__(self, model: Any, samples: Sequence[Sequence[int]]):
        self.model = model
        self.samples = [list(v) for v in samples]
        self._step = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.model, name)

    def step(self, s: Any, a: Any) -> Distribution:
        i = self._step
        self._step += 1
        if i >= len(self.samples):
            return self.model.step(s, a)  # type: ignore[no-any-return]
        if a not in self.model.legal_actions(s):
            raise ModelError(f"illegal action {a!r}")
        return certain(self.model.sample_step(s, a, ScriptedRandom(self.samples[i])))


def replay_model(trace: Any, model: Any) -> Any:
    """``model`` itself, or a :class:`SampledReplay` of it when ``trace`` was sampled."""
    samples = trace.meta.get("samples")
    if samples is None or isinstance(model, SampledReplay):
        return model
    if not isinstance(samples, list) or len(samples) != len(trace.steps):
        raise ModelError("trace meta 'samples' must list one entry per step")
    return SampledReplay(model, samples)
