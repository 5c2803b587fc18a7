"""Przyjmowanie pacjentów (admitting patients): dice into ambulances, ambulances into
hospitals, the mortuary when there is no room, the blood bag and the first player."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product
from typing import Any

from hhh_verify.contract.records import replace

from . import readings as R
from .board import (
    ONE,
    add_counts,
    admitted,
    bump,
    set_hospital,
    turn_order,
    with_patients,
    without,
)
from .components import ROLL_FACES
from .context import Ctx
from .expansion import after_picks
from .state import (
    EPIDEMIC,
    EVICT,
    PICK,
    PLACE,
    ROLL,
    DHState,
    Die,
    Patient,
)


def draw_dice(ctx: Ctx, s: DHState) -> list[tuple[DHState, Any]]:
    """Przyjmowanie pacjentów: dice for every ambulance are drawn from the bag at random
    (``ambulance_dice`` each, a parameter; the number of ambulances is
    DH-AMBULANCE-COUNT). A short supply is DH-SUPPLY-SHORT; dice kept from an untaken
    ambulance (DH-UNTAKEN-DICE=stay) are already rolled: the bag gives the rest."""
    need = ctx.ambulances * ctx.amb_dice - len(s.rolled)
    supply, hospitals = s.supply, s.hospitals
    if sum(supply) < need and ctx.recycle_when_short:
        for h in hospitals:
            supply = add_counts(supply, h.mortuary)
        hospitals = tuple(replace(h, mortuary=(0,) * ctx.C) for h in hospitals)
    s = replace(s, supply=supply, hospitals=hospitals)
    n = min(need, sum(supply))
    if n == 0:
        return [(placed(ctx, s), ONE)]
    out = []
    for drawn, p in ctx.dice.draw(supply, n):
        first = next(c for c, k in enumerate(drawn) if k)
        t = replace(
            s,
            phase=ROLL,
            cursor=first,
            supply=tuple(a - b for a, b in zip(supply, drawn)),
            drawn=drawn,
        )
        out.append((t, p))
    return out


def roll(ctx: Ctx, s: DHState) -> list[tuple[DHState, Any]]:
    """Przyjmowanie pacjentów: "Kostki ... są przerzucane dotąd, aż pokażą wartości między
    2 i 5" -- each die uniform on 2..5; the dice of one colour as a multiset."""
    c = s.cursor
    k = s.drawn[c]
    drawn = bump(s.drawn, c, -k)
    nxt = next((d for d in range(c + 1, ctx.C) if drawn[d]), None)
    out = []
    for counts, p in ctx.dice.roll(k, len(ROLL_FACES)):
        dice = [(c, v) for v, n in zip(ROLL_FACES, counts) for _ in range(n)]
        t = replace(s, drawn=drawn, rolled=tuple(sorted(s.rolled + tuple(dice))))
        if nxt is not None:
            out.append((replace(t, cursor=nxt), p))
        else:
            out.append((placed(ctx, t), p))
    return out


def arrangements(ctx: Ctx, rolled: tuple[Die, ...]) -> list[tuple[tuple[Die, ...], ...]]:
    """Przyjmowanie pacjentów: dice go "w ambulansach od najmniejszej do największej
    wartości, od pierwszej do n-tego ambulansu"; "Jeśli występują remisy wartości na
    kostkach, ostatni gracz decyduje gdzie trafią kostki poszczególnych kolorów" -- so
    the values per ambulance are fixed and only tied colours can be arranged. Each
    ambulance filled in turn, or the dice dealt one at a time (DH-AMBULANCE-FILL). Every
    distinct arrangement (a short supply leaves the last ambulances short)."""
    values = sorted(v for _, v in rolled)
    d, n = ctx.amb_dice, ctx.ambulances
    if ctx.dealt:
        slots = [values[j::n] for j in range(n)]
    else:
        slots = [values[j * d : (j + 1) * d] for j in range(n)]
    by_value = sorted(rolled, key=lambda die: (die[1], die[0]))
    if not ctx.dealt and _untied(by_value, d):
        return [tuple(tuple(sorted(by_value[j * d : (j + 1) * d])) for j in range(len(slots)))]
    per_value = []
    for v in sorted(set(values)):
        need = [sl.count(v) for sl in slots]
        colours = Counter(c for c, w in rolled if w == v)
        per_value.append([(v, split) for split in _splits(colours, need)])
    out = set()
    for choice in product(*per_value):
        ambs: list[list[Die]] = [[] for _ in slots]
        for v, split in choice:
            for j, cols in enumerate(split):
                ambs[j].extend((c, v) for c in cols)
        out.add(tuple(tuple(sorted(a)) for a in ambs))
    return sorted(out)


def _untied(by_value: list[Die], d: int) -> bool:
    """No value whose dice of different colours straddle two ambulances: the dice in
    value order fill the ambulances and nothing is left to decide."""
    for j in range(d, len(by_value), d):
        v = by_value[j][1]
        if by_value[j - 1][1] == v and len({c for c, w in by_value if w == v}) > 1:
            return False
    return True


def _splits(colours: Counter, need: list[int]) -> list[tuple[tuple[int, ...], ...]]:
    """Ways to deal a colour multiset into groups of the sizes ``need``, in order."""
    if not need:
        return [()]
    head, rest = need[0], need[1:]
    out = []
    pool = sorted(colours.elements())
    for group in sorted(set(combinations(pool, head))):
        left = colours - Counter(group)
        for tail in _splits(left, rest):
            out.append((group,) + tail)
    return out


