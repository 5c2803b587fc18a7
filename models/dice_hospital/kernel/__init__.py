"""A compiled Dice Hospital kernel: the same rules over a flat integer state (Numba).

The pure-Python model (``models/dice_hospital/``) stays the reference; this package
repeats its rules over ``int64`` arrays (:mod:`.layout`), with readings and config values
as data (:mod:`.codec`), chance enumerated exactly or sampled die by die
(:mod:`.chance`, :mod:`.weights`), and whole games with the random, greedy and mixed
players inside the kernel (:mod:`.play`). ``tests/test_dice_hospital_kernel*.py`` prove
it equal to the reference.
"""

from __future__ import annotations

from typing import Any

from hhh_verify.contract.coverage import Coverage

from ..rules import readings as R
from ..rules.model import DHModel
from .cache import ensure_fresh

ensure_fresh()


#: The options this kernel compiles (:mod:`hhh_verify.contract.coverage`): every option
#: the reference model had when the kernel was written. A new option is listed here with
#: its kernel code; until then commands play the reference model under it (and say so).
#: ``tests/test_kernel_agreement.py`` compares the kernel with the model under every
#: option listed. ``slowdown``: how many times slower the reference model plays the same
#: games, measured by ``benchmarks/reference_cost.py`` (its printed ratio).
COMPILED = Coverage.of(
    R.SOLO.NO_SOLO,
    R.SOLO.FREE_PICK,
    R.SOLO.FIRST_PLAYER_BAR,
    R.AMBULANCE_COUNT.PLAYERS_PLUS_ONE,
    R.AMBULANCE_COUNT.PLAYERS,
    R.AMBULANCE_VALUE.NUMBER,
    R.AMBULANCE_VALUE.PIP_SUM,
    R.AMBULANCE_VALUE.NUMBER_ONE,
    R.EXTRA_REVEAL.ADMISSION_ONCE,
    R.EXTRA_REVEAL.EXPANSION_ONCE,
    R.EXTRA_REVEAL.TWICE,
    R.CAPACITY.BOARD_LIMIT,
    R.CAPACITY.UNLIMITED,
    R.EVICT_WHO.PLAYER_CHOOSES,
    R.EVICT_WHO.SICKEST_FIRST,
    R.EVICT_WHO.ALL_CURRENT,
    R.MORTUARY_DICE.STAY,
    R.MORTUARY_DICE.RETURN,
    R.SUPPLY_SHORT.FILL_IN_ORDER,
    R.SUPPLY_SHORT.RECYCLE_MORTUARY,
    R.EXPANSION_DISCARD.INSTEAD_OF_TAKING,
    R.EXPANSION_DISCARD.OWNED_TILE,
    R.EXPANSION_DISCARD.SAME_PERMISSION,
    R.PAST_6.DISCHARGE,
    R.PAST_6.STOP_AT_6,
    R.OVER_12.FIVE_EACH,
    R.OVER_12.RISING,
    R.OVER_12.NOTHING,
    R.EMPTY_HOSPITAL.DISCHARGED_AND_EMPTY,
    R.EMPTY_HOSPITAL.ANY_EMPTY,
    R.EMPTY_HOSPITAL.ALL_DISCHARGED,
    R.SUPERBUG_2.DIES,
    R.SUPERBUG_2.FLOOR_1,
    R.BLOOD_TREATED.MARKS_TREATED,
    R.BLOOD_TREATED.NO_MARK,
    R.RECOLOUR.ONE_ACTIVATION,
    R.RECOLOUR.ROUND,
    R.SPECIALIST_OPTIONAL.MANDATORY,
    R.SPECIALIST_OPTIONAL.OPTIONAL,
    R.EPIDEMIC_ROLL.TWO_TO_FIVE,
    R.EPIDEMIC_ROLL.PLAIN_D6,
    R.CRISIS_COLOURS.CHOOSE,
    R.CRISIS_COLOURS.RANDOM,
    R.TIE_REMAINS.SHARED,
    R.TIE_REMAINS.TURN_ORDER,
    R.FINAL_TOKENS.PER_TOKEN,
    R.FINAL_TOKENS.ONCE,
    R.FINAL_TOKENS.BAG_ONCE,
    R.ARRIVAL_NEGLECT.NEGLECTED,
    R.ARRIVAL_NEGLECT.ARRIVALS_EXEMPT,
    R.PLACEMENT_OPTIONAL.OPTIONAL,
    R.PLACEMENT_OPTIONAL.EVERY_MEEPLE,
    R.AMBULANCE_FILL.LOWEST_FIRST,
    R.AMBULANCE_FILL.DEALT,
    R.LAST_PLAYER.LAST_THIS_ROUND,
    R.LAST_PLAYER.LAST_SEAT,
    R.NURSE_MOVES.ONCE,
    R.NURSE_MOVES.AGAIN,
    R.GROUP_SIX.COUNTS,
    R.GROUP_SIX.EXCLUDED,
    R.NEW_TILE.THIS_ROUND,
    R.NEW_TILE.NEXT_ROUND,
    R.UNTAKEN_DICE.TO_BAG,
    R.UNTAKEN_DICE.STAY,
    R.LOUNGE.OUT,
    R.LOUNGE.IN_HOSPITAL,
    slowdown=150,
    measured="full preset, random player: 17 reference vs 2,525 kernel games/s",
)


def make_kernel(model: DHModel) -> Any:
    """The kernel of ``model`` (compiles on first use; cached on disk afterwards)."""
    from .api import GameKernel
    from .cache import self_check

    self_check()
    return GameKernel(model)
