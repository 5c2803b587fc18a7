"""Royal Hospital rules, one test per rule, named after the rulebook section it checks."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from royal_hospital_helpers import force, model, play, player, position, with_player

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.outcomes import sample_index
from hhh_verify.contract.records import replace
from hhh_verify.models.royal_hospital import SPEC
from hhh_verify.models.royal_hospital.rules import actions as A
from hhh_verify.models.royal_hospital.rules import flow, patients, resolve, scoring
from hhh_verify.models.royal_hospital.rules.cards import CRITICAL, MILD, SEVERE, TERMINAL
from hhh_verify.models.royal_hospital.rules.effects import (
    DIAG,
    DOCTOR,
    HEAL,
    P_CREDIT,
    P_DIAG,
    RESEARCH,
    STAFF,
    ambulance,
    gain,
    helicopter,
    insurance,
    prod,
)
from hhh_verify.models.royal_hospital.rules.state import (
    ACTIONS,
    OVER,
    T_EFFECT,
    T_KEEP,
    TREATMENT,
    Patient,
    Task,
    Terminal,
)
from hhh_verify.models.royal_hospital.rules.tracks import DOCTOR_SPOTS, T_AMBULANCE, T_PRESTIGE

# tiny patient deck types
T_CRIT, T_SEV, T_CHRON, T_MILD, T_TERM = range(5)


def _to_round_one_actions(m, seed: int = 0):
    """Play setup and Preparation with random choices until round 1's Action Phase."""
    rng = random.Random(seed)
    s = m.initial_state()
    while s.phase != ACTIONS:
        legal = m.legal_actions(s)
        dist = m.step(s, legal[rng.randrange(len(legal))])
        s = dist[sample_index(dist, rng)][0]
    return s


# Game Setup ------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_game_setup_per_player_count(players: int) -> None:
    m = model("full", players=players)
    s0 = m.initial_state()
    for ps in s0.players:
        assert (ps.qoc, ps.prestige, ps.ambulance, ps.vp, ps.insurance) == (6, 0, 0, 0, (0,) * 4)
        assert ps.production == (1, 1, 1, 1, 15)  # RH-CREDIT-START=fifteen
        assert sum(ps.played) == 1 and sum(ps.hand) == 0  # the starting card, in play
    assert sum(s0.doctors) == 21
    s = _to_round_one_actions(m)
    dealt = 10 * players
    for ps in s.players:
        # 5 kept at setup + round 1: 1 card + 2 extra (research and staff production), keep 1
        assert sum(ps.hand) == 6
        assert ps.tokens == (1, 1, 1, 1, 0) and ps.credits == 15  # Preparation 2
        assert len(ps.patients) + len(ps.terminals) == 1  # round 1: 1 patient
    assert sum(s.deck) == 166 - dealt - 3 * players
    assert sum(s.discard) == 5 * players + 2 * players
    assert sum(s.shuffled) + len(s.returned) == 109 - players


def test_five_players_is_rejected() -> None:
    with pytest.raises(ModelError, match=r"players=5; accepted: 1\.\.4"):
        SPEC.model("full", ("players=5",))


@pytest.mark.parametrize(
    "override, message",
    [
        ("rounds=0", "rounds=0"),
        ("setup_keep=11", "setup_keep=11 exceeds setup_draw=10"),
        ("medical_deck=nope", "unknown medical_deck"),
        ("first_player=2", "first_player=2"),
    ],
)
def test_bad_configs_are_clear_errors(override: str, message: str) -> None:
    with pytest.raises(ModelError, match=message):
        SPEC.model("full", (override,))


def test_starting_player_is_random() -> None:
    m = model("full", players=3)
    dist = m.step(m.initial_state(), A.Draw())
    assert sorted(t.first for t, _ in dist) == [0, 1, 2]
    assert {p for _, p in dist} == {Fraction(1, 3)}


