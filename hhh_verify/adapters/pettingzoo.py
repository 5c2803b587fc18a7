"""Any registered model as a PettingZoo AEC environment.

``env(GAME, config="tiny")`` is an ``AECEnv`` whose agents are ``player_0`` ...;
the agent to act is the model's current player. Actions are ids in the game's canonical
action list (``Discrete``); each observation is a dict of the game's fixed-length
encoding (``observation``) and the legal-action mask (``action_mask``, all zeros for
an agent whose turn it is not). Chance is resolved inside ``step`` by the environment's
generator (seeded by ``reset(seed=...)``) with the model's sampler, which draws from the
same exact law as ``step``. Rewards come at the end: a cooperative game gives every
agent the same (``reward="win"``: 1 or 0; ``"money"``: a won game's money, -1 for a
loss); a competitive game gives each its score.
"""

from __future__ import annotations

import random
from typing import Any

from ..model import ModelError
from . import core

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError:  # pragma: no cover - exercised only without the extra
    raise ModelError(
        'the PettingZoo adapter needs pettingzoo: pip install -e ".[pettingzoo]"'
    ) from None

#: The longest action mask an observation carries (one byte per action: 128 MB); a
#: config whose declared action list is longer is refused (the game docs give their
#: games' counts).
MAX_MASK = 2**27


def env(game_id: str, config: Any = None, interpret: Any = (), **kwargs: Any) -> Any:
    """The environment wrapped as PettingZoo recommends (illegal moves and out-of-order
    calls become clear errors)."""
    e = raw_env(game_id, config, interpret, **kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's naming convention
    """A model as an AEC environment (see the module docstring)."""

    RENDER_MODES = ("ansi",)
    metadata = {"render_modes": list(RENDER_MODES), "is_parallelizable": False}

    def __init__(
        self,
        game_id: str,
        config: Any = None,
        interpret: Any = (),
        *,
        overrides: Any = (),
        reward: str = "win",
        render_mode: str | None = None,
    ):
        super().__init__()
        core.check_choice("reward", reward, core.REWARDS)
        if render_mode is not None:
            core.check_choice("render_mode", render_mode, self.RENDER_MODES)
        self.setup = core.setup(game_id, config, interpret, overrides)
        self.model, self.space = self.setup.model, self.setup.space
        self.reward = reward
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"hhh_verify_{game_id}_v0"}
        core.check_action_count(
            self.space, MAX_MASK, "the PettingZoo environment", "one action-mask byte each"
        )
        self.possible_agents = [f"player_{i}" for i in range(self.space.players)]
        n = len(self.space.actions)
        self._action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        -np.inf, np.inf, (self.space.observation_size,), np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._rng = random.Random()
        self._state: Any = None
        self._path: tuple[core.PathStep, ...] = ()

    def observation_space(self, agent: str) -> Any:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self._action_spaces[agent]

    # Game flow -------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: Any = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._path = ()
        self._state = self.model.initial_state()
        self.agent_selection = self.possible_agents[0]
        self._after_move()

    def _move(self, a: Any) -> None:
        """One model step, sampled from the exact law with a recorded generator."""
        rec = core.RecordingRandom(self._rng.getrandbits(64))
        after = core.sample(self.model, self._state, a, rec)
        self._path = core.extend(self._path, self.model, a, 0, after, tuple(rec.values))
        self._state = after

    def _after_move(self) -> None:
        """Resolve chance, then hand the turn to the next player or end the game."""
        draw = core.pending_draw(self.model, self._state)
        while draw is not None:
            self._move(draw)
            draw = core.pending_draw(self.model, self._state)
        outcome = self.model.outcome(self._state)
        if outcome is not None:
            values = core.returns(self.space, outcome, self.reward)
            for agent, value in zip(self.possible_agents, values):
                self.rewards[agent] = value
                self.terminations[agent] = True
                self.infos[agent] = {"outcome": outcome.to_json()}
            return
        self.agent_selection = self.possible_agents[self.model.current_player(self._state)]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        a = self.space.actions[int(action)]
        if a not in self.model.legal_actions(self._state):
            raise ModelError(f"action {int(action)} ({a!r}) is not legal for {agent} here")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {x: 0.0 for x in self.agents}
        self._move(a)
        self._after_move()
        self._accumulate_rewards()

    # Observations ----------------------------------------------------------------------
    def observe(self, agent: str) -> dict[str, Any]:
        mask = np.zeros(len(self.space.actions), np.int8)
        over = self.model.outcome(self._state) is not None
        if not over and agent == self.agent_selection:
            for a in self.model.legal_actions(self._state):
                mask[self.space.index(a)] = 1
        obs = np.asarray(self.space.observe(self._state), np.float32)
        return {"observation": obs, "action_mask": mask}

    @property
    def model_state(self) -> Any:
        return self._state

    def to_trace(self, **meta: Any) -> Any:
        """The game so far as a trace that ``hhh-verify replay`` re-runs."""
        return core.build_trace(self.setup, self._path, adapter="pettingzoo", **meta)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return str(self.model.describe_state(self._state))

    def close(self) -> None:
        pass
