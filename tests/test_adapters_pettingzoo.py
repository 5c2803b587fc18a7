"""The PettingZoo adapter, checked by PettingZoo's own tests (``api_test``,
``seed_test``) on every registered game that declares an action space."""

from __future__ import annotations

import ctypes.util
import json
import os
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner
from pettingzoo.test import api_test, render_test, seed_test

from hhh_verify.adapters import core
from hhh_verify.adapters import pettingzoo as pz
from hhh_verify.cli import main as cli
from hhh_verify.contract import registry
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.outcomes import state_digest, winning_seats
from hhh_verify.contract.trace import save

#: Dict observations with an action mask are PettingZoo's own convention for masked
#: games (its classic environments use them too); api_test merely suggests a Box.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]


def _cases() -> list[Any]:
    out = []
    for gid, spec in registry.games().items():
        if not core.declares(spec):
            continue
        out += [pytest.param(gid, preset, id=f"{gid}-{preset}") for preset in spec.presets]
    return out


@pytest.mark.parametrize("game_id, preset", _cases())
def test_api(game_id: str, preset: str) -> None:
    api_test(pz.env(game_id, preset), num_cycles=40)


@pytest.mark.parametrize("game_id, preset", _cases())
def test_seed(game_id: str, preset: str) -> None:
    seed_test(lambda: pz.env(game_id, preset), num_cycles=40)


def play(env: Any, seed: int) -> dict[str, float]:
    """A random game to the end; the total reward of each agent."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


def test_rewards_follow_the_outcome() -> None:
    """Cooperative game: every agent is paid the same, 1 for a win and 0 for a loss."""
    env = pz.raw_env("hhh", "tiny")
    for seed in range(10):
        totals = play(env, seed)
        won = env.model.outcome(env.model_state).won
        assert set(totals.values()) == {1.0 if won else 0.0}


def _competitive() -> list[Any]:
    out = []
    for gid, spec in registry.games().items():
        if core.declares(spec) and not spec.action_space(spec.model("full")).cooperative:
            out += [pytest.param(gid, p, id=f"{gid}-{p}") for p in ("tiny", "full")]
    return out


@pytest.mark.parametrize("game_id, preset", _competitive())
def test_competitive_rewards_are_scores(game_id: str, preset: str) -> None:
    """Competitive games, ``reward="score"``: each agent's total reward is its score."""
    env = pz.raw_env(game_id, preset, reward="score")
    for seed in range(3):
        totals = play(env, seed)
        scores = env.model.outcome(env.model_state).scores
        assert [totals[a] for a in env.possible_agents] == [float(x) for x in scores]


@pytest.mark.parametrize("game_id, preset", _competitive())
def test_competitive_rewards_are_win_shares(game_id: str, preset: str) -> None:
    """Competitive games, ``reward="win"`` (the default): the winners after the
    tie-breakers share +1, the others -1 (two players: +1 / -1), summing to zero."""
    env = pz.raw_env(game_id, preset)
    for seed in range(3):
        totals = play(env, seed)
        winners = winning_seats(env.model.outcome(env.model_state))
        values = [totals[a] for a in env.possible_agents]
        assert abs(sum(values)) < 1e-9
        for seat, value in enumerate(values):
            if len(winners) < len(values):
                assert (value > 0) == (seat in winners)


def test_chance_is_drawn_from_the_model_law() -> None:
    """The Waiting Room setup draw (the first step with several outcomes on ``tiny``):
    its frequencies over seeded games match ``step``'s exact distribution."""
    env = pz.raw_env("hhh", "tiny")
    model = env.model
    s = model.initial_state()
    for _ in range(2):  # the Ward marker draw and the (forced) starting room: one outcome
        ((s, _p),) = model.step(s, model.legal_actions(s)[0])
    dist = model.step(s, model.legal_actions(s)[0])
    assert len(dist) > 1
    counts = {state_digest(st): 0 for st, _ in dist}
    runs = 1500
    for seed in range(runs):
        env.reset(seed=seed)
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
        counts[env.to_trace().steps[2].state] += 1
    for st, p in dist:
        sd = (float(p) * (1 - float(p)) / runs) ** 0.5
        assert abs(counts[state_digest(st)] / runs - float(p)) < 4 * sd


