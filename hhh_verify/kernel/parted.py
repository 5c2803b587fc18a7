"""The Python half of a game kernel's ``parted_game`` (``diverge --engine kernel``),
alike in every game: the compiled half plays one paired game until two readings part,
into path buffers grown here on demand; this half turns the parting into a
:class:`~hhh_verify.contract.kernel.PartedGame`, decoding the path only once the readings
parted (decoding a state costs about a model step).

The parting codes are compiled into the games' kernels, so a game's ``kernel/cache.py``
names this file among its sources (:mod:`hhh_verify.kernel.cache`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

from hhh_verify.contract.kernel import PartedGame
from hhh_verify.contract.vocab import Parting

#: How a paired game ended: never parted (cut or deadlocked), legal actions differ at
#: the state after ``k`` steps, step ``k``'s successors differ, both over in one state;
#: or the path buffers filled up before ``max_steps`` (the caller grows them, replays).
NONE, LEGAL, SUCCESSORS, OVER, FULL = 0, 1, 2, 3, 4

#: The compiled half: plays into ``(rows, states, other)`` and returns ``(k, how)``.
PlayUntil = Callable[[np.ndarray, np.ndarray, np.ndarray], tuple[int, int]]

#: Whether both readings give the end state ``at`` (reached after ``k`` steps) one outcome.
SameEnd = Callable[[np.ndarray, int], bool]


class Side(Protocol):
    """One reading's kernel as the parting sees it: its start and its decoder."""

    @property
    def init(self) -> np.ndarray: ...

    def decode(self, v: Any) -> Any: ...


class PathBuffers:
    """Each step's action row and successor, kept between games and grown when a game
    outlasts them (the game is then played again from its start)."""

    def __init__(self, na: int, nstate: int, room: int = 256) -> None:
        self.rows = np.zeros((room, na), dtype=np.int64)
        self.states = np.zeros((room, nstate), dtype=np.int64)

    def play(self, play_until: PlayUntil) -> tuple[int, int, np.ndarray]:
        """``(k, how, other)``: the parting and reading B's parted successor."""
        other = np.zeros(self.states.shape[1], dtype=np.int64)
        while True:
            k, how = play_until(self.rows, self.states, other)
            if how != FULL:
                return k, how, other
            n = 4 * len(self.rows)
            self.rows = np.zeros((n, self.rows.shape[1]), dtype=np.int64)
            self.states = np.zeros((n, self.states.shape[1]), dtype=np.int64)


def parted_game(
    a: Side,
    b: Side,
    path: PathBuffers,
    play_until: PlayUntil,
    row_action: Callable[[np.ndarray], Any],
    same_end: SameEnd,
) -> PartedGame:
    """The first place where readings ``a`` and ``b`` part in one paired game."""
    if not np.array_equal(a.init, b.init):
        return PartedGame(Parting.START, 0, succ_a=a.decode(a.init), succ_b=b.decode(b.init))
    k, how, last_b = path.play(play_until)
    rows, states = path.rows, path.states
    if how == OVER:  # both over in one state: the readings may still end it apart
        if same_end(states[k - 1] if k else a.init, k):
            return PartedGame(Parting.NONE, k)
    elif how not in (LEGAL, SUCCESSORS):
        return PartedGame(Parting.NONE, k)
    steps = tuple((row_action(rows[j]), a.decode(states[j])) for j in range(k))
    state = steps[-1][1] if steps else a.decode(a.init)
    if how == LEGAL:
        return PartedGame(Parting.LEGAL_ACTIONS, k, steps, state)
    if how == SUCCESSORS:
        succ_a, succ_b = a.decode(states[k]), b.decode(last_b)
        return PartedGame(
            Parting.SUCCESSORS, k + 1, steps, state, row_action(rows[k]), succ_a, succ_b
        )
    return PartedGame(Parting.OUTCOME, k, steps, state)
