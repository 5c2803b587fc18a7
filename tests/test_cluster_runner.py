"""The execution layer without a cluster (fast): tasks merged in order give exactly what
the sequential engines give, however the work is partitioned; placement options; the
``auto`` decision; early stops; a failing task named with its game and seed.

The real scheduler and workers are in ``test_cluster.py``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import cluster_games
import pytest
import toy_model
from click.testing import CliRunner

from hhh_verify.check import run as checking
from hhh_verify.cli import main
from hhh_verify.contract import registry
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.scenario import Budget, Scenario
from hhh_verify.engines import diverge as dv
from hhh_verify.engines import impact as im
from hhh_verify.engines import simulate as sim
from hhh_verify.engines.results import CheckOptions
from hhh_verify.execution import (
    NOT_RUN,
    SCHEDULER_ENV,
    Runner,
    Task,
    TaskFailed,
    differential,
    paired,
    partition,
    playouts,
    queries,
    runner_for,
)
from hhh_verify.execution import checks as execution_checks
from hhh_verify.execution import runner as rn
from hhh_verify.smt.queries import run_query

#: Ways to cut 40 items: one range, ranges of 1, 3 and 7, and what partition() gives.
CUTS: list[Callable[[int], list[range]]] = [
    lambda n: [range(n)],
    lambda n: [range(i, i + 1) for i in range(n)],
    lambda n: [range(i, min(n, i + 3)) for i in range(0, n, 3)],
    lambda n: [range(i, min(n, i + 7)) for i in range(0, n, 7)],
    lambda n: partition(n, 3),
]


@pytest.fixture
def games(monkeypatch: pytest.MonkeyPatch) -> None:
    """``toy`` and ``toy-broken`` registered in this process."""
    monkeypatch.setattr(registry, "games", cluster_games.games)


def _cut(monkeypatch: pytest.MonkeyPatch, module: Any, cut: Callable[[int], list[range]]) -> None:
    monkeypatch.setattr(module, "partition", lambda n, workers, **kw: cut(n))


def _plain(data: dict[str, Any]) -> str:
    return json.dumps({k: v for k, v in data.items() if k != "seconds"}, sort_keys=True)


def test_partition_covers_every_item_once_in_order() -> None:
    for n in (0, 1, 7, 40, 1001):
        for workers in (1, 2, 3, 64):
            parts = partition(n, workers)
            assert [i for r in parts for i in r] == list(range(n))
            assert all(0 < len(r) <= 250 for r in parts)
    assert len(partition(40, 2)) == 8 and len(partition(10**6, 4)) == rn.MAX_TASKS


def test_a_run_is_at_most_max_tasks_tasks() -> None:
    """10**8 games were 400,000 tasks (ranges of 250): the scheduler stalled."""
    for n in (rn.MAX_TASKS * 250 + 1, 10**8, 10**9 + 7):
        for workers in (1, 4, 256):
            parts = partition(n, workers)
            assert len(parts) <= rn.MAX_TASKS
            assert parts[0].start == 0 and parts[-1].stop == n
            assert all(a.stop == b.start for a, b in zip(parts, parts[1:]))


def test_capped_chunks_do_not_change_the_result(
    games: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the cap at 3 tasks, 40 games are 3 ranges of 14: the same summary."""
    monkeypatch.setattr(rn, "MAX_TASKS", 3)
    assert [len(r) for r in partition(40, 2, largest=5)] == [14, 14, 12]
    expected = sim.simulate(toy_model.toy(), 40, seed=4, measures=toy_model.MEASURES).to_json()
    with Runner(jobs=1) as run:
        got = playouts.simulate(run, Scenario("toy", seed=4), Budget(games=40)).to_json()
    assert _plain(got) == _plain(expected)