@pytest.mark.parametrize("game_id", [c.values[0] for c in _cases() if c.values[1] == "full"])
def test_trace_replays(tmp_path: Any, game_id: str) -> None:
    env = pz.raw_env(game_id, "full")
    play(env, 3)
    path = tmp_path / "game.json"
    save(env.to_trace(), str(path))
    result = CliRunner().invoke(cli, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["outcome"] == env.model.outcome(env.model_state).to_json()


def test_illegal_action_is_a_clear_error() -> None:
    env = pz.raw_env("hhh", "tiny")
    env.reset(seed=0)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(ModelError, match="is not legal"):
        env.step(int(np.flatnonzero(mask == 0)[0]))


def test_bad_arguments_are_clear_errors() -> None:
    with pytest.raises(ModelError, match="reward='fame'; accepted: win, money, rating_rank"):
        pz.env("hhh", "tiny", reward="fame")
    with pytest.raises(ModelError, match="reward='money'; accepted: win, score"):
        pz.env("royal-hospital", "tiny", reward="money")
    with pytest.raises(ModelError, match="unknown game"):
        pz.env("nope")


@pytest.mark.parametrize(
    "game_id", [gid for gid, spec in registry.games().items() if core.declares(spec)]
)
def test_render(game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's render_test over every mode: ``human`` writes the description,
    ``rgb_array`` is the board picture as an image, ``ansi`` the description. The picture
    needs the system's libcairo: ``.ci/run`` installs it; elsewhere the test is skipped
    without it (as the browser test is without chromium)."""
    if not os.environ.get("CI") and ctypes.util.find_library("cairo") is None:
        pytest.skip("no libcairo on this machine (apt-get install libcairo2)")
    render_test(lambda render_mode=None: pz.env(game_id, "tiny", render_mode=render_mode))
    assert "round" in capsys.readouterr().out.lower()
    e = pz.env(game_id, "tiny", render_mode="rgb_array")
    e.reset(seed=0)
    picture = e.render()
    assert picture.ndim == 3 and picture.shape[1] == pz.PICTURE_WIDTH
    assert len(np.unique(picture.reshape(-1, 3), axis=0)) > 8  # drawn, not blank


def test_bad_render_mode_is_a_clear_error() -> None:
    with pytest.raises(ModelError, match="render_mode='rgb'; accepted: ansi, human, rgb_array"):
        pz.env("hhh", "tiny", render_mode="rgb")


@pytest.mark.parametrize("game_id, preset", [c for c in _cases() if c.values[1] == "tiny"])
def test_state_and_observations_per_agent(game_id: str, preset: str) -> None:
    """``state()`` is the whole state; each agent observes the public part and its own
    private part; the legal ids in the acting agent's infos are the mask's ones."""
    env = pz.raw_env(game_id, preset)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    space = env.space
    for _ in range(60):
        if all(env.terminations.values()):
            break
        s = env.model_state
        assert list(env.state()) == list(space.observe(s))
        assert env.state() in env.state_space
        for p, agent in enumerate(env.possible_agents):
            want = list(core.public_view(space, s)) + list(core.private_view(space, s, p))
            obs = env.observe(agent)
            assert list(obs["observation"]) == want
            assert obs in env.observation_space(agent)
        agent = env.agent_selection
        legal = env.infos[agent]["legal_actions"]
        mask = env.observe(agent)["action_mask"]
        assert list(np.flatnonzero(mask)) == legal
        assert env.observe(agent)["action_mask"] is mask and not mask.flags.writeable
        env.step(int(rng.choice(legal)))