def placed(ctx: Ctx, s: DHState) -> DHState:
    """After the roll: the last player arranges tied colours, or nothing is to choose."""
    opts = arrangements(ctx, s.rolled)
    if len(opts) == 1:
        return place(ctx, s, opts[0])
    return replace(s, phase=PLACE)


def place(ctx: Ctx, s: DHState, ambulances: tuple[tuple[Die, ...], ...]) -> DHState:
    """Dice into the ambulances; then "Każdy gracz po kolei, wybiera jeden z ambulansów"
    in turn order from the first player."""
    return replace(
        s,
        phase=PICK,
        cursor=0,
        rolled=(),
        ambulances=ambulances,
        order=turn_order(s.first, ctx.P),
    )


def pickable(ctx: Ctx, s: DHState) -> list[int]:
    """Ambulances still there; "Pierwszy gracz, nie może wybrać ambulansu numer 1" (a
    solo player only under DH-SOLO=first-player-bar)."""
    player = s.order[s.cursor]
    barred = player == s.first and (ctx.P > 1 or ctx.solo == R.SOLO.FIRST_PLAYER_BAR)
    return [j for j in range(len(s.ambulances)) if j not in s.taken and not (barred and j == 0)]


def take(ctx: Ctx, s: DHState, number: int) -> list[tuple[DHState, Any]]:
    """Przyjmowanie pacjentów: the player "umieszcza zawarte w nim kostki na dole swojej
    planszy" (national epidemic: then one extra die)."""
    player = s.order[s.cursor]
    t = replace(
        s,
        taken=bump(s.taken, player, number - s.taken[player]),
        incoming=s.ambulances[number],
    )
    if ctx.config.variant_epidemic and sum(t.supply) != 0:
        return [(replace(t, phase=EPIDEMIC), ONE)]
    return [(admit(ctx, t), ONE)]


def epidemic(ctx: Ctx, s: DHState) -> list[tuple[DHState, Any]]:
    """Narodowa epidemia: "kiedy gracz dobiera ambulans, rzuć dodatkową kostką i umieść
    ją w szpitalu" (a random die from the bag; its roll is DH-EPIDEMIC-ROLL)."""
    faces = ctx.epidemic_faces
    out = []
    for drawn, p in ctx.dice.draw(s.supply, 1):
        c = drawn.index(1)
        for counts, q in ctx.dice.roll(1, len(faces)):
            v = faces[counts.index(1)]
            t = replace(
                s,
                supply=bump(s.supply, c, -1),
                incoming=tuple(sorted(s.incoming + ((c, v),))),
            )
            out.append((admit(ctx, t), p * q))
    return out


def eviction_options(
    ctx: Ctx, patients: tuple[Patient, ...], over: int
) -> list[tuple[Patient, ...]]:
    """Przyjmowanie pacjentów: "Jeśli nie ma wystarczająco miejsca dla nowych pacjentów,
    ci, którzy obecnie są leczeni w szpitalu muszą być przeniesieni do kostnicy" -- which
    of them is DH-EVICT-WHO."""
    if ctx.evict == R.EVICT_WHO.ALL_CURRENT:
        return [patients]
    if ctx.evict == R.EVICT_WHO.SICKEST_FIRST:
        ranked = sorted(patients, key=lambda p: (p[1], p))
        cut = ranked[over - 1][1]
        sure = tuple(p for p in patients if p[1] < cut)
        tied = tuple(p for p in patients if p[1] == cut)
        return sorted({tuple(sorted(sure + g)) for g in combinations(tied, over - len(sure))})
    return sorted(set(combinations(patients, over)))


def admit(ctx: Ctx, s: DHState) -> DHState:
    """The incoming dice join the hospital "na dole swojej planszy" (whether that marks
    them treated this round: DH-ARRIVAL-NEGLECT), after the mortuary makes room if
    needed (DH-CAPACITY: the hospital holds ``capacity`` patients)."""
    player = s.order[s.cursor]
    h = s.hospitals[player]
    if ctx.capacity is not None:
        over = len(h.patients) + len(s.incoming) - ctx.capacity
        if over > 0:
            opts = eviction_options(ctx, h.patients, over)
            if len(opts) > 1:
                return replace(s, phase=EVICT)
            return evict(ctx, s, opts[0])
    t = set_hospital(
        s,
        player,
        replace(h, patients=with_patients(h.patients, admitted(s.incoming, ctx.arrival_mark))),
    )
    return next_pick(ctx, replace(t, incoming=()))


def evict(ctx: Ctx, s: DHState, gone: tuple[Patient, ...]) -> DHState:
    """Przyjmowanie pacjentów: the evicted go to the mortuary, "a gracz dobiera żeton
    śmiertelności za każdego umiesczonego tam pacjenta"; then the newcomers come in."""
    player = s.order[s.cursor]
    h = s.hospitals[player]
    mortuary = h.mortuary
    for p in gone:
        mortuary = bump(mortuary, p[0], 1)
    patients = with_patients(without(h.patients, gone), admitted(s.incoming, ctx.arrival_mark))
    h = replace(h, patients=patients, mortuary=mortuary, mortality=h.mortality + len(gone))
    if (
        ctx.empty_bonus == R.EMPTY_HOSPITAL.ALL_DISCHARGED
    ):  # the one reading that asks who died this round
        h = replace(h, evicted=h.evicted + len(gone))
    return next_pick(ctx, replace(set_hospital(s, player, h), incoming=()))


def next_pick(ctx: Ctx, s: DHState) -> DHState:
    if s.cursor + 1 < ctx.P:
        return replace(s, phase=PICK, cursor=s.cursor + 1)
    return after_picks(ctx, s)