@pytest.mark.parametrize("cut", CUTS)
def test_simulate_tasks_equal_the_sequential_run(
    games: None, monkeypatch: pytest.MonkeyPatch, cut: Callable[[int], list[range]]
) -> None:
    _cut(monkeypatch, playouts, cut)
    expected = sim.simulate(toy_model.toy(), 40, seed=4, measures=toy_model.MEASURES).to_json()
    with Runner(jobs=1) as run:
        got = playouts.simulate(run, Scenario("toy", seed=4), Budget(games=40)).to_json()
    assert _plain(got) == _plain(expected)


def test_simulate_tasks_equal_the_sequential_run_on_a_real_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _cut(monkeypatch, playouts, CUTS[2])
    model = registry.get_game("hhh").model("tiny")
    spec = registry.get_game("hhh")
    expected = sim.simulate(model, 9, seed=2, policy="greedy", game_policies=spec.policies, measures=spec.measures)  # fmt: skip
    with Runner(jobs=1) as run:
        got = playouts.simulate(
            run, Scenario("hhh", "tiny", policy="greedy", seed=2), Budget(games=9)
        )
    assert _plain(got.to_json()) == _plain(expected.to_json())
    assert "deaths" in got.measures  # the light records keep the final measures
    assert got.measures == expected.measures


@pytest.mark.parametrize("cut", CUTS)
def test_impact_tasks_equal_the_sequential_run(
    games: None, monkeypatch: pytest.MonkeyPatch, cut: Callable[[int], list[range]]
) -> None:
    _cut(monkeypatch, paired, cut)
    expected = im.impact(
        toy_model.SPEC, Scenario("toy", seed=6), "TOY-BLACK", ("bust", "penalty"), 40
    )
    with Runner(jobs=1) as run:
        got = paired.impact(
            run, Scenario("toy", seed=6), "TOY-BLACK", ("bust", "penalty"), Budget(games=40)
        )
    assert _plain(got.to_json()) == _plain(expected.to_json())
    assert got.per_game == expected.per_game


@pytest.mark.parametrize("cut", CUTS)
@pytest.mark.parametrize("seed", [0, 5])
def test_differential_tasks_find_the_sequential_witness(
    games: None, monkeypatch: pytest.MonkeyPatch, cut: Callable[[int], list[range]], seed: int
) -> None:
    """Same witness game, same counts of games, steps and rejected candidates."""
    _cut(monkeypatch, differential, cut)
    spec = toy_model.SPEC
    ma, mb = dv.reading_models(spec, spec.config(), "TOY-BLACK", ("bust", "penalty"))
    players = [sim.get_policy(p, spec.policies) for p in ("random", "greedy")]
    expected = dv.differential_search(ma, mb, seed, 40, None, players)
    with Runner(jobs=1) as run:
        search = differential.searcher(run, "TOY-BLACK", ("bust", "penalty"))
        got = search(Scenario("toy", "default", seed=seed), 40, None, ("random", "greedy"))
    assert expected.witness is not None
    for field in ("games", "steps", "rejected", "reason", "game_index"):
        assert getattr(got, field) == getattr(expected, field), field
    assert got.witness is not None
    assert (got.witness.path, got.witness.state) == (expected.witness.path, expected.witness.state)


def test_differential_tasks_without_a_witness_count_every_game(games: None) -> None:
    spec = toy_model.SPEC
    ma, mb = dv.reading_models(spec, spec.config(), "TOY-BLACK", ("bust", "bust"))
    expected = dv.differential_search(ma, mb, 1, 30, None)
    with Runner(jobs=1) as run:
        got = differential.searcher(run, "TOY-BLACK", ("bust", "bust"))(
            Scenario("toy", "default", seed=1), 30, None, ("random",)
        )
    assert got.witness is None and (got.games, got.steps, got.reason) == (
        expected.games,
        expected.steps,
        "30 games played",
    )


