"""Beam search for goals too deep for the explorer and Z3: a witness is a possible game.

A goal is reachable when *some* sequence of decisions and chance outcomes of positive
probability leads to it, so the search chooses both the moves and the luck. From each
state of the current layer it tries every legal action; for an action with chance it
draws up to ``samples`` outcomes from the model's own law (``sample_step`` with a
recording generator, so each drawn outcome replays exactly; a model without a sampler
has its ``step`` enumerated when small, sampled otherwise) and keeps the distinct ones.
Every child is scored by a heuristic (the goal property's ``heuristic``, e.g. the money
for an $80 ending) and the best ``beam`` distinct states form the next layer. A layer
that dies out (every line lost) restarts the search with a wider beam, until the goal
is reached or the node budget is spent. Beam search is incomplete: a miss is a
measured budget, never a proof. The node count decides (the same search finds the same
witness on a busy machine); the time limit is only a safety net, and a search it cut
says so (``safety_net``).

Along the way it records, for an optional ``value`` (e.g. the money), the highest value
seen at the end of each round (the step that enters the next round, or the end of a game
that was not lost), each with the trace that reaches it: lower bounds beside Z3's upper
bounds.

Every witness is a :class:`~hhh_verify.contract.trace.Trace` that ``hhh-verify replay`` re-runs;
:func:`search` replays it before reporting it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.model import Model, RoundModel, round_of, rounds_required, sampler
from hhh_verify.contract.outcomes import sample_index
from hhh_verify.contract.sampled import RecordingRandom
from hhh_verify.contract.trace import Trace, new_trace, record, record_sampled, replay

#: ``(model, state) -> float``: higher is closer to the goal (or a better value).
Heuristic = Callable[[Any, Any], float]
#: ``(model, state) -> bool``: the goal.
GoalCheck = Callable[[Any, Any], bool]

#: Distinct outcomes are enumerated with ``step`` (models without a sampler) up to this
#: many; a larger distribution is sampled ``samples`` times instead.
ENUMERATE_LIMIT = 64
#: The default time safety net (seconds); the node budget decides.
SAFETY_SECONDS = 1800.0


@dataclass(frozen=True)
class SearchBudget:
    """How hard to look: nodes (children generated, what decides), a time safety net in
    seconds, beam width, outcomes drawn per action with chance, and the seed of the
    search's own generator."""

    max_nodes: int = 200_000
    max_seconds: float | None = SAFETY_SECONDS
    beam: int = 48
    samples: int = 6
    seed: int = 0
    #: Each restart (after a layer died out) multiplies the beam by this.
    widen: int = 2

    def __post_init__(self) -> None:
        if self.max_nodes < 1:
            raise ModelError(f"--max-nodes must be at least 1, got {self.max_nodes}")
        if self.max_seconds is not None and self.max_seconds <= 0:
            raise ModelError(f"--max-seconds must be positive, got {self.max_seconds}")
        if self.beam < 1:
            raise ModelError(f"--beam must be at least 1, got {self.beam}")
        if self.samples < 1:
            raise ModelError(f"--samples must be at least 1, got {self.samples}")

    def to_json(self) -> dict[str, Any]:
        return {
            "max_nodes": self.max_nodes,
            "max_seconds": self.max_seconds,
            "beam": self.beam,
            "samples": self.samples,
            "seed": self.seed,
        }


@dataclass
class _Node:
    """A searched state and how it was reached (parent index, action, chance record)."""

    state: Any
    parent: int
    action: Any
    #: The sampler's recorded choices, or the outcome index in ``step`` (an int).
    how: list[int] | int
    depth: int


@dataclass(frozen=True)
class RoundBest:
    """The highest ``value`` seen at the end of one round, and the game that got it."""

    round: int
    value: float
    trace: Trace

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "value": self.value, "witness_steps": len(self.trace.steps)}


@dataclass
class SearchResult:
    """What a search found: the witness (``found``), or the budget it spent without one."""

    found: bool
    trace: Trace | None
    nodes: int
    seconds: float
    restarts: int
    depth: int  # deepest layer reached
    best: float | None  # best heuristic seen on a non-terminal state
    reason: str  # why it stopped
    budget: SearchBudget
    rounds: dict[int, RoundBest] = field(default_factory=dict)
    replays: bool | None = None
    safety_net: bool = False  # the time safety net cut the search (incomplete)

    def budget_text(self) -> str:
        """The measured budget in one line (for a miss: what was tried)."""
        return (
            f"{self.nodes:,} nodes in {self.seconds:.1f} s (beam {self.budget.beam}, "
            f"{self.budget.samples} outcomes per chance step, {self.restarts} restart(s), "
            f"depth {self.depth})"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "found": self.found,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 3),
            "restarts": self.restarts,
            "depth": self.depth,
            "best": self.best,
            "reason": self.reason,
            "safety_net": self.safety_net,
            "budget": self.budget.to_json(),
            "witness_steps": len(self.trace.steps) if self.trace else None,
            "replays": self.replays,
            "rounds": {str(r): b.to_json() for r, b in sorted(self.rounds.items())},
        }


