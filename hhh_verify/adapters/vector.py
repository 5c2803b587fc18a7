"""A game's compiled kernel as a batched Gymnasium vector environment.

``vector_env(GAME, config, num_envs=N)`` steps ``N`` games of a cooperative game at once
inside the game's compiled kernel (``GameSpec.kernel``, when the kernel offers batched
games: :class:`BatchKernel`). It is one agent playing every seat, as the reference
environments let a cooperative game be played. Each observation row is the kernel's flat
state of one game; an action is an index into that game's legal actions in the
reference's order (``infos["legal_count"]``: the legal indices are ``0 .. count - 1``),
so sampling ``rng.integers(count)`` is uniform random play. Draws are resolved inside
the step from the exact law, the game's return (``reward="win"``: 1 or 0; ``"money"``:
a won game's money, -1 for a loss) comes with ``terminated``, and a finished game is
started again at the next step (Gymnasium's next-step autoreset). Results depend only on
the seed and the actions, never on ``num_envs``. ``tests/test_adapters_vector.py`` proves
it equal in law to the reference model; ``benchmarks/adapters_vector.py`` measures it.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import numpy as np

from ..errors import ModelError
from . import core

try:
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
except ImportError:  # pragma: no cover - exercised only without the extra
    raise ModelError(
        'the vector environment needs gymnasium: pip install -e ".[pettingzoo]"'
    ) from None


@runtime_checkable
class BatchKernel(Protocol):
    """Batched games of one model (``kernel.batch()``)."""

    state_size: int
    max_actions: int

    def new(self, rows: int) -> dict[str, np.ndarray]: ...

    def reset(self, buf: dict[str, np.ndarray], base: int, fresh: bool) -> None: ...

    def step(
        self, buf: dict[str, np.ndarray], actions: np.ndarray, base: int, money: bool
    ) -> int: ...

    def decode(self, row: np.ndarray) -> Any: ...


@runtime_checkable
class BatchingKernel(Protocol):
    """A kernel that also plays many games at once (an optional part of a kernel)."""

    def batch(self) -> Any: ...


def batch_kernel(setup: core.Setup) -> BatchKernel:
    """The batched kernel of a game, or a clear error when it has none."""
    spec = setup.spec
    if spec.kernel is None:
        raise ModelError(f"game {spec.id!r} has no compiled kernel; use the PettingZoo adapter")
    kernel = spec.kernel(setup.model)
    batch = kernel.batch() if isinstance(kernel, BatchingKernel) else None
    if not isinstance(batch, BatchKernel):
        raise ModelError(f"game {spec.id!r}'s kernel plays no batched games")
    if not setup.space.cooperative:
        raise ModelError(f"game {spec.id!r} is competitive; the vector environment is one agent")
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
        core.check_choice("reward", reward, core.rewards(self.setup.space))
        self.batch = batch_kernel(self.setup)
        self.num_envs = int(num_envs)
        self.reward = reward
        size, most = self.batch.state_size, self.batch.max_actions
        info = np.iinfo(np.int64)
        self.single_observation_space = spaces.Box(info.min, info.max, (size,), np.int64)
        self.single_action_space = spaces.Discrete(most)
        self.observation_space = spaces.Box(info.min, info.max, (self.num_envs, size), np.int64)
        self.action_space = spaces.MultiDiscrete(np.full(self.num_envs, most))
        self._buf = self.batch.new(self.num_envs)
        self._base = 0

    def reset(self, *, seed: int | None = None, options: Any = None) -> tuple[Any, dict[str, Any]]:
        if seed is not None:
            self._base = int(seed) & 0xFFFFFFFFFFFFFFFF
        self.batch.reset(self._buf, self._base, seed is not None)
        return self._buf["states"].copy(), self._infos()

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        acts = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)
        bad = self.batch.step(self._buf, acts, self._base, self.reward == "money")
        if bad >= 0:
            raise ModelError(
                f"env {bad}: action {int(acts[bad])} is not a legal index "
                f"(0..{int(self._buf['legal_n'][bad]) - 1})"
            )
        ended = self._buf["ended"]
        if (ended == 3).any():
            raise ModelError(f"a state has more than {self.batch.max_actions} legal actions")
        terminated = ended == 1
        truncated = ended == 2  # no action and not over: stuck (the model's deadlock)
        return (
            self._buf["states"].copy(),
            self._buf["rewards"].copy(),
            terminated,
            truncated,
            self._infos(),
        )

    def _infos(self) -> dict[str, Any]:
        return {"legal_count": np.maximum(self._buf["legal_n"], 0)}

    def model_state(self, i: int) -> Any:
        """Game ``i``'s state as the reference model's state."""
        return self.batch.decode(self._buf["states"][i])
