"""Every reading of ``hhh_verify.models.hhh.rules.ambiguities`` as an enum member: ``AMBIGUITY.OPTION``.

Generated from the registry by ``python -m hhh_verify.contract.readings`` (do not edit;
``tests/test_readings.py`` keeps it equal to the registry).
"""

from hhh_verify.contract.readings import Reading, ambiguity


@ambiguity("HHH-ROOM-CAP")
class ROOM_CAP(Reading):
    """HHH-ROOM-CAP: How many New Room cards are ever placed"""

    SIX_TOTAL = "six-total"
    SIX_INSTALLED = "six-installed"
    EVERY_PHASE = "every-phase"


@ambiguity("HHH-SETUP-LEVEL5")
class SETUP_LEVEL5(Reading):
    """HHH-SETUP-LEVEL5: A 5-cube Waiting Room patient drawn during setup"""

    DIES = "dies"
    RETURN_EXCESS = "return-excess"


@ambiguity("HHH-SETUP-ORDER")
class SETUP_ORDER(Reading):
    """HHH-SETUP-ORDER: When the first room's Blood Bank draw happens in setup"""

    BEFORE_WAITING = "before-waiting"
    AFTER_WAITING = "after-waiting"


@ambiguity("HHH-STAFF-ROUND1")
class STAFF_ROUND1(Reading):
    """HHH-STAFF-ROUND1: Whether any Staff can be hired in round 1"""

    NONE_IN_ROUND_1 = "none-in-round-1"
    REVEAL_AT_SETUP = "reveal-at-setup"


@ambiguity("HHH-STAFF-POOL")
class STAFF_POOL(Reading):
    """HHH-STAFF-POOL: 12 Staff markers but 11 Staff in the Staff Index"""

    TWO_CATS = "two-cats"
    TWO_CFOS = "two-cfos"


@ambiguity("HHH-TRAINING-COUNT")
class TRAINING_COUNT(Reading):
    """HHH-TRAINING-COUNT: 18 or 20 Training markers"""

    EIGHTEEN = "eighteen"
    TWENTY = "twenty"


@ambiguity("HHH-WARD-BEDS")
class WARD_BEDS(Reading):
    """HHH-WARD-BEDS: Beds per Infirmary Ward"""

    AS_CONFIG = "as-config"
    ONE_FEWER = "one-fewer"


@ambiguity("HHH-WAITING-SPOTS")
class WAITING_SPOTS(Reading):
    """HHH-WAITING-SPOTS: Spots per colour in a Waiting Room"""

    AS_CONFIG = "as-config"
    ONE_FEWER = "one-fewer"


@ambiguity("HHH-WARD-ABILITY")
class WARD_ABILITY(Reading):
    """HHH-WARD-ABILITY: Effects of the Ward Ability tokens"""

    NO_EFFECT = "no-effect"
    SHIELD_FIRST = "shield-first"


@ambiguity("HHH-TRANSFER-WR-DEST")
class TRANSFER_WR_DEST(Reading):
    """HHH-TRANSFER-WR-DEST: Can a Waiting Room patient go straight to a Treatment Room"""

    LEVEL_3_4_ANY = "level-3-4-any"
    WARDS_ONLY = "wards-only"
    ANY_LEVEL_ROOMS = "any-level-rooms"


@ambiguity("HHH-TR-OVERFLOW")
class TR_OVERFLOW(Reading):
    """HHH-TR-OVERFLOW: A Treatment Room patient healed into a level above the room's maximum"""

    DIES = "dies"
    CAPPED = "capped"


@ambiguity("HHH-TR-TO-WARD-5")
class TR_TO_WARD_5(Reading):
    """HHH-TR-TO-WARD-5: A level-5 patient moved from an Improved Treatment Room to a Ward"""

    DIES = "dies"
    FORBIDDEN = "forbidden"
    SURVIVES = "survives"


@ambiguity("HHH-ER-RETURN")
class ER_RETURN(Reading):
    """HHH-ER-RETURN: Where an Emergency Room patient healed below 5 cubes goes"""

    EMPTIEST = "emptiest"
    FIRST_ROOM = "first-room"


@ambiguity("HHH-ER-COSTS")
class ER_COSTS(Reading):
    """HHH-ER-COSTS: Draws, pay and death cost of the Emergency Room"""

    WARD_LIKE = "ward-like"
    TREATMENT_LIKE = "treatment-like"


