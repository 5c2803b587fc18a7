"""Every reading of ``hhh_verify.models.royal_hospital.rules.ambiguities`` as a constant: ``AMBIGUITY.OPTION``.

Generated from the registry by ``python -m hhh_verify.contract.readings`` (do not edit;
``tests/test_readings.py`` keeps it equal to the registry).
"""

from hhh_verify.contract.readings import Reading


class CARD_NAMES:
    """RH-CARD-NAMES: Card kinds: the colour key's names differ from the component list"""

    ID = "RH-CARD-NAMES"
    TRIALS_ADD_SPACE = Reading(ID, "trials-add-space")
    ONLY_CLINICS_ADD_SPACE = Reading(ID, "only-clinics-add-space")


class CREDIT_START:
    """RH-CREDIT-START: Starting credit production: two counters on the credit track"""

    ID = "RH-CREDIT-START"
    FIFTEEN = Reading(ID, "fifteen")
    FIVE = Reading(ID, "five")
    TEN = Reading(ID, "ten")


class ROUND_PATIENTS:
    """RH-ROUND-PATIENTS: How many patients the round track gives"""

    ID = "RH-ROUND-PATIENTS"
    SAME_NUMBER = Reading(ID, "same-number")
    OWN_ROW = Reading(ID, "own-row")


class GAME_END:
    """RH-GAME-END: When the game ends"""

    ID = "RH-GAME-END"
    FIXED_ROUNDS = Reading(ID, "fixed-rounds")
    PATIENT_DECK_EMPTY = Reading(ID, "patient-deck-empty")


class RESOURCES_KEEP:
    """RH-RESOURCES-KEEP: Whether unspent resources carry over to the next round"""

    ID = "RH-RESOURCES-KEEP"
    KEEP = Reading(ID, "keep")
    DISCARD = Reading(ID, "discard")


class RESEARCH_IN_TREATMENT:
    """RH-RESEARCH-IN-TREATMENT: May research tokens diagnose and heal (the example says so)"""

    ID = "RH-RESEARCH-IN-TREATMENT"
    STAFF_ONLY = Reading(ID, "staff-only")
    RESEARCH_TOO = Reading(ID, "research-too")


class CRITICAL_COST:
    """RH-CRITICAL-COST: What curing a critical patient costs"""

    ID = "RH-CRITICAL-COST"
    DIAGNOSE_AND_HEAL = Reading(ID, "diagnose-and-heal")
    HEALING_ONLY = Reading(ID, "healing-only")


class CRITICAL_DEADLINE:
    """RH-CRITICAL-DEADLINE: When an untreated critical patient dies"""

    ID = "RH-CRITICAL-DEADLINE"
    FIRST_CLEANUP = Reading(ID, "first-cleanup")
    SECOND_CLEANUP = Reading(ID, "second-cleanup")


class TERMINAL_UPKEEP:
    """RH-TERMINAL-UPKEEP: Does a terminal patient need healing every round"""

    ID = "RH-TERMINAL-UPKEEP"
    EVERY_ROUND = Reading(ID, "every-round")
    ARRIVAL_ROUND_ONLY = Reading(ID, "arrival-round-only")


class TERMINAL_COST:
    """RH-TERMINAL-COST: What treating a terminal patient costs"""

    ID = "RH-TERMINAL-COST"
    ONE_HEALING = Reading(ID, "one-healing")
    CARD_COST = Reading(ID, "card-cost")


class TERMINAL_REWARD:
    """RH-TERMINAL-REWARD: Which treatments of a terminal patient pay its card's reward"""

    ID = "RH-TERMINAL-REWARD"
    EVERY_TREATMENT = Reading(ID, "every-treatment")
    FIRST_TREATMENT = Reading(ID, "first-treatment")
    NONE = Reading(ID, "none")


class PRIORITY_3:
    """RH-PRIORITY-3: Priority 3: chronic patients or terminal patients"""

    ID = "RH-PRIORITY-3"
    TERMINAL_SLIP = Reading(ID, "terminal-slip")
    CHRONIC_DIE = Reading(ID, "chronic-die")


class QOC_SCORING:
    """RH-QOC-SCORING: Victory points for the final quality of care"""

    ID = "RH-QOC-SCORING"
    OFFSET = Reading(ID, "offset")
    POSITION = Reading(ID, "position")


class QOC_FLOOR:
    """RH-QOC-FLOOR: Quality of care below the track's first space"""

    ID = "RH-QOC-FLOOR"
    CLAMP = Reading(ID, "clamp")
    BELOW_ZERO = Reading(ID, "below-zero")


class AMBULANCE_WRAP:
    """RH-AMBULANCE-WRAP: Is space 0 of the endless ambulance track a space on the loop"""

    ID = "RH-AMBULANCE-WRAP"
    FOURTEEN_SPACES = Reading(ID, "fourteen-spaces")
    THIRTEEN_SPACES = Reading(ID, "thirteen-spaces")


class DOCTOR_PASS:
    """RH-DOCTOR-PASS: Does passing a congress doctor's space count as reaching it"""

    ID = "RH-DOCTOR-PASS"
    REACH_OR_PASS = Reading(ID, "reach-or-pass")
    EXACT = Reading(ID, "exact")


class PRODUCTION_BONUS:
    """RH-PRODUCTION-BONUS: Immediate resources when production rises outside a card play"""

    ID = "RH-PRODUCTION-BONUS"
    ALWAYS = Reading(ID, "always")
    CARD_PLAY_ONLY = Reading(ID, "card-play-only")


