"""One verdict per property from every engine's rows (hhh_verify/check/verdicts.py).

The rules on hand-built rows (each verdict kind), the witness replay on real toy traces,
and the 80-column table that wraps ids instead of cutting them.
"""

from __future__ import annotations

from typing import Any

import pytest
from rich.console import Console

from hhh_verify.check import verdicts as vd
from hhh_verify.cli.check_render import SUMMARY, closing_line, game_summary, render
from hhh_verify.contract import trace as tr
from hhh_verify.contract.properties import Goal, Property
from hhh_verify.contract.vocab import EngineStatus, Mark, VerdictKind
from hhh_verify.engines import results as ck

#: A stand-in witness trace for hand-built rows (the test replayer never runs it).
T = tr.Trace("g", {}, {})


def row(
    engine: str,
    status: str,
    prop: str = "g.goal",
    kind: str = "goal",
    expected: str = "REACHABLE",
    trace: Any = None,
    game: str = "g",
    **details: Any,
) -> ck.CheckResult:
    return ck.CheckResult(
        property=prop,
        game=game,
        engine=engine,
        kind=kind,
        expected=expected,
        status=status,
        seconds=0.1,
        message=f"{engine} says {status}",
        citation="rule 1",
        trace=trace,
        details=dict(details),
    )


def no_replay_check(r: ck.CheckResult, prop: Property | None) -> str:
    """Test replayer: a row's witness counts unless its details say it does not replay."""
    return str(r.details.get("bad", ""))


def one(*rows: ck.CheckResult) -> vd.Verdict:
    [v] = vd.decide(list(rows), replayer=no_replay_check)
    return v


# The rules ------------------------------------------------------------------------------


def test_invariant_holds_when_no_engine_breaks_it() -> None:
    inv = {"kind": "invariant", "expected": "HOLDS", "prop": "g.inv"}
    v = one(
        row("stateful", EngineStatus.HOLDS, **inv), row("explore:tiny", EngineStatus.HOLDS, **inv)
    )
    assert v.verdict is VerdictKind.HOLDS and not v.fails
    assert v.marks == {"stateful": Mark.HOLDS, "explore:tiny": Mark.HOLDS}


def test_one_engine_violating_an_invariant_fails_it() -> None:
    inv = {"kind": "invariant", "expected": "HOLDS", "prop": "g.inv"}
    v = one(
        row("stateful", EngineStatus.HOLDS, **inv),
        row("explore:tiny", EngineStatus.VIOLATED, **inv),
    )
    assert v.verdict is VerdictKind.VIOLATED and v.fails
    assert [r.engine for r in v.causes] == ["explore:tiny"]


def test_a_fact_that_fails_is_a_violation() -> None:
    v = one(row("facts", EngineStatus.VIOLATED, prop="g.facts", kind="fact", expected="HOLDS"))
    assert v.verdict is VerdictKind.VIOLATED and v.fails


def test_goal_reached_by_one_engine_and_not_found_by_another_is_met() -> None:
    v = one(
        row("stateful", EngineStatus.NOT_REACHED),
        row("explore:tiny", EngineStatus.REACHED, trace=T),
    )
    assert v.verdict is VerdictKind.REACHED and not v.fails
    assert v.marks == {"stateful": Mark.NOT_FOUND, "explore:tiny": Mark.WITNESS}
    assert v.witness is not None and v.witness.engine == "explore:tiny"


def test_goal_found_by_no_engine_is_not_found_not_a_failure() -> None:
    v = one(row("stateful", EngineStatus.INCONCLUSIVE), row("search", EngineStatus.INCONCLUSIVE))
    assert v.verdict is VerdictKind.NOT_FOUND and not v.fails
    # an explorer cut short by its state budget did not prove anything either
    v = one(
        row("stateful", EngineStatus.NOT_REACHED),
        row("explore", EngineStatus.NOT_REACHED, complete=False),
    )
    assert v.verdict is VerdictKind.NOT_FOUND and v.marks["explore"] is Mark.NOT_FOUND


def test_a_proof_of_unreachability_fails_a_goal_expected_reachable() -> None:
    v = one(
        row("stateful", EngineStatus.NOT_REACHED),
        row("explore:tiny", EngineStatus.NOT_REACHED, complete=True),
    )
    assert v.verdict is VerdictKind.UNREACHABLE and v.fails
    assert [r.engine for r in v.causes] == ["explore:tiny"]
    # even beside another engine's witness: the engines contradict each other
    v = one(
        row("stateful", EngineStatus.REACHED, trace=T),
        row("explore:tiny", EngineStatus.NOT_REACHED, complete=True),
    )
    assert v.verdict is VerdictKind.UNREACHABLE and v.fails


