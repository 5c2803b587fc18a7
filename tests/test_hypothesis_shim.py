"""The Hypothesis private names the stateful engine rebinds are still there, and mean
what :mod:`hhh_verify.engines.hypothesis_shim` assumes (fails on an upgrade that moves them)."""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any

from hypothesis.internal.conjecture import engine, providers

from hhh_verify.engines.hypothesis_shim import (
    ENGINE_NAMES,
    counted_hypothesis,
    missing_names,
    no_local_constants,
)


def test_the_private_names_are_there() -> None:
    assert missing_names() == []
    assert engine.time is time  # the engine reads time.monotonic() through this name


def test_counted_hypothesis_rebinds_and_restores() -> None:
    before = {name: getattr(engine, name) for name in ENGINE_NAMES}
    with counted_hypothesis(7, 12.5):
        assert engine.MAX_SHRINKS == 7 and engine.MAX_SHRINKING_SECONDS == 12.5
        assert engine.time.monotonic() == 0.0 and engine.time.perf_counter() > 0
    assert {name: getattr(engine, name) for name in ENGINE_NAMES} == before


def test_the_engine_reads_the_rebound_names() -> None:
    """The names mean what the shim assumes: the engine's shrink loop and its ten-second
    rule read these module attributes (not a copy taken at import)."""
    import inspect

    source = inspect.getsource(engine)
    for name in ("MAX_SHRINKS", "MAX_SHRINKING_SECONDS", "time.monotonic()"):
        assert name in source, name


def test_no_local_constants_empties_the_pool_and_restores() -> None:
    original = providers._get_local_constants
    with no_local_constants():
        assert providers._get_local_constants() == providers.Constants()
    assert providers._get_local_constants is original


def test_planted_moved_names_are_reported() -> None:
    moved_engine = SimpleNamespace(MAX_SHRINKS="500", time=SimpleNamespace())
    moved_providers: Any = SimpleNamespace(CONSTANTS_CACHE=None)
    assert missing_names(moved_engine, moved_providers) == [  # type: ignore[arg-type]
        "engine.MAX_SHRINKING_SECONDS",
        "engine.MAX_SHRINKS (not an int)",
        "engine.time (no monotonic())",
        "providers._get_local_constants",
        "providers.CONSTANTS_CACHE",
        "providers.Constants",
    ]
