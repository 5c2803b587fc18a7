"""Pig's own tests: its rules sentence by sentence, its reading constants and rule map, its
promises and properties (each able to fail), and its exact win probability."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from pig import SPEC
from pig.book.promises import BOOK, ends_at_once, ends_on_hold
from pig.properties.catalog import properties, scores_never_fall, well_formed
from pig.rules.ambiguities import REGISTRY
from pig.rules.state import NOBODY, Hold, PigState, Roll

from hhh_verify.contract import registry
from hhh_verify.contract.model import round_of
from hhh_verify.contract.readings import render
from hhh_verify.engines.explore import analysis
from hhh_verify.engines.explore.explorer import explore, split_properties
from hhh_verify.rulebook.check import problems

AT_ONCE = ("PIG-MID-TURN-WIN=at-once",)


def test_the_entry_point_lists_pig() -> None:
    assert registry.get_game("pig") is SPEC and registry.package_of("pig") == "pig"


def test_a_turn_opens_with_a_roll_and_a_one_passes_the_die() -> None:
    m = SPEC.model()
    s = m.initial_state()
    assert m.legal_actions(s) == (Roll(),)
    dist = dict(m.step(s, Roll()))
    assert sum(dist.values()) == 1 and dist[PigState(1, (0, 0))] == Fraction(1, 6)
    assert dist[PigState(0, (0, 0), 6)] == Fraction(1, 6)
    assert m.legal_actions(PigState(0, (0, 0), 6)) == (Hold(), Roll())


def test_holding_banks_and_reaching_the_target_wins() -> None:
    m = SPEC.model()
    assert m.step(PigState(0, (5, 7), 6), Hold()) == ((PigState(1, (11, 7)), 1),)
    (won, p), *_ = m.step(PigState(1, (5, 25), 5), Hold())
    assert won == PigState(1, (5, 30), 0, winner=1) and p == 1
    assert m.outcome(won) is not None and m.outcome(won).winners == (1,)


def test_the_two_readings_part_on_a_roll_past_the_target() -> None:
    s = PigState(0, (27, 0), 2)
    on_hold, at_once = SPEC.model(), SPEC.model(interpret=AT_ONCE)
    assert PigState(0, (27, 0), 3) in dict(on_hold.step(s, Roll()))  # capped at what it needs
    assert PigState(0, (30, 0), 0, winner=0) in dict(at_once.step(s, Roll()))


def test_pig_has_no_rounds() -> None:
    m = SPEC.model()
    assert round_of(m, m.initial_state()) is None and not SPEC.has_rounds()


def test_the_reading_constants_are_generated_from_the_registry() -> None:
    from pig.rules import readings

    assert readings.__file__ is not None
    with open(readings.__file__, encoding="utf-8") as f:
        assert f.read() == render("pig.rules.ambiguities", REGISTRY)


def test_the_rule_map_tiles_the_rulebook() -> None:
    assert problems(SPEC) == []


def test_every_option_has_its_promise() -> None:
    assert BOOK.missing(REGISTRY) == [] and BOOK.unknown(REGISTRY) == []


def _explored(interpret: tuple[str, ...] = (), config: str = "tiny") -> tuple[Any, Any]:
    m = SPEC.model(config, interpret=interpret)
    checks = split_properties(registry.properties_for("pig"), m)
    exp = explore(m, checks.invariants, checks.goals, steps=checks.steps, max_states=100_000)
    return m, exp


@pytest.mark.parametrize("interpret", [(), AT_ONCE])
def test_every_property_and_promise_holds_and_both_seats_can_win(interpret: Any) -> None:
    _, exp = _explored(interpret)
    assert exp.complete
    assert all(exp.violation_count(k) == 0 for k in exp.violations)
    assert exp.goal_hits["pig.seat0-wins"] and exp.goal_hits["pig.seat1-wins"]


def test_each_promise_fails_under_the_other_reading() -> None:
    """Planted: the at-once promise checked on the on-hold rules (and back) is broken."""
    on_hold, at_once = SPEC.model("tiny"), SPEC.model("tiny", interpret=AT_ONCE)
    s = PigState(0, (2, 0), 1)
    roll = dict(on_hold.step(s, Roll()))
    assert any(ends_at_once(on_hold, s, Roll(), t) for t in roll)
    assert any(ends_on_hold(at_once, s, Roll(), t) for t in dict(at_once.step(s, Roll())))


def test_the_properties_can_fail() -> None:
    """Planted: a state with a score past the target and nobody winning; a score falling."""
    m = SPEC.model()
    assert well_formed(m, PigState(0, (31, 0))) is not None
    assert well_formed(m, PigState(0, (30, 0))) is not None
    assert well_formed(m, PigState(0, (30, 2), winner=1)) is not None
    assert scores_never_fall(m, PigState(0, (5, 0)), Roll(), PigState(1, (0, 0))) is not None
    assert [p.id for p in properties()][:1] == ["pig.well-formed"]


def exact_random_win(m: Any) -> Fraction:
    """P(seat 0 wins) under uniform random play, solved exactly (Gauss-Jordan over the
    positions: the graph has cycles, so no backward induction)."""
    index: dict[Any, int] = {}
    order = [m.initial_state()]
    index[order[0]] = 0
    rows: list[dict[int, Fraction]] = []
    rhs: list[Fraction] = []
    for s in order:
        row: dict[int, Fraction] = {index[s]: Fraction(1)}
        out = m.outcome(s)
        if out is not None:
            rows.append(row)
            rhs.append(Fraction(int(out.winners == (0,))))
            continue
        legal = m.legal_actions(s)
        for a in legal:
            for t, p in m.step(s, a):
                if t not in index:
                    index[t] = len(order)
                    order.append(t)
                row[index[t]] = row.get(index[t], Fraction(0)) - p / len(legal)
        rows.append(row)
        rhs.append(Fraction(0))
    n = len(order)
    a = [[r.get(j, Fraction(0)) for j in range(n)] + [b] for r, b in zip(rows, rhs)]
    for col in range(n):
        pivot = next(r for r in range(col, n) if a[r][col] != 0)
        a[col], a[pivot] = a[pivot], a[col]
        a[col] = [x / a[col][col] for x in a[col]]
        for r in range(n):
            if r != col and a[r][col] != 0:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
    return a[0][n]


@pytest.mark.parametrize(
    ("interpret", "want"), [((), Fraction(142, 243)), (AT_ONCE, Fraction(729, 1196))]
)
def test_the_explorer_matches_the_exact_win_probability(interpret: Any, want: Fraction) -> None:
    """The explorer's random-play probability of a first-player win on ``tiny`` (value
    iteration: the position graph has cycles, as both players can roll 1s forever, so the
    explorer gives no Fraction) equals the exact solution of the linear system."""
    m, exp = _explored(interpret)
    exact = exact_random_win(m)
    assert exact == want
    p = analysis.reach_probability(exp, exp.goal_hits["pig.seat0-wins"], "random")
    assert p.exact is None and p.method.startswith("value-iteration")
    assert abs(p.value - float(exact)) < 1e-9, (exact, p.value)


def test_nobody_wins_twice() -> None:
    m = SPEC.model("tiny")
    over = PigState(0, (4, 1), 0, winner=0)
    assert m.legal_actions(over) == () and over.winner != NOBODY