def test_a_witness_that_does_not_replay_is_not_counted() -> None:
    v = one(
        row("stateful", EngineStatus.REACHED, trace=T, bad="step 3: not legal"),
        row("search", EngineStatus.INCONCLUSIVE),
    )
    assert v.verdict is VerdictKind.NOT_FOUND and v.witness is None
    assert v.marks["stateful"] is Mark.NO_REPLAY
    assert v.rejected == {"stateful": "step 3: not legal"}


def test_witness_of_a_goal_expected_unreachable_fails() -> None:
    never = {"expected": "HOLDS", "prop": "g.never"}
    v = one(
        row("stateful", EngineStatus.REACHED, trace=T, **never),
        row("search", EngineStatus.INCONCLUSIVE, **never),
    )
    assert (
        v.verdict is VerdictKind.VIOLATED
        and v.fails
        and [r.engine for r in v.causes] == ["stateful"]
    )
    # not found, or proved unreachable: the expectation holds
    v = one(
        row("stateful", EngineStatus.NOT_REACHED, **never),
        row("explore", EngineStatus.NOT_REACHED, complete=True, **never),
    )
    assert v.verdict is VerdictKind.HOLDS and not v.fails
    # a claimed witness that does not replay breaks nothing
    v = one(row("stateful", EngineStatus.REACHED, trace=T, bad="drifted", **never))
    assert (
        v.verdict is VerdictKind.UNDECIDED and not v.fails and v.marks["stateful"] is Mark.NO_REPLAY
    )


def test_an_engine_error_fails_whatever_the_others_found() -> None:
    v = one(row("stateful", EngineStatus.REACHED, trace=T), row("search", EngineStatus.ERROR))
    assert v.verdict is VerdictKind.ERROR and v.fails and [r.engine for r in v.causes] == ["search"]


def test_an_unknown_status_is_an_error_never_a_pass() -> None:
    v = one(row("new-engine", "broken-promise", kind="invariant", expected="HOLDS"))
    assert v.verdict is VerdictKind.ERROR and v.fails


def test_skipped_everywhere_and_undecided() -> None:
    v = one(row("stateful", EngineStatus.SKIPPED), row("explore:tiny", EngineStatus.SKIPPED))
    assert v.verdict is VerdictKind.SKIPPED and not v.fails
    q = {"kind": "smt", "expected": "HOLDS", "prop": "smt-q"}
    v = one(row("z3", EngineStatus.INCONCLUSIVE, **q))
    assert v.verdict is VerdictKind.UNDECIDED and not v.fails


def test_verdicts_group_rows_by_game_and_property() -> None:
    rows = [
        row("stateful", EngineStatus.NOT_REACHED, prop="g.a"),
        row("stateful", EngineStatus.HOLDS, prop="g.b", kind="invariant", expected="HOLDS"),
        row("explore:tiny", EngineStatus.REACHED, prop="g.a", trace=T),
    ]
    verdicts = vd.decide(rows, replayer=no_replay_check)
    assert [(v.property, v.verdict.value) for v in verdicts] == [
        ("g.a", "reached"),
        ("g.b", "holds"),
    ]
    assert vd.all_met(verdicts)
    doc = verdicts[0].to_json()
    assert doc["engines"] == {"stateful": "not-found", "explore:tiny": "witness"}
    assert doc["witness"]["engine"] == "explore:tiny" and doc["fails"] is False


# Witness replay on real traces ----------------------------------------------------------


def bust_trace(model: Any) -> Any:
    """Push, then draw the black cube: the toy game's bust."""
    import toy_model

    t = tr.new_trace(model)
    s = model.initial_state()
    for action in (toy_model.Push(), toy_model.Draw()):
        dist = model.step(s, action)
        i = next(i for i, (n, _) in enumerate(dist) if n.reason == "bust" or len(dist) == 1)
        tr.record(t, model, s, action, i, dist[i][0])
        s = dist[i][0]
    return t


BUST = Goal(
    "toy.bust",
    "toy",
    "toy rules",
    "a bust",
    check=lambda m, s: s.reason == "bust",
)
WIN = Goal(
    "toy.win",
    "toy",
    "toy rules",
    "a win",
    check=lambda m, s: s.reason == "completed",
)


