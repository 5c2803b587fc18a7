"""Koniec rundy (end of the round): neglect and the mortuary, discharge scoring, the
staff change; after the last round, Koniec gry (the end of the game)."""

from __future__ import annotations

from hhh_verify.contract.records import replace

from . import readings as R
from .board import add_counts, set_hospital
from .components import GUARDIAN, NEGLECT_LOSS, SUPERBUG_LOSS
from .context import Ctx
from .scoring import (
    discharge_points,
    empty_bonus,
    final_adjustment,
)
from .state import MARKET, OVER, DHState, Hospital


def protected_patient(h: Hospital) -> tuple[int, int, int, int] | None:
    """The guardian stand-in ("Niektóre zdolności administratorów chroniom pacjentów
    przed obniżeniem poziomu zdrowia"): the sickest untreated patient is spared."""
    if h.admin != GUARDIAN:
        return None
    untreated = [p for p in h.patients if not p[2]]
    return min(untreated, key=lambda p: (p[1], p)) if untreated else None


def neglect(ctx: Ctx, h: Hospital) -> tuple[Hospital, int]:
    """Zaniedbani pacjenci: "obniża wartość zdrowia o 1 na każdej kostce, która nie była
    leczona w tej rundzie" (2 with the resistant superbug); "Jeśli jakiś pacjent ma już
    zdrowie na poziomie 1, zamiast tego jego kostka jest przenoszona do kostnicy (mortuary),
    a gracz dobiera żeton śmiertelności" (health 2 under the superbug: DH-SUPERBUG-2).
    Every patient is unmarked for the next round. Returns the hospital and its deaths."""
    loss = SUPERBUG_LOSS if ctx.config.variant_superbug else NEGLECT_LOSS
    spared = protected_patient(h)
    kept = []
    mortuary = list(h.mortuary)
    deaths = 0
    for p in h.patients:
        c, health, treated, _ = p
        if treated or p == spared:
            if p == spared:
                spared = None
            kept.append((c, health, 0, -1))
        elif health == 1 or (health - loss < 1 and ctx.superbug_2 == R.SUPERBUG_2.DIES):
            mortuary[c] += 1
            deaths += 1
        else:
            kept.append((c, max(1, health - loss), 0, -1))
    h = replace(
        h, patients=tuple(sorted(kept)), mortuary=tuple(mortuary), mortality=h.mortality + deaths
    )
    return h, deaths


def score_round(ctx: Ctx, h: Hospital, deaths: int) -> Hospital:
    """Wypisani pacjenci: the lounge scores by the table, plus 5 for an empty hospital
    (DH-EMPTY-HOSPITAL), over the discharges of this round; the round's mortuary count
    is the deaths by neglect and the patients evicted at admission. Lounge dice still
    in the hospital (DH-LOUNGE=in-hospital) keep it from being empty."""
    n = sum(h.lounge)
    empty = not h.patients and not (ctx.lounge_in and n)
    gain = discharge_points(n, ctx.over_12) + empty_bonus(
        empty, n, deaths + h.evicted, ctx.empty_bonus
    )
    return replace(h, points=h.points + gain)


def close_hospital(ctx: Ctx, s: DHState, player: int) -> DHState:
    """Koniec rundy for one hospital: neglect, then discharge scoring; the discharged
    go back to the bag and the meeples to their places ("wypisani pacjenci są zwracani do
    zasobów, wszyskie meeple wracają na startowe pozycje"). A hospital's end of round
    reads and changes only that hospital (and returns dice to the bag, which nothing
    reads before the next admission), so the model closes each hospital as its
    activation ends: every result is the same as closing all of them afterwards."""
    h, deaths = neglect(ctx, s.hospitals[player])
    h = score_round(ctx, h, deaths)
    supply = add_counts(s.supply, h.lounge)
    h = replace(
        h,
        lounge=(0,) * ctx.C,
        used_wards=(0,) * ctx.W,
        used_specialists=(0,) * ctx.S,
        nurses_used=0,
        evicted=0,
    )
    return set_hospital(replace(s, supply=supply), player, h)


def end_of_round(ctx: Ctx, s: DHState) -> DHState:
    """Zmiana personelu, after every hospital closed (the ambulances and the unchosen
    tiles are already back, see ``after_picks`` and ``next_draft``); mortuary dice:
    DH-MORTUARY-DICE. Then the next round (its market is drawn first) or the end."""
    supply = s.supply
    hospitals = s.hospitals
    if ctx.mortuary_returns:
        for h in hospitals:
            supply = add_counts(supply, h.mortuary)
        hospitals = tuple(replace(h, mortuary=(0,) * ctx.C) for h in hospitals)
    t = replace(s, supply=supply, hospitals=hospitals, cursor=0)
    if s.round < ctx.config.rounds:
        return replace(t, phase=MARKET, round=s.round + 1, first=s.next_first)
    return end_of_game(ctx, t)


def end_of_game(ctx: Ctx, s: DHState) -> DHState:
    """Koniec gry: "Na koniec 8. Rundy, każdy gracz otrzymuje dodatkowy punkt za
    pozostały żeton worka z krwią, traci dwa punkty za żetony śmiertelności" (per token
    or once: DH-FINAL-TOKENS)."""
    hospitals = tuple(
        replace(h, points=h.points + final_adjustment(h.blood, h.mortality, ctx.final_tokens))
        for h in s.hospitals
    )
    return replace(s, phase=OVER, hospitals=hospitals)


def ranking_key(h: Hospital) -> tuple[int, int, int]:
    """Koniec gry: "Wygrywa gracz z największą liczbą punktów. Remisy roztrzyga mniej
    pozostałych pacjentów, potem wyższa suma oczek pozostałych na tych pacjentach"."""
    return (h.points, -len(h.patients), sum(p[1] for p in h.patients))


def winners(ctx: Ctx, s: DHState) -> tuple[int, ...]:
    """The winning seats: the best ranking key; a tie left after both breakers is
    DH-TIE-REMAINS (shared, or the earliest in the last round's turn order)."""
    keys = [ranking_key(h) for h in s.hospitals]
    best = max(keys)
    tied = [p for p in range(ctx.P) if keys[p] == best]
    if ctx.tie_shared or len(tied) == 1:
        return tuple(tied)
    order = [(s.first + k) % ctx.P for k in range(ctx.P)]
    return (min(tied, key=order.index),)
