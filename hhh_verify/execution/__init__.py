"""Scale-out: the embarrassingly parallel work of the toolkit as Dask tasks.

:mod:`.runner` decides where tasks run (this process, a local Dask cluster, an existing
scheduler) and gathers their results in task order; the other modules cut one command's
work into tasks (a task = game, config, readings, policy, a range of game seeds) and
merge the results into exactly what the sequential engine returns:

- :mod:`.playouts`: ``simulate``;
- :mod:`.paired`: ``impact`` (paired games of two readings);
- :mod:`.differential`: the differential witness search of ``diverge`` and ``report``;
- :mod:`.queries`: the registered Z3 queries (``query``);
- :mod:`.checks`: ``check``, one task per game and engine.

``report`` cuts its own work (one task per reading pair, sharing the all-defaults
games); see :mod:`hhh_verify.reporting.build`.
"""

from hhh_verify.execution.runner import (
    NOT_RUN,
    SCHEDULER_ENV,
    GameFailed,
    Runner,
    Task,
    TaskFailed,
    partition,
    runner_for,
)

__all__ = [
    "NOT_RUN",
    "SCHEDULER_ENV",
    "GameFailed",
    "Runner",
    "Task",
    "TaskFailed",
    "partition",
    "runner_for",
]
