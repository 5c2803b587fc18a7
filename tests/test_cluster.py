"""Scale-out on a real Dask cluster: a `dask scheduler` and `dask worker` processes on
127.0.0.1 (free ports, torn down after the module), used through ``--scheduler`` (or
``HHH_VERIFY_SCHEDULER``): the installed `hhh-verify` command for simulate and the fault
test, the same command line run in this process (quicker) for the others.

- simulate gives the same bytes on 1, 2 and 3 workers as in this process;
- impact (by ``--scheduler`` and by the environment variable), report, diverge's differential search, a
  query and check give what they give in this process;
- a worker killed mid-run: Dask runs its tasks again elsewhere, same result;
- a worker whose game raises: the error names the game and its seed, and that game
  fails the same way when replayed here;
- ``auto``: a run that starts here and moves to the cluster ships the values computed
  here (the report's baselines) and still gives the same files.

The workers preload ``cluster_preload.py`` (test-only games ``toy`` and ``toy-broken``).
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cluster_games
import pytest
from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.contract import registry
from hhh_verify.engines import simulate as sim
from hhh_verify.execution import SCHEDULER_ENV, runner_for
from hhh_verify.reporting import build as rp

BIN = Path(sys.executable).parent
HERE = Path(__file__).resolve().parent
PRELOAD = HERE / "cluster_preload.py"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """A scheduler and its workers, each a subprocess of this test."""

    def __init__(self, log_dir: Path) -> None:
        self.log_dir = log_dir
        self.port = _free_port()
        self.address = f"tcp://127.0.0.1:{self.port}"
        self.procs: list[subprocess.Popen[bytes]] = []
        self.workers: list[subprocess.Popen[bytes]] = []
        self._spawn(
            "scheduler",
            ["scheduler", "--host", "127.0.0.1", "--port", str(self.port)]
            + ["--dashboard-address", "127.0.0.1:0", "--idle-timeout", "600"]
            # the scheduler unpickles the task graph, whose scenarios carry a game's parsed
            # config: the test-only games' modules must import there too
            + ["--preload", str(PRELOAD)],
        )

    def _spawn(self, name: str, args: list[str]) -> subprocess.Popen[bytes]:
        log = open(self.log_dir / f"{name}.log", "wb")  # noqa: SIM115 (closed with the process)
        proc = subprocess.Popen(
            [str(BIN / "dask"), *args], stdout=log, stderr=subprocess.STDOUT, cwd=self.log_dir
        )
        log.close()
        self.procs.append(proc)
        return proc

    def add_worker(self) -> subprocess.Popen[bytes]:
        """One more worker process (one thread, no nanny: killing it kills the worker)."""
        n = len(self.workers) + 1
        proc = self._spawn(
            f"worker{n}",
            ["worker", self.address, "--name", f"w{n}", "--nthreads", "1", "--no-nanny"]
            + ["--host", "127.0.0.1", "--no-dashboard", "--death-timeout", "60"]
            + ["--preload", str(PRELOAD)],
        )
        self.workers.append(proc)
        return proc

    def live_workers(self) -> int:
        return sum(1 for p in self.workers if p.poll() is None)

    def wait_for(self, n: int, timeout: float = 60) -> None:
        """Until the scheduler counts exactly ``n`` workers."""
        from distributed import Client

        with Client(self.address, timeout=timeout, set_as_default=False) as c:
            deadline = time.monotonic() + timeout
            while len(c.nthreads()) != n:
                assert time.monotonic() < deadline, f"{len(c.nthreads())} workers, want {n}"
                time.sleep(0.2)

    def close(self) -> None:
        """Stop every process this cluster started (SIGTERM, SIGKILL after 3 s)."""
        for p in reversed(self.procs):
            if p.poll() is None:
                p.terminate()
        for p in reversed(self.procs):
            try:
                p.wait(timeout=3)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(timeout=10)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    c = Cluster(tmp_path_factory.mktemp("dask"))
    try:
        c.add_worker()
        c.wait_for(1)
        yield c
    finally:
        c.close()


def hhh_verify(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The installed command, as a user runs it."""
    environ = {k: v for k, v in os.environ.items() if k != SCHEDULER_ENV} | (env or {})
    return subprocess.run(
        [str(BIN / "hhh-verify"), *args],
        capture_output=True,
        text=True,
        timeout=300,
        env=environ,
    )


