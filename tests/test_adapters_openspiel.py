"""The OpenSpiel adapter, checked by OpenSpiel's own tests.

``pyspiel.random_sim_test`` (legal actions sorted and unique by string, chance
probabilities, cloning, serialisation, observation sizes, returns in range, game
length within the bound) runs on every registered game that declares an action space:
exact chance on the small presets and on a few non-default readings, the full game in
the sampled modes (and exactly when its chance steps are short). ``MCTSBot`` plays full
HHH games and a short game of every declared game; a game of every declared game
played through the adapter replays in ``hhh-verify replay``.
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from typing import Any

import numpy as np
import pyspiel
import pytest
from click.testing import CliRunner
from open_spiel.python.algorithms import mcts

from hhh_verify.adapters import core
from hhh_verify.adapters import openspiel as osp
from hhh_verify.cli import main as cli
from hhh_verify.contract import registry
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.trace import save
from hhh_verify.models.hhh.rules.outcome import money_of

SMALL = ("tiny", "small")
#: Exact chance on the full game too when no chance step can list more outcomes than
#: this (Royal Hospital 15, Dice Hospital 220; HHH's full game declares a proven 15.2M, its
#: ``medium`` and ``large`` 383).
EXACT_CEILING = 10_000


def _declared() -> list[tuple[str, Any]]:
    return [(gid, spec) for gid, spec in registry.games().items() if core.declares(spec)]


def _exact_cases() -> list[Any]:
    out = []
    for gid, spec in _declared():
        for preset in spec.presets:
            if preset in SMALL or _few_outcomes(spec, preset):
                out.append(pytest.param(gid, preset, (), id=f"{gid}-{preset}"))
        # a few readings that change the flow most (one per ambiguity costs too long)
        if "tiny" in spec.presets:
            readings = [
                f"{a.id}={o}" for a in spec.ambiguities for o in a.option_ids if o != a.default
            ][:4]
            out += [pytest.param(gid, "tiny", (r,), id=f"{gid}-tiny-{r}") for r in readings]
    return out


def _few_outcomes(spec: Any, preset: str) -> bool:
    """Whether exact chance is affordable on ``preset``: the declared ceiling on one
    step's outcomes is at most ``EXACT_CEILING``."""
    return bool(spec.action_space(spec.model(preset)).max_chance_outcomes <= EXACT_CEILING)


def _full_cases() -> list[Any]:
    return [pytest.param(gid, id=gid) for gid, spec in _declared() if "full" in spec.presets]


def _without_declaration() -> list[str]:
    return [gid for gid, spec in registry.games().items() if not core.declares(spec)]


def test_games_without_declaration_are_listed() -> None:
    """Every registered game should be reachable from OpenSpiel; list those that are not."""
    missing = _without_declaration()
    if missing:
        pytest.skip(f"no action space declared yet: {', '.join(missing)}")


