"""Dice Hospital rules, one test per rule of the aid (the section is in each docstring)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from dice_hospital_helpers import (
    GREEN,
    RED,
    YELLOW,
    activation,
    hospital,
    model,
    only,
    patients,
    with_hospital,
)

from hhh_verify.contract.errors import ModelError
from hhh_verify.models.dice_hospital.rules import actions as A
from hhh_verify.models.dice_hospital.rules import admission as adm
from hhh_verify.models.dice_hospital.rules import end_round as er
from hhh_verify.models.dice_hospital.rules.activation import ward_targets
from hhh_verify.models.dice_hospital.rules.components import DONOR, GUARDIAN, MATRON
from hhh_verify.models.dice_hospital.rules.state import (
    ACTIVATE,
    DICE_DRAW,
    EFFECT,
    EVICT,
    EXPAND,
    EXPAND_DISCARD,
    EXTRA,
    MARKET,
    OVER,
    PICK,
    SETUP_HEALTH,
)

TRIAGE, PHARMACY, SURGERY, RED_CLINIC, YELLOW_CLINIC, GREEN_CLINIC, TWIN, TRIPLE = range(8)
ASSISTANT, RED_DOCTOR, YELLOW_DOCTOR, GREEN_DOCTOR, WARD_ROUND = range(5)


def picking(m, ambulances, first=0, taken=None):
    s = m.initial_state()
    P = m.ctx.P
    s = replace(s, hospitals=tuple(replace(h, admin=0) for h in s.hospitals))
    return replace(
        s,
        phase=PICK,
        cursor=0,
        first=first,
        order=tuple((first + k) % P for k in range(P)),
        ambulances=ambulances,
        taken=taken or (-1,) * P,
    )


AMBS = (((RED, 2), (RED, 3), (YELLOW, 3)), ((GREEN, 3), (RED, 4), (RED, 4)), ((RED, 5),) * 3)


# Przyjmowanie pacjentów ------------------------------------------------------------------


def test_first_player_may_not_take_ambulance_one() -> None:
    """ "Pierwszy gracz, nie może wybrać ambulansu numer 1.\""""
    m = model("full")
    s = picking(m, AMBS)
    assert A.TakeAmbulance(0) not in m.legal_actions(s)
    t = only(m.step(s, A.TakeAmbulance(1)))
    assert t.phase == PICK and m.current_player(t) == 1
    assert A.TakeAmbulance(0) in m.legal_actions(t)


def test_lowest_ambulance_gives_blood_bag_first_player_and_draft_order() -> None:
    """The lowest-value taker "bieże także worek z krwią i staje się pierwszym graczem";
    the draft goes "w kolejności wybranej karteki (od najmniejszej do największej)"."""
    m = model("full")
    s0 = picking(m, AMBS)
    s = only(m.step(s0, A.TakeAmbulance(2)))
    s = only(m.step(s, A.TakeAmbulance(0)))
    assert [h.blood for h in s.hospitals] == [0, 1]
    assert s.next_first == 1 and s.first == 0
    assert s.order == (1, 0)
    assert s.phase in (EXPAND, EXTRA)
    assert hospital(s, 0).patients == patients(*AMBS[2]) and len(hospital(s, 1).patients) == 3
    assert s.supply == (s0.supply[0] + 2, s0.supply[1], s0.supply[2] + 1)  # ambulance 2 went back
    assert s.ambulances == () and s.taken == (-1, -1)


def test_pip_sum_value_gives_every_tied_taker_a_blood_bag() -> None:
    m = model("full", interpret=("DH-AMBULANCE-VALUE=pip-sum",))
    tied = (((RED, 3),) * 3, ((YELLOW, 3),) * 3, ((GREEN, 3),) * 3)
    s = picking(m, tied)
    s = only(m.step(s, A.TakeAmbulance(1)))
    s = only(m.step(s, A.TakeAmbulance(2)))
    assert [h.blood for h in s.hospitals] == [1, 1]
    assert s.next_first == 0  # ties: the lower ambulance number
    n = model("full")
    t = only(n.step(only(n.step(picking(n, tied), A.TakeAmbulance(1))), A.TakeAmbulance(2)))
    assert [h.blood for h in t.hospitals] == [1, 0]


