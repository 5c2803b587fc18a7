"""The compiled parts of HHH's graph source (:mod:`.graph`) that are HHH's own, called by
the generated :func:`.expand.expand_rows`: each leaf's weight in float64
(:func:`leaf_weight`, the float twin of :mod:`.weights`), a finished state's status (its
end reason), the action order (the kernel's legal order is already the model's) and the
compiled checks.

The compiled checks (:data:`COMPILED`) are the fast path of every registered state
invariant and of the goals the reduced presets reach: each computes, on the flat state,
what its Python property decides on the decoded state;
``tests/hhh/test_hhh_kernel_explore_verify.py`` proves every one equal to its property on
every ``tiny`` and ``interactions`` state and a sample of ``small``. The others (the
step properties and ``goal-triumphant``) are checked on the decoded states by the
explorer.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from . import board, layout
from .chance import (
    EV_CHAIN,
    EV_HYP,
    LOG,
    POS,
    RUNOUT,
)

#: Compiled checks by bit: (property id, kind). An invariant's bit is set where it is
#: violated, a goal's where it is reached.
COMPILED = (
    ("hhh.cubes-conserved", "invariant"),
    ("hhh.bankrupt-iff-negative", "invariant"),
    ("hhh.round-in-range", "invariant"),
    ("hhh.no-dead-end", "invariant"),
    ("hhh.cured-leave", "invariant"),
    ("hhh.tokens", "invariant"),
    ("hhh.room-limit", "invariant"),
    ("hhh.goal-arrest", "goal"),
    ("hhh.goal-bankrupt", "goal"),
    ("hhh.goal-er-return", "goal"),
    ("hhh.levels-in-range", "invariant"),
    ("hhh.level-5-dies", "invariant"),
    ("hhh.arrest-iff-no-place", "invariant"),
    ("hhh.loss-is-final", "invariant"),
    ("hhh.capacities", "invariant"),
    ("hhh.markers-conserved", "invariant"),
    ("hhh.no-action-after-end", "invariant"),
    ("hhh.staff-reveals", "invariant"),
    ("hhh.deaths-hidden", "invariant"),
    ("hhh.end-after-last-round", "invariant"),
)

#: ``params`` index of the lowest packable money; the next :data:`MONEY_SPAN` entries are
#: 1 where a completed game with that money breaks ``end-after-last-round``'s rating.
RATING_AT = 23
MONEY_LOW, MONEY_SPAN = -256, 4096  # the packing's money slot (:func:`.explore.packing`)

#: The end reasons' outcome labels (``won:``/``lost:`` and the reason), by reason code.
OUTCOMES = ("", "lost:bankrupt", "lost:arrested", "won:completed", "lost:stuck")


@njit(cache=True)
def _comb(n: int, k: int) -> float:
    if k < 0 or k > n:
        return 0.0
    r = 1.0
    for i in range(1, k + 1):
        r = r * (n - k + i) / i
    return r


@njit(cache=True)
def _chain_k(need: int, blacks: int, colours: int, k: int) -> float:
    t = need + 2 * k
    return need * _comb(blacks, k) * _comb(colours, need + k) / (t * _comb(blacks + colours, t))


@njit(cache=True)
def event_weight(kind: int, a: int, bb: int, c: int, value: int) -> float:
    """:func:`.weights.event_weight` in float64 (same formulas)."""
    if kind == EV_HYP:
        return _comb(a, value) * _comb(bb, c - value) / _comb(a + bb, c)
    if value != RUNOUT:
        return _chain_k(a, bb, c, value)
    rest = 1.0
    for k in range(min(bb, c - a) + 1):
        rest -= _chain_k(a, bb, c, k)
    return rest


@njit(cache=True)
def leaf_weight(ch) -> float:
    """The float weight of the leaf just run: the product of its logged events."""
    p = 1.0
    for i in range(ch[POS]):
        row = LOG + 6 * i
        kind = ch[row]
        if kind == EV_HYP or kind == EV_CHAIN:
            p *= event_weight(kind, ch[row + 1], ch[row + 2], ch[row + 3], ch[row + 4])
    return p


@njit(cache=True)
def state_bits(K, s, na: int, params) -> np.uint64:
    """The bits of :data:`COMPILED` for flat state ``s`` with ``na`` legal actions.
    ``params``: last round, cubes per colour, black cubes, colours, Medical tokens per
    player, Administrative tokens dealt, the COO's Staff index, players, New Room cap,
    Patient markers per colour (less the variant's), per colour as printed, white
    markers, then the Staff pool per type (:meth:`HHHGraph.__init__`)."""
    bits = np.uint64(0)
    last, each, blacks, C = params[0], params[1], params[2], params[3]
    # cubes-conserved: bag + discard + Waiting Rooms + 5 per ER patient + Blood Bank +
    # the Heal's and the Research's drawn cubes, per colour (black: no room, no ER)
    ok = True
    for c in range(C + 1):
        k = layout.BLACK if c == C else c
        n = (
            s[layout.BAG + k]
            + s[layout.DISCARD + k]
            + s[layout.H_DRAWN + k]
            + s[layout.R_DRAWN + k]
        )
        if c < C:
            for w in range(K[layout.K_WAITING_ROOMS]):
                n += s[layout.WAITING + 5 * w + c]
            n += 5 * s[layout.ER + c] + s[layout.BLOOD + c]
        else:
            n += s[layout.BLOOD + layout.BLACK]
        if n != (blacks if c == C else each):
            ok = False
    if not ok:
        bits |= np.uint64(1)
    reason = s[layout.REASON]
    if (s[layout.MONEY] < 0) != (reason == board.BANKRUPT):
        bits |= np.uint64(2)
    if s[layout.ROUND] < 1 or s[layout.ROUND] > last:
        bits |= np.uint64(4)
    if s[layout.PHASE] != board.OVER and na == 0:
        bits |= np.uint64(8)
    # cured-leave: no Ward patient below level 1 (a Ward stores levels 1..4 only), no
    # Treatment Room patient below 1 with its side marked
    for c in range(C):
        level = s[layout.TREAT_LEVEL + c]
        if level < 0 or (level == 0 and s[layout.TREAT_SIDE + c] != 0):
            bits |= np.uint64(16)
    # tokens: Medical tokens within those dealt; the Administrator's = dealt + COO
    for p in range(params[7]):
        if s[layout.MEDICAL + p] < 0 or s[layout.MEDICAL + p] > params[4]:
            bits |= np.uint64(32)
    total = s[layout.ADMIN_TOTAL]
    if total != params[5] + s[layout.STAFF_HIRED + params[6]]:
        bits |= np.uint64(32)
    if s[layout.ADMIN_TOKENS] < 0 or s[layout.ADMIN_TOKENS] > total:
        bits |= np.uint64(32)
    # room-limit: placed New Rooms within the cap, and each of them on the table
    installed = 0
    for kind in range(8):
        if s[layout.ROOMS + kind] != 0:
            installed += 1
    if s[layout.ROOMS_PLACED] > params[8] or installed != s[layout.ROOMS_PLACED]:
        bits |= np.uint64(64)
    if reason == board.ARRESTED:
        bits |= np.uint64(128)
    if reason == board.BANKRUPT:
        bits |= np.uint64(256)
    if (
        s[layout.PHASE] == board.HEAL_DRAWN
        and s[layout.HEAL_ON] == 1
        and s[layout.H_PLACE] == board.EMERGENCY
    ):
        red = s[layout.H_DRAWN + s[layout.H_COLOUR]] - s[layout.H_DRAWN + layout.BLACK]
        if 1 <= red <= 4:
            bits |= np.uint64(512)
    bits |= _levels_bits(K, s)
    bits |= _ending_bits(K, s, na)
    bits |= _capacity_bits(K, s)
    bits |= _marker_bits(K, s, params)
    # no-action-after-end (bit 16): an end reason exactly when the game is over, and no
    # action then (the outcome's won/lost follows the reason in the model itself)
    if (s[layout.PHASE] == board.OVER) != (reason != 0) or (
        s[layout.PHASE] == board.OVER and na != 0
    ):
        bits |= np.uint64(65536)
    bits |= _staff_bits(K, s, params)
    bits |= _death_bits(K, s)
    bits |= _end_bits(s, params)
    return bits


@njit(cache=True)
def _death_bits(K, s) -> np.uint64:
    """deaths-hidden (bit 18), models/hhh/properties/catalog.py ``every_death_has_a_place``: bodies on
    tombstones = deaths, or one fewer when that last body, finding every place used,
    ended the game (arrested or bankrupt)."""
    bodies = 0
    for i in range(7):
        bodies += s[layout.CEMETERY + i]
    deaths = s[layout.DEATHS]
    if bodies == deaths:
        return np.uint64(0)
    lost = s[layout.REASON] == board.ARRESTED or s[layout.REASON] == board.BANKRUPT
    if bodies == deaths - 1 and lost and bodies >= board.body_capacity(K, s):
        return np.uint64(0)
    return np.uint64(262144)


@njit(cache=True)
def _end_bits(s, params) -> np.uint64:
    """end-after-last-round (bit 19): a completed game is over (else it has no outcome to
    rate), in the last round and rated by its money; the rating half is the table
    :meth:`HHHGraph.rating_table` built from the property itself (on a game over it
    reads only the end reason, the round and the money)."""
    if s[layout.REASON] != board.COMPLETED:
        return np.uint64(0)
    at = s[layout.MONEY] - params[RATING_AT]
    wrong = at < 0 or at >= MONEY_SPAN or params[RATING_AT + 1 + at] != 0
    if s[layout.PHASE] != board.OVER or s[layout.ROUND] != params[0] or wrong:
        return np.uint64(524288)
    return np.uint64(0)


@njit(cache=True)
def _staff_bits(K, s, params) -> np.uint64:
    """staff-reveals (bit 17): each Staff type's markers hidden + face up + set aside +
    hired = its pool (``params[12:]``), none negative; no Cat hired; none set aside where
    all face-up Staff stay hireable (HHH-STAFF-HIREABLE); at most ``reveal`` a round
    revealed (one round more with HHH-STAFF-ROUND1 reveal-at-setup), within the spaces."""
    bad = False
    revealed = 0
    passed = 0
    for t in range(11):
        h, o = s[layout.STAFF_HIDDEN + t], s[layout.STAFF_OPEN + t]
        p, d = s[layout.STAFF_PASSED + t], s[layout.STAFF_HIRED + t]
        if min(min(h, o), min(p, d)) < 0 or h + o + p + d != params[12 + t]:
            bad = True
        revealed += o + p + d
        passed += p
    if s[layout.STAFF_HIRED + board.CAT] != 0:
        bad = True
    if passed != 0 and K[layout.K_STAFF_THIS_ROUND] == 0:
        bad = True
    rounds = s[layout.ROUND] - 1 + (1 if K[layout.K_STAFF_ROUND1_SETUP] != 0 else 0)
    if revealed > min(K[layout.K_REVEAL] * rounds, max(K[layout.K_STAFF_SPACES], 0)):
        bad = True
    return np.uint64(131072) if bad else np.uint64(0)


@njit(cache=True)
def _capacity_bits(K, s) -> np.uint64:
    """capacities (bit 14): Waiting Room spots, Ward beds, a Treatment Room patient only
    in an installed room, the Emergency Room's and the Blood Bank's sizes (no black cube
    in the Blood Bank), the places for bodies."""
    over = False
    for c in range(K[layout.K_C]):
        for w in range(K[layout.K_WAITING_ROOMS]):
            if s[layout.WAITING + 5 * w + c] > K[layout.K_SPOTS]:
                over = True
        if board.ward_size(s, c) > K[layout.K_BEDS]:
            over = True
        if s[layout.TREAT_LEVEL + c] != 0 and s[layout.ROOMS + c] == 0:
            over = True
    er = 0
    for c in range(K[layout.K_C]):
        er += s[layout.ER + c]
    blood = 0
    for k in range(layout.NC):
        blood += s[layout.BLOOD + k]
    if (
        er > board.er_capacity(s)
        or blood > board.blood_size(s)
        or s[layout.BLOOD + layout.BLACK] != 0
    ):
        over = True
    bodies = 0
    for i in range(7):
        bodies += s[layout.CEMETERY + i]
    if bodies > board.body_capacity(K, s):
        over = True
    return np.uint64(16384) if over else np.uint64(0)


@njit(cache=True)
def _marker_bits(K, s, params) -> np.uint64:
    """markers-conserved (bit 15): per colour supply + Ward + Treatment Room + tombstones
    is the colour's markers (also the undiminished count under HHH-FEWER-MARKERS
    after-setup), none negative; white: supply + tombstones. One colour may be a marker
    short when the body that ended the game by arrest found no tombstone."""
    each, per_colour, white = params[9], params[10], params[11]
    bodies = 0
    for i in range(7):
        bodies += s[layout.CEMETERY + i]
    limbo = 0
    if s[layout.DEATHS] - bodies == 1 and (
        s[layout.REASON] == board.ARRESTED or s[layout.REASON] == board.BANKRUPT
    ):
        if bodies >= board.body_capacity(K, s):
            limbo = 1
    missing = 0
    bad = False
    for c in range(K[layout.K_C]):
        supply, tomb = s[layout.SUPPLY + c], s[layout.CEMETERY + c]
        on_board = board.ward_size(s, c) + (1 if s[layout.TREAT_LEVEL + c] != 0 else 0)
        total = supply + on_board + tomb
        fine = total == each or (K[layout.K_MARKERS_OUT_AFTER] != 0 and total == per_colour)
        short = 0 if fine else each - total
        if short == 1 and missing < limbo:
            missing += 1
            continue
        if min(supply, on_board, tomb) < 0 or short != 0:
            bad = True
    ws, wt = s[layout.SUPPLY + layout.WHITE], s[layout.CEMETERY + layout.WHITE]
    if min(ws, wt) < 0 or ws + wt != white:
        bad = True
    return np.uint64(32768) if bad else np.uint64(0)


@njit(cache=True)
def _awaiting_er(s, room: int, cubes: int) -> bool:
    """models/hhh/properties/catalog.py ``awaiting_er``: a 5-cube patient just formed in ``room`` while
    the players choose who takes the Emergency Room's last space."""
    return s[layout.PHASE] == board.PP_ER_ADMIT and s[layout.CURSOR] % 8 == room and cubes == 5