@ambiguity("HHH-REBAG-AFTER-HEAL")
class REBAG_AFTER_HEAL(Reading):
    """HHH-REBAG-AFTER-HEAL: Does a Doctor's 'after healing' Re-bag need a successful Heal"""

    ANY_HEAL = "any-heal"
    LEVEL_REDUCED = "level-reduced"


@ambiguity("HHH-UNAFFORDABLE")
class UNAFFORDABLE(Reading):
    """HHH-UNAFFORDABLE: Paying more than you have (Hire Staff, Blood Bank restock)"""

    ALLOWED_LOSES = "allowed-loses"
    FORBIDDEN = "forbidden"


@ambiguity("HHH-STAFF-HIREABLE")
class STAFF_HIREABLE(Reading):
    """HHH-STAFF-HIREABLE: Which face-up Staff markers may be hired"""

    ALL_FACE_UP = "all-face-up"
    THIS_ROUND = "this-round"


@ambiguity("HHH-INTERN-ER")
class INTERN_ER(Reading):
    """HHH-INTERN-ER: The Intern on an Emergency Room patient"""

    MOVES = "moves"
    NOT_ALLOWED = "not-allowed"


@ambiguity("HHH-INTERN-TREATMENT")
class INTERN_TREATMENT(Reading):
    """HHH-INTERN-TREATMENT: The Intern on a patient on the Critical side of a Treatment Room"""

    STAYS = "stays"
    TREATED = "treated"


@ambiguity("HHH-COO-TIMING")
class COO_TIMING(Reading):
    """HHH-COO-TIMING: When the COO's extra Administrative token can first be used"""

    IMMEDIATELY = "immediately"
    NEXT_ROUND = "next-round"


@ambiguity("HHH-CHAPLAIN-TIMING")
class CHAPLAIN_TIMING(Reading):
    """HHH-CHAPLAIN-TIMING: When the Chaplain may flip the Administrator card"""

    BETWEEN_ACTIONS = "between-actions"
    DURING_HEAL = "during-heal"


@ambiguity("HHH-REACTION-TIMING")
class REACTION_TIMING(Reading):
    """HHH-REACTION-TIMING: Which black cubes count as 'just drawn' for reactions"""

    ANY_IN_HEAL = "any-in-heal"
    LATEST_DRAW = "latest-draw"


@ambiguity("HHH-END-REACTION")
class END_REACTION(Reading):
    """HHH-END-REACTION: Can a token be kept for an end-of-Patient-Phase reaction"""

    SAVED_TOKEN = "saved-token"
    FORGONE = "forgone"


@ambiguity("HHH-END-REACTION-LAST-ROUND")
class END_REACTION_LAST_ROUND(Reading):
    """HHH-END-REACTION-LAST-ROUND: The end-of-Patient-Phase reaction in the last round"""

    EVERY_ROUND = "every-round"
    NOT_LAST = "not-last"


@ambiguity("HHH-BB-RESTOCK-FLIP")
class BB_RESTOCK_FLIP(Reading):
    """HHH-BB-RESTOCK-FLIP: Does restocking the Blood Bank flip the Administrator card"""

    TOKEN_ONLY = "token-only"
    FLIPS_CARD = "flips-card"


@ambiguity("HHH-BB-REBAG")
class BB_REBAG(Reading):
    """HHH-BB-REBAG: May the Blood Bank cube be re-bagged"""

    YES = "yes"
    NO = "no"


@ambiguity("HHH-BB-BLACK-ONLY")
class BB_BLACK_ONLY(Reading):
    """HHH-BB-BLACK-ONLY: Filling the Blood Bank when the bag holds only black cubes"""

    REFILL = "refill"
    STOP = "stop"


@ambiguity("HHH-DRAW-EXHAUSTED")
class DRAW_EXHAUSTED(Reading):
    """HHH-DRAW-EXHAUSTED: A draw that cannot be completed"""

    STOP = "stop"
    STUCK = "stuck"


@ambiguity("HHH-TRAINING-BONUS")
class TRAINING_BONUS(Reading):
    """HHH-TRAINING-BONUS: How many cubes a Training bonus draw gives"""

    ONE = "one"
    TWO = "two"


@ambiguity("HHH-NURSE-REFILL")
class NURSE_REFILL(Reading):
    """HHH-NURSE-REFILL: Is the board room refilled after Ura Scapegote's free Training marker"""

    REFILL = "refill"
    NO_REFILL = "no-refill"


