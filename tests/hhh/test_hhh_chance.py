"""One law of chance: ``sample_step`` draws from exactly the distribution ``step`` gives.

Architecture, model contract: "Sampling (simulation, Hypothesis) picks from this same
distribution, so every engine sees the same semantics." ``step`` enumerates bag draws as
multivariate hypergeometric laws (black-cube chains included); ``sample_step`` runs the
same rules cube by cube with a ``random.Random``. Two tests tie them together:

* exact: on small bags, every answer the random number generator can give is followed
  (a scripted generator, depth first), so the law of ``sample_step`` is computed exactly
  and compared with ``step`` as ``Fraction`` for every chance action met while exploring
  reduced configurations (each action kind, each chance phase);
* statistical: on positions of the real game reached by seeded playouts, thousands of
  seeded samples pass a chi-square goodness-of-fit test (``scipy.stats.chisquare``)
  against ``step``'s exact probabilities.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from scipy.stats import chisquare

from hhh_verify.contract.outcomes import check_distribution
from hhh_verify.engines.explore.explorer import explore
from hhh_verify.models.hhh import SPEC
from hhh_verify.models.hhh.rules.actions import Draw
from hhh_verify.models.hhh.rules.config import TINY
from hhh_verify.models.hhh.rules.state import (
    PP_STAFF,
    PP_VISIT,
    SETUP_MARKERS,
    SETUP_TRAINING,
    item_of,
)

#: A reduced game where every kind of chance happens: two colours, a 9-cube bag with a
#: black cube, Treatment Room, Emergency Room and Blood Bank, Research cards, Training
#: markers face up and down, the Staff whose effects draw or reveal, Cooke's redraw.
CHANCE_RICH = replace(
    TINY,
    colours=2,
    cubes_per_colour=4,
    black_cubes=1,
    rooms_in_deck=(0, 5, 6),
    starting_room=6,
    room_limit=3,
    research_cards=2,
    training_pool=(1, 1, 0, 0, 0, 1),
    training_face_up=1,
    staff_pool=(0, 0, 0, 1, 0, 1, 1, 0, 1, 1, 1),
    staff_spaces=6,
    staff_per_round=6,
    administrator="cooke",
    doctors=("nowitz", "ura"),
    starting_money=12,
    admin_per_round=2,
)


class ScriptedRandom(random.Random):
    """Answers ``randrange`` from a script, then 0; records every (answer, range)."""

    def __init__(self, script: list[int]):
        super().__init__(0)
        self.script = script
        self.used: list[tuple[int, int]] = []

    def randrange(self, start: int, stop: Any = None, step: int = 1) -> int:  # type: ignore[override]
        n = start if stop is None else stop - start
        i = len(self.used)
        v = self.script[i] if i < len(self.script) else 0
        self.used.append((v, n))
        return v if stop is None else start + v

    def random(self) -> float:  # pragma: no cover - the model never asks for floats
        raise AssertionError("sample_step must draw integers only")


def sampled_law(model: Any, s: Any, a: Any, limit: int = 20_000) -> dict[Any, Fraction]:
    """The exact law of ``model.sample_step(s, a, rng)`` over every answer of ``rng``."""
    law: Counter = Counter()
    stack: list[list[int]] = [[]]
    runs = 0
    while stack:
        script = stack.pop()
        rng = ScriptedRandom(script)
        t = model.sample_step(s, a, rng)
        p = Fraction(1)
        for _v, n in rng.used:
            p /= n
        law[t] += p
        for i in range(len(script), len(rng.used)):
            prefix = [v for v, _n in rng.used[:i]]
            stack.extend(prefix + [v] for v in range(1, rng.used[i][1]))
        runs += 1
        assert runs <= limit, "too many random paths for an exact comparison"
    return dict(law)


def chance_pairs(model: Any, max_states: int, per_kind: int) -> list[tuple[Any, Any]]:
    """(state, action) pairs with more than one outcome, up to ``per_kind`` for each
    (phase, action kind), from a breadth-first exploration."""
    exp = explore(model, max_states=max_states)
    seen: Counter = Counter()
    out = []
    for s in exp.states():
        if model.outcome(s) is not None:
            continue
        for a in model.legal_actions(s):
            key = (s.phase, type(a).__name__)
            if seen[key] >= per_kind:
                continue
            if len(model.step(s, a)) > 1:
                seen[key] += 1
                out.append((s, a))
    return out


CASES = [
    ("tiny", TINY, 6000, 3),
    ("chance-rich", CHANCE_RICH, 4000, 2),
    ("interactions", SPEC.presets["interactions"], 4000, 2),
]


@pytest.mark.parametrize("name, config, states, per_kind", CASES, ids=[c[0] for c in CASES])
def test_sample_step_has_the_law_of_step(
    name: str, config: Any, states: int, per_kind: int
) -> None:
    model = SPEC.make_model(config, SPEC.ambiguities.default())
    pairs = chance_pairs(model, states, per_kind)
    kinds = {type(a).__name__ for _s, a in pairs}
    assert "Draw" in kinds
    for s, a in pairs:
        exact = model.step(s, a)
        check_distribution(exact)
        assert sampled_law(model, s, a) == dict(exact), (name, model.describe_action(s, a))
        point = getattr(model, "outcome_probability", None)
        if point is not None:
            assert all(point(s, a, t) == p for t, p in exact), (name, a)


def test_chance_rich_config_meets_every_chance_kind() -> None:
    """The reduced configurations above reach each action whose outcome is random."""
    found: set[str] = set()
    for _name, config, states, per_kind in CASES:
        model = SPEC.make_model(config, SPEC.ambiguities.default())
        found |= {type(a).__name__ for _s, a in chance_pairs(model, states, per_kind)}
    want = {"Draw", "Heal", "Bonus", "AdminRedraw", "Research", "InstallRoom"}
    assert want <= found, want - found


def test_scripted_random_enumerates_a_die() -> None:
    """The enumerator on a known law: two cubes from a bag of 2 red + 1 blue."""
    from hhh_verify.models.hhh.rules.draws import SampledDraws, hypergeometric

    class Two:
        def sample_step(self, s: Any, a: Any, rng: Any) -> Any:
            return SampledDraws(rng).hyper((2, 1), 2)[0][0]

    assert sampled_law(Two(), None, None) == dict(hypergeometric((2, 1), 2))


# The real game: goodness of fit on positions from playouts ---------------------------------


def playout_positions(model: Any, seed: int, wanted: int) -> list[tuple[Any, Any]]:
    """Chance steps met in seeded random full games (Heals, bonus draws, the visits of
    the Wards by one patient, Staff reveals, the setup draws) whose exact law has at most
    600 outcomes.
    Only the chosen steps are enumerated exactly: the playouts themselves sample."""
    rng = random.Random(seed)
    out: list[tuple[Any, Any]] = []
    kinds = ("Heal", "Bonus", "AdminRedraw")
    draw_phases = (SETUP_MARKERS, SETUP_TRAINING, PP_VISIT, PP_STAFF)
    while len(out) < wanted:
        s = model.initial_state()
        while model.outcome(s) is None and len(out) < wanted:
            legal = model.legal_actions(s)
            a = legal[rng.randrange(len(legal))]
            chance = type(a).__name__ in kinds or (isinstance(a, Draw) and s.phase in draw_phases)
            if s.phase == PP_VISIT:  # one patient: the exact law of a full Ward is slow
                chance = chance and len(s.wards[item_of(s.cursor)]) == 1
            if chance and rng.random() < 0.3:
                if 2 <= len(model.step(s, a)) <= 600:
                    out.append((s, a))
            s = model.sample_step(s, a, rng)
    return out


def test_sampling_fits_the_exact_law_on_the_full_game() -> None:
    model = SPEC.model("full")
    positions = playout_positions(model, seed=2024, wanted=12)
    kinds = {type(a).__name__ for _s, a in positions}
    assert "Draw" in kinds and len(kinds) >= 2, kinds
    for i, (s, a) in enumerate(positions):
        exact = dict(model.step(s, a))
        check_distribution(tuple(exact.items()))
        rng = random.Random(1000 + i)
        n = 4000
        seen = Counter(model.sample_step(s, a, rng) for _ in range(n))
        assert set(seen) <= set(exact), "a sampled successor the exact law does not have"
        # pool the rare outcomes so every expected count is at least 5
        order = sorted(exact, key=lambda t: exact[t])
        obs, exp, o_acc, e_acc = [], [], 0, 0.0
        for t in order:
            o_acc += seen[t]
            e_acc += float(exact[t]) * n
            if e_acc >= 5:
                obs.append(o_acc)
                exp.append(e_acc)
                o_acc, e_acc = 0, 0.0
        if e_acc and exp:
            obs[-1] += o_acc
            exp[-1] += e_acc
        if len(obs) < 2:
            continue
        p = chisquare(obs, exp).pvalue
        assert p > 1e-4, (model.describe_action(s, a), p)


def test_a_biased_sampler_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Planted: a sampler that picks a colour uniformly instead of a cube."""
    from hhh_verify.models.hhh.rules.draws import SampledDraws

    def by_colour(self: Any, bag: list[int]) -> int:
        present = [i for i, c in enumerate(bag) if c]
        return present[self.rng.randrange(len(present))]

    monkeypatch.setattr(SampledDraws, "_one", by_colour)
    model = SPEC.make_model(TINY, SPEC.ambiguities.default())
    pairs = chance_pairs(model, 2000, 2)
    assert any(sampled_law(model, s, a) != dict(model.step(s, a)) for s, a in pairs)