def test_diverge_with_the_task_search_gives_the_same_result(games: None) -> None:
    spec = toy_model.SPEC
    only_playouts = dv.Search(max_seconds=None, explorer=False)
    plain = dv.result_json(dv.diverge(spec, Scenario("toy"), "TOY-BLACK", (), only_playouts))
    with Runner(jobs=1) as run:
        search = differential.searcher(run, "TOY-BLACK", ("bust", "penalty"))
        tasks = dv.diverge(
            spec, Scenario("toy"), "TOY-BLACK", (), replace(only_playouts, runner=search)
        )
    assert json.dumps(dv.result_json(tasks), default=str) == json.dumps(plain, default=str)


def test_query_tasks_equal_run_query_in_order(games: None) -> None:
    support = toy_model.SPEC.load_smt()
    ids = [q.id for q in support.queries][::-1]
    expected = [run_query(toy_model.SPEC, support, support.get(q)) for q in ids]
    with Runner(jobs=1) as run:
        got = queries.answer_all(run, Scenario("toy"), ids)
    assert [r["name"] for r in got] == ids
    # What Z3 did before in the process (its term tables) may change the units a query
    # spends and which of several equally good witnesses it returns, never the answer;
    # every witness replays.
    varies = ("seconds", "trace", "rlimit_spent", "witness")
    for a, b in zip(got, expected):
        assert {k: v for k, v in a.items() if k not in varies} == {
            k: v for k, v in b.items() if k not in varies
        }
        assert a["replays"] is not False and (a["witness"] is None) == (b["witness"] is None)


def test_check_tasks_list_rows_as_the_sequential_check(games: None) -> None:
    spec = toy_model.SPEC
    options = CheckOptions(profile="quick", seed=1)
    model = spec.model()
    expected = checking.check_model(model, spec.ambiguities, spec.load_properties(), options)
    plans = [execution_checks.CheckPlan(Scenario("toy"), i) for i in checking.ENGINES]
    with Runner(jobs=1) as run:
        got = execution_checks.check_all(run, plans, options)
    assert [(r.property, r.engine, r.status) for r in got] == [
        (r.property, r.engine, r.status) for r in expected
    ]


def test_a_failing_game_names_its_index_seed_and_a_replay(games: None) -> None:
    with Runner(jobs=1) as run, pytest.raises(TaskFailed) as failed:
        playouts.simulate(run, Scenario("toy-broken", seed=3), Budget(games=30))
    text = str(failed.value)
    first = next(
        i
        for i in range(30)
        if _raises(
            lambda i=i: sim.record_playout(
                cluster_games.BROKEN.make_model(
                    toy_model.ToyConfig(), toy_model.AMBIGUITIES.default()
                ),
                toy_model.AMBIGUITIES,
                3,
                i,
            )
        )  # fmt: skip
    )
    assert f"game {first} (game seed {sim.game_seed(3, first)}) of toy-broken with seed 3" in text
    assert cluster_games.PLANTED in text
    assert "to re-run it in this process: hhh-verify simulate --game toy-broken" in text


def _raises(fn: Callable[[], Any]) -> bool:
    try:
        fn()
    except RuntimeError:
        return True
    return False


def test_a_failing_task_is_one_error_line_and_exit_1(games: None) -> None:
    r = CliRunner().invoke(
        main, ["simulate", "--game", "toy-broken", "--games", "30", "--jobs", "1"]
    )
    assert r.exit_code == 1
    assert r.output.count("error:") == 1 and "Traceback" not in r.output
    assert r.output.startswith("error: simulate task (games ")


def test_progress_counts_tasks_on_stderr_and_is_quiet_under_json(games: None) -> None:
    args = ["simulate", "--game", "toy", "--games", "30", "--jobs", "1"]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0 and r.stderr.strip().splitlines()[-1] == (
        "simulate: 4/4 tasks done (this process)"
    )
    quiet = CliRunner().invoke(main, [*args, "--json"])
    assert quiet.exit_code == 0 and quiet.stderr == ""