class REWARD_ORDER:
    """RH-REWARD-ORDER: When the rewards that a reward sets off are taken"""

    ID = "RH-REWARD-ORDER"
    DEPTH_FIRST = Reading(ID, "depth-first")
    IN_SEQUENCE = Reading(ID, "in-sequence")


class INSURANCE_COUNTER:
    """RH-INSURANCE-COUNTER: What the end-game 'Insurance companies' comparison counts"""

    ID = "RH-INSURANCE-COUNTER"
    LEVELS_SUM = Reading(ID, "levels-sum")
    COMPANIES_ENTERED = Reading(ID, "companies-entered")


class COMPARE_COUNTERS:
    """RH-COMPARE-COUNTERS: End-game Diagnosis, Healing, Research and Staff: production or tokens"""

    ID = "RH-COMPARE-COUNTERS"
    PRODUCTION = Reading(ID, "production")
    TOKENS = Reading(ID, "tokens")


class HEALED_COST:
    """RH-HEALED-COST: Does a clinical trial spend healed patients"""

    ID = "RH-HEALED-COST"
    SPEND = Reading(ID, "spend")
    THRESHOLD = Reading(ID, "threshold")


class HELICOPTER_BOTH:
    """RH-HELICOPTER-BOTH: May a helicopter both discard and make everyone draw"""

    ID = "RH-HELICOPTER-BOTH"
    BOTH_ALLOWED = Reading(ID, "both-allowed")
    ONE_ONLY = Reading(ID, "one-only")


class HELICOPTER_DISCARD:
    """RH-HELICOPTER-DISCARD: Does discarding a patient by helicopter cost quality of care"""

    ID = "RH-HELICOPTER-DISCARD"
    FREE = Reading(ID, "free")
    COSTS_QUALITY = Reading(ID, "costs-quality")


class HELICOPTER_ORDER:
    """RH-HELICOPTER-ORDER: In which order all players draw a helicopter's patient"""

    ID = "RH-HELICOPTER-ORDER"
    FROM_SENDER = Reading(ID, "from-sender")
    TURN_ORDER = Reading(ID, "turn-order")


class MEDICAL_EMPTY:
    """RH-MEDICAL-EMPTY: Drawing from an empty Medical deck"""

    ID = "RH-MEDICAL-EMPTY"
    RESHUFFLE = Reading(ID, "reshuffle")
    NO_DRAW = Reading(ID, "no-draw")


class STARTING_CARD:
    """RH-STARTING-CARD: Is the starting card in play or in hand"""

    ID = "RH-STARTING-CARD"
    IN_PLAY = Reading(ID, "in-play")
    IN_HAND = Reading(ID, "in-hand")


class ACTIVATE_SAME_ROUND:
    """RH-ACTIVATE-SAME-ROUND: May a card be activated in the round it is played"""

    ID = "RH-ACTIVATE-SAME-ROUND"
    SAME_ROUND = Reading(ID, "same-round")
    NEXT_ROUND = Reading(ID, "next-round")


class TIE_PATIENTS:
    """RH-TIE-PATIENTS: Tie-breaker: do terminal patients count as patients in the hospital"""

    ID = "RH-TIE-PATIENTS"
    HOSPITAL_ONLY = Reading(ID, "hospital-only")
    WITH_TERMINALS = Reading(ID, "with-terminals")


class TIE_CARD_VALUE:
    """RH-TIE-CARD-VALUE: Last tie-breaker: a card's 'credit value'"""

    ID = "RH-TIE-CARD-VALUE"
    CREDIT_COST = Reading(ID, "credit-cost")
    CREDIT_REWARD = Reading(ID, "credit-reward")


class TIE_RESOURCES:
    """RH-TIE-RESOURCES: Sixth tie-breaker: the sum of diagnosis, healing, staff and research"""

    ID = "RH-TIE-RESOURCES"
    PRODUCTION = Reading(ID, "production")
    TOKENS = Reading(ID, "tokens")


class FINAL_TIE:
    """RH-FINAL-TIE: A tie that survives every tie-breaker"""

    ID = "RH-FINAL-TIE"
    SHARED = Reading(ID, "shared")
    LATER_IN_TURN_ORDER = Reading(ID, "later-in-turn-order")


class SOLO:
    """RH-SOLO: Solo mode"""

    ID = "RH-SOLO"
    SAME_RULES = Reading(ID, "same-rules")
    REJECT = Reading(ID, "reject")


class PARTIAL_PAYMENT:
    """RH-PARTIAL-PAYMENT: May resources be put on a patient over several rounds"""

    ID = "RH-PARTIAL-PAYMENT"
    WHOLE = Reading(ID, "whole")
    PARTIAL = Reading(ID, "partial")


class INSURANCE_MAX:
    """RH-INSURANCE-MAX: Advancing on an insurance track already at level 5"""

    ID = "RH-INSURANCE-MAX"
    NOTHING = Reading(ID, "nothing")
    ANOTHER_COMPANY = Reading(ID, "another-company")


class DOCTOR_SUBSTITUTE:
    """RH-DOCTOR-SUBSTITUTE: May a congress doctor, used as staff, diagnose and heal"""

    ID = "RH-DOCTOR-SUBSTITUTE"
    AS_STAFF = Reading(ID, "as-staff")
    NOT_IN_TREATMENT = Reading(ID, "not-in-treatment")


class DRAW_CARD:
    """RH-DRAW-CARD: Which deck a 'draw 1 card' reward draws from"""

    ID = "RH-DRAW-CARD"
    MEDICAL = Reading(ID, "medical")
    PATIENT = Reading(ID, "patient")
