"""Any registered model as a PettingZoo AEC environment.

``env(GAME, config="tiny")`` is an ``AECEnv`` whose agents are ``player_0`` ...;
the agent to act is the model's current player. Actions are ids in the game's canonical
action list (``Discrete``). Each agent's observation is a dict: ``observation``, what
that agent sees (the game's declared encoding: the whole state in a game of perfect
information; the public part, then the agent's own private part, in a game of imperfect
information such as Royal Hospital, where hands are secret), and ``action_mask`` (all
zeros for an agent whose turn it is not). ``state()`` is the whole state (the global
state of centralised training). Chance is resolved inside ``step`` by the environment's
generator (seeded by ``reset(seed=...)``) with the model's sampler, which draws from
the same exact law as ``step``. Rewards come at the end: ``reward="win"`` (every game)
pays a cooperative game's 1 or 0 to every agent, a competitive game's win shares
(+1 shared by the winners after the tie-breakers, -1 by the others); a cooperative
game's measure by name (e.g. HHH's ``"money"``) a won game's value, -1 for a loss;
``"score"`` (competitive) each agent's final score (:mod:`.rewards`).

The legal ids are computed once per decision and given sparse, as the acting agent's
``infos[agent]["legal_actions"]`` (sorted ids: what an agent should sample from when
the action list is long). The dense ``action_mask`` PettingZoo expects is built from
them once per decision, kept until the state changes, so ``observe`` and ``last``
called again return the same (read-only) array. A game with hundreds of thousands of action ids (Dice Hospital's
computed placements) pays one ``numpy.zeros`` of that length per decision (a
calloc-backed page mapping), never a Python loop over it.

Render modes: ``ansi`` returns the state's description; ``human`` writes it to standard
output after every step; ``rgb_array`` returns the game's board picture (its SVG,
rasterised by CairoSVG, which needs the system's libcairo) as an ``H x W x 3`` array.
"""

from __future__ import annotations

import io
import random
import sys
from typing import Any

from hhh_verify.adapters import core, rewards
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.model import sample_successor
from hhh_verify.contract.vocab import RenderMode

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
#: Width in pixels of ``rgb_array`` pictures (the height follows the board's shape).
PICTURE_WIDTH = 960


def env(game_id: str, config: Any = None, interpret: Any = (), **kwargs: Any) -> Any:
    """The environment wrapped as PettingZoo recommends (illegal moves and out-of-order
    calls become clear errors)."""
    e = raw_env(game_id, config, interpret, **kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's naming convention
    """A model as an AEC environment (see the module docstring)."""

    RENDER_MODES = (RenderMode.ANSI.value, RenderMode.HUMAN.value, RenderMode.RGB_ARRAY.value)
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
        if render_mode is not None:
            core.check_choice("render_mode", render_mode, self.RENDER_MODES)
        self.setup = core.setup(game_id, config, interpret, overrides)
        self.model, self.space = self.setup.model, self.setup.space
        self.reward = rewards.reward(self.setup.spec, self.space, reward)
        self.render_mode = None if render_mode is None else RenderMode(render_mode)
        self.metadata = {**self.metadata, "name": f"hhh_verify_{game_id}_v0"}
        core.check_action_count(
            self.space, MAX_MASK, "the PettingZoo environment", "one action-mask byte each"
        )
        self.possible_agents = [f"player_{i}" for i in range(self.space.players)]
        n = len(self.space.actions)
        size = core.public_size(self.space) + core.private_size(self.space)
        self._action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.state_space = spaces.Box(-np.inf, np.inf, (self.space.observation_size,), np.float32)
        self._rng = random.Random()
        self._state: Any = None
        self._mask: tuple[Any, Any] = (None, None)
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
        mover = self.model.current_player(self._state)
        after = sample_successor(self.model, self._state, a, rec)
        self._path = core.extend(self._path, self.model, a, 0, after, tuple(rec.values), mover)
        self._state = after

    def _after_move(self) -> None:
        """Resolve chance, then hand the turn to the next player or end the game."""
        draw = core.pending_draw(self.model, self._state)
        while draw is not None:
            self._move(draw)
            draw = core.pending_draw(self.model, self._state)
        outcome = self.model.outcome(self._state)
        if outcome is not None:
            values = self.reward.returns(self._state, outcome)
            for agent, value in zip(self.possible_agents, values):
                self.rewards[agent] = value
                self.terminations[agent] = True
                self.infos[agent] = {"outcome": outcome.to_json()}
            return
        agent = self.possible_agents[self.model.current_player(self._state)]
        self.agent_selection = agent
        self.infos = {a: {} for a in self.agents}
        self.infos[agent] = {"legal_actions": self.legal_ids()}

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
        if self.render_mode == RenderMode.HUMAN:
            self.render()

    # Observations ----------------------------------------------------------------------
    def legal_ids(self) -> list[int]:
        """The acting agent's legal action ids, sorted (also in its ``infos``)."""
        if self.model.outcome(self._state) is not None:
            return []
        index = self.space.index
        return sorted(index(a) for a in self.model.legal_actions(self._state))

    def _legal_mask(self) -> Any:
        """The acting agent's mask, built once per state (see the module docstring)."""
        if self._mask[0] is not self._state:
            mask = np.zeros(len(self.space.actions), np.int8)
            mask[self.infos[self.agent_selection].get("legal_actions", [])] = 1
            mask.flags.writeable = False
            self._mask = (self._state, mask)
        return self._mask[1]

    def observe(self, agent: str) -> dict[str, Any]:
        player = self.possible_agents.index(agent)
        if agent == self.agent_selection:
            mask = self._legal_mask()
        else:
            mask = np.zeros(len(self.space.actions), np.int8)
        seen = list(core.public_view(self.space, self._state))
        seen += core.private_view(self.space, self._state, player)
        return {"observation": np.asarray(seen, np.float32), "action_mask": mask}

    def state(self) -> Any:
        """The whole state (every player's hidden parts too), as ``state_space``."""
        return np.asarray(self.space.observe(self._state), np.float32)

    @property
    def model_state(self) -> Any:
        return self._state

    def to_trace(self, **meta: Any) -> Any:
        """The game so far as a trace that ``hhh-verify replay`` re-runs."""
        return core.build_trace(self.setup, self._path, adapter="pettingzoo", **meta)

    def render(self) -> Any:
        if self.render_mode is None:
            return None
        if self.render_mode == RenderMode.RGB_ARRAY:
            return picture(self.setup, self._state)
        text = str(self.model.describe_state(self._state))
        if self.render_mode == RenderMode.ANSI:
            return text
        sys.stdout.write(text + "\n")
        return None

    def close(self) -> None:
        pass


def picture(setup: Any, s: Any) -> Any:
    """The game's board picture of ``s`` as an ``H x W x 3`` ``uint8`` array."""
    render = setup.spec.load_board()
    if render is None:
        raise ModelError(f"game {setup.spec.id!r} draws no board picture; use render_mode='ansi'")
    try:
        import cairosvg
        from PIL import Image
    except (ImportError, OSError) as e:
        raise ModelError(
            "rgb_array rendering needs CairoSVG and the system's libcairo "
            f'(pip install -e ".[pettingzoo]"; apt-get install libcairo2): {e}'
        ) from None
    svg = render(setup.model, s).encode()
    png = cairosvg.svg2png(bytestring=svg, output_width=PICTURE_WIDTH, background_color="white")
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"), np.uint8)
