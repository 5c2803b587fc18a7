"""Any registered model as an OpenSpiel game (``pyspiel``).

Importing this module registers every game of the registry with OpenSpiel as
``hhh_verify_<id>`` (``hhh_verify_hhh``, ``hhh_verify_royal-hospital``,
``hhh_verify_dice-hospital``), so ``pyspiel.load_game("hhh_verify_hhh(preset=tiny)")``,
``pyspiel.deserialize_game_and_state`` and unpickling work once it is imported.
``load_game(GAME, config="tiny")`` is the Python way in. Parameters:

* ``preset``: a preset name; ``config``: overrides as ``key:value;key:value`` (list
  items joined by ``/``); ``interpret``: readings as ``ID:OPTION;ID:OPTION``;
  ``players``: the number of players (0: the preset's), within the range the game's
  config accepts (the registered game type's ``min_num_players``..``max_num_players``);
* ``chance``: ``exact`` (chance nodes list the model's exact distribution: floats, with
  the Fractions from :meth:`ModelState.chance_outcomes_exact`), ``sampled`` (one hidden
  draw per chance node from the game's generator, OpenSpiel's SAMPLED_STOCHASTIC mode)
  or ``sample-average`` (chance nodes list the empirical distribution of
  ``chance_samples`` draws, seeded by the state: tree search such as ``MCTSBot``, which
  needs the same children at every visit, works on the full game);
* ``seed``: the generator seed of the sampled modes;
* ``reward``: ``win`` for every game: a cooperative game pays 1 or 0 to every player,
  a competitive one +1 shared by the winners after the tie-breakers and -1 shared by
  the others (zero-sum); a cooperative game's measure by name (a won game's value, -1
  for a loss) or ``score`` (competitive: each seat's final score); see :mod:`.rewards`.

Decisions are model actions numbered by the game's canonical action list; a decision
whose step is random becomes a chance node that resolves it. Observations follow the
game's declaration (:mod:`.openspiel_observer`): everything in a game of perfect
information; in a game of imperfect information the public part and the player's own
private part. Information-state strings identify what the player has seen and done
(the drawn outcomes included, in every chance mode); ``str(state)`` identifies the
state. States serialise as JSON replayed by the rules (:mod:`.openspiel_state`).
OpenSpiel's ``MCTSBot`` expands a node's children once, so it needs the same chance
children at every visit: search the ``sample-average`` game, not the ``sampled`` one.
"""

from __future__ import annotations

import dataclasses
import random
import sys
from typing import Any

from hhh_verify.adapters import core, rewards
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.registry import games, get_game
from hhh_verify.contract.spec import GameSpec
from hhh_verify.contract.vocab import AdapterChance

try:
    import pyspiel
except ImportError:  # pragma: no cover - exercised only without the extra
    raise ModelError(
        'the OpenSpiel adapter needs open-spiel: pip install -e ".[openspiel]"'
    ) from None

from hhh_verify.adapters.openspiel_observer import Observer
from hhh_verify.adapters.openspiel_state import ModelState, parse_record, replay

PREFIX = "hhh_verify_"
DEFAULTS = {
    "config": "",
    "interpret": "",
    "players": 0,
    "chance": AdapterChance.EXACT.value,  # a plain str: OpenSpiel's parameter type
    "chance_samples": 16,
    "seed": 0,
    "reward": "win",
}
#: OpenSpiel numbers actions with C++ ints.
MAX_ACTIONS = 2**31 - 1
#: The most chance outcomes one step may declare in the ``exact`` mode (HHH's full game
#: declares 15,240,250 at most): a crafted config past it (64 cubes a colour, draws of
#: 12) would enumerate billions of outcomes at one chance node; refused at load, the
#: sampled modes take it.
MAX_EXACT_OUTCOMES = 2**24
#: The most draws a ``sample-average`` chance node takes (``chance_samples``).
MAX_CHANCE_SAMPLES = 2**16
#: Player counts tried when registering a game (its config says which it accepts).
MOST_PLAYERS = 8
_MODES = {
    AdapterChance.EXACT: pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    AdapterChance.SAMPLED: pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    AdapterChance.SAMPLE_AVERAGE: pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
}


