"""Healthy Heart Hospital checks written for mutants that survived every other check.

Each test names the mutant it kills (docs/mutation.md, benchmarks/mutation.py).
"""

from __future__ import annotations

import inspect
import random
import sys
import types
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from typing import Any

from hhh_helpers import BLACK, RED, action_phase, cubes, model

from hhh_verify.models.hhh.book.promise_heal import _rebag_level_reduced
from hhh_verify.models.hhh.properties.catalog import (
    facts_hold,
    point_law_outside,
    promises_on_built_positions,
    sampler_within_law,
)
from hhh_verify.models.hhh.rules import draws, heal, patient_phase, player_actions, setup
from hhh_verify.models.hhh.rules import model as hhh_model
from hhh_verify.models.hhh.rules.actions import InternTreat
from hhh_verify.models.hhh.rules.state import (
    HEAL_DRAWN,
    PP_ARRIVE,
    TREATMENT,
    WARD,
    HealInProgress,
    place,
)


def test_the_intern_lowers_a_high_level_by_exactly_three() -> None:
    """Staff Index, Intern: "reduce its Illness level by 3". On levels 5 and 6 (where
    ``level // 3`` and ``level - 3`` differ) the patient stays, three levels lower.
    Kills ``a.level - INTERN_HEAL`` -> ``a.level // INTERN_HEAL`` in ``intern``."""
    m = model("full")
    for level in (5, 6):
        wards = tuple((level,) if c == RED else () for c in range(m.ctx.C))
        s = action_phase(m, wards=wards)
        t = player_actions.intern(m.ctx, s, InternTreat(WARD, 0, RED, level))
        assert t.wards[RED] == (level - 3,)


def _law(dist: Any) -> dict[Any, Fraction]:
    law: dict[Any, Fraction] = {}
    for state, p in dist:
        law[state] = law.get(state, Fraction(0)) + p
    return law


def test_a_full_bag_arrival_is_the_same_under_both_exhausted_draw_readings() -> None:
    """HHH-DRAW-EXHAUSTED reads "If you ever need to draw cubes and the bag is empty ..."
    for a draw that cannot be completed; a Waiting Room's arrival from the full bag
    ("Draw 6 cubes from the bag. If you draw black cube(s), discard them and draw 2 more
    cubes for each black cube drawn") completes, black-cube chains included, so both
    readings give it the same law. Kills ``sum(d) < arrival_cubes`` -> ``!=`` in
    ``arrive`` (under 'stuck', an arrival with a black cube lost its cubes)."""
    laws = []
    for reading in ("stop", "stuck"):
        m = model("full", interpret=(f"HHH-DRAW-EXHAUSTED={reading}",))
        s = replace(action_phase(m), phase=PP_ARRIVE, cursor=place(0, 0))
        laws.append(_law(patient_phase.arrive(m.ctx, s)))
    assert laws[0] == laws[1]


def test_the_sampler_refills_an_empty_bag_from_the_discard_as_the_exact_law_does() -> None:
    """Key Concepts, "Empty bag: If you ever need to draw cubes and the bag is empty,
    place all discarded cubes back into the bag and continue drawing." The sampler
    (simulation, Hypothesis) must draw the law ``step`` enumerates when a draw empties
    the bag and the discard pile holds cubes: every sampled result is one of the exact
    law's, at its frequency (fixed seed). Kills ``sum(disc) == 0`` -> ``>= 0`` in
    ``SampledDraws.plain`` and ``disc[:-1]`` -> ``disc[:-0]`` in ``SampledDraws.chain``
    (both stopped the draw at the empty bag)."""
    exact_of = {"plain": draws._plain, "chain": draws._chain, "no_black": draws._no_black}
    # (bag, discard, cubes): the bag runs out part-way, then it is the discard pile's turn.
    cases = [((1, 1, 0), (2, 1, 1), 4), ((0, 0, 0), (2, 1, 1), 2), ((1, 0, 1), (1, 2, 0), 2)]
    n = 4_000
    for kind, exact_draw in exact_of.items():
        sampler = draws.SampledDraws(random.Random(5))
        for bag, disc, need in cases:
            exact = _law(exact_draw(bag, disc, need))
            seen: Counter[Any] = Counter()
            for _ in range(n):
                ((key, _),) = getattr(sampler, kind)(bag, disc, need)
                seen[key] += 1
            assert set(seen) <= set(exact), (kind, bag, disc, need)
            for key, p in exact.items():
                sd = (float(p) * (1 - float(p)) / n) ** 0.5
                assert abs(seen[key] / n - float(p)) <= 5 * sd + 1e-9, (kind, bag, key)


