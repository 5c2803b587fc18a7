"""Royal Hospital readings added from the sentence-level rule map (issue 21): each option
of RH-TERMINAL-REWARD, RH-HELICOPTER-ORDER, RH-TIE-RESOURCES and RH-REWARD-ORDER makes the model behave
differently on a small hand-built position; the two retired entries stay retired (the
book answers them: a patient that fits is placed, and setup hands out no coins)."""

from __future__ import annotations

from typing import Any

import pytest
from royal_hospital_helpers import model, play, player, position, with_player

from hhh_verify.models.royal_hospital import SPEC
from hhh_verify.models.royal_hospital.properties.catalog import patient_cards_conserved
from hhh_verify.models.royal_hospital.rules import actions as A
from hhh_verify.models.royal_hospital.rules.cards import TERMINAL as TERMINAL_PRIORITY
from hhh_verify.models.royal_hospital.rules.cleanup import deaths
from hhh_verify.models.royal_hospital.rules.effects import (
    DIAG,
    DOCTOR,
    GAIN,
    HEAL,
    VP,
    gain,
    helicopter,
    insurance,
)
from hhh_verify.models.royal_hospital.rules.flow import advance, begin_round, helicopter_draw, run
from hhh_verify.models.royal_hospital.rules.scoring import final_scores, tie_key
from hhh_verify.models.royal_hospital.rules.state import (
    ACTIONS,
    CLEANUP,
    T_ADMIT,
    T_DRAW_PATIENT,
    T_DRAW_PICK,
    T_EFFECT,
    T_END_TURN,
    Patient,
    Task,
    Terminal,
)
from hhh_verify.models.royal_hospital.rules.tracks import DOCTOR_SPOTS

TERMINAL = 4  # the tiny deck's terminal card (reward: 1 credit, 1 victory point)


def _treat_twice(reading: str) -> list[tuple[int, int]]:
    """(credits, victory points) after a first and a second round's treatment."""
    m = model("tiny", interpret=(f"RH-TERMINAL-REWARD={reading}",))
    s = position(m)
    s = with_player(s, 0, terminals=(Terminal(TERMINAL, 0),), tokens=(0, 2, 0, 0, 0), credits=0)
    out = []
    for _ in range(2):
        s = play(m, s, A.TreatTerminal(TERMINAL))
        out.append((player(s).credits, player(s).vp))
        s = deaths(m.ctx, s, 0)  # the Cleanup: it survives and needs care again
    return out


@pytest.mark.parametrize(
    "reading, expected",
    [
        ("every-treatment", [(1, 1), (2, 2)]),
        ("first-treatment", [(1, 1), (1, 1)]),
        ("none", [(0, 0), (0, 0)]),
    ],
)
def test_terminal_reward_is_paid_as_the_reading_says(reading: str, expected: list) -> None:
    """Hospital Board: "note the rewards for treating them" -- every treatment, the first
    only, or none."""
    assert _treat_twice(reading) == expected


@pytest.mark.parametrize("reading, first", [("from-sender", 1), ("turn-order", 0)])
def test_helicopter_draws_start_where_the_reading_says(reading: str, first: int) -> None:
    """Helicopters: "All players (including the player who activated the helicopter
    effect) have to draw a patient card" -- seat 1 sends, seat 0 holds the start token."""
    m = model("small", interpret=(f"RH-HELICOPTER-ORDER={reading}",))
    s = position(m, queue=(Task(T_EFFECT, 1, 0, helicopter(), 1),))
    s = helicopter_draw(m.ctx, s, 1)
    drawers = [t.player for t in s.queue if t.kind == T_DRAW_PATIENT]
    assert drawers == [first, 1 - first]


@pytest.mark.parametrize("reading, wins", [("production", 0), ("tokens", 1)])
def test_sixth_tie_breaker_sums_what_the_reading_says(reading: str, wins: int) -> None:
    """End Game Scoring: "the highest sum of diagnosis, healing, staff, and research" --
    seat 0 produces more, seat 1 holds more tokens; everything before ties."""
    m = model("tiny", interpret=(f"RH-TIE-RESOURCES={reading}",))
    s = position(m)
    s = with_player(s, 0, production=(2, 2, 0, 0, 3), tokens=(0, 0, 0, 0, 0))
    s = with_player(s, 1, production=(1, 1, 0, 0, 3), tokens=(3, 3, 0, 0, 0))
    keys = [tie_key(m.ctx, ps) for ps in s.players]
    assert keys[wins] > keys[1 - wins]
    assert keys[0][:5] == keys[1][:5]


