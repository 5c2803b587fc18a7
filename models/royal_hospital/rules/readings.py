"""Every reading of ``hhh_verify.models.royal_hospital.rules.ambiguities`` as an enum member: ``AMBIGUITY.OPTION``.

Generated from the registry by ``python -m hhh_verify.contract.readings`` (do not edit;
``tests/test_readings.py`` keeps it equal to the registry).
"""

from hhh_verify.contract.readings import Reading, ambiguity


@ambiguity("RH-CARD-NAMES")
class CARD_NAMES(Reading):
    """RH-CARD-NAMES: Card kinds: the colour key's names differ from the component list"""

    TRIALS_ADD_SPACE = "trials-add-space"
    ONLY_CLINICS_ADD_SPACE = "only-clinics-add-space"


@ambiguity("RH-CREDIT-START")
class CREDIT_START(Reading):
    """RH-CREDIT-START: Starting credit production: two counters on the credit track"""

    FIFTEEN = "fifteen"
    FIVE = "five"
    TEN = "ten"


@ambiguity("RH-ROUND-PATIENTS")
class ROUND_PATIENTS(Reading):
    """RH-ROUND-PATIENTS: How many patients the round track gives"""

    SAME_NUMBER = "same-number"
    OWN_ROW = "own-row"


@ambiguity("RH-GAME-END")
class GAME_END(Reading):
    """RH-GAME-END: When the game ends"""

    FIXED_ROUNDS = "fixed-rounds"
    PATIENT_DECK_EMPTY = "patient-deck-empty"


@ambiguity("RH-RESOURCES-KEEP")
class RESOURCES_KEEP(Reading):
    """RH-RESOURCES-KEEP: Whether unspent resources carry over to the next round"""

    KEEP = "keep"
    DISCARD = "discard"


@ambiguity("RH-RESEARCH-IN-TREATMENT")
class RESEARCH_IN_TREATMENT(Reading):
    """RH-RESEARCH-IN-TREATMENT: May research tokens diagnose and heal (the example says so)"""

    STAFF_ONLY = "staff-only"
    RESEARCH_TOO = "research-too"


@ambiguity("RH-CRITICAL-COST")
class CRITICAL_COST(Reading):
    """RH-CRITICAL-COST: What curing a critical patient costs"""

    DIAGNOSE_AND_HEAL = "diagnose-and-heal"
    HEALING_ONLY = "healing-only"


@ambiguity("RH-CRITICAL-DEADLINE")
class CRITICAL_DEADLINE(Reading):
    """RH-CRITICAL-DEADLINE: When an untreated critical patient dies"""

    FIRST_CLEANUP = "first-cleanup"
    SECOND_CLEANUP = "second-cleanup"


@ambiguity("RH-TERMINAL-UPKEEP")
class TERMINAL_UPKEEP(Reading):
    """RH-TERMINAL-UPKEEP: Does a terminal patient need healing every round"""

    EVERY_ROUND = "every-round"
    ARRIVAL_ROUND_ONLY = "arrival-round-only"


@ambiguity("RH-TERMINAL-COST")
class TERMINAL_COST(Reading):
    """RH-TERMINAL-COST: What treating a terminal patient costs"""

    ONE_HEALING = "one-healing"
    CARD_COST = "card-cost"


@ambiguity("RH-TERMINAL-REWARD")
class TERMINAL_REWARD(Reading):
    """RH-TERMINAL-REWARD: Which treatments of a terminal patient pay its card's reward"""

    EVERY_TREATMENT = "every-treatment"
    FIRST_TREATMENT = "first-treatment"
    NONE = "none"


@ambiguity("RH-PRIORITY-3")
class PRIORITY_3(Reading):
    """RH-PRIORITY-3: Priority 3: chronic patients or terminal patients"""

    TERMINAL_SLIP = "terminal-slip"
    CHRONIC_DIE = "chronic-die"


