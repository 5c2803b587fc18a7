"""Point probabilities (models/hhh/rules/point.py) equal the enumerated ``step`` probabilities.

For sampled steps of every chance kind (setup, arrivals, visits, heals, bonus draws,
Research, Staff and Training reveals, the Blood Bank), every reading:
``outcome_probability(s, a, succ) == dict(step(s, a))[succ]`` for the outcomes ``succ``
of ``step``, on small bags (one of 17 cubes that empties all the time), a 52-cube bag
(multi-patient visits pruned for the point probability and factored in ``step``,
models/hhh/rules/visit_enum.py: the code paths of the real bag) and the real 88-cube bag.

``ci`` profile: games stop after round 1; a step with more than 60 outcomes is checked on
12 evenly spread ones; every reading plays the small bags, the readings that touch
chance (:data:`CHANCE_READINGS`) also the 52-cube bag, the defaults every bag.
``thorough``: whole games (two rounds on the real bag), every reading on every bag, every
outcome (the real bag's steps of thousands of outcomes on a spread). A state that is no outcome gets 0.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from hhh_verify.contract.model import CHANCE, outcome_probability
from hhh_verify.contract.records import replace
from hhh_verify.models.hhh import SPEC
from hhh_verify.models.hhh.rules import point as point_rules
from hhh_verify.models.hhh.rules import point_draws, visit_enum
from hhh_verify.models.hhh.rules.state import PHASE_NAMES, item_of

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"

#: Every reading: the defaults, then each other option of each ambiguity alone.
READINGS = [()] + [
    (f"{a.id}={o}",) for a in SPEC.ambiguities for o in a.option_ids if o != a.default
]

#: Bags: the small presets, a 17-cube bag that empties all the time, a 52-cube bag whose
#: multi-patient visits are pruned (no refill possible) and factored in ``step``, yet
#: small enough to enumerate, in both visit variants.
SMALL_BAG = ("cubes_per_colour=3", "black_cubes=2")
MEDIUM_BAG = ("cubes_per_colour=10", "black_cubes=2")
CONFIGS = {
    "tiny": ("tiny", ()),
    "small": ("small", ()),
    "small-bag": ("full", SMALL_BAG),
    "medium-bag": ("full", MEDIUM_BAG),
    "medium-bag-no-abilities": ("full", (*MEDIUM_BAG, "variant_no_abilities=true")),
}
if THOROUGH:  # the real bag under every reading (CI: the defaults, test_full_bag_steps)
    CONFIGS["full"] = ("full", ())

#: The readings that change a draw's size, its pool or what the drawn cubes do; under
#: the ``ci`` profile only these (and the defaults) play on the medium bags, every other
#: reading on the small bags (``thorough``: every reading everywhere).
CHANCE_READINGS = (
    "HHH-WARD-ABILITY",
    "HHH-EMPTY-BEDS-VARIANT",
    "HHH-VISIT-CUBES",
    "HHH-DRAW-EXHAUSTED",
    "HHH-WARD-BEDS",
    "HHH-WAITING-SPOTS",
    "HHH-ER-COSTS",
    "HHH-TRAINING-BONUS",
    "HHH-REACTION-TIMING",
    "HHH-RESEARCH-DECK",
    "HHH-BB-BLACK-ONLY",
    "HHH-SETUP-LEVEL5",
    "HHH-SETUP-ORDER",
    "HHH-STAFF-ROUND1",
    "HHH-STAFF-POOL",
    "HHH-TRAINING-COUNT",
)
SMALL_CONFIGS = ("tiny", "small", "small-bag")
#: The readings of the visit without Ward abilities (its draws count empty beds).
NO_ABILITIES_READINGS = ("HHH-EMPTY-BEDS-VARIANT", "HHH-WARD-BEDS")

#: Steps with more outcomes than this are checked on a spread selection (``thorough``:
#: only the real bag's steps with thousands of outcomes).
ALL_OUTCOMES = 3000 if THOROUGH else 60
SPREAD = 12
#: Games per configuration and reading, and the last round they play.
GAMES = 3 if THOROUGH else 1
ROUNDS = 6 if THOROUGH else 1


def kind(s: Any, a: Any) -> str:
    """A chance step's kind: the action, and the phase for draws."""
    name = type(a).__name__
    return f"Draw:{PHASE_NAMES[s.phase]}" if name == "Draw" else name


