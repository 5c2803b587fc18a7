"""Shared CLI plumbing: one-line errors with exit code 2, JSON output, options.

Every command is wrapped by :func:`command_errors` so that bad input (a
:class:`~hhh_verify.contract.model.ModelError`, a click usage error) becomes one line on stderr
and exit code 2, never a traceback.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

import click

from hhh_verify.contract.coverage import reference_note
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.interpretations import Decisions, load_decisions
from hhh_verify.contract.outputs import check_output, refuse_inputs
from hhh_verify.contract.properties import Property
from hhh_verify.contract.registry import DEFAULT_GAME, games, get_game, properties_for
from hhh_verify.contract.scenario import Budget, Readings, Scenario
from hhh_verify.contract.spec import GameSpec
from hhh_verify.engines.simulate import get_policy

#: ``--game all``: every registered game.
ALL_GAMES = "all"

F = TypeVar("F", bound=Callable[..., Any])


def one_line(text: str) -> str:
    """``text`` with its control characters shown as escapes (``\\n``, ``\\x1b``): an
    error echoes what the user typed, and a newline or a terminal escape in it must not
    forge a second line or drive the terminal."""
    return "".join(
        ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text
    )


class InputError(click.ClickException):
    """Bad input: printed as one line, exit code 2."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(f"error: {one_line(self.message)}", err=True)


def command_errors(fn: F) -> F:
    """Turn ModelError (and friends) raised by engines into a clean exit 2; first, refuse
    an output the command line named that is also one of the run's inputs."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            _check_inputs_and_outputs()
            return fn(*args, **kwargs)
        except ModelError as e:
            raise InputError(str(e)) from None

    return wrapper  # type: ignore[return-value]


class BadValue(click.BadParameter):
    """A value an option does not take: ``--flag must be ..., got VALUE`` (one line)."""

    def format_message(self) -> str:
        flag = "/".join(self.param.opts) if self.param is not None else "option"
        return f"{flag} {self.message}"


class _Bounded:
    """A number option's bounds, checked when the command line is read: a value out of
    range, or not a number at all, is one line saying what is accepted."""

    accepted: str

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        try:
            number = super().convert(value, param, ctx)  # type: ignore[misc]
        except click.BadParameter:
            number = None
        if number is None or not math.isfinite(number):
            raise BadValue(f"must be {self.accepted}, got {value}", ctx, param) from None
        return number


#: The largest whole number any option takes (seeds, budgets): within int64 everywhere.
MAX_WHOLE = 2**62


class WholeNumber(_Bounded, click.IntRange):
    """A whole number of at least ``min``, e.g. ``--max-states``. Declare every
    whole-number option with it, so no option takes a value that means nothing (a
    negative budget, a zero count)."""

    def __init__(self, min: int = 1, max: int | None = None, meaning: str = "") -> None:
        self.top = MAX_WHOLE if max is None else max
        super().__init__(min=min, max=self.top)
        self.accepted = {0: "a whole number, 0 or more", 1: "a positive whole number"}.get(
            min, f"a whole number of at least {min}"
        )
        self.meaning = meaning

    def _describe_range(self) -> str:
        """The help's range: the general ceiling (int64-safe) goes without saying."""
        if self.top == MAX_WHOLE:
            return f"x>={self.min}"
        return f"{self.min}<=x<={self.top:,}"

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        text = str(value).strip().lstrip("+")
        if text.isdigit() and (len(text) > len(str(self.top)) or int(text) > self.top):
            what = f" {self.meaning}" if self.meaning else ""
            shown = str(value) if len(str(value)) <= 40 else f"a {len(str(value))}-digit number"
            raise BadValue(f"must be at most {self.top:,}{what}, got {shown}", ctx, param)
        return super().convert(value, param, ctx)


