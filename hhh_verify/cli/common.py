"""Shared CLI plumbing: one-line errors with exit code 2, JSON output, options.

Every command is wrapped by :func:`command_errors` so that bad input (a
:class:`~hhh_verify.contract.model.ModelError`, a click usage error) becomes one line on stderr
and exit code 2, never a traceback.
"""

from __future__ import annotations

import functools
import json
import math
import os
import sys
import tempfile
from collections.abc import Callable
from typing import Any, TypeVar

import click

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.interpretations import Decisions, load_decisions
from hhh_verify.contract.properties import Property
from hhh_verify.contract.registry import DEFAULT_GAME, games, get_game, properties_for
from hhh_verify.contract.scenario import Scenario
from hhh_verify.contract.spec import GameSpec
from hhh_verify.engines.simulate import get_policy

F = TypeVar("F", bound=Callable[..., Any])


class InputError(click.ClickException):
    """Bad input: printed as one line, exit code 2."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(f"error: {self.message}", err=True)


def command_errors(fn: F) -> F:
    """Turn ModelError (and friends) raised by engines into a clean exit 2."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
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


class WholeNumber(_Bounded, click.IntRange):
    """A whole number of at least ``min``, e.g. ``--max-states``. Declare every
    whole-number option with it, so no option takes a value that means nothing (a
    negative budget, a zero count)."""

    def __init__(self, min: int = 1) -> None:
        super().__init__(min=min)
        self.accepted = {0: "a whole number, 0 or more", 1: "a positive whole number"}.get(
            min, f"a whole number of at least {min}"
        )


class Number(_Bounded, click.FloatRange):
    """A finite number above 0 (``max``: at most), e.g. ``--max-seconds``; declare every
    decimal option with it."""

    def __init__(self, max: float | None = None, meaning: str = "") -> None:
        super().__init__(min=0, max=max, min_open=True)
        what = "a positive number" if max is None else f"a number above 0 and at most {max:g}"
        self.accepted = what + (f" ({meaning})" if meaning else "")


#: Counts, budgets and limits (``--max-states``, ``--games``, ``--jobs``...).
POSITIVE = WholeNumber(min=1)
#: Random seeds: ``random.Random`` seeds with the absolute value, so a negative seed
#: would only repeat a positive one.
SEED = WholeNumber(min=0)
#: Seconds and other positive amounts.
POSITIVE_NUMBER = Number()


def _writable(path: str, flag: str, directory: bool) -> str:
    """Check, before any work, that ``path`` can be written (as a directory or a file):
    the nearest folder that exists must take a new file (probed with a temporary file,
    removed at once), and the path must not be the wrong kind of thing."""
    full = os.path.abspath(path)
    if directory and os.path.exists(full) and not os.path.isdir(full):
        raise InputError(f"{flag} {path} is a file; accepted: a directory (created if missing)")
    if not directory and os.path.isdir(full):
        raise InputError(f"{flag} {path} is a directory; accepted: a file name")
    folder = full if directory else os.path.dirname(full)
    while not os.path.exists(folder):
        folder = os.path.dirname(folder)
    if not os.path.isdir(folder):
        raise InputError(f"{flag} {path}: {folder} is a file, so no folder can be made there")
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".hhh-verify-probe-")
        os.close(fd)
        os.unlink(probe)
    except OSError as e:
        raise InputError(f"{flag} {path} cannot be written ({folder}: {e.strerror})") from None
    return path


def output_file(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """Click callback: an output file that can be written, checked when the command line
    is read (before any work, so a bad path costs nothing and writes nothing)."""
    if value is None:
        return value
    return _writable(value, "/".join(param.opts), directory=False)


def output_dir(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """Click callback: an output directory (created when first written) that can be."""
    if value is None:
        return value
    return _writable(value, "/".join(param.opts), directory=True)


def emit_json(data: Any) -> None:
    """Print a JSON document on stdout (sorted keys keep output stable)."""
    click.echo(json.dumps(data, indent=2, sort_keys=True, default=str))


def progress(message: str, quiet: bool = False) -> None:
    """A progress line on stderr (suppressed under --json)."""
    if not quiet:
        click.echo(message, err=True)


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
    "--interpret choices, and an --interpret for the same id wins. Without --game, the "
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


def build_model(
    game: str, config: str, overrides: tuple[str, ...], interpret: tuple[str, ...]
) -> Any:
    """The model for the common --game/--config/--set/--interpret options."""
    return get_game(game).model(config, overrides, interpret)


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
    owners = [g for g, spec in games().items() if ambiguity in {a.id for a in spec.ambiguities}]
    return owners[0] if len(owners) == 1 else game


def readings(game: str, interpret: tuple[str, ...], decisions: Decisions | None) -> tuple[str, ...]:
    """The ``ID=OPTION`` choices of ``--decisions`` then ``--interpret`` (a later choice
    of an id wins), checked against ``game`` (unknown ids, options, or a file for another
    game are one-line errors)."""
    spec = get_game(game)
    if decisions is None:
        spec.ambiguities.parse(interpret)
        return interpret
    decisions.check(spec.ambiguities, game)
    items = (*decisions.items(), *interpret)
    spec.ambiguities.parse(items)
    return items


def decided(game: str, interpret: tuple[str, ...], decisions: Decisions | None) -> dict[str, str]:
    """The readings fixed by ``--decisions``/``--interpret`` as ``{id: option}`` (a later
    choice of an id wins), for commands that compare two readings of one ambiguity."""
    items = readings(game, interpret, decisions)
    return dict((x.strip() for x in item.split("=", 1)) for item in items)  # type: ignore[misc]


def game_properties(spec: GameSpec) -> list[Property]:
    """The game's registered properties (none when it declares no property registry)."""
    return list(properties_for(spec.id)) if spec.properties is not None else []


def stdout_is_tty() -> bool:
    return sys.stdout.isatty()


def scenario_of(
    game: str,
    config: str,
    overrides: tuple[str, ...],
    chosen: tuple[str, ...],
    policy: str,
    seed: int,
) -> Scenario:
    """The command's :class:`~hhh_verify.contract.scenario.Scenario`, validated here once: the
    ``ID=OPTION`` readings ``chosen`` (:func:`readings`), the policy name, then the
    config (each a one-line error naming what is accepted)."""
    spec = get_game(game)
    spec.ambiguities.parse(chosen)
    picked: dict[str, str] = {}
    for item in chosen:
        k, _, v = item.partition("=")
        picked[k.strip()] = v.strip()
    get_policy(policy, spec.policies)
    spec.config(config, overrides)
    return Scenario(game, config, tuple(overrides), tuple(picked.items()), policy, seed)