def test_ambulance_count_reading() -> None:
    assert model("full").ctx.ambulances == 3
    assert model("full", interpret=("DH-AMBULANCE-COUNT=players",)).ctx.ambulances == 2
    assert model("full", players=4).ctx.ambulances == 5


def test_last_player_arranges_tied_colours() -> None:
    """ "Jeśli występują remisy wartości na kostkach, ostatni gracz decyduje gdzie trafią
    kostki poszczególnych kolorów.\""""
    m = model("full", players=3)
    rolled = tuple(sorted([(RED, 2), (RED, 2), (YELLOW, 3), (RED, 3), (GREEN, 3)] + [(RED, 5)] * 7))
    s = replace(m.initial_state(), rolled=rolled, first=1)
    t = adm.placed(m.ctx, s)
    assert m.current_player(t) == 0  # the last of 1, 2, 0
    options = m.legal_actions(t)
    assert len(options) == 3  # which of the three 3s rides with the two 2s
    for a in options:
        assert a.ambulances[0][:2] == ((RED, 2), (RED, 2)) or (RED, 2) in a.ambulances[0]


def test_no_room_sends_current_patients_to_the_mortuary() -> None:
    """ "Jeśli nie ma wystarczająco miejsca dla nowych pacjentów, ci, którzy obecnie są
    leczeni w szpitalu muszą być przeniesieni do kostnicy ... żeton śmiertelności\"."""
    m = model("full", capacity=4)
    s = picking(m, AMBS)
    s = with_hospital(s, 0, patients=patients((RED, 2), (YELLOW, 4), (GREEN, 5)))
    t = only(m.step(s, A.TakeAmbulance(1)))
    assert t.phase == EVICT
    opts = m.legal_actions(t)
    assert len(opts) == 3 and all(len(a.patients) == 2 for a in opts)
    u = only(m.step(t, A.Evict(patients((RED, 2), (GREEN, 5)))))
    h = hospital(u, 0)
    assert h.mortality == 2 and h.mortuary == (1, 0, 1) and len(h.patients) == 4


@pytest.mark.parametrize(
    "reading, count", [("sickest-first", 1), ("all-current", 1), ("player-chooses", 3)]
)
def test_who_goes_to_the_mortuary(reading: str, count: int) -> None:
    m = model("full", capacity=4, interpret=(f"DH-EVICT-WHO={reading}",))
    current = patients((RED, 2), (YELLOW, 4), (GREEN, 5))
    opts = adm.eviction_options(m.ctx, current, 2)
    assert len(opts) == count
    if reading == "sickest-first":
        assert opts == [patients((RED, 2), (YELLOW, 4))]
    if reading == "all-current":
        assert opts == [current]


def test_unlimited_capacity_never_evicts() -> None:
    m = model("full", capacity=4, interpret=("DH-CAPACITY=unlimited",))
    s = with_hospital(picking(m, AMBS), 0, patients=patients((RED, 2), (YELLOW, 4), (GREEN, 5)))
    t = only(m.step(s, A.TakeAmbulance(1)))
    assert len(hospital(t, 0).patients) == 6 and hospital(t, 0).mortality == 0


def test_national_epidemic_adds_a_die() -> None:
    """Narodowa epidemia: "kiedy gracz dobiera ambulans, rzuć dodatkową kostką"."""
    for reading, faces in (("two-to-five", {2, 3, 4, 5}), ("plain-d6", {1, 2, 3, 4, 5, 6})):
        m = model("full", variant_epidemic=True, interpret=(f"DH-EPIDEMIC-ROLL={reading}",))
        s = only(m.step(picking(m, AMBS), A.TakeAmbulance(1)))
        dist = m.step(s, A.Draw())
        assert sum(p for _, p in dist) == 1
        seen = {v for t, _ in dist for (_, v, _, _) in hospital(t, 0).patients}
        assert len(hospital(dist[0][0], 0).patients) == 4
        assert faces <= seen | {4, 3, 2}


