"""Sampled traces and point probabilities: writing and replaying full HHH games without
enumerating a chance step (hhh_verify/contract/trace.py, sampled.py, engines/diverge.py)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from hhh_verify.contract import trace as tr
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.model import outcome_probability
from hhh_verify.contract.records import replace
from hhh_verify.contract.sampled import RecordingRandom, ScriptedRandom
from hhh_verify.contract.scenario import Scenario
from hhh_verify.engines import diverge as dv
from hhh_verify.engines import simulate as sim
from hhh_verify.models.hhh import SPEC


def _greedy_game(seed: int = 1) -> tr.Trace:
    """A recorded full game of the greedy player (6 rounds for this seed)."""
    model = SPEC.model("full")
    return sim.record_playout(
        model, SPEC.ambiguities, seed, 0, "greedy", game_policies=SPEC.policies
    )


def _copy(trace: tr.Trace) -> tr.Trace:
    """The trace as saved and loaded again (nothing shared with the original)."""
    return tr.Trace.from_json(json.loads(json.dumps(trace.to_json())))


def test_a_whole_full_game_replays_in_seconds() -> None:
    trace = _greedy_game()
    model = SPEC.model("full")
    enumerated = []
    step = model.step
    model.step = lambda s, a: enumerated.append(a) or step(s, a)  # type: ignore[method-assign]
    result = tr.replay(trace, model)
    assert result.ok, result.error
    assert model.round_of(result.final_state) >= 3
    # the work that makes it fast: drawn steps replay by their point probability, so
    # not every step enumerates its whole distribution (counted, never timed)
    assert len(enumerated) < len(trace.steps), (len(enumerated), len(trace.steps))
    assert any("[p=" in line for line in result.lines)


def test_replayed_probabilities_are_the_point_probabilities() -> None:
    trace = _greedy_game(2)
    model = SPEC.model("full")
    seen: list[tuple[Any, Any, Any, Any]] = []

    def keep(i: int, s: Any, a: Any, p: Any, n: Any, seen: list[Any] = seen) -> None:
        seen.append((s, a, p, n))

    assert tr.replay(trace, model, on_step=keep).ok
    for s, a, p, n in seen:
        assert 0 < p <= 1 and outcome_probability(model, s, a, n) == p
    heals = [(s, a, p, n) for s, a, p, n in seen if type(a).__name__ == "Heal"]
    s, a, p, n = heals[0]  # a small enumeration: the same number from step
    assert dict(model.step(s, a))[n] == p


def test_recording_does_not_change_the_game() -> None:
    """A recorded playout is the very game an unrecorded one plays (same seed)."""
    model = SPEC.model("full")
    policy = SPEC.policies["greedy"]
    plain = sim.playout(model, random.Random(sim.game_seed(3, 0)), policy)
    trace = sim.record_playout(model, SPEC.ambiguities, 3, 0, "greedy", game_policies=SPEC.policies)
    replayed = tr.replay(trace, model, describe=False)
    assert replayed.final_state == plain.final_state


def test_tampered_samples_are_rejected() -> None:
    trace = _greedy_game()
    model = SPEC.model("full")
    samples = trace.meta["samples"]
    i = next(k for k, v in enumerate(samples) if len(v) >= 2)
    changed = _copy(trace)
    changed.meta["samples"][i][0] = (samples[i][0] + 1) % 2
    res = tr.replay(changed, model, describe=False)
    assert not res.ok and res.steps_run == i and "different state" in res.error
    short = _copy(trace)
    short.meta["samples"][i] = short.meta["samples"][i][:1]
    res = tr.replay(short, model, describe=False)
    assert not res.ok and res.steps_run == i and "ran out" in res.error
    longer = _copy(trace)
    longer.meta["samples"][i] = longer.meta["samples"][i] + [0]
    res = tr.replay(longer, model, describe=False)
    assert not res.ok and res.steps_run == i and "unused" in res.error


@pytest.mark.parametrize(
    "samples, message",
    [("x", "one entry per step"), ([[0]], "one entry per step"), (None, "")],
)
def test_malformed_samples(samples: Any, message: str) -> None:
    trace = _greedy_game()
    bad = _copy(trace)
    if samples is None:
        bad.meta["samples"][0] = ["a"]
        message = "list of integers or null"
    else:
        bad.meta["samples"] = samples
    with pytest.raises(ModelError, match=message):
        tr.replay(bad, SPEC.model("full"))


def test_outcome_indices_and_samples_mix() -> None:
    """A step recorded by its outcome index (null samples) next to sampled ones."""
    model = SPEC.model("tiny")
    trace = tr.new_trace(model, SPEC.ambiguities)
    s = model.initial_state()
    rng = random.Random(4)
    for i in range(12):
        if model.outcome(s) is not None:
            break
        a = model.legal_actions(s)[0]
        if i % 2:
            dist = model.step(s, a)
            j = len(dist) - 1
            tr.record(trace, model, s, a, j, dist[j][0])
            s = dist[j][0]
        else:
            drawn = RecordingRandom(rng)
            nxt = model.sample_step(s, a, drawn)
            tr.record_sampled(trace, model, a, drawn.values, nxt)
            s = nxt
    assert None in trace.meta["samples"] and len(trace.meta["samples"]) == len(trace.steps)
    saved = _copy(trace)
    res = tr.replay(saved, model, describe=False)
    assert res.ok and res.final_state == s


def test_recording_random_repeats_the_stream() -> None:
    a, b = random.Random(9), random.Random(9)
    rec = RecordingRandom(b)
    xs = [a.randrange(7), a.random(), a.getrandbits(5), a.choice("abc")]
    ys = [rec.randrange(7), rec.random(), rec.getrandbits(5), rec.choice("abc")]
    assert xs == ys
    back = ScriptedRandom(rec.values)
    assert [back.randrange(7), back.random(), back.getrandbits(5), back.choice("abc")] == ys
    assert back.unused == 0


class _LyingSampler:
    """Planted bug: a model whose sampler returns a state ``step`` never gives."""

    def __init__(self, model: Any):
        self.model = model

    def __getattr__(self, name: str) -> Any:
        return getattr(self.model, name)

    def sample_step(self, s: Any, a: Any, rng: random.Random) -> Any:
        after = self.model.sample_step(s, a, rng)
        if type(a).__name__ == "Heal":
            return replace(after, money=after.money + 1)
        return after


def test_planted_sampler_bug_is_caught_on_replay_and_on_recording() -> None:
    trace = _greedy_game()
    liar = _LyingSampler(SPEC.model("full"))
    res = tr.replay(trace, liar, describe=False)
    assert not res.ok and "not an outcome of step" in res.error
    with pytest.raises(ModelError, match="does not list"):
        sim.record_playout(liar, SPEC.ambiguities, 1, 0, "greedy", game_policies=SPEC.policies)


def test_deep_differential_witness_traces_are_sampled_and_replay() -> None:
    """A witness found deep in a full game: both traces are written from the sampler's
    choices (no step enumerated) and replay to the diverging step."""
    result = dv.diverge(
        SPEC,
        Scenario("hhh", "full"),
        "HHH-COO-TIMING",
        ("immediately", "next-round"),
        dv.Search(
            max_games=40,
            max_seconds=None,
            explorer=False,
            policies=("random", "greedy", "mixed"),
        ),
    )
    assert result.material and result.witness is not None
    assert len(result.witness.path) > 20 and result.witness.verified
    ta, tb = dv.witness_traces(result, SPEC)
    for t, m in ((ta, result.model_a), (tb, result.model_b)):
        assert len(t.meta["samples"]) == len(t.steps)
        res = tr.replay(_copy(t), SPEC.make_model(m.config, m.readings))
        assert res.ok, res.error
    assert ta.steps[-1].note
