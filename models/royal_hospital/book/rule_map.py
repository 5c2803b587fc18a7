"""Sentence-level rule map of Royal Hospital: every sentence of ``royal-hospital.txt`` in
book order with one status (modelled / reading / parameter / settled / left-out /
no-rule). ``tests/test_rule_map_games.py`` holds it against the rulebook and the code;
``docs/royal-hospital-questions.md`` says where each independent reader's question landed.
"""

from __future__ import annotations

from hhh_verify.rulebook.rule_map import (
    RuleMap,
    left_out,
    modelled,
    no_rule,
    parameter,
    reading,
    settled,
)

ENTRIES = (
    no_rule("Royal Hospital Rulebook", "heading"),
    no_rule("Table of Contents", "heading"),
    no_rule("Table of Contents", "heading"),
    no_rule("Components", "table of contents"),
    no_rule("Game Board", "table of contents"),
    no_rule("1 Round track", "table of contents"),
    no_rule("2 Ambulance track", "table of contents"),
    no_rule("Helicopters", "table of contents"),
    no_rule("3 Quality of Care track", "table of contents"),
    no_rule("4 Prestige track", "table of contents"),
    no_rule("5 Victory point track", "table of contents"),
    no_rule("6 Insurance company tracks", "table of contents"),
    no_rule("7 Resources Tracks", "table of contents"),
    no_rule("Composition of the Cards", "table of contents"),
    no_rule("Cards from the Medical Deck", "table of contents"),
    no_rule("Patient Cards", "table of contents"),
    no_rule("Symbols", "table of contents"),
    no_rule("Hospital Board", "table of contents"),
    no_rule("Game Setup", "table of contents"),
    no_rule("Game Play", "table of contents"),
    no_rule("Preparation Phase", "table of contents"),
    no_rule("Action Phase", "table of contents"),
    no_rule("Patient Treatment Phase", "table of contents"),
    no_rule("Cleanup Phase", "table of contents"),
    no_rule("Patient Treatment Phase Example", "table of contents"),
    no_rule("End Game Scoring", "table of contents"),
    no_rule("Solo Mode", "table of contents"),
    no_rule("Summary of the Round", "table of contents"),
    no_rule("Components", "heading"),
    no_rule("1 Game board", "component list"),
    no_rule(
        "4 Hospital boards",
        "component list: checked by facts.FACTS (at most 4 players, config.MAX_PLAYERS)",
    ),
    no_rule("19 Facility cards", "component list: checked by facts.FACTS"),
    no_rule("19 Insurance company cards", "component list: checked by facts.FACTS"),
    no_rule("15 Referral cards", "component list: checked by facts.FACTS"),
    no_rule("15 Outpatient clinic cards", "component list: checked by facts.FACTS"),
    reading("15 Clinical Trial cards", "RH-CARD-NAMES", note="the count is checked by facts.FACTS"),
    no_rule("12 Supplier cards", "component list: checked by facts.FACTS"),
    no_rule("13 Medical direction cards", "component list: checked by facts.FACTS"),
    no_rule("16 Resident program cards", "component list: checked by facts.FACTS"),
    no_rule("23 Specialist cards", "component list: checked by facts.FACTS"),
    no_rule("19 Research project cards", "component list: checked by facts.FACTS"),
    no_rule("4 Starting cards", "component list: checked by facts.FACTS"),
    no_rule("109 Patient cards", "component list: checked by facts.FACTS"),
    no_rule("1 Round counter", "component list"),
    no_rule("4 Victory Point counters", "component list"),
    no_rule("4 Prestige counters", "component list"),
    no_rule("4 Ambulance counters", "component list"),
    no_rule("4 Quality of Care counters", "component list"),
    no_rule(
        "16 Insurance Company counters",
        "component list: checked by facts.FACTS (4 companies per player)",
    ),
    reading(
        "32 Resource Production counters",
        "RH-CREDIT-START",
        note="two counters on the credit track",
    ),
    left_out(
        "Resource Tokens: Diagnostic, Healing, Research, Staff, Time and Congress Doctors",
        "the supply is not a limit: the book prints no number of tokens and no rule for an empty pile, so every gain is paid in full; time tokens are a count on each patient record",
    ),
    no_rule("1 Starting Player Token", "component list"),
    no_rule(
        "20 1-Credit Coins",
        "component list: checked by facts.FACTS (coins are change, not a limit)",
    ),
    no_rule(
        "10 3-Credit Coins",
        "component list: checked by facts.FACTS (coins are change, not a limit)",
    ),
    no_rule(
        "12 5-Credit Coins",
        "component list: checked by facts.FACTS (coins are change, not a limit)",
    ),
    no_rule(
        "14 10-Credit Coins",
        "component list: checked by facts.FACTS (coins are change, not a limit)",
    ),
    no_rule("Game Board", "heading"),
    no_rule("1 Round track", "heading"),
    parameter(
        "This section shows the number of game rounds.",
        "rounds",
        note="the round track is not reproduced: 6 rounds in the full preset (a stand-in)",
    ),
    parameter(
        "At the start of each round, players draw cards as indicated on the space.",
        "round_cards",
        "round_patients",
        note="the spaces' numbers are not printed: round_cards 1..6 (the book's only value: round 3 gives 3), round_patients under RH-ROUND-PATIENTS=own-row",
    ),
    no_rule("2 Ambulance track", "heading"),
    settled(
        "On this track, players will mark the progress of their ambulances.",
        "an ambulance gained is one space forward on this track (there are no ambulance tokens)",
        "resolve.ambulance_step",
        quote="4 Ambulance counters",
    ),
    modelled(
        "Each time players move forward on the ambulance track, they gain the benefits shown.",
        "resolve.ambulance_step",
        "tracks.AMBULANCE_REWARDS",
    ),
    reading(
        "If players move forward several positions in one turn, they gain all the benefits they have passed.",
        "RH-DOCTOR-PASS",
        "RH-REWARD-ORDER",
        note="every space entered pays its reward, the landing space too, in the order passed (resolve.ambulance_step)",
    ),
    reading(
        "This scoreboard is endless; once players reach space 0, they continue advancing by returning to space 1.",
        "RH-AMBULANCE-WRAP",
    ),
    modelled(
        "Ambulance rewards are as follows:",
        "tracks.AMBULANCE_REWARDS",
        note="the 13 rewards are checked by facts.FACTS",
    ),
    settled(
        "Advance 1 on the treated patients track",
        "the treated patients track is the track of healed patients that clinical trials spend",
        "resolve.gain",
        quote="The healed patients from this track can be used to play clinical trials.",
    ),
    reading("Increase your credit income by 1", "RH-PRODUCTION-BONUS"),
    modelled("Gain 1 prestige", "resolve.gain"),
    reading("Draw 1 card", "RH-DRAW-CARD"),
    modelled("Gain 1 diagnosis", "resolve.gain"),
    modelled("Gain 1 healing", "resolve.gain"),
    modelled("Send 1 helicopter", "flow.helicopter_discard", "flow.helicopter_draw"),
    modelled("Gain 1 research", "resolve.gain"),
    modelled("Gain 1 Staff", "resolve.gain"),
    modelled("Increase your quality of care by 1", "resolve.gain", "board.change_qoc"),
    settled(
        "Gain 1 congress doctor",
        "a token from the supply, not one of the congress doctors placed on the tracks (those go to the first player to reach their space)",
        "resolve.gain",
        quote="During the game, the first player to reach those positions earns the congress doctor token.",
    ),
    modelled(
        "Advance 1 on any insurance Company track",
        "resolve.is_decision",
        "resolve.advance_insurance",
        note="the player picks any company whose track is not at 5",
    ),
    modelled("Send 1 helicopter", "flow.helicopter_discard", "flow.helicopter_draw"),
    no_rule("Helicopters", "heading"),
    reading(
        "When a player sends a Helicopter, they can choose to perform one, two, or none of the following options:",
        "RH-HELICOPTER-BOTH",
    ),
    reading("Discard one of their patient cards.", "RH-HELICOPTER-DISCARD"),
    no_rule("or", "joins the two helicopter options (read through RH-HELICOPTER-BOTH)"),
    reading(
        "All players (including the player who activated the helicopter effect) have to draw a patient card.",
        "RH-HELICOPTER-ORDER",
        note="each drawn patient is placed or rejected as any other (patients.reject)",
    ),
    no_rule("3 Quality of Care track", "heading"),
    modelled(
        "In this section, players will track the quality of care in their hospitals.",
        "board.change_qoc",
    ),
    reading(
        "At the end of the game, players will gain or lose victory points depending on their final position on this track.",
        "RH-QOC-SCORING",
    ),
    no_rule("4 Prestige track", "heading"),
    modelled(
        "In this section, players track their prestige.",
        "resolve.gain",
        note="the track's last space is config prestige_max (30, not printed); gains beyond it are lost",
    ),
    settled(
        "In the final phase of each round, players gain half their prestige in victory points (rounded down).",
        "prestige is kept: every round it scores half of its current value again (nothing spends it)",
        "cleanup.score_prestige",
    ),
    no_rule("5 Victory point track", "heading"),
    settled(
        "In this section, players use their victory point counters to keep score.",
        "victory points are unbounded: a final score may be negative",
        "resolve.gain",
        "scoring.final_scores",
        quote="All players gain or lose Victory points according to their position on the Quality of Care track.",
    ),
    no_rule("6 Insurance company tracks", "heading"),
    modelled(
        "The players will mark their progress in the various insurance companies in these four sections.",
        "resolve.advance_insurance",
    ),
    reading(
        "Each time players advance on an insurance track they will gain the benefits shown.",
        "RH-INSURANCE-MAX",
        "RH-REWARD-ORDER",
    ),
    no_rule("Blue Insurance Company (1)", "heading"),
    modelled(
        "You get 1 staff member or 1 research.",
        "resolve.choose",
        "tracks.INSURANCE_BENEFITS",
        note="'X or Y': the player's choice",
    ),
    modelled("You get 1 ambulance.", "resolve.ambulance_step", "tracks.INSURANCE_BENEFITS"),
    modelled("You get 7 credits.", "tracks.INSURANCE_BENEFITS", "resolve.apply"),
    modelled("Increase your care quality by 1.", "tracks.INSURANCE_BENEFITS", "resolve.apply"),
    modelled(
        "You get 1 ambulance, 1 staff member, and 1 research.",
        "tracks.INSURANCE_BENEFITS",
        "resolve.apply",
    ),
    modelled(
        "You get 2 ambulances, 1 diagnosis, and 1 healing.",
        "tracks.INSURANCE_BENEFITS",
        "resolve.apply",
    ),
    reading("Increase your diagnosis production by 1", "RH-PRODUCTION-BONUS"),
    reading("and draw 1 card.", "RH-DRAW-CARD"),
    no_rule("Purple Insurance Company (2)", "heading"),
    modelled(
        "You get 1 staff member or 1 research.",
        "resolve.choose",
        "tracks.INSURANCE_BENEFITS",
        note="'X or Y': the player's choice",
    ),
    modelled("You get 1 prestige.", "tracks.INSURANCE_BENEFITS", "resolve.apply"),
    modelled(
        "You get 2 credits, 1 staff member, and increase your care quality by 1.",
        "tracks.INSURANCE_BENEFITS",
        "resolve.apply",
    ),
    modelled(
        "You get 1 prestige, 1 staff member, and 1 research.",
        "tracks.INSURANCE_BENEFITS",
        "resolve.apply",
    ),
    modelled(
        "You get 2 prestige, 1 diagnosis, and 1 healing.",
        "tracks.INSURANCE_BENEFITS",
        "resolve.apply",
    ),
    reading("Increase your healing production by 1", "RH-PRODUCTION-BONUS"),
    reading("and draw a card.", "RH-DRAW-CARD"),
    no_rule("Green Insurance Company (3)", "heading"),
    modelled(
        "You get 1 staff member or 1 research.",
        "resolve.choose",
        "tracks.INSURANCE_BENEFITS",
        note="'X or Y': the player's choice",
    ),
    reading("Increase your credit production by 1.", "RH-PRODUCTION-BONUS"),
    modelled(
        "You get 2 credits, 1 research, and increase your care quality by 1.",
        "tracks.INSURANCE_BENEFITS",
        "resolve.apply",
    ),
    reading("Increase your credit production by 1", "RH-PRODUCTION-BONUS"),
    settled(
        "obtaining 1 staff member and 1 research.",
        "the player also gains 1 staff and 1 research: 'obtaining' is getting, not a price (no track benefit costs anything)",
        "tracks.INSURANCE_BENEFITS",
        "resolve.apply",
    ),
    reading("Increase your credit production by 2,", "RH-PRODUCTION-BONUS"),
    settled(
        "obtaining 1 diagnosis and 1 healing.",
        "the player also gains 1 diagnosis and 1 healing: 'obtaining' is getting, not a price",
        "tracks.INSURANCE_BENEFITS",
        "resolve.apply",
    ),
    reading("Increase your research production by 1.", "RH-PRODUCTION-BONUS"),
    no_rule("Red Insurance Company (4)", "heading"),
    modelled("You get 1 healing and 1 diagnosis.", "tracks.INSURANCE_BENEFITS", "resolve.apply"),
    modelled(
        "You get 2 credits, send 1 helicopter, and increase your care quality by 1.",
        "tracks.INSURANCE_BENEFITS",
        "flow.helicopter_discard",
        "flow.helicopter_draw",
    ),
    reading(
        "You get 1 prestige, 1 ambulance, and increase your credit production by 1.",
        "RH-PRODUCTION-BONUS",
    ),
    modelled(
        "You get 1 diagnosis or 1 healing.",
        "resolve.choose",
        "tracks.INSURANCE_BENEFITS",
        note="'X or Y': the player's choice",
    ),
    modelled(
        "You get 3 victory points, 1 diagnosis, and 1 healing.",
        "tracks.INSURANCE_BENEFITS",
        "resolve.apply",
    ),
    reading("Increase your staff production by 1.", "RH-PRODUCTION-BONUS"),
    no_rule("7 Resources Tracks", "heading"),
    parameter(
        "These tracks represent the resources produced available to players: diagnosis, healing, research, and staff.",
        "production_max",
        "credit_max",
        note="per-player production counters (resolve.produce_more); the tracks' last spaces are not printed: 10 and 40 in the full preset; an increase beyond the last space is lost and so pays no immediate resources",
    ),
    reading(
        "When the player reaches certain level of production on each resource they gain a special reward:",
        "RH-DOCTOR-PASS",
    ),
    settled(
        "The first player to reach the square 4, obtains the congress doctor resource on that square.",
        "one shared congress doctor per listed space: the first player to reach it takes it, nobody after",
        "board.claim_doctors",
        "tracks.DOCTOR_SPOTS",
    ),
    settled(
        "The first player to reach the square 7, obtains the congress doctor resource on that square.",
        "one shared congress doctor per listed space: the first player to reach it takes it, nobody after",
        "board.claim_doctors",
        "tracks.DOCTOR_SPOTS",
    ),
    no_rule("Composition of the Cards", "heading"),
    no_rule("Cards from the Medical Deck", "heading"),
    modelled(
        "Cost: The resource(s) cost to play this card.",
        "action_phase.affordable",
        "action_phase.play_card",
    ),
    reading("Cards may require credits, research or healed patients.", "RH-HEALED-COST"),
    reading(
        "Color: Indicates the 11 types of cards: Starting cards and Research projects (blue), Specialists (grey), Consultations (pink; the components list calls these Referral cards), Outpatient clinic (red), Facility (yellow), Insurance companies (black), Resident programs (green), Medical direction (orange), Supplier (purple), Clinical sessions (light blue).",
        "RH-CARD-NAMES",
    ),
    modelled(
        "Rewards: The benefit(s) the player gains by playing the card.",
        "action_phase.play_card",
        "cards.MedicalCard",
    ),
    modelled("There are 3 different reward types:", "cards.MedicalCard"),
    modelled(
        '"Immediate Rewards" take effect only once, immediately after playing the card.',
        "action_phase.play_card",
    ),
    parameter(
        '"Prolonged Rewards" have a continuous effect.',
        "medical_deck",
        note="no card text is printed: the only prolonged reward the book names, a patient space of outpatient clinics and clinical trials, follows from the card's kind (board.capacity); stand-in texts in cards.STANDARD_MEDICAL",
    ),
    modelled(
        '"Action Rewards" can be activated once each round.',
        "action_phase.activate",
        "action_phase.activatable",
    ),
    no_rule("Patient Cards", "heading"),
    modelled(
        "Patient cards are two-sided and must always be drawn from the bottom of the deck with the healing side hidden (facing down).",
        "patients.draw_weights",
        "patients.take",
    ),
    no_rule("Diagnosis side:", "heading"),
    parameter(
        "Diagnostic difficulty.",
        "patient_deck",
        note="the 109 cards' values are not printed: stand-ins in cards.STANDARD_PATIENTS",
    ),
    no_rule("Healing side:", "heading"),
    parameter(
        "Healing difficulty.",
        "patient_deck",
        note="the 109 cards' values are not printed: stand-ins in cards.STANDARD_PATIENTS",
    ),
    parameter(
        "Reward for curing the patient.",
        "patient_deck",
        note="the 109 cards' values are not printed: stand-ins in cards.STANDARD_PATIENTS",
    ),
    no_rule("Symbols", "heading"),
    reading(
        "The symbol key shows these icons: Diagnostic, Healing, Research, Staff, Credits, Congress doctor, Medical deck card, Insurance company, Quality of care track, Time, Ambulance, Helicopter, Prestige and Victory Point.",
        "RH-DRAW-CARD",
        note="the symbol key: Medical deck card, and no patient-card icon",
    ),
    no_rule("The patient card symbols are explained as follows:", "heading"),
    modelled("Healing difficulty.", "treatment.stage_cost"),
    modelled(
        "Reward for curing the patient: Each time you heal a patient, increase the track of healed patients on the board.",
        "patients.cure",
    ),
    reading(
        "The healed patients from this track can be used to play clinical trials.", "RH-HEALED-COST"
    ),
    modelled(
        "Priority type: The illustration on each card represents the severity of the patient's condition.",
        "cards.PatientCard",
    ),
    modelled(
        "There are 5 types of patients depending on their severity:",
        "cards.PatientCard",
        note="five kinds, checked by facts.FACTS",
    ),
    modelled(
        "Priority 1 (Critical patients): These patients are in critical condition and need urgent treatment.",
        "cleanup.dies",
    ),
    modelled(
        "Unlike normal patients, critically ill patients have the same information on the diagnosis and the healing side.",
        "patients.take",
        "cards.PatientCard.open_faced",
    ),
    modelled(
        "Priority 2 (Severe patients): The condition of these patients is severe and they need to be treated before they have 2 time tokens or they will die.",
        "cleanup.dies",
    ),
    reading(
        "Priority 3 (Patients with chronic illness): The condition of these patients is not serious.",
        "RH-PRIORITY-3",
    ),
    no_rule(
        "However, their treatment will be more complicated the longer it takes to treat them.",
        "flavour (the next sentence gives the rule)",
    ),
    modelled(
        "The healing difficulty of these patients is equal to the number of time tokens the patient has.",
        "treatment.stage_cost",
    ),
    settled(
        "Patients with no time tokens when diagnosed are automatically healed because their healing difficulty is 0 and no resources are required.",
        "an automatically healed chronic patient is cured like any other: its reward, the healed track, the card on top of the deck",
        "treatment.diagnosed_as",
        "patients.cure",
        quote="We managed to cure 3 of our patients and we obtain the following rewards: 9 victory points and 8 credits.",
    ),
    no_rule("Prevention is the key.", "flavour"),
    modelled(
        "Priority 4 (Non-severe patients): The condition of these patients is not serious and they can be treated without urgency.",
        "cleanup.add_time_tokens",
        "cleanup.dies",
    ),
    reading(
        "Terminal patients: Terminal patients do not occupy 1 space in the hospital.",
        "RH-TIE-PATIENTS",
        note="a terminal patient takes no space (patients.arrive)",
    ),
    reading(
        "They must be treated with 1 healing resource in the round they arrive at the hospital",
        "RH-TERMINAL-UPKEEP",
        "RH-TERMINAL-COST",
    ),
    settled(
        "or they die (decreasing care quality by 1 only).",
        "treating is the player's choice: an untreated terminal patient dies at that Cleanup for 1 quality of care, its card on top of the Patient deck",
        "cleanup.deaths",
        "patients.die",
    ),
    settled(
        "Unlike other patients, the terminal patient, even when treated, never leaves your playing area.",
        "a terminal patient stays for the rest of the game: it is never cured away, and a helicopter cannot discard it (only patients in the hospital are offered)",
        "flow.helicopter_discard",
        "treatment.treat_terminal",
    ),
    modelled(
        "This patient doesn't need a room in your hospital.", "patients.arrive", "board.capacity"
    ),
    modelled(
        "Unlike normal patients, terminal patients have the same information on the diagnosis and the healing side.",
        "patients.take",
        "cards.PatientCard.open_faced",
    ),
    no_rule("Hospital Board", "heading"),
    reading(
        "You will need to treat terminal patients each round by adding 1 healing resource to them.",
        "RH-TERMINAL-UPKEEP",
    ),
    reading("If successfully treated, remove the resource used to treat them", "RH-TERMINAL-COST"),
    reading("and note the rewards for treating them.", "RH-TERMINAL-REWARD"),
    modelled(
        "This patient does not increase the track of healed patients and the patient remains in your playing area.",
        "treatment.treat_terminal",
    ),
    modelled(
        "The hospital board has space for 4 patients.",
        "board.capacity",
        note="checked by facts.FACTS",
    ),
    reading(
        "During the game, players can use outpatient clinics and clinical trials (types of medical cards) to increase patient capacity.",
        "RH-CARD-NAMES",
    ),
    reading(
        "Each outpatient clinic and clinical trial adds 1 additional space for patient cards.",
        "RH-CARD-NAMES",
    ),
    settled(
        "If a player has no spaces available when a patient is drawn, the following actions must be taken:",
        "a patient is rejected only when it does not fit: with a free space it is placed",
        "flow.waits",
        "patients.admit_all",
        quote="All cards from the Patient deck are drawn from the bottom of that deck and placed on a hospital board or on an outpatient clinic card.",
    ),
    modelled("Discard the Patient card.", "patients.reject"),
    modelled(
        "Discarded Patient cards are placed on top of the Patient deck.",
        "patients.reject",
        note="the returned pile is drawn from the bottom only once the shuffled cards are gone (patients.draw_weights); several cards go on top in the order they are discarded",
    ),
    modelled(
        "If players place several patient cards at the same time, they can choose which to discard and which to place.",
        "patients.reject",
        note="the arrivals of one draw step wait together; the player rejects one at a time until the rest fit",
    ),
    reading(
        "Decrease your quality of care track by 1 for each patient card you have discarded.",
        "RH-QOC-FLOOR",
    ),
    modelled(
        "Patients cannot be moved once they are allocated on your hospital board or an Outpatient Clinic.",
        "treatment.diagnosed_as",
        note="a patient's record stays in its hospital until cured, dead or discarded by a helicopter; which space holds it changes no count",
    ),
    modelled(
        "Even if you don't have space in the hospital when you go to draw a patient, draw from the deck in case it is a terminal patient (these do not require spaces).",
        "patients.arrive",
        "flow.waits",
    ),
    settled(
        "If you draw multiple patients in a round and do not have space for all of them, you decide which patients to admit and which to reject.",
        "the player chooses which arrivals to reject, one at a time, until the rest fit",
        "patients.reject",
    ),
    no_rule("Game Setup", "heading"),
    reading(
        "Shuffle the Patient and Medical decks separately and place the decks beside the game board.",
        "RH-MEDICAL-EMPTY",
        note="both decks are shuffled: exact chance (flow.chance_weights, patients.draw_weights)",
    ),
    modelled(
        "Remember that the Patient card deck must have the diagnosis side up.",
        "patients.take",
        note="a drawn card shows its diagnosis side: its visible class",
    ),
    reading(
        "Players choose a colour and place their quality of care counters on space 6.",
        "RH-QOC-SCORING",
        note="start_qoc 6, checked by facts.FACTS",
    ),
    modelled(
        "And place their Prestige, Ambulances, Insurance Companies, and Victory Points counters on space 0 of each track.",
        "setup.initial_state",
    ),
    modelled(
        "Place the Round counter in the first space on the round tracker.", "setup.initial_state"
    ),
    modelled("Give a hospital board to each player.", "setup.initial_state"),
    reading(
        "Place a resource production counter on the 5 space and 10 space of the Credit production.",
        "RH-CREDIT-START",
    ),
    modelled(
        "Place a resource production counter on the 1 space of each other resource production track.",
        "setup.initial_state",
    ),
    modelled(
        "Place a resource of congress doctors in the following positions:", "tracks.DOCTOR_SPOTS"
    ),
    modelled(
        "On the prestige track, on spaces 7, 14, and 21.",
        "tracks.DOCTOR_SPOTS",
        note="checked by facts.FACTS",
    ),
    modelled(
        "On the diagnostic, healing, staff, and research production track, on spaces 4 and 7.",
        "tracks.DOCTOR_SPOTS",
        note="checked by facts.FACTS",
    ),
    reading(
        "On the credit production track, on spaces 21, 27, and 33.",
        "RH-CREDIT-START",
        note="checked by facts.FACTS",
    ),
    modelled(
        "On the insurance track, on space 5 of each insurance company.",
        "tracks.DOCTOR_SPOTS",
        note="checked by facts.FACTS",
    ),
    reading(
        "On the ambulance track, on the starting space.",
        "RH-AMBULANCE-WRAP",
        note="taken by the first player to come round to the starting space",
    ),
    modelled(
        "On the care quality track, on spaces 9 and 12.",
        "tracks.DOCTOR_SPOTS",
        note="checked by facts.FACTS; the last space of the track is config qoc_max",
    ),
    reading(
        "During the game, the first player to reach those positions earns the congress doctor token.",
        "RH-DOCTOR-PASS",
    ),
    settled(
        "The first player to reach the square 4, obtains the congress doctor resource on that square.",
        "one shared congress doctor per listed space: the first player to reach it takes it, nobody after",
        "board.claim_doctors",
    ),
    settled(
        "The first player to reach the square 7, obtains the congress doctor resource on that square.",
        "one shared congress doctor per listed space: the first player to reach it takes it, nobody after",
        "board.claim_doctors",
    ),
    reading(
        "The resources of congress doctor can be used by players as a staff or research resource.",
        "RH-DOCTOR-SUBSTITUTE",
        note="as research it pays card costs and is sold for 3 credits (action_phase.affordable, action_phase.sell_research)",
    ),
    modelled(
        "The starting player is chosen at random, and the order will continue clockwise.",
        "flow.chance",
        "board.order",
    ),
    reading("Deal one starting card to each player.", "RH-STARTING-CARD"),
    settled(
        "Place the resource tokens to one side of the board in easy reach of all players.",
        "no coins are handed out at setup: the first credits come from round 1's production",
        "setup.initial_state",
        "flow.produce",
        quote="Players gain Diagnostic, Healing, Research, Staff and Credit resources determined by their player board productions.",
    ),
    modelled(
        "All players draw 10 cards from the medical deck and choose 5 to start the game with, discarding the other 5.",
        "flow.keep",
        "flow.keep_rest",
    ),
    left_out(
        "Hand of Medical cards: The hand of cards remains secret from other players.",
        "the model is perfect-information: hands and drawn Medical cards are visible; only the patients' hidden healing sides are chance resolved when seen",
    ),
    no_rule(
        "However, the other players are allowed to know how many cards you have.",
        "information only: the model shows every hand",
    ),
    modelled(
        "There is no limit to the number of cards players can have in their hands.",
        "flow.keep_rest",
        note="hands are counts per card type with no bound",
    ),
    no_rule("Game Play", "heading"),
    modelled(
        "Each round is divided into phases: Preparation, Action, Treatment and Cleanup.",
        "flow.advance",
        "flow.begin_round",
        "flow.begin_cleanup",
    ),
    no_rule("Preparation Phase", "heading"),
    reading(
        "In player order, each player draws as many cards from the Medical and Patient decks as indicated by the round tracker.",
        "RH-ROUND-PATIENTS",
        note="in player order from the starting player: each player's Medical and Patient cards are drawn, then kept and placed (flow.begin_round)",
    ),
    settled(
        "Additional cards are taken based on staff and research production (as many cards as the sum of your staff and research production).",
        "the extra cards are Medical cards only: Patient cards are placed, never kept or discarded by choice",
        "flow.begin_round",
        quote="All cards from the Patient deck are drawn from the bottom of that deck and placed on a hospital board or on an outpatient clinic card.",
    ),
    modelled(
        "These cards are extra cards that you catch, but you have to choose to keep as many as indicated by the round counter.",
        "flow.keep",
        "flow.keep_rest",
        note="the cards not kept go to the Medical discard pile",
    ),
    reading(
        "e.g.: In round 3, 3 cards are received.",
        "RH-ROUND-PATIENTS",
        note="round_cards[2] = 3, checked by facts.FACTS",
    ),
    no_rule(
        "If a player has production of 1 research and 1 staff, he would draw 2 extra cards, you would take 5 cards and choose to keep 3 of them.",
        "worked example: tests/royal_hospital/test_royal_hospital_rules.py (test_preparation_extra_cards_round_three_example)",
    ),
    modelled(
        "All cards from the Patient deck are drawn from the bottom of that deck and placed on a hospital board or on an outpatient clinic card.",
        "patients.draw_weights",
        "patients.arrive",
    ),
    modelled("These cards are placed without revealing the back (healing) side.", "patients.take"),
    modelled(
        "Patients can be turned over in a later phase when successfully diagnosed.",
        "treatment.diagnosed_as",
    ),
    reading(
        "Players gain Diagnostic, Healing, Research, Staff and Credit resources determined by their player board productions.",
        "RH-RESOURCES-KEEP",
        note="flow.produce; credit production pays coins",
    ),
    modelled("Players rotate all action cards to their starting position.", "flow.produce"),
    no_rule("Action Phase", "heading"),
    settled(
        "In turn order, each player must perform one action or pass.",
        "the holder of the starting player token acts first, then clockwise",
        "action_phase.end_turn",
        "board.order",
        quote="The starting player is chosen at random, and the order will continue clockwise.",
    ),
    modelled(
        "Players continue taking actions until all players have passed.", "action_phase.end_turn"
    ),
    no_rule("Available actions:", "heading"),
    modelled(
        "Play a card from your hand: To play a card, pay the resource cost shown (discard the tokens to the general piles) and place the card face up on the board.",
        "action_phase.affordable",
        "action_phase.play_card",
    ),
    modelled(
        "Implement any immediate reward(s) of the card.", "action_phase.play_card", "resolve.apply"
    ),
    reading(
        "If the production of diagnostics, healing, research, staff, or credits is increased, you also immediately obtain those resources.",
        "RH-PRODUCTION-BONUS",
    ),
    no_rule(
        "e.g.: If you increase staff production by 2, you obtain 2 staff resources.",
        "worked example: tests/royal_hospital/test_royal_hospital_rules.py (test_play_a_card_pays_and_gains_production_at_once)",
    ),
    reading(
        "Activate an action card: Previously played Medical cards may be activated only once each round to perform their effects (i.e. gain Action reward).",
        "RH-ACTIVATE-SAME-ROUND",
    ),
    modelled(
        "When you activate a card, rotate it sideways to show that it has been used this round.",
        "action_phase.activate",
    ),
    settled(
        "Discard cards or research resources: On your turn, you may also discard a card from your hand or 1 research resource to receive 3 credits.",
        "only on the player's own turn in the Action Phase, before passing; a congress doctor sells as research",
        "action_phase.sell_card",
        "action_phase.sell_research",
    ),
    modelled(
        "This may be performed as many times as desired: it does not count as an action.",
        "action_phase.sell_card",
        "action_phase.sell_research",
        note="offered beside the actions and never ends the turn",
    ),
    modelled(
        "Pass: When players cannot or choose not to perform more actions, they pass and cannot perform any further actions that round.",
        "action_phase.pass_turn",
    ),
    modelled(
        "The rest of the players may continue taking actions until all players have passed.",
        "action_phase.end_turn",
    ),
    modelled("Then the next phase begins.", "action_phase.end_turn"),
    no_rule("Patient Treatment Phase", "heading"),
    modelled(
        "During this phase, players will be able to allocate their resources to diagnose and heal patients.",
        "treatment.diagnose",
        "treatment.heal",
    ),
    settled(
        "This phase can be carried out simultaneously by all players; however, if there are beginner players it might help to take this phase in turns.",
        "players treat one after another in turn order, which changes nothing: no treatment touches another hospital",
        "flow.end_treatment",
    ),
    reading(
        "Diagnosing a patient: To successfully diagnose a patient, you must pay the number of Diagnostic resources indicated by the card's difficulty.",
        "RH-PARTIAL-PAYMENT",
    ),
    modelled(
        "Then flip the patient card over to reveal the healing side.", "treatment.diagnosed_as"
    ),
    modelled(
        "Healing a patient: To successfully heal a patient, you must pay a number of Healing resources equal to the difficulty shown.",
        "treatment.heal",
        "treatment.stage_cost",
    ),
    modelled(
        "Once the patient is healed, gain the credit rewards and victory points shown on the card, and then discard the card to the top of the patient deck.",
        "patients.cure",
    ),
    no_rule(
        "Critical patients: Critical (Priority 1) patients are more difficult to heal.",
        "flavour (the cost is RH-CRITICAL-COST)",
    ),
    reading(
        "However, these patients do not need to be diagnosed or flip the card, as all the requirements needed for healing appear on both sides of the card.",
        "RH-CRITICAL-COST",
    ),
    modelled(
        "To cure them, pay the resources shown on the card as with all patients.",
        "treatment.heal",
        "treatment.stage_cost",
    ),
    reading(
        "However, if critical patients are not diagnosed and healed in one round, they will die.",
        "RH-CRITICAL-COST",
    ),
    modelled(
        "Terminal patients: These patients do not need to be diagnosed or flip the card, as all the requirements needed for healing appear on both sides of the card.",
        "patients.take",
        "treatment.treat_terminal",
    ),
    reading(
        "To cure them, pay the resources shown on the card as with all patients.",
        "RH-TERMINAL-COST",
    ),
    reading(
        "However, if terminal patients are not diagnosed and healed in one round, they will die.",
        "RH-TERMINAL-UPKEEP",
        note="an untreated terminal patient dies at that Cleanup (cleanup.deaths)",
    ),
    reading(
        "Note: Staff resources can always be used in place of Diagnostic or Healing resources in this phase!",
        "RH-RESEARCH-IN-TREATMENT",
        "RH-DOCTOR-SUBSTITUTE",
    ),
    no_rule("Cleanup Phase", "heading"),
    modelled(
        "Once all players have completed their patient treatment phase, the following actions are carried out:",
        "flow.end_treatment",
        "flow.begin_cleanup",
    ),
    modelled(
        "Add time tokens: A time token should be added to the following patients:",
        "cleanup.add_time_tokens",
    ),
    modelled("All patients who have not been diagnosed.", "cleanup.add_time_tokens"),
    modelled(
        "All patients except those with priority 4 who have been diagnosed but are not fully healed.",
        "cleanup.add_time_tokens",
    ),
    modelled(
        "Check patients: After adding the time tokens, check to see if any patients have died.",
        "cleanup.deaths",
    ),
    reading("Only severe or critical patients can die.", "RH-PRIORITY-3"),
    reading(
        "Critical patients (Priority 1): These patients die if they have any time tokens.",
        "RH-CRITICAL-DEADLINE",
    ),
    modelled(
        "Severe patients (Priority 2): These patients die if they have two time tokens.",
        "cleanup.dies",
        note="checked by facts.FACTS",
    ),
    settled(
        "Terminal patients (Priority 3): These patients die if they have 1 time counter.",
        "a terminal patient never holds time tokens: its 'time counter' is the Cleanup of a round in which it was not treated, so it dies then (cleanup.deaths) and a treated one never does",
        "cleanup.deaths",
        "cleanup.add_time_tokens",
        quote="You will need to treat terminal patients each round by adding 1 healing resource to them.",
    ),
    modelled(
        "They only reduce the quality of care by 1 when they die.",
        "cleanup.deaths",
        note="checked by facts.FACTS",
    ),
    reading(
        'Note on the source: this section labels terminal patients "Priority 3", while the Symbols section above labels Priority 3 as patients with chronic illness.',
        "RH-PRIORITY-3",
        note="a transcriber's note on the source",
    ),
    no_rule("Transcribed as printed.", "a transcriber's note"),
    modelled(
        "If any undiagnosed patients have two or more time tokens, you must reveal their healing side to the other players to check their priority.",
        "cleanup.needs_reveal",
        "cleanup.reveal_weights",
    ),
    no_rule(
        "You are not allowed to acknowledge the difficulty and type of patient it is.",
        "information only: the model reveals the type as a chance outcome",
    ),
    modelled("If the patient is severely ill (Priority 2), they will have died.", "cleanup.dies"),
    modelled(
        "All other patients remain at your hospital and should be flipped back to the diagnostic side.",
        "cleanup.revealed_as",
    ),
    modelled(
        "Deceased patients: When one of your patients dies, you must perform the following actions:",
        "cleanup.deaths",
        "patients.die",
    ),
    reading(
        "Discard all the counters and resources on the card to the general resource piles.",
        "RH-PARTIAL-PAYMENT",
        note="only resources left on a card under RH-PARTIAL-PAYMENT=partial; time tokens are a count on the record",
    ),
    settled(
        "Place the deceased patient's card on top of the Patient deck (diagnosis side up).",
        "the card keeps its type: a card whose healing side was seen comes back seen when drawn again (the deck is never reshuffled, so the same card returns)",
        "patients.die",
        "patients.take",
        quote="Patient cards are two-sided and must always be drawn from the bottom of the deck with the healing side hidden (facing down).",
    ),
    reading("Decrease your Quality of Care track by 2.", "RH-QOC-FLOOR"),
    modelled(
        "Prestige scoring: Each player gains half of their prestige as victory points (rounded down).",
        "cleanup.score_prestige",
    ),
    reading(
        "End of round: Move the Round Token one space forward, pass the starting player token clockwise and start a new round.",
        "RH-GAME-END",
        note="flow.round_end: the next round's Preparation starts at once",
    ),
    no_rule("Patient Treatment Phase Example", "heading"),
    no_rule(
        "Let's see an example of how to treat patients:",
        "worked example: tests/royal_hospital/test_royal_hospital_example.py",
    ),
    no_rule(
        "e.g.: Our hospital has 1 critical patient and 3 undiagnosed patients.",
        "worked example: tests/royal_hospital/test_royal_hospital_example.py",
    ),
    no_rule(
        "We have 4 diagnosis tokens, 3 healing tokens and 3 staff tokens (remember these research tokens can be used either to diagnose or to treat your patients).",
        "worked example: tests/royal_hospital/test_royal_hospital_example.py",
    ),
    no_rule(
        "We won't be able to know our patients' prognosis until they are diagnosed.",
        "worked example: tests/royal_hospital/test_royal_hospital_example.py",
    ),
    no_rule(
        "It is convenient to diagnose our patients as soon as possible to know what we are dealing with.",
        "advice (worked example: tests/royal_hospital/test_royal_hospital_example.py)",
    ),
    no_rule(
        "The most urgent patient in our hospital is number 2, because they will die in the next round unless they we treat them.",
        "worked example: tests/royal_hospital/test_royal_hospital_example.py",
    ),
    no_rule(
        "We assign them as many tokens we need to cure him: 1 Staff token, 1 Diagnosis token and 1 Healing token.",
        "worked example: tests/royal_hospital/test_royal_hospital_example.py",
    ),
    no_rule(
        "Next, we will use the remaining Diagnosis and Research tokens to diagnose the rest of the patients.",
        "worked example: tests/royal_hospital/test_royal_hospital_example.py",
    ),
    no_rule(
        "The first patient does not imply any gravity, so it is not urgent to cure them.",
        "worked example: tests/royal_hospital/test_royal_hospital_example.py",
    ),
    no_rule(
        "Given the fact that we have scarce healing tokens right now, we will wait for the next round to cure them.",
        "worked example: tests/royal_hospital/test_royal_hospital_example.py",
    ),
    no_rule(
        "Our third patient is a chronic patient; this kind patient has as much healing difficulty as the number of time tokens they have.",
        "worked example: tests/royal_hospital/test_royal_hospital_example.py",
    ),
    no_rule(
        "In this case, no time tokens are on this patient card because we diagnosed them as soon as they arrived at the hospital.",
        "worked example: tests/royal_hospital/test_royal_hospital_example.py",
    ),
    reading(
        "Our last patient is a critical one, and they will die if we do not cure them in the next two rounds.",
        "RH-CRITICAL-DEADLINE",
        note="worked example: tests/royal_hospital/test_royal_hospital_example.py",
    ),
    no_rule(
        "Therefore, we must prioritize their treatment over patient number 1.",
        "worked example: tests/royal_hospital/test_royal_hospital_example.py",
    ),
    no_rule(
        "We managed to cure 3 of our patients and we obtain the following rewards: 9 victory points and 8 credits.",
        "worked example: tests/royal_hospital/test_royal_hospital_example.py (the values of cards.EXAMPLE_PATIENTS)",
    ),
    no_rule("End Game Scoring", "heading"),
    reading(
        "All players gain or lose Victory points according to their position on the Quality of Care track.",
        "RH-QOC-SCORING",
    ),
    reading(
        "All players earn 1 victory point for each player they surpass in the following counters: Quality of care, Insurance companies, Prestige, Credit production, Diagnosis, Healing, Research and Staff.",
        "RH-INSURANCE-COUNTER",
        "RH-COMPARE-COUNTERS",
        note="'surpass' is strictly more (scoring.surpass_points)",
    ),
    reading("The player with the most victory points is the winner.", "RH-FINAL-TIE"),
    modelled(
        "In the event of a tie, the player with the highest Quality of Care wins.",
        "scoring.tie_key",
        "scoring.winners",
    ),
    modelled("After this the player with the highest prestige wins.", "scoring.tie_key"),
    reading("Then the player with the least patients in his hospital.", "RH-TIE-PATIENTS"),
    reading(
        "If the tie persists, the player with the highest value reached in the counter of healed patients will win.",
        "RH-HEALED-COST",
        note="the highest value the counter ever showed (PlayerState.healed_max)",
    ),
    modelled(
        "If the tie persists, the highest credit production will be consulted.", "scoring.tie_key"
    ),
    reading(
        "If the tie persists, it will be the highest sum of diagnosis, healing, staff, and research.",
        "RH-TIE-RESOURCES",
    ),
    modelled(
        "If the tie continues, the highest number of insurance companies that have reached 5 will be consulted.",
        "scoring.tie_key",
    ),
    reading(
        "Finally, the last tiebreaker condition will be the card played with the highest credit value.",
        "RH-TIE-CARD-VALUE",
    ),
    no_rule("Solo Mode", "heading"),
    reading("Work in progress.", "RH-SOLO"),
    no_rule("Summary of the Round", "heading"),
    no_rule("Preparation phase", "summary heading"),
    no_rule(
        "Draw Patients and Medical deck cards", "summary of the Preparation Phase (mapped there)"
    ),
    no_rule("Produce resources", "summary of the Preparation Phase (mapped there)"),
    no_rule(
        "Rotate used Medical cards to starting position",
        "summary of the Preparation Phase (mapped there)",
    ),
    no_rule("Actions phase", "summary heading"),
    no_rule("Play a card from the hand", "summary of the Action Phase (mapped there)"),
    no_rule("– or –", "summary of the Action Phase (mapped there)"),
    no_rule("Activate an action card", "summary of the Action Phase (mapped there)"),
    no_rule("– or –", "summary of the Action Phase (mapped there)"),
    no_rule("Pass", "summary of the Action Phase (mapped there)"),
    no_rule("Patient treatment phase", "summary heading"),
    no_rule("Diagnose patients", "summary of the Patient Treatment Phase (mapped there)"),
    no_rule("Heal patients", "summary of the Patient Treatment Phase (mapped there)"),
    no_rule("Cleanup phase", "summary heading"),
    no_rule("Add time tokens to patients", "summary of the Cleanup Phase (mapped there)"),
    no_rule("Check patients", "summary of the Cleanup Phase (mapped there)"),
    no_rule("Score prestige", "summary of the Cleanup Phase (mapped there)"),
    reading("Check for the end of the game", "RH-GAME-END"),
    modelled(
        "Move starting player token clockwise",
        "flow.round_end",
        note="the order: prestige, the end check, then the token passes",
    ),
    modelled("Move the Round token", "flow.round_end"),
)

RULE_MAP = RuleMap(
    rulebook="royal-hospital.txt",
    package="hhh_verify.models.royal_hospital.rules",
    entries=ENTRIES,
)
