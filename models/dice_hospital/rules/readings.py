"""Every reading of ``hhh_verify.models.dice_hospital.rules.ambiguities`` as an enum member: ``AMBIGUITY.OPTION``.

Generated from the registry by ``python -m hhh_verify.contract.readings`` (do not edit;
``tests/test_readings.py`` keeps it equal to the registry).
"""

from hhh_verify.contract.readings import Reading, ambiguity


@ambiguity("DH-SOLO")
class SOLO(Reading):
    """DH-SOLO: Can one person play, and how are ambulances chosen alone"""

    NO_SOLO = "no-solo"
    FREE_PICK = "free-pick"
    FIRST_PLAYER_BAR = "first-player-bar"


@ambiguity("DH-AMBULANCE-COUNT")
class AMBULANCE_COUNT(Reading):
    """DH-AMBULANCE-COUNT: How many ambulances arrive each round"""

    PLAYERS_PLUS_ONE = "players-plus-one"
    PLAYERS = "players"


@ambiguity("DH-AMBULANCE-VALUE")
class AMBULANCE_VALUE(Reading):
    """DH-AMBULANCE-VALUE: What the 'value' of an ambulance is"""

    NUMBER = "number"
    PIP_SUM = "pip-sum"
    NUMBER_ONE = "number-one"


@ambiguity("DH-EXTRA-REVEAL")
class EXTRA_REVEAL(Reading):
    """DH-EXTRA-REVEAL: The two-player extra reveal is written in two phases"""

    ADMISSION_ONCE = "admission-once"
    EXPANSION_ONCE = "expansion-once"
    TWICE = "twice"


@ambiguity("DH-CAPACITY")
class CAPACITY(Reading):
    """DH-CAPACITY: Whether a hospital has a limited number of beds"""

    BOARD_LIMIT = "board-limit"
    UNLIMITED = "unlimited"


@ambiguity("DH-EVICT-WHO")
class EVICT_WHO(Reading):
    """DH-EVICT-WHO: Who goes to the mortuary when new patients find no room"""

    PLAYER_CHOOSES = "player-chooses"
    SICKEST_FIRST = "sickest-first"
    ALL_CURRENT = "all-current"


@ambiguity("DH-MORTUARY-DICE")
class MORTUARY_DICE(Reading):
    """DH-MORTUARY-DICE: Whether mortuary dice ever return to the supply"""

    STAY = "stay"
    RETURN = "return"


@ambiguity("DH-SUPPLY-SHORT")
class SUPPLY_SHORT(Reading):
    """DH-SUPPLY-SHORT: Too few dice left in the supply for the ambulances"""

    FILL_IN_ORDER = "fill-in-order"
    RECYCLE_MORTUARY = "recycle-mortuary"


@ambiguity("DH-EXPANSION-DISCARD")
class EXPANSION_DISCARD(Reading):
    """DH-EXPANSION-DISCARD: What the blood-bag discard of the expansion phase discards"""

    INSTEAD_OF_TAKING = "instead-of-taking"
    OWNED_TILE = "owned-tile"
    SAME_PERMISSION = "same-permission"


@ambiguity("DH-PAST-6")
class PAST_6(Reading):
    """DH-PAST-6: Healing a patient past 6 with a several-step ward"""

    DISCHARGE = "discharge"
    STOP_AT_6 = "stop-at-6"


@ambiguity("DH-OVER-12")
class OVER_12(Reading):
    """DH-OVER-12: The 13th and later patient discharged in one round"""

    FIVE_EACH = "five-each"
    RISING = "rising"
    NOTHING = "nothing"


@ambiguity("DH-EMPTY-HOSPITAL")
class EMPTY_HOSPITAL(Reading):
    """DH-EMPTY-HOSPITAL: When a hospital counts as 'left empty' for the 5-point bonus"""

    DISCHARGED_AND_EMPTY = "discharged-and-empty"
    ANY_EMPTY = "any-empty"
    ALL_DISCHARGED = "all-discharged"


@ambiguity("DH-SUPERBUG-2")
class SUPERBUG_2(Reading):
    """DH-SUPERBUG-2: A neglected patient at health 2 under the resistant superbug"""

    DIES = "dies"
    FLOOR_1 = "floor-1"


