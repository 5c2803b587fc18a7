"""`hhh-verify report`: the ambiguity report (Markdown, HTML, JSON) of one or all games."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import click

from hhh_verify.cli.cluster import Fanout, cluster_options, task_progress, task_runner
from hhh_verify.cli.common import (
    ALL_GAMES,
    MAX_GAMES,
    POSITIVE,
    WholeNumber,
    command_errors,
    converts,
    decided,
    decisions_option,
    emit_json,
    game_of,
    input_file,
    interpret_option,
    json_option,
    note_uncompiled,
    output_dir,
    pair_items,
    seed_option,
)
from hhh_verify.contract import registry
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.interpretations import Decisions
from hhh_verify.contract.outputs import Manifest, write_folder
from hhh_verify.reporting import build, optimal
from hhh_verify.reporting.index import INDEX_FILES, render_index


@dataclass(frozen=True)
class Scope:
    """What a report covers: its games (``--game``, or every game for ``all``), the
    decisions it is written under (``--decisions``, then ``--interpret``) and the seed."""

    game: str
    games: tuple[str, ...]
    applied: Decisions | None
    seed: int


def _applied(
    game: str, interpret: tuple[str, ...], decisions: Decisions | None
) -> Decisions | None:
    """The decisions a report is written under: the file's, then --interpret's."""
    if not interpret and decisions is None:
        return None
    if game == ALL_GAMES:
        raise ModelError("--decisions/--interpret need a single --game; accepted: a game id")
    chosen = decided(game, interpret, None)
    base = decisions or Decisions(game, (), "", "")
    decided(game, (), decisions)  # checks the file against the game
    return base.overridden(chosen)


def _scope(given: dict[str, Any], others: dict[str, Any]) -> Scope:
    decisions = given["decisions"]
    game = game_of(given["game"], decisions)
    applied = _applied(game, given["interpret"], decisions)
    ids = tuple(registry.games()) if game == ALL_GAMES else (game,)
    return Scope(game, ids, applied, given["seed"])


def _budget(given: dict[str, Any], others: dict[str, Any]) -> build.Budget:
    return build.Budget(**given)


@dataclass(frozen=True)
class Target:
    """Where the report goes (``--out``), and whether files of the same names that the
    tool did not write there may be replaced (``--force``)."""

    out: str
    force: bool


def _target(given: dict[str, Any], others: dict[str, Any]) -> Target:
    return Target(given["out"], given["force"])


def planned_names(games: Sequence[str], formats: Sequence[str], index: bool) -> list[str]:
    """The names a report of ``games`` writes at the top of its folder (a game's plots
    and traces are folders): what must be the tool's own before it may be replaced."""
    names = []
    for g in games:
        names += [f"{g}.{f}" for f in formats]
        names += [f"{g}-rulebook.html", f"{g}-plots", f"{g}-traces"]
    return names + (list(INDEX_FILES) if index else [])


def first_page(written: Sequence[str]) -> str:
    """The one page to open first: the index when the report has one, else the first
    game's page (else the first file written)."""
    pages = [w for w in written if w.endswith(".html") and not w.endswith("-rulebook.html")]
    index = [w for w in pages if os.path.basename(w) == INDEX_FILES[0]]
    return (index or pages or list(written) or [""])[0]


def guard_folder(target: Target, names: Sequence[str]) -> Manifest:
    """The folder's manifest, once no file among ``names`` there is foreign (not written
    by the tool, or changed since), unless ``--force``: a :class:`ModelError` naming
    them otherwise, before any work."""
    manifest = Manifest.read(target.out) if os.path.isdir(target.out) else Manifest(target.out)
    foreign = manifest.foreign(names)
    if foreign and not target.force:
        shown = ", ".join(foreign[:3]) + (
            f" and {len(foreign) - 3} more" if len(foreign) > 3 else ""
        )
        raise ModelError(
            f"--out {target.out} holds {len(foreign)} file(s) of the names this report writes "
            f"that hhh-verify did not write, or that changed since: {shown}; accepted: a new "
            "or empty folder, a folder of hhh-verify's reports, or --force to replace them"
        )
    return manifest


