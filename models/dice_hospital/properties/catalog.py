"""Dice Hospital properties: invariants, step properties and goals, with citations.

Each check restates its claim from the aid's numbers (the table, +5, +1, -2, health
1..6) and the config, not from the rule code it checks: the discharge table below is
typed in again from the aid. A check returns ``None`` when it holds, else a message
naming the place. Step properties (``transition``) compare a state with its successor.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from hhh_verify.contract.properties import (
    Fact,
    Goal,
    Invariant,
    Property,
    PropertyRegistry,
    kernel_agreement,
)

from ..play.policies import greedy_score
from ..rules import actions as rules_actions
from ..rules import readings as R
from ..rules.components import (
    ANY,
    DONOR,
    GUARDIAN,
    JUST_TREATED,
    MATRON,
    SPECIALISTS,
    WARDS,
)
from ..rules.model import DHModel
from ..rules.state import (
    ACT_DISCARD,
    ACTIVATE,
    EFFECT,
    OVER,
    PICK,
    PLACE,
    DHState,
)
from . import search

GAME = "dice-hospital"

#: Wypisani pacjenci, typed from the aid: points of the n-th patient of a round.
AID_TABLE = {1: 1, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 3, 8: 3, 9: 4, 10: 4, 11: 5, 12: 5}
EMPTY = 5  # "Dodatkowe 5 punktów jeśli szpital pozostał pusty."
PER_BLOOD_BAG = 1  # Koniec gry: "dodatkowy punkt za pozostały żeton worka z krwią"
PER_MORTALITY = 2  # Koniec gry: "traci dwa punkty za żetony śmiertelności"


def ctx(model: DHModel) -> Any:
    return model.ctx


def _problems(items: Iterator[str]) -> str | None:
    found = list(items)
    return "; ".join(found[:3]) if found else None


def round_points(n: int, over_12: str) -> int:
    """The aid's table summed over a round's n discharges (13th and later: DH-OVER-12)."""
    total = 0
    for i in range(1, n + 1):
        if i in AID_TABLE:
            total += AID_TABLE[i]
        elif over_12 == R.OVER_12.FIVE_EACH:
            total += 5
        elif over_12 == R.OVER_12.RISING:
            total += 5 + (i - 11) // 2
    return total


# Dice --------------------------------------------------------------------------------------


def dice_places(model: DHModel, s: DHState) -> dict[str, tuple[int, ...]]:
    """Where every die is, per colour: the places the aid names."""
    C = ctx(model).C

    def count(items: Any) -> tuple[int, ...]:
        out = [0] * C
        for d in items:
            out[d[0]] += 1
        return tuple(out)

    riding = [d for j, amb in enumerate(s.ambulances) if j not in s.taken for d in amb]
    places = {
        "supply": s.supply,
        "drawn": s.drawn,
        "rolled": count(s.rolled),
        "ambulances": count(riding),
        "arriving": count(s.incoming),
    }
    for p, h in enumerate(s.hospitals):
        places[f"P{p} hospital"] = count(h.patients)
        places[f"P{p} lounge"] = h.lounge
        places[f"P{p} mortuary"] = h.mortuary
    return places


def dice_conserved(model: DHModel, s: DHState) -> str | None:
    """Dice are conserved: per colour, supply + ambulances + hospitals + discharge
    lounges + mortuaries = the dice of that colour, none negative."""
    places = dice_places(model, s)
    want = model.config.dice_each

    def gen() -> Iterator[str]:
        for name, counts in places.items():
            if min(counts, default=0) < 0:
                yield f"negative dice in {name}: {counts}"
        for c in range(ctx(model).C):
            total = sum(counts[c] for counts in places.values())
            if total != want:
                where = ", ".join(f"{n} {v[c]}" for n, v in places.items() if v[c])
                yield f"colour {c}: {total} dice, not {want} ({where})"

    return _problems(gen())


def health_in_range(model: DHModel, s: DHState) -> str | None:
    """ "1 – pacjent najbardziej chory, 6 – pacjent najbardziej zdrowy": every patient's
    health is 1..6; marks are 0/1; a tint is a real colour."""
    C = ctx(model).C

    def gen() -> Iterator[str]:
        for p, h in enumerate(s.hospitals):
            for c, health, treated, tint in h.patients:
                if not 1 <= health <= 6:
                    yield f"P{p} has a {c}-coloured patient at health {health}"
                if treated not in (0, 1) or not -1 <= tint < C or not 0 <= c < C:
                    yield f"P{p} patient {(c, health, treated, tint)} malformed"
        for _c, v in s.rolled + s.incoming + tuple(d for a in s.ambulances for d in a):
            if not 1 <= v <= 6:
                yield f"a die showing {v}"

    return _problems(gen())


def ambulance_values_ascending(model: DHModel, s: DHState) -> str | None:
    """ "umieszczane są w ambulansach od najmniejszej do największej wartości, od pierwszej
    do n-tego ambulansu": no die in an ambulance is lower than a die of an earlier one
    (DH-AMBULANCE-FILL=dealt: ambulance j holds the j-th, (j+n)-th, ... lowest die)."""
    if ctx(model).dealt and s.ambulances:
        values = sorted(v for amb in s.ambulances for _, v in amb)
        n = len(s.ambulances)
        got = [sorted(v for _, v in amb) for amb in s.ambulances]
        if got != [values[j::n] for j in range(n)]:
            return f"ambulances not dealt in turn: {got}"
        return None
    filled = [amb for amb in s.ambulances if amb]
    for a, b in zip(filled, filled[1:]):
        if max(v for _, v in a) > min(v for _, v in b):
            return f"ambulances out of order: {a} before {b}"
    if any(len(amb) > model.config.ambulance_dice for amb in s.ambulances):
        return f"an ambulance holds more than {model.config.ambulance_dice} dice"
    return None


def capacity(model: DHModel, s: DHState) -> str | None:
    """ "Jeśli nie ma wystarczająco miejsca dla nowych pacjentów ..." (DH-CAPACITY): no
    hospital ever holds more than ``capacity`` patients."""
    cap = ctx(model).capacity
    if cap is None:
        return None
    for p, h in enumerate(s.hospitals):
        if len(h.patients) > cap:
            return f"P{p} holds {len(h.patients)} patients, capacity {cap}"
    return None


def once_a_round(model: DHModel, s: DHState) -> str | None:
    """ "każdy specjalista i oddział może być użyty tylko raz w rundzie" (and each nurse,
    "wszyskie meeple wracają na startowe pozycje" only at the staff change)."""
    cfg = model.config

    def gen() -> Iterator[str]:
        for p, h in enumerate(s.hospitals):
            for k, used in enumerate(h.used_wards):
                if not 0 <= used <= cfg.board_wards[k] + h.wards[k]:
                    yield f"P{p} used ward kind {k} {used} times, owns {cfg.board_wards[k] + h.wards[k]}"
            for k, used in enumerate(h.used_specialists):
                if not 0 <= used <= h.specialists[k]:
                    yield f"P{p} placed specialist kind {k} {used} times, owns {h.specialists[k]}"
            nurses = cfg.nurses + (1 if h.admin == MATRON else 0)
            if not 0 <= h.nurses_used <= nurses:
                yield f"P{p} placed {h.nurses_used} nurses of {nurses}"

    return _problems(gen())


def components_conserved(model: DHModel, s: DHState) -> str | None:
    """Wards and specialists are in the deck, revealed, in a hospital or out of the game
    ("usuwani z gry"); administrators in the deck, drawn, kept or in the box."""
    cfg = model.config

    def gen() -> Iterator[str]:
        rows = (
            ("ward", cfg.wards_in_deck, s.ward_deck, s.ward_market, s.ward_gone, "wards"),
            (
                "specialist",
                cfg.specialists_in_deck,
                s.specialist_deck,
                s.specialist_market,
                s.specialist_gone,
                "specialists",
            ),
        )
        for name, total, deck, market, gone, field in rows:
            for k, n in enumerate(total):
                owned = [getattr(h, field)[k] for h in s.hospitals]
                parts = [deck[k], market[k], gone[k], *owned]
                if min(parts) < 0 or sum(parts) != n:
                    yield f"{name} kind {k}: deck/market/gone/owned {parts}, not {n}"
        for k, n in enumerate(cfg.admin_deck):
            kept = sum(1 for h in s.hospitals if h.admin == k)
            parts = [s.admin_deck[k], s.admin_hand[k], s.admin_box[k], kept]
            if min(parts) < 0 or sum(parts) != n:
                yield f"administrator kind {k}: deck/hand/box/kept {parts}, not {n}"

    return _problems(gen())


def mortality_matches_mortuary(model: DHModel, s: DHState) -> str | None:
    """ "gracz dobiera żeton śmiertelności za każdego przeniesionego pacjenta": while dice
    stay in the mortuary, each player's tokens equal its mortuary dice."""
    for p, h in enumerate(s.hospitals):
        if h.mortality != sum(h.mortuary) or h.mortality < 0:
            return f"P{p}: {h.mortality} mortality tokens, {sum(h.mortuary)} dice in the mortuary"
    return None


