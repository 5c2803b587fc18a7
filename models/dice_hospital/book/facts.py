"""Every number the Dice Hospital aid prints that the rules use, and its worked scoring
example, as facts ``check`` runs on the ``full`` preset (the ``dh.facts`` property).

Each fact is (section, the aid's words, what is asked, the printed value, how the model
shows it). The
model is asked through its rule functions on small built positions (a die of health 1
neglected, seven patients in the lounge, ...), so a wrong constant *or* a rule that
misuses it fails ``check`` with the sentence it breaks. Positions are chosen where every
reading of the aid's unclear sentences agrees, so a fact holds under any ``--interpret``.
Numbers the aid does not print are parameters (``config.py``), not facts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any, NamedTuple

from ..rules.actions import (
    EndActivation,
    TakeSpecialist,
    TakeWard,
    TradeSpecialist,
    TradeWard,
)
from ..rules.activation import blood_heal, heal
from ..rules.admission import epidemic, pickable, roll, take
from ..rules.end_round import (
    end_of_game,
    end_of_round,
    neglect,
    score_round,
    winners,
)
from ..rules.expansion import WARD, after_picks, discard_owned
from ..rules.model import DHModel
from ..rules.scoring import points_for_patient
from ..rules.setup import (
    draw_admins,
    draw_start,
    health_options,
    keep_admin,
    start_values,
)
from ..rules.state import (
    EPIDEMIC,
    EXPAND,
    MARKET,
    OVER,
    PICK,
    ROLL,
    SETUP_ADMIN,
    SETUP_ADMIN_PICK,
    SETUP_HEALTH,
)


class Fact(NamedTuple):
    """The aid's words (verbatim, parts joined by `` ... ``), what the model is asked
    about them, the value they give, and how to ask the model."""

    section: str
    quote: str
    asked: str
    value: Any
    get: Callable[[Any], Any]


def _variant(m: DHModel, **changes: Any) -> Any:
    """The checked model with a variant switched on (same readings)."""
    return type(m)(replace(m.config, **changes), m.readings)


def _hospital(m: DHModel, **fields: Any) -> Any:
    """Seat 0's hospital at the start, with ``fields`` changed."""
    return replace(m.initial_state().hospitals[0], **fields)


def _state(m: DHModel, *hospitals: Any, **fields: Any) -> Any:
    """The initial state with these hospitals (seat order) and ``fields`` changed."""
    s = m.initial_state()
    hs = hospitals + s.hospitals[len(hospitals) :]
    return replace(s, hospitals=hs, **fields)


def _neglected(m: DHModel, health: int, treated: int = 0) -> tuple[Any, ...]:
    """Neglect one patient of ``health``: (its health after, or "mortuary"; tokens)."""
    h, deaths = neglect(m.ctx, _hospital(m, patients=((0, health, treated, -1),)))
    after = h.patients[0][1] if h.patients else "mortuary"
    return after, h.mortality, deaths


def _start_draw(m: DHModel) -> set[int]:
    """How many dice a player takes at the start, over every draw."""
    s = m.initial_state()
    return {sum(t.drawn) + len(t.hospitals[0].patients) for t, _ in draw_start(m.ctx, s)}


def _start_values(m: DHModel) -> tuple[Any, ...]:
    """The health a player gives three dice of three colours, and how many ways to."""
    s = replace(m.initial_state(), phase=SETUP_HEALTH, drawn=(1,) * m.ctx.C)
    options = health_options(m.ctx, s)
    return sorted({tuple(sorted(v for _, v in o)) for o in options}), len(options)


def _admin_draft(m: DHModel) -> tuple[Any, ...]:
    """Cards in hand after the draw; after the pick: kept by seat 0, in the box."""
    s = replace(m.initial_state(), phase=SETUP_ADMIN)
    hands = {sum(t.admin_hand) for t, _ in draw_admins(m.ctx, s) if t.phase == SETUP_ADMIN_PICK}
    two = replace(s, phase=SETUP_ADMIN_PICK, admin_hand=(1, 1) + (0,) * (len(s.admin_hand) - 2))
    t = keep_admin(m.ctx, two, 0)
    return hands, t.hospitals[0].admin, sum(t.admin_box)