@pytest.mark.parametrize("game_id, preset, readings", _exact_cases())
def test_random_sim_exact(game_id: str, preset: str, readings: tuple[str, ...]) -> None:
    game = osp.load_game(game_id, preset, readings)
    pyspiel.random_sim_test(game, num_sims=4, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", _full_cases())
def test_random_sim_full_sample_average(game_id: str) -> None:
    game = osp.load_game(game_id, "full", chance="sample-average", chance_samples=3)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", _full_cases())
def test_random_sim_full_sampled(game_id: str) -> None:
    """SAMPLED_STOCHASTIC: OpenSpiel cannot serialise a Python game's generator
    (``GetRNGState`` is not exposed to Python games), so ``serialize=False`` here and
    the state's own serialisation is checked by hand."""
    game = osp.load_game(game_id, "full", chance="sampled", seed=3)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    state, rng = game.new_initial_state(), np.random.RandomState(0)
    while not state.is_terminal():
        text = state.serialize()
        again = game.deserialize_state(text)
        assert str(again) == str(state) and again.history() == state.history()
        state.apply_action(rng.choice(state.legal_actions()))


def test_exact_chance_is_the_model_law() -> None:
    game = osp.load_game("hhh", "tiny")
    state, model = game.new_initial_state(), game.model
    seen = 0
    rng = np.random.RandomState(1)
    while not state.is_terminal():
        if state.is_chance_node():
            exact = state.chance_outcomes_exact()
            dist = model.step(state.model_state, state.pending)
            assert [p for _, p in exact] == [p for _, p in dist]
            assert sum(p for _, p in exact) == 1
            floats = state.chance_outcomes()
            assert all(abs(f - float(p)) < 1e-12 for (_, f), (_, p) in zip(floats, exact))
            seen += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert seen


def test_sample_average_lists_draws_of_the_law() -> None:
    """Each listed outcome is a successor the exact law gives positive probability,
    the probabilities are counts of k draws, and the same state lists the same outcomes."""
    game = osp.load_game("hhh", "tiny", chance="sample-average", chance_samples=5)
    exact = osp.load_game("hhh", "tiny")
    state = game.new_initial_state()
    listed = state.chance_outcomes_exact()
    support = {st for st, _ in exact.model.step(state.model_state, state.pending)}
    assert all(o.state in support for o in game.outcomes(state.model_state, state.pending))
    assert sum(p for _, p in listed) == 1 and all((p * 5).denominator == 1 for _, p in listed)
    assert game.new_initial_state().chance_outcomes_exact() == listed


def test_parameters_round_trip_through_the_game_string() -> None:
    amb = next(iter(registry.get_game("hhh").ambiguities))
    option = next(o for o in amb.option_ids if o != amb.default)
    game = osp.load_game("hhh", "tiny", (f"{amb.id}={option}",), overrides=["rounds=1"])
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    assert again.model.config.rounds == 1
    assert again.model.readings.reading_of(amb.id) == option
    cfg = dataclasses.replace(registry.get_game("hhh").presets["tiny"], rooms_in_deck=(0, 5))
    assert osp.load_game("hhh", cfg).model.config == cfg
    assert pyspiel.load_game("hhh_verify_hhh(preset=tiny)").num_distinct_actions() > 0


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"chance": "dice"}, "chance='dice'; accepted: exact, sampled, sample-average"),
        ({"reward": "fame"}, "reward='fame'; accepted: win, money, rating_rank, deaths"),
        ({"overrides": ["rounds=9"]}, "rounds=9; accepted: 1..6"),
        ({"interpret": ("HHH-NOPE=x",)}, "HHH-NOPE"),
        ({"chance_samples": 2**16 + 1}, "chance_samples=65537; accepted: 1..65,536"),
    ],
)
def test_bad_parameters_are_clear_errors(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ModelError, match=message.replace("(", r"\(").replace(")", r"\)")):
        osp.load_game("hhh", "tiny", **kwargs)


def test_exact_chance_refuses_a_config_of_billions_of_outcomes() -> None:
    """A crafted config whose one step may have 12,662,866,932 outcomes: before, the
    exact mode took it (OpenSpiel's GameInfo raised a TypeError past int32) and one
    chance node of it would list billions of outcomes; the sampled mode still takes it."""
    crafted = ["cubes_per_colour=64", "black_cubes=32", "arrival_cubes=12", "ward_draw=12"]
    said = "may have 12,662,866,932 chance outcomes; the exact chance mode lists at most"
    with pytest.raises(ModelError, match=said):
        osp.load_game("hhh", "full", overrides=crafted)
    assert osp.load_game("hhh", "full", overrides=crafted, chance="sampled").num_players() == 2
    assert osp.load_game("hhh", "full").max_chance_outcomes() == 15_240_250  # within


def test_a_crafted_serialised_state_is_bounded_by_its_size() -> None:
    """Replaying a serialised state takes at most the game's length in actions, one
    recorded draw per action, each a bounded list of 64-bit numbers (before: a draw of
    strings or of nested lists was a ValueError/TypeError traceback)."""
    game = osp.load_game("hhh", "tiny", chance="sampled")
    state = game.new_initial_state()
    while not state.is_terminal() and len(state.history()) < 12:
        state.apply_action(state.legal_actions()[0])
    record = json.loads(state.serialize())
    cases = [
        ({"history": [0] * (game.max_game_length() + 1)}, "lasts at most"),
        ({"draws": [[0]] * (len(record["history"]) + 1)}, "more recorded draws than actions"),
        ({"draws": [["x"]]}, r"draws\[0\] must be a list of at most 4,096 numbers"),
        ({"draws": [[[1]]]}, r"draws\[0\] must be a list"),
        ({"draws": [[-1]]}, r"draws\[0\] must be a list"),
        ({"draws": [[True]]}, r"draws\[0\] must be a list"),
        ({"draws": [[0] * 4097]}, r"draws\[0\] must be a list"),
    ]
    for change, message in cases:
        with pytest.raises(ModelError, match=message):
            game.deserialize_state(json.dumps({**record, **change}))
    assert game.deserialize_state(json.dumps(record)).history() == state.history()


def _team_return(reward: str, s: Any, outcome: Any) -> float:
    """What a cooperative game pays: 1/0 (``win``), a won game's measure, -1 a loss."""
    if reward == "win":
        return 1.0 if outcome.won else 0.0
    if not outcome.won:
        return -1.0
    if reward == "money":  # HHH's money reward as it was before measures named it
        return float(money_of(outcome))
    return float(registry.get_game("hhh").measures[reward].of(s, outcome))


