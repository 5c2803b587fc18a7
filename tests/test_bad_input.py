"""Malformed input thrown at every option of every command: exit code 2, one line
``error: ...`` on stderr naming the option or the bad value, no traceback, and nothing
written.

House rule: "Bad input: one line ``error: ...`` naming what is wrong and what is
accepted, exit 2, no traceback, nothing written half-way". The cases are built from each
command's own declaration (click parameters), so a new command or option is covered the
day it is added: an unknown option, a number out of its declared range (a negative or
zero budget, count, seed...) and a number that is not one, an unknown value of every
choice, a bad ``--set`` and ``--interpret``, every output option pointed at a path that
cannot be written, and a bad value of each free-text option from :data:`BAD_TEXT`.
:func:`test_every_option_of_every_command_is_covered` fails when an option gets no case
(a new free-text option needs its bad value in :data:`BAD_TEXT`; an on/off flag, which
takes no value, is listed in :data:`NO_BAD_VALUE` with the reason).

Trace files are input too: one whose fields disagree with each other or with its game
(outcome against recorded samples, a config of another game, a reading the game does
not have) is refused with one line by every command that reads a trace.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.cli.common import Number, WholeNumber, output_dir, output_file
from hhh_verify.contract.configs import config_to_json
from hhh_verify.contract.registry import get_game

COMMANDS: dict[str, click.Command] = dict(main.commands)

#: A trace file name valid for commands that take one (written once, by ``reach``).
TRACE = "replayable.json"

#: A bad value for each free-text option (choices, numbers, outputs, ``--set`` and
#: ``--interpret`` get theirs from their declaration). The error must name the value
#: (or the part of it given as the second item).
BAD_TEXT: dict[str, str | tuple[str, str]] = {
    "--game": "nope",
    "--config": "nope",
    "--ambiguity": "NOPE-1",
    "--options": ("x,y", "'x'"),
    "--policy": "nope",
    "--policies": "nope",
    "--goal": "nope",
    "--property": "nope",
    "--name": "nope",
    "--id": "NOPE-1",
    "--format": "pdf",
    "--engine": "nope",
    "--compare": "NOPE-1",
    "--scheduler": "nope",
    "--decisions": "missing-decisions.json",
    "--optimal": ("missing-optimal.json", "--optimal"),
}

#: Options with no bad value to give, and why.
NO_BAD_VALUE = {
    opt: "an on/off flag: present or absent, it takes no value"
    for opt in (
        "--json",
        "--quiet",
        "--exact",
        "--float",
        "--quick",
        "--list",
        "--sentences",
        "--questions",
        "--details",
        "--only-compiled-checks",
        "--force",
    )
}


def options(cmd: click.Command) -> dict[str, click.Parameter]:
    return {opt: p for p in cmd.params for opt in p.opts}


def param_name(p: click.Parameter) -> str:
    """How a parameter is named in a case: its first flag, or an argument's name."""
    return p.opts[0] if isinstance(p, click.Option) else p.name or ""


def output_options(cmd: click.Command) -> list[str]:
    return [p.opts[0] for p in cmd.params if p.callback in (output_file, output_dir)]


def base_args(cmd: click.Command, trace: str) -> list[str]:
    """The cheapest valid other arguments: required ones (a trace, an ambiguity, a goal),
    one game where several would be refused together, and the tiny preset, so a case
    fails for its own value (a case that does not fail would at least run small)."""
    opts = options(cmd)
    out = [trace for p in cmd.params if isinstance(p, click.Argument) and p.required]
    if "--ambiguity" in opts and opts["--ambiguity"].required:
        out += ["--ambiguity", "HHH-WARD-BEDS"]
    if "--goal" in opts:
        out += ["--goal", "terminal"]
    if "--game" in opts and opts["--game"].default == "all":
        out += ["--game", "hhh"]
    if "--config" in opts:
        out += ["--config", "tiny"]
    return out


def below(t: WholeNumber | Number) -> list[str]:
    """Values the declared range refuses: its bound itself when open, just under it when
    closed, a negative value, anything above its upper bound, and not a number at all."""
    low = t.min if isinstance(t, Number) else (t.min or 0) - 1
    out = dict.fromkeys([f"{low:g}", "-1"] + ([f"{t.max * 2:g}"] if t.max is not None else []))
    return [*out, "abc"]