def _zero(model: Model, state: Any) -> float:
    return 0.0


class _Search:
    """One search: the node store, the node count and safety net, the per-round records."""

    def __init__(
        self,
        model: Model,
        goal: GoalCheck | None,
        heuristic: Heuristic,
        budget: SearchBudget,
        value: Heuristic | None,
        within_rounds: int | None,
    ):
        self.model = model
        self.goal = goal
        self.heuristic = heuristic
        self.budget = budget
        self.value = value
        self.within_rounds = within_rounds
        if within_rounds is not None:
            rounds_required(model, f"a bound of {within_rounds} rounds")
        #: None: a game without rounds (no per-round records)
        self.round_of: Callable[[Any], int] | None = (
            cast(RoundModel, model).round_of  # type: ignore[assignment]
            if round_of(model, model.initial_state()) is not None
            else None
        )
        self.rng = random.Random(budget.seed)
        self.nodes: list[_Node] = []
        self.generated = 0
        self.start = time.perf_counter()
        self.deadline = None if budget.max_seconds is None else self.start + budget.max_seconds
        self.rounds: dict[int, tuple[float, int]] = {}
        self.best: float | None = None
        self.depth = 0
        self.sampler = sampler(model)
        self.safety_net = False

    def out_of_budget(self) -> str:
        if self.generated >= self.budget.max_nodes:
            return f"node budget spent ({self.budget.max_nodes:,})"
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            self.safety_net = True
            return f"time safety net ({self.budget.max_seconds:g} s) fired: incomplete"
        return ""

    # Outcomes --------------------------------------------------------------------------
    def outcomes(self, s: Any, a: Any, k: int) -> list[tuple[Any, list[int] | int]]:
        """Up to ``k`` distinct successors of ``a`` in ``s`` with how each was drawn."""
        if self.sampler is None:
            dist = self.model.step(s, a)
            if len(dist) <= max(k, ENUMERATE_LIMIT):
                return [(st, i) for i, (st, _) in enumerate(dist)]
            picked = sorted({sample_index(dist, self.rng) for _ in range(k)})
            return [(dist[i][0], i) for i in picked]
        seen: dict[Any, list[int]] = {}
        for i in range(k):
            drawn = RecordingRandom(self.rng)
            succ = self.sampler(s, a, drawn)
            if succ not in seen:
                seen[succ] = drawn.values
            elif i == 1 and len(seen) == 1:
                break  # the first two draws agree: (almost surely) a deterministic step
        return list(seen.items())

    # Records ---------------------------------------------------------------------------
    def note_round_end(self, parent: _Node, child_id: int) -> None:
        """Keep the best ``value`` at the end of a round (entering the next round, or a
        finished game that was not lost)."""
        if self.value is None or self.round_of is None:
            return
        child = self.nodes[child_id]
        model = self.model
        out = model.outcome(child.state)
        rnd_before = self.round_of(parent.state)
        if out is not None:
            if out.won is False:
                return
            rnd = self.round_of(child.state)
        elif self.round_of(child.state) > rnd_before:
            rnd = rnd_before
        else:
            return
        v = float(self.value(model, child.state))
        if rnd not in self.rounds or v > self.rounds[rnd][0]:
            self.rounds[rnd] = (v, child_id)

    # The beam --------------------------------------------------------------------------
    def run(self) -> tuple[int | None, str, int]:
        """Search until the goal, the budget, or nothing left; (goal node, reason, restarts)."""
        model = self.model
        root = model.initial_state()
        self.nodes.append(_Node(root, -1, None, 0, 0))
        if self.goal is not None and self.goal(model, root):
            return 0, "the initial state is a goal", 0
        beam = self.budget.beam
        restarts = 0
        while True:
            before = self.generated
            hit, why = self.beam_search(beam)
            if hit is not None or why:
                return hit, why, restarts
            if self.generated == before:
                return None, "no move from the initial state", restarts
            restarts += 1
            beam *= max(1, self.budget.widen)

    def beam_search(self, width: int) -> tuple[int | None, str]:
        """One pass from the root; (goal node, reason) or (None, "") when the beam died."""
        model = self.model
        layer = [0]
        depth = 0
        while layer:
            depth += 1
            self.depth = max(self.depth, depth)
            children: dict[Any, tuple[float, float, int]] = {}
            for nid in layer:
                node = self.nodes[nid]
                s = node.state
                legal = model.legal_actions(s)
                # a narrow layer (the first draws of the game) fills the beam with luck
                k = max(self.budget.samples, width // max(1, len(layer) * len(legal)))
                for a in legal:
                    for succ, how in self.outcomes(s, a, k):
                        self.generated += 1
                        if succ in children:
                            continue
                        cid = len(self.nodes)
                        self.nodes.append(_Node(succ, nid, a, how, depth))
                        if self.goal is not None and self.goal(model, succ):
                            return cid, ""
                        self.note_round_end(node, cid)
                        if model.outcome(succ) is not None:
                            continue  # a finished game that is not the goal
                        if self.within_rounds is not None and (
                            self.round_of(succ) > self.within_rounds  # type: ignore[misc, operator]
                        ):
                            continue
                        score = float(self.heuristic(model, succ))
                        self.best = score if self.best is None else max(self.best, score)
                        children[succ] = (score, self.rng.random(), cid)
                    why = self.out_of_budget()
                    if why:
                        return None, why
            layer = self.select(sorted(children.values(), reverse=True), width)
            self.prune(layer)
        return None, ""

    def select(self, ranked: list[tuple[float, float, int]], width: int) -> list[int]:
        """The best ``width`` children, at most half of them (rounded up) from one
        parent while others have children too: a beam of one family dies with it."""
        cap = max(1, -(-width // 2))
        taken: dict[int, int] = {}
        chosen, spare = [], []
        for _, _, cid in ranked:
            parent = self.nodes[cid].parent
            if taken.get(parent, 0) < cap:
                taken[parent] = taken.get(parent, 0) + 1
                chosen.append(cid)
                if len(chosen) == width:
                    return chosen
            else:
                spare.append(cid)
        return chosen + spare[: width - len(chosen)]

    def prune(self, layer: list[int]) -> None:
        """Forget nodes no longer on a path to the layer or a round record (memory)."""
        keep = {0}  # the root: every pass starts there
        for nid in [*layer, *(n for _, n in self.rounds.values())]:
            while nid >= 0 and nid not in keep:
                keep.add(nid)
                nid = self.nodes[nid].parent
        if len(self.nodes) < 4 * (len(keep) + 1024):
            return
        remap: dict[int, int] = {}
        kept: list[_Node] = []
        for old in sorted(keep):
            n = self.nodes[old]
            remap[old] = len(kept)
            kept.append(_Node(n.state, remap.get(n.parent, -1), n.action, n.how, n.depth))
        self.nodes = kept
        layer[:] = [remap[i] for i in layer]
        self.rounds = {r: (v, remap[i]) for r, (v, i) in self.rounds.items()}

    # Traces ----------------------------------------------------------------------------
    def trace_to(self, nid: int, registry: Any, **meta: Any) -> Trace:
        path = []
        while nid > 0:
            path.append(self.nodes[nid])
            nid = self.nodes[nid].parent
        trace = new_trace(self.model, registry, seed=self.budget.seed, **meta)
        s = self.model.initial_state()
        for node in reversed(path):
            if isinstance(node.how, int):
                record(trace, self.model, s, node.action, node.how, node.state)
            else:
                record_sampled(trace, self.model, node.action, node.how, node.state)
            s = node.state
        return trace


def search(
    model: Model,
    goal: GoalCheck | None,
    heuristic: Heuristic | None = None,
    budget: SearchBudget | None = None,
    registry: Any = None,
    value: Heuristic | None = None,
    within_rounds: int | None = None,
    goal_id: str = "",
) -> SearchResult:
    """Look for a game reaching ``goal`` (None: none, only the per-round ``value``).

    ``heuristic`` ranks states (default: none, a random beam); ``value`` is recorded at
    the end of every round (default: nothing recorded); ``within_rounds`` stops
    expanding states after that round. The witness (and every per-round record) is a
    trace that has been replayed on ``model``.
    """
    budget = budget or SearchBudget()
    run = _Search(model, goal, heuristic or _zero, budget, value, within_rounds)
    hit, why, restarts = run.run()
    seconds = time.perf_counter() - run.start
    meta = {"source": "search", "goal": goal_id, "budget": budget.to_json()}
    trace = run.trace_to(hit, registry, **meta) if hit is not None else None
    replays = None
    if trace is not None:
        replays = replay(trace, model, describe=False).ok
    rounds = {
        r: RoundBest(r, v, run.trace_to(nid, registry, **meta, round_end=r))
        for r, (v, nid) in sorted(run.rounds.items())
    }
    reason = "goal reached" if hit is not None else (why or "every line ended without the goal")
    return SearchResult(
        found=hit is not None and bool(replays),
        trace=trace,
        nodes=run.generated,
        seconds=seconds,
        restarts=restarts,
        depth=run.depth,
        best=run.best,
        reason=reason if replays is not False else "the witness does not replay (model bug?)",
        budget=budget,
        rounds=rounds,
        replays=replays,
        safety_net=run.safety_net,
    )
