"""Every reading of ``hhh_verify.models.dice_hospital.rules.ambiguities`` as a constant: ``AMBIGUITY.OPTION``.

Generated from the registry by ``python -m hhh_verify.contract.readings`` (do not edit;
``tests/test_readings.py`` keeps it equal to the registry).
"""

from hhh_verify.contract.readings import Reading


class SOLO:
    """DH-SOLO: Can one person play, and how are ambulances chosen alone"""

    ID = "DH-SOLO"
    NO_SOLO = Reading(ID, "no-solo")
    FREE_PICK = Reading(ID, "free-pick")
    FIRST_PLAYER_BAR = Reading(ID, "first-player-bar")


class AMBULANCE_COUNT:
    """DH-AMBULANCE-COUNT: How many ambulances arrive each round"""

    ID = "DH-AMBULANCE-COUNT"
    PLAYERS_PLUS_ONE = Reading(ID, "players-plus-one")
    PLAYERS = Reading(ID, "players")


class AMBULANCE_VALUE:
    """DH-AMBULANCE-VALUE: What the 'value' of an ambulance is"""

    ID = "DH-AMBULANCE-VALUE"
    NUMBER = Reading(ID, "number")
    PIP_SUM = Reading(ID, "pip-sum")
    NUMBER_ONE = Reading(ID, "number-one")


class EXTRA_REVEAL:
    """DH-EXTRA-REVEAL: The two-player extra reveal is written in two phases"""

    ID = "DH-EXTRA-REVEAL"
    ADMISSION_ONCE = Reading(ID, "admission-once")
    EXPANSION_ONCE = Reading(ID, "expansion-once")
    TWICE = Reading(ID, "twice")


class CAPACITY:
    """DH-CAPACITY: Whether a hospital has a limited number of beds"""

    ID = "DH-CAPACITY"
    BOARD_LIMIT = Reading(ID, "board-limit")
    UNLIMITED = Reading(ID, "unlimited")


class EVICT_WHO:
    """DH-EVICT-WHO: Who goes to the mortuary when new patients find no room"""

    ID = "DH-EVICT-WHO"
    PLAYER_CHOOSES = Reading(ID, "player-chooses")
    SICKEST_FIRST = Reading(ID, "sickest-first")
    ALL_CURRENT = Reading(ID, "all-current")


class MORTUARY_DICE:
    """DH-MORTUARY-DICE: Whether mortuary dice ever return to the supply"""

    ID = "DH-MORTUARY-DICE"
    STAY = Reading(ID, "stay")
    RETURN = Reading(ID, "return")


class SUPPLY_SHORT:
    """DH-SUPPLY-SHORT: Too few dice left in the supply for the ambulances"""

    ID = "DH-SUPPLY-SHORT"
    FILL_IN_ORDER = Reading(ID, "fill-in-order")
    RECYCLE_MORTUARY = Reading(ID, "recycle-mortuary")


class EXPANSION_DISCARD:
    """DH-EXPANSION-DISCARD: What the blood-bag discard of the expansion phase discards"""

    ID = "DH-EXPANSION-DISCARD"
    INSTEAD_OF_TAKING = Reading(ID, "instead-of-taking")
    OWNED_TILE = Reading(ID, "owned-tile")
    SAME_PERMISSION = Reading(ID, "same-permission")


class PAST_6:
    """DH-PAST-6: Healing a patient past 6 with a several-step ward"""

    ID = "DH-PAST-6"
    DISCHARGE = Reading(ID, "discharge")
    STOP_AT_6 = Reading(ID, "stop-at-6")


class OVER_12:
    """DH-OVER-12: The 13th and later patient discharged in one round"""

    ID = "DH-OVER-12"
    FIVE_EACH = Reading(ID, "five-each")
    RISING = Reading(ID, "rising")
    NOTHING = Reading(ID, "nothing")