@click.command("report")
@click.option(
    "--game", "game", default=registry.DEFAULT_GAME, show_default=True, help="Game id, or 'all'."
)
@click.option(
    "--out",
    "out",
    default="reports",
    show_default=True,
    callback=output_dir,
    help="Output directory. Files of the names a report writes are replaced only when "
    "hhh-verify wrote them there (its manifest, .hhh-verify-manifest.json, lists them).",
)
@click.option(
    "--force",
    "force",
    is_flag=True,
    help="Also replace files of those names that hhh-verify did not write (or that "
    "changed since it did).",
)
@click.option(
    "--format",
    "formats",
    default="md,html,json",
    show_default=True,
    help="Comma-separated: md, html, json.",
)
@click.option(
    "--games",
    "games",
    type=WholeNumber(min=2, max=MAX_GAMES, meaning="paired games"),
    default=build.Budget().games,
    show_default=True,
    help="Paired games per policy for the impact of each reading, played inside the "
    "game's compiled kernel (when it has one that plays the policy).",
)
@click.option(
    "--reference-games",
    "reference_games",
    type=WholeNumber(min=2, max=MAX_GAMES, meaning="games"),
    default=build.Budget().reference_games,
    show_default=True,
    help="Paired games per policy when they are played on the model (no kernel).",
)
@click.option(
    "--max-states",
    "max_states",
    type=POSITIVE,
    default=build.Budget().max_states,
    show_default=True,
    help="Explorer states per reduced preset.",
)
@click.option(
    "--max-games",
    "max_games",
    type=POSITIVE,
    default=build.Budget().max_games,
    show_default=True,
    help="Differential playouts on the real game.",
)
@click.option(
    "--ambiguity",
    "only",
    multiple=True,
    metavar="ID",
    help="Only these ambiguities (repeatable; default: all).",
)
@click.option(
    "--quick", is_flag=True, help="Explorer on reduced presets only (no differential search)."
)
@click.option(
    "--optimal",
    "optimal_file",
    default=None,
    metavar="FILE",
    callback=input_file,
    help="The best-play probabilities recorded by `hhh-verify optimal` (default: "
    "OUT/data/GAME-optimal.json when present).",
)
@interpret_option
@decisions_option
@cluster_options
@seed_option
@json_option
@converts("scope", ("game", "interpret", "decisions", "seed"), _scope)
@converts("budget", ("games", "reference_games", "max_states", "max_games", "quick"), _budget)
@converts("target", ("out", "force"), _target)
@command_errors
def report_command(
    scope: Scope,
    target: Target,
    formats: str,
    budget: build.Budget,
    only: tuple[str, ...],
    optimal_file: str | None,
    fanout: Fanout,
    as_json: bool,
) -> None:
    """Write per game a Markdown report, a self-contained HTML page and JSON: every
    ambiguity with quotes, readings, a tool-found witness (or "not found within budget")
    with board pictures, and the paired impact of each reading with 95% intervals.
    ``--game all`` also writes index.html and README.md linking every game's report.
    Each reading pair is a task (--jobs, --scheduler); the files do not depend on where
    the tasks ran.

    With --decisions (and --interpret, which wins for its ids) the report is the game's
    with those rules decided: decided entries are listed with the chosen reading and the
    file's note, not measured; every other entry is measured on models that take the
    decided readings. Without --game, the decisions file's game."""
    fmts = tuple(f.strip() for f in formats.split(",") if f.strip())
    bad = [f for f in fmts if f not in build.FORMATS]
    if bad or not fmts:
        raise ModelError(
            f"unknown format {','.join(bad) or formats!r}; accepted: {', '.join(build.FORMATS)}"
        )
    game = scope.game
    specs = [registry.get_game(g) for g in scope.games]
    if optimal_file is not None:
        if game == ALL_GAMES:
            raise ModelError("--optimal needs a single --game; accepted: a game id")
        if not os.path.isfile(optimal_file):
            raise ModelError(f"--optimal {optimal_file}: no such file; accepted: a file "
                             "written by `hhh-verify optimal`")  # fmt: skip
        optimal.load(optimal_file, game)  # a bad file is one line, before any work
    for spec in specs:
        for amb in only:
            spec.ambiguities.get(amb)  # validate before any work
    out = target.out
    manifest = guard_folder(target, planned_names(scope.games, fmts, game == ALL_GAMES))
    built = {}
    for spec in specs:
        applied = scope.applied
        fixed = applied.choices if applied is not None and applied.game == spec.id else ()
        decided = dict(fixed)
        measured = [a for a in spec.ambiguities if (not only or a.id in only)]
        note_uncompiled(
            spec,
            [
                item
                for a in measured
                if a.id not in decided
                for item in pair_items(spec, fixed, a.id, a.option_ids)
            ],
        )
    with task_runner(fanout) as run:
        for spec in specs:
            with task_progress(f"report {spec.id}", run, as_json) as on_done:
                built[spec.id] = build.build(
                    spec.id, scope.seed, budget, only, run, on_done, scope.applied
                )
    files: dict[str, str] = {}  # every file, rendered before one is written
    for data in built.values():
        files.update(build.render(data, out, fmts, optimal_file))
    if game == ALL_GAMES or "index.html" in manifest.files:  # only an index of its own
        titles = {g: s.title for g, s in registry.games().items()}
        files.update(render_index(out, titles, built, frozenset(files)))
    written = write_folder(out, files, manifest)  # swapped in whole
    if as_json:
        emit_json({"written": written, "open": first_page(written)})
    else:
        for w in written:
            click.echo(w)
        click.echo(f"open this one: {first_page(written)}")
