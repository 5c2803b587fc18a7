"""A partition whose worker has died is a lost partition however the loss shows: as a
failed result, or (once the client knows the worker is gone) as the actor refusing the
call itself. Both must reach the driver as ``PartLost`` so it resumes from the
checkpoints; a refusal that escaped as ``RuntimeError`` stopped a run on a loaded
machine (``test_a_killed_worker_resumes_from_the_checkpoints``)."""

from __future__ import annotations

from typing import Any

import pytest

from hhh_verify.engines.explore.kernel import PartLost
from hhh_verify.execution.explore import ActorParts


class _Client:
    def __init__(self, workers: list[str]) -> None:
        self.workers = workers

    def scheduler_info(self) -> dict[str, Any]:
        return {"workers": {w: {} for w in self.workers}}


class _Done:
    def __init__(self, value: Any) -> None:
        self.value = value

    def result(self) -> Any:
        return self.value


class _Actor:
    def __init__(self, refuses: bool) -> None:
        self.refuses = refuses

    def __getattr__(self, name: str) -> Any:
        if self.refuses:  # what distributed's Actor does once its worker is lost
            raise RuntimeError("Worker holding Actor was lost.  Status: error")
        return lambda *args: _Done((name, args))


def _parts(refuses: bool, alive: list[str]) -> ActorParts:
    parts = ActorParts.__new__(ActorParts)
    parts.client, parts.n = _Client(alive), 2
    parts.actors = [_Actor(False), _Actor(refuses)]
    parts.homes = ["tcp://a", "tcp://b"]
    return parts


def test_calls_reach_every_partition() -> None:
    parts = _parts(False, ["tcp://a", "tcp://b"])
    assert parts.map("sizes") == [("sizes", ()), ("sizes", ())]
    assert parts.call(1, "restore", "dir", 3) == ("restore", ("dir", 3))


def test_an_actor_refusing_the_call_after_its_worker_left_is_a_lost_partition() -> None:
    parts = _parts(True, ["tcp://a"])
    with pytest.raises(PartLost, match="partition 1"):
        parts.map("expand")
    with pytest.raises(PartLost, match="partition 1"):
        parts.call(1, "expand")


def test_a_refusal_while_the_worker_is_still_there_is_not_hidden(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("hhh_verify.execution.explore.time.sleep", lambda s: None)
    parts = _parts(True, ["tcp://a", "tcp://b"])
    with pytest.raises(RuntimeError, match="Worker holding Actor"):
        parts.map("expand")
