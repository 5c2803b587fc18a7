"""Ctrl-C (SIGINT) and SIGTERM stop a run with one line, exit 130 / 143, nothing left.

- The installed ``hhh-verify simulate --jobs 2`` (a real local Dask cluster), started in
  its own process group, is signalled as a terminal's Ctrl-C signals it (the whole
  group) once its first task is done: it exits 130 (SIGINT) or 143 (SIGTERM) with the
  one line ``error: interrupted by SIG...`` after its progress lines, no traceback, no
  ``--trace-out`` file, and no process of its group left. The same for a run in this
  process (no ``--jobs``).
- :mod:`hhh_verify.contract.interrupts` in this process: a signal inside ``held`` is
  raised when the block ends, not before; a second signal while stopping is ignored;
  ``handled`` gives the previous handlers back; threads started inside ``blocked`` do not
  take the signals.
- A report folder written while a signal arrives between its staging and its swap is
  complete, with its manifest, and the signal is raised after.

Bounds are generous (a busy 2-core machine): they bound waiting, nothing is timed.
"""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from hhh_verify.contract import interrupts, outputs
from hhh_verify.contract.interrupts import Interrupted, blocked, handled, held

BIN = Path(sys.executable).parent
#: Generous bounds (seconds) for a busy machine: the first progress line, the exit
#: after the signal, the group's processes to be gone.
STARTED, STOPPED, GONE = 240.0, 60.0, 60.0
PROGRESS = re.compile(r"simulate: \d+/\d+ tasks done \(.*\)")


def _lines(stream: object, into: queue.Queue[str | None]) -> None:
    for line in stream:  # type: ignore[attr-defined]
        into.put(line.rstrip("\n"))
    into.put(None)


def _group(pid: int) -> list[psutil.Process]:
    """The processes still alive in session ``pid`` (the run, its workers, its helpers)."""
    out = []
    for p in psutil.process_iter(["pid"]):
        try:
            if os.getsid(p.pid) == pid and p.status() != psutil.STATUS_ZOMBIE:
                out.append(p)
        except (OSError, psutil.Error):
            continue
    return out


def _interrupt(tmp_path: Path, sig: signal.Signals, jobs: tuple[str, ...]) -> list[str]:
    """Run a long simulate in its own session, signal its group once a task is done;
    the stderr lines. Asserts the exit code, no output file and no process left."""
    trace = tmp_path / "game0.json"
    cmd = [str(BIN / "hhh-verify"), "simulate", "--game", "hhh", "--games", "200000"]
    proc = subprocess.Popen(
        [*cmd, "--trace-out", str(trace), *jobs],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    lines: queue.Queue[str | None] = queue.Queue()
    threading.Thread(target=_lines, args=(proc.stderr, lines), daemon=True).start()
    seen: list[str] = []
    try:
        first = lines.get(timeout=STARTED)
        assert first is not None and PROGRESS.fullmatch(first), first
        seen.append(first)
        os.killpg(proc.pid, sig)
        code = proc.wait(timeout=STOPPED)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    while (line := lines.get(timeout=STOPPED)) is not None:
        seen.append(line)
    assert code == 128 + sig, (code, seen[-20:])
    assert not trace.exists()
    bound = time.monotonic() + GONE
    while _group(proc.pid) and time.monotonic() < bound:
        time.sleep(0.5)
    assert not _group(proc.pid), [p.cmdline() for p in _group(proc.pid)]
    return seen


def _one_line(seen: list[str], sig: signal.Signals) -> None:
    """Progress lines, then exactly the one ``error:`` line."""
    assert seen[-1] == f"error: interrupted by {sig.name}", seen[-20:]
    assert all(PROGRESS.fullmatch(line) for line in seen[:-1]), seen[-20:]


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=lambda s: s.name)
def test_local_cluster_run_stops_on_a_signal(tmp_path: Path, sig: signal.Signals) -> None:
    seen = _interrupt(tmp_path, sig, ("--jobs", "2"))
    _one_line(seen, sig)
    assert "local cluster (2 workers)" in seen[0]