@njit(cache=True)
def _levels_bits(K, s) -> np.uint64:
    """levels-in-range (bit 10) and level-5-dies (bit 11), both void once the game is
    lost: a Treatment Room patient within 1..4 (5 Improved), no negative Emergency Room
    count, Waiting Room patients of 0..4 cubes (5 while awaiting the Emergency Room).
    A Ward stores counts of patients at levels 1..4, so no Ward level is out of range."""
    bits = np.uint64(0)
    if s[layout.REASON] == board.BANKRUPT or s[layout.REASON] == board.ARRESTED:
        return bits
    for c in range(K[layout.K_C]):
        level = s[layout.TREAT_LEVEL + c]
        top = 5 if s[layout.ROOMS + c] == 2 else 4
        if level != 0 and not 1 <= level <= top:
            bits |= np.uint64(1024)
        if s[layout.ER + c] < 0:
            bits |= np.uint64(1024)
        for w in range(K[layout.K_WAITING_ROOMS]):
            cubes = s[layout.WAITING + 5 * w + c]
            if not 0 <= cubes <= 4 and not _awaiting_er(s, w, cubes):
                bits |= np.uint64(1024)
            if cubes >= 5 and not _awaiting_er(s, w, cubes):
                bits |= np.uint64(2048)
    return bits