def test_setup_draw_ten_keep_five() -> None:
    m = model("full")
    s = m.step(m.initial_state(), A.Draw())[0][0]  # the starting player
    for _ in range(10):
        s = m.step(s, A.Draw())[0][0]
    assert s.queue[0].kind == T_KEEP and s.queue[0].n == 5 and sum(s.picking) == 10
    for _ in range(5):
        s = play(m, s, m.legal_actions(s)[0])
    assert sum(player(s).hand) == 5 and sum(s.discard) == 5


# Patient cards -----------------------------------------------------------------------------


def test_patients_are_drawn_with_exact_odds_per_visible_class() -> None:
    """Patient Cards: drawn from the bottom with the healing side hidden."""
    m = model("full", players=1)
    k = m.ctx
    s = _to_round_one_actions(m)
    s = position(m, phase=ACTIONS, queue=(Task(1 + 2, 0, 1),))  # one patient for P0
    dist = m.step(s, A.Draw())
    by_class = {}
    for t, p in dist:
        arrived = (t.arrivals + player(t).patients + player(t).terminals)[0]
        by_class[k.class_of_code(arrived[0])] = p
    for cls, types in enumerate(k.class_types):
        want = Fraction(sum(k.patients[t].count for t in types), 109)
        assert by_class[cls] == want


def test_diagnosis_resolves_the_hidden_side_with_the_conditional_odds() -> None:
    m = model("tiny")
    k = m.ctx
    hidden = Patient(k.hidden(k.class_of[T_SEV]), 0, 0)
    shuffled = list(m.initial_state().shuffled)
    shuffled[k.class_of[T_SEV]] -= 1
    s = position(m, shuffled=tuple(shuffled))
    s = with_player(s, 0, patients=(hidden,), tokens=(1, 0, 0, 0, 0))
    dist = m.step(s, A.Diagnose(hidden))
    # severe, chronic and non-severe share diagnostic difficulty 1: one card each
    assert sorted(p for _, p in dist) == [Fraction(1, 3)] * 3
    healed, _ = force(dist, lambda t: not player(t).patients)  # chronic, no tokens: healed
    assert player(healed).healed == 1 and healed.returned == (T_CHRON,)


def test_returned_cards_are_drawn_after_the_shuffled_ones() -> None:
    """Discards go on top, draws come from the bottom: the returned pile comes out last,
    oldest first, with no chance involved."""
    m = model("tiny")
    k = m.ctx
    s = position(m, shuffled=(0,) * k.K, returned=(T_MILD, T_CRIT), phase=ACTIONS)
    s = replace(s, queue=(Task(3, 0, 1), Task(5, 0)))
    s = flow.advance(m.ctx, s)
    assert s.returned == (T_CRIT,) and player(s).patients == (Patient(T_MILD, 0, 0),)


def test_terminal_patients_need_no_space() -> None:
    m = model("tiny")
    s = position(m)
    s = with_player(s, 0, patients=(Patient(T_MILD, 1, 0),))  # the one space is taken
    s = patients.arrive(m.ctx, s, 0, T_TERM)
    assert player(s).terminals == (Terminal(T_TERM, 0),) and s.arrivals == ()


def test_no_space_rejects_a_patient_for_one_quality_of_care() -> None:
    m = model("tiny")
    s = position(m, arrivals=(Patient(T_SEV, 0, 0),))
    s = with_player(s, 0, patients=(Patient(T_MILD, 1, 0),))
    s = replace(s, queue=(Task(5, 0),))
    assert m.legal_actions(s) == (A.Reject((T_SEV, 0, 0, 0)),)
    t = play(m, s, A.Reject((T_SEV, 0, 0, 0)))
    assert player(t).qoc == player(s).qoc - 1 and t.returned == (T_SEV,)
    assert player(t).rejected == 1


# Action Phase ------------------------------------------------------------------------------


