"""`hhh-verify check`'s human output: one row per property, one column per engine.

Per game, a table per kind of property (registry invariants, goals, facts and Z3
queries, then the engines' own checks of the model contract), so that each table has
only the engines that run its rows and fits 80 columns; ids wrap, never get cut. Each
cell is the engine's :class:`~hhh_verify.check.verdicts.Mark`, the last column the verdict.
Then a summary line per game, with ``--details`` the raw per-engine rows, the details of
every failure (message, citation, replayed trace) and one closing line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from hhh_verify.check import verdicts as verdict_rules
from hhh_verify.contract import trace as traces
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.model import Model
from hhh_verify.contract.registry import model_for_trace
from hhh_verify.contract.vocab import Mark, PropertyKind, VerdictKind
from hhh_verify.engines.results import CheckResult

#: Tables of one game: title and the property kinds they hold (registry properties).
GROUPS = (
    ("invariants", (PropertyKind.INVARIANT,)),
    ("goals", (PropertyKind.GOAL,)),
    ("facts and Z3 queries", (PropertyKind.FACT, PropertyKind.SMT)),
)
#: The title of the table of rows outside the registry (an engine's own checks).
CONTRACT = "model contract (the engines' own checks)"


def render(
    console: Console,
    verdicts: Sequence[verdict_rules.Verdict],
    results: Sequence[CheckResult],
    elapsed: float,
    models: dict[str, Any],
    registered: set[tuple[str, str]],
    details: bool = False,
) -> None:
    """Print the tables, the failures and the closing line (``registered``: the
    (game, id) pairs of registry properties)."""
    games = list(dict.fromkeys(v.game for v in verdicts))
    for game in games:
        mine = [v for v in verdicts if v.game == game]
        for title, kinds in GROUPS:
            _table(
                console,
                f"{game}: {title}",
                [v for v in mine if (game, v.property) in registered and v.kind in kinds],
            )
        known = {k for _, kinds in GROUPS for k in kinds}
        _table(
            console,
            f"{game}: other properties",
            [v for v in mine if (game, v.property) in registered and v.kind not in known],
        )
        _table(
            console,
            f"{game}: {CONTRACT}",
            [v for v in mine if (game, v.property) not in registered],
        )
        console.print(game_summary(game, mine))
    if details:
        _details_table(console, verdicts, results, len(games) > 1)
    for v in verdicts:
        for engine, why in v.rejected.items():
            console.print(
                f"[magenta]{v.game} {v.property}[/] ({engine}): witness not counted, " + escape(why)
            )
    for v in verdicts:
        if v.fails:
            _failure(console, v, models.get(v.game))
    stats = {(r.game, r.engine): r.details for r in results if r.details.get("shared_run")}
    for (game, engine), d in stats.items():
        console.print(
            f"{game}/{engine}: {d.get('examples', 0)} examples, {d.get('steps', 0)} steps, "
            f"{d.get('games_finished', 0)} games finished"
            + ("" if d.get("max_round", 0) is None else f", max round {d.get('max_round', 0)}"),
            style="dim",
        )
    files = [v.witness.trace_file for v in verdicts if v.witness and v.witness.trace_file]
    if files:
        where = sorted({f.rsplit("/", 1)[0] if "/" in f else "." for f in files})
        console.print(
            f"{len(files)} witness trace{'s' if len(files) != 1 else ''} written to "
            f"{', '.join(where)} "
            "(re-run one: hhh-verify replay FILE)",
            style="dim",
        )
    console.print(closing_line(verdicts, len(results), elapsed))


def _table(console: Console, title: str, verdicts: Sequence[verdict_rules.Verdict]) -> None:
    if not verdicts:
        return
    engines = list(
        dict.fromkeys(e for v in verdicts for e, m in v.marks.items() if m is not Mark.ABSENT)
    )
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("property", overflow="fold")
    for e in engines:  # "explore:tiny" heads its column on two lines
        table.add_column(e.replace(":", "\n"), overflow="fold", no_wrap=True)
    table.add_column("verdict", overflow="fold", no_wrap=True)
    for v in verdicts:
        cells = []
        for e in engines:
            m = v.marks.get(e, Mark.ABSENT)
            cells.append(f"[{m.style}]{m.label}[/]")
        table.add_row(escape(v.property), *cells, f"[{v.verdict.style}]{v.verdict.label}[/]")
    console.print(table)


def counts(verdicts: Sequence[verdict_rules.Verdict]) -> dict[verdict_rules.VerdictKind, int]:
    out = {k: 0 for k in VerdictKind}
    for v in verdicts:
        out[v.verdict] = out.get(v.verdict, 0) + 1
    return out


#: Every verdict kind's words in a game's summary; ``True``: shown even when 0.
SUMMARY = (
    (VerdictKind.HOLDS, "hold", True),
    (VerdictKind.REACHED, "reached", True),
    (VerdictKind.NOT_FOUND, "not found within budget", True),
    (VerdictKind.VIOLATED, "violated", True),
    (VerdictKind.UNREACHABLE, "proved unreachable", False),
    (VerdictKind.ERROR, "errors", False),
    (VerdictKind.UNDECIDED, "undecided", False),
    (VerdictKind.SKIPPED, "skipped", False),
)


def game_summary(game: str, verdicts: Sequence[verdict_rules.Verdict]) -> str:
    """``hhh: 32 properties: 28 hold, 4 reached, 0 not found within budget, 0 violated``."""
    n = counts(verdicts)
    parts = [f"{n[k]} {label}" for k, label, always in SUMMARY if always or n[k]]
    return f"{game}: {len(verdicts)} properties: " + ", ".join(parts)


def summaries_json(verdicts: Sequence[verdict_rules.Verdict]) -> dict[str, dict[str, int]]:
    """The summary line of each game for ``--json``: ``properties`` and the count of
    every verdict kind by its JSON id (0 included, so a consumer never guesses a key)."""
    out = {}
    for game in dict.fromkeys(v.game for v in verdicts):
        mine = [v for v in verdicts if v.game == game]
        out[game] = {"properties": len(mine)} | {k.value: c for k, c in counts(mine).items()}
    return out


def closing_line(verdicts: Sequence[verdict_rules.Verdict], rows: int, elapsed: float) -> str:
    """Whether every expectation is met, and what is only open (never "met" alone
    when some goals were only not found)."""
    n = counts(verdicts)
    failed = sum(1 for v in verdicts if v.fails)
    head = "all expectations met" if not failed else f"{failed} expectation(s) NOT met"
    open_ = []
    if n[VerdictKind.NOT_FOUND]:
        k = n[VerdictKind.NOT_FOUND]
        open_.append(f"{k} goal{'s' if k != 1 else ''} not found within budget")
    if n[VerdictKind.UNDECIDED]:
        open_.append(f"{n[VerdictKind.UNDECIDED]} undecided")
    tail = f"; {', '.join(open_)} (not failures)" if open_ else ""
    return f"{len(verdicts)} properties ({rows} engine results) in {elapsed:.1f}s: {head}{tail}"


def _details_table(
    console: Console,
    verdicts: Sequence[verdict_rules.Verdict],
    results: Sequence[CheckResult],
    prefix: bool,
) -> None:
    """Every engine's row as it came back, and what it counts as (``--details``)."""
    marks = {(v.game, v.property, e): m for v in verdicts for e, m in v.marks.items()}
    table = Table(title="every engine's result", title_justify="left", box=box.SIMPLE_HEAD)
    for col in ("property", "engine", "expected", "result", "counts as", "time"):
        table.add_column(col, justify="right" if col == "time" else "left", overflow="fold")
    for r in results:
        m = marks.get((r.game, r.property, r.engine), Mark.ABSENT)
        table.add_row(
            escape(f"{r.game}.{r.property}" if prefix else r.property),
            escape(r.engine),
            r.expected,
            r.status,
            f"[{m.style}]{m.label}[/]",
            f"{r.seconds:.1f}s",
        )
    console.print(table)


