"""What a player knows through the OpenSpiel adapter, and how states travel.

Issue 26's failures as tests: information states that merged different states in the
sampled chance mode (outcome-sampling MCCFR crashed on them), ``str(state)`` shared by
different states, Royal Hospital's secret hands shown to every player, games that
OpenSpiel could not load, pickle or deserialise in a fresh process, and a serialisation
that unpickled whatever it was given. Each check is shown to fail on a planted bug.
"""

from __future__ import annotations

import base64
import importlib
import os
import pickle
import subprocess
import sys
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import get_all_states
from open_spiel.python.algorithms import outcome_sampling_mccfr as os_mccfr
from open_spiel.python.observation import make_observation

from hhh_verify.adapters import core
from hhh_verify.adapters import openspiel as osp
from hhh_verify.contract import registry
from hhh_verify.contract.errors import ModelError

GAMES = [gid for gid, spec in registry.games().items() if core.declares(spec)]
IMPERFECT = [
    gid
    for gid in GAMES
    if not registry.get_game(gid)
    .action_space(registry.get_game(gid).model("tiny"))
    .perfect_information
]


def _play(game: Any, seed: int, moves: int = 10_000) -> list[Any]:
    """Decision states of one random game (at most ``moves`` actions)."""
    rng, state, out = np.random.RandomState(seed), game.new_initial_state(), []
    while not state.is_terminal() and moves:
        if not state.is_chance_node():
            out.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
        moves -= 1
    return out


# Information states ------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_outcome_sampling_mccfr_runs_in_sampled_mode(game_id: str) -> None:
    """The issue's crash: ``'a' and 'p' must have same size`` when one information
    state stood for states with different legal actions."""
    game = osp.load_game(game_id, "tiny", chance="sampled", seed=1)
    solver = os_mccfr.OutcomeSamplingSolver(game)
    for _ in range(200):
        solver.iteration()
    state = _play(game, 0, moves=60)[0]
    probs = solver.average_policy().action_probabilities(state)
    assert set(probs) == set(state.legal_actions()) and abs(sum(probs.values()) - 1) < 1e-9


def _what_player_sees(state: Any, player: int) -> Any:
    game, s = state.get_game(), state.model_state
    if game.space.perfect_information:
        return s
    return (tuple(core.public_view(game.space, s)), tuple(core.private_view(game.space, s, player)))


def _merged(states: list[Any]) -> list[str]:
    """Information-state strings that stand for states the player can tell apart."""
    seen: dict[str, Any] = {}
    bad = []
    for state in states:
        p = state.current_player()
        key = state.information_state_string(p)
        view = (p, _what_player_sees(state, p), tuple(state.legal_actions()))
        if seen.setdefault(key, view) != view:
            bad.append(key)
    return bad


@pytest.mark.parametrize("game_id", GAMES)
def test_sampled_information_states_identify_what_the_player_sees(game_id: str) -> None:
    game = osp.load_game(game_id, "tiny", chance="sampled", seed=2)
    states = [st for seed in range(40) for st in _play(game, seed)]
    assert not _merged(states)


def test_planted_history_information_state_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The old information state (the action history, every sampled draw recorded as
    action 0) merges states that differ in what was drawn."""
    game = osp.load_game("dice-hospital", "tiny", chance="sampled", seed=2)
    states = [st for seed in range(40) for st in _play(game, seed)]
    monkeypatch.setattr(type(states[0]), "information_state_string", lambda s, p: s.history_str())
    assert _merged(states)


def test_information_state_tensor_is_the_player_s_observation() -> None:
    for game_id in GAMES:
        game = osp.load_game(game_id, "tiny")
        state = _play(game, 0, moves=30)[-1]
        p = state.current_player()
        assert game.get_type().provides_information_state_tensor
        assert state.information_state_tensor(p) == state.observation_tensor(p)
        assert len(state.information_state_tensor(p)) == game.information_state_tensor_size()


@pytest.fixture(scope="module")
def tiny_states() -> dict[str, list[Any]]:
    """Every state of every tiny preset (exact chance), found by OpenSpiel's enumerator
    keyed by the model state itself, not by ``str``."""
    out = {}
    for game_id in GAMES:
        game = osp.load_game(game_id, "tiny")
        found = get_all_states.get_all_states(
            game,
            depth_limit=-1,
            include_terminals=True,
            include_chance_states=True,
            to_string=lambda s: core.full_digest((s.model_state, s.pending)),
        )
        out[game_id] = list(found.values())
    return out


def _shared_strings(states: list[Any], text: Any = str) -> int:
    return len(states) - len({text(s) for s in states})


@pytest.mark.parametrize("game_id", GAMES)
def test_str_is_unique_over_every_tiny_state(game_id: str, tiny_states: Any) -> None:
    states = tiny_states[game_id]
    assert len(states) > 1000
    assert _shared_strings(states) == 0


def test_planted_description_as_string_is_caught(tiny_states: Any) -> None:
    """The old ``str``: the state's description alone, shared by thousands of states."""
    states = tiny_states["dice-hospital"]
    describe = states[0].get_game().model.describe_state
    assert _shared_strings(states, lambda s: str(describe(s.model_state))) > 0


