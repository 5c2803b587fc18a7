"""Which rulebook sections the HHH model implements, parameterises or leaves out, and why.

Each row: (section, status, where, note). ``where`` names the functions (``module.func``)
or ambiguity ids that carry the rule; a test checks that every named function exists and
has a docstring citing its rule. Status is one of ``modelled``, ``parameterised``
(numbers or cards the text does not print: a documented config value or stand-in),
``ambiguity`` (modelled under switchable readings), ``left-out`` (with the reason).
"""

from __future__ import annotations

RULES: tuple[tuple[str, str, str, str], ...] = (
    (
        "Objective / How to Lose",
        "modelled",
        "board.pay board.die",
        "bankruptcy below $0 and arrest checked at once",
    ),
    (
        "Components",
        "parameterised",
        "config.HHHConfig",
        "printed counts are config defaults; board sizes are documented parameters",
    ),
    (
        "Setup: Training markers",
        "ambiguity",
        "setup.draw_training HHH-TRAINING-COUNT",
        "18 (Components) vs 20 (Setup)",
    ),
    (
        "Setup: Staff markers",
        "ambiguity",
        "patient_phase.reveal_staff HHH-STAFF-ROUND1 HHH-STAFF-POOL",
        "unseen markers are revealed by draws from the unseen pool (same law)",
    ),
    (
        "Setup: Ward Ability tokens",
        "ambiguity",
        "patient_phase.visit HHH-WARD-ABILITY",
        "token texts are not printed",
    ),
    (
        "Setup: Patient markers into the Wards",
        "modelled",
        "setup.draw_markers",
        "5 markers at level 3",
    ),
    (
        "Setup: first New Room",
        "ambiguity",
        "setup.choose_room HHH-SETUP-ORDER",
        "a decision; Blood Bank draw timing is a reading",
    ),
    (
        "Setup: Waiting Room cubes",
        "ambiguity",
        "setup.draw_waiting HHH-SETUP-LEVEL5",
        "black and no-space cubes return to the bag",
    ),
    (
        "Setup: Doctors and Administrator",
        "parameterised",
        "heal.bonuses_and_rebag config.HHHConfig",
        "Nowitz, Ura Scapegote and Cooke De Buchs exactly; other cards: 'plain' Doctor stand-in / no Administrator",
    ),
    (
        "Setup: player-count table",
        "modelled",
        "setup.initial_state",
        "Medical/Administrative tokens and money per player count",
    ),
    (
        "Setup: solo play",
        "parameterised",
        "config.HHHConfig",
        "solo is a 2-4 player setup controlled by one person: the same model",
    ),
    (
        "Setup: simpler game without Nurse cards",
        "left-out",
        "",
        "card pools are not modelled; the config chooses the cards in play",
    ),
    (
        "Key Concepts: Patients, markers limited",
        "modelled",
        "player_actions.transfers",
        "no transfer without a supply marker",
    ),
    (
        "Key Concepts: Cubes (discard, re-bag, empty bag, black)",
        "modelled",
        "draws.ExactDraws heal.settle",
        "exact multivariate hypergeometric draws",
    ),
    (
        "Key Concepts: examining the bag",
        "left-out",
        "",
        "the model is perfect-information: the bag is always known",
    ),
    (
        "Curing Patients",
        "modelled",
        "heal.settle player_actions.intern",
        "level below 1: cubes discarded or marker to the supply",
    ),
    (
        "Patient Death / Hide The Bodies",
        "ambiguity",
        "board.die HHH-DEATH-ORDER HHH-WHITE-OUT HHH-MORGUE",
        "tombstones, Coroner space, settlement, Lawyer",
    ),
    ("Money", "ambiguity", "board.pay board.gain HHH-MONEY-CAP", "the track shows $199"),
    (
        "New Rooms",
        "ambiguity",
        "rooms.install_room rooms.improve_room HHH-ROOM-CAP",
        "1 + 6 installs vs 'only 6'",
    ),
    (
        "Sequence of Play / Actions",
        "modelled",
        "model.HHHModel.legal_actions",
        "cooperative: any player's action in any order",
    ),
    (
        "Heal a Patient",
        "modelled",
        "heal.start heal.settle heal.draw_count",
        "draw, bonuses, black subtracts, cure/death, re-bag, pay",
    ),
    ("Cube Drawing Bonuses", "modelled", "heal.bonus", "one bonus at a time after seeing results"),
    ("Doctor Abilities", "modelled", "heal.bonuses_and_rebag", "once per action"),
    (
        "Transfer a Patient",
        "ambiguity",
        "player_actions.transfers player_actions.transfer HHH-TRANSFER-WR-DEST HHH-TR-TO-WARD-5",
        "",
    ),
    ("Hire Staff", "ambiguity", "player_actions.hire HHH-UNAFFORDABLE", ""),
    (
        "Research",
        "ambiguity",
        "player_actions.research player_actions.benefits player_actions.choose_benefit HHH-RESEARCH-DECK",
        "the printed card exactly; the other 19 per the reading",
    ),
    (
        "Training markers",
        "ambiguity",
        "player_actions.take_training HHH-TRAINING-BONUS",
        "bonus-draw and Re-bag markers",
    ),
    (
        "Administrator Action",
        "ambiguity",
        "heal.redraw patient_phase.return_blacks HHH-END-REACTION HHH-REACTION-TIMING",
        "Cooke De Buchs; reactions during Heal only",
    ),
    (
        "Reactions during chain draws (Research, arrivals, visits)",
        "left-out",
        "HHH-REACTION-TIMING",
        "a decision after every cube would multiply the state space; reactions are offered during Heal",
    ),
    ("Patient Phase 1: Treatment and Emergency Rooms", "modelled", "patient_phase.start", ""),
    ("Patient Phase 2: Install New Room", "ambiguity", "patient_phase.install HHH-ROOM-CAP", ""),
    ("Patient Phase 3: Restock Cubes", "modelled", "patient_phase.restock", ""),
    (
        "Patient Phase 4: New Patients Arrive",
        "modelled",
        "patient_phase.arrive",
        "5-cube patient to the ER or death",
    ),
    (
        "Patient Phase 5: Visit the Wards",
        "ambiguity",
        "patient_phase.visit HHH-WARD-ORDER HHH-VISIT-CUBES",
        "",
    ),
    (
        "Patient Phase 6: Housekeeping",
        "modelled",
        "patient_phase.housekeeping patient_phase.reveal_staff",
        "",
    ),
    ("Victory and Defeat: ratings", "modelled", "model.rating", "$0-19 ... $80+"),
    ("Variants (all seven)", "modelled", "config.HHHConfig", "variant_* flags"),
    (
        "Staff Index",
        "ambiguity",
        "player_actions.hire player_actions.intern board.settlement HHH-COO-TIMING HHH-INTERN-ER",
        "all 11 Staff",
    ),
    ("Doctor Lucky space", "left-out", "", "the character is not described in the rulebook"),
    (
        "New Room Clarifications: Treatment Rooms",
        "ambiguity",
        "heal.draw_count board.treatment_numbers HHH-TR-OVERFLOW",
        "8/$3/$12, Improved 10/$4/$15",
    ),
    (
        "New Room Clarifications: Emergency Room",
        "ambiguity",
        "heal.return_to_waiting HHH-ER-RETURN HHH-ER-COSTS",
        "",
    ),
    (
        "New Room Clarifications: Blood Bank",
        "ambiguity",
        "rooms.fill_blood_bank player_actions.restock_blood HHH-BB-RESTOCK-FLIP HHH-BB-REBAG",
        "",
    ),
)
