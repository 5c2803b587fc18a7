"""The kernel's chance: one set of draw functions, run in one of two modes.

*Sample* mode draws cube by cube (markers, cards, Staff one by one) with a counter-based
generator (splitmix64), the same random process as the reference's ``SampledDraws``.

*Enumerate* mode makes every random event a numbered choice: the enumerator
(:func:`hhh_verify.models.hhh.kernel.rules.enumerate_step`) re-runs a step once per leaf
of the tree of choices (an odometer over the choices), and each choice is logged with
what its exact weight depends on, so :mod:`.weights` computes the exact ``Fraction`` of
every leaf in Python integers. The events are: ``HYP`` (how many of one kind a batch
draw without replacement takes, given the kinds after it: multivariate hypergeometric
as a product of conditionals) and ``CHAIN`` (how many black cubes a "discard the black
cube and draw 2 more" chain meets before it ends, by the ballot theorem as in the
reference's ``draws._chain``, or that it runs the bag dry).

The chance context ``ch`` (int64) holds the mode, the event position, the prefix of
forced choices, the number of options seen at each event and the event log.
"""

from __future__ import annotations

import numpy as np
from numba import njit

# the shared generator, also imported from here by the kernel's other files
from hhh_verify.kernel.rng import randbelow as randbelow
from hhh_verify.kernel.rng import seed_stream as seed_stream
from hhh_verify.kernel.rng import splitmix as splitmix
from hhh_verify.kernel.rng import unit as unit

from .layout import BLACK, NC

MODE, POS, PREFIX_LEN, OVERFLOW = 0, 1, 2, 3
MAXEV = 256
PREFIX = 8
NOPT = PREFIX + MAXEV
LOG = NOPT + MAXEV  # MAXEV rows of 6: kind, a, b, c, d, choice
NCH = LOG + MAXEV * 6
SAMPLE, ENUMERATE = 0, 1
EV_HYP, EV_CHAIN = 1, 2
RUNOUT = -1


@njit(cache=True)
def new_chance(mode: int):
    ch = np.zeros(NCH, dtype=np.int64)
    ch[MODE] = mode
    return ch


@njit(cache=True)
def choose(ch, nopt: int, kind: int, a: int, b: int, c: int) -> int:
    """The option taken at the next event (enumerate mode): the forced prefix, then 0."""
    pos = ch[POS]
    if pos >= MAXEV:
        ch[OVERFLOW] = 1
        return 0
    i = ch[PREFIX + pos] if pos < ch[PREFIX_LEN] else 0
    ch[PREFIX + pos] = i
    ch[NOPT + pos] = nopt
    row = LOG + pos * 6
    ch[row] = kind
    ch[row + 1] = a
    ch[row + 2] = b
    ch[row + 3] = c
    ch[row + 5] = i
    ch[POS] = pos + 1
    return i


@njit(cache=True)
def log_value(ch, value: int) -> None:
    """Record the value an event's option stands for (the count drawn, the blacks met)."""
    ch[LOG + (ch[POS] - 1) * 6 + 4] = value


@njit(cache=True)
def advance(ch) -> bool:
    """Move the odometer to the next leaf; False when every leaf was visited."""
    j = ch[POS] - 1
    while j >= 0:
        if ch[PREFIX + j] + 1 < ch[NOPT + j]:
            ch[PREFIX + j] += 1
            ch[PREFIX_LEN] = j + 1
            ch[POS] = 0
            return True
        j -= 1
    return False


# Draws without replacement ----------------------------------------------------------------


@njit(cache=True)
def pick_one(rs, pool, lo: int, hi: int) -> int:
    """One item, uniformly among ``pool[lo:hi]`` counts (sample mode)."""
    total = 0
    for i in range(lo, hi):
        total += pool[i]
    r = randbelow(rs, total)
    for i in range(lo, hi):
        if r < pool[i]:
            return i
        r -= pool[i]
    return hi - 1


@njit(cache=True)
def hyper(ch, rs, pool, n: int, out) -> None:
    """``n`` items without replacement from the counts ``pool`` (n <= total); ``out`` gets
    the counts drawn, ``pool`` is not changed."""
    k = pool.shape[0]
    for i in range(k):
        out[i] = 0
    if n <= 0:
        return
    if ch[MODE] == SAMPLE:
        tmp = pool.copy()
        for _ in range(n):
            i = pick_one(rs, tmp, 0, k)
            tmp[i] -= 1
            out[i] += 1
        return
    left = n
    rest = 0
    for i in range(k):
        rest += pool[i]
    for i in range(k):
        rest -= pool[i]
        if left == 0:
            break
        if i == k - 1:
            out[i] = left
            break
        lo = max(0, left - rest)
        hi = min(pool[i], left)
        x = lo
        if hi > lo:
            x = lo + choose(ch, hi - lo + 1, EV_HYP, pool[i], rest, left)
            log_value(ch, x)
        out[i] = x
        left -= x


@njit(cache=True)
def _colours_of(bag, out) -> None:
    for i in range(NC):
        out[i] = bag[i]
    out[BLACK] = 0