# Przed grą ---------------------------------------------------------------------------------


def test_crisis_start_chosen_colours() -> None:
    """Kryzys na początek: "5-ci pacjentów o wartościach 3, 3, 4, 5, 5 w dowolnym kolorze"."""
    m = model("full", variant_crisis=True)
    s = m.initial_state()
    assert s.phase == SETUP_HEALTH
    opts = m.legal_actions(s)
    assert len(opts) == 6 * 3 * 6
    assert all(sorted(v for _, v in a.dice) == [3, 3, 4, 5, 5] for a in opts)
    r = model("full", variant_crisis=True, interpret=("DH-CRISIS-COLOURS=random",))
    assert r.current_player(r.initial_state()) < 0  # a random draw first


def test_administrator_draft_keeps_one_and_boxes_the_other() -> None:
    """ "dobiera dwie karty administratora szpitala, wybiera i zagrywa jedną z nich\"."""
    m = model("full")
    s = replace(m.initial_state(), phase=2, cursor=0)
    dist = m.step(s, A.Draw())
    mixed = next(t for t, _ in dist if t.phase == 3)
    kinds = [a.kind for a in m.legal_actions(mixed)]
    t = only(m.step(mixed, A.KeepAdministrator(kinds[0])))
    assert hospital(t, 0).admin == kinds[0] and sum(t.admin_box) == 1
    if kinds[0] == DONOR:
        assert hospital(t, 0).blood == 2


def test_solo_needs_a_reading() -> None:
    with pytest.raises(ModelError, match="DH-SOLO"):
        model("full", players=1)
    free = model("full", players=1, interpret=("DH-SOLO=free-pick",))
    bar = model("full", players=1, interpret=("DH-SOLO=first-player-bar",))
    amb = AMBS[:2]
    assert [a.number for a in free.legal_actions(picking(free, amb))] == [0, 1]
    assert [a.number for a in bar.legal_actions(picking(bar, amb))] == [1]


# Rozubudowa szpitala -----------------------------------------------------------------------


def drafting(m, **fields):
    s = replace(m.initial_state(), phase=EXPAND, cursor=0, order=(1, 0))
    s = replace(s, hospitals=tuple(replace(h, admin=0) for h in s.hospitals))
    return replace(
        s, ward_market=(0, 1, 0, 0, 0, 0, 1, 0), specialist_market=(1, 0, 0, 0, 0), **fields
    )


def test_draft_take_and_trade() -> None:
    """ "wybiera jeden z oddziałów lub specjalistów"; DH-EXPANSION-DISCARD=instead-of-taking:
    a revealed tile discarded for a blood bag."""
    m = model("full")
    s = drafting(m)
    assert m.current_player(s) == 1
    legal = m.legal_actions(s)
    assert A.TradeWard(TWIN) in legal and A.TakeSpecialist(ASSISTANT) in legal
    t = only(m.step(s, A.TradeWard(TWIN)))
    assert hospital(t, 1).blood == 1 and t.ward_gone[TWIN] == 1
    u = only(m.step(t, A.TakeWard(PHARMACY)))
    assert hospital(u, 0).wards[PHARMACY] == 1
    assert u.specialist_gone[ASSISTANT] == 1  # the unchosen one left the game
    assert u.phase in (ACTIVATE, 15)


def test_draft_owned_tile_discard_reading() -> None:
    m = model("full", interpret=("DH-EXPANSION-DISCARD=owned-tile",))
    s = drafting(m)
    assert not any(isinstance(a, A.TradeWard) for a in m.legal_actions(s))
    t = only(m.step(s, A.TakeWard(TWIN)))
    assert t.phase == EXPAND_DISCARD
    u = only(m.step(t, A.DiscardWard(TWIN)))
    assert hospital(u, 1).blood == 1 and hospital(u, 1).wards[TWIN] == 0 and u.phase == EXPAND


