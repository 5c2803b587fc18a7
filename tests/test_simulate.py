"""Playouts and Monte Carlo summaries (hhh_verify/engines/simulate.py, `hhh-verify simulate`)."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import pytest
import toy_model
from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.contract import trace as tr
from hhh_verify.contract.errors import ModelError
from hhh_verify.engines import simulate as sim

#: Win probability of the toy (default reading) under the uniform random policy:
#: push (1/2), white (3/4), push (1/2), white (2/3), then stop (1/2) or push-white-stop
#: (1/2 * 1/2 * 1/2):  1/2 * 3/4 * 1/2 * 2/3 * (1/2 + 1/8) = 5/64.
TOY_RANDOM_WIN = Fraction(5, 64)


def _without_seconds(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if k != "seconds"}


def test_same_seed_same_summary() -> None:
    a = sim.simulate(toy_model.toy(), 300, seed=7)
    b = sim.simulate(toy_model.toy(), 300, seed=7)
    c = sim.simulate(toy_model.toy(), 300, seed=8)
    assert _without_seconds(a.to_json()) == _without_seconds(b.to_json())
    assert _without_seconds(a.to_json()) != _without_seconds(c.to_json())


def test_game_i_does_not_depend_on_the_number_of_games() -> None:
    model = toy_model.toy()
    short = list(sim.playouts(model, 5, seed=3))
    long = list(sim.playouts(model, 20, seed=3))
    assert short == long[:5]


def test_random_policy_win_rate_matches_the_exact_value() -> None:
    summary = sim.simulate(toy_model.toy(), 4000, seed=0)
    low, high = summary.win_rate_ci
    assert low <= float(TOY_RANDOM_WIN) <= high
    assert summary.games == 4000 and summary.wins == summary.reasons["completed"]
    assert sum(summary.reasons.values()) == 4000


def test_summary_fields() -> None:
    s = sim.simulate(toy_model.toy(), 500, seed=1, measures=toy_model.MEASURES)
    money = s.measures["money"]
    assert money.min >= 0 and money.max <= 30
    assert sum(n for _, n in s.histograms["money"]) == 500  # plotted: $10 bins
    assert all(lo % 10 == 0 for lo, _ in s.histograms["money"])
    ranks = dict(s.counts["rating_rank"])  # not plotted: games per value
    assert set(ranks) <= {0, 1, 2, 3} and sum(ranks.values()) == 500
    assert 0 <= s.measures["deaths"].mean <= 1
    assert "win" not in s.measures  # a rate: the win rate says it
    assert s.steps.min >= 1 and s.decisions.max <= 4
    data = s.to_json()
    assert json.loads(json.dumps(data)) == data
    assert {"games", "wins", "win_rate", "reasons", "measures", "histograms", "counts"} <= set(data)
    assert set(data["measures"]) == {"money", "rating_rank", "deaths"}


def test_summary_names_only_the_games_measures() -> None:
    """No measures given, none summarised: the summary knows no game's vocabulary."""
    data = sim.simulate(toy_model.toy(), 50, seed=1).to_json()
    assert data["measures"] == {} and data["histograms"] == {} and data["counts"] == {}
    assert "money" not in data and "deaths" not in data


def test_interpretation_changes_the_outcomes() -> None:
    """TOY-BLACK=penalty: the black cube costs a point instead of ending the game."""
    bust = sim.simulate(toy_model.toy(), 300, seed=2)
    penalty = sim.simulate(toy_model.toy(("TOY-BLACK=penalty",)), 300, seed=2)
    assert bust.reasons.get("bust", 0) > 0
    assert "bust" not in penalty.reasons
    assert penalty.interpretation == {"TOY-BLACK": "penalty"}


def test_recorded_trace_is_game_zero_and_replays() -> None:
    model = toy_model.toy()
    for seed in range(5):
        trace = sim.record_playout(model, toy_model.AMBIGUITIES, seed)
        game0 = next(sim.playouts(model, 1, seed))
        result = tr.replay(trace, model)
        assert result.ok and result.outcome == game0.outcome
        assert trace.seed == seed and trace.meta["policy"] == "random"


def test_max_steps_cuts_a_game() -> None:
    p = sim.playout(toy_model.toy(), random.Random(0), max_steps=0)
    assert p.reason == "max-steps" and p.outcome is None


def test_planted_deadlock_is_reported() -> None:
    class Deadlocked(toy_model.ToyModel):
        def legal_actions(self, s: Any) -> Any:
            return ()

    p = sim.playout(Deadlocked(), random.Random(0))
    assert p.reason == "deadlock"


def test_policies_are_pluggable() -> None:
    def always_stop(model: Any, state: Any, legal: Any, rng: random.Random) -> Any:
        return legal[-1]

    players = {"cautious": always_stop}  # a game declares these as GameSpec.policies
    model = toy_model.ToyModel()
    assert list(sim.policies(players)) == ["random", "cautious"]
    s = sim.simulate(model, 50, seed=0, policy="cautious", game_policies=players)
    assert s.reasons == {"short": 50}
    with pytest.raises(ModelError, match="accepted: random"):
        sim.get_policy("telepathic", players)


