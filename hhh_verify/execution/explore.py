"""The compiled explorer on Dask: one partition per worker, as a Dask actor.

:func:`hhh_verify.engines.explore.kernel.explore_kernel` drives the levels; this module
gives it :class:`ActorParts`, the partitions as actors (``client.submit(Partition, ...,
actor=True)``), placed one per worker. A partition is built on its worker from a
:class:`~hhh_verify.contract.scenario.Scenario` (plain values: game, config, readings),
so the workers need the same hhh-verify.

Batches of successors travel from a partition to the driver and on to their owner (the
driver sees every batch: simple, and the traffic is a small share of the work, see
``docs/scaling.md``). A call whose worker has left the cluster raises
:class:`~hhh_verify.engines.explore.kernel.PartLost`: the driver then calls
:meth:`ActorParts.reset` (new actors on the workers still there) and resumes from the
checkpoints of the last complete level.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.registry import get_game, properties_for
from hhh_verify.contract.scenario import Scenario
from hhh_verify.engines.explore.explorer import split_properties
from hhh_verify.engines.explore.kernel import Builder, GraphKernel, PartLost
from hhh_verify.engines.explore.partition import Partition


def build_source(scenario: Scenario) -> tuple[Any, Any, Any]:
    """``(model, graph source, registered checks)`` of ``scenario``: what every
    partition builds for itself, here or on its worker."""
    game = scenario.game
    spec = get_game(game)
    model = scenario.model(spec)
    uncompiled = spec.uncompiled(model.readings)
    if uncompiled:
        raise ModelError(f"--engine kernel: {', '.join(uncompiled)} is not compiled")
    kernel = spec.kernel(model) if spec.kernel is not None else None
    if not isinstance(kernel, GraphKernel):
        raise ModelError(f"--engine kernel: game {game!r} has no kernel the explorer can run")
    source = kernel.graph()
    props = properties_for(game) if spec.properties is not None else []
    return model, source, split_properties(props, model)


class ActorParts:
    """``n`` partitions as Dask actors on the workers of ``client``."""

    def __init__(self, client: Any, scenario: Scenario, n: int, python_checks: bool = True):
        self.client, self.scenario, self.n, self.python_checks = client, scenario, n, python_checks
        self.builder: Builder = build_source
        self.actors: list[Any] = []
        self.homes: list[str] = []
        self.reset()

    def reset(self) -> None:
        """New, empty partitions, round-robin over the workers alive now."""
        workers = sorted(self.client.scheduler_info()["workers"])
        if not workers:
            raise PartLost("no worker left in the cluster")
        self.actors, self.homes = [], []
        futures = []
        for i in range(self.n):
            home = workers[i % len(workers)]
            self.homes.append(home)
            futures.append(
                self.client.submit(
                    Partition,
                    build_source,
                    self.scenario,
                    i,
                    self.n,
                    self.python_checks,
                    actor=True,
                    workers=[home],
                    pure=False,
                )
            )
        try:
            with self.client.as_current():  # the handles bind to this client
                self.actors = [f.result() for f in futures]
        except Exception as e:
            raise PartLost(f"a partition could not start: {type(e).__name__}: {e}") from None

    def map(self, method: str, args: Sequence[tuple[Any, ...]] | None = None) -> list[Any]:
        args = args or [()] * self.n
        calls = [self._submit(i, method, x) for i, x in enumerate(args)]
        return [self._result(i, c) for i, c in enumerate(calls)]

    def call(self, part: int, method: str, *args: Any) -> Any:
        return self._result(part, self._submit(part, method, args))

    def _submit(self, part: int, method: str, args: tuple[Any, ...]) -> Any:
        """Start one call. An actor whose worker the client already knows is gone refuses
        the call itself (``RuntimeError: Worker holding Actor was lost``), before any
        future exists: that is a lost partition too."""
        try:
            return getattr(self.actors[part], method)(*args)
        except Exception:
            self._raise_if_left(part)
            raise

    def _result(self, part: int, call: Any) -> Any:
        try:
            return call.result()
        except Exception:
            self._raise_if_left(part)
            raise

    def _raise_if_left(self, part: int) -> None:
        """:class:`PartLost` if partition ``part``'s worker has left the cluster."""
        for _ in range(40):  # the scheduler notices a dead worker within seconds
            if self.homes[part] not in self.client.scheduler_info()["workers"]:
                raise PartLost(
                    f"the worker of partition {part} ({self.homes[part]}) left"
                ) from None
            time.sleep(0.5)
