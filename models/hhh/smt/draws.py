"""Bag draws as constraints: which (drawn, bag', discard') a draw can produce.

Mirrors ``models/hhh/rules/draws.py`` exactly in *support* (which results have non-zero
probability); probabilities are not encoded. ``plain`` (Heal) and ``chain`` (black: discard
it and draw 2 more; Arrivals, Visits) include "Empty bag: place all discarded cubes back
into the bag and continue drawing". The refill recursion of ``chain`` is unrolled
``depth`` times; deeper refills (a bag emptied twice inside one draw) are left out and
reported by :data:`CHAIN_DEPTH` in the encoding notes (an under-approximation).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import z3

from hhh_verify.smt.terms import Builder, Term, zmin, zsum

CHAIN_DEPTH = 2

Draw = tuple[list[Term], list[Term], list[Term]]  # drawn, bag', discard'
#: drawn, bag', discard' and the cubes a chain still owed when it ran dry (0: it ended)
ChainDraw = tuple[list[Term], list[Term], list[Term], Term]


def _nonneg_le(xs: Sequence[Term], caps: Sequence[Term]) -> list[Any]:
    return [z3.And(x >= 0, x <= c) for x, c in zip(xs, caps)]


def plain(b: Builder, cond: Any, bag: list[Term], disc: list[Term], n: Term) -> Draw:
    """Draw ``n`` cubes (black ones stay in hand); refill once from the discard pile."""
    k = len(bag)
    d = b.fresh_vec("pd", k)
    d2 = b.fresh_vec("pd2_", k)
    nb = b.fresh_vec("pb", k)
    nd = b.fresh_vec("pdisc", k)
    s, sd = zsum(bag), zsum(disc)
    enough = z3.And(
        n <= s,
        *_nonneg_le(d, bag),
        zsum(d) == n,
        *[nb[i] == bag[i] - d[i] for i in range(k)],
        *[nd[i] == disc[i] for i in range(k)],
    )
    nothing = z3.And(
        n > s,
        sd == 0,
        *[d[i] == bag[i] for i in range(k)],
        *[nb[i] == 0 for i in range(k)],
        *[nd[i] == disc[i] for i in range(k)],
    )
    refill = z3.And(
        n > s,
        sd > 0,
        *_nonneg_le(d2, disc),
        zsum(d2) == zmin(n - s, sd),
        *[d[i] == bag[i] + d2[i] for i in range(k)],
        *[nb[i] == disc[i] - d2[i] for i in range(k)],
        *[nd[i] == 0 for i in range(k)],
    )
    b.require(cond, z3.Or(enough, nothing, refill))
    return d, nb, nd


def chain(
    b: Builder, cond: Any, bag: list[Term], disc: list[Term], need: Term, depth: int = CHAIN_DEPTH
) -> ChainDraw:
    """Draw until ``need`` colour cubes are owed no more; each black is discarded and owes 2.

    Result ``drawn`` holds colour cubes only (its black entry is 0); the blacks are in
    ``discard'``. Ending after ``k`` blacks leaves ``need + k`` colour cubes in hand. The
    fourth term is what the chain still owed when it ran dry (0: it ended), as in
    ``draws._chain`` (HHH-DRAW-EXHAUSTED).
    """
    kk = len(bag)
    B = kk - 1
    d = b.fresh_vec("cd", kk)
    nb = b.fresh_vec("cb", kk)
    nd = b.fresh_vec("cdisc", kk)
    k = b.fresh("ck")
    owes = b.fresh("cowed")
    case = b.fresh("ccase")  # which branch of the draw happened (binds nested draws)
    total = zsum(bag)
    blacks = bag[B]
    ncol = zsum(bag[:B])
    cases = [
        # nothing owed
        z3.And(
            need <= 0,
            owes == 0,
            *[d[i] == 0 for i in range(kk)],
            *[nb[i] == bag[i] for i in range(kk)],
            *[nd[i] == disc[i] for i in range(kk)],
        ),
        # the chain ends inside the bag after k blacks
        z3.And(
            need > 0,
            total > 0,
            owes == 0,
            k >= 0,
            k <= blacks,
            need + k <= ncol,
            *_nonneg_le(d[:B], bag[:B]),
            d[B] == 0,
            zsum(d[:B]) == need + k,
            *[nb[i] == bag[i] - d[i] for i in range(B)],
            nb[B] == bag[B] - k,
            *[nd[i] == disc[i] for i in range(B)],
            nd[B] == disc[B] + k,
        ),
    ]
    no_colour_disc = z3.And(*[x == 0 for x in disc[:B]]) if B else z3.BoolVal(True)
    # empty bag, discard has no colour cube: the draw stops short (HHH-DRAW-EXHAUSTED)
    cases.append(
        z3.And(
            need > 0,
            total == 0,
            no_colour_disc,
            owes == need,
            *[d[i] == 0 for i in range(kk)],
            *[nb[i] == 0 for i in range(kk)],
            *[nd[i] == disc[i] for i in range(kk)],
        )
    )
    if depth > 0:
        # empty bag: the discard pile becomes the bag, continue
        zero = [z3.IntVal(0)] * kk
        sub_cond = z3.And(cond, case == 3)
        sd, sb, sdisc, sowed = chain(b, sub_cond, list(disc), zero, need, depth - 1)
        cases.append(
            z3.And(
                need > 0,
                total == 0,
                z3.Not(no_colour_disc),
                owes == sowed,
                *[d[i] == sd[i] for i in range(kk)],
                *[nb[i] == sb[i] for i in range(kk)],
                *[nd[i] == sdisc[i] for i in range(kk)],
            )
        )
        # the bag runs out before the chain ends: all of it drawn, blacks discarded, refill
        owed = need + blacks - ncol
        disc2 = list(disc[:B]) + [disc[B] + blacks]
        run_cond = z3.And(cond, case == 4)
        rd, rb, rdisc, rowed = chain(b, run_cond, disc2, zero, owed, depth - 1)
        d2_no_colour = z3.And(*[x == 0 for x in disc2[:B]]) if B else z3.BoolVal(True)
        cases.append(
            z3.And(
                need > 0,
                total > 0,
                owed > 0,
                z3.Not(d2_no_colour),
                owes == rowed,
                *[d[i] == bag[i] + rd[i] for i in range(B)],
                d[B] == 0,
                *[nb[i] == rb[i] for i in range(kk)],
                *[nd[i] == rdisc[i] for i in range(kk)],
            )
        )
        cases.append(
            z3.And(
                need > 0,
                total > 0,
                owed > 0,
                d2_no_colour,
                owes == owed,
                *[d[i] == bag[i] for i in range(B)],
                d[B] == 0,
                *[nb[i] == 0 for i in range(kk)],
                *[nd[i] == disc2[i] for i in range(kk)],
            )
        )
    b.require(cond, z3.Or(*[z3.And(case == i, c) for i, c in enumerate(cases)]))
    return d, nb, nd, owes
