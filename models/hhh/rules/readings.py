"""Every reading of ``hhh_verify.models.hhh.rules.ambiguities`` as a constant: ``AMBIGUITY.OPTION``.

Generated from the registry by ``python -m hhh_verify.contract.readings`` (do not edit;
``tests/test_readings.py`` keeps it equal to the registry).
"""

from hhh_verify.contract.readings import Reading


class ROOM_CAP:
    """HHH-ROOM-CAP: How many New Room cards are ever placed"""

    ID = "HHH-ROOM-CAP"
    SIX_TOTAL = Reading(ID, "six-total")
    SIX_INSTALLED = Reading(ID, "six-installed")
    EVERY_PHASE = Reading(ID, "every-phase")


class SETUP_LEVEL5:
    """HHH-SETUP-LEVEL5: A 5-cube Waiting Room patient drawn during setup"""

    ID = "HHH-SETUP-LEVEL5"
    DIES = Reading(ID, "dies")
    RETURN_EXCESS = Reading(ID, "return-excess")


class SETUP_ORDER:
    """HHH-SETUP-ORDER: When the first room's Blood Bank draw happens in setup"""

    ID = "HHH-SETUP-ORDER"
    BEFORE_WAITING = Reading(ID, "before-waiting")
    AFTER_WAITING = Reading(ID, "after-waiting")


class STAFF_ROUND1:
    """HHH-STAFF-ROUND1: Whether any Staff can be hired in round 1"""

    ID = "HHH-STAFF-ROUND1"
    NONE_IN_ROUND_1 = Reading(ID, "none-in-round-1")
    REVEAL_AT_SETUP = Reading(ID, "reveal-at-setup")


class STAFF_POOL:
    """HHH-STAFF-POOL: 12 Staff markers but 11 Staff in the Staff Index"""

    ID = "HHH-STAFF-POOL"
    TWO_CATS = Reading(ID, "two-cats")
    TWO_CFOS = Reading(ID, "two-cfos")


class TRAINING_COUNT:
    """HHH-TRAINING-COUNT: 18 or 20 Training markers"""

    ID = "HHH-TRAINING-COUNT"
    EIGHTEEN = Reading(ID, "eighteen")
    TWENTY = Reading(ID, "twenty")


class WARD_BEDS:
    """HHH-WARD-BEDS: Beds per Infirmary Ward"""

    ID = "HHH-WARD-BEDS"
    AS_CONFIG = Reading(ID, "as-config")
    ONE_FEWER = Reading(ID, "one-fewer")


class WAITING_SPOTS:
    """HHH-WAITING-SPOTS: Spots per colour in a Waiting Room"""

    ID = "HHH-WAITING-SPOTS"
    AS_CONFIG = Reading(ID, "as-config")
    ONE_FEWER = Reading(ID, "one-fewer")


class WARD_ABILITY:
    """HHH-WARD-ABILITY: Effects of the Ward Ability tokens"""

    ID = "HHH-WARD-ABILITY"
    NO_EFFECT = Reading(ID, "no-effect")
    SHIELD_FIRST = Reading(ID, "shield-first")


class TRANSFER_WR_DEST:
    """HHH-TRANSFER-WR-DEST: Can a Waiting Room patient go straight to a Treatment Room"""

    ID = "HHH-TRANSFER-WR-DEST"
    LEVEL_3_4_ANY = Reading(ID, "level-3-4-any")
    WARDS_ONLY = Reading(ID, "wards-only")
    ANY_LEVEL_ROOMS = Reading(ID, "any-level-rooms")


class TR_OVERFLOW:
    """HHH-TR-OVERFLOW: A Treatment Room patient healed into a level above the room's maximum"""

    ID = "HHH-TR-OVERFLOW"
    DIES = Reading(ID, "dies")
    CAPPED = Reading(ID, "capped")


class TR_TO_WARD_5:
    """HHH-TR-TO-WARD-5: A level-5 patient moved from an Improved Treatment Room to a Ward"""

    ID = "HHH-TR-TO-WARD-5"
    DIES = Reading(ID, "dies")
    FORBIDDEN = Reading(ID, "forbidden")


class ER_RETURN:
    """HHH-ER-RETURN: Where an Emergency Room patient healed below 5 cubes goes"""

    ID = "HHH-ER-RETURN"
    EMPTIEST = Reading(ID, "emptiest")
    FIRST_ROOM = Reading(ID, "first-room")