def test_preparation_extra_cards_round_three_example() -> None:
    """'In round 3, 3 cards are received. If a player has production of 1 research and 1
    staff, he would draw 2 extra cards, you would take 5 cards and choose to keep 3.'"""
    m = model("full", players=1)
    s = position(m, phase=OVER, round=3, queue=())
    s = flow.begin_round(m.ctx, replace(s, round=3))
    assert s.queue[0].n == 5 and s.queue[2].kind == T_KEEP and s.queue[2].n == 3


def test_play_a_card_pays_and_gains_production_at_once() -> None:
    """'If the production ... is increased, you also immediately obtain those resources.'"""
    m = model("full")
    t = next(i for i, c in enumerate(m.ctx.medical) if c.name == "Diagnostic facility")
    s = position(m, phase=ACTIONS)
    s = with_player(s, 0, hand=tuple(1 if i == t else 0 for i in range(m.ctx.M)), credits=6)
    s = play(m, s, A.PlayCard(t))
    assert player(s).credits == 0 and player(s).production[P_DIAG] == 2
    assert player(s).tokens[DIAG] == 1
    assert s.turn == 1, "the turn passes to the next player"


def test_discard_for_credits_is_not_an_action_and_pass_is_final() -> None:
    m = model("full")
    s = position(m, phase=ACTIONS)
    s = with_player(s, 0, hand=(0, 1) + (0,) * (m.ctx.M - 2), tokens=(0, 0, 1, 0, 0))
    s = play(m, s, A.SellCard(1))
    s = play(m, s, A.SellResearch())
    assert s.turn == 0 and player(s).credits == 6, "still P0's turn, 3 credits each"
    s = play(m, s, A.Pass())
    assert s.turn == 1
    s = play(m, s, A.Activate(0))  # P1's starting card: +1 staff
    assert s.turn == 1, "P0 passed: P1 acts again"
    assert A.Activate(0) not in m.legal_actions(s), "once each round"
    s = play(m, s, A.Pass())
    assert s.phase == TREATMENT and s.turn == s.first


def test_activation_in_the_round_played_follows_the_reading() -> None:
    m = model("full", interpret=("RH-ACTIVATE-SAME-ROUND=next-round",))
    t = next(i for i, c in enumerate(m.ctx.medical) if c.name == "Supplier")
    s = position(m, phase=ACTIONS)
    s = with_player(s, 0, hand=tuple(1 if i == t else 0 for i in range(m.ctx.M)), credits=9)
    s = play(m, s, A.PlayCard(t))
    assert s.turn == 1 and player(s, 0).used[t] == 1, "it enters play rotated"
    s = replace(s, turn=0)
    assert A.Activate(t) not in m.legal_actions(s)


# Tracks ------------------------------------------------------------------------------------


def _apply(m, s, effect, p=0):
    s = replace(s, queue=(Task(T_EFFECT, p, 0, effect),) + s.queue)
    return flow.advance(m.ctx, s)


def test_ambulance_track_gains_every_reward_passed() -> None:
    m = model("full")
    s = _apply(m, position(m, phase=ACTIONS), ambulance(3))
    ps = player(s)
    assert ps.ambulance == 3 and ps.healed == 1 and ps.production[P_CREDIT] == 16
    assert ps.prestige == 1 and ps.credits == 1  # the production increase pays at once


@pytest.mark.parametrize("reading, steps", [("fourteen-spaces", 14), ("thirteen-spaces", 13)])
def test_ambulance_track_is_endless(reading: str, steps: int) -> None:
    """'once players reach space 0, they continue advancing by returning to space 1'; the
    congress doctor on the starting space goes to the first to come round."""
    m = model("full", interpret=(f"RH-AMBULANCE-WRAP={reading}",))
    s = position(m, phase=ACTIONS)
    s = with_player(s, 0, ambulance=13)
    i = next(i for i, (t, _) in enumerate(DOCTOR_SPOTS) if t == T_AMBULANCE)
    s = _apply(m, s, ambulance(1))
    assert player(s).ambulance == (0 if steps == 14 else 1)
    assert not s.doctors[i] and player(s).tokens[DOCTOR] == 1