def _failure(console: Console, v: verdict_rules.Verdict, checked: Any) -> None:
    """What failed: each deciding engine's message, and its trace replayed step by step
    on the model the trace names."""
    console.print(
        f"\n[bold red]{escape(v.game)} {escape(v.property)}[/]: {v.verdict.label} "
        f"(expected {v.expected})"
    )
    if v.citation:
        console.print(f"  rule: {escape(v.citation)}")
    for r in v.causes:
        console.print(f"  [bold]{escape(r.engine)}[/]: {escape(r.message or r.status)}")
        if r.trace is not None:
            for line in replay_lines(r.trace, _trace_model(r.trace, checked)):
                console.print("  " + line, markup=False)
            console.print(
                f"    trace written to {r.trace_file} (re-run: hhh-verify replay FILE)",
                markup=False,
            )


def _trace_model(trace: traces.Trace, checked: Model) -> Model:
    """The model a trace was recorded on (an explorer's is the reduced preset's), or the
    checked model when the trace's cannot be built."""
    try:
        return model_for_trace(trace)
    except ModelError:
        return checked


def replay_lines(trace: traces.Trace, model: Model) -> list[str]:
    """The trace rule by rule (``describe_action``), ending with the final state."""
    try:
        res = traces.replay(trace, model)
    except Exception as e:  # the last step of an error trace raises again
        return [f"  (replay raised {type(e).__name__}: {e})"]
    lines = ["  " + line for line in res.lines]
    if not res.ok:
        lines.append(f"  replay stopped: {res.error}")
    else:
        lines.append(f"  final state: {model.describe_state(res.final_state)}")
    return lines