def value_cases(cmd: click.Command) -> list[tuple[str, str, str]]:
    """``(option, bad value, what the error must mention)`` for each option's declaration."""
    out = []
    for p in cmd.params:
        if not isinstance(p, click.Option) or p.is_flag:
            continue
        opt = p.opts[0]
        if isinstance(p.type, (WholeNumber, Number)):
            out += [(opt, v, f"{opt} must be") for v in below(p.type)]
        elif isinstance(p.type, click.Choice):
            out.append((opt, "nope", "nope"))
        elif opt in BAD_TEXT and p.callback not in (output_file, output_dir):
            bad = BAD_TEXT[opt]
            value, expect = bad if isinstance(bad, tuple) else (bad, bad)
            out.append((opt, value, expect))
    return out


def command_cases(cmd: click.Command, under_file: str) -> list[tuple[str, list[str], str, str]]:
    """``(parameter covered, bad arguments, text the error names, id)`` of one command."""
    opts = options(cmd)
    out = [("", ["--no-such-option"], "--no-such-option", "-unknown-option")]
    out += [(opt, [opt, v], expect, f"{opt}={v}") for opt, v, expect in value_cases(cmd)]
    if "--set" in opts:
        out.append(("--set", ["--set", "nope=1"], "nope", "-bad-set"))
        out.append(("--set", ["--set", "rounds"], "rounds", "-set-no-value"))
        out.append(("--set", ["--set", "rounds=x"], "accepted: a whole number", "-set-not-int"))
        tuple_how = (
            "'a,b' for rooms_in_deck; accepted: whole numbers separated by commas, like 3,4,5"
        )
        out.append(("--set", ["--set", "rooms_in_deck=a,b"], tuple_how, "-set-bad-tuple"))
    if "--interpret" in opts:
        out.append(("--interpret", ["--interpret", "HHH-NOPE=x"], "HHH-NOPE", "-bad-interpret"))
    for flag in output_options(cmd):
        out.append((flag, [flag, f"{under_file}/sub/out.json"], flag, f"{flag}-under-a-file"))
        if Path("/proc").is_dir():
            out.append((flag, [flag, "/proc/hhh-verify/out.json"], flag, f"{flag}-unwritable"))
    return out


def cases(trace: str, under_file: str, commands: dict[str, click.Command] = COMMANDS) -> list[Any]:
    """Every case: ``(command, args, the parameter it covers, text the error names)``;
    an argument (a trace file) is covered by a file that does not exist."""
    out = []
    for name, cmd in sorted(commands.items()):
        args = base_args(cmd, trace)
        for target, extra, expect, tag in command_cases(cmd, under_file):
            out.append(pytest.param(name, [*args, *extra], target, expect, id=f"{name}{tag}"))
        for p in cmd.params:
            if isinstance(p, click.Argument):
                bad = [a if a != trace else "missing.json" for a in args]
                out.append(
                    pytest.param(name, bad, p.name, "missing.json", id=f"{name}-{p.name}-missing")
                )
    return out


CASES = cases(TRACE, "a-file")


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("bad-input")
    (d / "a-file").write_text("not a folder\n", encoding="utf-8")
    trace = d / TRACE
    r = CliRunner().invoke(
        main,
        ["reach", "--game", "hhh", "--config", "tiny", "--goal", "terminal", "--out", str(trace)],
    )
    assert r.exit_code == 0, r.output
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


@pytest.mark.parametrize("command, args, target, expect", CASES)
def test_every_command_rejects_bad_input(
    command: str, args: list[str], target: str, expect: str, workdir: Path
) -> None:
    r, before, after = run_bad([command, *args], workdir)
    assert_clean_failure(r, before, after)
    assert expect in r.stderr, f"the error does not name {expect!r}: {r.stderr}"


def uncovered(commands: dict[str, click.Command]) -> list[str]:
    """The parameters of ``commands`` that no case covers and NO_BAD_VALUE does not list."""
    covered = {(c.values[0], c.values[2]) for c in cases(TRACE, "a-file", commands)}
    missing = []
    for name, cmd in sorted(commands.items()):
        for p in cmd.params:
            opt = param_name(p)
            if opt in NO_BAD_VALUE:
                assert isinstance(p, click.Option) and p.is_flag, (name, opt, "takes a value")
            elif (name, opt) not in covered:
                missing.append(f"{name} {opt}")
    return missing