def check_step(model: Any, s: Any, a: Any, every: bool = False) -> int:
    """Compare the point probability with ``step`` for the outcomes of ``a`` in ``s``;
    return how many outcomes were compared (0 for a step without chance)."""
    dist = model.step(s, a)
    if len(dist) == 1:
        assert outcome_probability(model, s, a, dist[0][0]) == 1
        return 0
    chosen: Any = range(len(dist))
    if len(dist) > ALL_OUTCOMES and not every:
        chosen = sorted({round(i * (len(dist) - 1) / (SPREAD - 1)) for i in range(SPREAD)})
    for i in chosen:
        succ, p = dist[i]
        got = outcome_probability(model, s, a, succ)
        assert got == p, f"{kind(s, a)}: point {got} != step {p} for outcome {i}"
    return len(chosen)


def chance_steps(model: Any, games: int, seed: int = 0, rounds: int = 6) -> list[tuple[Any, Any]]:
    """The ``(state, action)`` steps of sampled games up to round ``rounds`` (the
    game's greedy and mixed players in turn)."""
    players = list(SPEC.policies.values())
    out = []
    for g in range(games):
        rng = random.Random(seed * 1000 + g)
        policy = players[g % len(players)]
        s = model.initial_state()
        while model.outcome(s) is None and model.round_of(s) <= rounds:
            legal = model.legal_actions(s)
            a = legal[0] if len(legal) == 1 else policy(model, s, legal, rng)
            out.append((s, a))
            s = model.sample_step(s, a, rng)
    return out


def play(model: Any, games: int, seed: int = 0, rounds: int = 6) -> Counter[str]:
    """Check every step of sampled games; the kinds of chance step checked (counts)."""
    seen: Counter[str] = Counter()
    for s, a in chance_steps(model, games, seed, rounds):
        if check_step(model, s, a):
            seen[kind(s, a)] += 1
    return seen


def configs_for(reading: tuple[str, ...]) -> list[str]:
    """The bags a reading is checked on (see :data:`CHANCE_READINGS`)."""
    amb = reading[0].split("=")[0] if reading else ""
    if THOROUGH or amb in ("", *NO_ABILITIES_READINGS):
        return list(CONFIGS)
    if amb in CHANCE_READINGS:
        return [*SMALL_CONFIGS, "medium-bag"]
    return list(SMALL_CONFIGS)


@pytest.mark.parametrize("reading", READINGS, ids=lambda r: r[0] if r else "defaults")
def test_point_probability_equals_step(reading: tuple[str, ...]) -> None:
    """Every reading, on the bags of :func:`configs_for`."""
    for config in configs_for(reading):
        preset, overrides = CONFIGS[config]
        rounds = min(ROUNDS, 2) if config == "full" else ROUNDS  # thorough: minutes each
        play(SPEC.model(preset, overrides, reading), GAMES, rounds=rounds)


def test_the_chance_readings_exist() -> None:
    """The medium-bag selection names readings the game has (most of them at least)."""
    ids = {a.id for a in SPEC.ambiguities}
    assert len(ids & set(CHANCE_READINGS)) >= len(CHANCE_READINGS) - 2


def test_every_chance_kind_is_checked() -> None:
    """Games on the small and medium bags reach every kind of chance step."""
    seen: Counter[str] = Counter()
    for config in ("small-bag", "medium-bag"):
        preset, overrides = CONFIGS[config]
        seen += play(SPEC.model(preset, overrides), 2, seed=1, rounds=ROUNDS + 1)
    expected = {
        "Draw:setup-markers",
        "Draw:setup-waiting",
        "Draw:setup-training",
        "Draw:arrive",
        "Draw:visit",
        "Draw:reveal-staff",
        "Heal",
        "Bonus",
        "Research",
    }
    assert expected <= set(seen), sorted(seen)


