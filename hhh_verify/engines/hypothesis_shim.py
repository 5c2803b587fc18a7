"""The one place that reaches into Hypothesis' private engine (``hypothesis.internal``).

Hypothesis has no public setting for two things the stateful engine needs, so a run's
findings depend on its budget and seed only, never on the machine's speed or the
process's import history:

* :func:`counted_hypothesis` rebinds three module attributes of
  ``hypothesis.internal.conjecture.engine`` (:data:`ENGINE_NAMES`): ``MAX_SHRINKS`` (an
  ``int``, successful shrinks per finding), ``MAX_SHRINKING_SECONDS`` (a number of
  seconds) and ``time`` (the module whose ``monotonic()`` ends generation ten seconds
  after a first failure);
* :func:`no_local_constants` empties the pool of "local constants"
  (``hypothesis.internal.conjecture.providers``: :data:`LOCAL_CONSTANTS`, a function
  returning a ``Constants``, and :data:`CONSTANTS_CACHE`, a cache with ``.cache``).

``tests/test_hypothesis_shim.py`` fails when the installed Hypothesis moves or changes
any of these names (:func:`missing_names` lists what is gone), so an upgrade that
breaks them is caught at once instead of silently running uncounted.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

#: The attributes of ``hypothesis.internal.conjecture.engine`` that :func:`counted_hypothesis` rebinds.
ENGINE_NAMES = ("MAX_SHRINKS", "MAX_SHRINKING_SECONDS", "time")
#: ``hypothesis.internal.conjecture.providers``' function giving the local constants.
LOCAL_CONSTANTS = "_get_local_constants"
#: ``hypothesis.internal.conjecture.providers``' cache of the allowed constants.
CONSTANTS_CACHE = "CONSTANTS_CACHE"


def missing_names(
    engine: ModuleType | None = None, providers: ModuleType | None = None
) -> list[str]:
    """The private names this shim needs that ``engine`` / ``providers`` (default: the
    installed Hypothesis' modules) no longer have, or have with another meaning."""
    if engine is None or providers is None:
        from hypothesis.internal.conjecture import engine as installed_engine
        from hypothesis.internal.conjecture import providers as installed_providers

        engine = engine or installed_engine
        providers = providers or installed_providers
    missing = [f"engine.{n}" for n in ENGINE_NAMES if not hasattr(engine, n)]
    if hasattr(engine, "MAX_SHRINKS") and not isinstance(engine.MAX_SHRINKS, int):
        missing.append("engine.MAX_SHRINKS (not an int)")
    seconds = getattr(engine, "MAX_SHRINKING_SECONDS", 0)
    if not isinstance(seconds, (int, float)):
        missing.append("engine.MAX_SHRINKING_SECONDS (not a number)")
    if hasattr(engine, "time") and not callable(getattr(engine.time, "monotonic", None)):
        missing.append("engine.time (no monotonic())")
    if not callable(getattr(providers, LOCAL_CONSTANTS, None)):
        missing.append(f"providers.{LOCAL_CONSTANTS}")
    if not hasattr(getattr(providers, CONSTANTS_CACHE, None), "cache"):
        missing.append(f"providers.{CONSTANTS_CACHE}")
    if not hasattr(providers, "Constants"):
        missing.append("providers.Constants")
    return missing


class _StoppedMonotonic:
    """The ``time`` module as Hypothesis' engine sees it inside :func:`counted_hypothesis`:
    ``monotonic`` stands still (only the "ten seconds after the first failure" rule
    reads it), everything else is the real module."""

    @staticmethod
    def monotonic() -> float:
        return 0.0

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)


@contextmanager
def counted_hypothesis(shrinks: int, safety_seconds: float) -> Iterator[None]:
    """Make Hypothesis stop by counts of work while the engine runs (restored after).

    Hypothesis has no setting for these; they are module attributes of its engine that it
    keeps monkeypatchable. Shrinking stops after ``shrinks`` successful shrinks of a
    finding (``MAX_SHRINKS``) and its time limit becomes a safety net of
    ``safety_seconds`` (``MAX_SHRINKING_SECONDS``). Generation after a first failure
    (hunting for other failures) ends by its call counts alone: the rule that ends it ten
    seconds after the first failure would make the findings depend on the machine's speed.
    """
    from hypothesis.internal.conjecture import engine

    saved = {name: getattr(engine, name) for name in ENGINE_NAMES if hasattr(engine, name)}
    engine.MAX_SHRINKS = shrinks
    engine.MAX_SHRINKING_SECONDS = safety_seconds  # type: ignore[assignment]
    engine.time = _StoppedMonotonic()  # type: ignore[assignment]
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(engine, name, value)


@contextmanager
def no_local_constants() -> Iterator[None]:
    """Keep the constants of the process's own modules out of the search (restored after).

    Hypothesis draws an integer, now and then, from the literals of every non-installed
    module in ``sys.modules`` (its "local constants", re-read whenever a module is
    imported). The project's sources count as such modules when it is installed in
    editable mode, so importing one more module (a kernel's layout table, say) changed
    which games were played: the findings and witness lengths followed the process's
    import history. Inside the engine the pool is empty, so a run depends only on its
    model, properties, budget and seed. Hypothesis caches the allowed constants per
    draw shape; the cache is emptied on entry and on exit so neither side sees the other's.
    """
    try:
        from hypothesis.internal.conjecture import providers
    except ImportError:  # pragma: no cover - a Hypothesis without the module
        yield
        return
    original = getattr(providers, LOCAL_CONSTANTS, None)
    cache = getattr(providers, CONSTANTS_CACHE, None)
    if original is None or cache is None:  # pragma: no cover - before local constants
        yield
        return
    empty = providers.Constants()
    providers._get_local_constants = lambda: empty
    cache.cache.clear()
    try:
        yield
    finally:
        providers._get_local_constants = original
        cache.cache.clear()