def test_placement_options() -> None:
    assert runner_for(None, 1).jobs == 1
    assert runner_for(None, None, environ={}).auto
    assert runner_for(None, None, environ={}, auto=False).jobs == 1
    # --jobs wins over the environment variable (which is only a default)
    assert runner_for(None, 1, environ={SCHEDULER_ENV: "tcp://127.0.0.1:1"}).jobs == 1
    with pytest.raises(ModelError, match="exclude each other"):
        runner_for("tcp://127.0.0.1:1", 2)
    with pytest.raises(ModelError, match="--jobs must be at least 1"):
        runner_for(None, 0)
    for bad in ("nonsense", "tcp://host", "host:port"):
        with pytest.raises(ModelError, match="not a Dask scheduler address"):
            runner_for(None, None, environ={SCHEDULER_ENV: bad})


def test_an_unreachable_scheduler_is_a_one_line_input_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(rn, "CONNECT_SECONDS", 0.5)
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # bound, never listening: connections are refused
        r = CliRunner().invoke(
            main, ["simulate", "--games", "2", "--scheduler", f"tcp://127.0.0.1:{port}"]
        )
    assert r.exit_code == 2
    assert (
        r.output.startswith("error: cannot reach a Dask scheduler at") and r.output.count("\n") == 1
    )