def test_every_option_of_every_command_is_covered() -> None:
    """Each parameter of each command has a bad-input case, or is an on/off flag listed
    in NO_BAD_VALUE with the reason (a new free-text option fails here until its bad
    value is in BAD_TEXT)."""
    missing = uncovered(COMMANDS)
    assert not missing, "options with no bad-input case: " + ", ".join(missing)


def test_the_coverage_check_can_fail() -> None:
    """A planted command: its free-text option with no bad value in BAD_TEXT is reported;
    its number, choice and output options are covered by their declarations."""
    planted = click.Command(
        "planted",
        params=[
            click.Option(["--colour"]),
            click.Option(["--rounds"], type=WholeNumber(min=1)),
            click.Option(["--mode"], type=click.Choice(["a", "b"])),
            click.Option(["--out"], callback=output_file),
            click.Option(["--json"], is_flag=True),
        ],
    )
    assert uncovered({"planted": planted}) == ["planted --colour"]


def test_every_number_option_declares_its_range() -> None:
    """A whole-number or decimal option is declared with the shared bounded types, so
    its meaningless values (a negative budget, a zero count) are refused when the command
    line is read, in the same words everywhere."""
    bare = [
        f"{name} {p.opts[0]}"
        for name, cmd in COMMANDS.items()
        for p in cmd.params
        if isinstance(p.type, (click.types.IntParamType, click.types.FloatParamType))
        and not isinstance(p.type, (WholeNumber, Number))
    ]
    assert not bare, "number options without a declared range: " + ", ".join(bare)


def test_a_range_error_is_one_plain_line(workdir: Path) -> None:
    """The message of the issue: what the option must be and what it got."""
    r, before, after = run_bad(
        ["explore", "--engine", "kernel", "--max-states", "-1", "--config", "tiny"], workdir
    )
    assert_clean_failure(r, before, after)
    assert r.stderr.strip() == "error: --max-states must be a positive whole number, got -1"


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
    for command in trace_commands():
        r, before, after = run_bad([command, str(f)], tmp_path)
        assert_clean_failure(r, before, after)
        assert expected in r.stderr


def trace_commands() -> list[str]:
    """The commands that read a trace file (a ``TRACE`` argument)."""
    return [
        name
        for name, cmd in sorted(COMMANDS.items())
        if any(isinstance(p, click.Argument) for p in cmd.params)
    ]