def test_congress_doctor_goes_only_to_the_first_player_to_reach() -> None:
    m = model("full")
    s = position(m, phase=ACTIONS)
    s = with_player(s, 0, prestige=6)
    s = with_player(s, 1, prestige=6)
    s = _apply(m, s, gain(6, 2), p=0)  # prestige 6 -> 8 passes 7
    s = _apply(m, s, gain(6, 1), p=1)  # prestige 6 -> 7: already taken
    i = DOCTOR_SPOTS.index((T_PRESTIGE, 7))
    assert not s.doctors[i]
    assert player(s, 0).tokens[DOCTOR] == 1 and player(s, 1).tokens[DOCTOR] == 0


def test_insurance_track_benefits_and_the_doctor_on_space_5() -> None:
    m = model("full")
    s = position(m, phase=ACTIONS)
    s = _apply(m, s, insurance(3))  # Red 1: 1 healing and 1 diagnosis
    assert player(s).insurance == (0, 0, 0, 1) and player(s).tokens[:2] == (1, 1)
    s = with_player(s, 0, insurance=(4, 0, 0, 1))
    s = _apply(m, s, insurance(0))  # Blue 5: diagnosis production +1 and draw 1 card
    assert player(s).production[P_DIAG] == 2 and player(s).tokens[DOCTOR] == 1
    assert m.current_player(s) == -1, "the card draw is a chance step"
    s = with_player(replace(s, queue=()), 0, insurance=(5, 0, 0, 1))
    assert _apply(m, s, insurance(0)) == s, "a track at 5 cannot advance"


def test_or_rewards_are_a_choice() -> None:
    m = model("full")
    s = _apply(m, position(m, phase=ACTIONS), insurance(0))  # Blue 1: staff or research
    assert m.legal_actions(s) == (A.Choose(0), A.Choose(1))
    t = play(m, s, A.Choose(1))
    assert player(t).tokens[RESEARCH] == 1 and player(t).ambulance == 1


def test_helicopter_discard_and_draw() -> None:
    m = model("tiny")
    s = position(m, phase=ACTIONS)
    s = with_player(s, 0, patients=(Patient(T_MILD, 1, 0),))
    s = _apply(m, s, helicopter())
    legal = m.legal_actions(s)
    assert A.HelicopterDiscard((T_MILD, 1, 0, 0)) in legal and A.HelicopterDraw() in legal
    s = play(m, s, A.HelicopterDiscard((T_MILD, 1, 0, 0)))
    assert player(s).patients == () and s.returned == (T_MILD,)
    assert m.legal_actions(s) == (A.HelicopterDone(), A.HelicopterDraw())
    one_only = model("tiny", interpret=("RH-HELICOPTER-BOTH=one-only",))
    s2 = _apply(one_only, position(one_only, phase=ACTIONS), helicopter())
    s2 = play(one_only, s2, A.HelicopterDraw())
    assert s2.queue[0].kind == 3, "the draws come next; the helicopter is finished"
    assert all(t.kind != T_EFFECT for t in s2.queue)


# Treatment and Cleanup ----------------------------------------------------------------------


def quiet(**changes):
    """One player, three rounds, no new cards or patients: Cleanup effects stand alone."""
    return model(
        "tiny", players=1, rounds=3, round_cards=(0, 0, 0), round_patients=(0, 0, 0), **changes
    )


def _cleanup(m, s):
    """Run the last player's EndTreatment (players=1)."""
    return play(m, s, A.EndTreatment())


def test_critical_patient_dies_at_the_first_cleanup() -> None:
    m = quiet()
    s = with_player(position(m), 0, patients=(Patient(T_CRIT, 0, 0),))
    t = _cleanup(m, s)
    assert player(t).dead[CRITICAL] == 1 and player(t).qoc == player(s).qoc - 2