@ambiguity("HHH-RESEARCH-DECK")
class RESEARCH_DECK(Reading):
    """HHH-RESEARCH-DECK: The 19 Research cards not shown"""

    ROTATING = "rotating"
    IDENTICAL = "identical"


@ambiguity("HHH-RESEARCH-ZERO")
class RESEARCH_ZERO(Reading):
    """HHH-RESEARCH-ZERO: A Research benefit whose colour was not drawn"""

    NEEDS_A_CUBE = "needs-a-cube"
    HIRE_WITHOUT = "hire-without"


@ambiguity("HHH-RESEARCH-AMOUNT")
class RESEARCH_AMOUNT(Reading):
    """HHH-RESEARCH-AMOUNT: Must the Replace benefit replace its full count"""

    ALL = "all"
    UP_TO = "up-to"


@ambiguity("HHH-RESEARCH-DECLINE")
class RESEARCH_DECLINE(Reading):
    """HHH-RESEARCH-DECLINE: May the players take no Research benefit although one is possible"""

    MAY_DECLINE = "may-decline"
    MUST_CHOOSE = "must-choose"


@ambiguity("HHH-VISIT-CUBES")
class VISIT_CUBES(Reading):
    """HHH-VISIT-CUBES: What happens to cubes drawn during Visit the Wards"""

    DISCARD = "discard"
    REBAG = "rebag"


@ambiguity("HHH-EMPTY-BEDS-VARIANT")
class EMPTY_BEDS_VARIANT(Reading):
    """HHH-EMPTY-BEDS-VARIANT: When the empty beds are counted in the variant without Ward abilities"""

    AT_ACTIVATION = "at-activation"
    PER_PATIENT = "per-patient"


@ambiguity("HHH-WHITE-OUT")
class WHITE_OUT(Reading):
    """HHH-WHITE-OUT: A cube patient dies when no white marker is left"""

    TOMBSTONE_ONLY = "tombstone-only"
    ARRESTED = "arrested"


@ambiguity("HHH-MORGUE")
class MORGUE(Reading):
    """HHH-MORGUE: The Morgue"""

    ABSENT = "absent"
    IN_DECK = "in-deck"


@ambiguity("HHH-MONEY-CAP")
class MONEY_CAP(Reading):
    """HHH-MONEY-CAP: Money above the track's $199"""

    UNCAPPED = "uncapped"
    CAPPED = "capped"


@ambiguity("HHH-RATING-BASIS")
class RATING_BASIS(Reading):
    """HHH-RATING-BASIS: What money the final rating reads"""

    FINAL_MONEY = "final-money"
    PROFIT = "profit"


@ambiguity("HHH-FEWER-MARKERS")
class FEWER_MARKERS(Reading):
    """HHH-FEWER-MARKERS: When the variant's missing Patient marker of each colour leaves"""

    BEFORE_SETUP = "before-setup"
    AFTER_SETUP = "after-setup"


@ambiguity("HHH-FEWER-WHITE")
class FEWER_WHITE(Reading):
    """HHH-FEWER-WHITE: Whether the fewer-markers variant takes a white Patient marker too"""

    COLOURS_ONLY = "colours-only"
    WHITE_TOO = "white-too"


@ambiguity("HHH-NO-ADMIN-TOKENS")
class NO_ADMIN_TOKENS(Reading):
    """HHH-NO-ADMIN-TOKENS: Administrative tokens in the variant without an Administrator"""

    NONE = "none"
    KEPT = "kept"


@ambiguity("HHH-HEAL-DEATH-TIMING")
class HEAL_DEATH_TIMING(Reading):
    """HHH-HEAL-DEATH-TIMING: A Ward Heal whose draw so far would kill the patient"""

    AFTER_BONUSES = "after-bonuses"
    AT_ONCE = "at-once"


@ambiguity("HHH-VISIT-DEATH-DRAWS")
class VISIT_DEATH_DRAWS(Reading):
    """HHH-VISIT-DEATH-DRAWS: A Ward patient that dies during its Visit draw while replacement draws are owed"""

    COMPLETE = "complete"
    STOP = "stop"


@ambiguity("HHH-ARREST-SETTLEMENT")
class ARREST_SETTLEMENT(Reading):
    """HHH-ARREST-SETTLEMENT: A death with no empty place for the body: is its settlement paid"""

    UNPAID = "unpaid"
    PAID = "paid"
