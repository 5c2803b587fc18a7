"""The kernel seen from Python: :class:`RHKernel` wraps one (config, interpretation)
model's compiled rules for the engines and the equality tests."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np
from numba import njit

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.kernel import KernelGame, PartedGame
from hhh_verify.contract.outcomes import Outcome
from hhh_verify.contract.readings import Reading
from hhh_verify.kernel import parted as kernel_parted
from hhh_verify.kernel import steps as kernel_steps

from ..rules import readings as R
from ..rules.model import RHModel
from . import layout
from .codec import (
    action_row,
    config_array,
    decode,
    encode,
    row_action,
)
from .legal import legal
from .play import (
    GREEDY,
    MAX_OUT,
    RANDOM,
    RES_W,
    greedy_best,
    play_games,
    play_paired,
    play_until_parted,
    sampled,
)
from .rng import seed_stream
from .rules import apply, outcomes

POLICY_CODES = {"random": RANDOM, "greedy": GREEDY}


@njit(cache=True)
def _leaf(K, s0, a, key, out) -> None:
    out[:] = s0
    apply(K, out, a, key)


@njit(cache=True)
def _sample(K, s0, a, seed, k, out) -> None:
    keys = np.zeros(MAX_OUT, dtype=np.int64)
    weights = np.zeros(MAX_OUT, dtype=np.int64)
    rs = np.zeros(1, dtype=np.uint64)
    seed_stream(rs, seed, k, 1)
    out[:] = s0
    sampled(K, out, a, rs, keys, weights)


#: Readings the kernel does not play (each raises a ModelError when a kernel is built).
NOT_COMPILED: tuple[Reading, ...] = (
    # a reward's congress doctor as a race token needs a decision (which token) the
    # kernel's action rows do not have
    R.DOCTOR_REWARD.RACE_TOKEN,
    # a terminal patient's helicopter discard is an action the kernel's rows lack
    R.HELICOPTER_TERMINAL.TERMINALS_TOO,
)


class RHKernel:
    """The compiled rules of one Royal Hospital model (its config and readings as data)."""

    def __init__(self, model: RHModel, planted: int = 0):
        for option in NOT_COMPILED:
            if model.readings.reads(option):
                raise ModelError(
                    f"{option.item} is not compiled in the Royal Hospital kernel; "
                    "use the reference engine"
                )
        self.model = model
        self.ctx = model.ctx
        self.K, self.F, self.T = config_array(model.ctx, planted)
        self.init = self.encode(model.initial_state())
        self._acts = np.zeros((layout.MAX_ACTIONS, layout.NA), dtype=np.int64)

    # Conversions --------------------------------------------------------------------
    def encode(self, s: Any) -> np.ndarray:
        return encode(self.K, self.T, s)

    def decode(self, v: Any) -> Any:
        if v[layout.S_ERR]:
            raise ModelError("a position outgrew the kernel's room; use --engine reference")
        return decode(self.K, self.T, v)

    # The contract, over reference states ---------------------------------------------
    def legal_rows(self, v: np.ndarray) -> np.ndarray:
        n = legal(self.K, v, self._acts)
        if n > layout.MAX_ACTIONS:
            raise ModelError(f"more than {layout.MAX_ACTIONS} legal actions: beyond the kernel")
        return self._acts[:n].copy()

    def legal_actions(self, s: Any) -> tuple[Any, ...]:
        return tuple(row_action(r) for r in self.legal_rows(self.encode(s)))

    def leaves(self, v: np.ndarray, row: np.ndarray) -> list[tuple[np.ndarray, Fraction]]:
        """Every chance outcome of ``row`` in ``v``: (successor, exact probability)."""
        keys = np.zeros(MAX_OUT, dtype=np.int64)
        weights = np.zeros(MAX_OUT, dtype=np.int64)
        n = outcomes(self.K, v, row, keys, weights)
        if not 0 < n <= MAX_OUT:
            raise ModelError("a chance step beyond the kernel")
        total = int(weights[:n].sum())
        out = []
        for i in range(n):
            succ = np.empty_like(v)
            _leaf(self.K, v, row, keys[i], succ)
            out.append((succ, Fraction(int(weights[i]), total)))
        return out

    def step_arrays(self, v: np.ndarray, row: np.ndarray) -> dict[bytes, Fraction]:
        """The exact outcome distribution over kernel arrays (``bytes`` keys), merged."""
        return kernel_steps.merged(self.leaves(v, row))

    def step(self, s: Any, a: Any) -> tuple[tuple[Any, Fraction], ...]:
        dist = self.step_arrays(self.encode(s), action_row(a))
        return kernel_steps.decoded(dist, self.decode)

    def sample_step(self, s: Any, a: Any, seed: int, k: int = 0) -> Any:
        v = self.encode(s)
        out = np.empty_like(v)
        _sample(self.K, v, action_row(a), np.uint64(seed), k, out)
        return self.decode(out)

    def greedy_best(self, s: Any) -> tuple[Any, ...]:
        """The actions the kernel's greedy player scores best, in legal order."""
        v = self.encode(s)
        rows = self.legal_rows(v)
        idx = np.zeros(max(len(rows), 1), dtype=np.int64)
        m = greedy_best(self.K, self.F, v, rows, len(rows), idx)
        return tuple(row_action(rows[i]) for i in idx[:m])

    def outcome(self, v: np.ndarray) -> Outcome | None:
        """The outcome of a kernel array (None before the end)."""
        row = np.zeros(RES_W, dtype=np.int64)
        from .play import result

        result(self.K, v, 0, 0, 0, row)
        return self._outcome(row)

    def _outcome(self, row: Any) -> Outcome | None:
        if int(row[0]) != 1:
            return None
        P = self.ctx.P
        mask = int(row[4])
        return Outcome(
            None,
            "completed",
            scores=tuple(int(x) for x in row[5 : 5 + P]),
            winners=tuple(p for p in range(P) if mask >> p & 1),
        )

    # Whole games ----------------------------------------------------------------------
    def play(self, seeds: Any, policy: str, max_steps: int) -> np.ndarray:
        seeds = np.asarray(seeds, dtype=np.uint64)
        out = np.zeros((len(seeds), RES_W), dtype=np.int64)
        play_games(self.K, self.F, self.init, seeds, POLICY_CODES[policy], max_steps, out)
        return out

    def game(self, row: Any) -> KernelGame:
        reason, steps, decisions, rnd = (int(x) for x in row[:4])
        if reason == -3:
            raise ModelError("a game outgrew the kernel's room; use --engine reference")
        if reason != 1:
            cut = "deadlock" if reason == -2 else "max-steps"
            return KernelGame(None, cut, steps, decisions, rnd)
        out = self._outcome(row)
        assert out is not None
        return KernelGame(out, out.reason, steps, decisions, rnd)


