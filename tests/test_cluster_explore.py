"""The compiled explorer on a real Dask cluster (``explore --engine kernel --scheduler``):
a `dask scheduler` and `dask worker` processes on 127.0.0.1, one partition per worker.

- on 1, 2 and 3 workers the counts, verdicts and probabilities are those of the run in
  this process;
- a worker killed mid-run: the run resumes from the last complete level's checkpoints
  (on a worker started in its place) and ends with the same result.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from test_cluster import BIN, Cluster

from hhh_verify.cli import main
from hhh_verify.execution import SCHEDULER_ENV

#: Fields that say where and how fast, not what was found.
PLACEMENT = (
    "seconds",
    "value_seconds",
    "partitions",
    "states_per_partition",
    "peak_bytes_per_partition",
    "cpu_seconds_per_partition",
    "recoveries",
)


class PythonCluster(Cluster):
    """:class:`test_cluster.Cluster` started as ``python -m dask`` (an environment may
    lack the ``dask`` script beside its interpreter)."""

    def _spawn(self, name: str, args: list[str]) -> subprocess.Popen[bytes]:
        log = open(self.log_dir / f"{name}.log", "wb")  # noqa: SIM115 (closed with the process)
        proc = subprocess.Popen(
            [sys.executable, "-m", "dask", *args],
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=self.log_dir,
        )
        log.close()
        self.procs.append(proc)
        return proc


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    c = PythonCluster(tmp_path_factory.mktemp("dask"))
    try:
        c.add_worker()
        c.wait_for(1)
        yield c
    finally:
        c.close()


def explore_json(*args: str) -> dict[str, Any]:
    r = CliRunner().invoke(
        main,
        ["explore", "--engine", "kernel", "--max-states", "200000", "--json", *args],
        env={SCHEDULER_ENV: None},  # type: ignore[dict-item]
    )
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    return {k: v for k, v in data.items() if k not in PLACEMENT}


@pytest.fixture(scope="module")
def here() -> dict[str, Any]:
    return explore_json("--config", "tiny")


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_same_result_on_1_2_3_workers(cluster: Cluster, here: dict[str, Any], workers: int) -> None:
    while len(cluster.workers) < workers:
        cluster.add_worker()
    cluster.wait_for(workers)
    got = explore_json("--config", "tiny", "--scheduler", cluster.address)
    assert got == here


def test_a_killed_worker_resumes_from_the_checkpoints(cluster: Cluster, tmp_path: Path) -> None:
    args = ["--config", "tiny", "--set", "rounds=3"]
    want = explore_json(*args)
    while cluster.live_workers() < 2:
        cluster.add_worker()
    cluster.wait_for(cluster.live_workers())
    checkpoints = tmp_path / "levels"
    run = subprocess.Popen(
        [str(BIN / "hhh-verify"), "explore", "--engine", "kernel", "--max-states", "200000"]
        + [*args, "--json", "--scheduler", cluster.address, "--checkpoints", str(checkpoints)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 240
        level = -1
        while level < 8 and run.poll() is None and time.monotonic() < deadline:
            try:
                level = json.loads((checkpoints / "level.json").read_text())["level"]
            except (OSError, ValueError):
                pass
            time.sleep(0.1)
        assert run.poll() is None, "the run ended before a worker could be killed"
        victim = next(p for p in cluster.workers if p.poll() is None)
        victim.kill()
        victim.wait(timeout=10)
        cluster.add_worker()  # a replacement joins; the run may use it or not
        out, err = run.communicate(timeout=600)
    finally:
        if run.poll() is None:
            run.kill()
            run.wait(timeout=10)
    assert run.returncode == 0, err
    data = json.loads(out)
    assert data["recoveries"] >= 1
    assert {k: v for k, v in data.items() if k not in PLACEMENT} == want