def test_run_in_this_process_stops_on_ctrl_c(tmp_path: Path) -> None:
    seen = _interrupt(tmp_path, signal.SIGINT, ())
    _one_line(seen, signal.SIGINT)


# -- the pieces, in this process -------------------------------------------------------


def test_a_signal_raises_interrupted_with_its_exit_code() -> None:
    with handled(), pytest.raises(Interrupted) as caught:
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)  # the handler runs at once; this is never slept through
    assert (caught.value.exit_code, str(caught.value)) == (143, "interrupted by SIGTERM")


def test_handled_gives_the_previous_handlers_back() -> None:
    before = {s: signal.getsignal(s) for s in interrupts.SIGNALS}
    with handled():
        assert all(signal.getsignal(s) is not before[s] for s in interrupts.SIGNALS)
    assert {s: signal.getsignal(s) for s in interrupts.SIGNALS} == before


def test_held_raises_when_the_block_ends() -> None:
    steps = []
    with handled(), pytest.raises(Interrupted) as caught:
        with held():
            os.kill(os.getpid(), signal.SIGINT)
            steps.append("after the signal")  # not cut: the signal waits
        steps.append("after the block")  # never reached
    assert steps == ["after the signal"] and caught.value.exit_code == 130


def test_a_second_signal_while_stopping_is_ignored() -> None:
    cleaned = []
    with handled(), pytest.raises(Interrupted):
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(5)
        finally:
            os.kill(os.getpid(), signal.SIGINT)  # a second Ctrl-C during the clean-up
            cleaned.append(True)
    assert cleaned == [True]


def test_threads_started_in_blocked_do_not_take_the_signals() -> None:
    masks: list[set[signal.Signals]] = []

    def mask() -> None:
        masks.append(signal.pthread_sigmask(signal.SIG_BLOCK, []))

    for block in (True, False):  # the planted side: without blocked, nothing is masked
        thread = threading.Thread(target=mask)
        if block:
            with blocked():
                thread.start()
        else:
            thread.start()
        thread.join()
    assert set(interrupts.SIGNALS) <= masks[0] and not set(interrupts.SIGNALS) & masks[1]
    assert not set(interrupts.SIGNALS) & signal.pthread_sigmask(signal.SIG_BLOCK, [])


@pytest.fixture(params=["whole", "by name"])
def swapped(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A signal arrives just before the final moves of a report folder (both ways)."""
    if request.param == "whole":
        real = outputs.exchange

        def exchange(a: str, b: str) -> bool:
            os.kill(os.getpid(), signal.SIGINT)
            return real(a, b)

        monkeypatch.setattr(outputs, "exchange", exchange)
    else:
        real_replace = os.replace

        def replace(a: str, b: str) -> None:
            if outputs.STAGE_PREFIX in str(a) and not os.path.basename(str(a)).startswith("."):
                os.kill(os.getpid(), signal.SIGINT)
            real_replace(a, b)

        monkeypatch.setattr(outputs, "only_the_tools", lambda folder, manifest: False)
        monkeypatch.setattr(outputs.os, "replace", replace)
    yield request.param


def test_a_report_folder_is_not_cut_by_a_signal(tmp_path: Path, swapped: str) -> None:
    folder = tmp_path / "report"
    first = {"a.md": "old a", "plots/p.svg": "old p", "b.md": "old b"}
    outputs.write_folder(str(folder), first, outputs.Manifest(str(folder)))
    new = {"a.md": "new a", "plots/p.svg": "new p", "b.md": "new b"}
    with handled(), pytest.raises(Interrupted):
        outputs.write_folder(str(folder), new, outputs.Manifest.read(str(folder)))
    assert {rel: (folder / rel).read_text() for rel in new} == new
    manifest = outputs.Manifest.read(str(folder))
    assert sorted(manifest.files) == sorted(new) and not manifest.foreign(list(new))
    leftovers = [p.name for p in tmp_path.iterdir()] + [p.name for p in folder.iterdir()]
    staged = (outputs.STAGE_PREFIX, outputs.OLD_PREFIX)
    assert not [name for name in leftovers if name.startswith(staged)]