def test_two_player_extra_reveal_once_at_admission() -> None:
    """ "Pierwszy gracz wybiera, czy dodatkowo będzie odkryty zostnie specjalista, czy
    oddział. (Tylko w grze dwuosobowej)." (DH-EXTRA-REVEAL)"""
    m = model("full")
    s = replace(m.initial_state(), phase=MARKET)
    t = m.step(s, A.Draw())[0][0]
    assert t.phase == EXTRA and m.current_player(t) == t.first
    u = only(m.step(t, A.RevealExtra(1)))
    v = m.step(u, A.Draw())[0][0]
    assert sum(v.specialist_market) == 2 and v.phase == DICE_DRAW
    three = model("full", players=3)
    w = three.step(replace(three.initial_state(), phase=MARKET), A.Draw())[0][0]
    assert w.phase == DICE_DRAW


# Aktywacja szpitala ------------------------------------------------------------------------


def test_group_wards_need_exactly_their_group() -> None:
    """ "Jeśli oddział potrzebuje grupy pacjentów, wtedy musi zebrać się dokładnie taka
    grupa pacjentów\"."""
    m = model("full")
    ps = patients((RED, 2), (RED, 4), (YELLOW, 4), (GREEN, 4), (GREEN, 5))
    assert ward_targets(m.ctx, TWIN, ps) == [
        patients((RED, 2), (RED, 4)),
        patients((GREEN, 4), (GREEN, 5)),
    ]
    assert ward_targets(m.ctx, TRIPLE, ps) == [patients((RED, 4), (YELLOW, 4), (GREEN, 4))]
    assert ward_targets(m.ctx, TRIPLE, ps[:3]) == []
    assert ward_targets(m.ctx, RED_CLINIC, ps) == [((RED, 2, 0, -1),), ((RED, 4, 0, -1),)]


def test_several_steps_past_six_discharge() -> None:
    """ "kostka może być wyleczona do 7 i powyżej" (DH-PAST-6=discharge) vs stop-at-6."""
    for reading, lounge, left in (("discharge", 1, ()), ("stop-at-6", 0, ((RED, 6, 1, -1),))):
        m = model("full", interpret=(f"DH-PAST-6={reading}",))
        s = activation(m, patients=patients((RED, 5)), wards=(0, 0, 1, 0, 0, 0, 0, 0))
        t = only(m.step(s, A.Activate(-1, SURGERY, patients((RED, 5)))))
        assert sum(hospital(t).lounge) == lounge and hospital(t).patients == left


def test_health_six_treated_goes_to_the_lounge() -> None:
    """ "Każdy pacjent ze zdrowiem 6, który miałby zostać leczony, jest zamiast tego
    przenoszony do poczekalni do wypisu\"."""
    m = model("full")
    s = activation(m, patients=patients((YELLOW, 6), (RED, 3)))
    t = only(m.step(s, A.Activate(-1, TRIAGE, patients((YELLOW, 6)))))
    assert hospital(t).lounge == (0, 1, 0) and hospital(t).patients == patients((RED, 3))


def test_ward_then_specialist_each_once_a_round() -> None:
    """ "rozpatrywane są najpierw efekty oddziału, potem efekty meepla"; "każdy specjalista i
    oddział może być użyty tylko raz w rundzie\"."""
    m = model("full")
    s = activation(
        m, patients=patients((RED, 3), (RED, 3), (GREEN, 2)), specialists=(1, 0, 0, 0, 0)
    )
    t = only(m.step(s, A.Activate(ASSISTANT, PHARMACY, patients((RED, 3)))))
    # the assistant's only target is the patient the pharmacy just treated: applied at once
    assert hospital(t).patients == patients((RED, 3), (GREEN, 2), (RED, 6, 1))
    assert t.phase == ACTIVATE
    legal = m.legal_actions(t)
    assert not any(isinstance(a, A.Activate) and a.ward == PHARMACY for a in legal)
    assert not any(isinstance(a, A.Activate) and a.meeple == ASSISTANT for a in legal)


