"""Ambiguity reports a rules editor can act on: Markdown, self-contained HTML and JSON.

For every ambiguity of a game and every non-default reading, the report holds the
quotes, the readings, a tool-found witness (``diverge``) or an honest "not found within
budget", and the paired impact (``impact``) under a random player and the game's
strong player, with 95% intervals. Everything is a function of the game, the seed and the :class:`Budget`; no
timestamps or timings go into the files, so a committed report is reproducible
(``hhh-verify report`` on a fresh install writes the same bytes).

The work is one task per (ambiguity, reading pair) (:mod:`hhh_verify.execution`: in this
process, on a local Dask cluster or on a scheduler); the all-defaults games every pair
compares against are played once per policy, as tasks of their own whose results the
pair tasks receive. Entries are assembled in task order, so the files do not depend on
where the tasks ran.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from hhh_verify.contract.interpretations import Decisions
from hhh_verify.contract.outputs import write_atomic
from hhh_verify.contract.registry import get_game
from hhh_verify.contract.scenario import Scenario
from hhh_verify.contract.spec import GameSpec
from hhh_verify.contract.vocab import DivergeEngine, ReportFormat, SimulateEngine
from hhh_verify.engines import diverge, impact, simulate
from hhh_verify.execution.runner import Progress, Runner, Task, command
from hhh_verify.reporting import assumptions, english, json_text, optimal, ranking, strength
from hhh_verify.reporting.boards import witness_boards
from hhh_verify.reporting.render_md import trace_paths

FORMATS = tuple(ReportFormat)

worst = ranking.worst


@dataclass(frozen=True)
class Budget:
    """How hard the report searches and measures (stated in the report header)."""

    #: Paired games per policy, played inside the game's compiled kernel when it has one
    #: that plays the policy (``GameSpec.kernel``); ``reference_games`` when they are
    #: played on the model.
    games: int = 2000
    reference_games: int = 80
    max_states: int = 8000  # explorer states per reduced configuration
    max_games: int = 40  # differential playouts on the real game
    #: Impact players; empty: ``random`` and the game's strong player (:func:`players`).
    policies: tuple[str, ...] = ()
    quick: bool = False  # explorer on the reduced presets only (no differential search)

    def describe(self, engines: dict[str, SimulateEngine] | None = None) -> str:
        """The budget in words; ``engines`` (policy -> ``kernel``/``reference``) says
        how many paired games each policy got."""
        search = (
            f"witnesses: exhaustive search of the reduced configurations (up to "
            f"{self.max_states:,} positions each)"
            + ("" if self.quick else f", then {self.max_games} paired playouts of the real game")
        )
        if not engines:
            games = f"{self.games} paired games per policy ({', '.join(self.policies)})"
        else:
            games = "; ".join(
                f"{self.games_for(engines.get(p, SimulateEngine.REFERENCE))} paired games under {p}"
                + (" (compiled kernel)" if engines.get(p) == SimulateEngine.KERNEL else "")
                for p in self.policies
            )
        return f"{search}; impact: {games}"

    def games_for(self, engine: SimulateEngine) -> int:
        """Paired games per policy when played by ``engine``."""
        return self.games if engine == SimulateEngine.KERNEL else self.reference_games


def engines(
    spec: GameSpec,
    policies: Sequence[str],
    decided: diverge.Decided = (),
    pair: tuple[str, tuple[str, str]] | None = None,
) -> dict[str, SimulateEngine]:
    """Where each impact player's games are played: ``kernel`` or ``reference`` (the
    reference for every player when one reading of ``pair``, ``(ambiguity, options)``,
    is not compiled)."""
    model = spec.make_model(spec.config(), spec.ambiguities.with_readings(dict(decided)))
    if pair is not None:
        amb, opts = pair
        for option in opts:
            readings = spec.ambiguities.with_readings({**dict(decided), amb: option})
            if spec.uncompiled(readings):
                return {p: SimulateEngine.REFERENCE for p in policies}
    return {p: simulate.playout_engine(spec, model, p)[0] for p in policies}


def players(spec: GameSpec) -> tuple[str, ...]:
    """The report's impact players: ``random`` and the game's strong player (its first
    declared policy), if it has one."""
    return ("random", *list(spec.policies)[:1])


def diverge_command(
    game: str,
    amb: str,
    opts: Sequence[str],
    seed: int,
    budget: Budget,
    res: diverge.DivergeResult,
    replayed: tuple[str, int] | None = None,
    policies: Sequence[str] = ("random",),
    decided: diverge.Decided = (),
) -> str:
    """The command that finds this entry's witness again and writes its two traces
    (``policies``: the differential search's rotation, when it found the witness)."""
    base = f"hhh-verify diverge --game {game} --ambiguity {amb} --options {','.join(opts)}"
    base += "".join(f" --interpret {k}={v}" for k, v in decided)
    tail = f"--seed {seed} --max-seconds 3600 --out {amb}"
    if res.engine == DivergeEngine.EXPLORER:
        return f"{base} --config {res.config_label} --engine explorer --max-states {budget.max_states} {tail}"
    if res.engine == DivergeEngine.DIFFERENTIAL:
        policy, games = replayed or (",".join(policies), budget.max_games)
        return (
            f"{base} --config {res.config_label} --engine differential --policies {policy} "
            f"--max-games {games} {tail}"
        )
    return f"{base} --max-states {budget.max_states} --max-games {budget.max_games} {tail}"


#: ``(game, ambiguity, reading pair, seed, budget, decided readings)``.
PairTask = tuple[str, str, tuple[str, str], int, Budget, diverge.Decided]


def _baseline(
    game: str, games: int, seed: int, policy: str, decided: diverge.Decided = ()
) -> impact.Baseline | None:
    """Task: the all-defaults (but ``decided``) games of ``policy`` every pair task
    compares against (None when the games are played inside the kernel, which plays both
    readings at once)."""
    spec = get_game(game)
    if engines(spec, (policy,), decided)[policy] == SimulateEngine.KERNEL:
        return None
    return impact.baseline(spec, Scenario(game, readings=decided, policy=policy, seed=seed), games)


def _pair_task(
    game: str,
    amb: str,
    opts: tuple[str, str],
    seed: int,
    budget: Budget,
    decided: diverge.Decided,
    *bases: impact.Baseline,
) -> dict[str, Any]:
    """Task: one pair, given the baselines of ``budget.policies`` (in that order)."""
    return _pair((game, amb, opts, seed, budget, decided), dict(zip(budget.policies, bases)))


def _pair(args: PairTask, baselines: dict[str, impact.Baseline] | None = None) -> dict[str, Any]:
    """One (ambiguity, reading pair): witness and impact (a task).

    When the searches find nothing but a paired impact game parted, that game is played
    again by the differential engine (same seeds, same policy), whose exact check turns
    it into a witness unless the readings only consumed random numbers differently.
    Every model of the pair takes the ``decided`` readings of the other ambiguities.
    """
    game, amb, opts, seed, budget, decided = args
    spec = get_game(game)
    impacts: dict[str, Any] = {}
    firsts: dict[str, int] = {}
    labels: dict[str, str] = {}
    where = engines(spec, budget.policies, decided, (amb, opts))
    for policy in budget.policies:
        base = None
        games = budget.games_for(where[policy])
        scenario = Scenario(game, readings=decided, policy=policy, seed=seed)
        if baselines is not None and where[policy] == SimulateEngine.REFERENCE:
            if baselines.get(policy) is None:
                baselines[policy] = impact.baseline(spec, scenario, games)
            base = baselines[policy]
        imp = impact.impact(spec, scenario, amb, opts, games, base, where[policy])
        data = imp.to_json()
        for name, (va, vb) in imp.per_game.items():  # the report's plots (Measure.plot)
            data[f"{name}_a"] = list(va)
            data[f"{name}_b"] = list(vb)
        impacts[policy] = (imp, data)
        if imp.first_parted is not None:
            # the kernel's games are other games than the model's: the model's first
            # reference_games games are replayed instead
            kernel = where[policy] == SimulateEngine.KERNEL
            firsts[policy] = budget.reference_games - 1 if kernel else imp.first_parted
            labels[policy] = "model games" if kernel else "impact games"
    scenario = Scenario(game, readings=decided, seed=seed)
    search = diverge.Search(
        budget.max_states,
        budget.max_games,
        None,
        probes=spec.probes_for(amb) + diverge.default_probes(spec),
        differential=not budget.quick,
    )
    res = diverge.diverge(spec, scenario, amb, opts, search)
    replayed = None
    if res.material is not True and not budget.quick:
        for policy, first in sorted(firsts.items(), key=lambda kv: (kv[1], kv[0])):
            again = diverge.diverge(
                spec,
                replace(scenario, preset=spec.default_preset),
                amb,
                opts,
                diverge.Search(
                    max_games=first + 1, max_seconds=None, explorer=False, policies=(policy,)
                ),
            )
            again.searched = res.searched + [
                s | {"replays": f"{labels[policy]} 0..{first} ({policy})"} for s in again.searched
            ]
            if again.material:
                res, replayed = again, (policy, first + 1)
                break
            res.searched = again.searched
    return {
        "options": list(opts),
        "diverge": diverge.result_json(res),
        "command": diverge_command(
            game, amb, opts, seed, budget, res, replayed, diverge.default_policies(spec), decided
        ),
        "impact": {k: d for k, (_, d) in impacts.items()},
        "boards": witness_boards(spec, res),
        "traces": witness_trace_json(spec, res),
    }


def witness_trace_json(spec: GameSpec, res: diverge.DivergeResult) -> dict[str, Any] | None:
    """The witness as two replayable traces (``A``, ``B``: JSON objects), or ``None``.

    Deep differential witnesses are written from the sampler's choices (no chance step
    enumerated), so every witness of the report ships as trace files.
    """
    if res.witness is None:
        return None
    ta, tb = diverge.witness_traces(res, spec)
    return {"A": ta.to_json(), "B": tb.to_json()}


def build(
    game: str,
    seed: int = 0,
    budget: Budget | None = None,
    ambiguities: Sequence[str] = (),
    run: Runner | None = None,
    on_done: Progress | None = None,
    decisions: Decisions | None = None,
) -> dict[str, Any]:
    """The report's data for ``game`` (all ambiguities, or only ``ambiguities``), its
    tasks run on ``run`` (default: in this process).

    With ``decisions`` the report is the game's with those rules decided: a decided
    entry is listed with its chosen reading and note, not measured; every other entry is
    measured on models that take the decided readings (its reading A is its default)."""
    spec = get_game(game)
    budget = budget or Budget()
    if not budget.policies:
        budget = replace(budget, policies=players(spec))
    if decisions is not None and decisions.path:  # a report names the file, never its
        decisions = replace(decisions, path=os.path.basename(decisions.path))  # machine path
    fixed: diverge.Decided = decisions.choices if decisions is not None else ()
    chosen = dict(fixed)
    entries = [
        a
        for a in spec.ambiguities
        if (not ambiguities or a.id in ambiguities) and a.id not in chosen
    ]
    tasks = [
        (game, a.id, (a.default, o), seed, budget, fixed)
        for a in entries
        for o in a.option_ids
        if o != a.default
    ]
    if run is None:
        with Runner(jobs=1) as here:
            results = _run_pairs(here, tasks, budget, on_done)
    else:
        results = _run_pairs(run, tasks, budget, on_done)
    by_id: dict[str, list[dict[str, Any]]] = {}
    boards: dict[str, dict[str, str]] = {}  # "ID/option" -> pictures (HTML only, not JSON)
    traces: dict[str, dict[str, Any]] = {}  # "ID/option" -> witness traces (files)
    for t, r in zip(tasks, results):
        pictures = r.pop("boards", None)
        if pictures:
            boards[f"{t[1]}/{t[2][1]}"] = pictures
        pair_traces = r.pop("traces", None)
        if pair_traces:
            traces[f"{t[1]}/{t[2][1]}"] = pair_traces
        by_id.setdefault(t[1], []).append(r)
    out_entries = []
    rendering = english.for_game(spec)
    for a in entries:
        pairs = by_id[a.id]
        material = _material(pairs)
        data = a.to_json()
        out_entries.append(
            {
                **data,
                "quotes": english.with_english(data["quotes"], rendering),
                "pairs": pairs,
                "material": material,
                "material_engine": next(
                    (p["diverge"]["engine"] for p in pairs if p["diverge"]["material"]), None
                ),
            }
        )
    report = {
        "format": "hhh-verify-report/1",
        "game": game,
        "title": spec.title,
        "rulebook": spec.rulebook,
        "rulebook_page": f"{spec.id}-rulebook.html" if spec.rule_map is not None else None,
        "seed": seed,
        "budget": asdict(budget) | {"policies": list(budget.policies)},
        "budget_text": budget.describe(engines(spec, budget.policies, fixed)),
        "command": " ".join(
            [
                f"hhh-verify report --game {game} --seed {seed} --games {budget.games}",
                f"--reference-games {budget.reference_games}",
                f"--max-states {budget.max_states} --max-games {budget.max_games}",
            ]
            + (["--quick"] if budget.quick else [])
            + [f"--ambiguity {a}" for a in ambiguities]
            + ([decisions.flags()] if decisions is not None else [])
        ),
        **({} if decisions is None else {"decisions": decided_json(spec, decisions)}),
        "method": impact.METHOD,
        "version": version(),
        "date": report_date(),
        "entries": out_entries,
        "assumptions": assumptions.assumptions(spec, [e["id"] for e in out_entries]),
        "configs": assumptions.presets_used(spec, out_entries),
        "boards": boards,
        "traces": traces,
        **(whole_game(game, seed, budget, ambiguities) if decisions is None else {}),
    }
    return ranking.apply(report)


def decided_json(spec: GameSpec, decisions: Decisions) -> dict[str, Any]:
    """The report header's decisions: which rules were decided, how, and why (the
    file's note); their entries are not measured."""
    rows = []
    for k, v in decisions.choices:
        amb = spec.ambiguities.get(k)
        summary = next(o.summary for o in amb.options if o.id == v)
        rows.append(
            {
                "id": k,
                "title": amb.title,
                "option": v,
                "summary": summary,
                "default": amb.default,
                "source": decisions.source_of(k),
            }
        )
    return {
        "file": decisions.path,
        "note": decisions.note,
        "applied": rows,
        "text": (
            f"Decided ({len(rows)}): "
            + "; ".join(f"{r['id']} = {r['option']}" for r in rows)
            + ". Decided entries are not measured; every other entry is measured on models "
            "that take these readings (its reading A is its default). The money bounds of "
            "a whole-game report are not computed under decisions."
        ),
    }


def version() -> str:
    """The installed hhh-verify version (recorded in the report)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as dist_version

    try:
        return dist_version("hhh-verify")
    except PackageNotFoundError:
        return "unknown"


def report_date() -> str | None:
    """The date the report stands for: ``SOURCE_DATE_EPOCH`` (the reproducible-builds
    convention) when set, else None ("not recorded"): a report is a function of its
    version, seed and budget, and no clock goes into it."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not epoch.isdigit():
        return None
    from datetime import datetime, timezone

    return datetime.fromtimestamp(int(epoch), tz=timezone.utc).date().isoformat()


def whole_game(game: str, seed: int, budget: Budget, ambiguities: Sequence[str]) -> dict[str, Any]:
    """What a whole-game report adds (not one of selected ambiguities, nor ``--quick``):
    the money found by search beside Z3's proved bounds (:mod:`.strength`)."""
    if ambiguities or budget.quick:
        return {}
    rows = strength.money_bounds(game, strength.BOUND_NODES, seed)
    if not rows:
        return {}
    return {
        "money_bounds": rows,
        "money_bounds_budget": f"{strength.BOUND_NODES:,} positions per search, seed {seed}",
    }


def _run_pairs(
    run: Runner, tasks: list[PairTask], budget: Budget, on_done: Progress | None
) -> list[dict[str, Any]]:
    """Every pair's entry, in task order (baselines first, as tasks the pairs share)."""
    if not tasks:
        return []
    game, _, _, seed, _, fixed = tasks[0]
    bases = [
        run.submit(
            Task(
                _baseline,
                (game, budget.reference_games, seed, policy, fixed),
                f"report baseline task (all-defaults games of {game} under {policy}, seed {seed})",
                _replay(tasks[0]),
            )
        )
        for policy in budget.policies
    ]
    handles = [
        run.submit(
            Task(
                _pair_task,
                (*t, *bases),
                f"report task ({t[1]} {t[2][0]} vs {t[2][1]} of {game}, seed {seed})",
                _replay(t),
            )
        )
        for t in tasks
    ]
    return run.gather(handles, on_done)


def _replay(t: PairTask) -> str:
    """A report of this pair's ambiguity alone (JSON into ./report-replay)."""
    game, amb, _, seed, budget, fixed = t
    return command(
        "report",
        ("--game", game),
        ("--ambiguity", amb),
        ("--seed", seed),
        ("--games", budget.games),
        ("--reference-games", budget.reference_games),
        ("--max-states", budget.max_states),
        ("--max-games", budget.max_games),
        ("--quick", budget.quick),
        ("--interpret", tuple(f"{k}={v}" for k, v in fixed)),
        ("--format", "json"),
        ("--out", "report-replay"),
    )


def _material(pairs: Sequence[dict[str, Any]]) -> bool | None:
    values = [p["diverge"]["material"] for p in pairs]
    if any(v is True for v in values):
        return True
    if values and all(v is False for v in values):
        return False
    return None


def render(
    data: dict[str, Any],
    out_dir: str,
    formats: Sequence[str] = FORMATS,
    optimal_file: str | None = None,
) -> dict[str, str]:
    """The files of one game's report, by path relative to the report folder
    ``out_dir`` (read for the recorded best and strong play, nothing written):
    ``<game>.md/.html/.json``, the SVG plots and (with Markdown or HTML, which link them)
    every witness's two traces (:func:`trace_paths`). ``optimal_file``: the recorded best
    play (default: the one under ``out_dir``, when present)."""
    from hhh_verify.reporting.render_effects import forest_svg
    from hhh_verify.reporting.render_html import render_html
    from hhh_verify.reporting.render_md import render_markdown
    from hhh_verify.reporting.render_svg import has_plot, plot_svg

    game = data["game"]
    data = strength.attach_strong_play(data, out_dir)
    data = optimal.attach(data, optimal_file or optimal.default_path(out_dir, game))
    files: dict[str, str] = {}
    svg_dir = f"{game}-plots"
    plots: dict[tuple[str, str], str] = {}
    for e in data["entries"]:
        for p in e["pairs"]:
            if has_plot(p):
                name = f"{e['id']}--{p['options'][1]}.svg"
                plots[(e["id"], p["options"][1])] = f"{svg_dir}/{name}"
    if ReportFormat.MD in formats or ReportFormat.HTML in formats:
        for key, pair_traces in sorted(data.get("traces", {}).items()):
            amb, opt = key.split("/", 1)
            for rel, side in zip(trace_paths(game, amb, opt), ("A", "B")):
                files[rel] = json.dumps(pair_traces[side], indent=1) + "\n"
    if ReportFormat.MD in formats:
        for (amb, opt), rel in plots.items():
            entry = next(x for x in data["entries"] if x["id"] == amb)
            pair = next(x for x in entry["pairs"] if x["options"][1] == opt)
            files[rel] = plot_svg(amb, pair)
        forest = f"{svg_dir}/forest.svg"
        files[forest] = forest_svg(data)
        files[f"{game}.md"] = render_markdown(data, plots, forest)
    if ReportFormat.HTML in formats:
        files[f"{game}.html"] = render_html(data)
        if data.get("rulebook_page"):
            from hhh_verify.reporting.rulebook_page import render_rulebook_page

            entries = frozenset(e["id"] for e in data["entries"])
            files[data["rulebook_page"]] = render_rulebook_page(get_game(game), entries)
    if ReportFormat.JSON in formats:
        plain = {k: v for k, v in data.items() if k not in ("boards", "traces")}
        files[f"{game}.json"] = json_text.dumps(plain) + "\n"
    return files


def write(
    data: dict[str, Any],
    out_dir: str,
    formats: Sequence[str] = FORMATS,
    optimal_file: str | None = None,
) -> list[str]:
    """Write :func:`render`'s files into ``out_dir`` (each atomically); return the paths.
    ``report`` instead writes a whole folder at once (:func:`~hhh_verify.contract.outputs.write_folder`)."""
    written = []
    for rel, text in render(data, out_dir, formats, optimal_file).items():
        path = os.path.join(out_dir, rel)
        write_atomic(path, text)
        written.append(path)
    return written
