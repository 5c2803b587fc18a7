"""Visit the Wards, enumerated factored: the same law as ``patient_phase.visit``, fast.

``patient_phase.visit`` (the reference: sampling and point probabilities run it) draws for
one patient after the other, so a full-game visit of four patients combines thousands of
draws per patient (36,554 successors, three minutes). When the bag cannot empty during
the visit and the drawn cubes are discarded, the draws are cube-by-cube draws without
replacement from one bag, and their law factors (exchangeability):

* what a patient's draw does depends only on how many cubes of the Ward's colour
  (``j``), black cubes (``k``) and other colours (``o``) it took, ``j + o = n + k``;
  one patient's chain has weight ``n/T * T! / (k! j! o!)`` with ``T = n + 2k``
  (the ballot form of :func:`.draws._chain` with the bag's falling factorials taken out);
* which other colours were drawn only changes the bag and the discard pile: for totals
  ``J``, ``K``, ``O`` split as ``O_x`` over the other colours, the probability is the
  product of the patients' weights times ``K_bag^(K) * bag_c^(J) * prod bag_x^(O_x) /
  total^(T) * O! / prod O_x!`` (``^(m)``: falling factorial), by the multinomial identity
  that sums the ways to spread the other colours over the patients.

So the patients are combined on ``(deaths, survivors, J, K, O)`` only (a few hundred
keys), and each successor is built once. Deaths go through the rules' own ``die`` (it
reads no cube), and the last step through ``to_visit``. ``step`` uses this for the
visits whose enumeration is large (two or more patients draw from a bag of at least
:data:`LARGE_BAG` cubes); smaller visits, visits that may refill the bag and
HHH-VISIT-CUBES "rebag" run the reference. ``tests/test_point_probability.py`` proves
the two equal (the point probabilities run the reference).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import lru_cache
from math import comb, factorial

from hhh_verify.contract.records import replace

from . import patient_phase
from .board import die, put
from .config import DEATH_LEVEL
from .context import Ctx
from .draws import ExactDraws
from .point import visit_cannot_refill
from .state import HHHState, done_of, item_of

#: Bags at least this large get the factored enumeration (smaller ones: the reference,
#: whose outcome order the explorer's witnesses on the small presets follow).
LARGE_BAG = 20

Key = tuple[int, tuple[int, ...], int, int, int, int]  # deaths, survivors, J, K, O, stop


def visit(ctx: Ctx, s: HHHState) -> list[tuple[HHHState, Fraction]]:
    """The exact distribution of activating the Ward at ``s.cursor`` (phase PP_VISIT)."""
    if not factorable(ctx, s):
        return patient_phase.visit(ctx, s)
    return _expand(ctx, s, _combine(ctx, s))


def factorable(ctx: Ctx, s: HHHState) -> bool:
    """Exact draws, drawn cubes discarded, no refill possible, and enough work to gain."""
    c = item_of(s.cursor)
    drawing = len(s.wards[c]) - (1 if _shield(ctx, s, c) else 0)
    return (
        type(ctx.draws) is ExactDraws
        and not ctx.visit_rebag
        and not ctx.visit_stop  # HHH-VISIT-DEATH-DRAWS=stop: the chains are not exchangeable
        and drawing >= 2
        and sum(s.bag) >= LARGE_BAG
        and visit_cannot_refill(ctx, s)
    )


def _shield(ctx: Ctx, s: HHHState, c: int) -> bool:
    return bool(ctx.ability_shield and s.abilities[c] and not ctx.config.variant_no_abilities)


@lru_cache(maxsize=64)
def patient_draws(n: int, blacks: int) -> tuple[tuple[int, int, int, Fraction], ...]:
    """``(j, k, o, weight)`` of one patient's chain of ``n`` draws (``k <= blacks``)."""
    if n == 0:
        return ((0, 0, 0, Fraction(1)),)
    out = []
    for k in range(blacks + 1):
        t = n + 2 * k
        for j in range(n + k + 1):
            o = n + k - j
            ways = factorial(t) // (factorial(k) * factorial(j) * factorial(o))
            out.append((j, k, o, Fraction(n * ways, t)))
    return tuple(out)