class Number(_Bounded, click.FloatRange):
    """A finite number above 0 (``max``: at most), e.g. ``--max-seconds``; declare every
    decimal option with it."""

    def __init__(self, max: float | None = None, meaning: str = "") -> None:
        super().__init__(min=0, max=max, min_open=True)
        what = "a positive number" if max is None else f"a number above 0 and at most {max:g}"
        self.accepted = what + (f" ({meaning})" if meaning else "")


#: Counts, budgets and limits (``--max-states``, ``--max-steps``...): at most
#: :data:`MAX_WHOLE`, which every engine's 64-bit integers hold.
POSITIVE = WholeNumber(min=1)
#: Worker processes (``--jobs``): a documented ceiling, far above any one machine's cores.
MAX_JOBS = 256
JOBS = WholeNumber(min=1, max=MAX_JOBS, meaning="worker processes")
#: Games a command plays (``simulate --games``); a run is cut into at most
#: :data:`hhh_verify.execution.runner.MAX_TASKS` tasks whatever the count.
MAX_GAMES = 1_000_000
GAMES = WholeNumber(min=1, max=MAX_GAMES, meaning="games")
#: Bytes one stored state costs an explorer here, measured and rounded up: the reference
#: explorer's Python objects (about 1,200 on HHH ``small``, 200,000 states in 247 MB),
#: the compiled explorer's rows, edges and partition tables (a worker peaks near 466,
#: docs/scaling.md), and optimal play's value columns on top of those.
REFERENCE_STATE_BYTES, KERNEL_STATE_BYTES, OPTIMAL_STATE_BYTES = 1_500, 500, 600


def machine_memory() -> int:
    """This machine's memory in bytes (what a local run's states must fit in)."""
    return int(os.sysconf("SC_PAGE_SIZE")) * int(os.sysconf("SC_PHYS_PAGES"))