def test_severe_patient_dies_with_two_time_tokens() -> None:
    m = quiet()
    s = with_player(position(m), 0, patients=(Patient(T_SEV, 1, 0),))
    t = _cleanup(m, s)
    assert player(t).patients[0].tokens == 1 and player(t).dead[SEVERE] == 0
    t = with_player(replace(t, phase=TREATMENT, queue=()), 0, patients=(Patient(T_SEV, 1, 1),))
    u = _cleanup(m, t)
    assert player(u).dead[SEVERE] == 1 and player(u).dead_unseen == 0


def test_undiagnosed_patient_with_two_tokens_is_revealed() -> None:
    m = quiet()
    k = m.ctx
    hidden = Patient(k.hidden(k.class_of[T_SEV]), 0, 1)
    shuffled = list(m.initial_state().shuffled)
    shuffled[k.class_of[T_SEV]] -= 1
    s = with_player(position(m, shuffled=tuple(shuffled)), 0, patients=(hidden,))
    t = _cleanup(m, s)  # tokens 1 -> 2: the check is a chance step
    assert m.current_player(t) == -1
    dist = m.step(t, A.Draw())
    assert sorted(p for _, p in dist) == [Fraction(1, 3)] * 3
    dead, _ = force(dist, lambda u: player(u).dead[SEVERE] == 1)
    assert player(dead).dead_unseen == 1
    alive, _ = force(dist, lambda u: any(pt.card == T_MILD for pt in player(u).patients))
    assert player(alive).patients == (Patient(T_MILD, 0, 2),), "flipped back, undiagnosed"


def test_diagnosed_non_severe_patients_take_no_time_token() -> None:
    m = quiet()
    s = with_player(position(m), 0, patients=(Patient(T_MILD, 1, 0),))
    assert player(_cleanup(m, s)).patients == (Patient(T_MILD, 1, 0),)
    s = with_player(position(m), 0, patients=(Patient(T_CHRON, 1, 1),))
    assert player(_cleanup(m, s)).patients == (Patient(T_CHRON, 1, 2),)


def test_chronic_healing_difficulty_is_its_time_tokens() -> None:
    m = model("tiny", players=1)
    s = with_player(position(m), 0, patients=(Patient(T_CHRON, 1, 2),), tokens=(0, 1, 0, 0, 0))
    assert A.Heal((T_CHRON, 1, 2, 0)) not in m.legal_actions(s)
    s = with_player(s, 0, tokens=(0, 1, 0, 1, 0))
    t = play(m, s, A.Heal((T_CHRON, 1, 2, 0)))
    assert player(t).tokens == (0, 0, 0, 0, 0) and player(t).healed == 1


def test_terminal_patient_needs_healing_every_round() -> None:
    m = quiet()
    s = with_player(position(m), 0, terminals=(Terminal(T_TERM, 0),), tokens=(0, 1, 0, 0, 0))
    s = play(m, s, A.TreatTerminal(T_TERM))
    assert player(s).terminals == (Terminal(T_TERM, 1),) and player(s).vp == 1
    t = _cleanup(m, s)
    assert player(t).terminals == (Terminal(T_TERM, 0),), "treated again next round"
    u = _cleanup(m, replace(t, phase=TREATMENT, queue=()))
    assert player(u).terminals == () and player(u).dead[TERMINAL] == 1
    assert player(u).qoc == player(t).qoc - 1, "terminal deaths cost 1 only"


def test_prestige_scores_half_rounded_down() -> None:
    m = quiet()
    s = with_player(position(m), 0, prestige=5, vp=1)
    assert player(_cleanup(m, s)).vp == 1 + 2


