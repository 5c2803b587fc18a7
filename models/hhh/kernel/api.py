"""The kernel seen from Python: :class:`HHHKernel` wraps one (config, interpretation)
model's compiled rules for the engines and the equality tests."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.kernel import KernelGame, PartedGame
from hhh_verify.contract.readings import Reading
from hhh_verify.kernel import parted as kernel_parted
from hhh_verify.kernel import steps as kernel_steps

from ..rules import readings as R
from ..rules.model import HHHModel, rating
from ..rules.outcome import hhh_outcome
from ..rules.state import COMPLETED, REASONS
from . import layout
from .chance import (
    ENUMERATE,
    LOG,
    OVERFLOW,
    POS,
    advance,
    new_chance,
)
from .codec import action_row, config_array, decode, encode, row_action
from .leaf import run_leaf, sample_leaf
from .legal import legal
from .parted import play_until_parted
from .play import (
    GREEDY,
    MIXED,
    RANDOM,
    greedy_best,
    play_games,
    play_paired,
    work_arrays,
)
from .weights import leaf_weight

POLICY_CODES = {"random": RANDOM, "greedy": GREEDY, "mixed": MIXED}

#: Options the kernel does not compile, each with why; the reference engine plays them
#: (the constructor refuses them with a ModelError naming the option).
UNCOMPILED: dict[Reading, str] = {
    R.TR_TO_WARD_5.SURVIVES: "a Ward is stored as counts of patients per level 1..4: "
    "a level-5 Ward patient does not fit the state array",
    R.HEAL_DEATH_TIMING.AT_ONCE: "the kernel's Heal decisions (legal.py) always offer the "
    "bonus draws and reactions; not compiled yet",
    R.VISIT_DEATH_DRAWS.STOP: "the kernel's Visit draws each patient's whole chain "
    "(chance.py's chain law); a chain cut at the fatal cube is not compiled yet",
    R.ARREST_SETTLEMENT.PAID: "the kernel's die (board.py) ends an arrest before paying; "
    "not compiled yet",
}


def refuse_uncompiled(model: HHHModel) -> None:
    """A :class:`ModelError` when ``model`` plays an option of :data:`UNCOMPILED`."""
    for option in UNCOMPILED:
        if model.readings.reads(option):
            raise ModelError(
                f"{option.item} is not compiled in the hhh kernel; use the reference engine"
            )


class HHHKernel:
    """The compiled rules of one HHH model (its config and readings as data)."""

    def __init__(self, model: HHHModel, planted: int = 0):
        refuse_uncompiled(model)
        self.model = model
        self.ctx = model.ctx
        self.C = model.ctx.C
        self.K = config_array(model.ctx, planted)
        self.init = encode(self.C, model.initial_state())
        self._acts = np.zeros((layout.MAX_ACTIONS, layout.NA), dtype=np.int64)

    # Conversions --------------------------------------------------------------------
    def encode(self, s: Any) -> np.ndarray:
        return encode(self.C, s)

    def decode(self, v: Any) -> Any:
        return decode(self.ctx, v)

    # The contract, over reference states ---------------------------------------------
    def legal_rows(self, v: np.ndarray) -> np.ndarray:
        n = legal(self.K, v, self._acts)
        if n > layout.MAX_ACTIONS:
            raise ModelError(f"more than {layout.MAX_ACTIONS} legal actions: beyond the kernel")
        return self._acts[:n].copy()

    def legal_actions(self, s: Any) -> tuple[Any, ...]:
        return tuple(row_action(self.C, r) for r in self.legal_rows(self.encode(s)))

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
            log = ch[LOG : LOG + 6 * n].reshape(n, 6)
            events = [(int(e[0]), int(e[1]), int(e[2]), int(e[3]), int(e[4])) for e in log]
            leaves.append((out.copy(), leaf_weight(events)))
            if not advance(ch):
                return leaves

    def step_arrays(self, v: np.ndarray, row: np.ndarray) -> dict[bytes, Fraction]:
        """The exact outcome distribution over kernel arrays (``bytes`` keys), merged."""
        return kernel_steps.merged(self.leaves(v, row))

    def step(self, s: Any, a: Any) -> tuple[tuple[Any, Fraction], ...]:
        """The exact outcome distribution, merged (outcome order is the kernel's)."""
        dist = self.step_arrays(self.encode(s), action_row(self.C, a))
        return kernel_steps.decoded(dist, self.decode)

    def sample_step(self, s: Any, a: Any, seed: int, k: int = 0) -> Any:
        out = np.empty(layout.NSTATE, dtype=np.int64)
        sample_leaf(self.K, self.encode(s), action_row(self.C, a), np.uint64(seed), k, out)
        return self.decode(out)

    def greedy_best(self, s: Any) -> tuple[Any, ...]:
        """The actions the kernel's greedy player scores best, in legal order."""
        v = self.encode(s)
        rows = self.legal_rows(v)
        idx = np.zeros(len(rows), dtype=np.int64)
        m = greedy_best(self.K, v, rows, len(rows), idx)
        return tuple(row_action(self.C, rows[i]) for i in idx[:m])

    # Whole games ----------------------------------------------------------------------
    def play(self, seeds: Any, policy: str, max_steps: int) -> np.ndarray:
        """One game per seed; rows: reason, money, deaths, round, steps, decisions."""
        seeds = np.asarray(seeds, dtype=np.uint64)
        out = np.zeros((len(seeds), 6), dtype=np.int64)
        play_games(self.K, self.init, seeds, POLICY_CODES[policy], max_steps, out)
        return out

    def play_paired(self, other: HHHKernel, seeds: Any, policy: str, max_steps: int) -> np.ndarray:
        seeds = np.asarray(seeds, dtype=np.uint64)
        out = np.zeros((len(seeds), 13), dtype=np.int64)
        play_paired(
            self.K, other.K, self.init, other.init, seeds, POLICY_CODES[policy], max_steps, out
        )
        return out


def _result(model: HHHModel, row: Any) -> KernelGame:
    """A kernel result row (reason, money, deaths, round, steps, decisions) as a game."""
    reason, money, deaths, rnd, steps, decisions = (int(x) for x in row[:6])
    if reason <= 0:
        cut = "deadlock" if reason == -2 else "max-steps"
        return KernelGame(None, cut, steps, decisions, rnd, {"money": money, "deaths": deaths})
    won = reason == COMPLETED
    rated = money - model.config.money_at_start if model.ctx.rating_profit else money
    out = hhh_outcome(won, REASONS[reason], money, rating(rated) if won else None)
    return KernelGame(out, out.reason, steps, decisions, rnd, {"money": money, "deaths": deaths})


class GameKernel(HHHKernel):
    """The :class:`hhh_verify.contract.model.Kernel` protocol over :class:`HHHKernel`."""

    policies = frozenset(POLICY_CODES)

    def __init__(self, model: HHHModel, planted: int = 0):
        super().__init__(model, planted)
        self._path = kernel_parted.PathBuffers(layout.NA, layout.NSTATE)  # parted_game's path
        self._work = work_arrays()

    def batch(self) -> Any:
        """Many games stepped side by side (:mod:`.vector`, for batched learning)."""
        from .vector import BatchGames

        return BatchGames(self)

    def parted_game(self, other: Any, seed: int, policy: str, max_steps: int) -> PartedGame:
        def play(rows: np.ndarray, states: np.ndarray, last_b: np.ndarray) -> tuple[int, int]:
            code = POLICY_CODES[policy]
            args = (self.init, np.uint64(seed), code, max_steps, rows, states, last_b)
            return play_until_parted(self.K, other.K, *args, self._work)

        def same_end(at: np.ndarray, k: int) -> bool:  # the readings may still rate it apart
            row = (at[layout.REASON], at[layout.MONEY], at[layout.DEATHS], at[layout.ROUND], k, 0)
            return _result(self.model, row).outcome == _result(other.model, row).outcome

        return kernel_parted.parted_game(
            self, other, self._path, play, lambda r: row_action(self.C, r), same_end
        )

    def count_states(self, max_states: int) -> dict[str, Any]:
        from .explore import explore_counts

        r = explore_counts(self, max_states)
        if r["overflow"]:
            raise ModelError(
                "a state outgrew the kernel explorer's packing (a value beyond its range); "
                "explore this config with --engine reference"
            )
        r["terminal"] = r.pop("outcomes")
        return r

    def graph(self) -> Any:
        """This model as the compiled explorer's graph source (:mod:`.graph`)."""
        from .graph import HHHGraph

        return HHHGraph(self)

    def games(self, seeds: Sequence[int], policy: str, max_steps: int) -> list[KernelGame]:
        rows = self.play(np.array(seeds, dtype=np.uint64), policy, max_steps)
        return [_result(self.model, r) for r in rows]

    def paired_games(
        self, other: Any, seeds: Sequence[int], policy: str, max_steps: int
    ) -> list[tuple[KernelGame, KernelGame, int | None]]:
        rows = self.play_paired(other, np.array(seeds, dtype=np.uint64), policy, max_steps)
        out = []
        for r in rows:
            parted = int(r[12])
            out.append(
                (
                    _result(self.model, r[:6]),
                    _result(other.model, r[6:12]),
                    None if parted < 0 else parted,
                )
            )
        return out