def test_retired_entries_are_gone() -> None:
    ids = {a.id for a in SPEC.ambiguities}
    assert not ids & {"RH-START-CREDITS", "RH-REJECT-VOLUNTARY"}
    assert not hasattr(A, "Admit")


def test_a_patient_that_fits_is_placed_without_a_choice() -> None:
    """Preparation Phase: "All cards from the Patient deck are drawn ... and placed on a
    hospital board"; rejecting is only for "no spaces available"."""
    m = model("tiny")
    s = position(m, arrivals=(Patient(-1, 0, 0),))
    s = advance(m.ctx, s._replace(queue=(Task(T_ADMIT, 0),)))
    assert player(s).patients == (Patient(-1, 0, 0),) and not s.arrivals


def test_no_coins_at_setup() -> None:
    """Game Setup hands out counters, cards and tokens, never coins."""
    m = model("full", first_player=0)
    assert all(ps.credits == 0 for ps in m.initial_state().players)


@pytest.mark.parametrize("reading", ["hospital-only", "terminals-too"])
def test_a_helicopter_discards_a_terminal_patient_as_the_reading_says(reading: str) -> None:
    """Patient Cards: "the terminal patient, even when treated, never leaves your playing
    area" -- under hospital-only only the hospital's patients are offered to the
    helicopter; under terminals-too the terminal patient too, and its card goes on top
    of the Patient deck."""
    m = model("small", interpret=(f"RH-HELICOPTER-TERMINAL={reading}",))
    s = position(m, queue=(Task(T_EFFECT, 0, 0, helicopter(), 1),))
    s = with_player(s, 0, patients=(Patient(-1, 0, 0),), terminals=(Terminal(TERMINAL, 1),))
    legal = m.legal_actions(s)
    discards = [a for a in legal if isinstance(a, A.HelicopterDiscard)]
    assert discards == [A.HelicopterDiscard((-1, 0, 0, 0))]
    terminal = A.HelicopterDiscardTerminal((TERMINAL, 1, 0))
    assert (terminal in legal) == (reading == "terminals-too")
    if terminal in legal:
        t = play(m, s, terminal)
        assert player(t).terminals == () and t.returned == s.returned + (TERMINAL,)


@pytest.mark.parametrize("reading, patients", [("medical-only", 1), ("patients-too", 1 + 3)])
def test_production_extra_draws_take_the_decks_the_reading_says(
    reading: str, patients: int
) -> None:
    """Preparation Phase: "Additional cards are taken based on staff and research
    production" names no deck (RH-EXTRA-DRAWS): the Medical draw grows either way, the
    patient draw only under patients-too (seat 1, without production, draws the round's
    number)."""
    m = model("tiny", interpret=(f"RH-EXTRA-DRAWS={reading}",))
    s = position(m, phase=0)
    s = with_player(s, 0, production=(0, 0, 2, 1, 3))
    s = begin_round(m.ctx, s)
    draws = {t.kind: t.n for t in s.queue if t.player == 0}
    assert draws[T_DRAW_PICK] == 1 + 3
    assert draws[T_DRAW_PATIENT] == patients
    assert {t.kind: t.n for t in s.queue if t.player == 1}[T_DRAW_PATIENT] == 1


@pytest.mark.parametrize(
    "reading, order",
    [
        ("depth-first", ["heal", "diag", "vp", "end"]),
        ("in-sequence", ["vp", "heal", "diag", "end"]),
    ],
)
def test_rewards_set_off_by_a_reward_come_where_the_reading_says(reading: str, order: list) -> None:
    """Red Insurance 1 ("You get 1 healing and 1 diagnosis") set off by the first of a
    card's two rewards: before or after the card's second reward (RH-REWARD-ORDER)."""
    m = model("small", interpret=(f"RH-REWARD-ORDER={reading}",))
    queue = (
        Task(T_EFFECT, 0, 0, insurance(3), 1),
        Task(T_EFFECT, 0, 0, gain(VP), 1),
        Task(T_END_TURN, 0),
    )
    s = position(m, phase=ACTIONS, queue=queue)
    s = run(m.ctx, s._replace(queue=s.queue[1:]), s.queue[0])
    names = {(GAIN, HEAL): "heal", (GAIN, DIAG): "diag", (GAIN, VP): "vp"}
    got = [names[(t.effect.code, t.effect.a)] if t.effect else "end" for t in s.queue]
    assert got == order