@pytest.fixture(scope="module")
def sampled_trace(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A trace whose chance steps are kept as the sampler's choices (``meta.samples``)."""
    path = tmp_path_factory.mktemp("sampled") / "game0.json"
    args = ["simulate", "--game", "dice-hospital", "--config", "tiny", "--games", "1"]
    r = CliRunner().invoke(main, [*args, "--trace-out", str(path)])
    assert r.exit_code == 0, r.output
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    assert len(data["meta"]["samples"]) == len(data["steps"]) >= 3
    return data


def _set(path: list[Any], value: Any) -> Any:
    def change(d: dict[str, Any]) -> None:
        for key in path[:-1]:
            d = d[key]
        d[path[-1]] = value

    return change


def _drop_config_value(d: dict[str, Any]) -> None:
    del d["config"]["rounds"]


def _samples_short(d: dict[str, Any]) -> None:
    d["meta"]["samples"].pop()


def _negative_sample(d: dict[str, Any]) -> None:
    d["meta"]["samples"][0] = [-1]


OTHER_GAME_CONFIG = config_to_json(get_game("hhh").config("tiny", ()))


@pytest.mark.parametrize(
    "change, expected",
    [
        (_set(["steps", 1, "outcome"], 3), "'outcome' is 3 but the step is kept by its"),
        (_set(["config"], OTHER_GAME_CONFIG), "unknown config value"),
        (_drop_config_value, "config lacks ['rounds']"),
        (_set(["config", "rounds"], "1"), "'rounds' is '1'; accepted: a whole number"),
        (_set(["config", "variant_crisis"], 1), "accepted: true or false"),
        (_set(["interpretation"], {"HHH-WARD-BEDS": "one-fewer"}), "unknown interpretation"),
        (_set(["interpretation"], {"DH-PAST-6": "maybe"}), "unknown option 'maybe'"),
        (_set(["game"], "royal-hospital"), "does not fit game 'royal-hospital'"),
        (_set(["interpretations"], {"DH-PAST-6": "stop-at-6"}), "unknown field(s)"),
        (_set(["seed"], "zero"), "'seed' must be a whole number"),
        (_set(["seed"], -5), "'seed' must be a whole number, 0 or more, or null, got -5"),
        (_set(["meta"], [1]), "'meta' must be an object"),
        (_samples_short, "one entry per step"),
        (_negative_sample, "'samples'[0] holds a negative choice -1"),
        (_set(["steps", 0, "outcome"], -1), "'outcome' must be an integer, 0 or more"),
        (_set(["steps", 0, "digest"], "x"), "trace step 0 has unknown field(s) ['digest']"),
        (_set(["steps", 0, "note"], [1]), "'note' must be text"),
    ],
    ids=[
        "outcome-vs-samples",
        "config-of-another-game",
        "config-lacks-a-value",
        "config-value-of-wrong-kind",
        "config-flag-not-a-boolean",
        "reading-of-another-game",
        "unknown-option-of-a-reading",
        "game-of-another-config",
        "misspelt-field",
        "seed-not-a-number",
        "negative-seed",
        "meta-not-an-object",
        "samples-count-vs-steps",
        "negative-sample",
        "negative-outcome",
        "unknown-step-field",
        "note-not-text",
    ],
)
def test_a_trace_whose_fields_disagree_is_refused(
    sampled_trace: dict[str, Any], change: Any, expected: str, tmp_path: Path
) -> None:
    data = json.loads(json.dumps(sampled_trace))
    change(data)
    f = tmp_path / "t.json"
    f.write_text(json.dumps(data), encoding="utf-8")
    for command in trace_commands():
        page = ["--html", "page.html"] if "--html" in options(COMMANDS[command]) else []
        r, before, after = run_bad([command, str(f), *page], tmp_path)
        assert_clean_failure(r, before, after)
        assert expected in r.stderr, r.stderr


def test_the_untouched_trace_replays(sampled_trace: dict[str, Any], tmp_path: Path) -> None:
    """The refusals above are the changes' doing: the recorded trace itself replays."""
    f = tmp_path / "t.json"
    f.write_text(json.dumps(sampled_trace), encoding="utf-8")
    r = CliRunner().invoke(main, ["replay", str(f), "--quiet"])
    assert r.exit_code == 0 and "OK" in r.stdout, r.output


@pytest.mark.parametrize(
    "change, expected",
    [
        (_set(["steps", 0, "action"], {"type": "EndActivation"}), "step 0: action"),
        (_set(["steps", 2, "state"], "000000000000"), "step 2: reached a different state"),
    ],
    ids=["illegal-action", "other-state-than-recorded"],
)
def test_a_trace_whose_steps_do_not_replay_is_one_line(
    sampled_trace: dict[str, Any], change: Any, expected: str, tmp_path: Path
) -> None:
    """A step the model rejects is a finding about the model or the trace (exit 1, as
    documented), told in one line naming the step."""
    data = json.loads(json.dumps(sampled_trace))
    change(data)
    f = tmp_path / "t.json"
    f.write_text(json.dumps(data), encoding="utf-8")
    r = CliRunner().invoke(main, ["replay", str(f), "--quiet"])
    assert r.exit_code == 1, r.output
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and expected in lines[0], r.stderr


def test_output_is_checked_before_any_work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``report --out`` to a place that cannot be written fails at once, not after the
    report's minutes of work (the cost of a report is never spent: building it here
    would fail the test)."""
    from hhh_verify.reporting import build

    def no_work(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the report was built before its output was checked")

    monkeypatch.setattr(build, "build", no_work)
    (tmp_path / "file").write_text("x", encoding="utf-8")
    r, before, after = run_bad(["report", "--game", "hhh", "--out", "file/reports"], tmp_path)
    assert_clean_failure(r, before, after)


def test_a_good_output_still_works(tmp_path: Path) -> None:
    """The checks do not reject a writable new folder (created when the file is written)."""
    out = tmp_path / "new" / "deep" / "witness.json"
    r = CliRunner().invoke(
        main,
        ["reach", "--game", "hhh", "--config", "tiny", "--goal", "terminal", "--out", str(out)],
    )
    assert r.exit_code == 0 and out.exists(), r.output
    assert not [p for p in tmp_path.rglob(".hhh-verify-probe-*")]
