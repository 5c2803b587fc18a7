"""A compiled Royal Hospital kernel: the same rules over a flat integer state (Numba).

The pure-Python model (``models/royal_hospital/``) stays the reference; this package
repeats its rules over ``int64`` arrays (:mod:`.layout`), with readings, config values
and card tables as data (:mod:`.codec`). Hidden information is kept as the model keeps
it: the Patient deck as counts per visible class, unresolved cards per type and the
returned pile, so a draw or a flip is the same chance node with the same odds.
``tests/test_royal_hospital_kernel*.py`` prove it equal to the reference.
"""

from __future__ import annotations

from typing import Any

from hhh_verify.contract.coverage import Coverage

from ..rules import readings as R
from ..rules.model import RHModel
from .cache import ensure_fresh

ensure_fresh()


#: The options this kernel compiles (:mod:`hhh_verify.contract.coverage`): every option
#: the reference model had when the kernel was written. A new option is listed here with
#: its kernel code; until then commands play the reference model under it (and say so).
#: ``tests/test_kernel_agreement.py`` compares the kernel with the model under every
#: option listed. ``slowdown``: how many times slower the reference model plays the same
#: games, measured by ``benchmarks/reference_cost.py`` (its printed ratio).
COMPILED = Coverage.of(
    R.CARD_NAMES.TRIALS_ADD_SPACE,
    R.CARD_NAMES.ONLY_CLINICS_ADD_SPACE,
    R.CREDIT_START.FIFTEEN,
    R.CREDIT_START.FIVE,
    R.CREDIT_START.TEN,
    R.ROUND_PATIENTS.SAME_NUMBER,
    R.ROUND_PATIENTS.OWN_ROW,
    R.GAME_END.FIXED_ROUNDS,
    R.GAME_END.PATIENT_DECK_EMPTY,
    R.RESOURCES_KEEP.KEEP,
    R.RESOURCES_KEEP.DISCARD,
    R.RESEARCH_IN_TREATMENT.STAFF_ONLY,
    R.RESEARCH_IN_TREATMENT.RESEARCH_TOO,
    R.CRITICAL_COST.DIAGNOSE_AND_HEAL,
    R.CRITICAL_COST.HEALING_ONLY,
    R.CRITICAL_DEADLINE.FIRST_CLEANUP,
    R.CRITICAL_DEADLINE.SECOND_CLEANUP,
    R.TERMINAL_UPKEEP.EVERY_ROUND,
    R.TERMINAL_UPKEEP.ARRIVAL_ROUND_ONLY,
    R.TERMINAL_COST.ONE_HEALING,
    R.TERMINAL_COST.CARD_COST,
    R.TERMINAL_REWARD.EVERY_TREATMENT,
    R.TERMINAL_REWARD.FIRST_TREATMENT,
    R.TERMINAL_REWARD.NONE,
    R.PRIORITY_3.TERMINAL_SLIP,
    R.PRIORITY_3.CHRONIC_DIE,
    R.QOC_SCORING.OFFSET,
    R.QOC_SCORING.POSITION,
    R.QOC_FLOOR.CLAMP,
    R.QOC_FLOOR.BELOW_ZERO,
    R.AMBULANCE_WRAP.FOURTEEN_SPACES,
    R.AMBULANCE_WRAP.THIRTEEN_SPACES,
    R.DOCTOR_PASS.REACH_OR_PASS,
    R.DOCTOR_PASS.EXACT,
    R.PRODUCTION_BONUS.ALWAYS,
    R.PRODUCTION_BONUS.CARD_PLAY_ONLY,
    R.REWARD_ORDER.DEPTH_FIRST,
    R.REWARD_ORDER.IN_SEQUENCE,
    R.INSURANCE_COUNTER.LEVELS_SUM,
    R.INSURANCE_COUNTER.COMPANIES_ENTERED,
    R.COMPARE_COUNTERS.PRODUCTION,
    R.COMPARE_COUNTERS.TOKENS,
    R.HEALED_COST.SPEND,
    R.HEALED_COST.THRESHOLD,
    R.HELICOPTER_BOTH.BOTH_ALLOWED,
    R.HELICOPTER_BOTH.ONE_ONLY,
    R.HELICOPTER_DISCARD.FREE,
    R.HELICOPTER_DISCARD.COSTS_QUALITY,
    R.HELICOPTER_ORDER.FROM_SENDER,
    R.HELICOPTER_ORDER.TURN_ORDER,
    R.MEDICAL_EMPTY.RESHUFFLE,
    R.MEDICAL_EMPTY.NO_DRAW,
    R.STARTING_CARD.IN_PLAY,
    R.STARTING_CARD.IN_HAND,
    R.ACTIVATE_SAME_ROUND.SAME_ROUND,
    R.ACTIVATE_SAME_ROUND.NEXT_ROUND,
    R.TIE_PATIENTS.HOSPITAL_ONLY,
    R.TIE_PATIENTS.WITH_TERMINALS,
    R.TIE_CARD_VALUE.CREDIT_COST,
    R.TIE_CARD_VALUE.CREDIT_REWARD,
    R.TIE_RESOURCES.PRODUCTION,
    R.TIE_RESOURCES.TOKENS,
    R.FINAL_TIE.SHARED,
    R.FINAL_TIE.LATER_IN_TURN_ORDER,
    R.SOLO.SAME_RULES,
    R.SOLO.REJECT,
    R.PARTIAL_PAYMENT.WHOLE,
    R.PARTIAL_PAYMENT.PARTIAL,
    R.INSURANCE_MAX.NOTHING,
    R.INSURANCE_MAX.ANOTHER_COMPANY,
    R.DOCTOR_SUBSTITUTE.AS_STAFF,
    R.DOCTOR_SUBSTITUTE.NOT_IN_TREATMENT,
    R.DRAW_CARD.MEDICAL,
    R.DRAW_CARD.PATIENT,
    R.EXTRA_DRAWS.MEDICAL_ONLY,
    R.EXTRA_DRAWS.PATIENTS_TOO,
    R.DOCTOR_REWARD.SUPPLY,
    R.TERMINAL_CARD.DECK_TOP,
    R.TERMINAL_CARD.STAYS,
    R.VP_FLOOR.NEGATIVE,
    R.VP_FLOOR.ZERO,
    R.HELICOPTER_TERMINAL.HOSPITAL_ONLY,
    slowdown=41,
    measured="full preset, random player: 47 reference vs 1,919 kernel games/s",
)


def make_kernel(model: RHModel) -> Any:
    """The kernel of ``model`` (compiles on first use; cached on disk afterwards)."""
    from .api import GameKernel
    from .cache import self_check

    self_check()
    return GameKernel(model)
