"""The table of hostile input, per input kind and per command that reads it: each case
with the exit code and the one ``error:`` line it must give (never a traceback, nothing
written). Kinds: a trace (``replay``), a decisions file (any command, ``--decisions``),
an optimal-play file (``report --optimal``), a config (``--set``, on any command, and a
trace's ``config``), a serialised state (the OpenSpiel adapter's ``deserialize_state``).

The fuzzer (``test_fuzz_inputs.py``) throws generated mutations of the same kinds; this
table keeps the named cases, each of which a past review or the fuzzer found. New
hostile input found anywhere becomes a row here.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from hhh_verify.cli import main

SIMULATE = ["simulate", "--config", "tiny", "--games", "1"]
DECISIONS = {"game": "hhh", "decisions": {"HHH-WARD-BEDS": "one-fewer"}}
OPTIMAL = ["report", "--game", "hhh", "--quick", "--games", "2", "--optimal"]


def _trace(tmp: Path) -> dict[str, Any]:
    path = tmp / "base.json"
    r = CliRunner().invoke(main, [*SIMULATE, "--trace-out", str(path)])
    assert r.exit_code == 0, r.output
    return dict(json.loads(path.read_text()))


def _config(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda t: t["config"].__setitem__(key, value)


def _first_samples(value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda t: t["meta"].__setitem__("samples", [value, *t["meta"]["samples"][1:]])


#: trace cases: (what, change to a real trace, the error line's words)
TRACE_CASES: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("a config value of the wrong type", _config("rounds", True), "'rounds' is True"),
    ("a config number as text", _config("rounds", "2"), "'rounds' is '2'"),
    ("a config price out of range", _config("ward_pay", 2**62), "ward_pay=4611686018427387904"),
    ("an unknown config key", _config("nope", 1), "unknown config value(s) ['nope']"),
    ("a config that is a list", lambda t: t.__setitem__("config", [1]), "'config' must be an"),
    ("a sample that is text", _first_samples(["x"]), "'samples'[0] must be a list of integers"),
    ("a sample that is a boolean", _first_samples([True]), "'samples'[0] must be a list"),
    ("a negative sample", _first_samples([-1]), "holds a negative choice -1"),
    ("a seed that is a boolean", lambda t: t.__setitem__("seed", True), "'seed' must be a whole"),
    ("an outcome that is text", lambda t: t["steps"][0].__setitem__("outcome", "0"), "'outcome'"),
    (
        "a reading that is a number",
        lambda t: t.__setitem__("interpretation", {"X": 1}),
        "ID: OPTION",
    ),
    ("steps that are an object", lambda t: t.__setitem__("steps", {}), "'steps' must be a list"),
    ("a state digest that is a number", lambda t: t["steps"][0].__setitem__("state", 5), "'state'"),
    ("another game", lambda t: t.__setitem__("game", "nope"), "nope"),
]


@pytest.mark.parametrize(("what", "change", "said"), TRACE_CASES, ids=[c[0] for c in TRACE_CASES])
def test_replay_refuses_a_hostile_trace(
    tmp_path: Path, what: str, change: Callable[[dict[str, Any]], None], said: str
) -> None:
    trace = _trace(tmp_path)
    change(trace)
    path = tmp_path / "t.json"
    path.write_text(json.dumps(trace))
    assert said in _error_line(["replay", str(path)]), what


#: decisions cases: (what, file text, the error line's words), on ``simulate`` and ``check``
DECISIONS_CASES = [
    ("not a table", "[1]", "is not a table"),
    ("an unknown id", json.dumps({**DECISIONS, "decisions": {"HHH-NOPE": "x"}}), "'HHH-NOPE'"),
    ("an unknown option", json.dumps({**DECISIONS, "decisions": {"HHH-WARD-BEDS": "x"}}), "'x'"),
    (
        "an option that is a number",
        json.dumps({**DECISIONS, "decisions": {"HHH-WARD-BEDS": 1}}),
        "not a text",
    ),
    ("a note that is a number", json.dumps({**DECISIONS, "note": 5}), "'note' is not a text"),
    ("an unknown field", json.dumps({**DECISIONS, "extra": 5}), "unknown field(s) extra"),
    (
        "one id decided twice",
        '{"game": "hhh", "decisions": {"HHH-WARD-BEDS": "one-fewer", "HHH-WARD-BEDS": "as-config"}}',
        "twice",
    ),
    ("not JSON", "{", "not valid JSON"),
]


@pytest.mark.parametrize("command", ["simulate", "check"])
@pytest.mark.parametrize(
    ("what", "text", "said"), DECISIONS_CASES, ids=[c[0] for c in DECISIONS_CASES]
)
def test_every_command_refuses_a_hostile_decisions_file(
    tmp_path: Path, command: str, what: str, text: str, said: str
) -> None:
    path = tmp_path / "d.json"
    path.write_text(text)
    args = SIMULATE if command == "simulate" else ["check", "--game", "hhh", "--profile", "quick"]
    assert said in _error_line([*args, "--decisions", str(path)]), what


def _optimal_with(change: dict[str, Any] | None, version: Any = "v") -> str:
    """A one-row optimal-play file with the row changed (``None``: the row is null)."""
    row = {"id": "", "option": "", "interpret": [], "checks": "compiled only"}
    row |= {"complete": True, "incomplete_reason": None, "pmax": 1.0, "pmin": 0.5}
    row |= {"prandom": 0.7, "seconds": 1.0, "states": 10, "transitions": 12}
    run = {"code_version": version, "readings": [None if change is None else row | change]}
    return json.dumps({"format": "hhh-verify-optimal/1", "game": "hhh", "presets": {"tiny": run}})


#: optimal-play file cases: (what, file text, the error line's words)
OPTIMAL_CASES = [
    ("not a table", "[1]", "not an optimal-play file"),
    ("another format", json.dumps({"format": "x", "game": "hhh"}), "not an optimal-play file"),
    ("not JSON", "{", "not valid JSON"),
    ("a 5,000-digit number", '{"format": ' + "9" * 5000 + "}", "digits"),
    # found by the fuzzer: a reading row that is null was a TypeError traceback
    ("a reading that is null", _optimal_with(None), "has a reading that is not a table"),
    ("a count that is a boolean", _optimal_with({"states": True}), "whose 'states' is True"),
    ("a probability as text", _optimal_with({"pmax": "1"}), "whose 'pmax' is '1'"),
    ("a run without its version", _optimal_with({}, version=None), "without its code version"),
]


@pytest.mark.parametrize(("what", "text", "said"), OPTIMAL_CASES, ids=[c[0] for c in OPTIMAL_CASES])
def test_report_refuses_a_hostile_optimal_file(
    tmp_path: Path, what: str, text: str, said: str
) -> None:
    path = tmp_path / "o.json"
    path.write_text(text)
    line = _error_line([*OPTIMAL, str(path), "--out", str(tmp_path / "out")])
    assert said in line, what
    assert not (tmp_path / "out").exists()


#: config cases (``--set``): (what, the overrides, the error line's words)
CONFIG_CASES = [
    ("an unknown key", ["nope=1"], "unknown config value 'nope'"),
    ("a number that is not one", ["rounds=x"], "bad value 'x' for rounds"),
    ("no value", ["rounds"], "must be key=value"),
    ("a bad list", ["rooms_in_deck=a/b"], "bad value 'a/b' for rooms_in_deck"),
    ("a bad switch", ["variant_two_rooms=maybe"], "accepted: true or false"),
    ("one key set two ways", ["rounds=1", "rounds=2"], "'rounds' set twice, to 1 and 2"),
    ("a price past its range", ["staff_cost=51"], "staff_cost=51; accepted: 0..50"),
]


@pytest.mark.parametrize("command", ["simulate", "explore", "hunt"])
@pytest.mark.parametrize(("what", "sets", "said"), CONFIG_CASES, ids=[c[0] for c in CONFIG_CASES])
def test_every_command_refuses_a_hostile_config(
    command: str, what: str, sets: list[str], said: str
) -> None:
    args = {"simulate": SIMULATE, "explore": ["explore", "--config", "tiny"]}.get(
        command, ["hunt", "--config", "tiny"]
    )
    assert said in _error_line([*args, *(x for s in sets for x in ("--set", s))]), what


#: serialised state cases: (what, change to a real record, the ModelError's words)
STATE_CASES: list[tuple[str, Callable[[dict[str, Any]], Any], str]] = [
    ("a pickle", lambda r: b"\x80\x04K\x01.", "not a serialised hhh-verify state"),
    ("another format", lambda r: {**r, "format": "x"}, "not a serialised hhh-verify state"),
    ("a history of text", lambda r: {**r, "history": ["0"]}, "history[0] must be an action id"),
    ("a history past the game", lambda r: {**r, "history": [0] * 10**4}, "lasts at most"),
    ("draws of text", lambda r: {**r, "draws": [["x"]]}, "draws[0] must be a list"),
    (
        "another game",
        lambda r: {**r, "openspiel": "hhh_verify_hhh(preset=full)"},
        "not of this game",
    ),
    ("a deep document", lambda r: "[" * 100_000, "deep"),
]


@pytest.mark.parametrize(("what", "change", "said"), STATE_CASES, ids=[c[0] for c in STATE_CASES])
def test_the_adapter_refuses_a_hostile_serialised_state(
    what: str, change: Callable[[dict[str, Any]], Any], said: str
) -> None:
    from hhh_verify.adapters import openspiel as osp
    from hhh_verify.contract.errors import ModelError

    game = osp.load_game("hhh", "tiny")
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    record = json.loads(state.serialize())
    changed = change(record)
    text = changed if isinstance(changed, (str, bytes)) else json.dumps(changed)
    with pytest.raises(ModelError) as caught:
        game.deserialize_state(text)
    assert said in str(caught.value), what


def _error_line(args: list[str]) -> str:
    r = CliRunner().invoke(main, args)
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    assert r.exit_code == 2, r.output
    errors = [ln for ln in r.output.splitlines() if ln.startswith("error:")]
    assert len(errors) == 1 and "Traceback" not in r.output, r.output
    return errors[0]
