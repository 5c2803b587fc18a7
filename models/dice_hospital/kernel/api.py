"""The kernel seen from Python: :class:`DHKernel` wraps one (config, interpretation)
model's compiled rules for the engines and the equality tests."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.kernel import KernelGame, PartedGame
from hhh_verify.contract.outcomes import Outcome
from hhh_verify.kernel import parted as kernel_parted
from hhh_verify.kernel import steps as kernel_steps

from ..rules.model import DHModel
from . import layout
from .chance import (
    ENUMERATE,
    LOG,
    OVERFLOW,
    POS,
    advance,
    new_chance,
)
from .codec import (
    action_row,
    config_array,
    decode,
    encode,
    row_action,
)
from .leaf import run_leaf, sample_leaf
from .legal import legal
from .order import sort_rows
from .parted import play_until_parted
from .play import (
    CUT,
    DEADLOCK,
    DONE,
    GREEDY,
    MIXED,
    NR,
    R_POINTS,
    RANDOM,
    TOO_MANY,
    greedy_best,
    play_games,
    play_paired,
    work_arrays,
)
from .weights import leaf_weight


class DHKernel:
    """The compiled rules of one Dice Hospital model (its config and readings as data)."""

    def __init__(self, model: DHModel, planted: int = 0):
        self.model = model
        self.ctx = model.ctx
        self.K = config_array(model.ctx, planted)
        self.init = encode(model.initial_state())
        self._acts = np.zeros((layout.MAX_ACTIONS, layout.NA), dtype=np.int64)

    def encode(self, s: Any) -> np.ndarray:
        return encode(s)

    def decode(self, v: Any) -> Any:
        return decode(self.ctx, v)

    def legal_rows(self, v: np.ndarray) -> np.ndarray:
        n = legal(self.K, v, self._acts)
        if n > layout.MAX_ACTIONS:
            raise ModelError(f"more than {layout.MAX_ACTIONS} legal actions: beyond the kernel")
        sort_rows(self._acts, n)
        return self._acts[:n].copy()

    def legal_actions(self, s: Any) -> tuple[Any, ...]:
        return tuple(row_action(r) for r in self.legal_rows(self.encode(s)))

    def leaves(self, v: np.ndarray, row: np.ndarray) -> list[tuple[np.ndarray, Fraction]]:
        """Every leaf of the chance tree of ``row`` in ``v``: (successor, exact weight)."""
        ch = new_chance(ENUMERATE)
        out = np.empty(layout.NSTATE, dtype=np.int64)
        leaves = []
        while True:
            run_leaf(self.K, v, row, ch, out)
            if ch[OVERFLOW]:
                raise ModelError("a step with more chance events than the kernel logs")
            n = int(ch[POS])
            log = ch[LOG : LOG + 5 * n].reshape(n, 5)
            events = [tuple(int(x) for x in e) for e in log]
            leaves.append((out.copy(), leaf_weight(events)))
            if not advance(ch):
                return leaves

    def step_arrays(self, v: np.ndarray, row: np.ndarray) -> dict[bytes, Fraction]:
        """The exact outcome distribution over kernel arrays (``bytes`` keys), merged."""
        return kernel_steps.merged(self.leaves(v, row))

    def step(self, s: Any, a: Any) -> tuple[tuple[Any, Fraction], ...]:
        dist = self.step_arrays(self.encode(s), action_row(a))
        return kernel_steps.decoded(dist, self.decode)

    def sample_step(self, s: Any, a: Any, seed: int, k: int = 0) -> Any:
        out = np.empty(layout.NSTATE, dtype=np.int64)
        sample_leaf(self.K, self.encode(s), action_row(a), np.uint64(seed), k, out)
        return self.decode(out)


POLICY_CODES = {"random": RANDOM, "greedy": GREEDY, "mixed": MIXED}
REASONS = {CUT: "max-steps", DEADLOCK: "deadlock"}


def _result(model: DHModel, row: Any) -> KernelGame:
    """A result row (:mod:`.play`) as a game: the outcome the model gives its end."""
    reason, steps, decisions, rnd, mask = (int(x) for x in row[:R_POINTS])
    if reason == TOO_MANY:
        raise ModelError(
            f"a position with more than {layout.MAX_ACTIONS} legal actions: beyond the kernel; "
            "play this config with --engine reference"
        )
    if reason != DONE:
        return KernelGame(None, REASONS[reason], steps, decisions, rnd)
    P = model.config.players
    points = tuple(int(x) for x in row[R_POINTS : R_POINTS + P])
    winners = tuple(p for p in range(P) if mask >> p & 1)
    out = Outcome(None, "completed", scores=points, winners=winners)
    return KernelGame(out, out.reason, steps, decisions, rnd)


class GameKernel(DHKernel):
    """The :class:`hhh_verify.contract.model.Kernel` protocol over :class:`DHKernel`."""

    policies = frozenset(POLICY_CODES)

    def __init__(self, model: DHModel, planted: int = 0):
        super().__init__(model, planted)
        self._path = kernel_parted.PathBuffers(layout.NA, layout.NSTATE)  # parted_game's path
        self._work = work_arrays()

    def greedy_best(self, s: Any) -> tuple[Any, ...]:
        """The actions the kernel's greedy player scores best."""
        v = self.encode(s)
        rows = self.legal_rows(v)
        idx = np.zeros(len(rows), dtype=np.int64)
        m = greedy_best(self.K, v, rows, len(rows), idx)
        return tuple(row_action(rows[i]) for i in idx[:m])

    def play(self, seeds: Any, policy: str, max_steps: int) -> np.ndarray:
        """One result row per seed (:mod:`.play`)."""
        seeds = np.asarray(seeds, dtype=np.uint64)
        out = np.zeros((len(seeds), NR), dtype=np.int64)
        play_games(self.K, self.init, seeds, POLICY_CODES[policy], max_steps, out, self._work)
        return out

    def games(self, seeds: Sequence[int], policy: str, max_steps: int) -> list[KernelGame]:
        rows = self.play(np.array(seeds, dtype=np.uint64), policy, max_steps)
        return [_result(self.model, r) for r in rows]

    def paired_games(
        self, other: Any, seeds: Sequence[int], policy: str, max_steps: int
    ) -> list[tuple[KernelGame, KernelGame, int | None]]:
        seeds_arr = np.array(seeds, dtype=np.uint64)
        rows = np.zeros((len(seeds_arr), 2 * NR + 1), dtype=np.int64)
        play_paired(
            self.K,
            other.K,
            self.init,
            other.init,
            seeds_arr,
            POLICY_CODES[policy],
            max_steps,
            rows,
            self._work,
        )
        out = []
        for r in rows:
            parted = int(r[2 * NR])
            out.append(
                (
                    _result(self.model, r[:NR]),
                    _result(other.model, r[NR : 2 * NR]),
                    None if parted < 0 else parted,
                )
            )
        return out

    def parted_game(self, other: Any, seed: int, policy: str, max_steps: int) -> PartedGame:
        def play(rows: np.ndarray, states: np.ndarray, last_b: np.ndarray) -> tuple[int, int]:
            code = POLICY_CODES[policy]
            args = (self.init, np.uint64(seed), code, max_steps, rows, states, last_b)
            return play_until_parted(self.K, other.K, *args, self._work)

        def same_end(at: np.ndarray, k: int) -> bool:  # readings may still name other winners
            end = self.decode(at)
            return bool(self.model.outcome(end) == other.model.outcome(end))

        return kernel_parted.parted_game(self, other, self._path, play, row_action, same_end)

    def count_states(self, max_states: int) -> dict[str, Any]:
        from .explore import explore_counts

        r = explore_counts(self, max_states)
        if r["overflow"]:
            raise ModelError(
                "a step with more chance events than the kernel explorer logs; "
                "explore this config with --engine reference"
            )
        r["terminal"] = r.pop("outcomes")
        return r

    def graph(self) -> Any:
        """This model as the compiled explorer's graph source (:mod:`.graph`)."""
        from .graph import DHGraph

        return DHGraph(self)