# Royal Hospital's secret hands -------------------------------------------------------


def _rh_states() -> list[Any]:
    game = osp.load_game("royal-hospital", "full", chance="sampled", seed=3)
    return [st for seed in range(3) for st in _play(game, seed, moves=400)]


def _with_other_hand(state: Any, player: int) -> Any | None:
    """The model state with another player's hand changed (same size), or None."""
    s = state.model_state
    other = next((q for q in range(len(s.players)) if q != player and sum(s.players[q].hand)), None)
    if other is None:
        return None
    hand = list(s.players[other].hand)
    i = next(t for t, n in enumerate(hand) if n)
    j = (i + 1) % len(hand)
    hand[i], hand[j] = hand[i] - 1, hand[j] + 1
    players = list(s.players)
    players[other] = players[other]._replace(hand=tuple(hand))
    return s._replace(players=tuple(players))


def _hand_leaks(states: list[Any]) -> int:
    """States where a player's observation changes with another player's hand."""
    leaks = checked = 0
    for state in states:
        game = state.get_game()
        for p in range(game.num_players()):
            changed = _with_other_hand(state, p)
            if changed is None:
                continue
            checked += 1
            twin = game.state_from_model(changed)
            mine = game.state_from_model(state.model_state)
            if twin.observation_tensor(p) != mine.observation_tensor(p) or (
                twin.observation_string(p) != mine.observation_string(p)
            ):
                leaks += 1
    assert checked > 50
    return leaks


@pytest.mark.parametrize("game_id", IMPERFECT)
def test_a_hand_is_secret_from_the_other_players(game_id: str) -> None:
    """Royal Hospital: "The hand of cards remains secret from other players. However,
    the other players are allowed to know how many cards you have." (Game Setup)."""
    game = osp.load_game(game_id, "full")
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    states = _rh_states()
    assert _hand_leaks(states) == 0
    # the player's own hand and every hand's size are seen
    state = next(st for st in states if sum(st.model_state.players[0].hand))
    own = state.get_game().space.private(state.model_state, 0)
    assert tuple(own[: len(state.model_state.players[0].hand)]) == state.model_state.players[0].hand


def test_planted_observation_showing_every_hand_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from hhh_verify.models.royal_hospital.view import observation

    declaration = importlib.import_module("hhh_verify.models.royal_hospital.view.action_space")
    for module in (observation, declaration):
        monkeypatch.setattr(module, "public", lambda config, s: observation.encode(config, s))
    assert _hand_leaks(_rh_states()) > 0


def _obs(recall: bool, private: Any) -> Any:
    return pyspiel.IIGObservationType(public_info=True, perfect_recall=recall, private_info=private)


def test_observation_types_are_respected() -> None:
    """OpenSpiel's public / private / perfect-recall observation types."""
    game = osp.load_game("royal-hospital", "full")
    state = next(st for st in _rh_states() if sum(st.model_state.players[1].hand))
    s, space = state.model_state, game.space
    PI = pyspiel.PrivateInfoType
    public = make_observation(game, _obs(recall=False, private=PI.NONE))
    public.set_from(state, 0)
    assert list(public.tensor) == list(space.public(s))
    everyone = make_observation(game, _obs(recall=False, private=PI.ALL_PLAYERS))
    everyone.set_from(state, 0)
    assert list(everyone.dict["private"][1]) == list(space.private(s, 1))
    with pytest.raises(ValueError, match="information states are kept"):
        make_observation(game, _obs(recall=True, private=PI.NONE))


# Serialisation, pickling, registration -----------------------------------------------


@pytest.mark.parametrize("chance", ["exact", "sampled", "sample-average"])
def test_json_serialisation_round_trips(chance: str) -> None:
    for game_id in GAMES:
        game = osp.load_game(game_id, "tiny", chance=chance, chance_samples=3, seed=4)
        state = _play(game, 5, moves=40)[-1]
        again = game.deserialize_state(state.serialize())
        assert str(again) == str(state) and again.history() == state.history()
        assert again.information_state_string(state.current_player()) == (
            state.information_state_string(state.current_player())
        )
        g2, s2 = osp.deserialize_game_and_state(osp.serialize_game_and_state(state))
        assert str(g2) == str(game) and str(s2) == str(state)


