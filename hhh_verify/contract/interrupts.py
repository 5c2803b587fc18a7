"""Ctrl-C (SIGINT) and SIGTERM: a run stops at once, with one line and no traceback.

The command line installs :func:`handled` once around a command: SIGINT or SIGTERM then
raises :class:`Interrupted` in the main thread (a :class:`BaseException`, so no
``except Exception`` of a task or an engine swallows it). The code between the signal and
the exit only cleans up: a cluster is closed (with short timeouts, see
:mod:`hhh_verify.execution.runner`), temporary files are removed, and the command line
prints ``error: interrupted by SIGINT`` (or ``SIGTERM``) and exits with 128 + the
signal's number (130, 143), as a shell reports a process the signal killed.

Three more pieces keep the stop clean:

- a second signal while the first one is being handled is ignored (the clean-up is
  bounded by its own timeouts), so it cannot cut the clean-up half-way;
- :func:`held` defers a signal over a few steps that must not be cut (the final renames
  of a report folder, starting a cluster): it is raised when the block ends;
- :func:`blocked` blocks the signals at the operating-system level while worker
  processes start, so they inherit a mask without them: a terminal's Ctrl-C (sent to the
  whole process group) reaches only this process, which shuts the workers down itself,
  instead of every worker dumping its own traceback. The logs of the cluster's libraries
  are silenced once a run is interrupted (:data:`QUIET_LOGGERS`).

Nothing is installed outside :func:`handled` (a library caller keeps its own handlers).
"""

from __future__ import annotations

import logging
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType
from typing import Any

#: The signals that stop a run.
SIGNALS: tuple[signal.Signals, ...] = (signal.SIGINT, signal.SIGTERM)
#: The loggers silenced once a run is interrupted: a cluster shutting down mid-run
#: reports closed connections and cancelled tasks that are expected then.
QUIET_LOGGERS = ("distributed", "tornado", "asyncio")


class Interrupted(BaseException):
    """A run was stopped by a signal (``signum``)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        """The signal's name: ``SIGINT``, ``SIGTERM``."""
        return signal.Signals(self.signum).name

    @property
    def exit_code(self) -> int:
        """128 + the signal's number, as a shell reports a process the signal killed."""
        return 128 + self.signum

    def __str__(self) -> str:
        return f"interrupted by {self.name}"


@dataclass
class _State:
    installed: bool = False  # inside handled(): the signals raise Interrupted
    holds: int = 0  # nesting depth of held()
    pending: int = 0  # a signal that came during held(), raised when it ends
    stopping: bool = False  # Interrupted was raised: later signals are ignored

    def reset(self, installed: bool) -> None:
        self.installed, self.holds, self.pending, self.stopping = installed, 0, 0, False


_state = _State()


def silence() -> None:
    """Silence the logs of the cluster's libraries (:data:`QUIET_LOGGERS`)."""
    for name in QUIET_LOGGERS:
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def _interrupt(signum: int) -> Interrupted:
    _state.stopping = True
    silence()
    return Interrupted(signum)


def _on_signal(signum: int, frame: FrameType | None) -> None:
    if _state.stopping:
        return
    if _state.holds:
        _state.pending = _state.pending or signum
        return
    raise _interrupt(signum)


@contextmanager
def handled() -> Iterator[None]:
    """SIGINT and SIGTERM raise :class:`Interrupted` inside the block (main thread
    only; elsewhere the block changes nothing). The previous handlers come back after."""
    if threading.current_thread() is not threading.main_thread() or _state.installed:
        yield
        return
    previous: dict[signal.Signals, Any] = {s: signal.getsignal(s) for s in SIGNALS}
    _state.reset(installed=True)
    try:
        for s in SIGNALS:
            signal.signal(s, _on_signal)
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
        _state.reset(installed=False)


@contextmanager
def held() -> Iterator[None]:
    """Defer SIGINT and SIGTERM over the block: one that comes inside is raised as
    :class:`Interrupted` when the block ends (without an error of its own)."""
    _state.holds += 1
    try:
        yield
    finally:
        _state.holds -= 1
    if not _state.holds and _state.pending and not _state.stopping:
        signum, _state.pending = _state.pending, 0
        raise _interrupt(signum)


@contextmanager
def blocked() -> Iterator[None]:
    """Block SIGINT and SIGTERM in this thread at the operating-system level over the
    block (threads and processes started inside inherit the mask, so they never receive
    them), and :func:`held` them: one that came is raised when the block ends."""
    with held():
        old = signal.pthread_sigmask(signal.SIG_BLOCK, SIGNALS)
        try:
            yield
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)
