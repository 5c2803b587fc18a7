"""Trace format and replay (hhh_verify/contract/trace.py), on the toy model."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
import toy_model

from hhh_verify.contract import trace as tr
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.outputs import write_atomic
from hhh_verify.engines import simulate as sim


def _trace(seed: int = 0, interpret: tuple[str, ...] = ()) -> tr.Trace:
    model = toy_model.toy(interpret)
    return sim.record_playout(model, toy_model.AMBIGUITIES, seed)


def _long_trace() -> tr.Trace:
    """A trace with at least three steps (push, draw, ...)."""
    for seed in range(100):
        t = _trace(seed)
        if len(t.steps) >= 3:
            return t
    raise AssertionError("no long toy game in 100 seeds")


def test_save_load_round_trip(tmp_path: Any) -> None:
    t = _trace(1, ("TOY-BLACK=penalty",))
    path = str(tmp_path / "t.json")
    tr.save(t, path)
    loaded = tr.load(path)
    assert loaded.to_json() == t.to_json()
    data = json.loads(open(path, encoding="utf-8").read())
    assert data["format"] == tr.FORMAT
    assert data["interpretation"] == {"TOY-BLACK": "penalty"}  # non-default choices only
    assert data["config"] == {"whites": 3, "blacks": 1, "target": 2}


def test_replay_is_exact() -> None:
    t = _long_trace()
    result = tr.replay(t, toy_model.toy())
    assert result.ok and result.steps_run == len(t.steps)
    assert len(result.lines) == len(t.steps)
    assert result.outcome is not None


def test_replay_rejects_an_illegal_action() -> None:
    t = _long_trace()
    t.steps[0] = tr.TraceStep({"type": "Draw"}, 0, t.steps[0].state)  # Draw before Push
    result = tr.replay(t, toy_model.toy())
    assert not result.ok and "not legal" in result.error and result.steps_run == 0


def test_replay_rejects_an_out_of_range_outcome() -> None:
    t = _long_trace()
    draw = next(i for i, s in enumerate(t.steps) if s.action["type"] == "Draw")
    t.steps[draw] = tr.TraceStep(t.steps[draw].action, 7, t.steps[draw].state)
    result = tr.replay(t, toy_model.toy())
    assert not result.ok and "out of range" in result.error


def test_replay_notices_a_changed_model() -> None:
    t = _long_trace()
    t.steps[0] = tr.TraceStep(t.steps[0].action, 0, "000000000000")
    result = tr.replay(t, toy_model.toy())
    assert not result.ok and "different state" in result.error


def test_replay_stops_after_the_end() -> None:
    t = _trace(0)
    t.steps.append(tr.TraceStep({"type": "Stop"}, 0, ""))
    result = tr.replay(t, toy_model.toy())
    assert not result.ok and "already over" in result.error


def test_replay_reports_a_malformed_action() -> None:
    t = _trace(0)
    t.steps[0] = tr.TraceStep({"type": "Fly"}, 0, "")
    result = tr.replay(t, toy_model.toy())
    assert not result.ok and "unknown action type" in result.error


@pytest.mark.parametrize(
    "data, message",
    [
        ([], "JSON object"),
        ({"format": "other"}, "format"),
        ({"format": tr.FORMAT, "game": "toy", "config": {}}, "missing 'steps'"),
        ({"format": tr.FORMAT, "game": "toy", "config": {}, "steps": {}}, "must be a list"),
        ({"format": tr.FORMAT, "game": "toy", "config": {}, "steps": [{}]}, "step 0"),
        (
            {
                "format": tr.FORMAT,
                "game": "toy",
                "config": {},
                "steps": [{"action": {}, "outcome": "0"}],
            },
            "integer",
        ),
    ],
)
def test_malformed_trace_json_is_a_model_error(data: Any, message: str) -> None:
    with pytest.raises(ModelError, match=message):
        tr.Trace.from_json(data)


def test_load_errors_are_model_errors(tmp_path: Any) -> None:
    with pytest.raises(ModelError, match="not found"):
        tr.load(str(tmp_path / "missing.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ModelError, match="not valid JSON"):
        tr.load(str(bad))


def test_write_atomic_replaces_whole_files_and_leaves_no_temp(tmp_path: Any) -> None:
    path = str(tmp_path / "sub" / "out.txt")
    write_atomic(path, "first")
    write_atomic(path, "second")
    assert open(path, encoding="utf-8").read() == "second"
    assert os.listdir(tmp_path / "sub") == ["out.txt"]