def _combine(ctx: Ctx, s: HHHState) -> dict[Key, Fraction]:
    """Patient by patient, as the reference does, on ``(deaths, survivors, J, K, O,
    stop)`` (``tj``, ``tk``, ``to`` in the code; ``stop``: the patient whose death ended
    the game, else -1)."""
    c = item_of(s.cursor)
    patients = s.wards[c]
    no_abilities = ctx.config.variant_no_abilities
    shield = _shield(ctx, s, c)
    blacks = s.bag[ctx.B]
    over = _deaths_end_game(ctx, s, c, len(patients))
    items: dict[Key, Fraction] = {(0, (), 0, 0, 0, -1): Fraction(1)}
    for i, level in enumerate(patients):
        rest = patients[i + 1 :]
        if shield and i == 0:
            items = {
                (d, sv + (level,), tj, tk, to, st): w
                for (d, sv, tj, tk, to, st), w in items.items()
            }
            continue
        nxt: dict[Key, Fraction] = {}
        for key, w in items.items():
            d, surv, tj, tk, to, stop = key
            if stop >= 0:
                nxt[key] = nxt.get(key, Fraction(0)) + w
                continue
            in_ward = len(surv) + 1 + len(rest) if ctx.beds_per_patient else len(patients)
            n = (ctx.beds - in_ward) if no_abilities else 1
            for j, k, o, g in patient_draws(n, blacks - tk):
                up = (0 if j else 1) if no_abilities else j
                if level + up >= DEATH_LEVEL:
                    nk: Key = (d + 1, surv, tj + j, tk + k, to + o, i if over[d + 1] else -1)
                else:  # survivors as a sorted tuple: the Ward is sorted in the end
                    nk = (d, _insort(surv, level + up), tj + j, tk + k, to + o, -1)
                nxt[nk] = nxt.get(nk, Fraction(0)) + w * g
        items = nxt
    return items


def _deaths_end_game(ctx: Ctx, s: HHHState, c: int, most: int) -> list[bool]:
    """Whether the ``d``-th death of this visit ends the game, for ``d = 0..most``."""
    out, st = [False], s
    for _ in range(most):
        st = die(ctx, st, c, marker=True, cost=ctx.config.ward_death_cost)
        out.append(bool(st.reason))
        if st.reason:
            out += [True] * (most + 1 - len(out))
            break
    return out


def _expand(ctx: Ctx, s: HHHState, items: dict[Key, Fraction]) -> list[tuple[HHHState, Fraction]]:
    """Every successor: each key split over the other colours' counts.

    Deaths and the move to the next Ward never read a cube, so each key's position is
    built once (``die``, ``to_visit``) and only its bag and discard pile vary by split.
    """
    c, done = item_of(s.cursor), done_of(s.cursor)
    bag, disc, B = s.bag, s.discard, ctx.B
    others = [x for x in range(ctx.C) if x != c]
    total = sum(bag)
    after_deaths = [s]
    splits: dict[int, list[tuple[tuple[int, ...], int]]] = {}
    ended: dict[HHHState, Fraction] = {}  # games lost in the visit may coincide: merged
    out: list[tuple[HHHState, Fraction]] = []  # the others are distinct (one per key, split)
    for (d, surv, tj, tk, to, stop), w in items.items():
        head = _falling(bag[B], tk) * _falling(bag[c], tj) * factorial(to)
        if not head:
            continue
        while len(after_deaths) <= d:
            prev = after_deaths[-1]
            after_deaths.append(die(ctx, prev, c, marker=True, cost=ctx.config.ward_death_cost))
        base = after_deaths[d]
        ward = tuple(sorted(surv + (s.wards[c][stop + 1 :] if stop >= 0 else ())))
        proto = replace(base, wards=put(base.wards, c, ward))
        if stop < 0:
            proto = patient_phase.to_visit(ctx, proto, done | 1 << c)
        num, den = w.numerator * head, w.denominator * _falling(total, tj + tk + to)
        if to not in splits:
            splits[to] = _drawn_others(to, bag, others, B)
        for drawn, ways in splits[to]:
            drawn = drawn[:c] + (tj,) + drawn[c + 1 : B] + (tk,)
            st = replace(
                proto,
                bag=tuple(b - x for b, x in zip(bag, drawn)),
                discard=tuple(a + x for a, x in zip(disc, drawn)),
            )
            p = Fraction(num * ways, den)
            if stop < 0:
                out.append((st, p))
            else:
                ended[st] = ended.get(st, Fraction(0)) + p
    return out + list(ended.items())


def _insort(levels: tuple[int, ...], level: int) -> tuple[int, ...]:
    return tuple(sorted((*levels, level)))


def _drawn_others(
    to: int, bag: tuple[int, ...], others: list[int], black: int
) -> list[tuple[tuple[int, ...], int]]:
    """Every way to draw ``to`` cubes of the other colours: the drawn vector (Ward
    colour and black still 0) and ``prod C(bag_x, O_x)``."""
    out = []
    for split in _splits(to, [bag[x] for x in others]):
        drawn = [0] * (black + 1)
        ways = 1
        for x, m in zip(others, split):
            drawn[x] = m
            ways *= comb(bag[x], m)
        out.append((tuple(drawn), ways))
    return out


def _falling(a: int, m: int) -> int:
    """``a * (a-1) * ... * (a-m+1)`` (0 when ``m > a``)."""
    out = 1
    for i in range(m):
        out *= a - i
    return out


def _splits(total: int, caps: list[int]) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as counts under ``caps`` (one per colour)."""
    if not caps:
        if total == 0:
            yield ()
        return
    room = sum(caps[1:])
    for m in range(max(0, total - room), min(caps[0], total) + 1):
        for rest in _splits(total - m, caps[1:]):
            yield (m, *rest)