def evictions_counted(model: DHModel, s: DHState) -> str | None:
    """Przyjmowanie pacjentów: the patients this round's admission moved to the mortuary
    ("a gracz dobiera żeton śmiertelności za każdego umiesczonego tam pacjenta") each
    took a token, and tokens are never handed back: 0 <= evicted <= mortality tokens."""
    for p, h in enumerate(s.hospitals):
        if not 0 <= h.evicted <= h.mortality:
            return f"P{p}: {h.evicted} evicted this round, {h.mortality} mortality tokens"
    return None


def mortuary_dice_stay(model: DHModel) -> bool:
    k = ctx(model)
    return not k.mortuary_returns and not k.recycle_when_short


def lounge_only_in_activation(model: DHModel, s: DHState) -> str | None:
    """ "zostaną za niego podliczone punkty na koniec rundy" and "wypisani pacjenci są
    zwracani do zasobów": a lounge holds dice only until its hospital's round ends."""
    for p, h in enumerate(s.hospitals):
        if not sum(h.lounge):
            continue
        active = s.phase in (ACTIVATE, EFFECT, ACT_DISCARD) and s.cursor == p
        if not active:
            return f"P{p} lounge {h.lounge} outside its activation (phase {s.phase})"
        cap = ctx(model).capacity
        if cap is not None and sum(h.lounge) + len(h.patients) > cap:
            return f"P{p}: {sum(h.lounge)} discharged + {len(h.patients)} patients > {cap} beds"
    return None