class _Sampled(toy_model.ToyModel):
    """The toy with a ``sample_step`` fast path (as HHH has): one successor, same law."""

    def sample_step(self, s: Any, a: Any, rng: random.Random) -> Any:
        white, black = s.bag
        if isinstance(a, toy_model.Draw) and white and black:
            pick_white = rng.random() * (white + black) < white  # not sample_index's way
            return self.step(s, a)[0 if pick_white else 1][0]
        return self.step(s, a)[0][0]


def test_sample_step_is_used_and_matches_the_exact_law() -> None:
    fast = sim.simulate(_Sampled(), 4000, seed=0)
    exact = sim.simulate(_Sampled(), 4000, seed=0, exact=True)
    for s in (fast, exact):
        low, high = s.win_rate_ci
        assert low <= float(TOY_RANDOM_WIN) <= high
    assert fast.to_json()["reasons"] != exact.to_json()["reasons"]  # different games


def test_recording_a_sampled_game_keeps_its_random_choices() -> None:
    """A sampled game is recorded by the sampler's choices (no enumeration); replay draws
    the same successors and gives each chance step its exact probability under step."""
    model = _Sampled()
    for seed in range(10):
        trace = sim.record_playout(model, toy_model.AMBIGUITIES, seed)
        assert len(trace.meta["samples"]) == len(trace.steps)
        seen: list[tuple[Any, Any, Any, Any]] = []

        def keep(i: int, s: Any, a: Any, p: Any, n: Any, seen: list[Any] = seen) -> None:
            seen.append((s, a, p, n))

        assert tr.replay(trace, model, on_step=keep).ok
        for s, a, p, n in seen:
            assert dict(toy_model.toy().step(s, a))[n] == p


def test_planted_sampler_outside_the_support_is_caught() -> None:
    class Broken(toy_model.ToyModel):
        def sample_step(self, s: Any, a: Any, rng: random.Random) -> Any:
            after = self.step(s, a)[0][0]
            return toy_model.ToyState(after.phase, after.bag, after.score + 5)

    with pytest.raises(ModelError, match="sample_step"):
        sim.record_playout(Broken(), toy_model.AMBIGUITIES, 0)


def test_zero_games_is_an_input_error() -> None:
    with pytest.raises(ModelError):
        sim.simulate(toy_model.toy(), 0)


def test_wilson_interval() -> None:
    assert sim.wilson_interval(0, 10)[0] == pytest.approx(0.0)
    assert sim.wilson_interval(10, 10)[1] == pytest.approx(1.0)
    low, high = sim.wilson_interval(50, 100)
    assert low < 0.5 < high and abs((low + high) / 2 - 0.5) < 1e-9


# The command ---------------------------------------------------------------------------


def _run(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def test_cli_json_is_reproducible(toy_registry: Any) -> None:
    args = ("simulate", "--game", "toy", "--games", "200", "--seed", "5", "--json")
    a, b = _run(*args), _run(*args)
    assert a.exit_code == 0, a.output
    da, db = json.loads(a.stdout), json.loads(b.stdout)
    assert _without_seconds(da) == _without_seconds(db)
    assert da["games"] == 200 and "win_rate_ci95" in da


def test_cli_table(toy_registry: Any) -> None:
    r = _run("simulate", "--game", "toy", "--games", "100", "--interpret", "TOY-BLACK=penalty")
    assert r.exit_code == 0, r.output
    assert "win rate" in r.stdout and "TOY-BLACK=penalty" in r.stdout
    assert "final money" in r.stdout


def test_cli_trace_out_replays(toy_registry: Any, tmp_path: Any) -> None:
    out = tmp_path / "game0.json"
    r = _run("simulate", "--game", "toy", "--games", "3", "--seed", "4", "--trace-out", str(out))
    assert r.exit_code == 0, r.output
    replayed = _run("replay", str(out), "--json")
    assert replayed.exit_code == 0, replayed.output
    assert json.loads(replayed.stdout)["ok"] is True


@pytest.mark.parametrize(
    "args",
    [
        ("--game", "nope"),
        ("--game", "toy", "--games", "0"),
        ("--game", "toy", "--config", "huge"),
        ("--game", "toy", "--interpret", "TOY-NOPE=x"),
        ("--game", "toy", "--interpret", "TOY-BLACK=maybe"),
        ("--game", "toy", "--interpret", "TOY-BLACK"),
        ("--game", "toy", "--set", "whites=99"),
        ("--game", "toy", "--set", "colour=red"),
        ("--game", "toy", "--policy", "telepathic"),
        ("--game", "toy", "--max-steps", "0"),
    ],
)
def test_cli_bad_input_is_one_line_exit_2(toy_registry: Any, tmp_path: Any, args: Any) -> None:
    out = tmp_path / "t.json"
    r = _run("simulate", *args, "--trace-out", str(out))
    assert r.exit_code == 2, r.output
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    assert not out.exists()


def test_cli_hhh_tiny_runs(toy_registry: Any) -> None:
    r = _run("simulate", "--game", "hhh", "--config", "tiny", "--games", "5", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["games"] == 5


def test_cli_hhh_six_players_is_rejected(toy_registry: Any) -> None:
    r = _run("simulate", "--game", "hhh", "--set", "players=6")
    assert r.exit_code == 2
    assert r.stderr.startswith("error: ") and len(r.stderr.strip().splitlines()) == 1