class _Payload:
    """A pickle that runs a command when loaded."""

    def __init__(self, path: str):
        self.path = path

    def __reduce__(self) -> Any:
        return (os.system, (f"touch {self.path}",))


def test_crafted_pickle_is_refused(tmp_path: Any) -> None:
    marker = tmp_path / "ran"
    payload = base64.b64encode(pickle.dumps({"_s": _Payload(str(marker))})).decode()
    text = f"history=\nmove_number=0\n__dict__={payload}"
    game = osp.load_game("hhh", "tiny")
    for load in (game.deserialize_state, lambda t: osp.deserialize_game_and_state(t)):
        with pytest.raises(ModelError, match="not a serialised hhh-verify state") as err:
            load(text)
        assert "\n" not in str(err.value)
    assert not marker.exists()


def test_serialised_state_is_checked() -> None:
    game = osp.load_game("hhh", "tiny")
    state = _play(game, 1, moves=20)[-1]
    other = osp.load_game("hhh", "small")
    with pytest.raises(ModelError, match="not of this game"):
        other.deserialize_state(state.serialize())
    record = state.serialize().replace('"history": [', '"history": [999999, ')
    with pytest.raises(ModelError, match=r"history\[0\] = 999999 is not legal"):
        game.deserialize_state(record)


def test_games_and_states_pickle() -> None:
    for game_id in GAMES:
        game = osp.load_game(game_id, "tiny", chance="sampled", seed=2)
        state = _play(game, 2, moves=40)[-1]
        assert str(pickle.loads(pickle.dumps(game))) == str(game)
        again = pickle.loads(pickle.dumps(state))
        assert str(again) == str(state)


_FRESH = """
import base64, pickle, sys
import pyspiel
import hhh_verify.adapters.openspiel  # registers every game
game_text, pickled, openspiel_text = (base64.b64decode(x) for x in sys.stdin.read().split())
print(pyspiel.load_game("hhh_verify_hhh").num_players())
print(pyspiel.load_game(game_text.decode()))
print(str(pickle.loads(pickled)).splitlines()[0])
game, state = pyspiel.deserialize_game_and_state(openspiel_text.decode())
print(state.serialize())
"""


def test_fresh_process_loads_pickles_and_deserialises() -> None:
    """A new interpreter that imports the adapter loads a game by name, unpickles a
    state of the sampled mode, and reads OpenSpiel's ``serialize_game_and_state`` text
    (exact chance: OpenSpiel cannot save a Python game's generator, ``GetRNGState``)."""
    sampled = osp.load_game("royal-hospital", "tiny", chance="sampled", seed=6)
    state = _play(sampled, 3, moves=40)[-1]
    exact = osp.load_game("dice-hospital", "tiny")
    other = _play(exact, 3, moves=40)[-1]
    parts = [str(sampled).encode(), pickle.dumps(state)]
    parts.append(pyspiel.serialize_game_and_state(exact, other).encode())
    data = " ".join(base64.b64encode(x).decode() for x in parts)
    run = subprocess.run(
        [sys.executable, "-c", _FRESH], input=data, capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr[-2000:]
    lines = run.stdout.splitlines()
    assert lines[0] == "2" and lines[1] == str(sampled)
    assert lines[2] == str(state).splitlines()[0]
    assert lines[3] == other.serialize()


def test_players_parameter() -> None:
    """``players=`` within the range the registered game type declares (the counts the
    default preset's config accepts); a count the config refuses is its clear error."""
    for game_id in ("royal-hospital", "dice-hospital"):
        game = osp.load_game(game_id, "full", players=3)
        assert game.num_players() == 3 and game.new_initial_state().current_player() >= -1
        text = f"hhh_verify_{game_id}(preset=full,players=4)"
        assert pyspiel.load_game(text).num_players() == 4
    for game_id in GAMES:
        spec = registry.get_game(game_id)
        low, high = osp.player_range(spec, osp.load_game(game_id, "tiny").space)
        registered = next(
            t for t in pyspiel.registered_games() if t.short_name == osp.short_name(game_id)
        )
        assert (registered.min_num_players, registered.max_num_players) == (low, high)
    with pytest.raises(ModelError, match="players=9"):
        osp.load_game("royal-hospital", "full", players=9)
