"""Graph exports: GraphML and JSON read back, DOT shape, DRN parsed back and re-solved."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import networkx as nx
import pytest
from test_explore_tables import cycle, dag
from toy_model import toy

from hhh_verify.contract.errors import ModelError
from hhh_verify.engines.explore import analysis as an
from hhh_verify.engines.explore import export as ex
from hhh_verify.engines.explore.explorer import explore, outcome_goal

GOALS = {"won": outcome_goal("won")}


def models() -> list[Any]:
    return [toy(), toy(("TOY-BLACK=penalty",)), dag(), cycle()]


def solve_drn(m: ex.DrnModel, label: str, mode: str) -> float:
    """Independent float value iteration on a parsed DRN (Jacobi, from 0)."""
    goal = set(m.labelled(label))
    v = [1.0 if s in goal else 0.0 for s in range(m.nr_states)]
    pick = max if mode == "max" else min
    for _ in range(10_000):
        new = [
            1.0 if s in goal else pick(sum(float(p) * v[t] for t, p in a) for a in m.actions[s])
            for s in range(m.nr_states)
        ]
        if max(abs(x - y) for x, y in zip(new, v, strict=True)) < 1e-14:
            break
        v = new
    init = m.labelled("init")
    assert init == [0]
    return new[0]


@pytest.mark.parametrize("i", range(4))
def test_drn_round_trip_gives_the_same_probabilities(i: int) -> None:
    exp = explore(models()[i], goals=GOALS)
    m = ex.parse_drn(ex.drn_text(exp))
    assert m.nr_states == exp.n_states
    assert m.labelled("goal_won") == exp.goal_hits["won"]
    for mode in ("max", "min"):
        ours = an.reach_probability(exp, exp.goal_hits["won"], mode).value
        assert abs(solve_drn(m, "goal_won", mode) - ours) < 1e-9


def test_drn_terminal_states_get_a_self_loop_and_labels() -> None:
    exp = explore(toy(), goals=GOALS)
    m = ex.parse_drn(ex.drn_text(exp))
    for sid in exp.outcome_of:
        assert m.actions[sid] == [[(sid, Fraction(1))]]
        assert "terminal" in m.labels[sid]
    assert len(m.labelled("bust")) == 4 and len(m.labelled("won")) == 2


def test_drn_reader_rejects_a_broken_file() -> None:
    text = ex.drn_text(explore(toy()))
    with pytest.raises(ValueError):
        ex.parse_drn(text.replace("3/4", "1/2"))  # probabilities no longer sum to 1
    with pytest.raises(ValueError):
        ex.parse_drn(text.replace("@nr_states\n16", "@nr_states\n17"))


def test_graphml_reads_back_with_networkx(tmp_path: Any) -> None:
    exp = explore(toy())
    path = tmp_path / "toy.graphml"
    assert ex.export(exp, str(path)) == "graphml"
    g = nx.read_graphml(path)
    assert g.number_of_nodes() == exp.n_states and g.number_of_edges() == exp.n_transitions
    probs = sorted(d["prob"] for _, _, d in g.edges(data=True) if d["prob"] != "1")
    assert probs == ["1/2", "1/2", "1/3", "1/4", "2/3", "3/4"]


def test_dot_has_one_line_per_state_and_edge(tmp_path: Any) -> None:
    exp = explore(dag())
    text = ex.dot_text(exp)
    assert text.startswith("digraph states {") and text.rstrip().endswith("}")
    assert text.count(" -> ") == exp.n_transitions
    assert (
        sum(1 for ln in text.splitlines() if ln.strip().startswith("s") and "->" not in ln)
        == exp.n_states
    )
    assert "[1/3]" in text and "doubleoctagon" in text


def test_json_export_is_complete(tmp_path: Any) -> None:
    exp = explore(toy(), goals=GOALS)
    path = tmp_path / "toy.json"
    ex.export(exp, str(path))
    d = json.loads(path.read_text())
    assert d["format"] == ex.GRAPH_FORMAT and len(d["states"]) == exp.n_states
    assert d["goals"]["won"] == exp.goal_hits["won"]
    for st in d["states"]:
        for a in st["actions"]:
            assert sum(Fraction(p) for _, p in a["successors"]) == 1


def test_unknown_suffix_is_a_model_error(tmp_path: Any) -> None:
    with pytest.raises(ModelError, match="accepted suffixes"):
        ex.export(explore(toy()), str(tmp_path / "g.png"))
    assert not list(tmp_path.iterdir())


def test_drn_label_sanitising() -> None:
    assert ex.drn_label("HHH-GOAL-ARREST") == "HHH_GOAL_ARREST"
    assert ex.drn_label("outcome:arrested") == "outcome_arrested"
    assert ex.drn_label("3x") == "l_3x"