def round_in_range(model: DHModel, s: DHState) -> str | None:
    """ "Celem gry jest zdobycie jak największej liczby punktów na koniec 8. rundy"."""
    if not 1 <= s.round <= model.config.rounds:
        return f"round {s.round} outside 1..{model.config.rounds}"
    return None


def over_means_over(model: DHModel, s: DHState) -> str | None:
    """Koniec gry: the game ends after the last round; then nothing is legal, every seat
    has its points as its score and the winners follow the tie-breakers."""
    out = model.outcome(s)
    if (out is None) != (s.phase != OVER):
        return f"phase {s.phase} but outcome {out}"
    if out is None:
        return None
    if s.round != model.config.rounds:
        return f"the game ended in round {s.round}"
    if model.legal_actions(s):
        return "actions legal after the end"
    if out.won is not None or tuple(h.points for h in s.hospitals) != out.scores:
        return f"outcome {out} does not report the points"
    keys = [(h.points, -len(h.patients), sum(p[1] for p in h.patients)) for h in s.hospitals]
    best = max(keys)
    top = {p for p, k in enumerate(keys) if k == best}
    if not set(out.winners) <= top or not out.winners:
        return f"winners {out.winners} but the tie-breakers give {sorted(top)}"
    if len(out.winners) > 1 and ctx(model).tie_shared is False:
        return f"a shared win {out.winners} although DH-TIE-REMAINS breaks the tie"
    return None


# Steps --------------------------------------------------------------------------------------


