"""Every command takes few parameters: its options reach it as parsed values (a
Scenario, a Budget, a Fanout...) built by option groups, not as a dozen loose strings.

The limit is checked on each command's own function (``inspect.signature`` follows the
converters' ``functools.wraps`` down to it), with a planted command over the limit.
"""

from __future__ import annotations

import inspect
import pickle

import click
import pytest

from hhh_verify.check import run as checking
from hhh_verify.cli import main
from hhh_verify.cli.common import InputError, converts, with_scenario
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.registry import get_game
from hhh_verify.contract.scenario import Budget, Scenario
from hhh_verify.contract.vocab import EngineId

#: The most parameters a command function may take.
LIMIT = 8


def over_the_limit(group: click.Group) -> dict[str, int]:
    """The commands of ``group`` whose function takes more than :data:`LIMIT`
    parameters, with their counts."""
    counts = {
        name: len(inspect.signature(cmd.callback).parameters)
        for name, cmd in group.commands.items()
        if cmd.callback is not None
    }
    return {name: n for name, n in counts.items() if n > LIMIT}


def test_no_command_takes_more_than_eight_parameters() -> None:
    assert len(main.commands) >= 14
    assert over_the_limit(main) == {}


def test_planted_command_over_the_limit_is_caught() -> None:
    @click.command("planted")
    def planted(a: int, b: int, c: int, d: int, e: int, f: int, g: int, h: int, i: int) -> None:
        """Nine loose parameters."""

    assert over_the_limit(click.Group(commands=[planted])) == {"planted": 9}


def test_the_signature_seen_is_the_command_function_behind_its_converters() -> None:
    """The converters hand the command its values: simulate takes a scenario and a
    budget, not --game, --config, --interpret... one by one."""
    names = list(inspect.signature(main.commands["simulate"].callback).parameters)  # type: ignore[arg-type]
    assert names[:2] == ["scenario", "budget"] and "fanout" in names
    assert not {"game", "config", "overrides", "interpret", "decisions", "seed"} & set(names)


def test_a_converter_replaces_its_options_by_one_value() -> None:
    seen = {}

    @converts("pair", ("a", "b"), lambda given, others: (given["a"], given["b"], others["c"]))
    def command(pair: tuple[int, int, int], c: int) -> None:
        seen["pair"] = pair

    command(a=1, b=2, c=3)
    assert seen == {"pair": (1, 2, 3)}


def test_a_converter_refusal_is_one_line_exit_two() -> None:
    def refuse(given: object, others: object) -> None:
        raise ModelError("no such thing; accepted: nothing")

    @converts("x", ("a",), refuse)
    def command(x: None) -> None:
        raise AssertionError("not reached")

    with pytest.raises(InputError) as e:
        command(a=1)
    assert e.value.exit_code == 2 and e.value.message == "no such thing; accepted: nothing"


def test_the_scenario_is_parsed_once_into_reading_pairs() -> None:
    """``--interpret`` values arrive as (id, option) pairs, validated against the game,
    with the config built; one id given two options is refused."""
    got = {}

    @with_scenario()
    def command(scenario: Scenario) -> None:
        got["s"] = scenario

    command(
        game="hhh",
        config="tiny",
        overrides=(),
        interpret=("HHH-STAFF-ROUND1 = none-in-round-1", "HHH-WARD-BEDS=one-fewer"),
        decisions=None,
        seed=3,
    )
    s = got["s"]
    pairs = (("HHH-STAFF-ROUND1", "none-in-round-1"), ("HHH-WARD-BEDS", "one-fewer"))
    assert s.readings == pairs and s.seed == 3
    assert s.settings == get_game("hhh").config("tiny")
    back = pickle.loads(pickle.dumps(s))
    assert back == s and back.settings == s.settings
    twice = ("HHH-STAFF-ROUND1=reveal-at-setup", "HHH-STAFF-ROUND1=none-in-round-1")
    with pytest.raises(InputError, match="names HHH-STAFF-ROUND1 twice"):
        command(game="hhh", interpret=twice, decisions=None)
    with pytest.raises(InputError, match="unknown option 'nope' for HHH-STAFF-ROUND1"):
        command(game="hhh", interpret=("HHH-STAFF-ROUND1=nope",), decisions=None)


def test_a_scenario_copied_with_another_preset_builds_its_own_config() -> None:
    """The kept config belongs to the preset it was parsed from: a copy with another
    preset (as diverge searches its probes) must not play the old one."""
    from dataclasses import replace

    spec = get_game("hhh")
    tiny = Scenario.parse(spec, "tiny")
    small = replace(tiny, preset="small")
    assert small.settings is None and small.config(spec) == spec.config("small")
    assert small.config(spec) != tiny.config(spec)


def test_check_builds_each_engine_from_its_id() -> None:
    """The worker dispatches on the enum: every id builds the engine of that name, in
    the order ``check`` lists them (planted: a wrong id gives another engine)."""
    spec = get_game("hhh")
    built = [checking.engine(spec, i) for i in EngineId]
    assert [e.name.split(":")[0] for e in built] == [i.value for i in EngineId]
    assert [e.name for e in built] == [e.name for e in checking.engines(spec)]
    assert checking.engine(spec, EngineId.Z3).name != EngineId.FACTS.value


def test_a_budget_says_only_what_was_set() -> None:
    b = Budget(games=40, max_steps=10)
    assert b.games == 40 and b.max_steps == 10 and b.max_states is None