def _plant(monkeypatch: Any, module: Any, old: str, new: str, *names: str) -> None:
    """Plant a mutant: ``module``'s source with its one occurrence of ``old`` replaced by
    ``new``, compiled beside it; each of ``names`` (``f`` or ``Class.method``) in
    ``module`` is patched to the mutant's, so the model runs the mutated line."""
    source = inspect.getsource(module)
    assert source.count(old) == 1, old
    mutant = types.ModuleType(f"{module.__name__}_mutant")
    mutant.__package__ = module.__package__
    monkeypatch.setitem(sys.modules, mutant.__name__, mutant)
    exec(compile(source.replace(old, new), module.__file__, "exec"), mutant.__dict__)
    for name in names:
        owner, mutated = module, mutant
        *path, leaf = name.split(".")
        for part in path:
            owner, mutated = getattr(owner, part), getattr(mutated, part)
        monkeypatch.setattr(owner, leaf, getattr(mutated, leaf))


def test_the_janitor_fact_catches_a_black_cube_counted_up(monkeypatch: Any) -> None:
    """Staff Index, Janitor: "discard a just-drawn black cube without applying its effect
    (do not draw a replacement)". The fact (``hhh.facts``) asks the Janitor's reaction on
    a built Heal. Kills ``bump(h.drawn, ctx.B, -1)`` -> ``1`` in ``heal.janitor`` (seed 7:
    the quick profile's games never hire the Janitor)."""
    m = model("full")
    assert facts_hold(m) is None
    _plant(
        monkeypatch,
        heal,
        "h2 = replace(h, drawn=bump(h.drawn, ctx.B, -1)",
        "h2 = replace(h, drawn=bump(h.drawn, ctx.B, 1)",
        "janitor",
    )
    assert "Janitor" in (facts_hold(m) or "")


def test_the_staff_reveal_fact_catches_the_reading_inverted(monkeypatch: Any) -> None:
    """HHH-STAFF-ROUND1=reveal-at-setup: "Flip the 2 Staff markers below the round
    marker face up" happens before round 1. Kills ``ctx.staff_round1 == ...`` -> ``!=``
    in ``setup.to_play``. (Comparing by identity, ``is``, was a bug while readings were
    strings; a reading is now its enum's one member, so ``is`` is the same test.)"""
    m = model("full")
    assert facts_hold(m) is None
    _plant(
        monkeypatch,
        setup,
        "if ctx.staff_round1 == R.STAFF_ROUND1.REVEAL_AT_SETUP",
        "if ctx.staff_round1 != R.STAFF_ROUND1.REVEAL_AT_SETUP",
        "to_play",
    )
    assert "Flip the 2 Staff markers" in (facts_hold(m) or "")


def test_the_low_bag_sampler_check_catches_a_colour_left_out(monkeypatch: Any) -> None:
    """``hhh.sampler-at-a-low-bag``: with only the last colour and a black cube in the
    bag, the Blood Bank's draw ("return the black cube to the bag") must take that colour,
    not refill from the discard pile. Kills ``any(b[:-1])`` -> ``any(b[:~1])`` in
    ``SampledDraws.no_black`` (seed 7)."""
    m = model("full")
    assert sampler_within_law(m) is None
    _plant(
        monkeypatch, draws, "if not any(b[:-1]):", "if not any(b[:~1]):", "SampledDraws.no_black"
    )
    assert "no_black draw" in (sampler_within_law(m) or "")


def test_the_point_law_check_catches_a_probability_outside_the_law(monkeypatch: Any) -> None:
    """``hhh.point-law``: a position ``step`` does not give has point probability 0.
    Kills ``.get(succ, Fraction(0))`` -> ``Fraction(1)`` in ``outcome_probability``
    (seed 7: replay alone asked it)."""
    m = model("full")
    assert point_law_outside(m) is None
    _plant(
        monkeypatch,
        hhh_model,
        ".get(succ, Fraction(0))",
        ".get(succ, Fraction(1))",
        "HHHModel.outcome_probability",
    )
    assert "does not give" in (point_law_outside(m) or "")


def _lowering_heal(m: Any) -> Any:
    """A Treatment Room Heal by player 0's Doctor (Nowitz: "After healing a non-Ward
    patient, may re-bag 2 cubes") whose draw, two red cubes and one black, lowers the
    red patient one level."""
    drawn = cubes((RED, 2), (BLACK, 1))
    h = HealInProgress(0, TREATMENT, RED, 3, drawn, (), 2, -1, 1)
    return action_phase(m, phase=HEAL_DRAWN, heal=h)


