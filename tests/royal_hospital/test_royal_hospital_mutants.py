"""Royal Hospital checks written for mutants that survived every other check.

Each test names the mutant it kills (docs/mutation.md, benchmarks/mutation.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from royal_hospital_helpers import model, player, position, with_player

from hhh_verify.models.royal_hospital.book.facts import FACTS
from hhh_verify.models.royal_hospital.properties.catalog import facts_hold, medical_cards_conserved
from hhh_verify.models.royal_hospital.rules import flow, resolve, scoring, treatment
from hhh_verify.models.royal_hospital.rules.effects import insurance
from hhh_verify.models.royal_hospital.rules.state import ACTIONS, T_EFFECT, T_KEEP, Patient, Task
from hhh_verify.models.royal_hospital.rules.tracks import INSURANCE_LEVELS


def test_keeping_every_drawn_card_when_no_choice_is_left_conserves_cards() -> None:
    """A keep step with no choice left (fewer cards drawn than may be kept, e.g. the
    deck ran out) keeps them all: the hand grows by exactly the drawn cards. The quick
    check rarely reaches this step. Kills ``h + k`` -> ``h << k`` in ``flow.keep_rest``."""
    m = model("full")
    s = position(m, phase=ACTIONS)
    types = [t for t, n in enumerate(s.deck) if n > 0][:3]
    picking = tuple(1 if t in types else 0 for t in range(m.ctx.M))
    deck = tuple(d - k for d, k in zip(s.deck, picking))
    s = s._replace(deck=deck, picking=picking, queue=(Task(T_KEEP, 0, n=5),))
    assert medical_cards_conserved(m, s) is None
    t = flow.advance(m.ctx, s)
    assert sum(t.picking) == 0
    assert player(t).hand == tuple(h + k for h, k in zip(player(s).hand, picking))
    assert medical_cards_conserved(m, t) is None


def test_setup_keeps_five_cards_and_the_fact_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """Game Setup 8: "draw 10 cards from the medical deck and choose 5 to start the game
    with, discarding the other 5". rh.facts plays the setup and counts the hands; planted:
    a keep that never counts down keeps all ten. Kills ``task.n - 1`` -> ``task.n ^ 1``
    in ``flow.keep`` (4 -> 5: the count never reaches 0)."""
    (fact,) = [f for f in FACTS if f[1].endswith("discarding the other 5")]
    assert fact[3](model("full")) == fact[2] == {5}
    original = flow.keep

    def no_countdown(ctx: Any, s: Any, p: int, t: int) -> Any:
        return original(ctx, s, p, t)._replace(queue=s.queue)

    monkeypatch.setattr(flow, "keep", no_countdown)
    assert fact[3](model("full")) != {5}
    assert facts_hold(model("full"))


def test_the_winner_is_decided_between_the_two_best(monkeypatch: pytest.MonkeyPatch) -> None:
    """End Game Scoring: "The player with the most victory points is the winner", ties
    broken down the book's order. How far down the key the win was decided compares the
    winner with the runner-up, not the two last: three players, the last two level on
    points, the first ahead on points. Kills ``reverse=True`` -> ``False`` in
    ``decided_by`` (two players, check's config, cannot show it)."""
    m = model("full", players=3)
    keys = [(12, 0), (5, 1), (5, 0)]
    monkeypatch.setattr(scoring, "ranking_keys", lambda ctx, s: keys)
    assert scoring.decided_by(m.ctx, m.initial_state()) == 0


def test_a_partial_payment_on_an_undiagnosed_patient_is_a_diagnosis_token() -> None:
    """RH-PARTIAL-PAYMENT=partial: one resource goes on the card "towards its next step";
    an undiagnosed patient's next step is its diagnosis, which "you must pay the number
    of Diagnostic resources" for. With a diagnosis and a healing token and a diagnosis of
    difficulty 2, assigning one token spends the diagnosis token. Kills ``DIAG if d else
    HEAL`` -> ``DIAG if not d else HEAL`` in ``treatment.assign``."""
    m = model("full", interpret=("RH-PARTIAL-PAYMENT=partial",))
    ctx = m.ctx
    hidden = next(k for k in range(ctx.K) if not ctx.open_class[k] and ctx.class_diag[k] == 2)
    pt = Patient(-1 - hidden, 0, 0, 0)
    s = with_player(position(m), 0, patients=(pt,), tokens=(1, 1, 0, 0, 0))
    assert treatment.can_assign(ctx, s, 0, pt)
    t = treatment.assign(ctx, s, 0, pt)
    assert player(t).tokens == (0, 1, 0, 0, 0)


def test_any_insurance_company_is_the_players_choice() -> None:
    """2 Ambulance track, reward 12: "Advance 1 on any insurance Company track": with
    every company still open the reward is a decision, each company a choice; with one
    company left open there is nothing to choose. Kills ``e.code == INSURANCE`` ->
    ``e.code < INSURANCE`` in ``resolve.is_decision``."""
    m = model("full")
    s = position(m, phase=ACTIONS)
    task = Task(T_EFFECT, 0, effect=insurance(-1))
    assert resolve.is_decision(m.ctx, s, task)
    top = tuple(INSURANCE_LEVELS if c else 0 for c in range(len(player(s).insurance)))
    assert not resolve.is_decision(m.ctx, with_player(s, 0, insurance=top), task)


def test_terminal_cards_cost_one_healing_under_both_readings_and_the_fact_can_fail(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Patient Cards: terminal patients "must be treated with 1 healing resource"; under
    RH-TERMINAL-COST=card-cost the cost is what the card shows, so the stand-in terminal
    cards show 1 (rh.facts asks ``terminal_cost`` under that reading). Planted: the
    standard deck's terminal card shows 0 healing. Kills the number mutant of the
    terminal card's healing in ``cards.py``."""
    from hhh_verify.models.royal_hospital.rules import cards

    (fact,) = [f for f in FACTS if f[1] == "They must be treated with 1 healing resource"]
    assert fact[3](model("full", interpret=("RH-TERMINAL-COST=card-cost",))) == fact[2] == {1}
    assert facts_hold(model("full")) is None
    deck = tuple(
        c._replace(heal=0) if c.priority == cards.TERMINAL else c for c in cards.STANDARD_PATIENTS
    )
    monkeypatch.setitem(cards.PATIENT_DECKS, "standard", deck)
    assert fact[3](model("full", interpret=("RH-TERMINAL-COST=card-cost",))) == {0}
    assert facts_hold(model("full"))


@pytest.mark.parametrize("paid", [1, 2])
def test_resources_parked_on_an_undiagnosed_patient_count_towards_its_diagnosis(
    paid: int,
) -> None:
    """RH-PARTIAL-PAYMENT=partial: resources put on the card count towards its next
    step; diagnosing costs "the number of Diagnostic resources indicated by the card's
    difficulty", so what is still due is that difficulty less what the card holds (a
    difficulty-3 patient holding 1 or 2 owes 2 or 1). The quick check's games rarely
    park a resource on a difficulty-3 patient. Kills ``- pt.paid`` -> ``>> pt.paid`` in
    ``treatment.stage_cost``."""
    m = model("full", interpret=("RH-PARTIAL-PAYMENT=partial",))
    ctx = m.ctx
    k = next(k for k in range(ctx.K) if ctx.class_diag[k] == 3)
    pt = Patient(-1 - k, 0, 0, paid)
    assert treatment.stage_cost(ctx, pt) == (3 - paid, 0)


def test_every_insurance_level_is_the_books_and_the_fact_can_fail(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """6 Insurance company tracks: "Each time players advance on an insurance track they
    will gain the benefits shown", all twenty printed. Planted: Purple 2 pays 3 credits
    instead of "2 credits". Kills the number mutants of the benefit table in
    ``tracks.py`` (only four levels were facts before)."""
    from hhh_verify.models.royal_hospital.book import facts
    from hhh_verify.models.royal_hospital.rules.effects import CREDITS, QOC, STAFF, gain

    assert facts_hold(model("full")) is None
    table = [list(levels) for levels in facts.INSURANCE_BENEFITS]
    table[1][1] = (gain(CREDITS, 3), gain(STAFF), gain(QOC))
    monkeypatch.setattr(facts, "INSURANCE_BENEFITS", tuple(tuple(x) for x in table))
    assert "Purple Insurance Company" in (facts_hold(model("full")) or "")


def test_a_critical_patient_owes_its_diagnosis_less_what_it_holds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Critical patients pay the diagnosis and the healing at once (RH-CRITICAL-COST);
    with RH-PARTIAL-PAYMENT=partial what the card holds counts towards the diagnosis
    first: a difficulty-3 diagnosis holding 1 still owes 2. Every shipped deck's critical
    cards have difficulty 1 or 2, where ``d >> p`` equals ``max(d - p, 0)``, so the
    stand-in standard deck is given a difficulty-3 critical card. Kills ``diag -
    pt.paid`` -> ``diag >> pt.paid`` in ``treatment.stage_cost``."""
    from hhh_verify.models.royal_hospital.rules import cards

    deck = list(cards.STANDARD_PATIENTS)
    code = next(i for i, c in enumerate(deck) if c.priority == cards.CRITICAL)
    deck[code] = deck[code]._replace(diag=3)
    monkeypatch.setitem(cards.PATIENT_DECKS, "standard", tuple(deck))
    m = model("full", interpret=("RH-PARTIAL-PAYMENT=partial",))
    assert treatment.stage_cost(m.ctx, Patient(code, 0, 0, 1)) == (2, deck[code].heal)


def test_a_move_onto_the_starting_space_earns_its_doctor_and_the_fact_can_fail(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Game Setup 4: a congress doctor "On the ambulance track, on the starting space",
    earned by "the first player to reach those positions"; 2 Ambulance track: "once
    players reach space 0, they continue advancing by returning to space 1". A move from
    space 13 onto space 0 reaches it under both readings of RH-DOCTOR-PASS (rh.facts asks
    both). Planted: the claim looks at spaces up to 1 instead of 0, which ``exact`` never
    matches. Kills ``-1, 0`` -> ``-1, 1`` in ``resolve.ambulance_step``."""
    lap = [f for f in FACTS if f[1].startswith("a move from space 13 onto space 0")]
    assert len(lap) == 2
    for how in ("reach-or-pass", "exact"):
        m = model("full", interpret=(f"RH-DOCTOR-PASS={how}",))
        assert all(f[3](m) == f[2] == 1 for f in lap)
    assert facts_hold(model("full")) is None
    original = resolve.claim_doctors

    def claim_past_the_start(ctx: Any, s: Any, p: int, track: int, old: int, new: int) -> Any:
        return original(ctx, s, p, track, old, 1 if (old, new) == (-1, 0) else new)

    monkeypatch.setattr(resolve, "claim_doctors", claim_past_the_start)
    assert "space 0 earns the starting space's doctor (exact)" in (facts_hold(model("full")) or "")
