"""Dice Hospital checks written for mutants that survived every other check.

Each test names the mutant it kills (docs/mutation.md, benchmarks/mutation.py): a sampler
law that is no distribution, the wrong player deciding a setup step, and a stand-in
doctor of another colour than its name.
"""

from __future__ import annotations

import random
from fractions import Fraction

from dice_hospital_helpers import model

from hhh_verify.model import sample_index
from hhh_verify.models.dice_hospital.components import COLOUR_NAMES, SPECIALISTS
from hhh_verify.models.dice_hospital.dice import ExactDice, SampledDice
from hhh_verify.models.dice_hospital.state import SETUP_ADMIN_PICK, SETUP_HEALTH


def test_sampled_laws_are_one_outcome_of_the_exact_law() -> None:
    """The sampler draws one outcome "with probability 1" from the support of the exact
    law (model contract: probabilities sum to exactly 1). Kills ``Fraction(1)`` -> 2 in
    ``SampledDice.roll`` and ``draw``."""
    rng = random.Random(0)
    exact, sampled = ExactDice(), SampledDice(rng)
    for _ in range(20):
        for law, support in (
            (sampled.roll(3, 4), dict(exact.roll(3, 4))),
            (sampled.draw((2, 3, 1), 2), dict(exact.draw((2, 3, 1), 2))),
        ):
            assert sum(p for _, p in law) == Fraction(1)
            assert all(outcome in support for outcome, _ in law)


def test_a_setup_decision_changes_only_the_deciders_hospital() -> None:
    """Przed grą: each player sets their own starting dice ("Ustawia ich wartości") and
    keeps one of their own two administrator cards ("wybiera i zagrywa jedną z nich").
    So the player ``current_player`` names is the one whose hospital the choice changes.
    Kills ``ph == EXTRA`` -> ``ph <= EXTRA`` in ``current_player`` (seat 0 would decide
    every setup step)."""
    m = model(players=3)
    seen: set[tuple[int, int]] = set()
    for seed in range(10):
        rng = random.Random(seed)
        s = m.initial_state()
        while s.phase <= SETUP_ADMIN_PICK:
            actions = m.legal_actions(s)
            p = m.current_player(s)
            if s.phase in (SETUP_HEALTH, SETUP_ADMIN_PICK) and p >= 0:
                for a in actions:
                    for t, _ in m.step(s, a):
                        changed = {q for q in range(3) if t.hospitals[q] != s.hospitals[q]}
                        assert changed == {p}, (s.phase, p, changed)
                seen.add((s.phase, p))
            dist = m.step(s, actions[rng.randrange(len(actions))])
            s = dist[sample_index(dist, rng)][0]
    # the check met a decision of a seat other than the first in both steps
    assert {(SETUP_HEALTH, 1), (SETUP_ADMIN_PICK, 1)} <= seen or {
        (SETUP_HEALTH, 2),
        (SETUP_ADMIN_PICK, 2),
    } <= seen, seen


def test_stand_in_doctors_heal_the_colour_they_are_named_after() -> None:
    """The stand-in catalogue (components.py) names each colour-bound doctor after the
    dice colour it treats. Kills a changed colour index of a stand-in doctor."""
    doctors = [k for k in SPECIALISTS if k.name.endswith(" doctor")]
    assert len(doctors) == len(COLOUR_NAMES)
    for k in doctors:
        assert k.colour == COLOUR_NAMES.index(k.name.split()[0]), k