def first_player_bar(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
    """ "Pierwszy gracz, nie może wybrać ambulansu numer 1"."""
    if isinstance(a, rules_actions.TakeAmbulance) and a.number == 0 and s.phase == PICK:
        solo_free = ctx(model).P == 1 and ctx(model).solo == R.SOLO.FREE_PICK
        if s.order[s.cursor] == s.first and not solo_free:
            return f"the first player P{s.first} took ambulance 1"
    return None


def blood_accounting(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
    """Blood bags: +1 for the lowest ambulance ("bieże także worek z krwią"), +1 for a
    discarded ward or specialist, -1 for each free action ("Zużyte worki z krwią powinny
    zostać odrzucone"), +2 for the donor stand-in; nothing else moves them."""
    deltas = [b.blood - a_.blood for a_, b in zip(s.hospitals, t.hospitals)]
    if any(h.blood < 0 for h in t.hospitals):
        return f"negative blood bags {[h.blood for h in t.hospitals]}"
    actor = model.current_player(s)
    want = [0] * len(deltas)
    if isinstance(a, (rules_actions.BloodHeal, rules_actions.BloodRecolour)):
        want[actor] = -1
    elif isinstance(
        a,
        (
            rules_actions.TradeWard,
            rules_actions.TradeSpecialist,
            rules_actions.DiscardWard,
            rules_actions.DiscardSpecialist,
        ),
    ):
        want[actor] = 1
    for p, (before, after) in enumerate(zip(s.hospitals, t.hospitals)):
        if before.admin != after.admin and after.admin == DONOR:
            want[p] += 2  # kept the donor (a choice, or the only kind drawn)
    if s.ambulances and not t.ambulances:  # the step that ends the ambulance picks
        for p in lowest_takers(model, s, a):
            want[p] += 1
    if deltas != want:
        return f"{type(a).__name__}: blood bags moved {deltas}, the rules give {want}"
    return None


def lowest_takers(model: DHModel, s: DHState, a: Any) -> list[int]:
    """Who took the lowest-value ambulance (DH-AMBULANCE-VALUE), from the picks made."""
    taken = list(s.taken)
    if isinstance(a, rules_actions.TakeAmbulance):
        taken[s.order[s.cursor]] = a.number
    if ctx(model).amb_value == R.AMBULANCE_VALUE.NUMBER_ONE:
        return [p for p, j in enumerate(taken) if j == 0]
    if ctx(model).amb_value == R.AMBULANCE_VALUE.PIP_SUM:
        value = {p: sum(v for _, v in s.ambulances[j]) for p, j in enumerate(taken)}
    else:
        value = dict(enumerate(taken))
    low = min(value.values())
    return [p for p, v in value.items() if v == low]


def points_accounting(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
    """Points move only when a hospital's round ends (the table over its discharges, +5
    for an empty hospital under DH-EMPTY-HOSPITAL) and at the end of the game (+1 a blood
    bag, -2 a mortality token, or once: DH-FINAL-TOKENS)."""
    k = ctx(model)
    want = [0] * len(s.hospitals)
    if isinstance(a, rules_actions.EndActivation):
        p = s.cursor
        before, after = s.hospitals[p], t.hospitals[p]
        n = sum(before.lounge)
        deaths = _neglect_deaths(model, s, t, p)
        empty = not after.patients
        bonus = {
            R.EMPTY_HOSPITAL.DISCHARGED_AND_EMPTY: empty and n > 0,
            R.EMPTY_HOSPITAL.ANY_EMPTY: empty,
            R.EMPTY_HOSPITAL.ALL_DISCHARGED: empty and n > 0 and deaths + before.evicted == 0,
        }[k.empty_bonus]
        want[p] = round_points(n, k.over_12) + (EMPTY if bonus else 0)
    if t.phase == OVER and s.phase != OVER:
        for p, h in enumerate(t.hospitals):
            bags = h.blood if k.final_tokens == R.FINAL_TOKENS.PER_TOKEN else min(h.blood, 1)
            deaths = min(h.mortality, 1) if k.final_tokens == R.FINAL_TOKENS.ONCE else h.mortality
            want[p] += PER_BLOOD_BAG * bags - PER_MORTALITY * deaths
    got = [b.points - a_.points for a_, b in zip(s.hospitals, t.hospitals)]
    if got != want:
        return f"{type(a).__name__}: points moved {got}, the rules give {want}"
    return None


def _neglect_deaths(model: DHModel, s: DHState, t: DHState, p: int) -> int:
    """Mortality tokens taken by ``p`` in its end of round (the step closes it)."""
    return t.hospitals[p].mortality - s.hospitals[p].mortality


def neglect(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
    """Zaniedbani pacjenci: every untreated patient loses 1 (2 with the superbug), one at
    health 1 goes to the mortuary instead (DH-SUPERBUG-2 at health 2), treated patients
    keep their health; the guardian stand-in spares the sickest untreated patient."""
    if not isinstance(a, rules_actions.EndActivation):
        return None
    k = ctx(model)
    p = s.cursor
    h = s.hospitals[p]
    loss = 2 if model.config.variant_superbug else 1
    untreated = sorted((x for x in h.patients if not x[2]), key=lambda x: (x[1], x))
    spared = untreated[0] if h.admin == GUARDIAN and untreated else None
    want: Counter = Counter()
    deaths = 0
    for x in h.patients:
        c, health, treated, _ = x
        if treated or x == spared:
            spared = None if x == spared else spared
            want[(c, health)] += 1
        elif health - loss >= 1:
            want[(c, health - loss)] += 1
        elif health > 1 and k.superbug_2 == R.SUPERBUG_2.FLOOR_1:
            want[(c, 1)] += 1
        else:
            deaths += 1
    got = Counter((x[0], x[1]) for x in t.hospitals[p].patients)
    if got != want or _neglect_deaths(model, s, t, p) != deaths:
        return f"P{p} after neglect {sorted(got.elements())} ({_neglect_deaths(model, s, t, p)} deaths), want {sorted(want.elements())} ({deaths})"
    if any(x[2] or x[3] >= 0 for x in t.hospitals[p].patients):
        return f"P{p}: marks or tints survive the end of the round"
    return None


def health_moves_by_the_rules(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
    """Aktywacja szpitala: a ward moves its patients up by at most its steps (a patient
    at 6 leaves for the lounge instead); nothing else heals; health never drops during
    activation."""
    if not isinstance(a, rules_actions.Activate):
        return None
    p = s.cursor
    before, after = s.hospitals[p], t.hospitals[p]
    gone = len(before.patients) - len(after.patients)
    discharged = sum(after.lounge) - sum(before.lounge)
    if gone != discharged:
        return f"{gone} patients left P{p} but {discharged} reached the lounge"
    gained = sum(x[1] for x in after.patients) - sum(x[1] for x in before.patients)
    limit = WARDS[a.ward].steps * len(a.patients) + 1  # + a specialist's step
    if gained > limit:
        return f"{type(a).__name__} raised total health by {gained} (at most {limit})"
    return None


# Goals ----------------------------------------------------------------------------------------


def a_discharge(model: DHModel, s: DHState) -> bool:
    """A patient reached the discharge lounge."""
    return any(sum(h.lounge) for h in s.hospitals)


def empty_with_discharges(model: DHModel, s: DHState) -> bool:
    """A hospital about to end its round empty after discharging: the +5 bonus."""
    if s.phase not in (ACTIVATE, ACT_DISCARD):
        return False
    h = s.hospitals[s.cursor]
    return not h.patients and sum(h.lounge) > 0


def a_mortality_token(model: DHModel, s: DHState) -> bool:
    return any(h.mortality for h in s.hospitals)


def seven_discharged(model: DHModel, s: DHState) -> bool:
    """The aid's example happens: seven patients discharged in one round."""
    return any(sum(h.lounge) >= 7 for h in s.hospitals)


def room_for_seven(model: DHModel) -> bool:
    cap = ctx(model).capacity
    return (cap is None or cap >= 7) and model.config.rounds >= 3


def tied_colours(model: DHModel, s: DHState) -> bool:
    """The last player arranges tied dice of different colours."""
    return s.phase == PLACE


def several_colours(model: DHModel) -> bool:
    return ctx(model).C > 1


def tie_on_points(model: DHModel, s: DHState) -> bool:
    """A finished game in which the tie-breakers decide (equal points on top)."""
    if s.phase != OVER:
        return False
    points = sorted((h.points for h in s.hospitals), reverse=True)
    return len(points) > 1 and points[0] == points[1]


# Search hint ------------------------------------------------------------------------------------


def sensible(model: DHModel, s: DHState, actions: tuple[Any, ...]) -> tuple[Any, ...]:
    """Legal actions, the greedy player's favourites first."""
    return tuple(sorted(actions, key=lambda a: -greedy_score(model, s, a)))


def as_listed(model: DHModel, s: DHState, actions: tuple[Any, ...]) -> tuple[Any, ...]:
    """The model's own order (class name, then fields)."""
    return actions


#: Playing styles for the stateful search (a hint, not a rule): one drawn per game.
search_order = (sensible, as_listed)


def facts_hold(model: DHModel, _state: Any = None) -> str | None:
    """Every fact of ``models/dice_hospital/book/facts.py`` on this model: the broken ones with
    the aid's words, the printed value and the model's."""
    from ..book.facts import FACTS

    broken = []
    for f in FACTS:
        try:
            got = f.get(model)
        except Exception as e:  # a rule that crashes on the fact's position breaks it
            got = f"{type(e).__name__}: {e}"
        if got != f.value:
            broken.append(f'{f.section}: "{f.quote}" ({f.asked}: aid {f.value!r}, model {got!r})')
    if not broken:
        return None
    return "; ".join(broken[:4]) + (f" (+{len(broken) - 4} more)" if len(broken) > 4 else "")


def readings_at_their_positions(model: DHModel, _state: Any = None) -> str | None:
    """Each option of the readings ``check``'s games never reach (a short bag,
    DH-SUPPLY-SHORT; a 13th discharge, DH-OVER-12), asked on a built position where it
    acts: its promise on every outcome (``promise_positions``)."""
    from ..book.promise_positions import broken_promises

    broken = broken_promises(model)
    return (
        "; ".join(broken[:4]) + (f" (+{len(broken) - 4} more)" if len(broken) > 4 else "") or None
    )


def full_preset(model: DHModel) -> bool:
    """The facts are the real game's: they apply to the ``full`` preset as configured."""
    from ..rules.config import FULL

    return bool(model.config == FULL)


def nurses_treat(model: DHModel, s: DHState) -> str | None:
    """Rozgrywka: each player "umieszcza pielęgniarki (białe meeple) ... w oddziałach,
    żeby leczyć pacjentów (kostki)": while a nurse is unplaced this round ("każdy ... może
    być użyty tylko raz w rundzie") and a one-patient ward for any colour is unused, the
    activating player with a patient can send that nurse there (``Activate`` meeple -1)."""
    if s.phase != ACTIVATE:
        return None
    cfg, h = model.config, s.hospitals[s.cursor]
    nurses = cfg.nurses + (1 if h.admin == MATRON else 0)
    free_ward = any(
        w.size == 1 and w.colour < 0 and cfg.board_wards[k] + h.wards[k] > h.used_wards[k]
        for k, w in enumerate(WARDS)
    )
    if h.nurses_used >= nurses or not free_ward or not h.patients:
        return None
    if any(
        isinstance(a, rules_actions.Activate) and a.meeple == -1 for a in model.legal_actions(s)
    ):
        return None
    return f"P{s.cursor} has {nurses - h.nurses_used} nurses, a free ward and patients, and no nurse move"


def _shown(p: tuple[int, int, int, int]) -> int:
    """The colour a patient shows: its blood-bag colour while it lasts, else its own."""
    return p[3] if p[3] >= 0 else p[0]


def specialist_choice(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
    """Aktywacja szpitala: "rozpatrywane są najpierw efekty oddziału, potem efekty meepla
    (jeśli jest specjalistą)" -- the specialist heals one patient, and which one is its
    player's decision: with two or more different patients it could heal (those the ward
    just treated and did not discharge, or, for the ward-round stand-in, those not yet
    treated; of its colour), the step must stop at that choice (phase EFFECT)."""
    if not isinstance(a, rules_actions.Activate) or a.meeple < 0 or s.phase != ACTIVATE:
        return None
    spec = SPECIALISTS[a.meeple]
    h = s.hospitals[s.cursor]
    steps = WARDS[a.ward].steps
    if spec.target == JUST_TREATED:
        pool = {(p[0], p[1], _shown(p)) for p in a.patients if p[1] + steps <= 6 and p[1] < 6}
    else:
        rest = list(h.patients)
        for p in a.patients:
            rest.remove(p)
        pool = {(p[0], p[1], _shown(p)) for p in rest if not p[2]}
    pool = {p for p in pool if spec.colour == ANY or p[2] == spec.colour}
    if len(pool) >= 2 and t.phase != EFFECT:
        return (
            f"P{s.cursor}'s {spec.name} had {len(pool)} patients to choose from; no choice was left"
        )
    return None


def ambulances_filled(model: DHModel, s: DHState) -> str | None:
    """Przyjmowanie pacjentów: "Kostki (reprezentujące pacjentów) są przerzucane ..., a
    następnie umieszczane są w ambulansach ... od pierwszej do n-tego ambulansu": before
    anyone picks, the ambulances hold their dice (``ambulance_dice`` each, a parameter)
    unless the bag is empty (a short supply, DH-SUPPLY-SHORT)."""
    if s.phase != PICK or any(t >= 0 for t in s.taken):
        return None
    want = ctx(model).ambulances * model.config.ambulance_dice
    have = sum(len(a) for a in s.ambulances)
    if have == want or (have < want and sum(s.supply) == 0):
        return None
    return f"the ambulances hold {have} dice, {want} wanted, {sum(s.supply)} left in the bag"


#: The Dice Hospital invariants and goals, in the order ``check`` prints them (the Z3
#: queries follow them, then :data:`LATER_CLAIMS`, then the kernel's agreement).
CLAIMS: tuple[Property, ...] = (
    Invariant(
        "dh.dice-conserved",
        GAME,
        "Przyjmowanie pacjentów; Zmiana personelu: dice go round supply -> ambulance -> hospital -> lounge / mortuary",
        "per colour: supply + ambulances + hospitals + lounges + mortuaries = the dice of that colour",
        dice_conserved,
    ),
    Invariant(
        "dh.health-in-range",
        GAME,
        "Przed grą: 1 – najbardziej chory, 6 – najbardziej zdrowy",
        "every patient's health is 1..6",
        health_in_range,
    ),
    Invariant(
        "dh.ambulances-ascending",
        GAME,
        "Przyjmowanie pacjentów: od najmniejszej do największej wartości",
        "dice fill the ambulances in ascending value",
        ambulance_values_ascending,
    ),
    Invariant(
        "dh.capacity",
        GAME,
        "Przyjmowanie pacjentów: brak miejsca -> kostnica (DH-CAPACITY)",
        "no hospital holds more patients than its beds",
        capacity,
    ),
    Invariant(
        "dh.once-a-round",
        GAME,
        "Aktywacja szpitala: każdy specjalista i oddział tylko raz w rundzie",
        "wards, specialists and nurses used at most once a round",
        once_a_round,
    ),
    Invariant(
        "dh.components-conserved",
        GAME,
        "Rozubudowa szpitala; Zmiana personelu: usuwani z gry; Przed grą: do pudełka",
        "ward tiles, specialists and administrators conserved",
        components_conserved,
    ),
    Invariant(
        "dh.mortality-tokens",
        GAME,
        "Zaniedbani pacjenci / Przyjmowanie pacjentów: żeton śmiertelności za każdego",
        "mortality tokens = dice in the mortuary (while they stay there)",
        mortality_matches_mortuary,
        applies=mortuary_dice_stay,
    ),
    Invariant(
        "dh.evictions-counted",
        GAME,
        "Przyjmowanie pacjentów: żeton śmiertelności za każdego umiesczonego tam pacjenta",
        "the round's evicted patients are at most the mortality tokens taken",
        evictions_counted,
    ),
    Invariant(
        "dh.lounge-cleared",
        GAME,
        "Aktywacja szpitala / Zmiana personelu: poczekalnia do wypisu",
        "discharged dice wait only until their hospital's round ends",
        lounge_only_in_activation,
    ),
    Invariant(
        "dh.round-in-range",
        GAME,
        "Wstęp: 8 rund",
        "round 1..8",
        round_in_range,
    ),
    Invariant(
        "dh.game-end",
        GAME,
        "Koniec gry: punkty, remisy",
        "the game ends after the last round with every seat's points; winners by the tie-breakers",
        over_means_over,
    ),
    Invariant(
        "dh.first-player-bar",
        GAME,
        "Przyjmowanie pacjentów: Pierwszy gracz nie może wybrać ambulansu numer 1",
        "the first player never takes ambulance 1",
        transition=first_player_bar,
    ),
    Invariant(
        "dh.blood-bags",
        GAME,
        "Przyjmowanie pacjentów; Rozubudowa; Aktywacja: worek z krwią",
        "blood bags move only by the rules: +1 lowest ambulance, +1 a discard, -1 a free action",
        transition=blood_accounting,
    ),
    Invariant(
        "dh.points",
        GAME,
        "Wypisani pacjenci (tabela, 7 = 14, +5 pusty szpital); Koniec gry (+1, -2)",
        "points move only by the discharge table, the empty-hospital bonus and the end-of-game adjustments",
        transition=points_accounting,
    ),
    Invariant(
        "dh.neglect",
        GAME,
        "Zaniedbani pacjenci: -1 (superrobak -2), zdrowie 1 -> kostnica",
        "the end of a round lowers exactly the untreated patients",
        transition=neglect,
    ),
    Invariant(
        "dh.healing",
        GAME,
        "Aktywacja szpitala: zdrowie 6 -> poczekalnia do wypisu; kilka kroków",
        "a ward heals by its steps at most; patients who leave reach the lounge",
        transition=health_moves_by_the_rules,
    ),
    Goal(
        "dh.goal-discharge",
        GAME,
        "Aktywacja szpitala: poczekalnia do wypisu",
        "a patient is discharged",
        a_discharge,
    ),
    Goal(
        "dh.goal-empty-hospital",
        GAME,
        "Wypisani pacjenci: +5 jeśli szpital pozostał pusty",
        "a hospital ends its round empty after discharges",
        empty_with_discharges,
        hard_to_reach=True,  # the real game refills every hospital each round
        heuristic=search.emptied,
    ),
    Goal(
        "dh.goal-mortality",
        GAME,
        "Przyjmowanie pacjentów / Zaniedbani pacjenci: kostnica",
        "a patient goes to the mortuary",
        a_mortality_token,
    ),
    Goal(
        "dh.goal-seven-discharged",
        GAME,
        "Wypisani pacjenci: 7 pacjentów = 14 punktów",
        "seven patients discharged in one round (the aid's example)",
        seven_discharged,
        hard_to_reach=True,
        heuristic=search.discharged,
        applies=room_for_seven,
    ),
    Goal(
        "dh.goal-tied-colours",
        GAME,
        "Przyjmowanie pacjentów: remisy, ostatni gracz decyduje",
        "the last player arranges tied dice of different colours",
        tied_colours,
        applies=several_colours,
    ),
    Goal(
        "dh.goal-tie-on-points",
        GAME,
        "Koniec gry: remisy roztrzyga mniej pozostałych pacjentów",
        "a game where the tie-breakers decide",
        tie_on_points,
        hard_to_reach=True,  # eight rounds of scoring rarely end level
        heuristic=search.level_points,
    ),
)

#: The facts and the invariants ``check`` prints after the Z3 queries.
LATER_CLAIMS: tuple[Property, ...] = (
    Fact(
        "dh.facts",
        GAME,
        "Every number the aid prints that the rules use, and its worked example (Przed grą to Warianty)",
        "rounds, starting values, the roll, neglect, the discharge table and its example, +5, +1, -2, the tie-breakers and the variants' numbers agree with the aid",
        check=facts_hold,
        applies=full_preset,
    ),
    Fact(
        "dh.readings-at-positions",
        GAME,
        "Zmiana personelu: losowani są nowi pacjenci (DH-SUPPLY-SHORT); Wypisani pacjenci: po 12. (DH-OVER-12)",
        "each option of DH-SUPPLY-SHORT and DH-OVER-12 keeps its promise on a position where it acts (a short bag; 16 discharged)",
        check=readings_at_their_positions,
        applies=full_preset,
    ),
    Invariant(
        "dh.nurses-treat",
        GAME,
        "Rozgrywka: umieszcza pielęgniarki (białe meeple) ... w oddziałach, żeby leczyć pacjentów",
        "in activation, a player with a nurse not yet placed, a patient and an unused one-patient ward of any colour can send that nurse to treat",
        nurses_treat,
    ),
    Invariant(
        "dh.specialist-choice",
        GAME,
        "Aktywacja szpitala: najpierw efekty oddziału, potem efekty meepla (jeśli jest specjalistą)",
        "after the ward's effect, a specialist with two or more patients it could heal leaves the choice to its player",
        transition=specialist_choice,
    ),
    Invariant(
        "dh.ambulances-filled",
        GAME,
        "Przyjmowanie pacjentów: kostki ... umieszczane są w ambulansach ... od pierwszej do n-tego ambulansu",
        "before the first pick the ambulances hold ambulance_dice dice each, unless the bag ran out",
        ambulances_filled,
    ),
)

KERNEL_AGREES = kernel_agreement(
    GAME,
    "dh",
    "The whole player aid: every rule the model reads is read again by the compiled kernel",
)


def properties() -> PropertyRegistry:
    """Every Dice Hospital property, in the order ``check`` prints them."""
    from .smt import smt_properties

    return PropertyRegistry(GAME, [*CLAIMS, *smt_properties(), *LATER_CLAIMS, KERNEL_AGREES])
