"""`check --json` carries each game's summary line as counts (``games``), the same
numbers the table's summary line prints, so a CI consumer need not recount the
verdicts."""

from __future__ import annotations

import json
from typing import Any

from click.testing import CliRunner
from rich.console import Console
from test_verdicts import T, no_replay_check, row

from hhh_verify.check import verdicts as vd
from hhh_verify.cli import main
from hhh_verify.cli.check_render import game_summary, render, summaries_json
from hhh_verify.contract.vocab import EngineStatus, VerdictKind


def test_every_verdict_kind_has_a_count_per_game() -> None:
    verdicts = vd.decide(
        [
            row("stateful", EngineStatus.NOT_REACHED, prop="g.a"),
            row("stateful", EngineStatus.REACHED, prop="g.b", trace=T),
            row("stateful", EngineStatus.HOLDS, prop="g.c", kind="invariant", expected="HOLDS"),
            row("z3", EngineStatus.VIOLATED, prop="h.q", kind="smt", expected="HOLDS", game="h"),
        ],
        replayer=no_replay_check,
    )
    got = summaries_json(verdicts)
    assert list(got) == ["g", "h"]
    every = {"properties"} | {k.value for k in VerdictKind}
    assert set(got["g"]) == set(got["h"]) == every
    assert got["g"] == {k: 0 for k in every} | {
        "properties": 3,
        "holds": 1,
        "reached": 1,
        "not-found": 1,
    }
    assert got["h"]["violated"] == 1 and got["h"]["properties"] == 1
    assert "g: 3 properties: 1 hold, 1 reached, 1 not found within budget" in game_summary(
        "g", [v for v in verdicts if v.game == "g"]
    )


def test_check_json_has_the_summary_the_table_prints(toy_registry: Any, tmp_path: Any) -> None:
    args = ["check", "--game", "toy", "--profile", "quick", "--engine", "stateful"]
    args += ["--trace-dir", str(tmp_path)]
    r = CliRunner().invoke(main, [*args, "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    [game] = doc["games"]
    counts = doc["games"][game]
    assert counts["properties"] == len(doc["verdicts"])
    for kind in VerdictKind:
        assert counts[kind.value] == sum(v["verdict"] == kind.value for v in doc["verdicts"])
    text = CliRunner().invoke(main, args, env={"COLUMNS": "200"}).output
    line = f"{game}: {counts['properties']} properties: {counts['holds']} hold, "
    assert line + f"{counts['reached']} reached" in text


def test_one_witness_trace_is_written_in_the_singular(tmp_path: Any) -> None:
    v = vd.decide(
        [row("stateful", EngineStatus.REACHED, prop="g.b", trace=T)], replayer=no_replay_check
    )
    v[0].rows[0].trace_file = str(tmp_path / "g-g.b-stateful.trace.json")
    console = Console(width=100, record=True)
    render(console, v, v[0].rows, 1.0, {}, {("g", "g.b")})
    text = console.export_text()
    assert "1 witness trace written to" in text, text
