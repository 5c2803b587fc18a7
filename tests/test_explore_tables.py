"""Hand-built MDPs (a table per state) and the explorer's analyses on them.

``TableModel`` turns a dict ``state -> [action: [(successor, probability), ...]]`` into
the model contract, so tests can plant exactly the structure they need (a deadlock, a
cycle, a state that can never end) and compare against values computed by hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction as F
from typing import Any

import pytest
from toy_model import AMBIGUITIES, ToyConfig

from hhh_verify.contract.actions import action_from_json, action_to_json
from hhh_verify.contract.outcomes import Outcome
from hhh_verify.engines.explore import analysis as an
from hhh_verify.engines.explore.explorer import explore


@dataclass(frozen=True, order=True, slots=True)
class Choose:
    """Take the table's action number ``k``."""

    k: int


class TableModel:
    """A model given as a table; states are strings, terminal states map to outcomes."""

    game = "table"

    def __init__(self, table: dict[str, list[list[tuple[str, F]]]], ends: dict[str, Outcome]):
        self.table, self.ends = table, ends
        self.config = ToyConfig()  # any config dataclass (traces record it)
        self.readings = AMBIGUITIES.default()

    def initial_state(self) -> str:
        return "s0"

    def current_player(self, s: str) -> int:
        return 0

    def legal_actions(self, s: str) -> tuple[Choose, ...]:
        return tuple(Choose(k) for k in range(len(self.table.get(s, []))))

    def step(self, s: str, a: Choose) -> tuple[tuple[str, F], ...]:
        return tuple(self.table[s][a.k])

    def outcome(self, s: str) -> Outcome | None:
        return self.ends.get(s)

    def round_of(self, s: str) -> int:
        return int(s[1:]) // 10 + 1  # s0..s9 round 1, s10..s19 round 2, ...

    def describe_state(self, s: str) -> str:
        return s

    def describe_action(self, s: str, a: Choose) -> str:
        return f"choose {a.k}"

    def action_to_json(self, a: Choose) -> dict[str, Any]:
        return action_to_json(a)

    def action_from_json(self, d: Any) -> Choose:
        return action_from_json(d, {"Choose": Choose})


WIN = Outcome(True, "completed")
LOSE = Outcome(False, "bankrupt")

#: s0: action 0 = coin (1/3 -> s1, 2/3 -> s2); action 1 = sure s3.
#: s1: goal (win). s2: 1/2 win, 1/2 lose. s3: lose. Max P(win) = 1/3 + 2/3*1/2 = 2/3.
DAG = {
    "s0": [[("s1", F(1, 3)), ("s2", F(2, 3))], [("s3", F(1))]],
    "s2": [[("s4", F(1, 2)), ("s3", F(1, 2))]],
}
DAG_ENDS = {"s1": WIN, "s4": WIN, "s3": LOSE}

#: A cycle: s0 retries a coin until it lands (1/2 win, 1/4 lose, 1/4 back to s0),
#: or quits (lose). Max P(win) = (1/2) / (1 - 1/4) = 2/3; min = 0.
CYCLE = {"s0": [[("s1", F(1, 2)), ("s3", F(1, 4)), ("s0", F(1, 4))], [("s3", F(1))]]}
CYCLE_ENDS = {"s1": WIN, "s3": LOSE}


def dag() -> TableModel:
    return TableModel(DAG, DAG_ENDS)


def cycle() -> TableModel:
    return TableModel(CYCLE, CYCLE_ENDS)


def wins(exp: Any) -> list[int]:
    return [sid for sid, oid in exp.outcome_of.items() if exp.outcomes[oid].won]


def test_dag_probabilities_are_the_hand_computed_fractions() -> None:
    exp = explore(dag())
    assert (exp.n_states, exp.n_transitions, exp.complete) == (5, 5, True)
    p = an.goal_probabilities(exp, wins(exp))
    assert p["max"].exact == F(2, 3)
    assert p["min"].exact == 0
    # random: 1/2 * (1/3 + 2/3 * 1/2) + 1/2 * 0 = 1/3
    assert p["random"].exact == F(1, 3)
    assert p["max"].method == "backward-induction" and not p["max"].lower_bound


def test_cycle_falls_back_to_value_iteration() -> None:
    exp = explore(cycle())
    assert an.topological_order(exp) is None
    p = an.goal_probabilities(exp, wins(exp))
    assert p["max"].exact is None and p["max"].method.startswith("value-iteration")
    assert abs(p["max"].value - 2 / 3) < 1e-9
    assert p["min"].value == 0


def test_random_policy_on_the_cycle() -> None:
    # v = 1/2 * (1/2 + 1/4 v) + 1/2 * 0  =>  v (1 - 1/8) = 1/4  =>  v = 2/7
    exp = explore(cycle())
    v = an.reach_probability(exp, wins(exp), "random").value
    assert abs(v - 2 / 7) < 1e-9


def test_planted_deadlock_is_found() -> None:
    table = dict(DAG) | {"s2": []}  # s2 is not terminal but has no action
    exp = explore(TableModel(table, DAG_ENDS))
    assert [exp.states()[i] for i in an.deadlocks(exp)] == ["s2"]
    assert an.deadlocks(explore(dag())) == []


def test_planted_endless_loop_is_found() -> None:
    table = dict(DAG) | {"s2": [[("s5", F(1))]], "s5": [[("s2", F(1))]]}
    exp = explore(TableModel(table, DAG_ENDS))
    assert sorted(exp.states()[i] for i in an.cannot_end(exp)) == ["s2", "s5"]
    assert an.cannot_end(explore(dag())) == []
    assert an.cannot_end(explore(cycle())) == []


def test_terminal_counts_by_reason() -> None:
    assert an.terminal_counts(explore(dag())) == {"lost:bankrupt": 1, "won:completed": 2}


def test_round_bound_cuts_and_makes_a_lower_bound() -> None:
    table = {"s0": [[("s10", F(1, 2)), ("s1", F(1, 2))]], "s10": [[("s11", F(1))]]}
    ends = {"s1": LOSE, "s11": WIN}
    full = explore(TableModel(table, ends))
    assert an.reach_probability(full, wins(full)).exact == F(1, 2)
    cut = explore(TableModel(table, ends), max_round=1)
    assert an.kind_counts(cut)["cut"] == 1 and cut.complete
    r = an.reach_probability(cut, wins(cut))
    assert r.exact == 0 and r.lower_bound


def test_witness_trace_is_the_shortest_and_replays() -> None:
    from hhh_verify.contract.trace import replay

    exp = explore(dag())
    target = exp.id_of("s4")
    assert exp.path_to(target) == [(0, 1), (0, 0)]
    trace = an.witness_trace(exp, target, AMBIGUITIES)
    result = replay(trace, dag())
    assert result.ok and result.final_state == "s4"


@pytest.mark.parametrize("bad_mode", ["maximum", ""])
def test_unknown_mode_is_rejected(bad_mode: str) -> None:
    with pytest.raises(ValueError):
        an.reach_values(explore(dag()), [], bad_mode)
