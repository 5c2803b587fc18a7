"""Dice Hospital checks written for mutants that survived every other check.

Each test names the mutant it kills (docs/mutation.md, benchmarks/mutation.py): a sampler
law that is no distribution, the wrong player deciding a setup step, and a stand-in
doctor of another colour than its name. Then the facts ``check`` runs (dh.facts): each
one broken by a planted rule bug, so each can fail.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from dice_hospital_helpers import AID_PL, RED, activation, model, patients

from hhh_verify.contract.outcomes import sample_index
from hhh_verify.models.dice_hospital import SPEC
from hhh_verify.models.dice_hospital.book import facts as F
from hhh_verify.models.dice_hospital.book.facts import FACTS
from hhh_verify.models.dice_hospital.properties.catalog import (
    facts_hold,
    nurses_treat,
    readings_at_their_positions,
    specialist_choice,
)
from hhh_verify.models.dice_hospital.rules import activation as act
from hhh_verify.models.dice_hospital.rules import admission, end_round, expansion, scoring, setup
from hhh_verify.models.dice_hospital.rules.actions import Activate
from hhh_verify.models.dice_hospital.rules.activation import heal
from hhh_verify.models.dice_hospital.rules.components import COLOUR_NAMES, SPECIALISTS
from hhh_verify.models.dice_hospital.rules.config import DHConfig
from hhh_verify.models.dice_hospital.rules.context import Ctx
from hhh_verify.models.dice_hospital.rules.dice import ExactDice, SampledDice
from hhh_verify.models.dice_hospital.rules.end_round import neglect
from hhh_verify.models.dice_hospital.rules.state import (
    ACTIVATE,
    EFFECT,
    SETUP_ADMIN_PICK,
    SETUP_HEALTH,
)


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


# The facts ``check`` runs (models/dice_hospital/book/facts.py, property dh.facts) --------------


def _fact(asked: str) -> Any:
    (f,) = [f for f in FACTS if f.asked == asked]
    return f


def _ignore_treated(ctx: Any, h: Any) -> Any:
    return neglect(ctx, replace(h, patients=tuple((c, v, 0, t) for c, v, _, t in h.patients)))


def _health_2_dies(ctx: Any, h: Any) -> Any:
    if any(p[1] == 2 for p in h.patients):
        return replace(h, patients=(), mortality=h.mortality + 1), 1
    return neglect(ctx, h)


def _no_lounge(ctx: Any, h: Any, p: Any, steps: int, mark: bool = True) -> Any:
    now = (p[0], min(6, p[1] + steps), 1, p[3])
    return replace(h, patients=(now,)), now


def _double_steps(ctx: Any, h: Any, p: Any, steps: int, mark: bool = True) -> Any:
    return heal(ctx, h, p, 2 * steps, mark)


def _reveal_always(self: Any) -> None:
    _CTX_INIT(self)
    self.extra_reveal = "admission-once"


_CTX_INIT = Ctx.__post_init__
_NEXT_DRAFT = expansion.next_draft


def _last_of_four_skips_the_draft(ctx: Any, s: Any) -> Any:
    if ctx.P == 4 and s.cursor == 2:
        s = replace(s, cursor=3)
    return _NEXT_DRAFT(ctx, s)


_TABLE = ((1, 1, 1), (2, 6, 2), (7, 8, 3), (9, 10, 4))
#: One planted rule bug per fact: (the fact's question, config changes, patches
#: (module, name, value)); each must break that fact and so fail dh.facts.
PLANTS: list[tuple[str, dict[str, Any], list[tuple[Any, str, Any]]]] = [
    ("rounds", {"rounds": 7}, []),
    ("what follows the end of round 7, and of round 8", {"rounds": 7}, []),
    (
        "dice drawn, over every draw",
        {},
        [(F, "draw_start", lambda ctx, s: [(replace(s, drawn=(4, 0, 0)), 1)])],
    ),
    (
        "the values given to three dice of three colours, and the number of ways",
        {"start_health": (3, 4, 4)},
        [],
    ),
    ("cards in hand; the kind kept; cards put in the box", {}, [(setup, "ADMIN_DRAW", 3)]),
    ("the law of one rolled die", {}, [(admission, "ROLL_FACES", (2, 3, 4, 5, 6))]),
    (
        "may the first player, and the second, take ambulance number 1",
        {},
        [(F, "pickable", lambda ctx, s: [j for j in range(3) if j not in s.taken])],
    ),
    (
        "seat 1 takes ambulance 1 (lowest number and total): blood bags gained, next first player",
        {},
        [(expansion, "blood_bag_takers", lambda ctx, s: (0,))],
    ),
    (
        "is there an extra reveal with two players, and with three",
        {},
        [(Ctx, "__post_init__", _reveal_always)],
    ),
    (
        "with three and with four players, round 1: ambulances taken, tiles drafted and"
        " activations ended by each seat",
        {},
        [(expansion, "next_draft", _last_of_four_skips_the_draft)],
    ),
    ("blood bags gained by discarding one ward", {}, [(F, "discard_owned", lambda *a: a[1])]),
    (
        "a patient of health 6 treated one step: where it goes, dice in the lounge",
        {},
        [(F, "heal", _no_lounge)],
    ),
    (
        "a patient of health 4 treated one step: its health, dice in the lounge",
        {},
        [(F, "heal", _double_steps)],
    ),
    (
        "one of two blood bags spent on a patient of health 3: its health, bags left",
        {},
        [(F, "blood_heal", lambda ctx, s, p: s)],
    ),
    (
        "an untreated patient of health 4: health after, mortality tokens, deaths",
        {},
        [(end_round, "NEGLECT_LOSS", 2)],
    ),
    (
        "a treated patient of health 4: health after, mortality tokens, deaths",
        {},
        [(F, "neglect", _ignore_treated)],
    ),
    (
        "an untreated patient of health 1: where it goes, mortality tokens, deaths",
        {},
        [(F, "neglect", lambda ctx, h: (h, 0))],
    ),
    (
        "an untreated patient of health 2: health after, mortality tokens, deaths",
        {},
        [(F, "neglect", _health_2_dies)],
    ),
    (
        "with the superbug, an untreated patient of health 4: health after, tokens, deaths",
        {},
        [(end_round, "SUPERBUG_LOSS", 1)],
    ),
    (
        "the points of the 1st to the 12th patient discharged in a round",
        {},
        [(scoring, "DISCHARGE_TABLE", (*_TABLE, (11, 12, 4)))],
    ),
    (
        "a round's points with 7 in the lounge and a patient left",
        {},
        [(scoring, "DISCHARGE_TABLE", ((1, 1, 1), (2, 7, 2), (8, 8, 3), *_TABLE[3:], (11, 12, 5)))],
    ),
    (
        "a round's points with 12 in the lounge and a patient left",
        {},
        [(scoring, "DISCHARGE_TABLE", (*_TABLE, (11, 12, 4)))],
    ),
    (
        "one discharged, no deaths: the empty hospital's points less the non-empty one's",
        {},
        [(scoring, "EMPTY_BONUS", 4)],
    ),
    ("end-of-game points of one blood bag", {}, [(scoring, "BLOOD_BAG_POINTS", 2)]),
    ("end-of-game points of one mortality token", {}, [(scoring, "MORTALITY_PENALTY", 1)]),
    (
        "winner of 3 points and no patients against 4 points and two patients",
        {},
        [(end_round, "ranking_key", lambda h: (-h.points, -len(h.patients)))],
    ),
    (
        "winner, level on points, of two patients (5, 5) against one (2)",
        {},
        [(end_round, "ranking_key", lambda h: (h.points, sum(p[1] for p in h.patients)))],
    ),
    (
        "winner, level on points and patients, of pips 9 against 6",
        {},
        [
            (
                end_round,
                "ranking_key",
                lambda h: (h.points, -len(h.patients), -sum(p[1] for p in h.patients)),
            )
        ],
    ),
    (
        "the crisis start's values, and the values of every way to set them",
        {"crisis_health": (3, 3, 4, 4, 5)},
        [],
    ),
    (
        "patients after taking an ambulance of one die, and the law's total",
        {},
        [(F, "epidemic", lambda ctx, s: [(admission.admit(ctx, s), Fraction(1, 2))])],
    ),
    (
        "wards and specialists the variant adds to the decks",
        {},
        [(DHConfig, "wards_in_deck", property(lambda self: self.ward_deck))],
    ),
]


def test_every_fact_holds_on_the_full_game() -> None:
    m = model("full")
    assert facts_hold(m) is None
    assert {f.asked for f in FACTS} == {asked for asked, _, _ in PLANTS}


@pytest.mark.parametrize("asked, changes, patches", PLANTS, ids=[p[0][:40] for p in PLANTS])
def test_a_planted_rule_bug_breaks_its_fact(
    monkeypatch: pytest.MonkeyPatch, asked: str, changes: dict[str, Any], patches: list[Any]
) -> None:
    """Each fact can fail: a rule bug on its path changes what the model answers, and
    dh.facts reports it."""
    for target, name, value in patches:
        monkeypatch.setattr(target, name, value)
    m = model("full", **changes)
    f = _fact(asked)
    try:
        got = f.get(m)
    except Exception as e:  # a crash on the fact's position breaks it too
        got = e
    assert got != f.value
    assert facts_hold(m) is not None


def test_the_facts_quote_the_aid_verbatim() -> None:
    text = AID_PL.read_text(encoding="utf-8")
    for f in FACTS:
        for part in f.quote.split(" ... "):
            assert part in text, f.quote


def test_check_runs_the_facts_and_fails_on_a_wrong_number(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``check`` runs dh.facts (property kind ``fact``) on the full game only; a planted
    constant makes it report the broken sentence."""
    from hhh_verify.check.run import CheckOptions, check_model
    from hhh_verify.contract.registry import properties_for
    from hhh_verify.engines.fact_check import FactEngine

    props = properties_for("dice-hospital").select(["dh.facts"])

    def run(m: Any) -> list[Any]:
        return check_model(m, SPEC.ambiguities, props, CheckOptions(), [FactEngine()])

    assert [r.status for r in run(model("full"))] == ["holds"]
    assert [r.status for r in run(model("tiny"))] == ["skipped"]
    monkeypatch.setattr(scoring, "EMPTY_BONUS", 4)
    bad = run(model("full"))
    assert [r.status for r in bad] == ["violated"] and "Dodatkowe 5" in bad[0].message