def test_staff_substitutes_in_treatment_only_research_under_its_reading() -> None:
    m = model("tiny", players=1)
    s = with_player(position(m), 0, patients=(Patient(T_MILD, 1, 0),), tokens=(0, 0, 1, 0, 0))
    assert A.Heal((T_MILD, 1, 0, 0)) not in m.legal_actions(s)
    r = model("tiny", players=1, interpret=("RH-RESEARCH-IN-TREATMENT=research-too",))
    assert A.Heal((T_MILD, 1, 0, 0)) in r.legal_actions(s)
    s = with_player(s, 0, tokens=(0, 0, 0, 0, 1))  # a congress doctor, used as staff
    assert A.Heal((T_MILD, 1, 0, 0)) in m.legal_actions(s)
    assert player(play(m, s, A.Heal((T_MILD, 1, 0, 0)))).tokens[HEAL] == 0


# End Game Scoring ---------------------------------------------------------------------------


def test_end_game_scoring_and_tie_breakers() -> None:
    m = model("full")
    s = position(m, phase=OVER)
    s = with_player(s, 0, vp=10, qoc=8, prestige=3)
    s = with_player(s, 1, vp=12, qoc=6, prestige=1)
    # P0: 10 + (8-6) + surpasses P1 on quality of care and prestige = 14; P1: 12 + 0 + 0
    assert m.outcome(s).scores == (14, 12)
    assert scoring.winners(m.ctx, s) == (0,) and scoring.decided_by(m.ctx, s) == 0
    s = with_player(s, 1, vp=14)  # 14 each: quality of care decides
    assert scoring.winners(m.ctx, s) == (0,) and scoring.decided_by(m.ctx, s) == 1
    same = with_player(s, 1, vp=14, qoc=8, prestige=3)  # now equal in everything
    # P1 = 14 + 2, P0 = 10 + 2: P1 wins on points
    assert m.outcome(same).scores == (12, 16)
    tie = with_player(same, 0, vp=14)
    assert scoring.winners(m.ctx, tie) == (0, 1) and scoring.decided_by(m.ctx, tie) == 9
    later = model("full", interpret=("RH-FINAL-TIE=later-in-turn-order",))
    assert scoring.winners(later.ctx, tie) == (1,)


def test_fewer_patients_breaks_a_tie() -> None:
    m = model("full")
    s = position(m, phase=OVER)
    s = with_player(s, 0, patients=(Patient(0, 0, 0),))
    assert scoring.winners(m.ctx, s) == (1,) and scoring.decided_by(m.ctx, s) == 3


def test_illegal_action_is_a_clear_error() -> None:
    m = model("tiny")
    with pytest.raises(ModelError, match="illegal action"):
        m.step(m.initial_state(), A.Pass())


def test_resolve_module_effects_are_applied_in_order() -> None:
    m = model("full")
    s = position(m, phase=ACTIONS)
    s = replace(
        s,
        queue=tuple(resolve.effect_tasks(0, (prod(P_DIAG), gain(STAFF), gain(HEAL, 2)), 0)),
    )
    s = flow.advance(m.ctx, s)
    assert player(s).tokens == (1, 2, 0, 1, 0) and player(s).production[P_DIAG] == 2
    assert MILD == 4 and SEVERE == 2


@pytest.mark.parametrize(
    "preset, interpret",
    [("full", ()), ("small", ()), ("tiny", ("RH-PARTIAL-PAYMENT=partial",))],
)
def test_every_legal_action_has_its_own_description(preset: str, interpret: tuple) -> None:
    m = model(preset, interpret=interpret)
    for seed in range(3):
        rng = random.Random(seed)
        s = m.initial_state()
        while m.outcome(s) is None:
            legal = m.legal_actions(s)
            texts = [m.describe_action(s, a) for a in legal]
            assert len(set(texts)) == len(texts), texts
            dist = m.step(s, legal[rng.randrange(len(legal))])
            s = dist[sample_index(dist, rng)][0]
