"""A compiled HHH kernel: the same rules over a flat integer state (Numba), for speed.

The pure-Python model (``models/hhh/``) stays the reference; this package repeats its
rules over ``int64`` arrays (:mod:`.layout`), with readings and config values as data
(:mod:`.codec`), chance enumerated exactly or sampled cube by cube (:mod:`.chance`,
:mod:`.weights`), legal actions in the reference's order (:mod:`.legal`), and whole games
with the random, greedy and mixed players inside the kernel (:mod:`.play`).
``tests/test_hhh_kernel*.py`` prove it equal to the reference; ``docs/kernels.md`` says
why Numba and how.
"""

from __future__ import annotations

from typing import Any

from hhh_verify.contract.coverage import Coverage

from ..rules import readings as R
from ..rules.model import HHHModel
from .cache import ensure_fresh

ensure_fresh()


#: The options this kernel compiles (:mod:`hhh_verify.contract.coverage`): every option
#: the reference model had when the kernel was written. A new option is listed here with
#: its kernel code; until then commands play the reference model under it (and say so).
#: ``tests/test_kernel_agreement.py`` compares the kernel with the model under every
#: option listed. ``slowdown``: how many times slower the reference model plays the same
#: games, measured by ``benchmarks/reference_cost.py`` (its printed ratio).
COMPILED = Coverage.of(
    R.ROOM_CAP.SIX_TOTAL,
    R.ROOM_CAP.SIX_INSTALLED,
    R.ROOM_CAP.EVERY_PHASE,
    R.SETUP_LEVEL5.DIES,
    R.SETUP_LEVEL5.RETURN_EXCESS,
    R.SETUP_ORDER.BEFORE_WAITING,
    R.SETUP_ORDER.AFTER_WAITING,
    R.STAFF_ROUND1.NONE_IN_ROUND_1,
    R.STAFF_ROUND1.REVEAL_AT_SETUP,
    R.STAFF_POOL.TWO_CATS,
    R.STAFF_POOL.TWO_CFOS,
    R.TRAINING_COUNT.EIGHTEEN,
    R.TRAINING_COUNT.TWENTY,
    R.WARD_BEDS.AS_CONFIG,
    R.WARD_BEDS.ONE_FEWER,
    R.WAITING_SPOTS.AS_CONFIG,
    R.WAITING_SPOTS.ONE_FEWER,
    R.WARD_ABILITY.NO_EFFECT,
    R.WARD_ABILITY.SHIELD_FIRST,
    R.TRANSFER_WR_DEST.LEVEL_3_4_ANY,
    R.TRANSFER_WR_DEST.WARDS_ONLY,
    R.TRANSFER_WR_DEST.ANY_LEVEL_ROOMS,
    R.TR_OVERFLOW.DIES,
    R.TR_OVERFLOW.CAPPED,
    R.TR_TO_WARD_5.DIES,
    R.TR_TO_WARD_5.FORBIDDEN,
    R.ER_RETURN.EMPTIEST,
    R.ER_RETURN.FIRST_ROOM,
    R.ER_COSTS.WARD_LIKE,
    R.ER_COSTS.TREATMENT_LIKE,
    R.REBAG_AFTER_HEAL.ANY_HEAL,
    R.REBAG_AFTER_HEAL.LEVEL_REDUCED,
    R.UNAFFORDABLE.ALLOWED_LOSES,
    R.UNAFFORDABLE.FORBIDDEN,
    R.STAFF_HIREABLE.ALL_FACE_UP,
    R.STAFF_HIREABLE.THIS_ROUND,
    R.INTERN_ER.MOVES,
    R.INTERN_ER.NOT_ALLOWED,
    R.INTERN_TREATMENT.STAYS,
    R.INTERN_TREATMENT.TREATED,
    R.COO_TIMING.IMMEDIATELY,
    R.COO_TIMING.NEXT_ROUND,
    R.CHAPLAIN_TIMING.BETWEEN_ACTIONS,
    R.CHAPLAIN_TIMING.DURING_HEAL,
    R.REACTION_TIMING.ANY_IN_HEAL,
    R.REACTION_TIMING.LATEST_DRAW,
    R.END_REACTION.SAVED_TOKEN,
    R.END_REACTION.FORGONE,
    R.END_REACTION_LAST_ROUND.EVERY_ROUND,
    R.END_REACTION_LAST_ROUND.NOT_LAST,
    R.BB_RESTOCK_FLIP.TOKEN_ONLY,
    R.BB_RESTOCK_FLIP.FLIPS_CARD,
    R.BB_REBAG.YES,
    R.BB_REBAG.NO,
    R.BB_BLACK_ONLY.REFILL,
    R.BB_BLACK_ONLY.STOP,
    R.DRAW_EXHAUSTED.STOP,
    R.DRAW_EXHAUSTED.STUCK,
    R.TRAINING_BONUS.ONE,
    R.TRAINING_BONUS.TWO,
    R.NURSE_REFILL.REFILL,
    R.NURSE_REFILL.NO_REFILL,
    R.RESEARCH_DECK.ROTATING,
    R.RESEARCH_DECK.IDENTICAL,
    R.RESEARCH_ZERO.NEEDS_A_CUBE,
    R.RESEARCH_ZERO.HIRE_WITHOUT,
    R.RESEARCH_AMOUNT.ALL,
    R.RESEARCH_AMOUNT.UP_TO,
    R.RESEARCH_DECLINE.MAY_DECLINE,
    R.RESEARCH_DECLINE.MUST_CHOOSE,
    R.VISIT_CUBES.DISCARD,
    R.VISIT_CUBES.REBAG,
    R.EMPTY_BEDS_VARIANT.AT_ACTIVATION,
    R.EMPTY_BEDS_VARIANT.PER_PATIENT,
    R.WHITE_OUT.TOMBSTONE_ONLY,
    R.WHITE_OUT.ARRESTED,
    R.MORGUE.ABSENT,
    R.MORGUE.IN_DECK,
    R.MONEY_CAP.UNCAPPED,
    R.MONEY_CAP.CAPPED,
    R.RATING_BASIS.FINAL_MONEY,
    R.RATING_BASIS.PROFIT,
    R.FEWER_MARKERS.BEFORE_SETUP,
    R.FEWER_MARKERS.AFTER_SETUP,
    R.FEWER_WHITE.COLOURS_ONLY,
    R.FEWER_WHITE.WHITE_TOO,
    R.HEAL_DEATH_TIMING.AFTER_BONUSES,
    R.VISIT_DEATH_DRAWS.COMPLETE,
    R.ARREST_SETTLEMENT.UNPAID,
    R.NO_ADMIN_TOKENS.NONE,
    R.NO_ADMIN_TOKENS.KEPT,
    slowdown=10,
    measured="full preset, random player: 409 reference vs 4,028 kernel games/s",
)


def make_kernel(model: HHHModel) -> Any:
    """The kernel of ``model`` (compiles on first use; cached on disk afterwards)."""
    from .api import GameKernel
    from .cache import self_check

    self_check()
    return GameKernel(model)
