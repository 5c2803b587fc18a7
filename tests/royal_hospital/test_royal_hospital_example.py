"""The rulebook's Patient Treatment Phase Example, step by step.

"Our hospital has 1 critical patient and 3 undiagnosed patients. We have 4 diagnosis
tokens, 3 healing tokens and 3 staff tokens". The example prints no card values; the
``example`` patient deck (cards.EXAMPLE_PATIENTS) holds the only values that make every
sentence true: the critical patient costs 1 diagnosis + 2 healing (the book pays "1 Staff
token, 1 Diagnosis token and 1 Healing token"; the model spends the healing token first,
an equivalent payment -- see treatment.py), the three undiagnosed ones cost 2, 1 and 2
diagnosis, so their diagnosis takes "the remaining Diagnosis and Research [staff]
tokens"; the chronic one has no time tokens and heals for free; curing three patients
gives "9 victory points and 8 credits". The "last patient ... is a critical one, and
they will die if we do not cure them in the next two rounds" is read as severe (two time
tokens), which the example's own first sentence (1 critical patient) requires.
"""

from __future__ import annotations

from fractions import Fraction

from royal_hospital_helpers import force, model, play, player, position, with_player

from hhh_verify.models.royal_hospital.rules import actions as A
from hhh_verify.models.royal_hospital.rules.cards import CHRONIC, CRITICAL, MILD, SEVERE
from hhh_verify.models.royal_hospital.rules.effects import DIAG, HEAL, STAFF
from hhh_verify.models.royal_hospital.rules.state import CLEANUP, OVER, Patient

FIRST, SECOND, THIRD, LAST = 0, 1, 2, 3  # card types of cards.EXAMPLE_PATIENTS


def example():
    m = model(
        "tiny", players=1, rounds=1, patient_deck="example", round_cards=(0,), qoc_max=15,
        start_qoc=6, hospital_spaces=4,
    )  # fmt: skip
    k = m.ctx
    cls_d2 = k.class_of[FIRST]
    assert k.class_of[LAST] == cls_d2 and k.class_of[THIRD] != cls_d2
    hidden = [Patient(k.hidden(k.class_of[t]), 0, 0) for t in (FIRST, THIRD, LAST)]
    s = position(m)
    shuffled = list(s.shuffled)
    unresolved = list(s.unresolved)
    for t in (FIRST, SECOND, THIRD, LAST):
        shuffled[k.class_of[t]] -= 1  # the four cards left the deck
    unresolved[SECOND] -= 1  # the critical card is seen (same on both sides)
    s = position(m, shuffled=tuple(shuffled), unresolved=tuple(unresolved))
    s = with_player(
        s, 0, tokens=(4, 3, 0, 3, 0), credits=0, vp=0,
        patients=tuple(sorted(hidden + [Patient(SECOND, 0, 0)])),
    )  # fmt: skip
    return m, s


def test_the_example_step_by_step() -> None:
    m, s = example()
    k = m.ctx
    assert [k.patients[t].priority for t in (FIRST, SECOND, THIRD, LAST)] == [
        MILD,
        CRITICAL,
        CHRONIC,
        SEVERE,
    ]
    # "The most urgent patient ... is number 2": the critical one, cured at once.
    critical = Patient(SECOND, 0, 0)
    assert A.Diagnose(critical) not in m.legal_actions(s), "critical patients are not diagnosed"
    s = play(m, s, A.Heal(critical))
    assert sum(player(s).tokens) == 7, "1 diagnosis + 2 healing-or-staff tokens spent"
    assert (player(s).vp, player(s).credits) == (4, 3)

    # "Our third patient is a chronic patient ... no time tokens": diagnosed, healed free.
    third = Patient(k.hidden(k.class_of[THIRD]), 0, 0)
    ((s, p),) = m.step(s, A.Diagnose(third))  # the only card of its class
    assert p == 1
    assert all(pt.card != THIRD for pt in player(s).patients), "automatically healed"
    assert (player(s).vp, player(s).credits, player(s).healed) == (6, 5, 2)

    # The last patient: diagnosed, then (exact odds) one of the two diagnostic-2 cards.
    hidden2 = Patient(k.hidden(k.class_of[LAST]), 0, 0)
    dist = m.step(s, A.Diagnose(hidden2))
    assert sorted(p for _, p in dist) == [Fraction(1, 2), Fraction(1, 2)]
    s, _ = force(dist, lambda t: any(pt.card == LAST for pt in player(t).patients))
    # The first patient: "does not imply any gravity" -- now certainly non-severe.
    ((s, p),) = m.step(s, A.Diagnose(hidden2))
    assert p == 1 and Patient(FIRST, 1, 0) in player(s).patients
    assert player(s).tokens[DIAG] == 0 and player(s).tokens[STAFF] == 1, "staff diagnosed too"

    # "we must prioritize their treatment over patient number 1"
    s = play(m, s, A.Heal(Patient(LAST, 1, 0)))
    assert A.Heal(Patient(FIRST, 1, 0)) not in m.legal_actions(s), "scarce healing tokens"
    assert player(s).tokens[HEAL] + player(s).tokens[STAFF] == 0

    # "We managed to cure 3 of our patients ... 9 victory points and 8 credits."
    assert (player(s).vp, player(s).credits, player(s).healed) == (9, 8, 3)
    assert player(s).patients == (Patient(FIRST, 1, 0),)

    # Cleanup: a diagnosed priority-4 patient takes no time token and waits.
    end = play(m, s, A.EndTreatment())
    assert end.phase in (CLEANUP, OVER)
    assert player(end).patients == (Patient(FIRST, 1, 0),)
    assert player(end).qoc == 6, "nobody died"