@pytest.mark.parametrize("reward", ["win", "money", "rating_rank", "deaths"])
def test_returns_follow_the_outcome(reward: str) -> None:
    """Cooperative: every player gets the same; a measure's reward pays a won game's
    value of it (money: its money) and -1 for a loss."""
    game = osp.load_game("hhh", "tiny", reward=reward)
    rng = np.random.RandomState(4)
    won = 0
    for _ in range(40):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        outcome = game.model.outcome(state.model_state)
        won += bool(outcome.won)
        want = _team_return(reward, state.model_state, outcome)
        assert state.returns() == [want] * game.num_players()
    assert 0 < won < 40


def test_planted_action_space_gap_is_caught() -> None:
    game = osp.load_game("hhh", "tiny")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    first = game.model.legal_actions(state.model_state)[0]
    space = game.space
    game.space = dataclasses.replace(space, actions=tuple(a for a in space.actions if a != first))
    with pytest.raises(ModelError, match="not in the game's declared action space"):
        state.legal_actions()


def test_planted_chance_ceiling_is_caught() -> None:
    game = osp.load_game("hhh", "small")
    game.space = dataclasses.replace(game.space, max_chance_outcomes=1)
    state = game.new_initial_state()
    with pytest.raises(ModelError, match="more than the 1 the game declares"):
        state.chance_outcomes()


def _mcts_game(real: Any, search: Any, simulations: int, seed: int) -> Any:
    """One game: chance drawn from the exact law (sampled mode), each decision chosen by
    MCTS searching the sample-average game from the current model state."""
    rs = np.random.RandomState(seed)
    bot = mcts.MCTSBot(
        search, 2.0, simulations, mcts.RandomRolloutEvaluator(1, rs), random_state=rs, solve=False
    )
    state = real.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(0)
        else:
            state.apply_action(bot.step(search.state_from_model(state.model_state)))
    return state


def test_mcts_bot_completes_full_games() -> None:
    real = osp.load_game("hhh", "full", chance="sampled", seed=11)
    search = osp.load_game("hhh", "full", chance="sample-average", chance_samples=2, seed=11)
    state = _mcts_game(real, search, simulations=4, seed=0)
    assert real.model.outcome(state.model_state) is not None
    assert len(state.returns()) == real.num_players()


def _reduced_cases() -> list[Any]:
    return [
        pytest.param(gid, spec.reduced_preset or spec.default_preset, id=gid)
        for gid, spec in _declared()
    ]


@pytest.mark.parametrize("game_id, preset", _reduced_cases())
def test_mcts_bot_completes_a_short_game(game_id: str, preset: str) -> None:
    """Every declared game: one MCTS game on its reduced preset (well under a second;
    a full Dice Hospital or Royal Hospital game takes 10-15 s at four simulations a
    move, its random rollouts playing whole games through the adapter)."""
    real = osp.load_game(game_id, preset, chance="sampled", seed=11)
    search = osp.load_game(game_id, preset, chance="sample-average", chance_samples=2, seed=11)
    state = _mcts_game(real, search, simulations=4, seed=0)
    outcome = real.model.outcome(state.model_state)
    assert outcome is not None
    assert state.returns() == real.reward.returns(state.model_state, outcome)


def _trace_cases() -> list[Any]:
    modes = [("tiny", "exact"), ("full", "sampled"), ("full", "sample-average")]
    return [
        pytest.param(gid, preset, chance, id=f"{gid}-{preset}-{chance}")
        for gid, spec in _declared()
        for preset, chance in modes
        if preset in spec.presets
    ]


@pytest.mark.parametrize("game_id, preset, chance", _trace_cases())
def test_adapter_trace_replays(tmp_path: Any, game_id: str, preset: str, chance: str) -> None:
    game = osp.load_game(game_id, preset, chance=chance, chance_samples=2, seed=5)
    state, rng = game.new_initial_state(), np.random.RandomState(2)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    path = tmp_path / "game.json"
    save(state.to_trace(), str(path))
    result = CliRunner().invoke(cli, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["outcome"] == game.model.outcome(state.model_state).to_json()


def test_exact_probabilities_are_fractions() -> None:
    game = osp.load_game("hhh", "tiny")
    state = game.new_initial_state()
    assert all(isinstance(p, Fraction) for _, p in state.chance_outcomes_exact())
    with pytest.raises(ModelError, match="sampled chance mode lists no outcomes"):
        osp.load_game("hhh", "tiny", chance="sampled").new_initial_state().chance_outcomes_exact()


def test_core_parameter_strings_round_trip() -> None:
    items = ("rounds=1", "rooms_in_deck=0,5", "doctors=plain,plain")
    assert core.from_param(core.to_param(items)) == items
    with pytest.raises(ModelError, match="cannot pass"):
        core.to_param(["a=b;c"])