@ambiguity("DH-BLOOD-TREATED")
class BLOOD_TREATED(Reading):
    """DH-BLOOD-TREATED: Does a blood-bag heal count as treatment against neglect"""

    MARKS_TREATED = "marks-treated"
    NO_MARK = "no-mark"


@ambiguity("DH-RECOLOUR")
class RECOLOUR(Reading):
    """DH-RECOLOUR: How long a blood bag's colour change lasts"""

    ONE_ACTIVATION = "one-activation"
    ROUND = "round"


@ambiguity("DH-SPECIALIST-OPTIONAL")
class SPECIALIST_OPTIONAL(Reading):
    """DH-SPECIALIST-OPTIONAL: Must a specialist's effect be used"""

    MANDATORY = "mandatory"
    OPTIONAL = "optional"


@ambiguity("DH-EPIDEMIC-ROLL")
class EPIDEMIC_ROLL(Reading):
    """DH-EPIDEMIC-ROLL: The value of the national-epidemic die"""

    TWO_TO_FIVE = "two-to-five"
    PLAIN_D6 = "plain-d6"


@ambiguity("DH-CRISIS-COLOURS")
class CRISIS_COLOURS(Reading):
    """DH-CRISIS-COLOURS: Who picks the colours of the crisis-start patients"""

    CHOOSE = "choose"
    RANDOM = "random"


@ambiguity("DH-TIE-REMAINS")
class TIE_REMAINS(Reading):
    """DH-TIE-REMAINS: A tie left after both tie-breakers"""

    SHARED = "shared"
    TURN_ORDER = "turn-order"


@ambiguity("DH-FINAL-TOKENS")
class FINAL_TOKENS(Reading):
    """DH-FINAL-TOKENS: The end-of-game point for blood bags and penalty for mortality tokens: per token or once"""

    PER_TOKEN = "per-token"
    ONCE = "once"
    BAG_ONCE = "bag-once"


@ambiguity("DH-ARRIVAL-NEGLECT")
class ARRIVAL_NEGLECT(Reading):
    """DH-ARRIVAL-NEGLECT: Are patients admitted this round neglected at its end"""

    NEGLECTED = "neglected"
    ARRIVALS_EXEMPT = "arrivals-exempt"


@ambiguity("DH-PLACEMENT-OPTIONAL")
class PLACEMENT_OPTIONAL(Reading):
    """DH-PLACEMENT-OPTIONAL: Must a player use every meeple that can still be placed"""

    OPTIONAL = "optional"
    EVERY_MEEPLE = "every-meeple"


@ambiguity("DH-AMBULANCE-FILL")
class AMBULANCE_FILL(Reading):
    """DH-AMBULANCE-FILL: How the sorted dice go into the ambulances: each ambulance filled in turn, or dealt one at a time"""

    LOWEST_FIRST = "lowest-first"
    DEALT = "dealt"


@ambiguity("DH-LAST-PLAYER")
class LAST_PLAYER(Reading):
    """DH-LAST-PLAYER: Who is the 'last player' who places tied dice"""

    LAST_THIS_ROUND = "last-this-round"
    LAST_SEAT = "last-seat"


@ambiguity("DH-NURSE-MOVES")
class NURSE_MOVES(Reading):
    """DH-NURSE-MOVES: May a nurse be moved more than once a round"""

    ONCE = "once"
    AGAIN = "again"


@ambiguity("DH-GROUP-SIX")
class GROUP_SIX(Reading):
    """DH-GROUP-SIX: May a patient at health 6 be one of a group ward's group"""

    COUNTS = "counts"
    EXCLUDED = "excluded"


@ambiguity("DH-NEW-TILE")
class NEW_TILE(Reading):
    """DH-NEW-TILE: Is a ward or specialist taken in the expansion usable in the same round's activation"""

    THIS_ROUND = "this-round"
    NEXT_ROUND = "next-round"


@ambiguity("DH-UNTAKEN-DICE")
class UNTAKEN_DICE(Reading):
    """DH-UNTAKEN-DICE: What happens to the dice of an ambulance nobody took"""

    TO_BAG = "to-bag"
    STAY = "stay"


@ambiguity("DH-LOUNGE")
class LOUNGE(Reading):
    """DH-LOUNGE: Are the dice in the discharge lounge still in the hospital"""

    OUT = "out"
    IN_HOSPITAL = "in-hospital"