def short_name(game_id: str) -> str:
    return PREFIX + game_id


def player_range(spec: GameSpec, space: Any) -> tuple[int, int]:
    """The player counts the game's default preset accepts (its config validates);
    a config without a ``players`` field has the one count its space declares."""
    base = spec.presets[spec.default_preset]
    if "players" not in {f.name for f in dataclasses.fields(base)}:
        return space.players, space.players
    ok = []
    for n in range(1, MOST_PLAYERS + 1):
        try:
            dataclasses.replace(base, players=n)
        except ModelError:
            continue
        ok.append(n)
    return min(ok), max(ok)


def _utility(space: Any, reward: rewards.Reward) -> Any:
    Util = pyspiel.GameType.Utility
    if space.cooperative:
        return Util.IDENTICAL
    return Util.ZERO_SUM if reward.total == 0 else Util.GENERAL_SUM


def _game_type(
    spec: GameSpec,
    space: Any,
    players: tuple[int, int],
    mode: AdapterChance,
    reward: rewards.Reward,
) -> Any:
    Info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=short_name(spec.id),
        long_name=f"{spec.title} (hhh-verify)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=_MODES[mode],
        information=(
            Info.PERFECT_INFORMATION if space.perfect_information else Info.IMPERFECT_INFORMATION
        ),
        utility=_utility(space, reward),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"preset": spec.default_preset, **DEFAULTS},
    )


def register(game_id: str) -> str:
    """Register ``hhh_verify_<game_id>`` with OpenSpiel (once); returns the name. The
    game's class is kept in this module, so games and states can be pickled."""
    name = short_name(game_id)
    if name in pyspiel.registered_names():
        return name
    base = core.setup(game_id)
    players = player_range(base.spec, base.space)
    game_type = _game_type(
        base.spec,
        base.space,
        players,
        AdapterChance.EXACT,
        rewards.reward(base.spec, base.space, rewards.WIN),
    )
    cls = type(_class_name(game_id), (ModelGame,), {"GAME_ID": game_id, "__module__": __name__})
    setattr(sys.modules[__name__], cls.__name__, cls)
    pyspiel.register_game(game_type, cls)
    return name


def _class_name(game_id: str) -> str:
    return "ModelGame_" + "".join(c if c.isalnum() else "_" for c in game_id)


def register_all() -> list[str]:
    """Register every game of the registry; returns their OpenSpiel names."""
    return [register(gid) for gid in games()]


def load_game(
    game_id: str,
    config: Any = None,
    interpret: Any = (),
    *,
    overrides: Any = (),
    players: int | None = None,
    chance: str = AdapterChance.EXACT.value,
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
        "players": int(players or 0),
        "chance": chance,
        "chance_samples": int(chance_samples),
        "seed": int(seed),
        "reward": reward,
    }
    return pyspiel.load_game(name, params)


def load_game_string(text: str) -> Any:
    """``pyspiel.load_game(text)`` for a game string of this module's games."""
    if not text.startswith(PREFIX):
        raise ModelError(f"{text!r} is not an hhh-verify game (names start with {PREFIX!r})")
    return pyspiel.load_game(text)


def serialize_game_and_state(state: Any) -> str:
    """The game and state as one JSON text (the state's record names its game)."""
    return str(state.serialize())


def deserialize_game_and_state(text: str) -> tuple[Any, Any]:
    """The game and state of :func:`serialize_game_and_state`'s JSON (never a pickle)."""
    record = parse_record(text)
    game = load_game_string(record["openspiel"])
    return game, replay(game, record)


