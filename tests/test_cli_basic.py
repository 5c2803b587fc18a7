"""The basic commands: --help, games, ambiguities, replay; exit codes and --json."""

from __future__ import annotations

import json
from typing import Any

import pytest
import toy_model
from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.contract import trace as tr
from hhh_verify.contract.outputs import write_atomic
from hhh_verify.engines import simulate as sim


def _run(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def _one_line_error(r: Any) -> str:
    assert r.exit_code == 2, r.output
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    return lines[0]


def test_help_lists_the_basic_commands() -> None:
    r = _run("--help")
    assert r.exit_code == 0
    for command in ("games", "replay", "ambiguities", "simulate"):
        assert command in r.stdout


def test_games_json(toy_registry: Any) -> None:
    r = _run("games", "--json")
    assert r.exit_code == 0, r.output
    rows = json.loads(r.stdout)["games"]
    toy = next(g for g in rows if g["id"] == "toy")
    assert toy["configs"]["default"] == {"whites": 3, "blacks": 1, "target": 2}
    assert toy["default_config"] == "default" and toy["ambiguities"] == 1


def test_games_text(toy_registry: Any) -> None:
    r = _run("games")
    assert r.exit_code == 0, r.output
    assert "toy:" in r.stdout and "default, tiny" in r.stdout


def test_real_registry_lists_hhh() -> None:
    r = _run("games", "--json")
    assert r.exit_code == 0, r.output
    rows = json.loads(r.stdout)["games"]
    hhh = rows[0]
    assert hhh["id"] == "hhh" and {"full", "small", "tiny"} <= set(hhh["configs"])


def test_ambiguities_json(toy_registry: Any) -> None:
    r = _run("ambiguities", "--game", "toy", "--json")
    assert r.exit_code == 0, r.output
    entries = json.loads(r.stdout)["ambiguities"]
    assert [e["id"] for e in entries] == ["TOY-BLACK"]
    e = entries[0]
    assert set(e) == {"id", "title", "category", "quotes", "options", "default", "why"}
    assert e["quotes"][0]["section"] == "Toy rules, Draw"
    assert [o["id"] for o in e["options"]] == ["bust", "penalty"] and e["default"] == "bust"


def test_ambiguities_text(toy_registry: Any) -> None:
    r = _run("ambiguities", "--game", "toy")
    assert r.exit_code == 0, r.output
    for text in ("TOY-BLACK", "[gap]", "Toy rules, Draw", "* bust", "penalty", "default: bust"):
        assert text in r.stdout


def test_ambiguities_of_hhh(toy_registry: Any) -> None:
    r = _run("ambiguities", "--game", "hhh", "--json")
    assert r.exit_code == 0, r.output
    entries = json.loads(r.stdout)["ambiguities"]
    assert entries and all(e["id"].startswith("HHH-") for e in entries)
    assert all(e["default"] in [o["id"] for o in e["options"]] for e in entries)


@pytest.mark.parametrize(
    "args",
    [
        ("ambiguities", "--game", "nope"),
        ("ambiguities", "--game", "toy", "--id", "TOY-NOPE"),
        ("replay", "/nonexistent/trace.json"),
    ],
)
def test_bad_input_is_one_line_exit_2(toy_registry: Any, args: Any) -> None:
    line = _one_line_error(_run(*args))
    assert "accepted" in line or "not found" in line


def _saved_trace(tmp_path: Any) -> str:
    model = toy_model.toy(("TOY-BLACK=penalty",))
    path = str(tmp_path / "t.json")
    tr.save(sim.record_playout(model, toy_model.AMBIGUITIES, seed=11), path)
    return path


def test_replay_ok(toy_registry: Any, tmp_path: Any) -> None:
    path = _saved_trace(tmp_path)
    r = _run("replay", path)
    assert r.exit_code == 0, r.output
    assert "OK" in r.stdout
    j = _run("replay", path, "--json")
    data = json.loads(j.stdout)
    assert data["ok"] is True and data["outcome"]["reason"] in {"completed", "short"}


def test_replay_of_a_tampered_trace_exits_1(toy_registry: Any, tmp_path: Any) -> None:
    path = _saved_trace(tmp_path)
    data = json.loads(open(path, encoding="utf-8").read())
    data["interpretation"] = {}  # now replayed under TOY-BLACK=bust: Push then Draw...
    data["steps"][0]["action"] = {"type": "Draw"}  # ...and the first step is illegal
    write_atomic(path, json.dumps(data))
    r = _run("replay", path, "--json")
    assert r.exit_code == 1
    assert json.loads(r.stdout)["ok"] is False


@pytest.mark.parametrize(
    "content, message",
    [
        ("{oops", "not valid JSON"),
        ('{"format": "x"}', "format"),
        (
            '{"format": "hhh-verify-trace/1", "game": "chess", "config": {}, "steps": []}',
            "unknown game",
        ),
        (
            '{"format": "hhh-verify-trace/1", "game": "toy", "config": {"whites": 50}, "steps": []}',
            "whites",
        ),
        (
            '{"format": "hhh-verify-trace/1", "game": "toy", "config": {}, "steps": [],'
            ' "interpretation": {"TOY-BLACK": "maybe"}}',
            "unknown option",
        ),
    ],
)
def test_replay_bad_trace_file_exit_2(
    toy_registry: Any, tmp_path: Any, content: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    assert message in _one_line_error(_run("replay", str(path)))


def test_every_package_directory_is_installed() -> None:
    """A package missing from the install works in an editable install and vanishes from
    a built wheel: setup.py's discovery must find every directory with an __init__.py
    below each root it installs, and every top-level source folder must be a root."""
    import ast
    from pathlib import Path

    from setuptools import find_packages

    root = Path(__file__).resolve().parent.parent
    tree = ast.parse((root / "setup.py").read_text())
    roots = next(
        ast.literal_eval(n.value)
        for n in tree.body
        if isinstance(n, ast.Assign) and getattr(n.targets[0], "id", "") == "ROOTS"
    )
    assert set(roots.values()) >= {"hhh_verify", "models", "rules"}
    for where in roots.values():
        found = set(find_packages(str(root / where)))
        for init in (root / where).rglob("__init__.py"):
            rel = init.parent.relative_to(root / where).parts
            assert not rel or ".".join(rel) in found, f"{init.parent} is not installed"
