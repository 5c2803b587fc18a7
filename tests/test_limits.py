"""Limits stated, never hit: every count option and config price has a ceiling, and a
value past it (or a value that would forge a line or drive the terminal) is one line,
exit 2, before any work.

Each case failed before its fix: HHH's four prices took 2^62 (the kernel's int64 wrapped
and money figures were wrong), 10^20 (a crash) and negative values; ``--jobs 1000000``
tried to start a million workers; ``--games 10^12`` ran out of memory; a ``--max-steps``
past int64 failed inside Numba with a 12-line compiler error; a 5,000-digit seed was
echoed whole; a newline in a value forged a second ``error:`` line.
"""

from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.cli.common import MAX_GAMES, MAX_JOBS, MAX_WHOLE

PRICES = ("ward_pay", "ward_death_cost", "waiting_death_cost", "staff_cost")


def error_line(args: list[str]) -> str:
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), r.output
    return lines[0]


@pytest.mark.parametrize("price", PRICES)
@pytest.mark.parametrize("value", [str(2**62), str(10**20), "-1"])
def test_an_hhh_price_out_of_range_is_refused(price: str, value: str) -> None:
    line = error_line(["simulate", "--games", "1", "--set", f"{price}={value}"])
    assert f"{price}={value}; accepted: 0..50" in line


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["simulate", "--jobs", "1000000"], f"--jobs must be at most {MAX_JOBS}"),
        (["optimal", "--jobs", "1000000"], f"--jobs must be at most {MAX_JOBS}"),
        (["simulate", "--games", str(10**12)], f"--games must be at most {MAX_GAMES:,}"),
        (["impact", "--ambiguity", "HHH-WARD-BEDS", "--games", str(10**8)], "at most"),
        (["report", "--games", str(10**8)], f"--games must be at most {MAX_GAMES:,}"),
        (["simulate", "--max-steps", str(2**63)], f"--max-steps must be at most {MAX_WHOLE:,}"),
        (["simulate", "--seed", "9" * 5000], "got a 5000-digit number"),
        (["explore", "--max-states", str(10**30)], "--max-states must be at most"),
    ],
)
def test_a_count_past_its_ceiling_is_one_line(args: list[str], said: str) -> None:
    assert said in error_line(args)


def test_the_largest_counts_are_still_taken() -> None:
    r = CliRunner().invoke(main, ["simulate", "--games", "1", "--max-steps", str(MAX_WHOLE)])
    assert r.exit_code == 0, r.output


@pytest.mark.parametrize(
    "value", ["5\nerror: forged", "\x1b[2J5", "tiny\nerror: forged", "k\x1b]0;title\x07"]
)
def test_a_control_character_in_a_value_is_shown_escaped(value: str) -> None:
    for args in (["simulate", "--games", value], ["simulate", "--config", value]):
        line = error_line(args)
        assert "\x1b" not in line and "\x07" not in line
        assert "\\n" in line or "\\x1b" in line


DEEP = "[" * 100_000 + "]" * 100_000
HUGE = "9" * 5000


def _decisions_with(value: str) -> str:
    return '{"game": "hhh", "decisions": {"HHH-WARD-BEDS": ' + value + "}}"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (DEEP, "nested too deeply"),
        ('{"format": ' + HUGE + "}", "5000-digit integer"),
        ('{"a": NaN}', "NaN"),
        ('{"a": 1, "a": 2}', "names a twice"),
    ],
)
def test_hostile_json_is_one_line_in_every_input(tmp_path: Any, text: str, said: str) -> None:
    """A trace, a decisions file, an optimal-play file and a serialised state: each read
    strictly (before: a 100,000-deep document was a RecursionError traceback, a
    5,000-digit integer and a repeated key were taken)."""
    from hhh_verify.adapters.openspiel_state import parse_record
    from hhh_verify.contract.errors import ModelError

    path = tmp_path / "in.json"
    path.write_text(text)
    assert said in error_line(["replay", str(path)])
    assert said in error_line(["report", "--game", "hhh", "--optimal", str(path), "--quick"])
    if text is not DEEP and not text.startswith('{"format"'):
        path.write_text(_decisions_with(text))
    assert said in error_line(["simulate", "--games", "1", "--decisions", str(path)])
    with pytest.raises(ModelError, match=said):
        parse_record(text.replace('"format"', '"format_"') if "NaN" not in text else text)