class EMPTY_HOSPITAL:
    """DH-EMPTY-HOSPITAL: When a hospital counts as 'left empty' for the 5-point bonus"""

    ID = "DH-EMPTY-HOSPITAL"
    DISCHARGED_AND_EMPTY = Reading(ID, "discharged-and-empty")
    ANY_EMPTY = Reading(ID, "any-empty")
    ALL_DISCHARGED = Reading(ID, "all-discharged")


class SUPERBUG_2:
    """DH-SUPERBUG-2: A neglected patient at health 2 under the resistant superbug"""

    ID = "DH-SUPERBUG-2"
    DIES = Reading(ID, "dies")
    FLOOR_1 = Reading(ID, "floor-1")


class BLOOD_TREATED:
    """DH-BLOOD-TREATED: Does a blood-bag heal count as treatment against neglect"""

    ID = "DH-BLOOD-TREATED"
    MARKS_TREATED = Reading(ID, "marks-treated")
    NO_MARK = Reading(ID, "no-mark")


class RECOLOUR:
    """DH-RECOLOUR: How long a blood bag's colour change lasts"""

    ID = "DH-RECOLOUR"
    ONE_ACTIVATION = Reading(ID, "one-activation")
    ROUND = Reading(ID, "round")


class SPECIALIST_OPTIONAL:
    """DH-SPECIALIST-OPTIONAL: Must a specialist's effect be used"""

    ID = "DH-SPECIALIST-OPTIONAL"
    MANDATORY = Reading(ID, "mandatory")
    OPTIONAL = Reading(ID, "optional")


class EPIDEMIC_ROLL:
    """DH-EPIDEMIC-ROLL: The value of the national-epidemic die"""

    ID = "DH-EPIDEMIC-ROLL"
    TWO_TO_FIVE = Reading(ID, "two-to-five")
    PLAIN_D6 = Reading(ID, "plain-d6")


class CRISIS_COLOURS:
    """DH-CRISIS-COLOURS: Who picks the colours of the crisis-start patients"""

    ID = "DH-CRISIS-COLOURS"
    CHOOSE = Reading(ID, "choose")
    RANDOM = Reading(ID, "random")


class TIE_REMAINS:
    """DH-TIE-REMAINS: A tie left after both tie-breakers"""

    ID = "DH-TIE-REMAINS"
    SHARED = Reading(ID, "shared")
    TURN_ORDER = Reading(ID, "turn-order")


class FINAL_TOKENS:
    """DH-FINAL-TOKENS: The end-of-game point for blood bags and penalty for mortality tokens: per token or once"""

    ID = "DH-FINAL-TOKENS"
    PER_TOKEN = Reading(ID, "per-token")
    ONCE = Reading(ID, "once")
    BAG_ONCE = Reading(ID, "bag-once")


class ARRIVAL_NEGLECT:
    """DH-ARRIVAL-NEGLECT: Are patients admitted this round neglected at its end"""

    ID = "DH-ARRIVAL-NEGLECT"
    NEGLECTED = Reading(ID, "neglected")
    ARRIVALS_EXEMPT = Reading(ID, "arrivals-exempt")


class PLACEMENT_OPTIONAL:
    """DH-PLACEMENT-OPTIONAL: Must a player use every meeple that can still be placed"""

    ID = "DH-PLACEMENT-OPTIONAL"
    OPTIONAL = Reading(ID, "optional")
    EVERY_MEEPLE = Reading(ID, "every-meeple")


class AMBULANCE_FILL:
    """DH-AMBULANCE-FILL: How the sorted dice go into the ambulances: each ambulance filled in turn, or dealt one at a time"""

    ID = "DH-AMBULANCE-FILL"
    LOWEST_FIRST = Reading(ID, "lowest-first")
    DEALT = Reading(ID, "dealt")


class LAST_PLAYER:
    """DH-LAST-PLAYER: Who is the 'last player' who places tied dice"""

    ID = "DH-LAST-PLAYER"
    LAST_THIS_ROUND = Reading(ID, "last-this-round")
    LAST_SEAT = Reading(ID, "last-seat")