def _roll_law(m: DHModel) -> dict[int, Fraction]:
    """The law of one re-rolled die (its value wherever it lands)."""
    s = replace(m.initial_state(), phase=ROLL, cursor=0, drawn=(1,) + (0,) * (m.ctx.C - 1))
    law: dict[int, Fraction] = {}
    for t, p in roll(m.ctx, s):
        dice = list(t.rolled) + [d for amb in t.ambulances for d in amb]
        (value,) = [v for _, v in dice]
        law[value] = law.get(value, Fraction(0)) + p
    return law


def _ambulance_one(m: DHModel) -> tuple[bool, bool]:
    """May the first player, and may the second, take ambulance number 1?"""
    ambulances = tuple(((0, v),) for v in (2, 3, 4))
    s = _state(m, phase=PICK, first=0, order=(0, 1), ambulances=ambulances, taken=(-1, -1))
    second = replace(s, cursor=1, taken=(1, -1))
    return 0 in pickable(m.ctx, s), 0 in pickable(m.ctx, second)


def _lowest_taker(m: DHModel) -> tuple[Any, ...]:
    """Seat 1 took ambulance 1 (lowest number and lowest total): blood bags, next first."""
    ambulances = tuple(((0, v),) for v in (2, 3, 4))
    s = _state(m, phase=PICK, first=0, order=(0, 1), ambulances=ambulances, taken=(1, 0))
    t = after_picks(m.ctx, s)
    return tuple(h.blood - m.config.start_blood for h in t.hospitals), t.next_first


def _healed(m: DHModel, health: int, steps: int) -> tuple[Any, ...]:
    """Treat one patient: (its health after, or "lounge"; dice in the lounge)."""
    h, now = heal(m.ctx, _hospital(m, patients=((0, health, 0, -1),)), (0, health, 0, -1), steps)
    return ("lounge" if now is None else now[1]), sum(h.lounge)


def _blood_bag(m: DHModel) -> tuple[int, int]:
    """Spend one of two blood bags on a patient of health 3: (health after, bags left)."""
    patient = (0, 3, 0, -1)
    s = _state(m, _hospital(m, patients=(patient,), blood=2), cursor=0)
    h = blood_heal(m.ctx, s, patient).hospitals[0]
    return h.patients[0][1], h.blood


def _discard_for_blood(m: DHModel) -> int:
    """Blood bags gained by discarding one owned ward."""
    wards = (1,) + (0,) * (m.ctx.W - 1)
    s = _state(m, _hospital(m, wards=wards))
    return discard_owned(m.ctx, s, 0, 0, WARD).hospitals[0].blood - s.hospitals[0].blood


def _lounge_out(m: DHModel) -> DHModel:
    """The checked model with the lounge out of the hospital (DH-LOUNGE=out): the aid's
    empty-hospital points are printed for a hospital whose discharged patients have left;
    under in-hospital a hospital with discharges is never empty (the entry's promise)."""
    from ..rules import readings as R
    from ..rules.ambiguities import REGISTRY

    out = R.LOUNGE.OUT
    readings = REGISTRY.with_readings(m.readings.as_dict() | {out.ambiguity: out.value})
    return type(m)(m.config, readings)


def _round_points(m: DHModel, discharged: int, patients_left: int) -> int:
    """Points of a round with ``discharged`` in the lounge and no deaths."""
    h = _hospital(
        m, lounge=(discharged,) + (0,) * (m.ctx.C - 1), patients=((0, 3, 1, -1),) * patients_left
    )
    return score_round(m.ctx, h, 0).points


def _after_round(m: DHModel, r: int) -> str:
    """What comes after the end of round ``r``: another round or the end of the game."""
    phase = end_of_round(m.ctx, replace(m.initial_state(), round=r)).phase
    return {MARKET: "next round", OVER: "game over"}.get(phase, f"phase {phase}")


def _final(m: DHModel, blood: int, mortality: int) -> int:
    """End-of-game points of a hospital with these tokens and no points before."""
    s = _state(m, _hospital(m, blood=blood, mortality=mortality))
    return end_of_game(m.ctx, s).hospitals[0].points