def cli(*args: str, env: dict[str, str] | None = None) -> Any:
    """The command run in this process (quicker than a new interpreter)."""
    r = CliRunner().invoke(main, list(args), env={SCHEDULER_ENV: None, **(env or {})})  # type: ignore[dict-item]
    assert r.exit_code in (0, 1), r.output
    return r


def here(*args: str) -> Any:
    """The same command in this process with ``--jobs 1`` (no cluster), for reference."""
    return cli(*args, "--jobs", "1")


def _json(r: Any, drop: tuple[str, ...] = ("seconds",)) -> Any:
    if isinstance(r, subprocess.CompletedProcess):
        assert r.returncode in (0, 1), r.stderr
    data = json.loads(r.stdout)
    for key in drop:
        data.pop(key, None)
    return data


SIMULATE = ("simulate", "--game", "hhh", "--games", "48", "--seed", "5", "--json")


def test_simulate_is_the_same_on_1_2_and_3_workers(cluster: Cluster) -> None:
    local = _json(here(*SIMULATE))
    runs = {}
    for n in (1, 2, 3):
        while len(cluster.workers) < n:
            cluster.add_worker()
        cluster.wait_for(n)
        r = hhh_verify(*SIMULATE, "--scheduler", cluster.address)
        assert r.stderr == ""  # --json: no progress
        runs[n] = json.dumps(_json(r), sort_keys=True)
    assert runs[1] == runs[2] == runs[3] == json.dumps(local, sort_keys=True)
    assert local["games"] == 48


def test_impact_by_option_and_environment_variable(cluster: Cluster) -> None:
    args = ("impact", "--game", "hhh", "--ambiguity", "HHH-WARD-BEDS", "--games", "12", "--json")
    on_cluster = cli(*args, "--scheduler", cluster.address)
    assert _json(on_cluster) == _json(here(*args))
    assert _json(cli(*args, env={SCHEDULER_ENV: cluster.address})) == _json(on_cluster)
    progress = cli(*args[:-1], env={SCHEDULER_ENV: cluster.address})
    assert re.search(r"impact: \d+/\d+ tasks done \(scheduler tcp://", progress.stderr)


REPORT = ("report", "--game", "hhh", "--games", "4", "--max-states", "300", "--max-games", "3")
REPORT_PAIRS = (
    "--ambiguity",
    "HHH-WARD-BEDS",
    "--ambiguity",
    "HHH-TR-OVERFLOW",
    "--format",
    "json",
)


def test_report_on_the_cluster_writes_the_same_files(cluster: Cluster, tmp_path: Path) -> None:
    local, there = tmp_path / "here", tmp_path / "there"
    assert here(*REPORT, *REPORT_PAIRS, "--out", str(local)).exit_code == 0
    r = cli(*REPORT, *REPORT_PAIRS, "--out", str(there), "--scheduler", cluster.address)
    assert r.exit_code == 0, r.output
    assert (there / "hhh.json").read_bytes() == (local / "hhh.json").read_bytes()
    data = json.loads((local / "hhh.json").read_text())
    searched = [s["engine"] for e in data["entries"] for p in e["pairs"] for s in p["diverge"]["searched"]]  # fmt: skip
    assert "differential" in searched  # the report's differential search ran in the tasks


def test_diverge_query_and_check_on_the_cluster(cluster: Cluster) -> None:
    diverge = ("diverge", "--game", "hhh", "--ambiguity", "HHH-COO-TIMING", "--json")
    diverge += ("--engine", "differential", "--max-games", "12", "--max-seconds", "600")
    there = _json(cli(*diverge, "--scheduler", cluster.address))
    assert there["material"] is True and there["searched"][0]["games"] > 1
    assert there == _json(here(*diverge))
    query = ("query", "--game", "hhh", "--name", "smt-setup-death", "--json")
    rows = [_json(cli(*query, "--scheduler", cluster.address))["queries"]]
    rows.append(_json(here(*query))["queries"])
    for row in (r for rs in rows for r in rs):  # what Z3 did before in the process may
        row.pop("seconds")  # change the units spent and which equally good witness it
        row.pop("rlimit_spent")  # gives, never the answer (both witnesses replay)
        assert row.pop("witness") and row["replays"] is True
    assert rows[0] == rows[1] and rows[0][0]["ok"] is True
    check = ("check", "--game", "hhh", "--engine", "explore:tiny", "--json")
    results = _json(cli(*check, "--scheduler", cluster.address))["results"]
    assert results and all(r["ok"] for r in results)
    assert {r["engine"] for r in results} == {"explore:tiny"}


