"""The kernel's chance: the reference's two laws (``dice.py``), run in one of two modes.

*Sample* mode draws item by item and rolls die by die, with a counter-based generator
(splitmix64) seeded by (game seed, step, stream): the same numbers for the same step of
the same game under any reading (common random numbers).

*Enumerate* mode makes each random quantity a numbered choice: the caller re-runs a
step once per leaf of the tree of choices (an odometer, :func:`advance`), and each
choice is logged with what its exact weight depends on, so :mod:`.weights` computes the
exact ``Fraction`` of a leaf in Python integers. A multivariate hypergeometric draw is a
product of conditionals (``HYP``: how many of one kind, given the kinds after it), a
multinomial roll a product of binomials (``BIN``: how many dice show one face, given
the faces after it). A choice with one option is no event (its weight is 1).
"""

from __future__ import annotations

import numpy as np
from numba import njit

# the shared generator, also imported from here by the kernel's other files
from hhh_verify.kernel.rng import randbelow as randbelow
from hhh_verify.kernel.rng import seed_stream as seed_stream
from hhh_verify.kernel.rng import splitmix as splitmix
from hhh_verify.kernel.rng import unit as unit

MODE, POS, PREFIX_LEN, OVERFLOW = 0, 1, 2, 3
MAXEV = 64
PREFIX = 8
NOPT = PREFIX + MAXEV
LOG = NOPT + MAXEV  # MAXEV rows of 5: kind, a, b, c, value
NCH = LOG + MAXEV * 5
SAMPLE, ENUMERATE = 0, 1
EV_HYP, EV_BIN = 1, 2


@njit(cache=True)
def new_chance(mode: int):
    ch = np.zeros(NCH, dtype=np.int64)
    ch[MODE] = mode
    return ch


@njit(cache=True)
def choose(ch, lo: int, hi: int, kind: int, a: int, b: int, c: int):
    """The value taken at the next event (enumerate mode): ``lo + `` the forced prefix's
    option, else ``lo``; logged with its weight's parameters."""
    pos = ch[POS]
    if pos >= MAXEV:
        ch[OVERFLOW] = 1
        return lo
    i = ch[PREFIX + pos] if pos < ch[PREFIX_LEN] else 0
    ch[PREFIX + pos] = i
    ch[NOPT + pos] = hi - lo + 1
    row = LOG + pos * 5
    ch[row] = kind
    ch[row + 1] = a
    ch[row + 2] = b
    ch[row + 3] = c
    ch[row + 4] = lo + i
    ch[POS] = pos + 1
    return lo + i


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


@njit(cache=True)
def draw(ch, rs, pool, lo: int, nk: int, n: int, got) -> None:
    """``n`` items without replacement from the counts ``pool[lo:lo + nk]`` into
    ``got[0:nk]`` (``dice.hypergeometric``; sampled one by one as ``SampledDice.draw``).
    The pool is not changed."""
    for i in range(nk):
        got[i] = 0
    if ch[MODE] == SAMPLE:
        total = 0
        for i in range(nk):
            total += pool[lo + i]
        for _ in range(n):
            r = randbelow(rs, total)
            for i in range(nk):
                left = pool[lo + i] - got[i]
                if r < left:
                    got[i] += 1
                    break
                r -= left
            total -= 1
        return
    rest = 0
    for i in range(nk):
        rest += pool[lo + i]
    left = n
    for i in range(nk):
        a = pool[lo + i]
        rest -= a
        x_lo = max(0, left - rest)
        x_hi = min(a, left)
        x = x_lo
        if x_hi > x_lo:
            x = choose(ch, x_lo, x_hi, EV_HYP, a, rest, left)
        got[i] = x
        left -= x


@njit(cache=True)
def roll(ch, rs, k: int, faces: int, got) -> None:
    """How many of ``k`` fair dice show each of ``faces`` faces (``dice.multiset_roll``;
    sampled die by die)."""
    for i in range(faces):
        got[i] = 0
    if ch[MODE] == SAMPLE:
        for _ in range(k):
            got[randbelow(rs, faces)] += 1
        return
    left = k
    for i in range(faces - 1):
        x = 0
        if left > 0:
            x = choose(ch, 0, left, EV_BIN, left, faces - i, 0)
        got[i] = x
        left -= x
    got[faces - 1] = left