class ER_COSTS:
    """HHH-ER-COSTS: Draws, pay and death cost of the Emergency Room"""

    ID = "HHH-ER-COSTS"
    WARD_LIKE = Reading(ID, "ward-like")
    TREATMENT_LIKE = Reading(ID, "treatment-like")


class REBAG_AFTER_HEAL:
    """HHH-REBAG-AFTER-HEAL: Does a Doctor's 'after healing' Re-bag need a successful Heal"""

    ID = "HHH-REBAG-AFTER-HEAL"
    ANY_HEAL = Reading(ID, "any-heal")
    LEVEL_REDUCED = Reading(ID, "level-reduced")


class UNAFFORDABLE:
    """HHH-UNAFFORDABLE: Paying more than you have (Hire Staff, Blood Bank restock)"""

    ID = "HHH-UNAFFORDABLE"
    ALLOWED_LOSES = Reading(ID, "allowed-loses")
    FORBIDDEN = Reading(ID, "forbidden")


class STAFF_HIREABLE:
    """HHH-STAFF-HIREABLE: Which face-up Staff markers may be hired"""

    ID = "HHH-STAFF-HIREABLE"
    ALL_FACE_UP = Reading(ID, "all-face-up")
    THIS_ROUND = Reading(ID, "this-round")


class INTERN_ER:
    """HHH-INTERN-ER: The Intern on an Emergency Room patient"""

    ID = "HHH-INTERN-ER"
    MOVES = Reading(ID, "moves")
    NOT_ALLOWED = Reading(ID, "not-allowed")


class INTERN_TREATMENT:
    """HHH-INTERN-TREATMENT: The Intern on a patient on the Critical side of a Treatment Room"""

    ID = "HHH-INTERN-TREATMENT"
    STAYS = Reading(ID, "stays")
    TREATED = Reading(ID, "treated")


class COO_TIMING:
    """HHH-COO-TIMING: When the COO's extra Administrative token can first be used"""

    ID = "HHH-COO-TIMING"
    IMMEDIATELY = Reading(ID, "immediately")
    NEXT_ROUND = Reading(ID, "next-round")


class CHAPLAIN_TIMING:
    """HHH-CHAPLAIN-TIMING: When the Chaplain may flip the Administrator card"""

    ID = "HHH-CHAPLAIN-TIMING"
    BETWEEN_ACTIONS = Reading(ID, "between-actions")
    DURING_HEAL = Reading(ID, "during-heal")


class REACTION_TIMING:
    """HHH-REACTION-TIMING: Which black cubes count as 'just drawn' for reactions"""

    ID = "HHH-REACTION-TIMING"
    ANY_IN_HEAL = Reading(ID, "any-in-heal")
    LATEST_DRAW = Reading(ID, "latest-draw")


class END_REACTION:
    """HHH-END-REACTION: Can a token be kept for an end-of-Patient-Phase reaction"""

    ID = "HHH-END-REACTION"
    SAVED_TOKEN = Reading(ID, "saved-token")
    FORGONE = Reading(ID, "forgone")


class END_REACTION_LAST_ROUND:
    """HHH-END-REACTION-LAST-ROUND: The end-of-Patient-Phase reaction in the last round"""

    ID = "HHH-END-REACTION-LAST-ROUND"
    EVERY_ROUND = Reading(ID, "every-round")
    NOT_LAST = Reading(ID, "not-last")


class BB_RESTOCK_FLIP:
    """HHH-BB-RESTOCK-FLIP: Does restocking the Blood Bank flip the Administrator card"""

    ID = "HHH-BB-RESTOCK-FLIP"
    TOKEN_ONLY = Reading(ID, "token-only")
    FLIPS_CARD = Reading(ID, "flips-card")


class BB_REBAG:
    """HHH-BB-REBAG: May the Blood Bank cube be re-bagged"""

    ID = "HHH-BB-REBAG"
    YES = Reading(ID, "yes")
    NO = Reading(ID, "no")


class BB_BLACK_ONLY:
    """HHH-BB-BLACK-ONLY: Filling the Blood Bank when the bag holds only black cubes"""

    ID = "HHH-BB-BLACK-ONLY"
    REFILL = Reading(ID, "refill")
    STOP = Reading(ID, "stop")


