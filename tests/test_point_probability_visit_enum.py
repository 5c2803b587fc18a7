"""The factored Visit the Wards enumeration (models/hhh/rules/visit_enum.py) is the rules' law.

``step`` enumerates large visits factored; ``patient_phase.visit`` (patient by patient,
the reference that sampling and point probabilities run) must give the same
distribution, merged: on medium and real bags, under the readings that change a visit,
and when deaths end the game in the middle of a visit.
"""

from __future__ import annotations

import os
import random
from fractions import Fraction
from typing import Any

import pytest

from hhh_verify.contract.records import replace
from hhh_verify.models.hhh import SPEC
from hhh_verify.models.hhh.rules import patient_phase as pp
from hhh_verify.models.hhh.rules import visit_enum
from hhh_verify.models.hhh.rules.state import PP_VISIT, item_of, place

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
MEDIUM_BAG = ("cubes_per_colour=10", "black_cubes=2")


def reference(model: Any, s: Any) -> dict[Any, Fraction]:
    out: dict[Any, Fraction] = {}
    for st, p in pp.visit(model.ctx, s):
        out[st] = out.get(st, Fraction(0)) + p
    return out


def visits(model: Any, games: int) -> list[Any]:
    """Visit states of sampled games (greedy and mixed in turn) that are factored."""
    players = list(SPEC.policies.values())
    out = []
    for g in range(games):
        rng = random.Random(g)
        s = model.initial_state()
        while model.outcome(s) is None:
            legal = model.legal_actions(s)
            if s.phase == PP_VISIT and visit_enum.factorable(model.ctx, s):
                out.append(s)
            a = legal[0] if len(legal) == 1 else players[g % len(players)](model, s, legal, rng)
            s = model.sample_step(s, a, rng)
    return out


@pytest.mark.parametrize(
    "overrides, reading",
    [
        ((), ()),
        ((), ("HHH-WARD-ABILITY=shield-first",)),
        (("variant_no_abilities=true",), ()),
        (("variant_no_abilities=true",), ("HHH-EMPTY-BEDS-VARIANT=per-patient",)),
    ],
)
def test_factored_visits_equal_the_rules(overrides: tuple[str, ...], reading: Any) -> None:
    model = SPEC.model("full", MEDIUM_BAG + overrides, reading)
    found = visits(model, 3 if THOROUGH else 2)
    assert found, "no factored visit met"
    for s in found[: None if THOROUGH else 6]:
        assert dict(visit_enum.visit(model.ctx, s)) == reference(model, s)


def test_deaths_that_end_the_game_mid_visit() -> None:
    """Four level-4 patients, one place left in the Cemetery: the second death arrests;
    a bankrupt variant: the first settlement is more than the money."""
    model = SPEC.model("full", MEDIUM_BAG)
    s = visits(model, 2)[0]
    c = item_of(s.cursor)
    full = model.ctx.config.tombstones - 1
    crowded = replace(
        s,
        wards=tuple((4, 4, 4, 4) if k == c else w for k, w in enumerate(s.wards)),
        cemetery=(full,) + s.cemetery[1:],
    )
    poor = replace(crowded, cemetery=s.cemetery, money=3)
    for st in (crowded, poor):
        assert visit_enum.factorable(model.ctx, st)
        fast = dict(visit_enum.visit(model.ctx, st))
        assert fast == reference(model, st)
        assert any(x.reason for x in fast) and sum(fast.values()) == 1


def test_small_bags_and_rebag_run_the_rules() -> None:
    """Small bags (the explorer's presets keep their outcome order), a bag that may
    empty, and HHH-VISIT-CUBES "rebag" are not factored."""
    tiny = SPEC.model("tiny")
    s = tiny.initial_state()
    tiny_visit = replace(s, phase=PP_VISIT, cursor=place(0, 0), wards=((2, 3),))
    assert not visit_enum.factorable(tiny.ctx, tiny_visit)
    model = SPEC.model("full", MEDIUM_BAG, ("HHH-VISIT-CUBES=rebag",))
    s = visits(SPEC.model("full", MEDIUM_BAG), 1)[0]
    assert not visit_enum.factorable(model.ctx, s)
    nearly_empty = replace(s, bag=(1,) * len(s.bag))
    assert not visit_enum.factorable(SPEC.model("full", MEDIUM_BAG).ctx, nearly_empty)


def test_real_bag_visit_is_fast_and_exact() -> None:
    """A real-bag visit of three patients, enumerated exactly (about 0.2 s; the reference
    takes tens of seconds, so it is compared only under ``thorough``; speed is measured
    by the benchmarks, never asserted here)."""
    model = SPEC.model("full")
    s = model.initial_state()
    for _ in range(3):
        s = model.step(s, model.legal_actions(s)[0])[0][0]
    c = 2
    s = replace(
        s,
        phase=PP_VISIT,
        cursor=place(0, c),
        wards=tuple((2, 3, 3) if k == c else () for k in range(5)),
        bag=(16, 16, 16, 16, 16, 8),
        discard=(0,) * 6,
    )
    dist = visit_enum.visit(model.ctx, s)
    assert sum(p for _, p in dist) == 1 and len(dist) > 5000
    assert len({st for st, _ in dist}) == len(dist)
    if THOROUGH:
        assert dict(dist) == reference(model, s)


def test_planted_wrong_weight_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A patient weight without the ballot factor n/T gives another law."""
    real = visit_enum.patient_draws.__wrapped__

    def no_ballot(n: int, blacks: int) -> Any:
        return tuple((j, k, o, w * (n + 2 * k) / n if n else w) for j, k, o, w in real(n, blacks))

    monkeypatch.setattr(visit_enum, "patient_draws", no_ballot)
    model = SPEC.model("full", MEDIUM_BAG)
    s = visits(model, 2)[0]
    assert dict(visit_enum.visit(model.ctx, s)) != reference(model, s)
