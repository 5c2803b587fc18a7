"""A game's compiled kernel as a batched Gymnasium vector environment.

``vector_env(GAME, config, num_envs=N)`` steps ``N`` games at once inside the game's
compiled kernel (``GameSpec.kernel``), for every game whose adapter declaration says how
its kernel plays batched games (``ActionSpace.batch``: :class:`BatchKernel`). One agent
plays every seat, as the reference environments let a game be played by one learner
(self-play in a competitive game, where ``infos["player"]`` is the seat to move in each
game, -1 when a game just ended). An action is an index into that game's legal actions in the
reference's order (``infos["legal_count"]``: the legal indices are ``0 .. count - 1``),
so sampling ``rng.integers(count)`` is uniform random play.

Each observation row is what the seat to move sees: the kernel's flat state, with
what that seat may not see hidden in a game of imperfect information (Royal Hospital:
the other hands, the Medical deck and cards drawn by another seat shown as their
sizes, as the reference adapter shows them). Draws are resolved inside the step from
the exact law, and a finished game is started again at the next step (Gymnasium's
next-step autoreset). Returns come with ``terminated``: a cooperative game's
``rewards`` are one number per game (``reward="win"``: 1 or 0; a measure's name, e.g.
HHH's ``"money"``: a won game's value, -1 for a loss); a competitive game's are one row
per game with every seat's return (``"win"``: the zero-sum win shares after the
tie-breakers; ``"score"``: final scores). The kernel pays a cooperative return itself
when it names it (``BatchKernel.pays``: the environment asks for it by name); every
other return is computed as the reference adapters compute it (:mod:`.rewards`), from
the decoded final state and the model's outcome of it.
Results depend only on the seed and the actions, never on ``num_envs``.
``tests/test_adapters_vector*.py`` prove it equal in law to the reference model;
``benchmarks/adapters_vector.py`` measures it.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import numpy as np

from hhh_verify.adapters import core, rewards
from hhh_verify.contract.errors import ModelError

try:
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
except ImportError:  # pragma: no cover - exercised only without the extra
    raise ModelError(
        'the vector environment needs gymnasium: pip install -e ".[pettingzoo]"'
    ) from None


@runtime_checkable
class BatchKernel(Protocol):
    """Batched games of one model (what ``ActionSpace.batch`` makes of its kernel). Its
    buffers (``new``) hold one row per game: ``states`` (flat states), ``legal_n`` (the
    legal count; 0 or less: over), ``ended`` (1 ended, 2 stuck, 3 beyond the kernel),
    ``rewards`` (a cooperative game's return of a game that ended), and for a
    competitive game ``player`` (the seat to move) and, when a seat may not see all of
    a state, ``obs``. ``pays`` names the returns a cooperative game's kernel writes in
    ``rewards`` (``"win"``: 1 or 0; a measure's name: as :mod:`.rewards` defines it);
    ``step``'s last argument is the one of them to write (a competitive game's kernel
    pays none and ignores it)."""

    state_size: int
    max_actions: int
    pays: frozenset[str]

    def new(self, rows: int) -> dict[str, np.ndarray]: ...

    def reset(self, buf: dict[str, np.ndarray], base: int, fresh: bool) -> None: ...

    def step(
        self, buf: dict[str, np.ndarray], actions: np.ndarray, base: int, reward: str
    ) -> int: ...

    def decode(self, row: np.ndarray) -> Any: ...


def batch_kernel(setup: core.Setup) -> BatchKernel:
    """The batched kernel of a game, or a clear error when it has none."""
    spec = setup.spec
    if spec.kernel is None:
        raise ModelError(f"game {spec.id!r} has no compiled kernel; use the PettingZoo adapter")
    if setup.space.batch is None:
        raise ModelError(f"game {spec.id!r}'s kernel plays no batched games")
    batch = setup.space.batch(spec.kernel(setup.model))
    if not isinstance(batch, BatchKernel):
        raise ModelError(f"game {spec.id!r}'s batched games miss part of the protocol")
    return batch


def vector_env(
    game_id: str,
    config: Any = None,
    interpret: Any = (),
    *,
    num_envs: int = 64,
    overrides: Any = (),
    reward: str = "win",
) -> KernelVectorEnv:
    return KernelVectorEnv(game_id, config, interpret, num_envs, overrides, reward)


class KernelVectorEnv(VectorEnv):  # type: ignore[misc]
    """See the module docstring."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(
        self,
        game_id: str,
        config: Any = None,
        interpret: Any = (),
        num_envs: int = 64,
        overrides: Any = (),
        reward: str = "win",
    ):
        if int(num_envs) < 1:
            raise ModelError(f"num_envs={num_envs}; accepted: 1 or more")
        self.setup = core.setup(game_id, config, interpret, overrides)
        self.reward = rewards.reward(self.setup.spec, self.setup.space, reward)
        self.batch = batch_kernel(self.setup)
        self.num_envs = int(num_envs)
        size, most = self.batch.state_size, self.batch.max_actions
        info = np.iinfo(np.int64)
        self.single_observation_space = spaces.Box(info.min, info.max, (size,), np.int64)
        self.single_action_space = spaces.Discrete(most)
        self.observation_space = spaces.Box(info.min, info.max, (self.num_envs, size), np.int64)
        self.action_space = spaces.MultiDiscrete(np.full(self.num_envs, most))
        self._buf = self.batch.new(self.num_envs)
        self._base = 0
        self.cooperative = bool(self.setup.space.cooperative)
        self.players = int(self.setup.space.players)
        #: The kernel pays the reward itself (else it is read from the decoded state).
        self.paid = self.cooperative and self.reward.name in self.batch.pays
        self._ask = self.reward.name if self.paid else rewards.WIN

    def reset(self, *, seed: int | None = None, options: Any = None) -> tuple[Any, dict[str, Any]]:
        if seed is not None:
            self._base = int(seed) & 0xFFFFFFFFFFFFFFFF
        self.batch.reset(self._buf, self._base, seed is not None)
        return self._observations(), self._infos()

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        acts = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)
        bad = self.batch.step(self._buf, acts, self._base, self._ask)
        if bad >= 0:
            raise ModelError(
                f"env {bad}: action {int(acts[bad])} is not a legal index "
                f"(0..{int(self._buf['legal_n'][bad]) - 1})"
            )
        ended = self._buf["ended"]
        if (ended == 3).any():
            raise ModelError(
                f"a state has more than {self.batch.max_actions} legal actions or outgrew "
                "the kernel's room"
            )
        terminated = ended == 1
        truncated = ended == 2  # no action and not over: stuck (the model's deadlock)
        return (
            self._observations(),
            self._rewards(terminated),
            terminated,
            truncated,
            self._infos(),
        )

    def _observations(self) -> Any:
        return self._buf.get("obs", self._buf["states"]).copy()

    def _rewards(self, terminated: np.ndarray) -> Any:
        """The kernel's own returns (``paid``), or the return of each game that ended,
        from its decoded final state and the model's outcome of it (every seat's in a
        competitive game). A return outside the declared range is an error."""
        if self.paid:
            paid = self._buf["rewards"].copy()
            low, high = self.reward.range
            ended = paid[terminated]
            if ((ended < low) | (ended > high)).any():
                raise ModelError(
                    f"returns {ended.tolist()} outside the declared range {low}..{high}"
                )
            return paid
        out = np.zeros((self.num_envs, self.players), dtype=np.float64)
        model = self.setup.model
        for i in np.flatnonzero(terminated):
            state = self.model_state(int(i))
            out[i] = self.reward.returns(state, model.outcome(state))
        return out[:, 0].copy() if self.cooperative else out

    def _infos(self) -> dict[str, Any]:
        infos = {"legal_count": np.maximum(self._buf["legal_n"], 0)}
        if "player" in self._buf:
            infos["player"] = self._buf["player"].copy()
        return infos

    def model_state(self, i: int) -> Any:
        """Game ``i``'s state as the reference model's state."""
        return self.batch.decode(self._buf["states"][i])
