"""Every place where the Royal Hospital rulebook is silent, contradicts itself or reads
two ways. The model reads each entry through its generated enum
(``interp.reads(R.SOLO.REJECT)``, mostly in ``context.py``).

Quotes are verbatim (whitespace-normalised; "..." joins two verbatim parts) and name
their rulebook section. A default is the reading we believe the designers meant, and
``why`` says why; every other option stays one ``--interpret`` away.
"""

from __future__ import annotations

from hhh_verify.contract.interpretations import Ambiguity, AmbiguityRegistry

ENTRIES = [
    Ambiguity.of(
        "RH-CARD-NAMES",
        "Card kinds: the colour key's names differ from the component list",
        "terminology",
        [
            ("Composition of the Cards", "Indicates the 11 types of cards"),
            (
                "Composition of the Cards",
                "Consultations (pink; the components list calls these Referral cards)",
            ),
            ("Composition of the Cards", "Clinical sessions (light blue)"),
            ("Components", "15 Clinical Trial cards"),
            (
                "Hospital Board",
                "Each outpatient clinic and clinical trial adds 1 additional space for patient cards.",
            ),
        ],
        [
            (
                "trials-add-space",
                "the light-blue Clinical sessions are the 15 Clinical Trial cards: each adds a patient space",
            ),
            (
                "only-clinics-add-space",
                "Clinical sessions are a kind of their own, not the Hospital Board's clinical trials: only outpatient clinics add spaces",
            ),
        ],
        "trials-add-space",
        "Matching the key's eleven names to the component list one to one leaves exactly Clinical sessions = Clinical Trial and Consultations = Referral.",
    ),
    Ambiguity.of(
        "RH-CREDIT-START",
        "Starting credit production: two counters on the credit track",
        "contradiction",
        [
            (
                "Game Setup",
                "Place a resource production counter on the 5 space and 10 space of the Credit production.",
            ),
            ("Game Setup", "On the credit production track, on spaces 21, 27, and 33."),
            ("Components", "32 Resource Production counters"),
        ],
        [
            ("fifteen", "the two counters add up: credit production starts at 15"),
            ("five", "production is the counter on 5 (the other is a spare)"),
            ("ten", "production is the counter on 10"),
        ],
        "fifteen",
        "A track has one position per player; two counters only make sense as a sum, and 15 + 6, + 12, + 18 gives the doctors' spaces 21, 27, 33 at the same spacing.",
    ),
    Ambiguity.of(
        "RH-ROUND-PATIENTS",
        "How many patients the round track gives",
        "gap",
        [
            (
                "Preparation Phase",
                "each player draws as many cards from the Medical and Patient decks as indicated by the round tracker.",
            ),
            ("Preparation Phase", "In round 3, 3 cards are received."),
        ],
        [
            ("same-number", "as many patients as Medical cards (config round_cards)"),
            ("own-row", "the round track shows a separate patient number (config round_patients)"),
        ],
        "same-number",
        "The sentence names both decks with one number.",
    ),
    Ambiguity.of(
        "RH-GAME-END",
        "When the game ends",
        "gap",
        [
            ("1 Round track", "This section shows the number of game rounds."),
            ("Summary of the Round", "Check for the end of the game"),
        ],
        [
            ("fixed-rounds", "after the last round of the round track (config rounds)"),
            (
                "patient-deck-empty",
                "also at the Cleanup of a round that leaves the Patient deck empty",
            ),
        ],
        "fixed-rounds",
        "The round track is the only end the book describes; the summary's check names no other condition.",
    ),
    Ambiguity.of(
        "RH-RESOURCES-KEEP",
        "Whether unspent resources carry over to the next round",
        "gap",
        [
            (
                "Preparation Phase",
                "Players gain Diagnostic, Healing, Research, Staff and Credit resources determined by their player board productions.",
            ),
            (
                "Cleanup Phase",
                "Discard all the counters and resources on the card to the general resource piles.",
            ),
        ],
        [
            ("keep", "tokens stay with the player"),
            ("discard", "unspent diagnosis, healing, research and staff return at Cleanup"),
        ],
        "keep",
        "Cleanup lists what is discarded (a dead patient's resources) and never the players' own.",
    ),
    Ambiguity.of(
        "RH-RESEARCH-IN-TREATMENT",
        "May research tokens diagnose and heal (the example says so)",
        "contradiction",
        [
            (
                "Patient Treatment Phase",
                "Note: Staff resources can always be used in place of Diagnostic or Healing resources in this phase!",
            ),
            (
                "Patient Treatment Phase Example",
                "3 staff tokens (remember these research tokens can be used either to diagnose or to treat your patients)",
            ),
        ],
        [
            ("staff-only", "only staff (and congress doctors as staff) substitute"),
            ("research-too", "research tokens substitute as well"),
        ],
        "staff-only",
        "The rule names staff; the example calls the same three tokens staff and research in one sentence, a slip.",
    ),
    Ambiguity.of(
        "RH-CRITICAL-COST",
        "What curing a critical patient costs",
        "gap",
        [
            (
                "Patient Treatment Phase",
                "these patients do not need to be diagnosed or flip the card, as all the requirements needed for healing appear on both sides of the card.",
            ),
            (
                "Patient Treatment Phase",
                "if critical patients are not diagnosed and healed in one round, they will die.",
            ),
        ],
        [
            ("diagnose-and-heal", "the diagnostic and the healing difficulty, both in one round"),
            ("healing-only", "the healing difficulty only"),
        ],
        "diagnose-and-heal",
        "'Diagnosed and healed in one round' and 'more difficult to heal' point to paying both at once.",
    ),
    Ambiguity.of(
        "RH-CRITICAL-DEADLINE",
        "When an untreated critical patient dies",
        "contradiction",
        [
            (
                "Cleanup Phase",
                "Critical patients (Priority 1): These patients die if they have any time tokens.",
            ),
            (
                "Patient Treatment Phase Example",
                "Our last patient is a critical one, and they will die if we do not cure them in the next two rounds.",
            ),
        ],
        [
            ("first-cleanup", "at the first Cleanup (one time token)"),
            ("second-cleanup", "with two time tokens, as the example says"),
        ],
        "first-cleanup",
        "The Cleanup rule and the treatment rule ('in one round') agree; the example also says the hospital had only one critical patient, so its 'last patient' is a severe one.",
    ),
    Ambiguity.of(
        "RH-TERMINAL-UPKEEP",
        "Does a terminal patient need healing every round",
        "contradiction",
        [
            (
                "Patient Cards",
                "They must be treated with 1 healing resource in the round they arrive at the hospital or they die",
            ),
            (
                "Hospital Board",
                "You will need to treat terminal patients each round by adding 1 healing resource to them.",
            ),
        ],
        [
            ("every-round", "1 healing every round, or it dies at that Cleanup"),
            ("arrival-round-only", "treated once in its arrival round, it is safe for good"),
        ],
        "every-round",
        "The Hospital Board section is the specific rule for terminal care and the patient 'never leaves your playing area', so care continues.",
    ),
    Ambiguity.of(
        "RH-TERMINAL-COST",
        "What treating a terminal patient costs",
        "contradiction",
        [
            ("Patient Cards", "They must be treated with 1 healing resource"),
            (
                "Patient Treatment Phase",
                "To cure them, pay the resources shown on the card as with all patients.",
            ),
        ],
        [
            ("one-healing", "1 healing resource"),
            ("card-cost", "the healing difficulty printed on the card"),
        ],
        "one-healing",
        "Two sections say 1 healing resource; the treatment sentence is copied from the critical patients' paragraph.",
    ),
    Ambiguity.of(
        "RH-TERMINAL-REWARD",
        "Which treatments of a terminal patient pay its card's reward",
        "gap",
        [
            (
                "Hospital Board",
                "If successfully treated, remove the resource used to treat them and note the rewards for treating them.",
            ),
            (
                "Hospital Board",
                "You will need to treat terminal patients each round by adding 1 healing resource to them.",
            ),
            (
                "Patient Treatment Phase",
                "Once the patient is healed, gain the credit rewards and victory points shown on the card,",
            ),
        ],
        [
            (
                "every-treatment",
                "every successful treatment pays the card's credits and victory points",
            ),
            ("first-treatment", "only the first treatment pays; later upkeep earns nothing"),
            ("none", "'note' is bookkeeping: a terminal patient never pays a reward"),
        ],
        "every-treatment",
        "'Note the rewards' follows each successful treatment in the same sentence, and a cure pays 'the credit rewards and victory points shown on the card'.",
    ),
    Ambiguity.of(
        "RH-PRIORITY-3",
        "Priority 3: chronic patients or terminal patients",
        "contradiction",
        [
            ("Symbols", "Priority 3 (Patients with chronic illness)"),
            (
                "Cleanup Phase",
                "Terminal patients (Priority 3): These patients die if they have 1 time counter.",
            ),
            ("Cleanup Phase", "Only severe or critical patients can die."),
        ],
        [
            ("terminal-slip", "terminal patients are their own kind; chronic patients never die"),
            (
                "chronic-die",
                "read literally: priority-3 (chronic) patients die with 1 time token, costing 1 quality of care",
            ),
        ],
        "terminal-slip",
        "The Symbols section defines the priorities and treats terminal patients separately; a chronic patient's growing difficulty would mean nothing if one token killed it.",
    ),
    Ambiguity.of(
        "RH-QOC-SCORING",
        "Victory points for the final quality of care",
        "gap",
        [
            (
                "3 Quality of Care track",
                "At the end of the game, players will gain or lose victory points depending on their final position on this track.",
            ),
            ("Game Setup", "place their quality of care counters on space 6"),
        ],
        [
            ("offset", "the position minus the starting space 6 (negative below it)"),
            ("position", "the position itself"),
        ],
        "offset",
        "'Gain or lose' needs negative values; the starting space is the natural zero.",
    ),
    Ambiguity.of(
        "RH-QOC-FLOOR",
        "Quality of care below the track's first space",
        "boundary",
        [
            ("Cleanup Phase", "Decrease your Quality of Care track by 2."),
            (
                "Hospital Board",
                "Decrease your quality of care track by 1 for each patient card you have discarded.",
            ),
        ],
        [
            ("clamp", "the counter stops at 0 (and at the last space)"),
            ("below-zero", "losses keep counting below 0 (the last space still caps gains)"),
        ],
        "clamp",
        "A counter cannot leave its track; nothing in the book extends it.",
    ),
    Ambiguity.of(
        "RH-AMBULANCE-WRAP",
        "Is space 0 of the endless ambulance track a space on the loop",
        "gap",
        [
            (
                "2 Ambulance track",
                "This scoreboard is endless; once players reach space 0, they continue advancing by returning to space 1.",
            ),
            ("Game Setup", "On the ambulance track, on the starting space."),
        ],
        [
            ("fourteen-spaces", "13 -> 0 -> 1: space 0 is a step of its own with no reward"),
            ("thirteen-spaces", "13 -> 1: reaching space 0 means completing the lap"),
        ],
        "fourteen-spaces",
        "'Reach space 0' and then 'continue advancing by returning to space 1' describes two moves.",
    ),
    Ambiguity.of(
        "RH-DOCTOR-PASS",
        "Does passing a congress doctor's space count as reaching it",
        "boundary",
        [
            (
                "Game Setup",
                "During the game, the first player to reach those positions earns the congress doctor token.",
            ),
            (
                "2 Ambulance track",
                "If players move forward several positions in one turn, they gain all the benefits they have passed.",
            ),
        ],
        [
            ("reach-or-pass", "moving onto or past the space earns it"),
            ("exact", "only ending a move up on the space earns it (a fall onto it does not)"),
        ],
        "reach-or-pass",
        "A player who has gone beyond a space has reached it; the ambulance rule says passed benefits count. "
        "Under both options only a move up reaches a space: a Quality of care counter falling onto 9 or 12 "
        "does not earn its doctor (under reach-or-pass it was passed on the way up, so only `exact` can "
        "meet a doctor still there).",
    ),
    Ambiguity.of(
        "RH-PRODUCTION-BONUS",
        "Immediate resources when production rises outside a card play",
        "gap",
        [
            (
                "Action Phase",
                "If the production of diagnostics, healing, research, staff, or credits is increased, you also immediately obtain those resources.",
            ),
        ],
        [
            ("always", "every production increase also gives the resources at once"),
            ("card-play-only", "only increases from playing a card (and what it sets off)"),
        ],
        "always",
        "The sentence states the rule generally; an insurance or ambulance increase is the same kind of increase.",
    ),
    Ambiguity.of(
        "RH-REWARD-ORDER",
        "When the rewards that a reward sets off are taken",
        "gap",
        [
            (
                "2 Ambulance track",
                "If players move forward several positions in one turn, they gain all the benefits they have passed.",
            ),
            (
                "6 Insurance company tracks",
                "Each time players advance on an insurance track they will gain the benefits shown.",
            ),
            (
                "Cards from the Medical Deck",
                '"Immediate Rewards" take effect only once, immediately after playing the card.',
            ),
        ],
        [
            (
                "depth-first",
                "a reward that sets off others (an ambulance space, an insurance level) is taken with all it sets off before the next pending reward",
            ),
            (
                "in-sequence",
                "the rewards of one card or one move are taken in their printed order first; what they set off follows, in the order set off",
            ),
        ],
        "depth-first",
        "'Each time' a player advances the benefits are gained, so a benefit is taken when its space is reached, and with it whatever it sets off.",
    ),
    Ambiguity.of(
        "RH-INSURANCE-COUNTER",
        "What the end-game 'Insurance companies' comparison counts",
        "terminology",
        [
            (
                "End Game Scoring",
                "All players earn 1 victory point for each player they surpass in the following counters: Quality of care, Insurance companies,",
            ),
        ],
        [
            ("levels-sum", "the sum of the four insurance counters' levels"),
            ("companies-entered", "how many companies the player has advanced on"),
        ],
        "levels-sum",
        "The comparison is over counters; four counters compare best by their total.",
    ),
    Ambiguity.of(
        "RH-COMPARE-COUNTERS",
        "End-game Diagnosis, Healing, Research and Staff: production or tokens",
        "gap",
        [
            (
                "End Game Scoring",
                "Credit production, Diagnosis, Healing, Research and Staff.",
            ),
        ],
        [
            ("production", "the production counters"),
            ("tokens", "the resource tokens held"),
        ],
        "production",
        "The list compares 'counters' and names credit production beside them.",
    ),
    Ambiguity.of(
        "RH-HEALED-COST",
        "Does a clinical trial spend healed patients",
        "gap",
        [
            ("Composition of the Cards", "Cards may require credits, research or healed patients."),
            ("Symbols", "The healed patients from this track can be used to play clinical trials."),
            (
                "End Game Scoring",
                "the player with the highest value reached in the counter of healed patients will win.",
            ),
        ],
        [
            ("spend", "the counter moves back by the cost (its highest value is remembered)"),
            ("threshold", "the counter must show the cost; nothing is spent"),
        ],
        "spend",
        "'Used to play' reads as spent, and the tie-breaker's 'highest value reached' only differs from the position if the counter can go down.",
    ),
    Ambiguity.of(
        "RH-HELICOPTER-BOTH",
        "May a helicopter both discard and make everyone draw",
        "contradiction",
        [
            (
                "Helicopters",
                "they can choose to perform one, two, or none of the following options:",
            ),
            ("Helicopters", "Discard one of their patient cards. or"),
        ],
        [
            ("both-allowed", "one, both or none, in either order"),
            ("one-only", "at most one of the two"),
        ],
        "both-allowed",
        "'One, two, or none' counts the options; the 'or' separates the bullet points.",
    ),
    Ambiguity.of(
        "RH-HELICOPTER-DISCARD",
        "Does discarding a patient by helicopter cost quality of care",
        "gap",
        [
            ("Helicopters", "Discard one of their patient cards."),
            (
                "Hospital Board",
                "Decrease your quality of care track by 1 for each patient card you have discarded.",
            ),
        ],
        [
            ("free", "no loss: the helicopter takes the patient elsewhere"),
            ("costs-quality", "-1 quality of care as for a rejected patient"),
        ],
        "free",
        "The penalty belongs to the no-space procedure; the helicopter is a benefit.",
    ),
    Ambiguity.of(
        "RH-HELICOPTER-ORDER",
        "In which order all players draw a helicopter's patient",
        "gap",
        [
            (
                "Helicopters",
                "All players (including the player who activated the helicopter effect) have to draw a patient card.",
            ),
            (
                "Preparation Phase",
                "In player order, each player draws as many cards from the Medical and Patient decks as indicated by the round tracker.",
            ),
        ],
        [
            ("from-sender", "the player who sent the helicopter first, then clockwise"),
            ("turn-order", "in player order from the starting player"),
        ],
        "from-sender",
        "The sentence names the sender as the one the draw starts from ('including the player who activated'); the round's draws are the only other 'player order' and are a separate step.",
    ),
    Ambiguity.of(
        "RH-MEDICAL-EMPTY",
        "Drawing from an empty Medical deck",
        "gap",
        [("Game Setup", "Shuffle the Patient and Medical decks separately")],
        [
            ("reshuffle", "shuffle the Medical discard pile into a new deck"),
            ("no-draw", "no more Medical cards are drawn"),
        ],
        "reshuffle",
        "The usual convention; the book never says cards run out.",
    ),
    Ambiguity.of(
        "RH-STARTING-CARD",
        "Is the starting card in play or in hand",
        "gap",
        [("Game Setup", "Deal one starting card to each player.")],
        [
            ("in-play", "face up in front of the player from the start"),
            ("in-hand", "in the hand, to be played paying its cost"),
        ],
        "in-play",
        "Dealt separately from the ten-card draw, it reads as the hospital's first card.",
    ),
    Ambiguity.of(
        "RH-ACTIVATE-SAME-ROUND",
        "May a card be activated in the round it is played",
        "gap",
        [
            (
                "Action Phase",
                "Previously played Medical cards may be activated only once each round to perform their effects",
            ),
        ],
        [
            ("same-round", "yes: it enters play unrotated"),
            ("next-round", "no: 'previously played' means before this round"),
        ],
        "same-round",
        "'Previously' most simply means 'before this action'.",
    ),
    Ambiguity.of(
        "RH-TIE-PATIENTS",
        "Tie-breaker: do terminal patients count as patients in the hospital",
        "gap",
        [
            ("End Game Scoring", "Then the player with the least patients in his hospital."),
            ("Patient Cards", "Terminal patients do not occupy 1 space in the hospital."),
        ],
        [
            ("hospital-only", "only patients occupying spaces"),
            ("with-terminals", "terminal patients in the playing area count too"),
        ],
        "hospital-only",
        "Terminal patients are explicitly not in the hospital's spaces.",
    ),
    Ambiguity.of(
        "RH-TIE-CARD-VALUE",
        "Last tie-breaker: a card's 'credit value'",
        "gap",
        [
            (
                "End Game Scoring",
                "Finally, the last tiebreaker condition will be the card played with the highest credit value.",
            ),
        ],
        [
            ("credit-cost", "the highest credit cost among the played cards"),
            ("credit-reward", "the most credits a played card's rewards give"),
        ],
        "credit-cost",
        "A card's cost is the credit number every card shows (Composition of the Cards: 1. Cost).",
    ),
    Ambiguity.of(
        "RH-TIE-RESOURCES",
        "Sixth tie-breaker: the sum of diagnosis, healing, staff and research",
        "gap",
        [
            (
                "End Game Scoring",
                "If the tie persists, it will be the highest sum of diagnosis, healing, staff, and research.",
            ),
            (
                "End Game Scoring",
                "If the tie persists, the highest credit production will be consulted.",
            ),
        ],
        [
            ("production", "the sum of the four production counters"),
            ("tokens", "the sum of the four kinds of resource tokens held"),
        ],
        "production",
        "It follows 'the highest credit production', so the same kind of number (a production) for the other four resources; the end-game comparison reads the same words the same way (RH-COMPARE-COUNTERS=production).",
    ),
    Ambiguity.of(
        "RH-FINAL-TIE",
        "A tie that survives every tie-breaker",
        "gap",
        [
            ("End Game Scoring", "The player with the most victory points is the winner."),
        ],
        [
            ("shared", "the tied players share the victory"),
            (
                "later-in-turn-order",
                "the tied player latest in turn order (from the last starting player) wins",
            ),
        ],
        "shared",
        "The book stops after the card-value tie-breaker; sharing invents the least.",
    ),
    Ambiguity.of(
        "RH-SOLO",
        "Solo mode",
        "gap",
        [("Solo Mode", "Work in progress.")],
        [
            ("same-rules", "one player plays the ordinary rules (comparisons with nobody)"),
            ("reject", "a one-player config is an error"),
        ],
        "same-rules",
        "Every rule works with one hospital; only the comparisons become empty.",
    ),
    Ambiguity.of(
        "RH-PARTIAL-PAYMENT",
        "May resources be put on a patient over several rounds",
        "gap",
        [
            (
                "Cleanup Phase",
                "Discard all the counters and resources on the card to the general resource piles.",
            ),
            (
                "Patient Treatment Phase",
                "To successfully diagnose a patient, you must pay the number of Diagnostic resources indicated by the card's difficulty.",
            ),
        ],
        [
            ("whole", "a diagnosis or a cure is paid in full at once"),
            ("partial", "resources may be left on the card towards its next step"),
        ],
        "whole",
        "'You must pay the number' describes one payment; resources 'on the card' are a terminal patient's healing.",
    ),
    Ambiguity.of(
        "RH-INSURANCE-MAX",
        "Advancing on an insurance track already at level 5",
        "boundary",
        [
            (
                "6 Insurance company tracks",
                "Each time players advance on an insurance track they will gain the benefits shown.",
            )
        ],
        [
            ("nothing", "the advance is lost"),
            ("another-company", "advance on another company of the player's choice instead"),
        ],
        "nothing",
        "A counter at the end of its track cannot advance; the book offers no substitute.",
    ),
    Ambiguity.of(
        "RH-DOCTOR-SUBSTITUTE",
        "May a congress doctor, used as staff, diagnose and heal",
        "gap",
        [
            (
                "Game Setup",
                "The resources of congress doctor can be used by players as a staff or research resource.",
            ),
            (
                "Patient Treatment Phase",
                "Staff resources can always be used in place of Diagnostic or Healing resources",
            ),
        ],
        [
            ("as-staff", "yes: as staff it substitutes in treatment"),
            ("not-in-treatment", "no: only where staff or research is named (card costs, selling)"),
        ],
        "as-staff",
        "Staff's only use in the rules is the treatment substitution, so 'use as staff' means that.",
    ),
    Ambiguity.of(
        "RH-DRAW-CARD",
        "Which deck a 'draw 1 card' reward draws from",
        "terminology",
        [
            ("2 Ambulance track", "4. Draw 1 card"),
            ("Symbols", "Medical deck card"),
        ],
        [
            ("medical", "a Medical card into the hand"),
            ("patient", "a Patient card into the hospital"),
        ],
        "medical",
        "The symbol key has a Medical deck card icon and no patient-card icon; a patient is never called a reward elsewhere.",
    ),
    Ambiguity.of(
        "RH-EXTRA-DRAWS",
        "Do the staff and research extra draws take patients too",
        "gap",
        [
            (
                "Preparation Phase",
                "each player draws as many cards from the Medical and Patient decks as indicated by the round tracker.",
            ),
            (
                "Preparation Phase",
                "Additional cards are taken based on staff and research production (as many cards as the sum of your staff and research production).",
            ),
            (
                "Preparation Phase",
                "These cards are extra cards that you catch, but you have to choose to keep as many as indicated by the round counter.",
            ),
            (
                "Preparation Phase",
                "All cards from the Patient deck are drawn from the bottom of that deck and placed on a hospital board or on an outpatient clinic card.",
            ),
        ],
        [
            ("medical-only", "the extra cards are Medical cards; patients are the round's number"),
            (
                "patients-too",
                "a player also draws as many extra patients as staff plus research production, and places them all",
            ),
        ],
        "medical-only",
        "The 'Additional cards' sentence names no deck, and the round's draw it extends names both, so the extras may come from both decks; the patients drawn are then all placed, as every patient is. "
        "Medical-only is the default because the extras are cards 'you have to choose to keep as many as indicated by the round counter', a choice only Medical cards get (Patient cards are 'placed on a hospital board'), and the example counts one draw of 5 cards keeping 3; the book never says a patient is kept or left by choice.",
    ),
    Ambiguity.of(
        "RH-DOCTOR-REWARD",
        "Where a reward's congress doctor comes from",
        "gap",
        [
            ("2 Ambulance track", "11. Gain 1 congress doctor"),
            (
                "Game Setup",
                "During the game, the first player to reach those positions earns the congress doctor token.",
            ),
            (
                "Components",
                "Resource Tokens: Diagnostic, Healing, Research, Staff, Time and Congress Doctors",
            ),
            (
                "Game Setup",
                "Place the resource tokens to one side of the board in easy reach of all players.",
            ),
        ],
        [
            ("supply", "a token from the general supply; the race tokens stay on the tracks"),
            (
                "race-token",
                "one of the race tokens still on the tracks, of the player's choice; none left, none gained",
            ),
        ],
        "supply",
        "'Gain 1 congress doctor' says no more than that, and the race sentence only covers reaching a position, so the token may come from a general supply or be one of the race tokens (the only congress doctors Game Setup places). "
        "Supply is the default because the component list counts congress doctors among the resource tokens that Game Setup puts 'to one side of the board in easy reach of all players', as every other gained resource comes from there; the book never says a reward takes a race token off a track.",
    ),
    Ambiguity.of(
        "RH-TERMINAL-CARD",
        "Where a dead terminal patient's card goes",
        "contradiction",
        [
            (
                "Patient Cards",
                "They must be treated with 1 healing resource in the round they arrive at the hospital or they die (decreasing care quality by 1 only).",
            ),
            (
                "Patient Cards",
                "Unlike other patients, the terminal patient, even when treated, never leaves your playing area.",
            ),
            (
                "Cleanup Phase",
                "Place the deceased patient's card on top of the Patient deck (diagnosis side up).",
            ),
        ],
        [
            ("deck-top", "on top of the Patient deck, as every deceased patient's card"),
            (
                "stays",
                "it stays in the player's area (counted as dead, out of the Patient deck for good)",
            ),
        ],
        "deck-top",
        "The terminal rule sets only the quality of care a terminal death costs ('by 1 only'); where its card goes is either the general rule for deceased patients (top of the Patient deck) or the terminal patient's own 'never leaves your playing area'. "
        "Deck-top is the default because 'never leaves' describes a living patient ('even when treated', unlike cured patients who leave), while the Cleanup's steps for 'one of your patients' who dies make no exception; only the quality of care is singled out for terminal patients.",
    ),
    Ambiguity.of(
        "RH-VP-FLOOR",
        "May victory points go below 0",
        "boundary",
        [
            (
                "5 Victory point track",
                "In this section, players use their victory point counters to keep score.",
            ),
            (
                "End Game Scoring",
                "1. All players gain or lose Victory points according to their position on the Quality of Care track.",
            ),
        ],
        [
            ("negative", "no lower limit: a score may end below 0"),
            (
                "zero",
                "the counter stops at 0: the quality of care's loss takes a score no lower than 0 (the comparisons' points follow)",
            ),
        ],
        "negative",
        "'Gain or lose Victory points' states no lower limit, but the points are kept on a counter on a track, and the book does not say what a loss below its first space does; only the end-game quality of care loses points. "
        "Negative is the default because the loss is a rule of scoring, not a move on a board (the track's length is not printed either, and the model keeps points without a top), and nothing in the book says a loss is cut short; a floor at 0 would be a second rule the book does not state.",
    ),
    Ambiguity.of(
        "RH-HELICOPTER-TERMINAL",
        "May a helicopter discard a terminal patient",
        "gap",
        [
            ("Helicopters", "Discard one of their patient cards."),
            (
                "Patient Cards",
                "Unlike other patients, the terminal patient, even when treated, never leaves your playing area.",
            ),
        ],
        [
            ("hospital-only", "only the patients in the player's hospital are offered"),
            (
                "terminals-too",
                "a terminal patient in the playing area may be discarded too (its card on top of the Patient deck)",
            ),
        ],
        "hospital-only",
        "'Never leaves your playing area' may be absolute, which blocks the discard, or may only say that treatment does not remove the card ('even when treated'), so an explicit helicopter discard still works; 'one of their patient cards' names no exception. "
        "Hospital-only is the default because 'never' is stated without a condition and the terminal patient is set apart from the hospital's patients throughout (no space, its own care each round); the book never shows a terminal patient leaving alive.",
    ),
]

REGISTRY = AmbiguityRegistry(ENTRIES)