@ambiguity("RH-QOC-SCORING")
class QOC_SCORING(Reading):
    """RH-QOC-SCORING: Victory points for the final quality of care"""

    OFFSET = "offset"
    POSITION = "position"


@ambiguity("RH-QOC-FLOOR")
class QOC_FLOOR(Reading):
    """RH-QOC-FLOOR: Quality of care below the track's first space"""

    CLAMP = "clamp"
    BELOW_ZERO = "below-zero"


@ambiguity("RH-AMBULANCE-WRAP")
class AMBULANCE_WRAP(Reading):
    """RH-AMBULANCE-WRAP: Is space 0 of the endless ambulance track a space on the loop"""

    FOURTEEN_SPACES = "fourteen-spaces"
    THIRTEEN_SPACES = "thirteen-spaces"


@ambiguity("RH-DOCTOR-PASS")
class DOCTOR_PASS(Reading):
    """RH-DOCTOR-PASS: Does passing a congress doctor's space count as reaching it"""

    REACH_OR_PASS = "reach-or-pass"
    EXACT = "exact"


@ambiguity("RH-PRODUCTION-BONUS")
class PRODUCTION_BONUS(Reading):
    """RH-PRODUCTION-BONUS: Immediate resources when production rises outside a card play"""

    ALWAYS = "always"
    CARD_PLAY_ONLY = "card-play-only"


@ambiguity("RH-REWARD-ORDER")
class REWARD_ORDER(Reading):
    """RH-REWARD-ORDER: When the rewards that a reward sets off are taken"""

    DEPTH_FIRST = "depth-first"
    IN_SEQUENCE = "in-sequence"


@ambiguity("RH-INSURANCE-COUNTER")
class INSURANCE_COUNTER(Reading):
    """RH-INSURANCE-COUNTER: What the end-game 'Insurance companies' comparison counts"""

    LEVELS_SUM = "levels-sum"
    COMPANIES_ENTERED = "companies-entered"


@ambiguity("RH-COMPARE-COUNTERS")
class COMPARE_COUNTERS(Reading):
    """RH-COMPARE-COUNTERS: End-game Diagnosis, Healing, Research and Staff: production or tokens"""

    PRODUCTION = "production"
    TOKENS = "tokens"


@ambiguity("RH-HEALED-COST")
class HEALED_COST(Reading):
    """RH-HEALED-COST: Does a clinical trial spend healed patients"""

    SPEND = "spend"
    THRESHOLD = "threshold"


@ambiguity("RH-HELICOPTER-BOTH")
class HELICOPTER_BOTH(Reading):
    """RH-HELICOPTER-BOTH: May a helicopter both discard and make everyone draw"""

    BOTH_ALLOWED = "both-allowed"
    ONE_ONLY = "one-only"


@ambiguity("RH-HELICOPTER-DISCARD")
class HELICOPTER_DISCARD(Reading):
    """RH-HELICOPTER-DISCARD: Does discarding a patient by helicopter cost quality of care"""

    FREE = "free"
    COSTS_QUALITY = "costs-quality"


@ambiguity("RH-HELICOPTER-ORDER")
class HELICOPTER_ORDER(Reading):
    """RH-HELICOPTER-ORDER: In which order all players draw a helicopter's patient"""

    FROM_SENDER = "from-sender"
    TURN_ORDER = "turn-order"


@ambiguity("RH-MEDICAL-EMPTY")
class MEDICAL_EMPTY(Reading):
    """RH-MEDICAL-EMPTY: Drawing from an empty Medical deck"""

    RESHUFFLE = "reshuffle"
    NO_DRAW = "no-draw"


@ambiguity("RH-STARTING-CARD")
class STARTING_CARD(Reading):
    """RH-STARTING-CARD: Is the starting card in play or in hand"""

    IN_PLAY = "in-play"
    IN_HAND = "in-hand"


@ambiguity("RH-ACTIVATE-SAME-ROUND")
class ACTIVATE_SAME_ROUND(Reading):
    """RH-ACTIVATE-SAME-ROUND: May a card be activated in the round it is played"""

    SAME_ROUND = "same-round"
    NEXT_ROUND = "next-round"