class GameKernel(RHKernel):
    """The :class:`hhh_verify.contract.model.Kernel` protocol over :class:`RHKernel`."""

    policies = frozenset(POLICY_CODES)

    def __init__(self, model: RHModel, planted: int = 0):
        super().__init__(model, planted)
        self._path = kernel_parted.PathBuffers(layout.NA, len(self.init))  # parted_game's path

    def games(self, seeds: Sequence[int], policy: str, max_steps: int) -> list[KernelGame]:
        return [self.game(r) for r in self.play(seeds, policy, max_steps)]

    def paired_games(
        self, other: Any, seeds: Sequence[int], policy: str, max_steps: int
    ) -> list[tuple[KernelGame, KernelGame, int | None]]:
        arr = np.asarray(seeds, dtype=np.uint64)
        out = np.zeros((len(arr), 2 * RES_W + 1), dtype=np.int64)
        play_paired(
            self.K,
            self.F,
            other.K,
            other.F,
            self.init,
            other.init,
            arr,
            POLICY_CODES[policy],
            max_steps,
            out,
        )
        pairs = []
        for r in out:
            parted = int(r[2 * RES_W])
            pairs.append(
                (self.game(r[:RES_W]), other.game(r[RES_W:]), None if parted < 0 else parted)
            )
        return pairs

    def parted_game(self, other: Any, seed: int, policy: str, max_steps: int) -> PartedGame:
        def play(rows: np.ndarray, states: np.ndarray, last_b: np.ndarray) -> tuple[int, int]:
            code = POLICY_CODES[policy]
            args = (self.init, np.uint64(seed), code, max_steps, rows, states, last_b)
            return play_until_parted(self.K, self.F, other.K, *args)

        def same_end(at: np.ndarray, k: int) -> bool:  # readings may still score it apart
            return self.outcome(at) == other.outcome(at)

        return kernel_parted.parted_game(self, other, self._path, play, row_action, same_end)

    def graph(self) -> Any:
        """This model as the compiled explorer's graph source (:mod:`.graph`)."""
        from .graph import RHGraph

        return RHGraph(self)

    def count_states(self, max_states: int) -> dict[str, Any]:
        from .explore import explore_counts

        return explore_counts(self, max_states)
