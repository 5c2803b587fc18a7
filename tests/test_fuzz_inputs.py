"""A property-based fuzzer of the files the tool reads: traces and decisions files,
generated from a real one and mutated (a value replaced anywhere by any JSON value, a
key dropped or added, the text cut or a character inserted). Every run must end with
exit 0, 1 or 2; an exit 2 is exactly one ``error:`` line; never a traceback. The
``ci`` profile runs it in CI; ``thorough`` runs it a thousand times per input kind."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hhh_verify.cli import main

JSON_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
DECISIONS = {"game": "hhh", "decisions": {"HHH-WARD-BEDS": "one-fewer"}, "note": "edition 2"}


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``value`` (the root included)."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:30]):  # a long step list: its first steps suffice
            out += _paths(v, (*prefix, i))
    return out


def _replace(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = _replace(value[path[0]], path[1:], new)
    return copy


def _drop(value: Any, path: tuple[Any, ...]) -> Any:
    if len(path) == 1:
        copy = dict(value) if isinstance(value, dict) else list(value)
        del copy[path[0]]
        return copy
    return _replace(value, path[:1], _drop(value[path[0]], path[1:]))


@st.composite
def mutated(draw: st.DrawFn, base: Any) -> str:
    """The text of ``base`` with one mutation."""
    how = draw(st.sampled_from(["replace", "drop", "add", "cut", "insert"]))
    paths = _paths(base)
    value = base
    if how == "replace":
        value = _replace(base, draw(st.sampled_from(paths)), draw(JSON_VALUES))
    elif how == "drop":
        value = _drop(base, draw(st.sampled_from([p for p in paths if p])))
    elif how == "add":
        at = draw(st.sampled_from([p for p in paths if isinstance(_at(base, p), dict)]))
        value = _replace(base, at, {**_at(base, at), draw(st.text(max_size=8)): draw(JSON_VALUES)})
    text = json.dumps(value)
    if how == "cut":
        text = text[: draw(st.integers(0, len(text) - 1))]
    elif how == "insert":
        i = draw(st.integers(0, len(text)))
        text = text[:i] + draw(st.text(min_size=1, max_size=3)) + text[i:]
    return text


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        value = value[k]
    return value


def _ends_cleanly(args: list[str]) -> None:
    r = CliRunner().invoke(main, args)
    assert r.exception is None or isinstance(r.exception, SystemExit), (args, r.exception)
    assert r.exit_code in (0, 1, 2), r.output
    assert "Traceback" not in r.output, r.output
    if r.exit_code == 2:
        errors = [ln for ln in r.output.splitlines() if ln.startswith("error:")]
        assert len(errors) == 1, r.output


@pytest.fixture(scope="module")
def trace(tmp_path_factory: pytest.TempPathFactory) -> Any:
    path = tmp_path_factory.mktemp("fuzz") / "base.json"
    r = CliRunner().invoke(
        main, ["simulate", "--config", "tiny", "--games", "1", "--trace-out", str(path)]
    )
    assert r.exit_code == 0, r.output
    return json.loads(path.read_text())


FUZZ = settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@FUZZ
@given(data=st.data())
def test_a_mutated_trace_replays_or_is_refused_in_one_line(
    trace: Any, tmp_path: Path, data: st.DataObject
) -> None:
    path = tmp_path / "t.json"
    path.write_text(data.draw(mutated(trace)))
    _ends_cleanly(["replay", str(path)])


@FUZZ
@given(data=st.data())
def test_a_mutated_decisions_file_is_applied_or_refused_in_one_line(
    tmp_path: Path, data: st.DataObject
) -> None:
    path = tmp_path / "d.json"
    path.write_text(data.draw(mutated(DECISIONS)))
    _ends_cleanly(["simulate", "--config", "tiny", "--games", "1", "--decisions", str(path)])


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"type": []}, "unknown action type"),
        ({"player": True}, "field 'player' must be a whole number"),
        ({"player": "1"}, "field 'player' must be a whole number"),
    ],
)
def test_what_the_fuzzer_found_stays_refused(
    trace: Any, tmp_path: Path, change: dict[str, Any], said: str
) -> None:
    """Found by the fuzzer: an action whose type is not a text raised TypeError; a
    field of the wrong type (``true`` for 1) was taken."""
    step = next(i for i, s in enumerate(trace["steps"]) if "player" in s["action"])
    broken = json.loads(json.dumps(trace))
    broken["steps"][step]["action"].update(change)
    path = tmp_path / "t.json"
    path.write_text(json.dumps(broken))
    r = CliRunner().invoke(main, ["replay", str(path)])
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    assert r.exit_code in (1, 2) and said in r.output, r.output


@pytest.fixture(scope="module")
def optimal_file() -> Any:
    """A real optimal-play file, cut to two rows of one preset (the committed one)."""
    doc = json.loads(Path("reports/data/hhh-optimal.json").read_text())
    preset = dict(doc["presets"]["small"])
    preset["readings"] = preset["readings"][:2]
    return {**doc, "presets": {"small": preset}}


@FUZZ
@given(data=st.data())
def test_a_mutated_optimal_file_is_read_or_refused_in_one_line(
    optimal_file: Any, tmp_path: Path, data: st.DataObject
) -> None:
    """``report --optimal``: the file is read (and checked) before any work, so a
    refused one ends the run at once; one that is read builds a two-game report."""
    path = tmp_path / "o.json"
    path.write_text(data.draw(mutated(optimal_file)))
    out = tmp_path / "out"
    args = ["report", "--game", "hhh", "--quick", "--games", "2", "--ambiguity", "HHH-WARD-BEDS"]
    _ends_cleanly([*args, "--jobs", "1", "--optimal", str(path), "--out", str(out)])


@pytest.fixture(scope="module")
def serialised() -> Any:
    from hhh_verify.adapters import openspiel as osp

    game = osp.load_game("hhh", "tiny", chance="sampled", seed=1)
    state = game.new_initial_state()
    while not state.is_terminal() and len(state.history()) < 10:
        state.apply_action(state.legal_actions()[-1])
    return game, json.loads(state.serialize())


@FUZZ
@given(data=st.data())
def test_a_mutated_serialised_state_loads_or_is_refused(
    serialised: Any, data: st.DataObject
) -> None:
    """The adapter's ``deserialize_state``: a :class:`ModelError` or a state, never
    another exception."""
    from hhh_verify.contract.errors import ModelError

    game, record = serialised
    try:
        game.deserialize_state(data.draw(mutated(record)))
    except ModelError:
        pass
