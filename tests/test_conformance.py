"""The model contract (hhh_verify/contract/model.py), checked on every registered game and preset.

Each case plays a few random games with fixed seeds and checks every state it visits:
exact distributions, legal actions, hashing, terminal outcomes, action JSON, replay.
The toy model (tests/toy_model.py) runs under both of its readings.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
import toy_model

from hhh_verify.contract import registry
from hhh_verify.contract import trace as tr
from hhh_verify.contract.configs import config_from_json, config_to_json
from hhh_verify.contract.model import CHANCE, TERMINAL, round_of
from hhh_verify.contract.outcomes import Outcome, sample_index, state_digest
from hhh_verify.engines import simulate as sim


@dataclasses.dataclass(frozen=True)
class Budget:
    """How much of a case to play: random games, steps per game, fully checked states."""

    playouts: int = 4
    max_steps: int = 400
    full_states: int = 150  # check every legal action here; afterwards only the chosen one


#: The real game's chance steps enumerate thousands of exact outcomes (seconds each), so
#: its cases check the opening steps only; the small presets are played to the end.
BUDGETS = {"full": Budget(playouts=1, max_steps=15, full_states=6)}


def _registered() -> tuple[dict[str, Any], str]:
    """The registered games, or ``({}, error)`` if the registry cannot load."""
    try:
        return registry.games(), ""
    except Exception as e:  # reported by test_registry_loads, never hidden
        return {}, f"{type(e).__name__}: {e}"


def _cases() -> list[Any]:
    """Toy readings; every registered game x preset; every non-default reading on the
    game's smallest preset (``tiny`` when it has one)."""
    cases = [
        pytest.param(lambda: toy_model.toy(), Budget(), id="toy-bust"),
        pytest.param(lambda: toy_model.toy(("TOY-BLACK=penalty",)), Budget(), id="toy-penalty"),
        pytest.param(lambda: toy_model.toy(whites=1, target=0), Budget(), id="toy-target0"),
    ]
    games, _ = _registered()
    for gid, spec in games.items():
        for preset in spec.presets:
            budget = BUDGETS.get(preset, Budget())
            cases.append(pytest.param(_factory(spec, preset), budget, id=f"{gid}-{preset}"))
        smallest = "tiny" if "tiny" in spec.presets else spec.default_preset
        for amb in spec.ambiguities:
            for option in amb.option_ids:
                if option != amb.default:
                    reading = f"{amb.id}={option}"
                    cases.append(
                        pytest.param(
                            _factory(spec, smallest, reading),
                            Budget(playouts=2, max_steps=200, full_states=40),
                            id=f"{gid}-{smallest}-{reading}",
                        )
                    )
    return cases


def _factory(spec: Any, preset: str, reading: str = "") -> Callable[[], Any]:
    return lambda: spec.model(preset, (), (reading,) if reading else ())


CASES = _cases()


def test_registry_loads() -> None:
    """The registry imports and lists the flagship game (so its cases below are not skipped)."""
    games, error = _registered()
    assert not error, f"registry.games() failed: {error}"
    assert "hhh" in games


def test_conformance_covers_every_registered_preset() -> None:
    games, _ = _registered()
    ids = {p.id for p in CASES}
    assert len(ids) == len(CASES)
    for gid, spec in games.items():
        for preset in spec.presets:
            assert f"{gid}-{preset}" in ids


def _is_sorted_actions(legal: tuple[Any, ...]) -> bool:
    """Sorted as the contract documents: grouped by class name (in name order), then each
    group in its dataclass order; no duplicates."""
    names = [type(a).__name__ for a in legal]
    if names != sorted(names):
        return False
    for name in set(names):
        run = [a for a in legal if type(a).__name__ == name]
        if run != sorted(run):
            return False
    return len(set(legal)) == len(legal)


def _check_state(model: Any, s: Any, all_actions: bool) -> tuple[Any, ...]:
    """Contract checks for one state; returns its legal actions."""
    assert hash(s) == hash(copy.deepcopy(s)) and s == copy.deepcopy(s), "state equality by value"
    if dataclasses.is_dataclass(s):
        assert type(s).__dataclass_params__.frozen, "state must be a frozen dataclass"  # type: ignore[attr-defined]
    legal = model.legal_actions(s)
    assert isinstance(legal, tuple)
    assert legal == model.legal_actions(s), "legal_actions must be deterministic"
    out = model.outcome(s)
    player = model.current_player(s)
    rnd = round_of(model, s)  # a game without rounds: None in every state
    assert (rnd is None) == (round_of(model, model.initial_state()) is None)
    assert rnd is None or isinstance(rnd, int)
    assert isinstance(model.describe_state(s), str) and model.describe_state(s)
    if out is not None:
        assert isinstance(out, Outcome)
        assert legal == (), "a terminal state has no legal actions"
        assert player == TERMINAL
        json.dumps(out.to_json())
        return legal
    assert legal, f"non-terminal state without legal actions (deadlock): {s!r}"
    assert isinstance(player, int) and (player >= 0 or player == CHANCE)
    if player == CHANCE:
        assert len(legal) == 1, "a chance state has exactly one action (the draw)"
    assert _is_sorted_actions(legal), f"legal actions not sorted: {legal}"
    for a in legal if all_actions else legal[:1]:
        encoded = json.loads(json.dumps(model.action_to_json(a)))
        assert model.action_from_json(encoded) == a, f"action JSON round trip: {a!r}"
        assert isinstance(model.describe_action(s, a), str)
        dist = model.step(s, a)
        _check_distribution(dist)
        assert dist == model.step(s, a), "step must be deterministic (no hidden RNG)"
    return legal