def test_pruned_visits_are_checked() -> None:
    """Multi-patient visits that the floor prunes (no refill possible) and ``step``
    factors (models/hhh/rules/visit_enum.py): four of them, every outcome under thorough."""
    preset, overrides = CONFIGS["medium-bag"]
    model = SPEC.model(preset, overrides)
    both = 0
    for s, a in chance_steps(model, 2):
        visit = kind(s, a) == "Draw:visit" and len(s.wards[item_of(s.cursor)]) > 1
        if visit and point_rules.bag_only_shrinks(model.ctx, s, a):
            check_step(model, s, a, every=THOROUGH)
            both += visit_enum.factorable(model.ctx, s)
            if both == 4 and not THOROUGH:
                break
    assert both >= 3


def test_full_bag_steps() -> None:
    """The real game: the chance steps of a greedy game; the steps whose enumeration
    takes over a second (arrivals, Research: two of them; multi-patient visits: a minute
    each) only under ``thorough``."""
    model = SPEC.model("full")
    seen: Counter[str] = Counter()
    big = 0
    for s, a in chance_steps(model, 1, rounds=ROUNDS):
        if kind(s, a) == "Draw:visit" and len(s.wards[item_of(s.cursor)]) > 1:
            if not THOROUGH:
                continue
        if kind(s, a) in ("Draw:arrive", "Research") and not THOROUGH:
            if big >= 2:
                continue
            big += 1
        if check_step(model, s, a):
            seen[kind(s, a)] += 1
    assert {"Draw:setup-waiting", "Draw:arrive", "Heal"} <= set(seen), seen


def test_not_an_outcome_has_probability_zero() -> None:
    model = SPEC.model("full", MEDIUM_BAG)
    for s, a in chance_steps(model, 1, rounds=1):
        if model.current_player(s) == CHANCE or kind(s, a) in ("Heal", "Research"):
            succ = model.sample_step(s, a, random.Random(0))
            assert outcome_probability(model, s, a, succ) > 0
            richer = replace(succ, money=succ.money + 1000)
            assert outcome_probability(model, s, a, richer) == 0
            blacker = replace(succ, bag=succ.bag[:-1] + (succ.bag[-1] + 1,))
            assert outcome_probability(model, s, a, blacker) == 0


def test_planted_unsound_pruning_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pruning where the bag gains cubes again (the setup's Waiting Room draws put black
    and surplus cubes back) loses outcomes: the equality check fails."""
    monkeypatch.setattr(point_rules, "bag_only_shrinks", lambda ctx, s, a: True)
    with pytest.raises(AssertionError, match="point"):
        play(SPEC.model("full", MEDIUM_BAG), 1, rounds=1)


def test_planted_wrong_closed_form_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A chain closed form without the ballot factor ``need / T`` is caught."""
    real = point_draws.FloorDraws.chain

    def no_ballot(self: Any, bag: Any, discard: Any, need: int) -> Any:
        out = []
        for r, p in real(self, bag, discard, need):
            k = r[2][-1] - discard[-1]  # black cubes drawn
            out.append((r, p * (need + 2 * k) / need))
        return out

    monkeypatch.setattr(point_draws.FloorDraws, "chain", no_ballot)
    with pytest.raises(AssertionError, match="point"):
        play(SPEC.model("full", MEDIUM_BAG), 1, rounds=1)


def test_probabilities_are_fractions() -> None:
    model = SPEC.model("full")
    for s, a in chance_steps(model, 1, rounds=1)[:12]:
        succ = model.sample_step(s, a, random.Random(1))
        assert isinstance(outcome_probability(model, s, a, succ), Fraction)