@njit(cache=True)
def plain(ch, rs, bag, discard, n: int, got) -> int:
    """Heal draws: ``n`` cubes, black ones kept; "Empty bag: ... place all discarded cubes
    back into the bag and continue drawing". ``bag``/``discard`` change in place, ``got``
    receives the cubes; returns how many were drawn (fewer when everything ran out)."""
    for i in range(NC):
        got[i] = 0
    if ch[MODE] == SAMPLE:
        drawn = 0
        for _ in range(n):
            if bag.sum() == 0:
                if discard.sum() == 0:
                    break
                for i in range(NC):
                    bag[i] = discard[i]
                    discard[i] = 0
            i = pick_one(rs, bag, 0, NC)
            bag[i] -= 1
            got[i] += 1
            drawn += 1
        return drawn
    s = bag.sum()
    d = np.zeros(NC, dtype=np.int64)
    if n <= s:
        hyper(ch, rs, bag, n, d)
        for i in range(NC):
            bag[i] -= d[i]
            got[i] = d[i]
        return n
    for i in range(NC):
        got[i] = bag[i]
        bag[i] = 0
    t = discard.sum()
    if t == 0:
        return s
    for i in range(NC):
        bag[i] = discard[i]
        discard[i] = 0
    m = min(n - s, t)
    hyper(ch, rs, bag, m, d)
    for i in range(NC):
        bag[i] -= d[i]
        got[i] += d[i]
    return s + m


@njit(cache=True)
def _has_colour(counts) -> bool:
    for i in range(BLACK):
        if counts[i]:
            return True
    return False


@njit(cache=True)
def chain(ch, rs, bag, discard, need: int, got) -> int:
    """Research, arrivals, Visit: "black cubes force you to discard the black cube and draw
    2 more cubes instead. This will repeat". ``got`` receives the colour cubes (black ones
    go to ``discard``); returns the cubes still owed when the chain ran dry (0: it
    ended), as the reference's ``draws._chain`` reports them: each black cube drawn owes
    one more, so a dry chain's colour cubes may reach ``need``."""
    for i in range(NC):
        got[i] = 0
    if ch[MODE] == SAMPLE:
        while need > 0:
            if bag.sum() == 0:
                if not _has_colour(discard):
                    break
                for i in range(NC):
                    bag[i] = discard[i]
                    discard[i] = 0
            i = pick_one(rs, bag, 0, NC)
            bag[i] -= 1
            if i == BLACK:
                discard[BLACK] += 1
                need += 1
            else:
                got[i] += 1
                need -= 1
        return need
    colours = np.zeros(NC, dtype=np.int64)
    d = np.zeros(NC, dtype=np.int64)
    while need > 0:
        total = bag.sum()
        if total == 0:
            if not _has_colour(discard):
                break
            for i in range(NC):
                bag[i] = discard[i]
                discard[i] = 0
            continue
        blacks = bag[BLACK]
        nc = total - blacks
        kmax = min(blacks, nc - need)  # options k = 0..kmax (need + k <= nc, k <= blacks)
        owed = need + blacks - nc
        nopt = max(0, kmax + 1) + (1 if owed > 0 else 0)
        opt = 0
        if nopt > 1:
            opt = choose(ch, nopt, EV_CHAIN, need, blacks, nc)
        k = opt if opt <= kmax else RUNOUT
        if nopt > 1:
            log_value(ch, k)
        if k != RUNOUT:
            _colours_of(bag, colours)
            hyper(ch, rs, colours, need + k, d)
            for i in range(NC):
                bag[i] -= d[i]
                got[i] += d[i]
            bag[BLACK] -= k
            discard[BLACK] += k
            need = 0
            break
        for i in range(BLACK):
            got[i] += bag[i]
            bag[i] = 0
        discard[BLACK] += blacks
        bag[BLACK] = 0
        need = owed
    return need


@njit(cache=True)
def no_black(ch, rs, bag, discard, n: int, refill: bool, got) -> int:
    """Blood Bank fills: "Return and redraw any black cube" (a draw from the colour cubes
    only); a bag of only black cubes is refilled from the discard pile or stops
    (HHH-BB-BLACK-ONLY). Returns how many cubes were drawn."""
    for i in range(NC):
        got[i] = 0
    if ch[MODE] == SAMPLE:
        drawn = 0
        for _ in range(n):
            if not _has_colour(bag):
                if not _has_colour(discard) or (not refill and bag[BLACK] > 0):
                    break
                for i in range(NC):
                    bag[i] += discard[i]
                    discard[i] = 0
            i = pick_one(rs, bag, 0, BLACK)
            bag[i] -= 1
            got[i] += 1
            drawn += 1
        return drawn
    d = np.zeros(NC, dtype=np.int64)
    colours = np.zeros(NC, dtype=np.int64)
    drawn = 0
    while True:
        _colours_of(bag, colours)
        s = colours.sum()
        if n <= s:
            hyper(ch, rs, colours, n, d)
            for i in range(NC):
                bag[i] -= d[i]
                got[i] += d[i]
            return drawn + n
        stop = not _has_colour(discard) or (not refill and bag[BLACK] > 0)
        for i in range(BLACK):
            got[i] += bag[i]
            bag[i] = 0
        drawn += s
        n -= s
        if stop:
            return drawn
        for i in range(NC):
            bag[i] += discard[i]
            discard[i] = 0
