"""Where embarrassingly parallel work runs: here, on a local Dask cluster, or on a cluster.

A command splits its work into tasks: a module-level task function and plain arguments
(the game id, config, readings, policy and a range of game indices, never a model), so
any Dask worker that has hhh-verify installed can run them. :meth:`Runner.submit` returns
a :class:`Handle`; a handle can be an argument of a later task (its value is passed), and
:meth:`Runner.gather` returns the values **in the order of the handles** however the
tasks were scheduled. Every task carries its own seeds, so a run's result depends neither
on where nor in which order its tasks ran, nor on the number of workers or the
partitioning (:func:`partition`).

Three placements (:func:`runner_for`):

- in this process (``--jobs 1``): tasks run one after the other when gathered;
- a local cluster (``--jobs N``): a :class:`distributed.LocalCluster` of ``N`` worker
  processes with one thread each (playouts are pure Python, so threads would not help);
- an existing scheduler (``--scheduler ADDRESS`` or :data:`SCHEDULER_ENV`): its workers.

By default (``auto``) the tasks start in this process and the run moves to a local
cluster sized to the machine only once the tasks done so far predict that the rest would
take longer than :data:`CLUSTER_WORTH_SECONDS` here: starting a cluster costs seconds, so
small runs never pay for it. Dask re-runs the tasks of a worker that dies on another
worker; a task that raises stops the run with :class:`TaskFailed`, which names the task
(its game, seeds, and the game that failed, see :class:`GameFailed`) and a command that
runs the same work in this process.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import shlex
import signal
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.interrupts import blocked

#: The environment variable naming a Dask scheduler (``tcp://HOST:PORT``) to run on
#: when neither ``--scheduler`` nor ``--jobs`` is given.
SCHEDULER_ENV = "HHH_VERIFY_SCHEDULER"

#: ``auto``: tasks run here for at least this long before their speed is judged...
PILOT_SECONDS = 2.0
#: ...and the run moves to a local cluster when the rest would take longer than this.
CLUSTER_WORTH_SECONDS = 10.0
#: Seconds to wait for a scheduler to answer and for a first worker to join it.
CONNECT_SECONDS = 10.0
#: Seconds to wait for the client, then the local cluster, to close (an interrupted run
#: closes them too; a worker busy in a task is killed once the cluster's own grace
#: period is over).
CLOSE_SECONDS = 10.0

#: What a scheduler address looks like: ``[PROTOCOL://]HOST:PORT``.
ADDRESS = re.compile(r"(?:[a-z]+://)?(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):[0-9]{1,5}")

#: Future states that are not final: a finished task whose result was lost with its
#: worker (between ``wait`` and reading the status) is computed again by the scheduler.
REDONE = frozenset({"lost", "pending"})
#: A gathered entry whose task did not run (the run stopped early, see ``gather``).
NOT_RUN: Any = type("NotRun", (), {"__repr__": lambda self: "NOT_RUN"})()

#: ``on_done(done, total)``: called after every finished task (progress display).
Progress = Callable[[int, int], None]


class TaskFailed(Exception):
    """A task raised (on a worker or here): what it was, why, how to re-run it here."""


class GameFailed(Exception):
    """Raised by a task function when one game of its range raises: which game (its
    index and seed) and the original error as text (exceptions of any type cross
    process boundaries as text)."""

    def __init__(self, text: str) -> None:
        super().__init__(text)

    @classmethod
    def wrap(cls, what: str, error: BaseException) -> GameFailed:
        return cls(f"{what}: {type(error).__name__}: {error}")


@dataclass(frozen=True)
class Task:
    """One unit of work. ``label`` names it in errors (game, seeds, range); ``replay``
    is a command that runs the same work in this process."""

    fn: Callable[..., Any]
    args: tuple[Any, ...]
    label: str
    replay: str = ""


class Handle:
    """A submitted task: its value once computed here, or its Dask future."""

    def __init__(self, index: int, task: Task) -> None:
        self.index = index
        self.task = task
        self.value: Any = NOT_RUN
        self.future: Any = None

    @property
    def done(self) -> bool:
        return self.value is not NOT_RUN


def command(name: str, *options: tuple[str, Any]) -> str:
    """The ``hhh-verify NAME ...`` line that runs a task's work in this process:
    ``(option, value)`` pairs, a tuple value repeats the option, True is a flag, an
    empty, None or False value is left out; ``--jobs 1`` is added."""
    words = ["hhh-verify", name]
    for opt, value in options:
        for v in value if isinstance(value, (tuple, list)) else (value,):
            if v is True:
                words.append(opt)
            elif v is not None and v is not False and v != "":
                words += [opt, str(v)]
    return shlex.join([*words, "--jobs", "1"])


def cpu_count() -> int:
    """The processors this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


