"""Promises of the readings of admission (Przyjmowanie pacjentów) and setup: each
function checks one step ``(model, state, action, successor)`` against an option's
words and returns what is broken, or ``None``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from itertools import combinations
from typing import Any

from ..rules import readings as R
from ..rules.actions import Draw, SetPatients, TakeAmbulance
from ..rules.model import DHModel
from ..rules.state import (
    DICE_DRAW,
    EPIDEMIC,
    EVICT,
    EXTRA,
    MARKET,
    PICK,
    PLACE,
    SETUP_DICE,
    DHState,
)
from .promise_steps import (
    admission,
    evictions,
    health_counts,
    picks_end,
    taken_ambulances,
)

#: (model, s, action, t) -> what went wrong, or None
Check = Callable[[DHModel, DHState, Any, DHState], "str | None"]


# DH-SOLO -------------------------------------------------------------------------------
def rivals(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
    """no-solo: every game has at least two hospitals."""
    return None if len(s.hospitals) >= 2 else "a game with one hospital"


def solo(barred: bool) -> Check:
    """A solo reading: the lone player's pick of ambulance 1 is (not) barred, and the
    ambulance taken gives a blood bag every round."""

    def check(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
        if s.phase == PICK and s.ambulances and 0 not in s.taken:
            offered = TakeAmbulance(0) in model.legal_actions(s)
            if offered == barred:
                return f"ambulance 1 {'offered' if offered else 'barred'} to the solo player"
        if picks_end(s, t) and t.hospitals[0].blood != s.hospitals[0].blood + 1:
            return "the solo player's ambulance gave no blood bag"
        return None

    return check


# DH-AMBULANCE-COUNT, DH-AMBULANCE-FILL ---------------------------------------------------
def filled(s: DHState, t: DHState) -> bool:
    """The step in which the dice went into the ambulances."""
    return t.phase == PICK and s.phase != PICK and not s.ambulances


def ambulance_count(per_player: bool) -> Check:
    """players-plus-one: P + 1 ambulances; players: one per player."""

    def check(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
        if not filled(s, t):
            return None
        p = model.config.players
        want = p if per_player else p + 1
        if len(t.ambulances) != want:
            return f"{len(t.ambulances)} ambulances for {p} players (want {want})"
        return None

    return check


def ambulance_fill(dealt: bool) -> Check:
    """lowest-first: ambulance j holds the (j*d+1)-th to ((j+1)*d)-th lowest dice;
    dealt: the (j+1)-th, (j+1+n)-th, ... lowest."""

    def check(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
        if not filled(s, t):
            return None
        n, d = len(t.ambulances), model.config.ambulance_dice
        values = sorted(v for amb in t.ambulances for _, v in amb)
        for j, amb in enumerate(t.ambulances):
            want = values[j::n] if dealt else values[j * d : (j + 1) * d]
            got = sorted(v for _, v in amb)
            if got != want:
                return f"ambulance {j + 1} holds {got}, want {want}"
        return None

    return check


# DH-AMBULANCE-VALUE ------------------------------------------------------------------------
def ambulance_value(reading: str) -> Check:
    """Who gets the blood bag and the first-player token when the last ambulance is
    chosen, and (number, pip-sum) the draft order by value."""

    def check(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
        if not picks_end(s, t):
            return None
        seats = range(len(s.hospitals))
        taken = taken_ambulances(s, a)
        if reading == R.AMBULANCE_VALUE.NUMBER_ONE:
            takers = [p for p in seats if taken[p] == 0]
            first = takers[0] if takers else s.first
            order = None
        else:
            if reading == R.AMBULANCE_VALUE.NUMBER:
                key = {p: (taken[p], taken[p]) for p in seats}
            else:
                key = {p: (sum(v for _, v in s.ambulances[taken[p]]), taken[p]) for p in seats}
            low = min(k[0] for k in key.values())
            takers = [p for p in seats if key[p][0] == low]
            first = min(takers, key=lambda p: key[p])
            order = tuple(sorted(seats, key=lambda p: key[p]))
        bags = [t.hospitals[p].blood - s.hospitals[p].blood for p in seats]
        if bags != [1 if p in takers else 0 for p in seats]:
            return f"blood bags {bags} for ambulances {taken}"
        if t.next_first != first:
            return f"first player {t.next_first} next round, want {first} (ambulances {taken})"
        if order is not None and t.order != order:
            return f"draft order {t.order}, want {order} (ambulances {taken})"
        return None

    return check


# DH-EXTRA-REVEAL ---------------------------------------------------------------------------
def extra_reveal(at_admission: bool, at_expansion: bool) -> Check:
    """The first player's extra reveal is offered at the start of admission and/or of the
    expansion, and nowhere else."""

    def check(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
        if s.phase == MARKET and (t.phase == EXTRA) != at_admission:
            return f"extra reveal at admission: {t.phase == EXTRA}"
        if picks_end(s, t) and sum(t.ward_deck) + sum(t.specialist_deck):
            if (t.phase == EXTRA) != at_expansion:
                return f"extra reveal at expansion: {t.phase == EXTRA}"
        if t.phase == EXTRA and s.phase != MARKET and not picks_end(s, t):
            return "an extra reveal outside admission and expansion"
        return None

    return check


# DH-CAPACITY, DH-EVICT-WHO -------------------------------------------------------------
def board_limit(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
    """board-limit: no hospital holds more than ``capacity`` patients."""
    cap = model.config.capacity
    full = [p for p, h in enumerate(t.hospitals) if len(h.patients) > cap]
    return f"seat {full[0]} holds more than {cap} patients" if full else None


def unlimited(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
    """unlimited: admission never sends anyone to the mortuary."""
    adm = admission(s, a, t)
    if t.phase == EVICT or (adm and adm["deaths"]):
        return "a patient sent to the mortuary to make room"
    return None


def room_needed(model: DHModel, adm: dict[str, Any]) -> int:
    """Patients too many for the board once the arrivals are in (0 without a limit)."""
    if not model.readings.declares(R.CAPACITY.BOARD_LIMIT):
        return 0
    arrivals = sum(adm["arrivals"][0].values())
    return max(0, len(adm["before"]) + arrivals - model.config.capacity)


def evict_who(reading: str) -> Check:
    """player-chooses / sickest-first: just enough patients to make room (the player's
    decision when there is a choice / the lowest health first); all-current: everyone
    already there when room is short."""

    def check(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
        adm = admission(s, a, t)
        if adm is None:
            return None
        need = room_needed(model, adm)
        want = len(adm["before"]) if reading == R.EVICT_WHO.ALL_CURRENT and need else need
        if adm["deaths"] != want:
            return f"{adm['deaths']} patients to the mortuary, want {want}"
        if not want:
            return None
        gone = evictions(adm)
        if not gone:
            return "the patients sent to the mortuary were not in the hospital"
        if reading == R.EVICT_WHO.SICKEST_FIRST:
            old = health_counts(adm["before"])
            if not any(
                max(h for _, h in g) <= min((h for _, h in old - g), default=6) for g in gone
            ):
                return "a healthier patient went to the mortuary before a sicker one"
        if reading == R.EVICT_WHO.PLAYER_CHOOSES and s.phase != EVICT:
            healths = sorted(health_counts(adm["before"]).elements())
            if len(set(combinations(healths, want))) > 1:
                return "the patients to make room were picked without the player"
        return None

    return check


# DH-ARRIVAL-NEGLECT ------------------------------------------------------------------
def arrival_mark(exempt: bool) -> Check:
    """neglected: arrivals come in unmarked; arrivals-exempt: every arrival comes in
    marked treated this round (the mark neglect spares)."""

    def check(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
        adm = admission(s, a, t)
        if adm is None:
            return None
        marked = sum(1 for p in adm["after"] if p[2])
        want = sum(adm["arrivals"][0].values()) if exempt else 0
        if marked != want:
            return f"{marked} patients marked treated after admission, want {want}"
        return None

    return check


# DH-EPIDEMIC-ROLL ---------------------------------------------------------------------
def epidemic_faces(faces: tuple[int, ...]) -> Check:
    """The epidemic die's value over the whole chance step: of each colour drawn, every
    value of ``faces`` and only those, each as likely as the others ("rzuć dodatkową
    kostką": a fair roll of the faces the reading names). A die sent to the mortuary
    at once hides its value; the mass of such outcomes must be that of the values seen
    nowhere else."""

    def check(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
        if s.phase != EPIDEMIC or not isinstance(a, Draw):
            return None
        seen, hidden = epidemic_law(model, s, a)
        for c in {c for c, _ in seen} | set(hidden):
            values = {v: p for (d, v), p in seen.items() if d == c}
            mass = sum(values.values(), hidden.get(c, Fraction(0)))
            if not set(values) <= set(faces):
                return f"the epidemic die showed {sorted(values)}, want {list(faces)}"
            each = mass / len(faces)
            if any(p != each for p in values.values()):
                return f"epidemic die values {sorted(values)} not each 1 in {len(faces)}"
            if hidden.get(c, Fraction(0)) != each * (len(faces) - len(values)):
                return f"epidemic die values {sorted(values)} of {list(faces)}: the rest hidden"
        return None

    return check


def epidemic_law(
    model: DHModel, s: DHState, a: Any
) -> tuple[dict[tuple[int, int], Fraction], dict[int, Fraction]]:
    """The chance of each ``(colour, value)`` the epidemic die is seen with (it joins the
    hospital or the ambulance's patients), and per colour the chance of outcomes where it
    is not seen (sent to the mortuary at once)."""
    seat = s.order[s.cursor]
    before = health_counts(s.hospitals[seat].patients) + health_counts(s.incoming)
    seen: dict[tuple[int, int], Fraction] = {}
    hidden: dict[int, Fraction] = {}
    for u, p in model.step(s, a):
        after = health_counts(u.hospitals[seat].patients) + health_counts(u.incoming)
        new = list((after - before).elements())
        drawn = [c for c, (x, y) in enumerate(zip(s.supply, u.supply, strict=True)) if x > y]
        if len(new) == 1:
            seen[new[0]] = seen.get(new[0], Fraction(0)) + p
        elif not new and len(drawn) == 1:
            hidden[drawn[0]] = hidden.get(drawn[0], Fraction(0)) + p
        else:
            hidden[-1] = hidden.get(-1, Fraction(0)) + p
    return seen, hidden


# DH-CRISIS-COLOURS -------------------------------------------------------------------
def crisis_choose(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
    """choose: no starting die is drawn at random, and a player may take any colour the
    supply holds enough of."""
    if s.phase == SETUP_DICE:
        return "crisis patients drawn at random"
    if isinstance(a, SetPatients):
        n = len(a.dice)
        legal = model.legal_actions(s)
        for c, have in enumerate(s.supply):
            hand = SetPatients(tuple(sorted((c, v) for _, v in a.dice)))
            if have >= n and hand not in legal:
                return f"a crisis hand all of colour {c} is not offered"
    return None


def crisis_random(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
    """random: each player's crisis patients have the colours of the dice drawn for them."""
    if isinstance(a, SetPatients):
        colours = Counter(c for c, _ in a.dice)
        drawn = Counter({c: n for c, n in enumerate(s.drawn) if n})
        if colours != drawn:
            return f"crisis patients coloured {dict(colours)}, drawn {dict(drawn)}"
    return None


# DH-SUPPLY-SHORT ---------------------------------------------------------------------
def supply_short(recycle: bool) -> Check:
    """fill-in-order: the draw takes what the bag holds and no mortuary die moves;
    recycle-mortuary: a short bag first takes every mortuary die back (tokens stay)."""

    def check(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
        if s.phase != DICE_DRAW:
            return None
        c = model.config
        count = c.players if _per_player(model) else c.players + 1
        need = count * c.ambulance_dice
        bag = sum(s.supply)
        dead = sum(sum(h.mortuary) for h in s.hospitals)
        short = bag < need
        if recycle and short:
            if any(sum(h.mortuary) for h in t.hospitals):
                return "mortuary dice left out of a short draw"
            bag += dead
        elif [h.mortuary for h in t.hospitals] != [h.mortuary for h in s.hospitals]:
            return "mortuary dice moved at the draw"
        if [h.mortality for h in t.hospitals] != [h.mortality for h in s.hospitals]:
            return "mortality tokens moved at the draw"
        drawn = bag - sum(t.supply)
        if drawn != min(need, bag):
            return f"{drawn} dice drawn from {bag}, want {min(need, bag)}"
        return None

    return check


def _per_player(model: DHModel) -> bool:
    return model.readings.declares(R.AMBULANCE_COUNT.PLAYERS) and model.config.players > 1


# DH-LAST-PLAYER ------------------------------------------------------------------------
def last_player(this_round: bool) -> Check:
    """Tied dice are placed by the seat before this round's first player, or always by
    the last seat counted from seat 0 (the game's first player)."""

    def check(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
        if s.phase != PLACE:
            return None
        p = model.config.players
        want = (s.first + p - 1) % p if this_round else p - 1
        who = model.current_player(s)
        return None if who == want else f"seat {who} places tied dice, want {want}"

    return check


# DH-UNTAKEN-DICE ----------------------------------------------------------------------
def untaken_dice(stay: bool) -> Check:
    """When the last ambulance is taken: to-bag: the dice of the untaken ones are back in
    the bag and none are kept; stay: they are kept, rolled, for the next round's
    ambulances, and the bag gains none of them."""

    def check(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
        if not s.ambulances or t.ambulances:
            return None
        taken = {j for j in s.taken if j >= 0}
        if isinstance(a, TakeAmbulance):
            taken.add(a.number)
        untaken = [d for j, amb in enumerate(s.ambulances) if j not in taken for d in amb]
        kept = Counter(t.rolled) - Counter(s.rolled)
        if kept != (Counter(untaken) if stay else Counter()):
            return f"{sum(kept.values())} dice of {len(untaken)} untaken kept for the next round"
        if s.phase != EPIDEMIC:
            back = [b - c for b, c in zip(t.supply, s.supply)]
            want = (
                [0] * len(back)
                if stay
                else [sum(1 for d in untaken if d[0] == c) for c in range(len(back))]
            )
            if back != want:
                return f"the bag gained {back} at the end of the picks, the reading gives {want}"
        return None

    return check