def _sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def test_auto_moves_to_a_cluster_only_when_the_rest_would_take_long(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started: list[int] = []
    monkeypatch.setattr(rn, "PILOT_SECONDS", 0.05)
    monkeypatch.setattr(rn, "CLUSTER_WORTH_SECONDS", 0.5)
    monkeypatch.setattr(rn, "cpu_count", lambda: 2)

    def start(self: Runner, workers: int) -> None:  # records the decision, stays here
        started.append(workers)
        self.auto = False

    monkeypatch.setattr(Runner, "_start_local_cluster", start)
    with Runner() as run:  # auto; the "cluster" above never starts, so all runs here
        assert run.map([Task(_sleep, (0.02,), "t") for _ in range(4)]) == [0.02] * 4
    assert started == []  # 4 x 20 ms: not worth it
    with Runner() as run:
        assert len(run.map([Task(_sleep, (0.02,), "t") for _ in range(60)])) == 60
    assert started and started[0] == 2  # 60 x 20 ms: worth a cluster of 2
    with Runner(jobs=1) as run:
        run.map([Task(_sleep, (0.02,), "t") for _ in range(60)])
    assert len(started) == 1  # --jobs 1 never moves


def test_gather_stops_early_and_at_a_deadline() -> None:
    with Runner(jobs=1) as run:
        handles = [run.submit(Task(_sleep, (0.0,), f"t{i}")) for i in range(10)]
        got = run.gather(handles, stop=lambda values: len(values) >= 3)
    assert got[:3] == [0.0] * 3 and got[3:] == [NOT_RUN] * 7
    # a deadline already passed stops the gathering; one an hour away lets all run (no
    # assertion depends on how fast this machine runs the tasks)
    with Runner(jobs=1) as run:
        handles = [run.submit(Task(_sleep, (0.01,), f"t{i}")) for i in range(10)]
        got = run.gather(handles, deadline=time.perf_counter() - 1)
    assert sum(v is not NOT_RUN for v in got) < 10
    with Runner(jobs=1) as run:
        handles = [run.submit(Task(_sleep, (0.01,), f"t{i}")) for i in range(10)]
        got = run.gather(handles, deadline=time.perf_counter() + 3600)
    assert got == [0.01] * 10


def test_a_task_uses_the_value_of_an_earlier_one() -> None:
    with Runner(jobs=1) as run:
        a = run.submit(Task(_sleep, (0.0,), "a"))
        b = run.submit(Task(_add, (a, 2.5), "b"))
        assert run.gather([b]) == [2.5]


def _add(x: float, y: float) -> float:
    return x + y


def test_planted_out_of_order_merge_is_caught(games: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The identities above can fail: results merged in completion order, not task
    order (here: reversed), change the impact's per-game series."""
    _cut(monkeypatch, paired, CUTS[2])
    expected = im.impact(
        toy_model.SPEC, Scenario("toy", seed=6), "TOY-BLACK", ("bust", "penalty"), 40
    )
    in_order = Runner.gather
    monkeypatch.setattr(Runner, "gather", lambda self, hs, *a, **k: in_order(self, hs, *a, **k)[::-1])  # fmt: skip
    with Runner(jobs=1) as run:
        got = paired.impact(
            run, Scenario("toy", seed=6), "TOY-BLACK", ("bust", "penalty"), Budget(games=40)
        )
    assert got.per_game != expected.per_game


def test_planted_task_that_restarts_its_seeds_is_caught(
    games: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A task that plays games 0.. instead of its own range gives another summary."""
    _cut(monkeypatch, playouts, CUTS[2])
    own_range = playouts.play_games

    def restarts(*args: Any) -> Any:
        scenario, budget, games_range, exact, engine = args
        return own_range(scenario, budget, range(len(games_range)), exact, engine)

    monkeypatch.setattr(playouts, "play_games", restarts)
    expected = sim.simulate(toy_model.toy(), 40, seed=4, measures=toy_model.MEASURES).to_json()
    with Runner(jobs=1) as run:
        got = playouts.simulate(run, Scenario("toy", seed=4), Budget(games=40)).to_json()
    assert _plain(got) != _plain(expected)


class _Future:
    """A Dask future as ``_gather_remote`` sees it: a key, a status, a result."""

    def __init__(self, key: str, statuses: list[str], value: Any) -> None:
        self.key, self._statuses, self._value = key, statuses, value

    @property
    def status(self) -> str:
        return self._statuses.pop(0) if len(self._statuses) > 1 else self._statuses[0]

    def result(self) -> Any:
        return self._value


class _Client:
    def __init__(self) -> None:
        self.cancelled: list[Any] = []

    def as_current(self) -> Any:
        from contextlib import nullcontext

        return nullcontext()

    def cancel(self, futures: list[Any]) -> None:
        self.cancelled += futures


def _remote_runner(futures: list[_Future]) -> tuple[Runner, list[Any]]:
    runner = Runner(jobs=1)
    runner._client = _Client()
    handles = []
    for i, fut in enumerate(futures):
        h = rn.Handle(i, Task(fn=len, args=(), label=f"task {i}"))
        h.future = fut
        handles.append(h)
    return runner, handles


def test_a_result_lost_after_wait_is_waited_for_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker dies holding a finished task's result between ``wait`` returning it and
    the status being read: the status is then "lost" and the scheduler computes it
    again. The run waits for it (the killed-worker test met this race), never reports
    the task as failed."""
    import distributed

    lost = _Future("a", ["lost", "finished"], 7)
    other = _Future("b", ["finished"], 8)
    calls: list[set[str]] = []

    def wait(fs: list[Any], timeout: Any, how: str) -> tuple[set[Any], set[Any]]:
        calls.append({f.key for f in fs})
        return set(fs), set()

    monkeypatch.setattr(distributed, "wait", wait)
    runner, handles = _remote_runner([lost, other])
    assert runner.gather(handles) == [7, 8]
    assert calls == [{"a", "b"}, {"a"}]  # the lost one was waited for a second time
    assert runner._client.cancelled == []


def test_an_errored_remote_task_is_still_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    """Planted: the same path with a task that really failed (status "cancelled") stops
    the run with the task named, so the "lost" rule cannot hide failures."""
    import distributed

    monkeypatch.setattr(distributed, "wait", lambda fs, timeout, how: (set(fs), set()))
    runner, handles = _remote_runner([_Future("a", ["cancelled"], None)])
    with pytest.raises(TaskFailed, match="task 0 failed: RuntimeError: the cluster cancelled it"):
        runner.gather(handles)
