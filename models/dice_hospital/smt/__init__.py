"""The Dice Hospital Z3 encoding: the single-colour, two-player numeric core, exactly.

``layout`` names the integer fields of a symbolic state and projects concrete states
onto them; ``encoding`` is the transition relation (one disjunct per model step);
``goals`` and ``queries`` are what ``reach --engine z3`` and ``query`` ask of it.
"""

from hhh_verify.contract.coverage import Coverage

from ..rules import readings as R

#: The options this encoding covers (:mod:`hhh_verify.contract.coverage`): every option but the five the encoding leaves out (``layout.scope_error``
#: says why: DH-AMBULANCE-VALUE pip-sum / number-one, DH-PLACEMENT-OPTIONAL=every-meeple,
#: DH-AMBULANCE-FILL=dealt, DH-EMPTY-HOSPITAL=all-discharged).
#: A new option is listed here with its encoding; until then a query under it answers
#: "not encoded" (``SmtSupport.encode``).
ENCODED = Coverage.of(
    R.SOLO.NO_SOLO,
    R.SOLO.FREE_PICK,
    R.SOLO.FIRST_PLAYER_BAR,
    R.AMBULANCE_COUNT.PLAYERS_PLUS_ONE,
    R.AMBULANCE_COUNT.PLAYERS,
    R.AMBULANCE_VALUE.NUMBER,
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
    R.AMBULANCE_FILL.LOWEST_FIRST,
    R.LAST_PLAYER.LAST_THIS_ROUND,
    R.LAST_PLAYER.LAST_SEAT,
    R.NURSE_MOVES.ONCE,
    R.NURSE_MOVES.AGAIN,
    R.GROUP_SIX.COUNTS,
    R.GROUP_SIX.EXCLUDED,
    R.NEW_TILE.THIS_ROUND,
    R.NEW_TILE.NEXT_ROUND,
    R.UNTAKEN_DICE.TO_BAG,
    R.LOUNGE.OUT,
    R.LOUNGE.IN_HOSPITAL,
)