class DRAW_EXHAUSTED:
    """HHH-DRAW-EXHAUSTED: A draw that cannot be completed"""

    ID = "HHH-DRAW-EXHAUSTED"
    STOP = Reading(ID, "stop")
    STUCK = Reading(ID, "stuck")


class TRAINING_BONUS:
    """HHH-TRAINING-BONUS: How many cubes a Training bonus draw gives"""

    ID = "HHH-TRAINING-BONUS"
    ONE = Reading(ID, "one")
    TWO = Reading(ID, "two")


class NURSE_REFILL:
    """HHH-NURSE-REFILL: Is the board room refilled after Ura Scapegote's free Training marker"""

    ID = "HHH-NURSE-REFILL"
    REFILL = Reading(ID, "refill")
    NO_REFILL = Reading(ID, "no-refill")


class RESEARCH_DECK:
    """HHH-RESEARCH-DECK: The 19 Research cards not shown"""

    ID = "HHH-RESEARCH-DECK"
    ROTATING = Reading(ID, "rotating")
    IDENTICAL = Reading(ID, "identical")


class RESEARCH_ZERO:
    """HHH-RESEARCH-ZERO: A Research benefit whose colour was not drawn"""

    ID = "HHH-RESEARCH-ZERO"
    NEEDS_A_CUBE = Reading(ID, "needs-a-cube")
    HIRE_WITHOUT = Reading(ID, "hire-without")


class RESEARCH_AMOUNT:
    """HHH-RESEARCH-AMOUNT: Must the Replace benefit replace its full count"""

    ID = "HHH-RESEARCH-AMOUNT"
    ALL = Reading(ID, "all")
    UP_TO = Reading(ID, "up-to")


class RESEARCH_DECLINE:
    """HHH-RESEARCH-DECLINE: May the players take no Research benefit although one is possible"""

    ID = "HHH-RESEARCH-DECLINE"
    MAY_DECLINE = Reading(ID, "may-decline")
    MUST_CHOOSE = Reading(ID, "must-choose")


class VISIT_CUBES:
    """HHH-VISIT-CUBES: What happens to cubes drawn during Visit the Wards"""

    ID = "HHH-VISIT-CUBES"
    DISCARD = Reading(ID, "discard")
    REBAG = Reading(ID, "rebag")


class EMPTY_BEDS_VARIANT:
    """HHH-EMPTY-BEDS-VARIANT: When the empty beds are counted in the variant without Ward abilities"""

    ID = "HHH-EMPTY-BEDS-VARIANT"
    AT_ACTIVATION = Reading(ID, "at-activation")
    PER_PATIENT = Reading(ID, "per-patient")


class WHITE_OUT:
    """HHH-WHITE-OUT: A cube patient dies when no white marker is left"""

    ID = "HHH-WHITE-OUT"
    TOMBSTONE_ONLY = Reading(ID, "tombstone-only")
    ARRESTED = Reading(ID, "arrested")


class MORGUE:
    """HHH-MORGUE: The Morgue"""

    ID = "HHH-MORGUE"
    ABSENT = Reading(ID, "absent")
    IN_DECK = Reading(ID, "in-deck")


class MONEY_CAP:
    """HHH-MONEY-CAP: Money above the track's $199"""

    ID = "HHH-MONEY-CAP"
    UNCAPPED = Reading(ID, "uncapped")
    CAPPED = Reading(ID, "capped")


class RATING_BASIS:
    """HHH-RATING-BASIS: What money the final rating reads"""

    ID = "HHH-RATING-BASIS"
    FINAL_MONEY = Reading(ID, "final-money")
    PROFIT = Reading(ID, "profit")


class FEWER_MARKERS:
    """HHH-FEWER-MARKERS: When the variant's missing Patient marker of each colour leaves"""

    ID = "HHH-FEWER-MARKERS"
    BEFORE_SETUP = Reading(ID, "before-setup")
    AFTER_SETUP = Reading(ID, "after-setup")


class NO_ADMIN_TOKENS:
    """HHH-NO-ADMIN-TOKENS: Administrative tokens in the variant without an Administrator"""

    ID = "HHH-NO-ADMIN-TOKENS"
    NONE = Reading(ID, "none")
    KEPT = Reading(ID, "kept")
