"""Exports of a finished exploration: networkx, GraphML, DOT, JSON and Storm's DRN.

* GraphML and DOT are for looking at the graph (Gephi, yEd, Graphviz): one node per
  state, one edge per (action, outcome) with the action label and exact probability.
  DOT is written here directly, so Graphviz bindings (pydot/pygraphviz) are not needed.
* JSON (``hhh-verify-graph/1``) keeps everything an analysis needs, states described.
* DRN is Storm's explicit format for MDPs (https://www.stormchecker.org/documentation/
  background/languages.html, "DRN input format"): ``@type: MDP``, ``@nr_states``,
  ``@nr_choices``, then ``state ID labels`` / ``action K`` / ``succ : prob`` lines.
  Probabilities are written as exact rationals (``1/3``), which Storm parses both as
  doubles and exactly. State 0 is labelled ``init``; terminal, cut, pending and deadlock
  states get one self-loop action (Storm needs an action everywhere) and a label saying
  why. Goal labels are sanitised to ``[A-Za-z0-9_]``; :func:`drn_label` gives the name.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import networkx as nx

from hhh_verify.contract.configs import config_to_json
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.model import round_of
from hhh_verify.contract.outputs import write_atomic
from hhh_verify.engines.explore.explorer import (
    CUT,
    EXPANDED,
    KIND_NAMES,
    PENDING,
    TERMINAL,
    Exploration,
)

GRAPH_FORMAT = "hhh-verify-graph/1"
EXPORT_SUFFIXES = (".graphml", ".dot", ".json", ".drn")


def _state_attrs(exp: Exploration, sid: int, s: Any) -> dict[str, Any]:
    model = exp.model
    attrs: dict[str, Any] = {"kind": KIND_NAMES[exp.kind[sid]], "label": model.describe_state(s)}
    if (rnd := round_of(model, s)) is not None:
        attrs["round"] = rnd
    if sid in exp.outcome_of:
        out = exp.outcomes[exp.outcome_of[sid]]
        attrs["reason"] = out.reason
        attrs["won"] = "" if out.won is None else str(out.won).lower()
    return attrs


def _action_labels(exp: Exploration, sid: int, s: Any) -> list[str]:
    if exp.edge_start[sid] == exp.edge_start[sid + 1]:
        return []
    model = exp.model
    return [model.describe_action(s, a) for a in model.legal_actions(s)]


def to_networkx(exp: Exploration) -> nx.MultiDiGraph:
    """The state graph: nodes are state ids, edges carry action/outcome/probability."""
    g = nx.MultiDiGraph(game=exp.model.game, complete=exp.complete)
    states = exp.states()
    for sid, s in enumerate(states):
        g.add_node(sid, **_state_attrs(exp, sid, s))
    for sid, s in enumerate(states):
        labels = _action_labels(exp, sid, s)
        last, oi = -1, 0
        for e in exp.edges(sid):
            a = exp.edge_action[e]
            oi = oi + 1 if a == last else 0
            last = a
            p = exp.probs[exp.edge_prob[e]]
            g.add_edge(
                sid,
                exp.edge_succ[e],
                action=labels[a],
                action_index=a,
                outcome=oi,
                prob=str(p),
                p=float(p),
            )
    return g


def graphml_text(exp: Exploration) -> str:
    return "\n".join(nx.generate_graphml(to_networkx(exp))) + "\n"


def _dot_quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def dot_text(exp: Exploration) -> str:
    """Graphviz DOT: terminal states are double circles, chance edges show probabilities."""
    lines = ["digraph states {", "  rankdir=TB;", "  node [shape=box, fontsize=10];"]
    states = exp.states()
    for sid, s in enumerate(states):
        a = _state_attrs(exp, sid, s)
        shape = {TERMINAL: "doubleoctagon", CUT: "box3d", PENDING: "folder"}.get(
            exp.kind[sid], "box"
        )
        lines.append(f"  s{sid} [label={_dot_quote(f'{sid}: ' + a['label'])}, shape={shape}];")
    for sid, s in enumerate(states):
        labels = _action_labels(exp, sid, s)
        for e in exp.edges(sid):
            p = exp.probs[exp.edge_prob[e]]
            text = labels[exp.edge_action[e]] + ("" if p == 1 else f" [{p}]")
            lines.append(f"  s{sid} -> s{exp.edge_succ[e]} [label={_dot_quote(text)}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def graph_json(exp: Exploration) -> dict[str, Any]:
    """Everything about the graph as plain JSON (exact probabilities as strings)."""
    model = exp.model
    states_out = []
    for sid, s in enumerate(exp.states()):
        entry = _state_attrs(exp, sid, s)
        entry["id"] = sid
        legal = model.legal_actions(s) if exp.kind[sid] == EXPANDED else ()
        entry["actions"] = [
            {
                "action": model.action_to_json(legal[k]),
                "label": model.describe_action(s, legal[k]),
                "successors": [[t, str(p)] for t, p in choice],
            }
            for k, choice in enumerate(exp.choices(sid))
        ]
        states_out.append(entry)
    return {
        "format": GRAPH_FORMAT,
        "game": model.game,
        "config": config_to_json(model.config),
        "interpretation": model.readings.as_dict(),
        "complete": exp.complete,
        "reason": exp.reason,
        "initial": 0,
        "goals": {k: list(v) for k, v in exp.goal_hits.items()},
        "states": states_out,
    }


def drn_label(name: str) -> str:
    """A goal or property id as a Storm label (letters, digits, underscore)."""
    label = re.sub(r"[^A-Za-z0-9_]", "_", name)
    return label if label and not label[0].isdigit() else "l_" + label


def drn_text(exp: Exploration, extra_labels: Mapping[str, Sequence[int]] | None = None) -> str:
    """Storm DRN of the exploration as an MDP; goal hits become state labels."""
    n = exp.n_states
    labels: list[list[str]] = [[] for _ in range(n)]
    labels[0].append("init")
    groups: dict[str, Sequence[int]] = {f"goal_{drn_label(k)}": v for k, v in exp.goal_hits.items()}
    for k, v in (extra_labels or {}).items():
        groups[drn_label(k)] = v
    for name, ids in groups.items():
        for sid in ids:
            labels[sid].append(name)
    for sid in range(n):
        kd = exp.kind[sid]
        if kd != EXPANDED:
            labels[sid].append(KIND_NAMES[kd])
        elif exp.edge_start[sid] == exp.edge_start[sid + 1]:
            labels[sid].append("deadlock")
    for sid, oid in exp.outcome_of.items():
        out = exp.outcomes[oid]
        labels[sid].append(drn_label(out.reason))
        if out.won is not None:
            labels[sid].append("won" if out.won else "lost")
    body: list[str] = []
    n_choices = 0
    for sid in range(n):
        body.append(f"state {sid} " + " ".join(labels[sid]))
        choices = exp.choices(sid)
        if not choices:
            choices = [[(sid, Fraction(1))]]
        for ci, choice in enumerate(choices):
            n_choices += 1
            body.append(f"\taction {ci}")
            merged: dict[int, Fraction] = {}
            for t, p in choice:
                merged[t] = merged.get(t, Fraction(0)) + p
            for t in sorted(merged):
                body.append(f"\t\t{t} : {merged[t]}")
    head = [
        f"// exported by hhh-verify: game {exp.model.game}, complete={exp.complete}",
        "@type: MDP",
        "@parameters",
        "",
        "@reward_models",
        "",
        "@nr_states",
        str(n),
        "@nr_choices",
        str(n_choices),
        "@model",
    ]
    return "\n".join(head + body) + "\n"


def export(exp: Exploration, path: str) -> str:
    """Write ``exp`` to ``path`` in the format its suffix names; returns the format."""
    lower = path.lower()
    if lower.endswith(".graphml"):
        text, fmt = graphml_text(exp), "graphml"
    elif lower.endswith(".dot"):
        text, fmt = dot_text(exp), "dot"
    elif lower.endswith(".json"):
        text, fmt = json.dumps(graph_json(exp), indent=1) + "\n", "json"
    elif lower.endswith(".drn"):
        text, fmt = drn_text(exp), "drn"
    else:
        raise ModelError(
            f"cannot export to {path!r}; accepted suffixes: {', '.join(EXPORT_SUFFIXES)}"
        )
    write_atomic(path, text)
    return fmt


def check_export_path(path: str) -> None:
    """Reject an unknown export suffix before any work is done."""
    if not path.lower().endswith(EXPORT_SUFFIXES):
        raise ModelError(
            f"cannot export to {path!r}; accepted suffixes: {', '.join(EXPORT_SUFFIXES)}"
        )


# ---------------------------------------------------------------------------------------
# A small DRN reader (validation without Storm; MDP subset written above)
# ---------------------------------------------------------------------------------------


@dataclass
class DrnModel:
    """A parsed DRN MDP: per state, its labels and per action its (successor, prob) list."""

    nr_states: int
    nr_choices: int
    labels: list[list[str]] = field(default_factory=list)
    actions: list[list[list[tuple[int, Fraction]]]] = field(default_factory=list)

    def labelled(self, label: str) -> list[int]:
        return [s for s, ls in enumerate(self.labels) if label in ls]


def parse_drn(text: str) -> DrnModel:
    """Parse the MDP subset of DRN; raises ``ValueError`` on anything malformed."""
    lines = [ln.strip() for ln in text.splitlines()]
    lines = [ln for ln in lines if ln and not ln.startswith("//")]
    header: dict[str, str] = {}
    i = 0
    while i < len(lines) and lines[i] != "@model":
        ln = lines[i]
        if ln.startswith("@type:"):
            header["type"] = ln.split(":", 1)[1].strip()
        elif ln in ("@nr_states", "@nr_choices"):
            header[ln[1:]] = lines[i + 1]
            i += 1
        i += 1
    if header.get("type") != "MDP":
        raise ValueError(f"DRN type must be MDP, got {header.get('type')!r}")
    m = DrnModel(int(header["nr_states"]), int(header["nr_choices"]))
    for ln in lines[i + 1 :]:
        parts = ln.split()
        if parts[0] == "state":
            if int(parts[1]) != len(m.labels):
                raise ValueError(f"state ids must be consecutive, got {parts[1]}")
            m.labels.append(parts[2:])
            m.actions.append([])
        elif parts[0] == "action":
            m.actions[-1].append([])
        else:
            t, colon, p = parts
            if colon != ":":
                raise ValueError(f"bad transition line {ln!r}")
            m.actions[-1][-1].append((int(t), Fraction(p)))
    if len(m.labels) != m.nr_states:
        raise ValueError(f"@nr_states says {m.nr_states}, found {len(m.labels)} states")
    if sum(len(a) for a in m.actions) != m.nr_choices:
        raise ValueError("@nr_choices does not match the actions listed")
    for s, acts in enumerate(m.actions):
        if not acts:
            raise ValueError(f"state {s} has no action")
        for a in acts:
            if sum(p for _, p in a) != 1:
                raise ValueError(f"state {s}: an action's probabilities do not sum to 1")
    return m
