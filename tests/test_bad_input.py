"""Malformed input thrown at every command: exit code 2, one line ``error: ...`` on
stderr, no traceback, and nothing written.

House rule: "Bad input: one line ``error: ...`` naming what is wrong and what is
accepted, exit 2, no traceback, nothing written half-way". The cases are built from each
command's own declaration (click parameters), so a new command or option is covered the
day it is added: an unknown option, an unknown game, a bad ``--set`` and ``--interpret``
where the command has them, every output option pointed at a path that cannot be
written, and trace files that are not UTF-8 JSON objects.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.cli.common import output_dir, output_file

COMMANDS: dict[str, click.Command] = dict(main.commands)


def options(cmd: click.Command) -> dict[str, click.Parameter]:
    return {opt: p for p in cmd.params for opt in p.opts}


def output_options(cmd: click.Command) -> list[str]:
    return [p.opts[0] for p in cmd.params if p.callback in (output_file, output_dir)]


def required_args(cmd: click.Command, trace: str) -> list[str]:
    """A valid value for each required argument (only traces are taken as arguments)."""
    return [trace for p in cmd.params if isinstance(p, click.Argument) and p.required]


def cases(trace: str, under_file: str) -> list[Any]:
    out = []
    for name, cmd in sorted(COMMANDS.items()):
        opts = options(cmd)
        args = required_args(cmd, trace)
        out.append(pytest.param(name, [*args, "--no-such-option"], id=f"{name}-unknown-option"))
        if "--game" in opts:
            out.append(pytest.param(name, [*args, "--game", "nope"], id=f"{name}-unknown-game"))
        if "--set" in opts:
            out.append(pytest.param(name, [*args, "--set", "nope=1"], id=f"{name}-bad-set"))
            out.append(pytest.param(name, [*args, "--set", "rounds"], id=f"{name}-set-no-value"))
        if "--interpret" in opts:
            bad = [*args, "--interpret", "HHH-NOPE=x"]
            out.append(pytest.param(name, bad, id=f"{name}-bad-interpret"))
        for flag in output_options(cmd):
            target = f"{under_file}/sub/out.json"
            out.append(pytest.param(name, [*args, flag, target], id=f"{name}{flag}-under-a-file"))
            if Path("/proc").is_dir():
                proc = [*args, flag, "/proc/hhh-verify/out.json"]
                out.append(pytest.param(name, proc, id=f"{name}{flag}-unwritable"))
    return out


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("bad-input")
    (d / "a-file").write_text("not a folder\n", encoding="utf-8")
    return d


def snapshot(d: Path) -> dict[str, float]:
    return {str(p): p.stat().st_mtime for p in d.rglob("*")}


def run_bad(args: list[str], cwd: Path) -> Any:
    old = os.getcwd()
    os.chdir(cwd)
    try:
        before = snapshot(cwd)
        r = CliRunner().invoke(main, args)
        after = snapshot(cwd)
    finally:
        os.chdir(old)
    return r, before, after


def assert_clean_failure(r: Any, before: dict[str, float], after: dict[str, float]) -> None:
    assert r.exit_code == 2, (r.exit_code, r.output)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    assert "Traceback" not in r.output, r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    assert after == before, "files written: " + ", ".join(sorted(set(after) - set(before)))


# A valid trace file name is needed for commands taking one; "good.json" holds a real
# trace only where a case needs one, otherwise the other input is what fails first.
TRACE = "replayable.json"


@pytest.mark.parametrize("command, args", cases(TRACE, "a-file"))
def test_every_command_rejects_bad_input(
    command: str, args: list[str], workdir: Path, tmp_path: Path
) -> None:
    trace = workdir / TRACE
    if not trace.exists():
        r = CliRunner().invoke(
            main,
            [
                "reach",
                "--game",
                "hhh",
                "--config",
                "tiny",
                "--goal",
                "terminal",
                "--out",
                str(trace),
            ],
        )
        assert r.exit_code == 0, r.output
    r, before, after = run_bad([command, *args], workdir)
    assert_clean_failure(r, before, after)


@pytest.mark.parametrize(
    "content, expected",
    [
        (b"\xff\xfe\x00\x81not text", "not UTF-8"),
        (b"{ broken json", "not valid JSON"),
        (b"[1, 2, 3]", "holds a JSON list"),
        ('{"steps": "\u00e9"}'.encode("latin-1"), "not UTF-8"),
    ],
    ids=["binary", "broken-json", "not-an-object", "latin-1"],
)
def test_trace_files_that_are_not_utf8_json(content: bytes, expected: str, tmp_path: Path) -> None:
    f = tmp_path / "t.json"
    f.write_bytes(content)
    for command in ("replay",):
        r, before, after = run_bad([command, str(f)], tmp_path)
        assert_clean_failure(r, before, after)
        assert expected in r.stderr


def test_output_is_checked_before_any_work(tmp_path: Path) -> None:
    """``report --out`` to a place that cannot be written fails at once, not after the
    report's minutes of work (the cost of a report is never spent)."""
    import time

    (tmp_path / "file").write_text("x", encoding="utf-8")
    t0 = time.perf_counter()
    r, before, after = run_bad(["report", "--game", "hhh", "--out", "file/reports"], tmp_path)
    assert_clean_failure(r, before, after)
    assert time.perf_counter() - t0 < 5


def test_a_good_output_still_works(tmp_path: Path) -> None:
    """The checks do not reject a writable new folder (created when the file is written)."""
    out = tmp_path / "new" / "deep" / "witness.json"
    r = CliRunner().invoke(
        main,
        ["reach", "--game", "hhh", "--config", "tiny", "--goal", "terminal", "--out", str(out)],
    )
    assert r.exit_code == 0 and out.exists(), r.output
    assert not [p for p in tmp_path.rglob(".hhh-verify-probe-*")]
