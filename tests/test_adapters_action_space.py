"""Adapter declarations, checked on every registered game (no framework needed).

Every game: the descriptions of a state's legal actions are distinct (OpenSpiel and
people both need to tell two moves apart). Every game that declares an action space:
each legal action is listed, games stay within the declared length and result range,
observations keep their declared length, and ids are the same in a fresh process.
A game without a declaration is a listed skip. Planted bugs prove each check can fail.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import random
import subprocess
import sys
from typing import Any

import pytest

from hhh_verify.adapters import core
from hhh_verify.adapters.rewards import names, reward
from hhh_verify.contract import registry
from hhh_verify.contract.action_space import RankedActions
from hhh_verify.contract.actions import sort_actions
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.model import CHANCE, sample_successor

#: Playouts per preset, and a step cap for the real games (their chance steps are sampled).
PLAYOUTS = {"full": 3}
DEFAULT_PLAYOUTS = 12


def _cases(with_readings: bool = True) -> list[Any]:
    out = []
    for gid, spec in registry.games().items():
        for preset in spec.presets:
            out.append(pytest.param(gid, preset, (), id=f"{gid}-{preset}"))
        if not with_readings:
            continue
        smallest = "tiny" if "tiny" in spec.presets else spec.default_preset
        for amb in spec.ambiguities:
            for option in amb.option_ids:
                if option != amb.default:
                    reading = f"{amb.id}={option}"
                    out.append(pytest.param(gid, smallest, (reading,), id=f"{gid}-{reading}"))
    return out


def play(model: Any, space: Any | None, seed: int) -> tuple[Any, int]:
    """One random game checking every decision state; returns (final state, decisions)."""
    rng = random.Random(seed)
    s, decisions = model.initial_state(), 0
    while model.outcome(s) is None:
        legal = model.legal_actions(s)
        if model.current_player(s) != CHANCE:
            decisions += 1
            texts = [model.describe_action(s, a) for a in legal]
            dupes = sorted({t for t in texts if texts.count(t) > 1})
            assert not dupes, f"two legal actions read {dupes} in\n{model.describe_state(s)}"
            if space is not None:
                for a in legal:
                    space.index(a)  # KeyError: a legal action the space does not list
                obs = space.observe(s)
                assert len(obs) == space.observation_size
        s = sample_successor(model, s, rng.choice(legal), rng)
    return s, decisions


def strong_game(model: Any, space: Any, seed: int) -> tuple[Any, int, list[Any]]:
    """One game of the game's strong player (its first policy): (final state, decisions,
    states met); every legal action is in ``space`` and every chance step within its
    outcome bound."""
    policy = next(iter(registry.games()[model.game].policies.values()))
    rng = random.Random(seed)
    s, decisions, seen = model.initial_state(), 0, []
    while model.outcome(s) is None:
        legal = model.legal_actions(s)
        if model.current_player(s) != CHANCE:
            decisions += 1
            seen.append(s)
            for a in legal:
                space.index(a)
            a = legal[0] if len(legal) == 1 else policy(model, s, legal, rng)
        else:
            a = legal[0]
            assert len(model.step(s, a)) <= space.max_chance_outcomes
        s = sample_successor(model, s, a, rng)
    return s, decisions, seen


@pytest.mark.parametrize("game_id, preset, readings", _cases())
def test_declarations_hold_in_play(game_id: str, preset: str, readings: tuple[str, ...]) -> None:
    spec = registry.get_game(game_id)
    model = spec.model(preset, (), readings)
    space = spec.action_space(model) if core.declares(spec) else None
    runs = PLAYOUTS.get(preset, DEFAULT_PLAYOUTS if not readings else 4)
    paid = [reward(spec, space, name) for name in names(spec, space)] if space else []
    for seed in range(runs):
        end, decisions = play(model, space, seed)
        if space is not None:
            assert decisions <= space.max_game_length
            for pay in paid:  # every accepted reward: raises when out of range
                pay.returns(end, model.outcome(end))
    if space is None:
        pytest.skip(f"{game_id} declares no action space (descriptions checked only)")


def _tiny_games() -> list[Any]:
    return [
        pytest.param(gid, id=gid)
        for gid, spec in registry.games().items()
        if "tiny" in spec.presets and core.declares(spec)
    ]


@pytest.mark.parametrize("game_id", _tiny_games())
def test_every_reachable_tiny_state_fits_the_declaration(game_id: str) -> None:
    """Exhaustive on ``tiny``: every legal action of every reachable state is listed,
    no chance step exceeds the declared ceiling, and the longest path has no more
    decisions than ``max_game_length`` (the state graph is acyclic: a DAG)."""
    spec = registry.get_game(game_id)
    model = spec.model("tiny")
    space = spec.action_space(model)
    start = model.initial_state()
    succ: dict[Any, list[Any]] = {}
    todo = [start]
    while todo:
        s = todo.pop()
        if s in succ:
            continue
        succ[s] = []
        if model.outcome(s) is not None:
            continue
        for a in model.legal_actions(s):
            if model.current_player(s) != CHANCE:
                space.index(a)
            dist = model.step(s, a)
            assert len(dist) <= space.max_chance_outcomes
            succ[s] += [st for st, _ in dist]
            todo += [st for st, _ in dist if st not in succ]
    longest: dict[Any, int] = {}
    for s in _post_order(start, succ):
        own = 1 if model.outcome(s) is None and model.current_player(s) != CHANCE else 0
        longest[s] = own + max((longest[t] for t in succ[s]), default=0)
    assert longest[start] <= space.max_game_length


def _post_order(start: Any, succ: dict[Any, list[Any]]) -> list[Any]:
    """Children before parents (iterative DFS; a cycle would be an error)."""
    order, done, active = [], set(), set()
    stack: list[tuple[Any, int]] = [(start, 0)]
    while stack:
        s, i = stack.pop()
        if i == 0:
            if s in done:
                continue
            active.add(s)
        children = succ[s]
        if i < len(children):
            stack.append((s, i + 1))
            t = children[i]
            assert t not in active, "the state graph has a cycle"
            if t not in done:
                stack.append((t, 0))
        else:
            active.discard(s)
            done.add(s)
            order.append(s)
    return order


#: A computed action list (``RankedActions``) longer than this is checked on a sample of
#: ids (Dice Hospital's full game lists 982,824 actions; walking them all takes ~20 s).
WHOLE_LIST = 50_000
SAMPLE_STEP = 997


def _listing(actions: Any) -> list[tuple[int, Any]]:
    """``(id, action)`` for every id, or for a long computed list: every
    ``SAMPLE_STEP``-th id and its successor, and the last one."""
    n = len(actions)
    if not isinstance(actions, RankedActions) or n <= WHOLE_LIST:
        return list(enumerate(actions))
    ids = sorted({i + d for i in range(0, n, SAMPLE_STEP) for d in (0, 1) if i + d < n} | {n - 1})
    return [(i, actions[i]) for i in ids]


def _hashes(game_id: str) -> dict[str, str]:
    """Per preset, a digest of the declared action list (also run in a fresh process)."""
    spec = registry.get_game(game_id)
    out = {}
    for preset in spec.presets:
        actions = spec.action_space(spec.model(preset)).actions
        text = f"{len(actions)} {_listing(actions)!r}"
        out[preset] = hashlib.sha256(text.encode()).hexdigest()
    return out


@pytest.mark.parametrize("game_id", list(registry.games()))
def test_action_ids_are_canonical(game_id: str) -> None:
    """Ids come from the config alone: sorted like ``legal_actions``, no repeats, each
    id the index of its action, and the same list in a fresh interpreter (no dependence
    on hashing or first sightings); one fresh interpreter checks every preset of the
    game. A long computed list is checked on a sample: consecutive ids in order, and
    ``index`` inverting ``actions[i]``."""
    spec = registry.get_game(game_id)
    if not core.declares(spec):
        pytest.skip(f"{game_id} declares no action space")
    for preset in spec.presets:
        space = spec.action_space(spec.model(preset))
        listing = _listing(space.actions)
        actions = [a for _, a in listing]
        assert len(set(actions)) == len(actions)
        assert tuple(actions) == sort_actions(actions)
        assert all(space.index(a) == i for i, a in listing)
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); "
        "from test_adapters_action_space import _hashes; "
        f"print(json.dumps(_hashes({game_id!r})))"
    )
    here = os.path.dirname(os.path.abspath(__file__))
    there = subprocess.run(
        [sys.executable, "-c", code, here], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert json.loads(there) == _hashes(game_id)


def test_a_game_without_declaration_is_a_clear_error() -> None:
    spec = dataclasses.replace(registry.get_game("hhh"), action_space=None)
    with pytest.raises(ModelError, match="declares no action space"):
        core.declaration(spec, spec.model("tiny"))


# Planted bugs --------------------------------------------------------------------------


def test_planted_missing_action_is_caught() -> None:
    spec = registry.get_game("hhh")
    model = spec.model("tiny")
    space = spec.action_space(model)
    settle = next(a for a in space.actions if type(a).__name__ == "Settle")
    broken = dataclasses.replace(space, actions=tuple(a for a in space.actions if a != settle))
    with pytest.raises(KeyError):
        for seed in range(20):
            play(model, broken, seed)


def test_planted_duplicate_description_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    model = registry.get_game("hhh").model("tiny")
    monkeypatch.setattr(model, "describe_action", lambda s, a: type(a).__name__)
    with pytest.raises(AssertionError, match="two legal actions"):
        play(model, None, 0)


def test_planted_short_game_bound_is_caught() -> None:
    spec = registry.get_game("hhh")
    model = spec.model("tiny")
    space = dataclasses.replace(spec.action_space(model), max_game_length=3)
    _, decisions = play(model, space, 0)
    assert decisions > space.max_game_length


def test_planted_money_bound_is_caught() -> None:
    spec = registry.get_game("hhh")
    model = spec.model("tiny")
    space = dataclasses.replace(spec.action_space(model), return_range=(0, -1))
    won = next(s for s in (play(model, space, k)[0] for k in range(200)) if model.outcome(s).won)
    with pytest.raises(ModelError, match="outside the declared range"):
        reward(spec, space, "money").returns(won, model.outcome(won))
