"""One partition of the compiled, hash-partitioned explorer: the states whose packed
row hashes to it (:func:`.rowtable.owners`), their edges, checks and values.

The driver (:mod:`.kernel`) runs the search level by level (Stern and Dill's parallel
Murphi; distributed TLC partitions its fingerprints the same way): every partition
:meth:`Partition.expand`\\ s its frontier (the states of the current level, which have
consecutive local ids), sending each distinct successor to its owner; the owners
:meth:`~Partition.receive` the batches (in partition order), intern them and answer with
their local ids; the senders :meth:`~Partition.resolve` their edges with them. A state is
identified across partitions by its global id ``partition << 40 | local id``.

The owner checks what it expands: the game kernel's compiled checks (bits computed
while expanding), and every other registered invariant, goal and step property on the
decoded state (``python_checks``). Every verdict is derived at the end from per-state and
per-edge bit arrays, so a partition's whole content is arrays, appended level by level:
:meth:`~Partition.checkpoint` writes one level's additions, :meth:`~Partition.restore`
reads them back.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from hhh_verify.contract.outputs import atomic_file
from hhh_verify.contract.scenario import Scenario
from hhh_verify.contract.vocab import (
    OUTCOME_GOAL_PREFIX,
    BuiltinGoal,
    CheckKind,
    CheckSite,
    OptimisationMode,
)
from hhh_verify.engines.explore import rowtable
from hhh_verify.engines.explore.sweeps import (
    MODE_CODES,
    local_order,
    mark_changed,
    predecessors,
    sweep,
)

if TYPE_CHECKING:
    from hhh_verify.contract.model import Model
    from hhh_verify.engines.explore.explorer import Checks

SHIFT = 40
LOCAL = (1 << SHIFT) - 1
PENDING = -3  # status of a state not expanded yet


def gid(part: int, lid: int) -> int:
    return (part << SHIFT) | lid


class GraphSource(Protocol):
    """A game's kernel as the compiled explorer reads it (HHH:
    ``models/hhh/kernel/graph.py``): states as rows of ``nwords`` words, the compiled
    checks ``(property id, kind)``, the outcome names by status code."""

    nwords: int
    compiled: Sequence[tuple[str, str]]
    outcomes: Sequence[str]

    def initial_row(self) -> np.ndarray: ...

    def expand(self, rows: np.ndarray) -> tuple[np.ndarray, ...]:
        """Per row its status and compiled-check bits; per edge its source row, action
        index, probability and successor row."""
        ...

    def state(self, row: np.ndarray) -> Any: ...

    def actions(self, row: np.ndarray) -> Sequence[Any]: ...


#: ``builder(scenario)``: a partition builds its game itself from names (a task carries
#: no model): the model, its graph source and the registered checks.
Builder = Callable[[Scenario], tuple["Model", GraphSource, "Checks"]]


@dataclass(frozen=True)
class CheckSpec:
    """One check of the run: property id, ``invariant`` / ``goal`` / ``step``, and where
    it is computed: ``compiled`` (bit ``bit`` of the kernel's bits) or ``python`` (bit
    ``bit`` of the partition's own bits, state or edge)."""

    id: str
    kind: CheckKind
    where: CheckSite
    bit: int


def plan_checks(source: GraphSource, checks: Checks, python_checks: bool) -> list[CheckSpec]:
    """Which check runs where: the kernel's compiled check when it has one, else the
    registered Python property on the decoded state (none when not ``python_checks``)."""
    compiled = {pid: i for i, (pid, _kind) in enumerate(source.compiled)}
    out: list[CheckSpec] = []
    kinds = [
        (CheckKind.INVARIANT, list(checks.invariants)),
        (CheckKind.GOAL, list(checks.goals)),
        (CheckKind.STEP, list(checks.steps)),
    ]
    state_bit = edge_bit = 0
    for kind, table in kinds:
        for pid in table:
            if kind != CheckKind.STEP and pid in compiled:
                out.append(CheckSpec(pid, kind, CheckSite.COMPILED, compiled[pid]))
            elif not python_checks:
                out.append(CheckSpec(pid, kind, CheckSite.UNCHECKED, -1))
            elif kind == CheckKind.STEP:
                out.append(CheckSpec(pid, kind, CheckSite.PYTHON, edge_bit))
                edge_bit += 1
            else:
                out.append(CheckSpec(pid, kind, CheckSite.PYTHON, state_bit))
                state_bit += 1
    return out


class Partition:
    """The states of one hash partition, their edges, check bits and values."""

    def __init__(
        self,
        builder: Builder,
        scenario: Scenario,
        index: int,
        nparts: int,
        python_checks: bool,
    ):
        """``builder(scenario)`` gives ``(model, graph source, registered checks)``: a
        partition builds its game itself from names (a task carries no model)."""
        self.model, self.source, self.checks = builder(scenario)
        self.index, self.nparts = index, nparts
        self.plan = plan_checks(self.source, self.checks, python_checks)
        self._py_state = [
            c for c in self.plan if c.where == CheckSite.PYTHON and c.kind != CheckKind.STEP
        ]
        self._py_step = [
            c for c in self.plan if c.where == CheckSite.PYTHON and c.kind == CheckKind.STEP
        ]
        self.nwords = self.source.nwords
        self.rows = np.zeros((1024, self.nwords), dtype=np.uint64)
        self.table = np.zeros(2048, dtype=np.int64)
        self.n = 0
        self.lo = 0  # the frontier: local ids [lo, n) at the start of a level
        self.level = 0
        self.messages: dict[str, tuple[int, int, str]] = {}  # check -> (depth, lid, text)
        # per state (appended as states arrive): depth, parent global id, parent action
        self.depth: list[np.ndarray] = []
        self.parent: list[np.ndarray] = []
        self.pact: list[np.ndarray] = []
        # per expanded state (appended level by level, in id order) and per edge
        self.status: list[np.ndarray] = []
        self.bits: list[np.ndarray] = []
        self.pybits: list[np.ndarray] = []
        self.e_count: list[np.ndarray] = []
        self.e_act: list[np.ndarray] = []
        self.e_prob: list[np.ndarray] = []
        self.e_succ: list[np.ndarray] = []
        self.e_pybits: list[np.ndarray] = []
        self._pending: dict[int, np.ndarray] = {}  # dest -> edge -> index in its batch
        self._owner_of_edges: np.ndarray | None = None
        self._saved: dict[str, int] = {}  # chunks already checkpointed, per list
        self._saved_states = 0

    # Search ---------------------------------------------------------------------------
    def checks_plan(self) -> list[CheckSpec]:
        return self.plan

    def sizes(self) -> tuple[int, int]:
        """(first id of the frontier, states held): the frontier is ``[lo, n)``."""
        return self.lo, self.n

    def start(self) -> int:
        """Take the initial state when it is ours; the number of states held."""
        row = self.source.initial_row()[None, :]
        if int(rowtable.owners(row, self.nparts)[0]) == self.index:
            self._add(row, np.array([-1]), np.array([0]), 0)
        return self.n

    def _add(
        self, rows: np.ndarray, parents: np.ndarray, pacts: np.ndarray, depth: int
    ) -> np.ndarray:
        need = self.n + len(rows)
        if need > len(self.rows):
            bigger = np.zeros((max(need, 2 * len(self.rows)), self.nwords), dtype=np.uint64)
            bigger[: self.n] = self.rows[: self.n]
            self.rows = bigger
        if 2 * need > len(self.table):
            size = len(self.table)
            while 2 * need > size:
                size *= 2
            self.table = rowtable.rebuild(self.rows, self.n, size)
        before = self.n
        ids, self.n = rowtable.insert(self.table, self.rows, self.n, rows)
        fresh = np.flatnonzero(ids >= before)
        fresh = fresh[np.unique(ids[fresh], return_index=True)[1]]  # first sender wins
        self.depth.append(np.full(len(fresh), depth, dtype=np.int32))
        self.parent.append(np.asarray(parents, dtype=np.int64)[fresh])
        self.pact.append(np.asarray(pacts, dtype=np.int32)[fresh])
        return ids

    def expand(self) -> dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """Expand the frontier; per owner partition the distinct successors sent to it
        with the global id and action index of their first source."""
        lo, hi = self.lo, self.n
        frontier = self.rows[lo:hi]
        status, bits, src, act, prob, succ = self.source.expand(frontier)
        if len(status) and np.any(status == -2):
            raise OverflowError(
                "a state outgrew the kernel explorer's packing (a value beyond its range)"
            )
        pybits, e_pybits = self._python_checks(frontier, status, src, act, succ)
        self.status.append(status)
        self.bits.append(bits)
        self.pybits.append(pybits)
        self.e_count.append(np.bincount(src, minlength=hi - lo).astype(np.int64))
        self.e_act.append(act.astype(np.int32))
        self.e_prob.append(prob)
        self.e_succ.append(np.zeros(len(src), dtype=np.int64))
        self.e_pybits.append(e_pybits)
        dest = rowtable.owners(succ, self.nparts)
        self._owner_of_edges = dest
        out = {}
        self._pending = {}
        for q in range(self.nparts):
            edges = np.flatnonzero(dest == q)
            if not len(edges):
                continue
            firsts, where = rowtable.unique(succ[edges])
            self._pending[q] = np.stack([edges, where])
            first_edges = edges[firsts]
            parents = (self.index << SHIFT) | (lo + src[first_edges])
            out[q] = (succ[first_edges], parents, act[first_edges])
        self.lo = hi
        return out

    def _python_checks(
        self,
        frontier: np.ndarray,
        status: np.ndarray,
        src: np.ndarray,
        act: np.ndarray,
        succ: np.ndarray,
    ) -> tuple[np.ndarray, np.ndarray]:
        """The registered properties without a compiled check, on decoded states."""
        pybits = np.zeros(len(frontier), dtype=np.uint64)
        e_pybits = np.zeros(len(src), dtype=np.uint64)
        if not self._py_state and not self._py_step:
            return pybits, e_pybits
        model, inv, goals = self.model, self.checks.invariants, self.checks.goals
        starts = np.searchsorted(src, np.arange(len(frontier) + 1))
        for i in range(len(frontier)):
            s = self.source.state(frontier[i])
            for c in self._py_state:
                if c.kind == CheckKind.INVARIANT:
                    msg = inv[c.id](model, s)
                    if msg:
                        pybits[i] |= np.uint64(1 << c.bit)
                        self._note(c.id, self.lo + i, str(msg))
                elif goals[c.id](model, s):
                    pybits[i] |= np.uint64(1 << c.bit)
            if self._py_step and starts[i] < starts[i + 1]:
                actions = self.source.actions(frontier[i])
                for e in range(starts[i], starts[i + 1]):
                    t = self.source.state(succ[e])
                    for c in self._py_step:
                        msg = self.checks.steps[c.id](model, s, actions[act[e]], t)
                        if msg:
                            e_pybits[e] |= np.uint64(1 << c.bit)
                            self._note(c.id + "#step", self.lo + i, str(msg))
        return pybits, e_pybits

    def _note(self, check: str, lid: int, text: str) -> None:
        if check not in self.messages:
            self.messages[check] = (self.level, lid, text)

    def receive(self, batches: list[tuple[np.ndarray, np.ndarray, np.ndarray]]) -> list[np.ndarray]:
        """Intern the successors sent by every partition (in partition order) as the
        next level; each batch's local ids."""
        out = []
        for rows, parents, pacts in batches:
            out.append(
                self._add(rows, parents, pacts, self.level + 1)
                if len(rows)
                else rows[:0, 0].astype(np.int64)
            )
        return out

    def resolve(self, ids: dict[int, np.ndarray]) -> None:
        """Give the level's edges the global ids of their successors; the level ends."""
        succ = self.e_succ[-1] if self.e_succ else np.zeros(0, dtype=np.int64)
        for q, pending in self._pending.items():
            edges, where = pending
            succ[edges] = (q << SHIFT) | ids[q][where]
        self._pending = {}
        self.level += 1

    # Results --------------------------------------------------------------------------
    def counts(self) -> dict[str, Any]:
        """States, frontier size, transitions, per-status counts and per-check counts
        with the first (shallowest, then lowest id) state of each."""
        status = _cat(self.status, np.int64)
        bits, pybits = _cat(self.bits, np.uint64), _cat(self.pybits, np.uint64)
        depth = _cat(self.depth, np.int32)
        e_pybits = _cat(self.e_pybits, np.uint64)
        edge_src = np.repeat(np.arange(len(status)), _cat(self.e_count, np.int64))
        checks: dict[str, tuple[int, int, int]] = {}  # id -> (count, depth, lid)
        for c in self.plan:
            if c.where == CheckSite.UNCHECKED:
                continue
            if c.kind == CheckKind.STEP:
                hit = edge_src[(e_pybits >> np.uint64(c.bit)) & np.uint64(1) == 1]
                count = len(hit)
            else:
                arr = bits if c.where == CheckSite.COMPILED else pybits
                hit = np.flatnonzero((arr >> np.uint64(c.bit)) & np.uint64(1))
                count = len(hit)
            if count:
                first = int(hit[np.lexsort((hit, depth[hit]))[0]])
                checks[c.id] = (count, int(depth[first]), first)
            else:
                checks[c.id] = (0, -1, -1)
        codes, numbers = np.unique(status, return_counts=True)
        return {
            "states": self.n,
            "expanded": len(status),
            "transitions": int(sum(len(a) for a in self.e_act)),
            "status": {int(k): int(v) for k, v in zip(codes, numbers, strict=True)},
            "checks": checks,
            "messages": {k: v for k, v in self.messages.items()},
            "max_depth": int(depth.max()) if len(depth) else 0,
        }

    def first_with_status(self, code: int) -> tuple[int, int]:
        """(depth, local id) of the shallowest state of status ``code`` (-1, -1: none)."""
        status = _cat(self.status, np.int64)
        hit = np.flatnonzero(status == code)
        if not len(hit):
            return -1, -1
        depth = _cat(self.depth, np.int32)
        first = int(hit[np.lexsort((hit, depth[hit]))[0]])
        return int(depth[first]), first

    def step_edge(self, check_bit: int, lid: int) -> tuple[int, int]:
        """The first edge of ``lid`` flagged by step check bit ``check_bit``: (action
        index, successor global id)."""
        starts = np.concatenate([[0], np.cumsum(_cat(self.e_count, np.int64))])
        e_pybits = _cat(self.e_pybits, np.uint64)
        for e in range(starts[lid], starts[lid + 1]):
            if (int(e_pybits[e]) >> check_bit) & 1:
                return int(_cat(self.e_act, np.int32)[e]), int(_cat(self.e_succ, np.int64)[e])
        raise KeyError(lid)

    def step_back(self, lid: int) -> tuple[int, int, np.ndarray]:
        """(parent global id, action index from it, packed row) of state ``lid``."""
        return (
            int(_cat(self.parent, np.int64)[lid]),
            int(_cat(self.pact, np.int32)[lid]),
            self.rows[lid].copy(),
        )

    # Values ---------------------------------------------------------------------------
    def prepare_values(self, columns: list[tuple[str, OptimisationMode]]) -> dict[int, np.ndarray]:
        """Set up value iteration for ``columns`` ((target, mode) pairs; a target is a
        check id, ``won`` / ``lost`` / ``outcome:REASON``, or ``end`` for any terminal
        or unexpanded state); the local ids this partition needs from each other one."""
        status = _cat(self.status, np.int64)
        n = self.n
        full_status = np.full(n, PENDING, dtype=np.int64)
        full_status[: len(status)] = status
        counts = np.zeros(n, dtype=np.int64)
        ec = _cat(self.e_count, np.int64)
        counts[: len(ec)] = ec
        self.v_start = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
        self.v_act = _cat(self.e_act, np.int32)
        self.v_prob = _cat(self.e_prob, np.float64)
        succ = _cat(self.e_succ, np.int64)
        owner = succ >> SHIFT
        local = succ & LOCAL
        ref = local.copy()
        needs: dict[int, np.ndarray] = {}
        ghosts = n
        self.v_ghost_at: dict[int, int] = {}
        for q in range(self.nparts):
            if q == self.index:
                continue
            mine = owner == q
            want, inverse = np.unique(local[mine], return_inverse=True)
            if len(want):
                needs[q] = want
                self.v_ghost_at[q] = ghosts
                ref[mine] = ghosts + inverse
                ghosts += len(want)
        self.v_ref = ref
        self.v_order, self.v_acyclic = local_order(self.v_start, ref)
        self.v_rstart, self.v_rsrc = predecessors(self.v_start, ref, ghosts)
        self.v_dirty = np.ones(n, dtype=np.uint8)
        self.v_changed = np.ones(n, dtype=np.uint8)  # not yet served to the ghosts
        self.v_modes = np.array([MODE_CODES[m] for _t, m in columns], dtype=np.int64)
        target = np.zeros((n, len(columns)), dtype=np.uint8)
        for j, (t, _m) in enumerate(columns):
            target[:, j] = self._target(t, full_status)
        self.v_target = target
        self.v_values = np.zeros((ghosts, len(columns)), dtype=np.float64)
        self.v_values[:n][target == 1] = 1.0
        return needs

    def _target(self, name: str, status: np.ndarray) -> np.ndarray:
        if name == BuiltinGoal.END:
            return (status > 0) | (status == PENDING)
        outcomes = self.source.outcomes
        if name in (BuiltinGoal.WON, BuiltinGoal.LOST) or name.startswith(OUTCOME_GOAL_PREFIX):
            codes = [
                k
                for k, label in enumerate(outcomes)
                if label
                and (
                    label.startswith(name + ":")
                    or (
                        name.startswith(OUTCOME_GOAL_PREFIX)
                        and label.split(":")[1] == name[len(OUTCOME_GOAL_PREFIX) :]
                    )
                )
            ]
            return np.isin(status, codes)
        spec = next(c for c in self.plan if c.id == name)
        bits = _cat(self.bits if spec.where == CheckSite.COMPILED else self.pybits, np.uint64)
        hit = np.zeros(len(status), dtype=bool)
        hit[: len(bits)] = (bits >> np.uint64(spec.bit)) & np.uint64(1) == 1
        return hit

    def set_requests(self, requests: dict[int, np.ndarray]) -> None:
        """The local ids each other partition holds as ghosts (asked once)."""
        self.v_requests = requests

    def serve_changed(self) -> dict[int, tuple[np.ndarray, np.ndarray]]:
        """Per partition that holds ghosts of ours: the positions in its request whose
        value changed since the last call, and their values (only those travel)."""
        out = {}
        for p, lids in self.v_requests.items():
            pos = np.flatnonzero(self.v_changed[lids])
            out[p] = (pos, self.v_values[lids[pos]])
        self.v_changed[:] = 0
        return out

    def set_ghosts_many(self, values: dict[int, tuple[np.ndarray, np.ndarray]]) -> None:
        """Copy the changed values other partitions served into the ghost rows; their
        predecessors here become dirty."""
        for q, (pos, v) in values.items():
            mark_changed(
                self.v_values,
                self.v_ghost_at[q] + pos,
                v,
                self.v_rstart,
                self.v_rsrc,
                self.v_dirty,
            )

    def sweep(self, max_sweeps: int) -> tuple[int, bool]:
        """Local sweeps with the ghosts fixed: (sweeps that changed a value, converged).
        Without a local cycle one sweep in the local order reaches the local fixed point."""
        changed, done = sweep(
            self.v_start,
            self.v_act,
            self.v_prob,
            self.v_ref,
            self.v_values,
            self.v_target,
            self.v_modes,
            self.v_order,
            self.v_dirty,
            self.v_changed,
            self.v_rstart,
            self.v_rsrc,
            1 if self.v_acyclic else max_sweeps,
        )
        return int(changed), bool(done)

    def zeros_of(self, column: int) -> tuple[int, int, int]:
        """Expanded states whose value in ``column`` is 0 (``cannot end`` under the
        ``end``/``any`` column): (count, depth, local id of the shallowest)."""
        status = _cat(self.status, np.int64)
        hit = np.flatnonzero((status <= 0) & (self.v_values[: len(status), column] == 0.0))
        if not len(hit):
            return 0, -1, -1
        depth = _cat(self.depth, np.int32)
        first = int(hit[np.lexsort((hit, depth[hit]))[0]])
        return len(hit), int(depth[first]), first

    def usage(self) -> tuple[int, float]:
        """(peak resident bytes, CPU seconds) of the process holding this partition
        (Linux reports the peak in kibibytes)."""
        import resource

        r = resource.getrusage(resource.RUSAGE_SELF)
        return int(r.ru_maxrss) * 1024, r.ru_utime + r.ru_stime

    def value(self, lid: int) -> np.ndarray:
        return self.v_values[lid].copy()

    def drop_values(self) -> None:
        for name in (
            "v_start",
            "v_act",
            "v_prob",
            "v_ref",
            "v_target",
            "v_values",
            "v_order",
            "v_rstart",
            "v_rsrc",
            "v_dirty",
        ):
            self.__dict__.pop(name, None)

    def export(self) -> dict[str, np.ndarray]:
        """Every array of the partition (graph export and tests)."""
        return {
            "rows": self.rows[: self.n].copy(),
            "status": _cat(self.status, np.int64),
            "e_count": _cat(self.e_count, np.int64),
            "e_act": _cat(self.e_act, np.int32),
            "e_prob": _cat(self.e_prob, np.float64),
            "e_succ": _cat(self.e_succ, np.int64),
            "bits": _cat(self.bits, np.uint64),
            "pybits": _cat(self.pybits, np.uint64),
        }

    # Checkpoints ----------------------------------------------------------------------
    def checkpoint(self, directory: str, level: int) -> None:
        """Write what this level added (states received, states expanded, their edges)
        to ``directory/part-P-level-L.npz`` (atomically)."""
        arrays = {
            "rows": self.rows[self._saved_states : self.n],
            "n": np.array([self.n, self.lo, self.level]),
            "messages": np.array([json.dumps(self.messages)]),
        }
        for name in (
            "depth",
            "parent",
            "pact",
            "status",
            "bits",
            "pybits",
            "e_count",
            "e_act",
            "e_prob",
            "e_succ",
            "e_pybits",
        ):
            chunks = getattr(self, name)
            k = self._saved.get(name, 0)
            arrays[name + "_lens"] = np.array([len(c) for c in chunks[k:]], dtype=np.int64)
            arrays[name] = _cat(chunks[k:], chunks[0].dtype if chunks else np.int64)
            self._saved[name] = len(chunks)
        path = os.path.join(directory, f"part-{self.index}-level-{level}.npz")
        with atomic_file(path, binary=True) as fh:
            np.savez(fh, **arrays)  # type: ignore[arg-type]
        self._saved_states = self.n

    def restore(self, directory: str, level: int) -> int:
        """Read back the checkpoints of levels 0..``level``; the number of states."""
        names = (
            "depth",
            "parent",
            "pact",
            "status",
            "bits",
            "pybits",
            "e_count",
            "e_act",
            "e_prob",
            "e_succ",
            "e_pybits",
        )
        rows = []
        for lv in range(level + 1):
            with np.load(os.path.join(directory, f"part-{self.index}-level-{lv}.npz")) as f:
                rows.append(f["rows"])
                self.n, self.lo, self.level = (int(x) for x in f["n"])
                self.messages = {k: tuple(v) for k, v in json.loads(str(f["messages"][0])).items()}  # type: ignore[misc]
                for name in names:
                    lens = f[name + "_lens"]
                    data = f[name]
                    chunks = getattr(self, name)
                    at = 0
                    for m in lens:
                        chunks.append(data[at : at + m].copy())
                        at += m
        self.rows = np.zeros((max(1024, 2 * self.n), self.nwords), dtype=np.uint64)
        if rows:
            self.rows[: self.n] = np.concatenate(rows)
        size = 2048
        while 2 * self.n > size:
            size *= 2
        self.table = rowtable.rebuild(self.rows, self.n, size)
        self._saved = {name: len(getattr(self, name)) for name in names}
        self._saved_states = self.n
        return self.n


def _cat(chunks: list[np.ndarray], dtype: Any) -> np.ndarray:
    if not chunks:
        return np.zeros(0, dtype=dtype)
    return chunks[0] if len(chunks) == 1 else np.concatenate(chunks)
