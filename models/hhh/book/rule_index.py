"""Which rulebook sections the HHH model implements, parameterises or leaves out, and why.

Each row: a :class:`~hhh_verify.rulebook.sections.Section` (section, status, where, note).
``where`` names the functions (``module.func``) or ambiguity ids that carry the rule; a
test checks that every named function exists and has a docstring citing its rule. Status
is :class:`~hhh_verify.rulebook.rule_map.RuleStatus` ``MODELLED``, ``PARAMETER`` (numbers
or cards the text does not print: a documented config value or stand-in), ``READING``
(modelled under switchable readings) or ``LEFT_OUT`` (with the reason).

The choices the book itself settles are not listed here: they are the rule map's
``settled`` entries (``rule_map.py``), which the section index adds as rows of their own
(:func:`hhh_verify.rulebook.sections.section_index`).
"""

from __future__ import annotations

from hhh_verify.rulebook.rule_map import RuleStatus
from hhh_verify.rulebook.sections import Section

RULES: tuple[Section, ...] = (
    Section(
        "Objective / How to Lose",
        RuleStatus.MODELLED,
        ("board.pay", "board.die"),
        "bankruptcy below $0 and arrest checked at once",
    ),
    Section(
        "Components",
        RuleStatus.PARAMETER,
        ("config.HHHConfig",),
        "printed counts are config defaults (tested as facts: facts.FACTS); board sizes are documented parameters",
    ),
    Section(
        "Components: Training marker kinds",
        RuleStatus.PARAMETER,
        ("config.HHHConfig", "heal.bonuses_and_rebag", "HHH-TRAINING-COUNT"),
        "the kinds are not printed: 2 bonus-draw markers per colour + 8 Re-bag (the example's Psychiatric and Re-bag markers); a colour's marker helps when healing that colour",
    ),
    Section(
        "Components: New Room cards",
        RuleStatus.PARAMETER,
        ("config.HHHConfig", "HHH-MORGUE"),
        "14 cards, 7 described (5 Treatment Rooms, Emergency Room, Blood Bank); rooms_in_deck lists the cards in play",
    ),
    Section(
        "Setup: Training markers",
        RuleStatus.READING,
        ("setup.draw_training", "HHH-TRAINING-COUNT"),
        "18 (Components) vs 20 (Setup)",
    ),
    Section(
        "Setup: Staff markers",
        RuleStatus.READING,
        ("patient_phase.reveal_staff", "HHH-STAFF-ROUND1", "HHH-STAFF-POOL"),
        "unseen markers are revealed by draws from the unseen pool (same law)",
    ),
    Section(
        "Setup: Ward Ability tokens",
        RuleStatus.READING,
        ("patient_phase.visit", "HHH-WARD-ABILITY"),
        "token texts are not printed (8 tokens, 5 Wards: which one lies where does not matter while none has an effect)",
    ),
    Section(
        "Setup: Patient markers into the Wards",
        RuleStatus.MODELLED,
        ("setup.draw_markers",),
        "5 markers at level 3",
    ),
    Section(
        "Setup: first New Room",
        RuleStatus.READING,
        ("setup.choose_room", "HHH-SETUP-ORDER"),
        "a decision; Blood Bank draw timing is a reading",
    ),
    Section(
        "Setup: Waiting Room cubes",
        RuleStatus.READING,
        ("setup.draw_waiting", "HHH-SETUP-LEVEL5"),
        "black and no-space cubes return to the bag",
    ),
    Section(
        "Setup: Doctors and Administrator",
        RuleStatus.PARAMETER,
        ("heal.bonuses_and_rebag", "config.HHHConfig"),
        "Nowitz, Ura Scapegote and Cooke De Buchs exactly; other cards: 'plain' Doctor stand-in / no Administrator",
    ),
    Section(
        "Setup: player-count table",
        RuleStatus.MODELLED,
        ("setup.initial_state",),
        "Medical/Administrative tokens and money per player count",
    ),
    Section(
        "Setup: solo play",
        RuleStatus.PARAMETER,
        ("config.HHHConfig",),
        "solo is a 2-4 player setup controlled by one person: the same model",
    ),
    Section(
        "Setup: simpler game without Nurse cards",
        RuleStatus.LEFT_OUT,
        (),
        "card pools are not modelled; the config chooses the cards in play",
    ),
    Section(
        "Key Concepts: Patients, markers limited",
        RuleStatus.MODELLED,
        ("player_actions.transfers",),
        "no transfer without a supply marker",
    ),
    Section(
        "Key Concepts: Cubes (discard, re-bag, empty bag, black)",
        RuleStatus.READING,
        ("draws.ExactDraws", "heal.settle", "HHH-DRAW-EXHAUSTED", "HHH-BB-BLACK-ONLY"),
        "exact multivariate hypergeometric draws",
    ),
    Section(
        "Key Concepts: examining the bag",
        RuleStatus.LEFT_OUT,
        (),
        "the model is perfect-information: the bag is always known",
    ),
    Section(
        "Curing Patients",
        RuleStatus.MODELLED,
        ("heal.settle", "player_actions.intern"),
        "level below 1: cubes discarded or marker to the supply",
    ),
    Section(
        "Patient Death / Hide The Bodies",
        RuleStatus.READING,
        ("board.die", "HHH-WHITE-OUT", "HHH-MORGUE", "HHH-ARREST-SETTLEMENT"),
        "tombstones, Coroner space, settlement, Lawyer",
    ),
    Section(
        "Money",
        RuleStatus.READING,
        ("board.pay", "board.gain", "HHH-MONEY-CAP"),
        "the track shows $199",
    ),
    Section(
        "New Rooms",
        RuleStatus.READING,
        ("rooms.install_room", "rooms.improve_room", "HHH-ROOM-CAP"),
        "1 + 6 installs vs 'only 6'",
    ),
    Section(
        "Sequence of Play / Actions",
        RuleStatus.MODELLED,
        ("model.HHHModel.legal_actions",),
        "cooperative: any player's action in any order",
    ),
    Section(
        "Heal a Patient",
        RuleStatus.READING,
        (
            "heal.start",
            "heal.settle",
            "heal.draw_count",
            "HHH-REBAG-AFTER-HEAL",
            "HHH-HEAL-DEATH-TIMING",
        ),
        "draw, bonuses, black subtracts, cure/death, re-bag, pay",
    ),
    Section(
        "Cube Drawing Bonuses",
        RuleStatus.MODELLED,
        ("heal.bonus",),
        "one bonus at a time after seeing results",
    ),
    Section(
        "Doctor Abilities",
        RuleStatus.READING,
        ("heal.bonuses_and_rebag", "heal.doctor_rebag", "HHH-REBAG-AFTER-HEAL"),
        "once per action",
    ),
    Section(
        "Transfer a Patient",
        RuleStatus.READING,
        (
            "player_actions.transfers",
            "player_actions.transfer",
            "HHH-TRANSFER-WR-DEST",
            "HHH-TR-TO-WARD-5",
        ),
        "",
    ),
    Section(
        "Hire Staff",
        RuleStatus.READING,
        (
            "player_actions.hireable",
            "player_actions.hire",
            "HHH-UNAFFORDABLE",
            "HHH-STAFF-HIREABLE",
        ),
        "",
    ),
    Section(
        "Hire Staff: Office spaces",
        RuleStatus.PARAMETER,
        ("player_actions.hireable", "config.HHHConfig"),
        "'Place it in the Office, on an empty Staff space': the Office is not in the text; office_spaces=10 lets every hireable marker fit",
    ),
    Section(
        "Research",
        RuleStatus.READING,
        (
            "player_actions.research",
            "player_actions.benefits",
            "player_actions.choose_benefit",
            "HHH-RESEARCH-DECK",
            "HHH-RESEARCH-ZERO",
            "HHH-RESEARCH-AMOUNT",
            "HHH-RESEARCH-DECLINE",
        ),
        "the printed card exactly; the other 19 per the reading; the Replace benefit's count (not printed) is the cubes of its colour",
    ),
    Section(
        "Training markers",
        RuleStatus.READING,
        (
            "player_actions.take_training",
            "player_actions.nurse_training",
            "HHH-TRAINING-BONUS",
            "HHH-NURSE-REFILL",
        ),
        "bonus-draw and Re-bag markers",
    ),
    Section(
        "Administrator Action",
        RuleStatus.READING,
        (
            "heal.redraw",
            "patient_phase.return_blacks",
            "HHH-END-REACTION",
            "HHH-END-REACTION-LAST-ROUND",
            "HHH-REACTION-TIMING",
            "HHH-BB-RESTOCK-FLIP",
        ),
        "Cooke De Buchs; reactions during Heal only",
    ),
    Section(
        "Reactions during chain draws (Research, arrivals, visits)",
        RuleStatus.LEFT_OUT,
        ("HHH-REACTION-TIMING",),
        "a decision after every cube would multiply the state space; reactions are offered during Heal",
    ),
    Section(
        "Patient Phase 1: Treatment and Emergency Rooms",
        RuleStatus.MODELLED,
        ("patient_phase.start",),
        "",
    ),
    Section(
        "Patient Phase 2: Install New Room",
        RuleStatus.READING,
        ("patient_phase.install", "HHH-ROOM-CAP"),
        "",
    ),
    Section("Patient Phase 3: Restock Cubes", RuleStatus.MODELLED, ("patient_phase.restock",), ""),
    Section(
        "Patient Phase 4: New Patients Arrive",
        RuleStatus.MODELLED,
        ("patient_phase.arrive", "patient_phase.settle_arrivals"),
        "the players choose the Waiting Room order; 5-cube patient to the ER or death",
    ),
    Section(
        "Patient Phase 5: Visit the Wards",
        RuleStatus.READING,
        (
            "patient_phase.visit",
            "patient_phase.to_visit",
            "HHH-VISIT-CUBES",
            "HHH-WARD-ABILITY",
            "HHH-VISIT-DEATH-DRAWS",
        ),
        "the players choose the Ward order",
    ),
    Section(
        "Patient Phase 6: Housekeeping",
        RuleStatus.READING,
        ("patient_phase.housekeeping", "patient_phase.reveal_staff", "HHH-STAFF-HIREABLE"),
        "",
    ),
    Section(
        "Victory and Defeat: ratings",
        RuleStatus.READING,
        ("model.rating", "model.rated_money", "HHH-RATING-BASIS"),
        "$0-19 ... $80+",
    ),
    Section(
        "Variants (all seven)",
        RuleStatus.READING,
        (
            "config.HHHConfig",
            "HHH-NO-ADMIN-TOKENS",
            "HHH-EMPTY-BEDS-VARIANT",
            "HHH-FEWER-MARKERS",
            "HHH-FEWER-WHITE",
        ),
        "variant_* flags",
    ),
    Section(
        "Staff Index",
        RuleStatus.READING,
        (
            "player_actions.hire",
            "player_actions.intern",
            "board.settlement",
            "HHH-COO-TIMING",
            "HHH-INTERN-ER",
            "HHH-INTERN-TREATMENT",
            "HHH-CHAPLAIN-TIMING",
        ),
        "all 11 Staff",
    ),
    Section(
        "Doctor Lucky space",
        RuleStatus.LEFT_OUT,
        (),
        "the character is not described in the rulebook",
    ),
    Section(
        "New Room Clarifications: Treatment Rooms",
        RuleStatus.READING,
        ("heal.draw_count", "board.treatment_numbers", "HHH-TR-OVERFLOW"),
        "8/$3/$12, Improved 10/$4/$15",
    ),
    Section(
        "New Room Clarifications: Emergency Room",
        RuleStatus.READING,
        ("heal.return_to_waiting", "HHH-ER-RETURN", "HHH-ER-COSTS"),
        "",
    ),
    Section(
        "New Room Clarifications: Blood Bank",
        RuleStatus.READING,
        (
            "rooms.fill_blood_bank",
            "player_actions.restock_blood",
            "HHH-BB-RESTOCK-FLIP",
            "HHH-BB-REBAG",
            "HHH-BB-BLACK-ONLY",
        ),
        "",
    ),
)