@njit(cache=True)
def _ending_bits(K, s, na: int) -> np.uint64:
    """arrest-iff-no-place (bit 12): an arrest only with every place for a body used (or
    no white marker left where HHH-WHITE-OUT arrests); loss-is-final (bit 13): money
    below $0, a bankruptcy or arrest, or a body without a place means the game is over
    (phase over, no action, not won)."""
    bits = np.uint64(0)
    bodies = 0
    for i in range(7):
        bodies += s[layout.CEMETERY + i]
    reason = s[layout.REASON]
    if reason == board.ARRESTED:
        full = bodies >= board.body_capacity(K, s)
        no_white = K[layout.K_WHITE_OUT_ARREST] != 0 and s[layout.SUPPLY + layout.WHITE] == 0
        if not (full or no_white):
            bits |= np.uint64(4096)
    lost = s[layout.MONEY] < 0 or reason == board.BANKRUPT or reason == board.ARRESTED
    if lost or s[layout.DEATHS] > bodies:
        if s[layout.PHASE] != board.OVER or na != 0 or reason == board.COMPLETED:
            bits |= np.uint64(8192)
    return bits


@njit(cache=True)
def end_status(s) -> np.int64:
    """The status of a finished state: its end reason (1..4, :mod:`.board`)."""
    return s[layout.REASON]


@njit(cache=True)
def model_order(acts, n: int) -> None:
    """Put the ``n`` legal action rows in the model's order: :func:`.legal.legal` already
    lists them so (``sort_actions``' order), so nothing moves."""