# `check` validates the exact law it meets (full game and tiny) ----------------------------


def _bad_then(monkeypatch: pytest.MonkeyPatch) -> None:
    """Planted: ``board.then`` composes one probability with the wrong sign (the kind of
    bug that once went unnoticed by ``check``)."""
    from hhh_verify.models.hhh.rules import board, patient_phase, player_actions, rooms, setup

    original = board.then

    def then(pairs: Any, f: Any) -> Any:
        out = original(pairs, f)
        if len(out) > 1:
            (s0, p0), *rest = out
            out = [(s0, -p0), *rest]
        return out

    for module in (board, setup, rooms, patient_phase, player_actions):
        monkeypatch.setattr(module, "then", then)


def test_check_validates_step_on_the_full_game(monkeypatch: pytest.MonkeyPatch) -> None:
    from hhh_verify.engines.distribution_check import check_distributions

    model = SPEC.model("full")
    assert check_distributions(model, 0, 10_000)[0] == ""
    _bad_then(monkeypatch)
    problem, _ = check_distributions(SPEC.model("full"), 0, 10_000)
    assert "not a positive Fraction" in problem or "sum to" in problem


def test_the_explorer_validates_step_on_tiny(monkeypatch: pytest.MonkeyPatch) -> None:
    from hhh_verify.engines.explore.explorer import ExplorationError

    _bad_then(monkeypatch)
    with pytest.raises(ExplorationError, match="not an exact distribution"):
        explore(SPEC.model("tiny"))
