"""The flat state of the Dice Hospital kernel: one ``int64`` array per position.

Every field of ``state.DHState`` has a slot (or a block of slots) here; multisets are
counts per kind, so equal positions are equal arrays. A die is a kind
``colour * 6 + value - 1``; a patient ``(colour, health, treated, tint)`` is the kind
:func:`pcode`, monotone in the tuple, so kinds in rising order are the reference's
sorted order. ``NPAT`` (patients per hospital) is the one derived slot, kept because
capacity and the tie-breakers read it often.
"""

from __future__ import annotations

MP, MC, NW, NS, NAD = 4, 3, 8, 5, 4  # players, colours, ward / specialist / admin kinds
MAXAMB = MP + 1  # ambulances (players + 1 at most)
DK = MC * 6  # die kinds
NK = MC * 6 * 2 * 4  # patient kinds

_at = 0


def _take(n: int) -> int:
    global _at
    base = _at
    _at += n
    return base


PHASE, ROUND, CURSOR, FIRST, NEXT_FIRST = (_take(1) for _ in range(5))
AMB_N = _take(1)  # ambulances on the table (0 outside the picks)
EFF_KIND = _take(1)  # pending specialist (-1: no effect pending)
EFF_N = _take(1)  # patients the ward just treated
EFF_P = _take(3)  # their kinds, rising
ORDER = _take(MP)
SUPPLY = _take(MC)
DRAWN = _take(MC)
ROLLED = _take(DK)
AMB = _take(MAXAMB * DK)
TAKEN = _take(MP)
INCOMING = _take(DK)
WDECK = _take(NW)
SDECK = _take(NS)
WMKT = _take(NW)
SMKT = _take(NS)
WGONE = _take(NW)
SGONE = _take(NS)
ADECK = _take(NAD)
AHAND = _take(NAD)
ABOX = _take(NAD)
HOSP = _take(0)

# One hospital, relative to HOSP + player * HSZ
_at = 0
PAT = _take(NK)
LOUNGE = _take(MC)
MORT = _take(MC)
MORTALITY = _take(1)
BLOOD = _take(1)
POINTS = _take(1)
ADMIN = _take(1)
WARDS = _take(NW)
SPECS = _take(NS)
UW = _take(NW)
US = _take(NS)
NURSES = _take(1)
EVICTED = _take(1)
NPAT = _take(1)
HSZ = _take(0)

NSTATE = HOSP + MP * HSZ

# Action rows: verb, then its fields
NA = 16
MAX_ACTIONS = 16384
(
    V_DRAW,
    V_SET,
    V_KEEP_ADMIN,
    V_REVEAL,
    V_PLACE,
    V_TAKE_AMB,
    V_EVICT,
    V_TAKE_WARD,
    V_TAKE_SPEC,
    V_TRADE_WARD,
    V_TRADE_SPEC,
    V_DISC_WARD,
    V_DISC_SPEC,
    V_KEEP_TILES,
    V_ACTIVATE,
    V_SPEC_HEAL,
    V_DECLINE,
    V_BLOOD_HEAL,
    V_RECOLOUR,
    V_END,
) = range(20)

# Config and readings: the array K
_at = 0
K_P, K_C, K_AMBS, K_AMB_DICE, K_CAP, K_NURSES, K_ROUNDS, K_WREV, K_SREV = (
    _take(1) for _ in range(9)
)
K_START_N = _take(1)
K_START = _take(6)  # starting values (crisis values with that variant)
K_CRISIS_CHOOSE = _take(1)  # crisis start with chosen colours (no draw)
K_EPIDEMIC, K_SUPERBUG = _take(1), _take(1)
K_BOARD = _take(NW)
K_WSIZE, K_WSTEPS, K_WCOL, K_WMATCH = _take(NW), _take(NW), _take(NW), _take(NW)
K_SCOL, K_STARGET = _take(NS), _take(NS)
K_SOLO_BAR = _take(1)  # DH-SOLO=first-player-bar
K_AMB_VALUE = _take(1)  # DH-AMBULANCE-VALUE: 0 number, 1 pip-sum, 2 number-one
K_EXTRA = _take(1)  # DH-EXTRA-REVEAL: 0 none (not two players), 1 admission, 2 expansion, 3 twice
K_EVICT = _take(1)  # DH-EVICT-WHO: 0 player-chooses, 1 sickest-first, 2 all-current
K_MORT_RETURN, K_RECYCLE = _take(1), _take(1)
K_EXP_DISCARD = _take(1)  # DH-EXPANSION-DISCARD: 0 instead-of-taking, 1 owned-tile, 2 same
K_PAST6 = _take(1)  # DH-PAST-6: 0 discharge, 1 stop-at-6
K_OVER12 = _take(1)  # DH-OVER-12: 0 five-each, 1 rising, 2 nothing
K_EMPTY = _take(1)  # DH-EMPTY-HOSPITAL: 0 discharged-and-empty, 1 any-empty, 2 all-discharged
K_SUPERBUG_FLOOR = _take(1)  # DH-SUPERBUG-2=floor-1
K_BLOOD_MARKS, K_TINT_ROUND, K_EFFECT_OPT = _take(1), _take(1), _take(1)
K_EPI_D6 = _take(1)  # DH-EPIDEMIC-ROLL=plain-d6
K_TIE_SHARED = _take(1)
K_FINAL = _take(1)  # DH-FINAL-TOKENS: 0 per-token, 1 once, 2 bag-once
K_ARRIVAL_MARK, K_EVERY_MEEPLE, K_DEALT, K_LAST_SEAT = (_take(1) for _ in range(4))
K_NURSE_AGAIN = _take(1)  # DH-NURSE-MOVES=again
K_GROUP_SIX_OUT = _take(1)  # DH-GROUP-SIX=excluded
K_TILE_WAITS = _take(1)  # DH-NEW-TILE=next-round
K_UNTAKEN_STAY = _take(1)  # DH-UNTAKEN-DICE=stay
K_LOUNGE_IN = _take(1)  # DH-LOUNGE=in-hospital
K_PLANTED = _take(1)  # a planted bug (tests only; 0 = none)
NK_CONFIG = _take(0)


def pcode(colour: int, health: int, treated: int, tint: int) -> int:
    """The kind of a patient record (rising with the tuple)."""
    return ((colour * 6 + health - 1) * 2 + treated) * 4 + tint + 1


def pfields(code: int) -> tuple[int, int, int, int]:
    rest, tint = divmod(code, 4)
    rest, treated = divmod(rest, 2)
    colour, h = divmod(rest, 6)
    return colour, h + 1, treated, tint - 1