def state_from_json(game_string: str, text: str) -> ModelState:
    """Unpickling a state: load the game by its OpenSpiel string, replay the JSON."""
    return replay(load_game_string(game_string), parse_record(text))


class ModelGame(pyspiel.Game):
    """A model as an OpenSpiel game (subclassed per game id by :func:`register`)."""

    GAME_ID = ""

    def __init__(self, params: Any = None):
        params = {"preset": "", **DEFAULTS, **dict(params or {})}
        core.check_choice("chance", params["chance"], AdapterChance.values())
        if not 1 <= int(params["chance_samples"]) <= MAX_CHANCE_SAMPLES:
            raise ModelError(
                f"chance_samples={int(params['chance_samples'])}; accepted: 1..{MAX_CHANCE_SAMPLES:,}"
            )
        overrides = core.from_param(params["config"])
        if int(params["players"]):
            overrides += (f"players={int(params['players'])}",)
        self.setup = core.setup(
            self.GAME_ID,
            params["preset"] or None,
            core.from_param(params["interpret"]),
            overrides,
        )
        self.model = self.setup.model
        self.space = self.setup.space
        self.chance = AdapterChance(params["chance"])
        self.samples = int(params["chance_samples"])
        self.seed = int(params["seed"])
        self.reward = rewards.reward(self.setup.spec, self.space, params["reward"])
        self.rng = random.Random(self.seed)  # the sampled mode's generator (OpenSpiel's)
        self.cache = core.Cache()
        core.check_action_count(self.space, MAX_ACTIONS, "OpenSpiel", "its action ids are int32")
        if self.chance == AdapterChance.EXACT:
            core.check_outcome_count(self.space, MAX_EXACT_OUTCOMES)
        low, high = self.reward.range
        ceiling = {AdapterChance.EXACT: self.space.max_chance_outcomes, AdapterChance.SAMPLED: 1}
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.space.actions),
            max_chance_outcomes=ceiling.get(self.chance, self.samples),
            num_players=self.space.players,
            min_utility=low,
            max_utility=high,
            utility_sum=self.reward.total,
            max_game_length=self.space.max_game_length,
        )
        n = self.space.players
        spec = self.setup.spec
        game_type = _game_type(spec, self.space, (n, n), self.chance, self.reward)
        super().__init__(game_type, info, params)

    def __reduce__(self) -> Any:
        return (load_game_string, (str(self),))

    def reduce_state(self, state: ModelState) -> Any:
        """How a state of this game pickles: its game's name and its JSON."""
        return (state_from_json, (str(self), state.serialize()))

    def new_initial_state(self) -> ModelState:
        return ModelState(self)

    def state_from_model(self, s: Any) -> ModelState:
        """A game state at the model state ``s`` (to search from a state reached
        elsewhere, e.g. a real game played with exact sampling)."""
        return ModelState(self, s)

    def deserialize_state(self, text: str) -> ModelState:
        """A state written by ``state.serialize()`` (JSON replayed by the rules; any other
        text, a pickle included, is refused with a :class:`ModelError`)."""
        return replay(self, parse_record(text))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        return Observer(self, iig_obs_type)

    # Chance outcomes (cached: they are costly, and asked for then applied) -------------
    def outcomes(self, s: Any, a: Any) -> tuple[core.ChanceOutcome, ...]:
        if self.chance == AdapterChance.EXACT:
            ceiling = self.space.max_chance_outcomes
            return self.cache.get(  # type: ignore[no-any-return]
                ("exact", s, a), lambda: core.exact_outcomes(self.model, s, a, ceiling)
            )
        return self.cache.get(  # type: ignore[no-any-return]
            ("saa", s, a),
            lambda: core.sample_average_outcomes(self.model, s, a, self.samples, self.seed),
        )


def _spec_ids() -> list[str]:
    return [gid for gid, spec in games().items() if core.declares(get_game(gid))]


for _game_id in _spec_ids():
    register(_game_id)