def test_specialist_choice_and_optional_reading() -> None:
    m = model("full")
    s = activation(
        m,
        patients=patients((RED, 3), (RED, 4)),
        specialists=(1, 0, 0, 0, 0),
        wards=(0, 0, 0, 0, 0, 0, 1, 0),
    )
    t = only(m.step(s, A.Activate(ASSISTANT, TWIN, patients((RED, 3), (RED, 4)))))
    assert t.phase == EFFECT and m.current_player(t) == 0
    assert [a.patient for a in m.legal_actions(t)] == [(RED, 4, 1, -1), (RED, 5, 1, -1)]
    o = model("full", interpret=("DH-SPECIALIST-OPTIONAL=optional",))
    h = hospital(s)
    s2 = activation(o, patients=h.patients, specialists=h.specialists, wards=h.wards)
    u = only(o.step(s2, A.Activate(ASSISTANT, TWIN, patients((RED, 3), (RED, 4)))))
    assert A.DeclineEffect() in o.legal_actions(u)


def test_nurses_and_the_matron() -> None:
    m = model("full")
    s = activation(m, patients=patients((RED, 3), (RED, 4), (RED, 5)), nurses_used=3)
    assert not any(isinstance(a, A.Activate) for a in m.legal_actions(s))
    t = with_hospital(s, 0, admin=MATRON)
    assert any(isinstance(a, A.Activate) for a in m.legal_actions(t))


@pytest.mark.parametrize("reading, treated", [("marks-treated", 1), ("no-mark", 0)])
def test_blood_bag_heal(reading: str, treated: int) -> None:
    """ "używając żetonu worka z krwią można wyleczyć jedną kostkę o jedne krok"."""
    m = model("full", interpret=(f"DH-BLOOD-TREATED={reading}",))
    s = activation(m, patients=patients((RED, 3)), blood=2)
    t = only(m.step(s, A.BloodHeal((RED, 3, 0, -1))))
    assert hospital(t).patients == ((RED, 4, treated, -1),) and hospital(t).blood == 1


@pytest.mark.parametrize("reading, kept", [("one-activation", False), ("round", True)])
def test_blood_bag_colour_change(reading: str, kept: bool) -> None:
    """ "lub tymczasowo zmienić jej kolor" (DH-RECOLOUR)."""
    m = model("full", interpret=(f"DH-RECOLOUR={reading}",))
    s = activation(
        m, patients=patients((RED, 3), (GREEN, 2)), blood=1, wards=(0, 0, 0, 0, 0, 1, 0, 0)
    )
    assert not ward_targets(m.ctx, GREEN_CLINIC, patients((RED, 3)))
    t = only(m.step(s, A.BloodRecolour((RED, 3, 0, -1), GREEN)))
    assert (RED, 3, 0, GREEN) in hospital(t).patients
    u = only(m.step(t, A.Activate(-1, TRIAGE, patients((GREEN, 2)))))
    assert ((RED, 3, 0, GREEN) in hospital(u).patients) is kept


def test_activation_discard_for_a_blood_bag() -> None:
    """ "Gracze mogą opcjonalnie odrzucić oddział lub specjalistę na początku tej fazy\"."""
    m = model("full")
    s = replace(activation(m, wards=(0, 1, 0, 0, 0, 0, 0, 0)), phase=15)
    assert set(m.legal_actions(s)) == {A.KeepTiles(), A.DiscardWard(PHARMACY)}
    t = only(m.step(s, A.DiscardWard(PHARMACY)))
    assert hospital(t).blood == 1 and t.ward_gone[PHARMACY] == 1 and t.phase == ACTIVATE


# Koniec rundy ------------------------------------------------------------------------------


def test_neglect_lowers_untreated_and_health_one_dies() -> None:
    """Zaniedbani pacjenci: -1 on every untreated die; at health 1 to the mortuary, a
    mortality token each."""
    m = model("full")
    h = hospital(activation(m, patients=patients((RED, 1), (RED, 3), (YELLOW, 2, 1))))
    h2, deaths = er.neglect(m.ctx, h)
    assert deaths == 1 and h2.mortality == 1 and h2.mortuary == (1, 0, 0)
    assert h2.patients == patients((RED, 2), (YELLOW, 2))