def test_a_real_witness_replays_and_reaches_its_goal(toy_registry: Any) -> None:
    model = toy_registry["toy"].model("", (), ())
    good = row(
        "stateful", EngineStatus.REACHED, prop="toy.bust", trace=bust_trace(model), game="toy"
    )
    assert vd.replay_witness(good, BUST) == ""
    # the same path is no witness of a win
    assert "no state on the path" in vd.replay_witness(good, WIN)
    [v] = vd.decide([good], {("toy", "toy.bust"): BUST})
    assert v.verdict is VerdictKind.REACHED


def test_a_tampered_witness_does_not_replay(toy_registry: Any) -> None:
    model = toy_registry["toy"].model("", (), ())
    t = bust_trace(model)
    t.steps[0] = tr.TraceStep({"type": "Stop"}, 0, t.steps[0].state)  # a different path
    bad = row("stateful", EngineStatus.REACHED, prop="toy.bust", trace=t, game="toy")
    assert vd.replay_witness(bad, BUST).startswith("does not replay")
    [v] = vd.decide(
        [bad, row("explore:tiny", EngineStatus.NOT_REACHED, prop="toy.bust", game="toy")]
    )
    assert v.verdict is VerdictKind.NOT_FOUND and "stateful" in v.rejected
    no_trace = row("search", EngineStatus.REACHED, prop="toy.bust")
    assert vd.replay_witness(no_trace, BUST) == "no trace to replay"


# Output ---------------------------------------------------------------------------------

LONG = [
    "royal-hospital-like.goal-surpass-insurance-companies-with-a-long-name",
    "rh.goal-surpass-credit-production",
    "explore:always-can-end",
]


def table_ids(text: str) -> list[str]:
    """The first column of every table, with folded ids joined again: a row's first
    word starts an id, a line holding a single word continues it."""
    ids: list[str] = []
    inside = False
    for line in text.splitlines():
        words = line.split()
        if not words:
            inside = False
            continue
        if set(words[0]) <= {"─", "━"}:
            inside = True
            continue
        if inside:
            if len(words) == 1 and ids:
                ids[-1] += words[0]
            else:
                ids.append(words[0])
    return ids


def test_80_column_table_wraps_every_full_id(toy_registry: Any) -> None:
    rows = []
    for pid in LONG[:2]:
        rows += [
            row("stateful", EngineStatus.NOT_REACHED, prop=pid),
            row("explore:tiny", EngineStatus.SKIPPED, prop=pid),
            row("search", EngineStatus.REACHED, prop=pid, trace=T),
            row("sweep:interactions", EngineStatus.SKIPPED, prop=pid),
        ]
    rows.append(
        row("explore:tiny", EngineStatus.HOLDS, prop=LONG[2], kind="invariant", expected="HOLDS")
    )
    verdicts = vd.decide(rows, replayer=no_replay_check)
    console = Console(width=80, record=True, highlight=False)
    registered = {("g", p) for p in LONG[:2]}
    render(console, verdicts, rows, 1.0, {"g": None}, registered)
    text = console.export_text()
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "…" not in text
    assert sorted(table_ids(text)) == sorted(LONG)
    assert "g: 3 properties: 1 hold, 2 reached, 0 not found within budget, 0 violated" in text


def test_closing_line_never_says_met_alone_when_goals_were_not_found() -> None:
    verdicts = vd.decide(
        [
            row("stateful", EngineStatus.NOT_REACHED, prop="g.a"),
            row("stateful", EngineStatus.INCONCLUSIVE, prop="g.b"),
            row("stateful", EngineStatus.REACHED, prop="g.c", trace=T),
        ],
        replayer=no_replay_check,
    )
    line = closing_line(verdicts, 3, 2.0)
    assert line.endswith("all expectations met; 2 goals not found within budget (not failures)")
    assert "2 not found within budget" in game_summary("g", verdicts)
    failing = vd.decide([row("z3", EngineStatus.VIOLATED, prop="q", kind="smt", expected="HOLDS")])
    assert "1 expectation(s) NOT met" in closing_line(failing, 1, 0.5)


@pytest.mark.parametrize("kind", VerdictKind, ids=lambda k: k.value)
def test_every_verdict_kind_is_counted_in_the_summary(kind: VerdictKind) -> None:
    v = vd.Verdict("p", "g", "goal", "REACHABLE", kind, {}, [row("e", EngineStatus.SKIPPED)])
    label = next(words for k, words, _ in SUMMARY if k is kind)
    assert f"1 {label}" in game_summary("g", [v])