def test_a_free_nurse_can_treat(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rozgrywka: players place "pielęgniarki (białe meeple) ... w oddziałach, żeby leczyć
    pacjentów". dh.nurses-treat holds at an activation with a patient and a free triage;
    planted: nurses counted as never free, it fails. Kills ``nurses_left(ctx, h) > 0`` ->
    ``== 0`` in ``nurse_free``."""
    m = model("full")
    s = activation(m, 0, patients=patients((RED, 3)))
    assert nurses_treat(m, s) is None
    monkeypatch.setattr(act, "nurses_left", lambda ctx, h: 0)
    m = model("full")
    assert "no nurse move" in (nurses_treat(m, s) or "")


def test_a_specialist_with_several_patients_leaves_the_choice() -> None:
    """Aktywacja szpitala: the ward's effect, then the specialist's on one patient of its
    player's choice. A ward round sent to the triage with two other untreated patients
    stops at that choice (dh.specialist-choice holds); a successor that skipped it fails.
    Aimed at ``len(targets) == 1`` -> ``== 2`` in ``activate`` (which check reaches only
    rarely; the rule tests kill it)."""
    m = model("full")
    ward_round = next(k for k, sp in enumerate(SPECIALISTS) if sp.name == "ward round")
    specialists = tuple(1 if k == ward_round else 0 for k in range(len(SPECIALISTS)))
    s = activation(m, 0, patients=patients((RED, 2), (RED, 3), (RED, 4)), specialists=specialists)
    a = next(
        a
        for a in m.legal_actions(s)
        if isinstance(a, Activate) and a.meeple == ward_round and a.patients[0][1] == 2
    )
    ((t, _),) = m.step(s, a)
    assert t.phase == EFFECT and specialist_choice(m, s, a, t) is None
    assert "no choice was left" in (specialist_choice(m, s, a, replace(t, phase=ACTIVATE)) or "")


@pytest.mark.parametrize("players", [3, 4])
def test_every_player_activates_every_round(players: int) -> None:
    """Aktywacja szpitala: "Każdy z graczy indywidualnie (jednocześnie z innymi) leczy
    pacjentów": with three or four seats, each seat gets its activation in round 1.
    Kills ``s.cursor + 1`` -> ``s.cursor | 1`` in ``_next_activation`` (seat 1 again
    instead of seat 2; two seats cannot show it)."""
    m = model("full", players=players)
    rng = random.Random(players)
    s = m.initial_state()
    seen = set()
    for _ in range(5_000):  # a round is a few hundred steps; a seat looping never ends it
        if s.round > 1:
            break
        if s.phase == ACTIVATE:
            seen.add(s.cursor)
        legal = m.legal_actions(s)
        dist = m.step(s, legal[rng.randrange(len(legal))])
        s = dist[sample_index(dist, rng)][0]
    assert seen == set(range(players))


def _never_recycle(self: Any) -> None:
    _CTX_INIT(self)
    self.recycle_when_short = False


def test_readings_are_asked_where_they_act(monkeypatch: pytest.MonkeyPatch) -> None:
    """dh.readings-at-positions asks each reading of DH-SUPPLY-SHORT on a bag of one die
    with three in a mortuary, and each of DH-OVER-12 on a round of 16 discharges: it holds
    on the model, and fails when recycle-mortuary leaves the mortuary out of the draw (or
    crashes there: ``(0,) * C`` -> ``(0,) / C`` in ``draw_dice``) or when the rising
    reading's rows after the 12th start from the wrong row (``[-1]`` -> ``[~1]``): two
    mutants check's games never reached."""
    assert readings_at_their_positions(model("full")) is None
    with monkeypatch.context() as mp:
        mp.setattr(Ctx, "__post_init__", _never_recycle)
        problem = readings_at_their_positions(model("full"))
        assert problem is not None and "recycle-mortuary: mortuary dice left out" in problem
    table = scoring.points_for_patient
    monkeypatch.setattr(
        scoring, "points_for_patient", lambda n, r: table(n, r) - (n > 12 and r == "rising")
    )
    problem = readings_at_their_positions(model("full"))
    assert problem is not None and problem.startswith("DH-OVER-12=rising:"), problem