@pytest.mark.parametrize("reading, survivors", [("dies", ()), ("floor-1", ((RED, 1, 0, -1),))])
def test_superbug_at_health_two(reading: str, survivors: tuple) -> None:
    """Odporny superrobak: "traci 2 oczka życia zamiast 1" (DH-SUPERBUG-2)."""
    m = model("full", variant_superbug=True, interpret=(f"DH-SUPERBUG-2={reading}",))
    h = hospital(activation(m, patients=patients((RED, 2))))
    assert er.neglect(m.ctx, h)[0].patients == survivors
    h5 = hospital(activation(m, patients=patients((RED, 5))))
    assert er.neglect(m.ctx, h5)[0].patients == ((RED, 3, 0, -1),)


def test_guardian_protects_the_sickest_untreated() -> None:
    """ "Niektóre zdolności administratorów chroniom pacjentów przed obniżeniem poziomu
    zdrowia" (the guardian stand-in)."""
    m = model("full")
    h = replace(hospital(activation(m, patients=patients((RED, 1), (GREEN, 3)))), admin=GUARDIAN)
    h2, deaths = er.neglect(m.ctx, h)
    assert deaths == 0 and h2.patients == patients((RED, 1), (GREEN, 2))


def test_close_scores_the_lounge_and_the_empty_hospital() -> None:
    """Wypisani pacjenci: 7 discharged score 14; +5 when the hospital is left empty."""
    m = model("full")
    s = activation(m, lounge=(3, 2, 2), patients=())
    t = er.close_hospital(m.ctx, s, 0)
    assert hospital(t).points == 14 + 5
    assert sum(t.supply) == sum(s.supply) + 7 and hospital(t).lounge == (0, 0, 0)
    u = er.close_hospital(m.ctx, with_hospital(s, 0, patients=patients((RED, 4))), 0)
    assert hospital(u).points == 14


def test_end_of_game_and_tie_breakers() -> None:
    """Koniec gry: +1 a blood bag, -2 a mortality token; "Remisy roztrzyga mniej
    pozostałych pacjentów, potem wyższa suma oczek\"."""
    m = model("full")
    s = activation(m)
    s = with_hospital(s, 0, points=10, blood=2, mortality=1, patients=patients((RED, 4)))
    s = with_hospital(s, 1, points=10, blood=0, mortality=0, patients=patients((RED, 5)))
    t = er.end_of_game(m.ctx, s)
    assert t.phase == OVER and [h.points for h in t.hospitals] == [10, 10]
    assert m.winners(t) == (1,)  # same patients, more pips
    t2 = with_hospital(t, 1, patients=patients((RED, 5), (RED, 5)))
    assert m.winners(t2) == (0,)  # fewer patients
    t3 = with_hospital(t, 1, patients=patients((RED, 4)))
    assert m.winners(t3) == (0, 1)
    order = model("full", interpret=("DH-TIE-REMAINS=turn-order",))
    assert order.winners(replace(t3, first=1)) == (1,)
    assert m.outcome(t3).scores == (10, 10) and m.outcome(t3).won is None


def test_mortuary_dice_return_reading_and_short_supply() -> None:
    """DH-MORTUARY-DICE and DH-SUPPLY-SHORT."""
    for reading, back in (("stay", 0), ("return", 2)):
        m = model("full", interpret=(f"DH-MORTUARY-DICE={reading}",))
        s = with_hospital(activation(m, 1), 0, mortuary=(2, 0, 0), mortality=2)
        s = with_hospital(s, 1, patients=())
        t = only(m.step(s, A.EndActivation()))
        assert sum(t.supply) == sum(s.supply) + back and hospital(t, 0).mortality == 2
    for reading, drawn in (("fill-in-order", 4), ("recycle-mortuary", 9)):
        m = model("full", interpret=(f"DH-SUPPLY-SHORT={reading}",))
        s = replace(m.initial_state(), phase=DICE_DRAW, supply=(4, 0, 0))
        s = with_hospital(s, 0, mortuary=(0, 5, 0))
        dist = m.step(s, A.Draw())
        assert {sum(t.drawn) for t, _ in dist} == {drawn}
