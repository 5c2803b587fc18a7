"""The command-line side of scale-out: ``--scheduler`` / ``--jobs``, progress of tasks
across the cluster, and a failed task as one ``error:`` line (exit 1)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

import click

from hhh_verify.cli.common import JOBS, BadValue, converts
from hhh_verify.execution import SCHEDULER_ENV, Runner, TaskFailed, runner_for
from hhh_verify.execution.runner import ADDRESS, MAX_TASKS

F = TypeVar("F", bound=Callable[..., Any])


def scheduler_address(ctx: click.Context, param: click.Parameter, value: str | None) -> Any:
    """Click callback: an address of the scheduler's form, checked before any work (that
    a scheduler answers there is known only when the command connects)."""
    if value is not None and not ADDRESS.fullmatch(value):
        raise BadValue(
            f"must be a Dask scheduler address [PROTOCOL://]HOST:PORT, e.g. "
            f"tcp://127.0.0.1:8786, got {value}",
            ctx,
            param,
        )
    return value


scheduler_option = click.option(
    "--scheduler",
    "scheduler",
    default=None,
    metavar="ADDRESS",
    callback=scheduler_address,
    help=f"Run the tasks on the Dask scheduler at ADDRESS (tcp://HOST:PORT); "
    f"default: ${SCHEDULER_ENV} when set and --jobs is not given.",
)
jobs_option = click.option(
    "--jobs",
    "jobs",
    type=JOBS,
    default=None,
    metavar="N",
    help="Run the tasks on a local Dask cluster of N worker processes (1: in this "
    "process). Default: sized to the machine, small runs stay in this process. "
    f"A run is cut into at most {MAX_TASKS:,} tasks. The results do not depend on it.",
)


@dataclass(frozen=True)
class Fanout:
    """Where a command's tasks run: ``--scheduler`` (an address) or ``--jobs`` (local
    workers); neither: see :func:`hhh_verify.execution.runner_for`."""

    scheduler: str | None = None
    jobs: int | None = None


def cluster_options(fn: F) -> F:
    """``--scheduler`` and ``--jobs``, the one definition of every command's fan-out:
    the command gets them as ``fanout``, a :class:`Fanout`."""

    def build(given: dict[str, Any], others: dict[str, Any]) -> Fanout:
        return Fanout(given["scheduler"], given["jobs"])

    return scheduler_option(jobs_option(converts("fanout", ("scheduler", "jobs"), build)(fn)))


class TaskError(click.ClickException):
    """A task failed (the model raised): one line on stderr, exit code 1."""

    exit_code = 1

    def show(self, file: Any = None) -> None:
        click.echo(f"error: {self.message}", err=True)


@contextmanager
def task_runner(fanout: Fanout, auto: bool = True) -> Iterator[Runner]:
    """The runner ``fanout`` asks for (:func:`hhh_verify.execution.runner_for`), shut
    down afterwards; a failed task becomes a :class:`TaskError`."""
    try:
        with runner_for(fanout.scheduler, fanout.jobs, auto=auto) as run:
            yield run
    except TaskFailed as e:
        raise TaskError(str(e)) from None


@contextmanager
def task_progress(what: str, run: Runner, quiet: bool) -> Iterator[Any]:
    """An ``on_done(done, total)`` callback showing finished tasks on stderr: a bar on a
    terminal, otherwise a line at most once a second (and at the end); None if quiet."""
    if quiet:
        yield None
        return
    last = [-1.0, 0.0]  # when a line was printed, when ``where`` was asked
    where = [run.where]

    def placement() -> str:  # asking a scheduler for its workers is a round trip
        now = time.monotonic()
        if now - last[1] >= 1.0:
            last[1] = now
            where[0] = run.where
        return where[0]

    if sys.stderr.isatty():
        from rich.console import Console
        from rich.progress import Progress

        with Progress(console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task(what, total=None)

            def on_bar(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total, description=f"{what} ({placement()})")

            yield on_bar
        return

    def on_line(done: int, total: int) -> None:
        now = time.monotonic()
        if done == total or now - last[0] >= 1.0 or last[0] < 0:
            last[0] = now
            click.echo(f"{what}: {done}/{total} tasks done ({placement()})", err=True)

    yield on_line