def test_the_level_reduced_rebag_fact_and_promise_catch_a_lowering_heal_denied(
    monkeypatch: Any,
) -> None:
    """HHH-REBAG-AFTER-HEAL=level-reduced: the Doctor's re-bag counts when the draw lowers
    the level. The fact (``hhh.facts``) and the option's promise both ask a Heal whose draw
    lowers the level. Kills ``h.drawn[h.colour] - h.drawn[ctx.B] <= 0`` -> ``&`` in
    ``rebag_allowance`` (seed 13: 2 & 1 == 0 took the re-bag away)."""
    full = model("full")
    m = model("full", interpret=("HHH-REBAG-AFTER-HEAL=level-reduced",))
    s = _lowering_heal(m)
    assert facts_hold(full) is None
    assert _rebag_level_reduced(m, s, None, s) is None
    _plant(
        monkeypatch,
        heal,
        "h.drawn[h.colour] - h.drawn[ctx.B] <= 0",
        "h.drawn[h.colour] & h.drawn[ctx.B] <= 0",
        "rebag_allowance",
    )
    assert "may re-bag 2 cubes" in (facts_hold(full) or "")
    m = model("full", interpret=("HHH-REBAG-AFTER-HEAL=level-reduced",))  # no cached actions
    s = _lowering_heal(m)
    assert "may re-bag 0 cubes" in (_rebag_level_reduced(m, s, None, s) or "")


def test_the_built_visit_catches_the_empty_beds_readings_swapped(monkeypatch: Any) -> None:
    """Variants (no Ward abilities): "draw cubes equal to the number of empty beds in that
    ward"; HHH-EMPTY-BEDS-VARIANT says whether a death earlier in the Visit frees a bed.
    ``hhh.promises-on-built-positions`` asks both options' promises on a Visit where the
    first of two patients dies. Kills ``if ctx.beds_per_patient`` -> ``if not ...`` in
    ``visit`` (seed 13: survived check and the suite)."""
    m = model("full")
    assert promises_on_built_positions(m) is None
    _plant(
        monkeypatch,
        patient_phase,
        "len(rest) if ctx.beds_per_patient else",
        "len(rest) if not ctx.beds_per_patient else",
        "visit",
    )
    assert "HHH-EMPTY-BEDS-VARIANT" in (promises_on_built_positions(m) or "")


def test_the_staff_reveal_fact_catches_reveals_only_in_the_last_round(
    monkeypatch: Any,
) -> None:
    """Housekeeping: "Flip the 2 Staff markers below the round marker face up", at each
    round that has Staff spaces below it (rounds 2-6). The fact asks every Housekeeping
    reveal. Kills ``s.round > ctx.staff_last_round`` -> ``!=`` in ``staff_to_reveal``
    (seed 13: check's games did not reach it; the kernel tests did)."""
    m = model("full")
    assert facts_hold(m) is None
    _plant(
        monkeypatch,
        patient_phase,
        "if s.round > ctx.staff_last_round:",
        "if s.round != ctx.staff_last_round:",
        "staff_to_reveal",
    )
    assert "(book (2, 2, 2, 2, 2), model (0, 0, 0, 0, 2))" in (facts_hold(m) or "")


def test_the_blood_bank_fact_catches_the_setup_order_reading_flipped(monkeypatch: Any) -> None:
    """Blood Bank: "When built, draw 3 random cubes from the bag and place them on the
    Blood Bank", whenever HHH-SETUP-ORDER places that draw in setup. The fact plays setup
    with the Blood Bank as the first room under both readings. Kills
    ``ctx.setup_order == AFTER_WAITING`` -> ``>`` in ``after_waiting`` (seed 13: under
    'after-waiting' the Blood Bank started empty)."""
    m = model("full")
    assert facts_hold(m) is None
    _plant(
        monkeypatch,
        setup,
        "if ctx.setup_order == R.SETUP_ORDER.AFTER_WAITING",
        "if ctx.setup_order > R.SETUP_ORDER.AFTER_WAITING",
        "after_waiting",
    )
    assert "(book 3, model 0)" in (facts_hold(m) or "")


def test_the_built_heal_catches_the_doctors_rebag_after_no_lowering(monkeypatch: Any) -> None:
    """HHH-REBAG-AFTER-HEAL=level-reduced: a Heal that lowered no level re-bags only
    with its Re-bag Training markers. ``hhh.promises-on-built-positions`` asks the
    option's promise on a Treatment Room Heal by Nowitz whose draw lowered nothing.
    Kills ``h.rebag - doctor_rebag(...)`` -> ``h.rebag & doctor_rebag(...)`` in
    ``rebag_allowance`` (seed 13: ``2 & 2`` gave the Doctor's re-bag back)."""
    m = model("full")
    assert promises_on_built_positions(m) is None
    _plant(
        monkeypatch,
        heal,
        "return h.rebag - doctor_rebag(",
        "return h.rebag & doctor_rebag(",
        "rebag_allowance",
    )
    assert "HHH-REBAG-AFTER-HEAL=level-reduced" in (promises_on_built_positions(m) or "")