@ambiguity("RH-TIE-PATIENTS")
class TIE_PATIENTS(Reading):
    """RH-TIE-PATIENTS: Tie-breaker: do terminal patients count as patients in the hospital"""

    HOSPITAL_ONLY = "hospital-only"
    WITH_TERMINALS = "with-terminals"


@ambiguity("RH-TIE-CARD-VALUE")
class TIE_CARD_VALUE(Reading):
    """RH-TIE-CARD-VALUE: Last tie-breaker: a card's 'credit value'"""

    CREDIT_COST = "credit-cost"
    CREDIT_REWARD = "credit-reward"


@ambiguity("RH-TIE-RESOURCES")
class TIE_RESOURCES(Reading):
    """RH-TIE-RESOURCES: Sixth tie-breaker: the sum of diagnosis, healing, staff and research"""

    PRODUCTION = "production"
    TOKENS = "tokens"


@ambiguity("RH-FINAL-TIE")
class FINAL_TIE(Reading):
    """RH-FINAL-TIE: A tie that survives every tie-breaker"""

    SHARED = "shared"
    LATER_IN_TURN_ORDER = "later-in-turn-order"


@ambiguity("RH-SOLO")
class SOLO(Reading):
    """RH-SOLO: Solo mode"""

    SAME_RULES = "same-rules"
    REJECT = "reject"


@ambiguity("RH-PARTIAL-PAYMENT")
class PARTIAL_PAYMENT(Reading):
    """RH-PARTIAL-PAYMENT: May resources be put on a patient over several rounds"""

    WHOLE = "whole"
    PARTIAL = "partial"


@ambiguity("RH-INSURANCE-MAX")
class INSURANCE_MAX(Reading):
    """RH-INSURANCE-MAX: Advancing on an insurance track already at level 5"""

    NOTHING = "nothing"
    ANOTHER_COMPANY = "another-company"


@ambiguity("RH-DOCTOR-SUBSTITUTE")
class DOCTOR_SUBSTITUTE(Reading):
    """RH-DOCTOR-SUBSTITUTE: May a congress doctor, used as staff, diagnose and heal"""

    AS_STAFF = "as-staff"
    NOT_IN_TREATMENT = "not-in-treatment"


@ambiguity("RH-DRAW-CARD")
class DRAW_CARD(Reading):
    """RH-DRAW-CARD: Which deck a 'draw 1 card' reward draws from"""

    MEDICAL = "medical"
    PATIENT = "patient"


@ambiguity("RH-EXTRA-DRAWS")
class EXTRA_DRAWS(Reading):
    """RH-EXTRA-DRAWS: Do the staff and research extra draws take patients too"""

    MEDICAL_ONLY = "medical-only"
    PATIENTS_TOO = "patients-too"


@ambiguity("RH-DOCTOR-REWARD")
class DOCTOR_REWARD(Reading):
    """RH-DOCTOR-REWARD: Where a reward's congress doctor comes from"""

    SUPPLY = "supply"
    RACE_TOKEN = "race-token"


@ambiguity("RH-TERMINAL-CARD")
class TERMINAL_CARD(Reading):
    """RH-TERMINAL-CARD: Where a dead terminal patient's card goes"""

    DECK_TOP = "deck-top"
    STAYS = "stays"


@ambiguity("RH-VP-FLOOR")
class VP_FLOOR(Reading):
    """RH-VP-FLOOR: May victory points go below 0"""

    NEGATIVE = "negative"
    ZERO = "zero"


@ambiguity("RH-HELICOPTER-TERMINAL")
class HELICOPTER_TERMINAL(Reading):
    """RH-HELICOPTER-TERMINAL: May a helicopter discard a terminal patient"""

    HOSPITAL_ONLY = "hospital-only"
    TERMINALS_TOO = "terminals-too"