def test_the_reference_explorer_has_a_stated_default_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without --max-states the reference explorer stops at its stated default and says
    the search is incomplete (before: `explore --config full` ran with no budget at all)."""
    import json

    from hhh_verify.cli import explore

    assert explore.REFERENCE_MAX_STATES == 2_000_000
    monkeypatch.setattr(explore, "REFERENCE_MAX_STATES", 7)
    r = CliRunner().invoke(main, ["explore", "--game", "hhh", "--config", "full", "--json"])
    data = json.loads(r.output)
    assert data["complete"] is False and "state limit of 7" in data["incomplete_reason"], data


GIB = 2**30


@pytest.mark.parametrize(
    "args, said",
    [
        (["explore", "--config", "tiny", "--max-states", "800000"], "at 1,500 bytes a state"),
        (
            ["explore", "--config", "tiny", "--engine", "kernel", "--max-states", "3000000"],
            "at 500 bytes a state",
        ),
        (
            ["optimal", "--config", "tiny", "--max-states", "1000000", "--jobs", "2"],
            "at 600 bytes a state for each of 2 searches at once",
        ),
    ],
)
def test_a_state_budget_past_the_machines_memory_is_refused(
    monkeypatch: pytest.MonkeyPatch, args: list[str], said: str
) -> None:
    """--max-states is bounded by what this machine's memory holds (before: any budget up
    to int64 was taken, and a search of 50,000,000 states a reading ran out of memory);
    the machine is planted (1 GiB) so the verdict does not depend on where tests run."""
    from hhh_verify.cli import common

    monkeypatch.setattr(common, "machine_memory", lambda: GIB)
    line = error_line([*args[:1], "--game", "hhh", *args[1:]])
    assert said in line and "more than this machine's 1.0 GiB; accepted: at most" in line


def test_a_default_state_budget_is_lowered_to_the_machines_memory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without --max-states the budget is the stated default or what memory holds, if
    less: the search then ends incomplete, never out of memory."""
    import json

    from hhh_verify.cli import common

    monkeypatch.setattr(common, "machine_memory", lambda: 15_000)  # 10 reference states
    r = CliRunner().invoke(main, ["explore", "--game", "hhh", "--config", "tiny", "--json"])
    data = json.loads(r.output)
    assert data["complete"] is False and "state limit of 10" in data["incomplete_reason"], data


@pytest.mark.parametrize(
    ("game", "key", "said"),
    [
        ("hhh", "staff_pool", "staff_pool needs 11 counts in 0..12"),
        ("hhh", "training_pool", "training_pool needs 6 counts in 0..40"),
        ("dice-hospital", "admin_deck", "admin_deck needs 4 counts in 0..16"),
    ],
)
def test_every_count_of_a_config_list_is_bounded(game: str, key: str, said: str) -> None:
    """Every whole number a config holds has a range, list items too (before: these
    three lists took 2^62 a kind)."""
    from hhh_verify.contract.configs import apply_overrides
    from hhh_verify.contract.errors import ModelError
    from hhh_verify.contract.registry import get_game

    base = get_game(game).presets["tiny"]
    huge = ",".join([str(2**62)] * len(getattr(base, key)))
    with pytest.raises(ModelError, match=said):
        apply_overrides(base, [f"{key}={huge}"])


def test_every_whole_number_of_every_config_is_bounded() -> None:
    """Each int field (and each int list's items) of every built-in game's config refuses
    2^62: no value reaches the kernels' int64 unchecked."""
    import dataclasses

    from hhh_verify.contract.configs import apply_overrides
    from hhh_verify.contract.errors import ModelError
    from hhh_verify.contract.registry import get_game

    for game in ("hhh", "royal-hospital", "dice-hospital"):
        base = get_game(game).presets["tiny"]
        for f in dataclasses.fields(base):
            value = getattr(base, f.name)
            if isinstance(value, bool) or not isinstance(value, (int, tuple)):
                continue
            if isinstance(value, tuple) and not (value and isinstance(value[0], int)):
                continue
            n = len(value) if isinstance(value, tuple) else 1
            with pytest.raises(ModelError):
                apply_overrides(base, [f"{f.name}={','.join([str(2**62)] * n)}"])
