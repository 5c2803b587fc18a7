"""The ``hhh-verify`` command. Thin: parse, call an engine, render.

Each subcommand lives in its own module and is added here explicitly.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from hhh_verify.cli.ambiguities import ambiguities_command
from hhh_verify.cli.check import check_command
from hhh_verify.cli.common import InputError, one_line
from hhh_verify.cli.diverge import diverge_command
from hhh_verify.cli.explore import explore_command
from hhh_verify.cli.games import games_command
from hhh_verify.cli.hunt import hunt_command
from hhh_verify.cli.impact import impact_command
from hhh_verify.cli.optimal import optimal_command
from hhh_verify.cli.query import query_command
from hhh_verify.cli.reach import reach_command
from hhh_verify.cli.replay import replay_command
from hhh_verify.cli.report import report_command
from hhh_verify.cli.rules import rules_command
from hhh_verify.cli.simulate import simulate_command
from hhh_verify.contract.interrupts import Interrupted, handled


class OneLineErrors(click.Group):
    """The command group; a usage error (unknown option, bad choice, missing argument) is
    one line ``error: ...`` on stderr with exit code 2, like every other bad input.
    SIGINT and SIGTERM stop a command with one line ``error: interrupted by SIGINT`` and
    exit code 130 (143 for SIGTERM); see :mod:`hhh_verify.contract.interrupts`."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        if kwargs.get("standalone_mode", True) is False:
            return super().main(*args, **kwargs)
        try:
            with handled():
                rv = super().main(*args, **{**kwargs, "standalone_mode": False})
        except Interrupted as e:
            click.echo(f"error: {e}", err=True)
            sys.exit(e.exit_code)
        except click.UsageError as e:
            click.echo(f"error: {one_line(e.format_message())}", err=True)
            sys.exit(e.exit_code)
        except click.ClickException as e:
            if isinstance(e, InputError):
                e.show()
            else:
                click.echo(f"error: {one_line(e.format_message())}", err=True)
            sys.exit(e.exit_code)
        except click.Abort:
            click.echo("Aborted!", err=True)
            sys.exit(1)
        sys.exit(rv if isinstance(rv, int) else 0)


@click.group(cls=OneLineErrors, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="hhh-verify")
def main() -> None:
    """Formal verification and property testing of board-game rules."""


main.add_command(games_command)
main.add_command(replay_command)
main.add_command(ambiguities_command)
main.add_command(simulate_command)
main.add_command(check_command)
main.add_command(hunt_command)
main.add_command(explore_command)
main.add_command(reach_command)
main.add_command(diverge_command)
main.add_command(impact_command)
main.add_command(report_command)
main.add_command(rules_command)
main.add_command(query_command)
main.add_command(optimal_command)