def test_a_killed_worker_does_not_change_the_result(cluster: Cluster) -> None:
    while len(cluster.workers) < 2:
        cluster.add_worker()
    cluster.wait_for(cluster.live_workers())
    args = ("simulate", "--game", "hhh", "--games", "320", "--seed", "11", "--json")
    run = subprocess.Popen(
        [str(BIN / "hhh-verify"), *args, "--scheduler", cluster.address],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    from distributed import Client

    def look(dask_scheduler: Any) -> tuple[int, dict[str, int]]:
        """(On the scheduler; pickled by value) finished tasks, and what each worker runs."""
        done = sum(1 for ts in dask_scheduler.tasks.values() if ts.state == "memory")
        busy = {str(ws.name): len(ws.processing) for ws in dask_scheduler.workers.values()}
        return done, busy

    try:
        victim = None
        deadline = time.monotonic() + 120
        with Client(cluster.address, timeout=30, set_as_default=False) as watch:
            while victim is None and run.poll() is None and time.monotonic() < deadline:
                done, busy = watch.run_on_scheduler(look)
                if done >= 1 and any(busy.values()):
                    victim = next(w for w, n in busy.items() if n)
                else:
                    time.sleep(0.02)
        assert victim is not None, "the run ended before a worker could be killed"
        killed = cluster.workers[int(victim.removeprefix("w")) - 1]
        killed.kill()
        killed.wait(timeout=10)
        out, err = run.communicate(timeout=300)
    finally:
        if run.poll() is None:
            run.kill()
    assert run.returncode == 0, err
    there = json.loads(out)
    there.pop("seconds")
    assert there == _json(here(*args))


def test_a_failing_game_is_named_with_its_seed(
    cluster: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(registry, "games", cluster_games.games)
    args = ["simulate", "--game", "toy-broken", "--games", "40", "--seed", "3"]
    r = CliRunner().invoke(main, [*args, "--scheduler", cluster.address])
    assert r.exit_code == 1
    line = r.output.strip().splitlines()[-1]
    assert line.startswith("error: simulate task (games ") and cluster_games.PLANTED in line
    found = re.search(r"game (\d+) \(game seed (\d+)\) of toy-broken with seed 3", line)
    assert found, line
    index, game_seed = int(found.group(1)), int(found.group(2))
    assert game_seed == sim.game_seed(3, index)
    replay = line.split("to re-run it in this process: ")[1].split()
    assert replay[:2] == ["hhh-verify", "simulate"] and replay[-2:] == ["--jobs", "1"]
    # The named game fails here too, and it is the one that fails (earlier ones do not).
    model = registry.get_game("toy-broken").model()
    with pytest.raises(RuntimeError, match="planted"):
        sim.record_playout(model, cluster_games.BROKEN.ambiguities, 3, index)
    here = CliRunner().invoke(main, replay[1:])
    assert here.exit_code == 1 and "of toy-broken with seed 3" in here.output


def test_auto_moves_to_the_cluster_with_the_values_computed_here(
    cluster: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The report's baselines are computed here (the pilot), then shipped to the
    cluster for the remaining pair tasks: same report."""
    from hhh_verify.execution import runner as rn

    budget = rp.Budget(games=4, max_states=300, max_games=2, quick=True)
    pairs = ["HHH-WARD-BEDS", "HHH-MORGUE", "HHH-COO-TIMING"]
    expected = rp.build("hhh", 0, budget, pairs)
    moved: list[str] = []

    def to_test_cluster(self: rn.Runner, workers: int) -> None:
        moved.append(cluster.address)
        self.auto = False
        from distributed import Client

        self._client = Client(cluster.address, set_as_default=False)
        for h in self._handles:
            if not h.done:
                self._submit_remote(h)

    monkeypatch.setattr(rn, "PILOT_SECONDS", 0.0)
    monkeypatch.setattr(rn, "CLUSTER_WORTH_SECONDS", 0.0)
    monkeypatch.setattr(rn, "cpu_count", lambda: 2)
    monkeypatch.setattr(rn.Runner, "_start_local_cluster", to_test_cluster)
    with runner_for() as run:
        got = rp.build("hhh", 0, budget, pairs, run)
    assert moved == [cluster.address]
    assert json.dumps(got, sort_keys=True) == json.dumps(expected, sort_keys=True)