def states_within_memory(max_states: int, state_bytes: int, given: bool, copies: int = 1) -> int:
    """``--max-states`` bounded by the machine: a given budget past what its memory holds
    at ``state_bytes`` a state (for ``copies`` searches at once) is refused with one line;
    a default is lowered to it (the search then says it is incomplete, never runs out of
    memory)."""
    ceiling = max(1, machine_memory() // (state_bytes * copies))
    if max_states <= ceiling:
        return max_states
    if not given:
        return ceiling
    at_once = f" for each of {copies} searches at once" if copies > 1 else ""
    need = max_states * state_bytes * copies / 2**30
    raise ModelError(
        f"--max-states {max_states:,} would take about {need:,.1f} GiB at {state_bytes:,} "
        f"bytes a state{at_once}, more than this machine's {machine_memory() / 2**30:,.1f} "
        f"GiB; accepted: at most {ceiling:,} here"
    )


#: Random seeds: ``random.Random`` seeds with the absolute value, so a negative seed
#: would only repeat a positive one.
SEED = WholeNumber(min=0)
#: Seconds and other positive amounts.
POSITIVE_NUMBER = Number()


#: ``ctx.meta`` keys: the ``(flag, path)`` outputs and inputs the command line named,
#: compared once every option is read (:func:`command_errors`).
OUTPUTS, INPUTS = "hhh_verify.outputs", "hhh_verify.inputs"


def _writable(ctx: click.Context, path: str, flag: str, directory: bool) -> str:
    """Check, before any work, that ``path`` can be written (as a directory or a file;
    :func:`hhh_verify.contract.outputs.check_output`), and note it as an output of the
    run, so that it is refused if it is also one of the run's inputs."""
    try:
        check_output(path, flag, directory)
    except ModelError as e:
        raise InputError(str(e)) from None
    ctx.meta.setdefault(OUTPUTS, []).append((flag, path))
    return path


def output_file(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """Click callback: an output file that can be written, checked when the command line
    is read (before any work, so a bad path costs nothing and writes nothing)."""
    if value is None:
        return value
    return _writable(ctx, value, "/".join(param.opts) or str(param.name), directory=False)


def output_dir(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """Click callback: an output directory (created when first written) that can be."""
    if value is None:
        return value
    return _writable(ctx, value, "/".join(param.opts) or str(param.name), directory=True)


def note_input(ctx: click.Context, flag: str, path: str) -> None:
    """Note ``path`` as an input of the run (no output may be it)."""
    ctx.meta.setdefault(INPUTS, []).append((flag, path))


def input_file(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """Click callback: a file the run reads, noted so that no output of the run is it."""
    if value is not None:
        flag = (
            param.human_readable_name if isinstance(param, click.Argument) else "/".join(param.opts)
        )
        note_input(ctx, flag, value)
    return value


def _check_inputs_and_outputs() -> None:
    ctx = click.get_current_context(silent=True)
    if ctx is not None:
        refuse_inputs(ctx.meta.get(OUTPUTS, []), ctx.meta.get(INPUTS, []))


def emit_json(data: Any) -> None:
    """Print a JSON document on stdout (sorted keys keep output stable)."""
    click.echo(json.dumps(data, indent=2, sort_keys=True, default=str))


def progress(message: str, quiet: bool = False) -> None:
    """A progress line on stderr (suppressed under --json)."""
    if not quiet:
        click.echo(message, err=True)


def note_uncompiled(spec: GameSpec, items: Iterable[tuple[str, str]]) -> list[str]:
    """Print one ``note:`` line on stderr (also under --json, whose document is on stdout)
    when some of ``items``, the ``(ambiguity, option)`` readings a run plays, are not
    compiled by the game's kernel (``GameSpec.compiled``): the run plays the reference
    model under them. Returns them as ``ID=OPTION`` (empty: none, or no kernel)."""
    coverage = spec.kernel_coverage()
    if coverage is None:
        return []
    missing = coverage.missing_of(items)
    if missing:
        click.echo(reference_note(missing, coverage), err=True)
    return missing


def pair_items(
    spec: GameSpec, decided: Iterable[tuple[str, str]], ambiguity: str, options: Iterable[str]
) -> list[tuple[str, str]]:
    """The readings a comparison of ``options`` of ``ambiguity`` plays: under each
    option compared, the ``decided`` ones of the other rules and their defaults."""
    fixed = dict(decided)
    out: list[tuple[str, str]] = []
    for option in options:
        out += spec.ambiguities.with_readings({**fixed, ambiguity: option}).choices
    return out


# Reusable options -----------------------------------------------------------------

game_option = click.option(
    "--game",
    "game",
    default=DEFAULT_GAME,
    show_default=True,
    help="Game id (see `hhh-verify games`).",
)
config_option = click.option(
    "--config", "config", default="", help="Config preset (default: the game's default preset)."
)
set_option = click.option(
    "--set",
    "overrides",
    multiple=True,
    metavar="KEY=VALUE",
    help="Override one config value (repeatable).",
)
interpret_option = click.option(
    "--interpret",
    "interpret",
    multiple=True,
    metavar="ID=OPTION",
    help="Choose a reading of an ambiguous rule (repeatable; wins over --decisions for that id).",
)


def _decisions_file(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """Click callback: read a decisions file when the command line is read, so a bad
    file is one line before any work."""
    if value is None:
        return None
    note_input(ctx, "--decisions", value)
    try:
        return load_decisions(value)
    except ModelError as e:
        raise InputError(str(e)) from None


decisions_option = click.option(
    "--decisions",
    "decisions",
    default=None,
    metavar="FILE",
    callback=_decisions_file,
    help="Readings a rules editor decided: JSON (or TOML named *.toml, Python 3.11+) "
    '{"game": ID, "decisions": {AMBIGUITY: OPTION, ...}, "note": TEXT}; applied as '
    "--interpret readings, and an --interpret for the same id wins. Without --game, the "
    "file's game.",
)
json_option = click.option(
    "--json", "as_json", is_flag=True, help="Machine-readable JSON on stdout."
)
seed_option = click.option(
    "--seed",
    "seed",
    type=SEED,
    default=0,
    show_default=True,
    help="Random seed (same seed, same output).",
)


def _given(name: str) -> bool:
    """Whether option ``name`` of the running command was given on the command line
    (outside a command nothing was)."""
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return False
    source = ctx.get_parameter_source(name)
    return source is not None and source is not click.core.ParameterSource.DEFAULT


def game_of(game: str, decisions: Decisions | None = None, ambiguity: str = "") -> str:
    """The game a command works on: ``--game`` when given; else the decisions file's;
    else the game whose registry has ``ambiguity`` (``RH-...`` is Royal Hospital's);
    else the default."""
    if _given("game"):
        return game
    if decisions is not None:
        if decisions.game not in games():
            accepted = ", ".join(games())
            raise ModelError(
                f"--decisions {decisions.path}: unknown game {decisions.game!r}; "
                f"accepted: {accepted}"
            )
        return decisions.game
    return owner_of(ambiguity) or game if ambiguity else game


def readings(game: str, interpret: tuple[str, ...], decisions: Decisions | None) -> Readings:
    """The readings of ``--decisions`` then ``--interpret`` (``ID=OPTION``, each split
    once here) as ``(id, option)`` pairs, a later choice of an id winning in the place
    of the first; checked against ``game`` (unknown ids, options, or a file for another
    game are one-line errors)."""
    spec = get_game(game)
    picked: dict[str, str] = {}
    if decisions is not None:
        decisions.check(spec.ambiguities, game)
        picked = {k.strip(): v.strip() for k, v in decisions.choices}
    given: dict[str, str] = {}
    for item in interpret:
        if "=" not in item:
            raise ModelError(f"--interpret takes ID=OPTION, got {item!r}")
        k, v = (part.strip() for part in item.split("=", 1))
        if given.get(k, v) != v:
            raise ModelError(
                f"--interpret names {k} twice ({given[k]}, {v}); accepted: one option per id"
            )
        given[k] = picked[k] = v
    for k in given:
        owner = owner_of(k)
        if owner and owner != game:
            raise ModelError(
                f"--interpret {k}: ids like {k} belong to {owner}, not to {game}; accepted: "
                f"--game {owner}, or an id of {game}"
            )
    spec.ambiguities.with_readings(picked)
    return tuple(picked.items())


def owner_of(ambiguity: str) -> str:
    """The one game whose registry has ``ambiguity`` (matched by its exact id, or, for
    an id no game has, by its prefix: ``RH-`` is Royal Hospital's); "" when none or
    several."""
    owners = [g for g, spec in games().items() if ambiguity in {a.id for a in spec.ambiguities}]
    if not owners:
        prefix = ambiguity.split("-", 1)[0].upper() + "-"
        owners = [
            g
            for g, spec in games().items()
            if {a.id.split("-", 1)[0] + "-" for a in spec.ambiguities} == {prefix}
        ]
    return owners[0] if len(owners) == 1 else ""


def decided(game: str, interpret: tuple[str, ...], decisions: Decisions | None) -> dict[str, str]:
    """The readings fixed by ``--decisions``/``--interpret`` as ``{id: option}`` (a later
    choice of an id wins), for commands that compare two readings of one ambiguity."""
    return dict(readings(game, interpret, decisions))


def game_properties(spec: GameSpec) -> list[Property]:
    """The game's registered properties (none when it declares no property registry)."""
    return list(properties_for(spec.id)) if spec.properties is not None else []


def stdout_is_tty() -> bool:
    return sys.stdout.isatty()


# Option groups --------------------------------------------------------------------
#
# A group is options declared once (above) and a converter: a decorator between
# ``click.command`` and the command function that takes the group's option values out
# of the call and passes the one value built from them (a Scenario, a Budget...), so a
# command takes few parameters and parses each option once.


def converts(
    name: str,
    consumes: tuple[str, ...],
    build: Callable[[dict[str, Any], dict[str, Any]], Any],
) -> Callable[[F], F]:
    """The converter of an option group: the command gets ``name=build(given, others)``
    in place of the options ``consumes`` (``given``: their values, those the command
    declares; ``others``: its other options, to read). Bad input is one line, exit 2.
    Converters run top down, so a converter below another sees what it built."""

    def decorate(fn: F) -> F:
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            given = {k: kwargs.pop(k) for k in consumes if k in kwargs}
            try:
                kwargs[name] = build(given, kwargs)
            except ModelError as e:
                raise InputError(str(e)) from None
            return fn(*args, **kwargs)

        return wrapper  # type: ignore[return-value]

    return decorate


#: The options a Scenario is built from (each command declares those it has).
SCENARIO_OPTIONS = ("game", "config", "overrides", "interpret", "decisions", "policy", "seed")


def with_scenario(hint: str = "") -> Callable[[F], F]:
    """The command gets ``scenario``, a :class:`~hhh_verify.contract.scenario.Scenario`
    built once from its ``--game``, ``--config``, ``--set``, ``--interpret``,
    ``--decisions``, ``--policy`` and ``--seed`` (those it declares): the game
    (:func:`game_of`; option ``hint``'s value names an ambiguity whose game it is), the
    readings (:func:`readings`), the policy, then the config, each a one-line error
    naming what is accepted."""

    def build(given: dict[str, Any], others: dict[str, Any]) -> Scenario:
        decisions = given.get("decisions")
        named = (others.get(hint) or "") if hint else ""
        if not named:  # the --interpret ids name the game when --game is not given
            ids = {item.split("=", 1)[0].strip() for item in given.get("interpret", ())}
            owners = {owner_of(i) for i in ids}
            named = next(iter(ids)) if len(owners) == 1 and "" not in owners else ""
        game = game_of(given["game"], decisions, named)
        spec = get_game(game)
        chosen = readings(game, given.get("interpret", ()), decisions)
        policy = given.get("policy", "random")
        get_policy(policy, spec.policies)
        preset, overrides = given.get("config", ""), given.get("overrides", ())
        return Scenario.parse(spec, preset, overrides, chosen, policy, given.get("seed", 0))

    return converts("scenario", SCENARIO_OPTIONS, build)


def scenario_options(fn: F) -> F:
    """``--game``, ``--config``, ``--set``, ``--interpret`` and ``--decisions`` in that
    order, for a command that declares them together (see :func:`with_scenario`)."""
    return game_option(config_option(set_option(interpret_option(decisions_option(fn)))))


#: Budget fields by the name of the option that sets them (``--timeout`` is a
#: ``max_seconds``).
BUDGET_OPTIONS = {f.name: f.name for f in dataclasses.fields(Budget)} | {"timeout": "max_seconds"}


def with_budget(fn: F) -> F:
    """The command gets ``budget``, a :class:`~hhh_verify.contract.scenario.Budget` of
    the work-limit options it declares (``--games``, ``--max-states``, ``--rlimit``...)."""

    def build(given: dict[str, Any], others: dict[str, Any]) -> Budget:
        return Budget(**{BUDGET_OPTIONS[k]: v for k, v in given.items()})

    return converts("budget", tuple(BUDGET_OPTIONS), build)(fn)


def engine_option(
    choices: Sequence[str] = (),
    default: str | None = None,
    help: str = "",
    name: str = "engine",
) -> Callable[[F], F]:
    """``--engine``, the one definition every command's engine option comes from: one of
    ``choices`` (default ``default``), or without choices a repeatable engine NAME."""
    if not choices:
        return click.option("--engine", name, multiple=True, metavar="NAME", help=help)
    return click.option(
        "--engine",
        name,
        type=click.Choice(list(choices)),
        default=default,
        show_default=True,
        help=help,
    )
