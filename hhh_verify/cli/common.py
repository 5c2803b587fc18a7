"""Shared CLI plumbing: one-line errors with exit code 2, JSON output, options.

Every command is wrapped by :func:`command_errors` so that bad input (a
:class:`~hhh_verify.model.ModelError`, a click usage error) becomes one line on stderr
and exit code 2, never a traceback.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

from ..model import ModelError
from ..registry import DEFAULT_GAME, get_game

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
    help="Choose a reading of an ambiguous rule (repeatable).",
)
json_option = click.option(
    "--json", "as_json", is_flag=True, help="Machine-readable JSON on stdout."
)
seed_option = click.option(
    "--seed",
    "seed",
    type=int,
    default=0,
    show_default=True,
    help="Random seed (same seed, same output).",
)


def build_model(
    game: str, config: str, overrides: tuple[str, ...], interpret: tuple[str, ...]
) -> Any:
    """The model for the common --game/--config/--set/--interpret options."""
    return get_game(game).model(config, overrides, interpret)


def game_properties(spec: Any) -> list[Any]:
    """The game's registered properties (none when it declares no property registry)."""
    return list(spec.load_properties()) if spec.properties is not None else []


def stdout_is_tty() -> bool:
    return sys.stdout.isatty()