def _winner(m: DHModel, a: tuple[int, tuple[int, ...]], b: tuple[int, tuple[int, ...]]) -> Any:
    """Who wins between seat 0 and seat 1 given (points, healths of remaining patients)."""
    hs = [
        _hospital(m, points=pts, patients=tuple((0, v, 0, -1) for v in sorted(hp)))
        for pts, hp in (a, b)
    ]
    return winners(m.ctx, _state(m, *hs, phase=OVER))


def _crisis(m: DHModel) -> tuple[Any, ...]:
    """The crisis start's values, and those of every option a player has to set them
    (colours drawn or chosen, DH-CRISIS-COLOURS: the values are the same)."""
    crisis = _variant(m, variant_crisis=True)
    s = replace(crisis.initial_state(), phase=SETUP_HEALTH, drawn=(2, 2, 1))
    options = health_options(crisis.ctx, s)
    return start_values(crisis.ctx), sorted({tuple(sorted(v for _, v in o)) for o in options})


def _epidemic(m: DHModel) -> tuple[Any, ...]:
    """With the national epidemic, seat 0 takes an ambulance of one die: the patients its
    hospital then holds, over every outcome, and the outcomes' total probability."""
    sick = _variant(m, variant_epidemic=True)
    ambulances = tuple(((0, v),) for v in (2, 3, 4))
    bag = (1,) + (0,) * (sick.ctx.C - 1)  # one die left: drawn for sure, rolled at random
    s = _state(
        sick, phase=PICK, first=1, order=(0, 1), ambulances=ambulances, taken=(-1, -1), supply=bag
    )
    ((t, _),) = take(sick.ctx, s, 0)
    if t.phase != EPIDEMIC:
        return "no extra die", t.phase
    law = epidemic(sick.ctx, t)
    return {len(u.hospitals[0].patients) for u, _ in law}, sum(p for _, p in law)


def _turns_per_seat(m: DHModel, players: int) -> tuple[tuple[int, ...], ...]:
    """Play round 1 with ``players`` seats (the first legal action, the likeliest chance
    outcome): how many ambulances each seat takes, tiles it drafts, and activations it
    ends. The checked game has two seats; three and four need every seat to get its turn."""
    g = _variant(m, players=players)
    s = g.initial_state()
    picks, drafts, ends = [0] * players, [0] * players, [0] * players
    while not (s.phase == MARKET and s.round == 2):
        a = g.legal_actions(s)[0]
        if s.phase == PICK:
            picks[g.current_player(s)] += 1
        elif s.phase == EXPAND and isinstance(
            a, (TakeWard, TakeSpecialist, TradeWard, TradeSpecialist)
        ):
            drafts[g.current_player(s)] += 1
        elif isinstance(a, EndActivation):
            ends[g.current_player(s)] += 1
        s = max(g.step(s, a), key=lambda outcome: outcome[1])[0]
    return tuple(picks), tuple(drafts), tuple(ends)


def _experimental(m: DHModel) -> tuple[int, int]:
    base = m.initial_state()
    exp = _variant(m, variant_experimental=True).initial_state()
    return (
        sum(exp.ward_deck) - sum(base.ward_deck),
        sum(exp.specialist_deck) - sum(base.specialist_deck),
    )


def _two_player_reveal(m: DHModel) -> tuple[bool, bool]:
    """Is there an extra reveal reading in force with two players, and with three?"""
    return (
        _variant(m, players=2).ctx.extra_reveal != "none",
        _variant(m, players=3).ctx.extra_reveal != "none",
    )