#: The most tasks one run is cut into (:func:`partition`): past it the ranges grow, so a
#: run of 10**8 games is 1,000 tasks of 100,000 games, not 400,000 tasks that stall the
#: scheduler. Results never depend on the cut (every game carries its own seed).
MAX_TASKS = 1_000


def partition(n: int, workers: int, per_worker: int = 4, largest: int = 250) -> list[range]:
    """Split items ``0..n-1`` into consecutive ranges: about ``per_worker`` ranges per
    worker (so a slow or lost worker delays little), none longer than ``largest``
    unless that would make more than :data:`MAX_TASKS` ranges."""
    if n <= 0:
        return []
    size = max(1, min(largest, -(-n // max(1, workers * per_worker))), -(-n // MAX_TASKS))
    return [range(lo, min(n, lo + size)) for lo in range(0, n, size)]


class Runner:
    """Runs tasks here, on a local cluster or on a scheduler (see the module docstring).

    Use as a context manager, so a cluster it started is shut down.
    """

    def __init__(self, scheduler: str | None = None, jobs: int | None = None) -> None:
        if jobs is not None and jobs < 1:
            raise ModelError(f"--jobs must be at least 1, got {jobs}")
        self.scheduler = scheduler
        self.jobs = jobs
        self.auto = scheduler is None and jobs is None
        self._handles: list[Handle] = []
        self._client: Any = None
        self._cluster: Any = None
        if scheduler is not None:
            self._connect(scheduler)

    # -- placement -----------------------------------------------------------------

    @property
    def where(self) -> str:
        """Where tasks run now (for messages)."""
        if self.scheduler is not None:
            return f"scheduler {self.scheduler} ({self.workers} worker threads)"
        if self._cluster is not None:
            return f"local cluster ({self.workers} workers)"
        return "this process"

    @property
    def workers(self) -> int:
        """Tasks that can run at once (used to size partitions; results never depend
        on it). ``auto`` counts the machine's processors, a cluster its worker threads."""
        if self._client is not None:
            return max(1, sum(self._client.nthreads().values()))
        if self.jobs is not None:
            return self.jobs
        return cpu_count()

    def dask_client(self) -> Any:
        """The Dask client of a cluster placement (a local cluster of ``jobs`` workers
        is started now if needed), or ``None`` when the work runs in this process."""
        if self._client is None and self.jobs is not None and self.jobs > 1:
            self._start_local_cluster(self.jobs)
        return self._client

    def _connect(self, address: str) -> None:
        from distributed import Client

        if not ADDRESS.fullmatch(address):
            raise ModelError(
                f"{address!r} is not a Dask scheduler address; accepted: [PROTOCOL://]HOST:PORT, "
                f"e.g. tcp://127.0.0.1:8786 (from --scheduler or ${SCHEDULER_ENV})"
            )
        try:
            self._client = Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
        except (OSError, TimeoutError, ValueError, TypeError) as e:
            raise ModelError(
                f"cannot reach a Dask scheduler at {address!r} ({type(e).__name__}: {e}); "
                f"accepted: the address of a running `dask scheduler`, e.g. tcp://HOST:8786"
            ) from None
        try:
            self._client.wait_for_workers(1, timeout=CONNECT_SECONDS)
        except TimeoutError:
            self.close()
            raise ModelError(
                f"no Dask worker joined the scheduler at {address} within "
                f"{CONNECT_SECONDS:g}s; start some with `dask worker {address}`"
            ) from None

    def _start_local_cluster(self, workers: int) -> None:
        from multiprocessing import resource_tracker

        from distributed import Client, LocalCluster

        # SIGINT and SIGTERM are blocked while the workers start (they inherit the mask):
        # a Ctrl-C reaches only this process, which closes the cluster (see close). The
        # semaphore tracker unblocks them in the thread that starts it: started before.
        resource_tracker.ensure_running()
        with blocked():
            self._cluster = LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",  # this machine only
                dashboard_address="127.0.0.1:0",  # any free port: never clash with another run
                silence_logs=logging.ERROR,
            )
            self._client = Client(self._cluster, set_as_default=False)
        for h in self._handles:  # everything not yet computed moves there, in order
            if not h.done:
                self._submit_remote(h)

    def close(self) -> None:
        """Cancel what is still running on a scheduler, shut down a cluster this runner
        started; each waited for at most :data:`CLOSE_SECONDS`."""
        client, cluster = self._client, self._cluster
        self._client = self._cluster = None
        try:
            if client is not None:
                pending = [h.future for h in self._handles if h.future is not None and not h.done]
                if pending and cluster is None:  # a cluster of our own goes down whole
                    client.cancel(pending)
                with contextlib.suppress(TimeoutError):
                    client.close(timeout=CLOSE_SECONDS)
        finally:
            if cluster is not None:
                _close_cluster(cluster)

    def __enter__(self) -> Runner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- submitting and gathering --------------------------------------------------

    def submit(self, task: Task) -> Handle:
        """Queue ``task``; a :class:`Handle` among its ``args`` stands for that task's
        value. On a cluster the task starts at once; here, when gathered."""
        h = Handle(len(self._handles), task)
        self._handles.append(h)
        if self._client is None and self.jobs is not None and self.jobs > 1:
            self._start_local_cluster(self.jobs)  # also submits h
        elif self._client is not None:
            self._submit_remote(h)
        return h

    def map(self, tasks: Sequence[Task], on_done: Progress | None = None) -> list[Any]:
        """Submit ``tasks`` and gather their values in order."""
        return self.gather([self.submit(t) for t in tasks], on_done)

    def _remote_arg(self, arg: Any) -> Any:
        if not isinstance(arg, Handle):
            return arg
        if arg.future is None:  # computed here before the move: ship the value once
            arg.future = self._client.scatter([arg.value], hash=False)[0]
        return arg.future

    def _submit_remote(self, h: Handle) -> None:
        args = [self._remote_arg(a) for a in h.task.args]
        key = f"{getattr(h.task.fn, '__name__', 'task')}-{uuid.uuid4().hex}"
        h.future = self._client.submit(h.task.fn, *args, key=key, pure=False)

    def _run_here(self, h: Handle) -> None:
        args = []
        for a in h.task.args:
            if isinstance(a, Handle):
                if not a.done:
                    if a.future is not None:
                        self.gather([a])
                    else:
                        self._run_here(a)
                a = a.value
            args.append(a)
        try:
            h.value = h.task.fn(*args)
        except Exception as e:
            raise failure(h.task, e) from e

    def gather(
        self,
        handles: Sequence[Handle],
        on_done: Progress | None = None,
        stop: Callable[[Mapping[int, Any]], bool] | None = None,
        deadline: float | None = None,
    ) -> list[Any]:
        """The values of ``handles``, in their order.

        ``stop(values)`` (positions in ``handles`` -> values so far) ends the run early
        when it returns True, and ``deadline`` (a ``time.perf_counter()`` value) when it
        passes; tasks not finished then are cancelled and gathered as :data:`NOT_RUN`.
        A failed task raises :class:`TaskFailed` (the other tasks are cancelled).
        """
        values: dict[int, Any] = {i: h.value for i, h in enumerate(handles) if h.done}
        total = len(handles)
        started = time.perf_counter()
        ran_here = 0
        for i, h in enumerate(handles):
            if self._client is not None or (stop is not None and stop(values)):
                break
            if deadline is not None and time.perf_counter() > deadline:
                break
            if h.done:
                continue
            self._run_here(h)
            values[i] = h.value
            ran_here += 1
            if on_done is not None:
                on_done(len(values), total)
            if self.auto and self._worth_a_cluster(started, ran_here, handles):
                self._start_local_cluster(cpu_count())
        if self._client is not None:
            self._gather_remote(handles, values, on_done, stop, deadline)
        return [values.get(i, NOT_RUN) for i in range(total)]

    def _worth_a_cluster(self, started: float, ran: int, handles: Sequence[Handle]) -> bool:
        """``auto``: whether the tasks still to run would take long enough here to pay
        for starting a local cluster (judged after :data:`PILOT_SECONDS`)."""
        elapsed = time.perf_counter() - started
        left = sum(1 for h in handles if not h.done)
        if cpu_count() < 2 or left < 2 or elapsed < PILOT_SECONDS:
            return False
        return elapsed / ran * left > CLUSTER_WORTH_SECONDS

    def _gather_remote(
        self,
        handles: Sequence[Handle],
        values: dict[int, Any],
        on_done: Progress | None,
        stop: Callable[[Mapping[int, Any]], bool] | None,
        deadline: float | None,
    ) -> None:
        from distributed import wait

        position = {h.future.key: i for i, h in enumerate(handles) if not h.done}
        pending = {h.future for h in handles if not h.done}
        while pending and not (stop is not None and stop(values)):
            timeout = None if deadline is None else max(0.0, deadline - time.perf_counter())
            try:
                with self._client.as_current():  # wait() asks for the current client
                    finished, _ = wait(list(pending), timeout, "FIRST_COMPLETED")
            except TimeoutError:
                break
            for fut in sorted(finished, key=lambda f: position[f.key]):
                if fut.status in REDONE:
                    continue  # its result died with a worker after wait(): computed again
                pending.discard(fut)
                i = position[fut.key]
                h = handles[i]
                if fut.status != "finished":
                    self._client.cancel(list(pending))
                    raise _remote_failure(h.task, fut)
                h.value = values[i] = fut.result()
                if on_done is not None:
                    on_done(len(values), len(handles))
            if deadline is not None and time.perf_counter() > deadline:
                break
        if pending:
            self._client.cancel(list(pending))


def _close_cluster(cluster: Any) -> None:
    """Close a local cluster within :data:`CLOSE_SECONDS`; past it its worker processes
    are killed (they ignore SIGINT and SIGTERM, see ``_start_local_cluster``)."""
    pids = [getattr(nanny, "pid", None) for nanny in cluster.workers.values()]
    try:
        cluster.close(timeout=CLOSE_SECONDS)
    except TimeoutError:
        for pid in pids:
            if pid:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)


def failure(task: Task, error: BaseException) -> TaskFailed:
    """The :class:`TaskFailed` of ``task`` raising ``error``."""
    if isinstance(error, GameFailed):
        why = str(error)
    else:
        why = f"{type(error).__name__}: {error}"
    replay = f"; to re-run it in this process: {task.replay}" if task.replay else ""
    return TaskFailed(f"{task.label} failed: {why}{replay}")


def _remote_failure(task: Task, fut: Any) -> TaskFailed:
    from distributed import KilledWorker

    if fut.status == "error":
        error = fut.exception()
        if isinstance(error, KilledWorker):
            error = RuntimeError(f"every worker that ran it died ({error})")
        return failure(task, error)
    return failure(task, RuntimeError(f"the cluster {fut.status} it"))


def runner_for(
    scheduler: str | None = None,
    jobs: int | None = None,
    environ: Mapping[str, str] = os.environ,
    auto: bool = True,
) -> Runner:
    """The runner the command-line options ask for: ``scheduler`` (or, when neither
    option is given, the :data:`SCHEDULER_ENV` variable), else ``jobs`` (1: this
    process); neither: ``auto``, or this process when ``auto`` is False (commands whose
    few, unequal tasks are not worth a cluster unless asked for)."""
    if scheduler and jobs is not None:
        raise ModelError("--scheduler and --jobs exclude each other (the cluster has its workers)")
    if not scheduler and jobs is None:
        scheduler = environ.get(SCHEDULER_ENV) or None
        if scheduler is None and not auto:
            jobs = 1
    return Runner(scheduler or None, jobs)
