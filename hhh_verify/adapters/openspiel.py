"""Any registered model as an OpenSpiel game (``pyspiel``).

``load_game(GAME, config="tiny")`` returns a ``pyspiel.Game``; the same game loads as
``pyspiel.load_game("hhh_verify_GAME(preset=tiny)")`` once :func:`register` (or
:func:`load_game`) has run. Parameters:

* ``preset``: a preset name; ``config``: overrides as ``key:value;key:value`` (list
  items joined by ``/``); ``interpret``: readings as ``ID:OPTION;ID:OPTION``;
* ``chance``: ``exact`` (chance nodes list the model's exact distribution: floats, with
  the Fractions from :meth:`ModelState.chance_outcomes_exact`), ``sampled`` (one hidden
  draw per chance node from the game's generator, OpenSpiel's SAMPLED_STOCHASTIC mode)
  or ``sample-average`` (chance nodes list the empirical distribution of
  ``chance_samples`` draws, seeded by the state: tree search such as ``MCTSBot``, which
  needs the same children at every visit, works on the full game);
* ``seed``: the generator seed of the sampled modes; ``reward``: ``win`` (1 or 0 for
  every player of a cooperative game) or ``money`` (a won game's money, -1 for a loss).

Decisions are model actions numbered by the game's canonical action list; a decision
whose step is random becomes a chance node that resolves it. The games are of perfect
information (every player sees the whole state; face-down components are part of it
only as the pool every player knows): observation strings describe the state,
observation tensors are the game's declared encoding, information-state strings are the
history (no information-state tensor: the state itself is the sufficient statistic).
OpenSpiel's ``MCTSBot`` expands a node's children once, so it needs the same chance
children at every visit: search the ``sample-average`` game, not the ``sampled`` one.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from ..model import CHANCE, TERMINAL, ModelError
from ..registry import games
from . import core

try:
    import numpy as np
    import pyspiel
except ImportError:  # pragma: no cover - exercised only without the extra
    raise ModelError(
        'the OpenSpiel adapter needs open-spiel: pip install -e ".[openspiel]"'
    ) from None

PREFIX = "hhh_verify_"
DEFAULTS = {
    "config": "",
    "interpret": "",
    "chance": "exact",
    "chance_samples": 16,
    "seed": 0,
    "reward": "win",
}
#: OpenSpiel numbers actions with C++ ints.
MAX_ACTIONS = 2**31 - 1
_MODES = {
    "exact": pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    "sampled": pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    "sample-average": pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
}


def short_name(game_id: str) -> str:
    return PREFIX + game_id


def _game_type(spec: Any, cooperative: bool, players: tuple[int, int], mode: str) -> Any:
    Util = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=short_name(spec.id),
        long_name=f"{spec.title} (hhh-verify)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=_MODES[mode],
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=Util.IDENTICAL if cooperative else Util.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"preset": spec.default_preset, **DEFAULTS},
    )


def register(game_id: str) -> str:
    """Register ``hhh_verify_<game_id>`` with OpenSpiel (once); returns the name."""
    name = short_name(game_id)
    if name in pyspiel.registered_names():
        return name
    base = core.setup(game_id)
    space = base.space
    game_type = _game_type(base.spec, space.cooperative, (1, 8), "exact")

    class Game(ModelGame):
        GAME_ID = game_id

    Game.__name__ = Game.__qualname__ = f"ModelGame_{game_id}"
    pyspiel.register_game(game_type, Game)
    return name


def register_all() -> list[str]:
    """Register every game of the registry; returns their OpenSpiel names."""
    return [register(gid) for gid in games()]


def load_game(
    game_id: str,
    config: Any = None,
    interpret: Any = (),
    *,
    overrides: Any = (),
    chance: str = "exact",
    chance_samples: int = 16,
    seed: int = 0,
    reward: str = "win",
) -> Any:
    """A ``pyspiel.Game`` of a registered model (``config``: preset name, config object
    or ``None``; ``overrides``: ``key=value``; ``interpret``: ``ID=OPTION`` readings)."""
    name = register(game_id)
    s = core.setup(game_id, config, interpret, overrides)
    params = {
        "preset": s.preset,
        "config": core.to_param(s.overrides),
        "interpret": core.to_param(s.interpret),
        "chance": chance,
        "chance_samples": int(chance_samples),
        "seed": int(seed),
        "reward": reward,
    }
    return pyspiel.load_game(name, params)


class ModelGame(pyspiel.Game):
    """A model as an OpenSpiel game (subclassed per game id by :func:`register`)."""

    GAME_ID = ""

    def __init__(self, params: Any = None):
        params = {"preset": "", **DEFAULTS, **dict(params or {})}
        core.check_choice("chance", params["chance"], core.CHANCE_MODES)
        core.check_choice("reward", params["reward"], core.REWARDS)
        if int(params["chance_samples"]) < 1:
            raise ModelError("chance_samples must be at least 1")
        self.setup = core.setup(
            self.GAME_ID,
            params["preset"] or None,
            core.from_param(params["interpret"]),
            core.from_param(params["config"]),
        )
        self.model = self.setup.model
        self.space = self.setup.space
        self.chance = params["chance"]
        self.samples = int(params["chance_samples"])
        self.seed = int(params["seed"])
        self.reward = params["reward"]
        self.rng = random.Random(self.seed)  # the sampled mode's generator (OpenSpiel's)
        self.cache = core.Cache()
        core.check_action_count(self.space, MAX_ACTIONS, "OpenSpiel", "its action ids are int32")
        low, high = core.utility_range(self.space, self.reward)
        ceiling = {"exact": self.space.max_chance_outcomes, "sampled": 1}
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.space.actions),
            max_chance_outcomes=ceiling.get(self.chance, self.samples),
            num_players=self.space.players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=self.space.max_game_length,
        )
        n = self.space.players
        game_type = _game_type(self.setup.spec, self.space.cooperative, (n, n), self.chance)
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> ModelState:
        return ModelState(self)

    def state_from_model(self, s: Any) -> ModelState:
        """A game state at the model state ``s`` (to search from a state reached
        elsewhere, e.g. a real game played with exact sampling)."""
        state = ModelState(self)
        state._set(s, None)
        return state

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        history = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _HistoryObserver() if history else _StateObserver(self.space.observation_size)

    # Chance outcomes (cached: they are costly, and asked for then applied) -------------
    def outcomes(self, s: Any, a: Any) -> tuple[core.ChanceOutcome, ...]:
        if self.chance == "exact":
            ceiling = self.space.max_chance_outcomes
            return self.cache.get(
                ("exact", s, a), lambda: core.exact_outcomes(self.model, s, a, ceiling)
            )
        return self.cache.get(
            ("saa", s, a),
            lambda: core.sample_average_outcomes(self.model, s, a, self.samples, self.seed),
        )


class _Frozen:
    """Holds an immutable value; cloning a state shares it instead of deep-copying."""

    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value

    def __deepcopy__(self, memo: Any) -> _Frozen:
        return self

    def __getstate__(self) -> Any:
        return (self.value,)

    def __setstate__(self, state: Any) -> None:
        self.value = state[0]


class ModelState(pyspiel.State):
    """A model state, plus the pending move when a random step is being resolved."""

    def __init__(self, game: ModelGame):
        super().__init__(game)
        self._path = _Frozen(())
        self._set(game.model.initial_state(), None)

    # Internals -------------------------------------------------------------------------
    @property
    def _game(self) -> ModelGame:
        return self.get_game()  # type: ignore[no-any-return]

    @property
    def model_state(self) -> Any:
        """The model's state (at a chance node: the state before the pending move)."""
        return self._s.value

    @property
    def pending(self) -> Any:
        """The model action whose random outcome this chance node resolves, or None."""
        return self._pending.value

    def _set(self, s: Any, pending: Any) -> None:
        self._s = _Frozen(s)
        if pending is None:
            pending = core.pending_draw(self._game.model, s)
        self._pending = _Frozen(pending)

    def _record(self, a: Any, outcome: int, after: Any, samples: Any) -> None:
        path = core.extend(self._path.value, self._game.model, a, outcome, after, samples)
        self._path = _Frozen(path)

    def _outcomes(self) -> tuple[core.ChanceOutcome, ...]:
        return self._game.outcomes(self.model_state, self.pending)

    # OpenSpiel API ---------------------------------------------------------------------
    def current_player(self) -> int:
        if self.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        p = self._game.model.current_player(self.model_state)
        if p == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        assert p != CHANCE
        return int(p)

    def is_terminal(self) -> bool:
        return self.pending is None and self._game.model.outcome(self.model_state) is not None

    def _legal_actions(self, player: int) -> list[int]:
        space = self._game.space
        out = []
        for a in self._game.model.legal_actions(self.model_state):
            try:
                out.append(space.index(a))
            except KeyError:
                raise ModelError(
                    f"legal action {a!r} is not in the game's declared action space"
                ) from None
        return sorted(out)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._game.chance == "sampled":
            return [(0, 1.0)]
        return [(i, float(o.probability)) for i, o in enumerate(self._outcomes())]

    def chance_outcomes_exact(self) -> list[tuple[int, Fraction]]:
        """The chance outcomes with their exact probabilities (not in ``sampled``)."""
        if self._game.chance == "sampled":
            raise ModelError("the sampled chance mode lists no outcomes; use exact")
        return [(i, o.probability) for i, o in enumerate(self._outcomes())]

    def _apply_action(self, action: int) -> None:
        game, model = self._game, self._game.model
        s, a = self.model_state, self.pending
        if a is not None:  # resolve the pending random step
            if game.chance == "sampled":
                rec = core.RecordingRandom(game.rng.getrandbits(64))
                after = core.sample(model, s, a, rec)
                self._record(a, 0, after, tuple(rec.values))
            else:
                chosen = self._outcomes()[action]
                after = chosen.state
                self._record(a, action, after, chosen.samples)
            self._set(after, None)
            return
        a = game.space.actions[action]
        if a not in model.legal_actions(s):
            raise ModelError(f"action {action} ({a!r}) is not legal here")
        if game.chance == "exact":
            dist = model.step(s, a)
            if len(dist) == 1:
                self._record(a, 0, dist[0][0], None)
                self._set(dist[0][0], None)
            else:
                self._set(s, a)
            return
        known = core.deterministic_successor(model, s, a)
        if known is None:
            self._set(s, a)
        else:
            self._record(a, 0, known[0], known[1])
            self._set(known[0], None)

    def _action_to_string(self, player: int, action: int) -> str:
        model, s = self._game.model, self.model_state
        if player == pyspiel.PlayerId.CHANCE:
            what = model.describe_action(s, self.pending)
            if self._game.chance == "sampled":
                return f"{what}: sampled"
            p = self._outcomes()[action].probability
            return f"{what}: outcome {action} (p={p})"
        return str(model.describe_action(s, self._game.space.actions[action]))

    def returns(self) -> list[float]:
        outcome = None if self.pending is not None else self._game.model.outcome(self.model_state)
        return core.returns(self._game.space, outcome, self._game.reward)

    def __str__(self) -> str:
        text = str(self._game.model.describe_state(self.model_state))
        if self.pending is not None:
            text += f"\npending: {self._game.model.describe_action(self.model_state, self.pending)}"
        return text

    # Traces ----------------------------------------------------------------------------
    def to_trace(self, **meta: Any) -> Any:
        """The game so far as a trace that ``hhh-verify replay`` re-runs."""
        game = self._game
        return core.build_trace(game.setup, self._path.value, adapter="openspiel", **meta)


class _StateObserver:
    """Observation: the state's description and the game's fixed-length encoding."""

    def __init__(self, size: int):
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: ModelState, player: int) -> None:
        self.tensor[:] = state._game.space.observe(state.model_state)

    def string_from(self, state: ModelState, player: int) -> str:
        return str(state)


class _HistoryObserver:
    """Information state (perfect recall): the history of moves, the same for every
    player of this perfect-information game."""

    tensor = None
    dict: dict[str, Any] = {}

    def set_from(self, state: ModelState, player: int) -> None:
        raise ModelError("no information-state tensor: use the observation tensor")

    def string_from(self, state: ModelState, player: int) -> str:
        return str(state.history_str())