FACTS: tuple[Fact, ...] = (
    Fact("Opening paragraph", "na koniec 8. rundy", "rounds", 8, lambda m: m.config.rounds),
    Fact(
        "Opening paragraph",
        "na koniec 8. rundy",
        "what follows the end of round 7, and of round 8",
        ("next round", "game over"),
        lambda m: (_after_round(m, 7), _after_round(m, 8)),
    ),
    Fact("Przed grą", "dobiera 3 losowe kostki", "dice drawn, over every draw", {3}, _start_draw),
    Fact(
        "Przed grą",
        "Ustawia ich wartości (zdrowie) na 3, 4 i 5, decydując, króra kostka otrzyma którą wartość",
        "the values given to three dice of three colours, and the number of ways",
        ([(3, 4, 5)], 6),
        _start_values,
    ),
    Fact(
        "Przed grą",
        "dobiera dwie karty administratora szpitala, wybiera i zagrywa jedną z nich. Drugą",
        "cards in hand; the kind kept; cards put in the box",
        ({2}, 0, 1),
        _admin_draft,
    ),
    Fact(
        "Przyjmowanie pacjentów",
        "są przerzucane dotąd, aż pokażą wartości między 2 i 5",
        "the law of one rolled die",
        {v: Fraction(1, 4) for v in (2, 3, 4, 5)},
        _roll_law,
    ),
    Fact(
        "Przyjmowanie pacjentów",
        "Pierwszy gracz, nie może wybrać ambulansu numer 1",
        "may the first player, and the second, take ambulance number 1",
        (False, True),
        _ambulance_one,
    ),
    Fact(
        "Przyjmowanie pacjentów",
        "Gracz, który dobrał ambulans o najniższej wartości bieże także ... i staje się pierwszym graczem",
        "seat 1 takes ambulance 1 (lowest number and total): blood bags gained, next first player",
        ((0, 1), 1),
        _lowest_taker,
    ),
    Fact(
        "Przyjmowanie pacjentów",
        "Pierwszy gracz wybiera, czy dodatkowo będzie odkryty zostnie specjalista, czy oddział. (Tylko w grze dwuosobowej)",
        "is there an extra reveal with two players, and with three",
        (True, False),
        _two_player_reveal,
    ),
    Fact(
        "Przyjmowanie pacjentów ... Rozubudowa szpitala ... Aktywacja szpitala",
        "Każdy gracz po kolei, wybiera jeden z ambulansów ... Każdy z graczy, w kolejności"
        " wybranej karteki (od najmniejszej do największej wartości), wybiera jeden z"
        " oddziałów lub specjalistów ... Każdy z graczy indywidualnie",
        "with three and with four players, round 1: ambulances taken, tiles drafted and"
        " activations ended by each seat",
        {3: ((1,) * 3,) * 3, 4: ((1,) * 4,) * 3},
        lambda m: {p: _turns_per_seat(m, p) for p in (3, 4)},
    ),
    Fact(
        "Rozubudowa szpitala",
        "może odrzucić jednen oddział lub specjalistę na turę w zamian za żeton worka z krwą",
        "blood bags gained by discarding one ward",
        1,
        _discard_for_blood,
    ),
    Fact(
        "Aktywacja szpitala",
        "Każdy pacjent ze zdrowiem 6, który miałby zostać leczony, jest zamiast tego przenoszony do",
        "a patient of health 6 treated one step: where it goes, dice in the lounge",
        ("lounge", 1),
        lambda m: _healed(m, 6, 1),
    ),
    Fact(
        "Aktywacja szpitala",
        "„leczy” pacjentów (zwiękaszjąc ilość oczek na kostce)",
        "a patient of health 4 treated one step: its health, dice in the lounge",
        (5, 0),
        lambda m: _healed(m, 4, 1),
    ),
    Fact(
        "Aktywacja szpitala",
        "można wyleczyć jedną kostkę o jedne krok ... Zużyte",
        "one of two blood bags spent on a patient of health 3: its health, bags left",
        (4, 1),
        _blood_bag,
    ),
    Fact(
        "Zaniedbani pacjenci",
        "obniża wartość zdrowia o 1 na każdej kostce, która nie była leczona w tej rundzie",
        "an untreated patient of health 4: health after, mortality tokens, deaths",
        (3, 0, 0),
        lambda m: _neglected(m, 4),
    ),
    Fact(
        "Zaniedbani pacjenci",
        "na każdej kostce, która nie była leczona w tej rundzie",
        "a treated patient of health 4: health after, mortality tokens, deaths",
        (4, 0, 0),
        lambda m: _neglected(m, 4, treated=1),
    ),
    Fact(
        "Zaniedbani pacjenci",
        "Jeśli jakiś pacjent ma już zdrowie na poziomie 1, zamiast tego jego kostka jest przenoszona do kostnicy (mortuary), a gracz dobiera żeton śmiertelności",
        "an untreated patient of health 1: where it goes, mortality tokens, deaths",
        ("mortuary", 1, 1),
        lambda m: _neglected(m, 1),
    ),
    Fact(
        "Zaniedbani pacjenci",
        "obniża wartość zdrowia o 1 ... Jeśli jakiś pacjent ma już zdrowie na poziomie 1",
        "an untreated patient of health 2: health after, mortality tokens, deaths",
        (1, 0, 0),
        lambda m: _neglected(m, 2),
    ),
    Fact(
        "Warianty",
        "Odporny superrobak: Jeśli pacjent został zaniedbany, traci 2 oczka życia zamiast 1",
        "with the superbug, an untreated patient of health 4: health after, tokens, deaths",
        (2, 0, 0),
        lambda m: _neglected(_variant(m, variant_superbug=True), 4),
    ),
    Fact(
        "Wypisani pacjenci",
        "Nr pacjenta\tPunkty za każdego pacjenta\n1\t1\n2-6\t2\n7-8\t3\n9-10\t4\n11-12\t5",
        "the points of the 1st to the 12th patient discharged in a round",
        [1, 2, 2, 2, 2, 2, 3, 3, 4, 4, 5, 5],
        lambda m: [points_for_patient(n, m.ctx.over_12) for n in range(1, 13)],
    ),
    Fact(
        "Wypisani pacjenci",
        "Jeśli więc wypiszej 7 pacjentów w jednej rundzie, otrzymasz 14 punktów (1+2+2+2+2+2+3)",
        "a round's points with 7 in the lounge and a patient left",
        14,
        lambda m: _round_points(m, 7, 1),
    ),
    Fact(
        "Wypisani pacjenci",
        "11-12\t5",
        "a round's points with 12 in the lounge and a patient left",
        35,
        lambda m: _round_points(m, 12, 1),
    ),
    Fact(
        "Wypisani pacjenci",
        "Dodatkowe 5 punktów jeśli szpital pozostał pusty",
        "one discharged, no deaths: the empty hospital's points less the non-empty one's",
        5,
        lambda m: _round_points(_lounge_out(m), 1, 0) - _round_points(_lounge_out(m), 1, 1),
    ),
    Fact(
        "Koniec gry",
        "każdy gracz otrzymuje dodatkowy punkt za pozostały żeton „worka z krwią”",
        "end-of-game points of one blood bag",
        1,
        lambda m: _final(m, 1, 0),
    ),
    Fact(
        "Koniec gry",
        "traci dwa punkty za żetony śmiertelności",
        "end-of-game points of one mortality token",
        -2,
        lambda m: _final(m, 0, 1),
    ),
    Fact(
        "Koniec gry",
        "Wygrywa gracz z największą liczbą punktów",
        "winner of 3 points and no patients against 4 points and two patients",
        (1,),
        lambda m: _winner(m, (3, ()), (4, (2, 2))),
    ),
    Fact(
        "Koniec gry",
        "Remisy roztrzyga mniej pozostałych pacjentów",
        "winner, level on points, of two patients (5, 5) against one (2)",
        (1,),
        lambda m: _winner(m, (4, (5, 5)), (4, (2,))),
    ),
    Fact(
        "Koniec gry",
        "potem wyższa suma oczek pozostałych na tych pacjentach",
        "winner, level on points and patients, of pips 9 against 6",
        (0,),
        lambda m: _winner(m, (4, (5, 4)), (4, (3, 3))),
    ),
    Fact(
        "Warianty",
        "weź po 5-ci pacjentów o wartościach 3, 3, 4, 5, 5 w dowolnym kolorze",
        "the crisis start's values, and the values of every way to set them",
        ((3, 3, 4, 5, 5), [(3, 3, 4, 5, 5)]),
        _crisis,
    ),
    Fact(
        "Warianty",
        "Narodowa epidemia: kiedy gracz dobiera ambulans, rzuć dodatkową kostką i umieść ją w szpitalu",
        "patients after taking an ambulance of one die, and the law's total",
        ({2}, Fraction(1)),
        _epidemic,
    ),
    Fact(
        "Warianty",
        "Medycyna eksperymentalna: Dodaj 8 oddziałów i 12 specjalistów",
        "wards and specialists the variant adds to the decks",
        (8, 12),
        _experimental,
    ),
)