def _check_distribution(dist: Any) -> None:
    assert isinstance(dist, tuple) and dist, "step returns a non-empty tuple"
    total = Fraction(0)
    for st, p in dist:
        assert isinstance(p, Fraction), f"probability {p!r} is not a Fraction"
        assert p > 0
        hash(st)
        total += p
    assert total == 1, f"probabilities sum to {total}"


@pytest.mark.parametrize("make, budget", CASES)
def test_contract_on_random_playouts(make: Callable[[], Any], budget: Budget) -> None:
    model = make()
    checked = 0
    for seed in range(budget.playouts):
        rng = random.Random(seed)
        s = model.initial_state()
        for _ in range(budget.max_steps):
            legal = _check_state(model, s, all_actions=checked < budget.full_states)
            checked += 1
            if not legal:
                break
            a = legal[rng.randrange(len(legal))]
            dist = model.step(s, a)
            s = dist[sample_index(dist, rng)][0]
    assert checked > budget.playouts


@pytest.mark.parametrize("make, budget", CASES)
def test_replay_of_recorded_playout_is_exact(make: Callable[[], Any], budget: Budget) -> None:
    model = make()
    amb = _ambiguities(model)
    steps = budget.max_steps
    for seed in range(min(2, budget.playouts)):
        trace = sim.record_playout(model, amb, seed, max_steps=steps)
        assert trace.steps
        reloaded = tr.Trace.from_json(json.loads(json.dumps(trace.to_json())))
        result = tr.replay(reloaded, model)  # checks every step's state digest on the way
        assert result.ok, result.error
        assert result.steps_run == len(trace.steps)
        assert state_digest(result.final_state) == trace.steps[-1].state


def _ambiguities(model: Any) -> Any:
    if model.game == "toy":
        return toy_model.AMBIGUITIES
    return registry.get_game(model.game).ambiguities


def test_every_registered_game_spec_is_consistent() -> None:
    """Presets validate and round-trip through JSON; every reading builds a model."""
    games, _ = _registered()
    specs = [toy_model.SPEC, *games.values()]
    for spec in specs:
        assert spec.default_preset in spec.presets
        for preset, config in spec.presets.items():
            assert config_from_json(spec.config_type, config_to_json(config)) == config, preset
        for amb in spec.ambiguities:
            for option in amb.option_ids:
                interp = spec.ambiguities.with_readings({amb.id: option})
                model = spec.make_model(spec.config(), interp)
                model.legal_actions(model.initial_state())


# Planted bugs: each contract check must be able to fail. --------------------------------


class _UnevenDraw(toy_model.ToyModel):
    def step(self, s: Any, a: Any) -> Any:
        dist = super().step(s, a)
        return tuple((st, p / 2) for st, p in dist) if len(dist) > 1 else dist


class _FloatDraw(toy_model.ToyModel):
    def step(self, s: Any, a: Any) -> Any:
        return tuple((st, float(p)) for st, p in super().step(s, a))


@dataclasses.dataclass(frozen=True, order=True)
class _Pick:
    n: int


class _Unsorted(toy_model.ToyModel):
    def legal_actions(self, s: Any) -> Any:
        legal = super().legal_actions(s)
        return (_Pick(2), _Pick(1)) if s.phase == toy_model.DECIDE else legal


class _TypesUnsorted(toy_model.ToyModel):
    def legal_actions(self, s: Any) -> Any:
        return tuple(reversed(super().legal_actions(s)))


class _Deadlock(toy_model.ToyModel):
    def legal_actions(self, s: Any) -> Any:
        return () if s.score == 1 and s.phase == toy_model.DECIDE else super().legal_actions(s)


class _TerminalWithMoves(toy_model.ToyModel):
    def legal_actions(self, s: Any) -> Any:
        return (toy_model.Stop(),) if s.phase == toy_model.OVER else super().legal_actions(s)


class _BadJson(toy_model.ToyModel):
    def action_from_json(self, d: Any) -> Any:
        return toy_model.Stop()


@pytest.mark.parametrize(
    "broken",
    [
        _UnevenDraw,
        _FloatDraw,
        _Unsorted,
        _TypesUnsorted,
        _Deadlock,
        _TerminalWithMoves,
        _BadJson,
    ],
)
def test_planted_contract_bugs_are_caught(broken: type) -> None:
    with pytest.raises(AssertionError):
        test_contract_on_random_playouts(lambda: broken(), Budget())


def test_planted_replay_drift_is_caught() -> None:
    trace = sim.record_playout(toy_model.toy(), toy_model.AMBIGUITIES, seed=3)
    drifted = toy_model.toy(("TOY-BLACK=penalty",), whites=2)
    assert not tr.replay(trace, drifted).ok


def _reachable(model: Any) -> set[Any]:
    seen = {model.initial_state()}
    todo = list(seen)
    while todo:
        s = todo.pop()
        for a in model.legal_actions(s):
            for t, _ in model.step(s, a):
                if t not in seen:
                    seen.add(t)
                    todo.append(t)
    return seen


def _best_win(model: Any, s: Any) -> Fraction:
    out = model.outcome(s)
    if out is not None:
        return Fraction(int(bool(out.won)))
    values = [
        sum((p * _best_win(model, t) for t, p in model.step(s, a)), Fraction(0))
        for a in model.legal_actions(s)
    ]
    return max(values)


@pytest.mark.parametrize("reading", sorted(toy_model.STATE_COUNTS))
def test_toy_state_counts_match_its_docstring(reading: str) -> None:
    model = toy_model.toy((f"TOY-BLACK={reading}",))
    assert len(_reachable(model)) == toy_model.STATE_COUNTS[reading]


def test_toy_best_strategy_wins_half_the_time() -> None:
    assert _best_win(toy_model.toy(), toy_model.toy().initial_state()) == Fraction(1, 2)
