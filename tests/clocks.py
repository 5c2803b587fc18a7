"""Clocks for the budget tests: a busy machine seen from inside the process.

A machine N times busier runs the same work N times slower, so its clock seems to run N
times faster; :func:`busy` patches ``time.perf_counter`` (and ``time.monotonic``) so.
:func:`expired` makes every reading jump far past any safety net, so a safety net fires
at its first check after the work budget was checked.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest


def _faster(real: Callable[[], float], factor: float) -> Callable[[], float]:
    start = real()
    return lambda: start + (real() - start) * factor


def _jumping(real: Callable[[], float], jump: float) -> Callable[[], float]:
    calls = [0]

    def now() -> float:
        calls[0] += 1
        return real() + jump * calls[0]

    return now


def busy(monkeypatch: pytest.MonkeyPatch, factor: float = 100.0, monotonic: bool = True) -> None:
    """The clock of a machine ``factor`` times busier (the work stays the same)."""
    monkeypatch.setattr(time, "perf_counter", _faster(time.perf_counter, factor))
    if monotonic:
        monkeypatch.setattr(time, "monotonic", _faster(time.monotonic, factor))


def expired(monkeypatch: pytest.MonkeyPatch, perf_counter: bool = True) -> None:
    """Every reading of the clock is a million seconds after the one before: each safety
    net fires at its first look (``perf_counter=False`` leaves it and jumps only
    ``time.monotonic``)."""
    if perf_counter:
        monkeypatch.setattr(time, "perf_counter", _jumping(time.perf_counter, 1e6))
    else:
        monkeypatch.setattr(time, "monotonic", _jumping(time.monotonic, 1e6))