def _doctor_reward(reading: str, doctors: tuple[bool, ...]) -> tuple[Any, Any]:
    """Seat 0's "Gain 1 congress doctor" pending in the Treatment Phase, resolved as far
    as it goes without a decision, with ``doctors`` on the board."""
    m = model("tiny", interpret=(f"RH-DOCTOR-REWARD={reading}",))
    s = position(m, queue=(Task(T_EFFECT, 0, 0, gain(DOCTOR), 1),), doctors=doctors)
    return m, advance(m.ctx, s)


def test_a_rewarded_congress_doctor_comes_from_the_supply() -> None:
    """2 Ambulance track: "11. Gain 1 congress doctor" under supply: the token comes from
    the resource tokens beside the board, so every race token stays, and a board
    without race tokens still pays it."""
    for doctors in ((True,) * len(DOCTOR_SPOTS), (False,) * len(DOCTOR_SPOTS)):
        m, s = _doctor_reward("supply", doctors)
        assert not s.queue and s.doctors == doctors
        assert player(s).tokens[DOCTOR] == 1


def test_a_rewarded_congress_doctor_is_a_race_token_of_the_players_choice() -> None:
    """Under race-token the player picks one of the tokens still on the tracks; the last
    one is taken without a choice, and none left pays nothing."""
    everywhere = (True,) * len(DOCTOR_SPOTS)
    m, s = _doctor_reward("race-token", everywhere)
    offered = [a for a in m.legal_actions(s) if isinstance(a, A.ChooseDoctor)]
    assert offered == [A.ChooseDoctor(i) for i in range(len(DOCTOR_SPOTS))]
    t = play(m, s, A.ChooseDoctor(3))
    assert t.doctors == everywhere[:3] + (False,) + everywhere[4:]
    assert player(t).tokens[DOCTOR] == 1
    last = tuple(i == 5 for i in range(len(DOCTOR_SPOTS)))
    m, s = _doctor_reward("race-token", last)
    assert not any(s.doctors) and player(s).tokens[DOCTOR] == 1
    m, s = _doctor_reward("race-token", (False,) * len(DOCTOR_SPOTS))
    assert not s.queue and player(s).tokens[DOCTOR] == 0


@pytest.mark.parametrize("reading, returned", [("deck-top", (TERMINAL,)), ("stays", ())])
def test_a_dead_terminal_patients_card_goes_where_the_reading_says(
    reading: str, returned: tuple[int, ...]
) -> None:
    """Patient Cards: an untreated terminal patient dies "(decreasing care quality by 1
    only)"; its card goes on top of the Patient deck (Cleanup: "Place the deceased
    patient's card on top") or stays in the player's area ("never leaves your playing
    area"): counted among the dead either way, out of the deck under stays."""
    m = model("tiny", interpret=(f"RH-TERMINAL-CARD={reading}",))
    s = position(m, phase=CLEANUP)
    k = m.ctx.class_of[TERMINAL]  # the terminal card drawn: out of the unseen deck
    shuffled = s.shuffled[:k] + (s.shuffled[k] - 1,) + s.shuffled[k + 1 :]
    unresolved = s.unresolved[:TERMINAL] + (0,) + s.unresolved[TERMINAL + 1 :]
    s = s._replace(shuffled=shuffled, unresolved=unresolved)
    s = with_player(s, 0, terminals=(Terminal(TERMINAL, 0),), qoc=2)
    assert patient_cards_conserved(m, s) is None
    t = deaths(m.ctx, s, 0)
    assert player(t).terminals == () and player(t).qoc == 1
    assert player(t).dead[TERMINAL_PRIORITY] == 1
    assert t.returned == s.returned + returned
    assert patient_cards_conserved(m, t) is None
    other = model("tiny", interpret=(f"RH-TERMINAL-CARD={'stays' if returned else 'deck-top'}",))
    assert patient_cards_conserved(other, t)  # the invariant counts the card where it went


@pytest.mark.parametrize("reading, scores", [("negative", (-1, -1)), ("zero", (0, 0))])
def test_a_score_falls_below_zero_as_the_reading_says(
    reading: str, scores: tuple[int, int]
) -> None:
    """End Game Scoring 1: "All players gain or lose Victory points according to their
    position on the Quality of Care track" -- tiny's start space is 2, so a seat with 1
    victory point on space 0 loses 2: -1, or 0 where the counter stops at 0."""
    m = model("tiny", interpret=(f"RH-VP-FLOOR={reading}",))
    s = position(m)
    for p in (0, 1):
        s = with_player(s, p, vp=1, qoc=0)
    assert final_scores(m.ctx, s) == scores
