"""Sentence-level rule map of Healthy Heart Hospital: every sentence of
``rules/healthy-heart-hospital.txt`` (or clause, where one sentence states several rules)
with one status, in book order (``hhh_verify.rulebook.rule_map``).

Modelled sentences name the functions that implement them; readings name the ambiguity
entries (``ambiguities.py``) through which the model reads them; settled ones say how the
model reads a question the book answers, with the deciding sentence; parameters name the
config keys that fill what the book does not print. ``tests/test_rule_map_games.py``
proves that the entries tile the book and that every name exists.
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
    no_rule("Healthy Heart Hospital", "heading"),
    no_rule("Healthy Heart Hospital Rulebook", "heading"),
    no_rule("Table of Contents", "heading"),
    no_rule("Table of Contents", "heading"),
    no_rule("Objective", "heading"),
    reading(
        "Healthy Heart Hospital is a cooperative Hospital Management game, where you collectively must maximize profits over the course of six rounds.",
        "HHH-ROOM-CAP",
        "HHH-RATING-BASIS",
        note="six rounds: config rounds=6 (facts); cooperative: one shared hospital, any player's action in any order",
    ),
    modelled(
        "How to Win: Make it to the end of the 6th round before you go bankrupt (have less than $0) or get arrested; then, evaluate your performance (see Victory and Defeat).",
        "patient_phase.housekeeping",
        "board.pay",
        "board.die",
        "model.rating",
    ),
    modelled(
        "How to Lose: All players immediately lose if either one of these conditions occur:",
        "board.pay",
        "board.die",
        note="checked at every payment and every death, mid-action included",
    ),
    modelled("The Hospital's money drops below zero.", "board.pay"),
    no_rule(
        "(You go bankrupt and the Hospital fades into dust - along with the remains of everyone you let down.)",
        "flavour",
    ),
    modelled("You cannot hide a dead body.", "board.die"),
    modelled(
        "(There are no empty spaces to place it, so you get arrested as you walk down the road trying to find a place for it...)",
        "board.die",
        "board.body_capacity",
        note="the arrest is the lack of an empty place for the body",
    ),
    no_rule("Components", "heading"),
    no_rule("1 Game Board", "component: the board's areas are the state's fields"),
    no_rule("30 Patient Markers", "component list: checked by facts.FACTS ('30 Patient Markers')"),
    no_rule(
        "10 Medical Action Tokens",
        "component list: checked by facts.FACTS ('10 Medical Action Tokens')",
    ),
    reading("8 Ward Ability Tokens", "HHH-WARD-ABILITY"),
    no_rule(
        "2 Money Trackers", "component: a display of the money, which the state holds as a number"
    ),
    no_rule(
        "5 Administrative Action Tokens",
        "component list: checked by facts.FACTS ('5 Administrative Action Tokens')",
    ),
    reading("18 Training Markers", "HHH-TRAINING-COUNT"),
    reading("12 Staff Markers", "HHH-STAFF-POOL"),
    no_rule("1 Round Marker", "component: the state holds the round as a number"),
    no_rule("1 Cloth Bag", "component: the bag is the state's bag counts"),
    no_rule("1 Rulebook (this Staff Training Manual)", "component"),
    no_rule(
        "88 Wooden Cubes (8 black and 16 of each other color)",
        "component list: checked by facts.FACTS ('88 Wooden Cubes', '(8 black and 16 of each other color)')",
    ),
    parameter(
        "14 New Room Cards, including a Blood Bank card (Basic and Improved sides):",
        "rooms_in_deck",
        note="14 cards, 7 described (5 Treatment Rooms, the Emergency Room, the Blood Bank): rooms_in_deck lists the cards in play (all 7 in the full game); the Morgue per HHH-MORGUE",
    ),
    modelled(
        "When built, add 3 cubes drawn from the Bag to the Blood Bank.",
        "rooms.install_room",
        "rooms.fill_blood_bank",
    ),
    settled(
        "(Return and redraw any black cube.)",
        "a black cube goes back into the bag and another is drawn: the Blood Bank gets a uniformly random set of non-black cubes, whichever order the returns and redraws take (HHH-BB-BLACK-ONLY when the bag holds only black cubes)",
        "rooms.fill_blood_bank",
        "draws._no_black",
    ),
    reading("Administrator action: Spend $3.", "HHH-BB-RESTOCK-FLIP"),
    modelled(
        "Restock empty Blood Bank.", "player_actions.can_restock", "player_actions.restock_blood"
    ),
    modelled(
        "When Healing: May take 1 cube from Blood Bank as first cube, then draw remainder from Bag.",
        "heal.start",
        note="a Heal with a Blood Bank cube is a separate action (model.HHHModel.legal_actions offers one per colour on the Blood Bank)",
    ),
    modelled(
        "When improved, clear and add 5 cubes drawn from the Bag to the Blood Bank.",
        "rooms.improve_room",
        "rooms.fill_blood_bank",
    ),
    settled(
        "(Return and redraw any black cube.)",
        "as in the Basic side's text: the same law as drawing from the non-black cubes of the bag",
        "rooms.fill_blood_bank",
        "draws._no_black",
    ),
    reading("Administrator action: Spend $5.", "HHH-BB-RESTOCK-FLIP"),
    modelled(
        "Restock empty Blood Bank.", "player_actions.can_restock", "player_actions.restock_blood"
    ),
    modelled(
        "When Healing: May take 1 cube from Blood Bank as first cube, then draw remainder from Bag.",
        "heal.start",
    ),
    parameter(
        "7 Administrator Cards (example: Cooke De Buchs - ADMINISTRATOR:",
        "administrator",
        note="7 cards, 1 printed: Cooke De Buchs exactly ('cooke'), or none ('none', the variant); the 6 unprinted cards are not modelled",
    ),
    reading(
        "(Reaction) End of Patient Phase: return all black cubes to the bag.",
        "HHH-END-REACTION",
        "HHH-END-REACTION-LAST-ROUND",
        note="settled: every black cube outside the bag is in the discard pile, so those are the ones returned (patient_phase.return_blacks)",
    ),
    modelled("Gain $2 for each cube returned.", "patient_phase.return_blacks"),
    modelled("Flip this card.", "patient_phase.return_blacks"),
    reading(
        "OR (Reaction) Ignore 1 just drawn black cube.",
        "HHH-REACTION-TIMING",
        note="offered during a Heal (heal.redraw_ok); during Research, arrivals and visits left out: a decision after every cube would multiply the state space",
    ),
    modelled(
        "Put it back into the bag and redraw.",
        "heal.redraw",
        note="the redrawn cube is a Heal cube: a black one subtracts",
    ),
    modelled("Flip this card.)", "heal.redraw"),
    parameter(
        "14 Doctor Cards (example: Ura Scapegote, Nurse of Psychotherapy - DOCTORS:",
        "doctors",
        note="14 cards, 2 printed: Ura Scapegote and Nowitz exactly; 'plain' (no ability) stands in for the 12 unprinted cards",
    ),
    reading(
        "After healing a Psychiatric patient, may re-bag 2 cubes.",
        "HHH-REBAG-AFTER-HEAL",
        note="heal.doctor_rebag",
    ),
    reading(
        "Once per game as a free action, assign 1 face-up Training Marker to this nurse.)",
        "HHH-NURSE-REFILL",
        note="taken between actions in the Player Action Phase (player_actions.nurse_options): 'each action must be finished completely before starting the next one'",
    ),
    reading(
        "20 Research Cards (example: RESEARCH - Draw 5 cubes and choose from the following: Hire 1 Staff for $2.",
        "HHH-RESEARCH-DECK",
    ),
    modelled(
        "Reduce this cost by [matching cube color count] (but never below zero).",
        "player_actions.choose_benefit",
        "player_actions.benefits",
    ),
    settled(
        "/ Gain Training markers, distribute to Doctors as you choose.",
        "the benefit gains exactly the count of its colour's cubes while markers remain, with no stopping early, each marker to any Doctor",
        "player_actions.optional_picks",
        "player_actions.take_training",
        quote='You choose the benefit "Gain [green cube count] Training markers.", so you gain 3 Training markers to assign to various Doctors.',
    ),
    settled(
        "Refill Board Room.",
        "the face-up Training markers are refilled once, after the last marker of the benefit is taken",
        "player_actions.finish_picks",
        quote="face-up are only refilled after choosing all markers from that action",
    ),
    reading(
        "/ Replace Patient markers of deceased patients with white Patient markers.",
        "HHH-RESEARCH-AMOUNT",
        "HHH-RESEARCH-DECK",
        note="how many: the cubes of the benefit's colour (the card's count is not printed; part of the deck's stand-in); each replaced coloured marker returns to the supply (player_actions.replace_marker)",
    ),
    no_rule(
        "\"You may not be able to read a doctor's hand-writing and prescription, but you'll notice his bills are neatly typewritten.\" - Earl Wilson)",
        "flavour",
    ),
    no_rule("Setup", "heading"),
    no_rule(
        "The 3rd Edition of Healthy Heart Hospital includes the content from the Nurses expansion, updated for 3rd Edition.",
        "edition note: the Nurse cards are in (Ura Scapegote is one)",
    ),
    left_out(
        "For a simpler game, remove the Doctor, Administrator, and New Room cards with the Nurse symbol (a nurse cap with a cross) from the game before setup.",
        "card pools are not modelled: the config (doctors, administrator, rooms_in_deck) names the cards in play",
    ),
    no_rule("Place the game board at the center of the play area.", "table layout"),
    modelled("Place the round marker on space 1 of the round track.", "setup.initial_state"),
    modelled(
        "Form a supply next to the game board with the following: a. Administrative action tokens b. Medical action tokens c. New Room cards d. Research cards in a shuffled face-down pile. e. Ward Ability tokens in a shuffled face-down pile. f. Place the 10 white Patient markers in a pile.",
        "setup.initial_state",
        note="the Research deck is shuffled: a Research draws a random card (player_actions.research); the Ward Ability tokens: HHH-WARD-ABILITY",
    ),
    reading(
        "Shuffle all 20 Training markers face down. a. Reveal 4 random Training markers face up and place them in the board room as indicated. b. Place the rest of the Training markers in the remaining board room area, face down.",
        "HHH-TRAINING-COUNT",
        note="setup.draw_training reveals the configured face-up count (4)",
    ),
    reading(
        "Place 1 random Staff marker face down on each Staff Space.",
        "HHH-STAFF-ROUND1",
        note="settled: the markers are unseen until flipped, so a reveal draws from the markers not yet seen, the same law as dealing them at setup (patient_phase.reveal_staff)",
    ),
    settled(
        "Return the remaining 2 to the box without looking at them.",
        "10 Staff spaces (12 markers less 2 unseen): reveals draw from all markers not yet seen, the same law as dealing them face down",
        "patient_phase.staff_to_reveal",
        "patient_phase.reveal_staff",
    ),
    reading(
        "Place 1 random Ward Ability token face up on each Ward Ability space.", "HHH-WARD-ABILITY"
    ),
    settled(
        "Shuffle the 20 non-white Patient markers inside the cloth bag.",
        "20 coloured markers, read as 4 of each of the 5 colours (the text gives no per-colour count; the variant removes '1 fewer Patient marker of each color')",
        "config.HHHConfig",
    ),
    reading(
        "Draw 5 of them randomly and place each in their matching-color Infirmary Wards.",
        "HHH-WARD-BEDS",
        note="setup.draw_markers; a marker with no free bed stays in the supply (never in the full game: 4 markers and 4 beds a colour)",
    ),
    modelled(
        'Place them in the topmost empty space(s), with the "3" of each Patient marker facing left (pointing to the EKG icon).',
        "setup.draw_markers",
        note="level 3 (setup_level, facts)",
    ),
    modelled(
        "After doing this, remove all remaining Patient markers from the bag.", "setup.draw_markers"
    ),
    modelled("Sort and stack them by color beside the game board.", "setup.draw_markers"),
    modelled(
        'Choose any 1 New Room card and place it with its "Basic" side (white border) face up beside any New Room space (on the left of the game board).',
        "setup.starting_room_choices",
        "setup.choose_room",
        note="the players choose the card (a decision); which New Room space does not matter",
    ),
    reading("Apply its immediate effect (if any).", "HHH-SETUP-ORDER"),
    reading("Place all 88 cubes into the bag and shuffle them.", "HHH-SETUP-ORDER"),
    reading(
        "Draw 6 random cubes from the bag per Waiting Room and place each on the first available space in the Waiting Room that matches their color.",
        "HHH-SETUP-LEVEL5",
        "HHH-WAITING-SPOTS",
        note="setup.draw_waiting",
    ),
    reading(
        "Return any black cubes or cubes for which there are no free spaces back to the bag (cubes are only returned to the bag in this way during setup).",
        "HHH-WAITING-SPOTS",
        note="settled: setup's black cubes go back to the bag (no chain of 2 more); the rooms draw one after the other, each returning its cubes before the next draws (setup.draw_waiting)",
    ),
    parameter(
        "Each player takes 1 Doctor card (randomly or by mutual agreement) and places it face up in front of themselves.",
        "doctors",
        note="the Doctors in play, one per player (Nowitz and Ura Scapegote in the full game)",
    ),
    settled(
        "One player takes 1 Administrator card (randomly or by mutual agreement, in addition to their Doctor card) and places it face up in front of themselves.",
        "player 0 holds it in round 1: in a cooperative game any holder gives the same game",
        "setup.initial_state",
    ),
    modelled(
        "This player will control the Administrative actions for the first round.",
        "setup.initial_state",
        "model.HHHModel.current_player",
    ),
    no_rule(
        "Return all remaining Doctor and Administrator cards to the box.",
        "cards out of play have no effect: the config names the cards in play",
    ),
    reading(
        'Based on the player count, use the table below: a. Place a number of Administrative action tokens on the Administrator card as shown. b. Each player gains Medical action tokens. c. Place the Money tracker with the "$" side showing face up on the appropriate space of the Money track.',
        "HHH-NO-ADMIN-TOKENS",
        note="the table itself: setup.initial_state (facts check each row)",
    ),
    no_rule(
        "| # of Players | # of Medical Action Tokens given to each player | # of Administrative Tokens placed on the Administrator card | Starting Money |",
        "table header",
    ),
    no_rule("|---|---|---|---|", "table rule"),
    modelled(
        "| 2 | 4 | 2 | $15 |",
        "setup.initial_state",
        note="config.SETUP_TABLE; facts.FACTS checks the row",
    ),
    modelled(
        "| 3 | 3 | 1 | $15 |",
        "setup.initial_state",
        note="config.SETUP_TABLE; facts.FACTS checks the row",
    ),
    modelled(
        "| 4 | 2 | 2 | $15 |",
        "setup.initial_state",
        note="config.SETUP_TABLE; facts.FACTS checks the row",
    ),
    modelled(
        "| 5 | 2 | 1 | $10 |",
        "setup.initial_state",
        note="config.SETUP_TABLE; facts.FACTS checks the row",
    ),
    parameter(
        "Solo play: When you play solo, set up the game for 2, 3, or 4 players.",
        "players",
        note="solo is a 2-4 player setup with one person deciding: the same model with players=2..4",
    ),
    settled(
        "You control all Doctors and the Administrator.",
        "one person deciding for every player is the model's cooperative decision-maker; every Doctor keeps its own Medical tokens and abilities",
        "model.HHHModel.current_player",
        quote="All players use their own action tokens to perform actions",
    ),
    no_rule("(Setup shown for 2 players.)", "caption of a picture"),
    no_rule("Key Concepts", "heading"),
    no_rule("Illnesses", "heading"),
    no_rule(
        "The 5 different Illnesses that can be treated in Healthy Heart Hospital are represented by 5 colors:",
        "component list: checked by facts.FACTS ('The 5 different Illnesses')",
    ),
    no_rule(
        "Infectious Disease: yellow", "colour name (config.COLOUR_NAMES, config.ILLNESS_NAMES)"
    ),
    no_rule("Psychiatric: gray", "colour name (config.COLOUR_NAMES, config.ILLNESS_NAMES)"),
    no_rule("Internal Medicine: green", "colour name (config.COLOUR_NAMES, config.ILLNESS_NAMES)"),
    no_rule("Cardiology: red", "colour name (config.COLOUR_NAMES, config.ILLNESS_NAMES)"),
    no_rule("Trauma: blue", "colour name (config.COLOUR_NAMES, config.ILLNESS_NAMES)"),
    no_rule("Patients", "heading"),
    settled(
        "Each Patient is represented by 1 marker or a set of same-color cubes.",
        "the cubes of one colour in one Waiting Room are one patient",
        "patient_phase.arrive",
    ),
    modelled(
        "The color of a Patient indicates their Illness, and they can only be placed in an area that matches their color.",
        "player_actions.transfers",
        "patient_phase.arrive",
        note="the Emergency Room is the one area 'of any color' (New Room Clarifications)",
    ),
    no_rule(
        "For example: Only yellow \"Infectious Disease\" Patients can be placed in the 'yellow' Infectious Disease Ward.",
        "example of the sentence before",
    ),
    modelled("Patient markers are a limited resource!", "player_actions.transfers"),
    reading(
        "You cannot perform any action that requires you to take a Patient marker of a color that is not available in the supply.",
        "HHH-WHITE-OUT",
        note="a Transfer out of a Waiting Room needs a marker of the colour (player_actions.transfers); a death is not an action",
    ),
    no_rule(
        '"Due to budget cuts, Healthy Heart Hospital can only support so many Patients in different areas - the rest of you are gonna have to wait it out as cubes..." - Doctor Aorta',
        "flavour",
    ),
    no_rule("Illness Level", "heading"),
    modelled(
        "The Illness level of a cube Patient is equal to the number of their cubes.",
        "patient_phase.arrive",
        "player_actions.transfers",
    ),
    no_rule(
        "For example: A 3-blue-cube Patient has level-3 Trauma.", "example of the sentence before"
    ),
    no_rule(
        "The Illness level of a marker Patient is tracked by rotating (and flipping) the Patient marker itself.",
        "how a marker shows its level: the state holds the level as a number",
    ),
    no_rule(
        "The number touching the EKG icon tells you the Patient's Illness level.",
        "how a marker shows its level: the state holds the level as a number",
    ),
    no_rule(
        '(For example, a marker whose "2" touches the EKG icon is a level-2 Trauma Patient.)',
        "example of the sentence before",
    ),
    no_rule("Cubes", "heading"),
    modelled(
        "Discard: Anytime you discard a cube, place it in a pile of discarded cubes beside the board.",
        "heal.settle",
        "patient_phase.restock",
    ),
    reading(
        "Re-bag: Choose any cube - from those drawn for the current action only - then place it back into the bag.",
        "HHH-BB-REBAG",
        note="heal.rebag_choices",
    ),
    modelled("You can never Re-bag cubes from the cube discard pile.", "heal.rebag_choices"),
    settled(
        "For example: If you are eligible to Re-bag 2 cubes for an action, choose up to 2 cubes - of any colors - that were drawn during this action, then place them back into the bag.",
        "re-bag any drawn cubes, black ones included, up to the allowance",
        "heal.rebag_choices",
    ),
    left_out(
        "Examining the bag's contents: Players may look at and count the cubes in the bag at any time, except while drawing.",
        "the model is perfect-information: every engine sees the bag's counts at all times, so looking at them is no action",
    ),
    reading(
        "Empty bag: If you ever need to draw cubes and the bag is empty, place all discarded cubes back into the bag and continue drawing.",
        "HHH-BB-BLACK-ONLY",
        "HHH-DRAW-EXHAUSTED",
        note="settled: 'all discarded cubes' includes the black cubes discarded earlier in the same draw (draws._chain, draws._plain)",
    ),
    modelled(
        "Black cubes: While using the Heal action, black cubes drawn subtract from the appropriate color you are trying to get.",
        "heal.settle",
    ),
    settled(
        "At most other times (Research, New Patients Arrive, Visit the Wards), black cubes force you to discard the black cube and draw 2 more cubes instead.",
        "the chain of 2 more applies to the draws it names (Research, arrivals, visits); setup returns black cubes to the bag and the Blood Bank returns and redraws (their own sentences); the Heal's bonus draws and the Administrator's redraw are Heal draws, where black subtracts",
        "draws._chain",
        "player_actions.research",
        "patient_phase.arrive",
        "patient_phase.visit",
    ),
    settled(
        "This will repeat if more black cubes are drawn.",
        "drawing cube by cube or in batches of 2 per black gives the same law (the cubes still owed fall by 1 per colour cube, rise by 1 per black)",
        "draws._chain",
    ),
    no_rule("Curing Patients", "heading"),
    modelled(
        "Anytime a Patient's Illness level drops below 1, they are completely cured!",
        "heal.settle",
        "player_actions.intern",
    ),
    modelled(
        "Discard all of their cubes or return their marker to the supply.",
        "heal.settle",
        "player_actions.intern",
    ),
    settled(
        "Rules on cards or tokens take precedence over rules in this rulebook.",
        "the printed card and Staff texts apply as written where they differ from the general rules (the Blood Bank returns black cubes instead of the chain, the Janitor draws no replacement)",
        "rooms.fill_blood_bank",
        "heal.janitor",
    ),
    no_rule("Patient Death", "heading"),
    no_rule("Patients on the game board die as follows:", "introduces the death rules that follow"),
    reading(
        "If a Patient reaches an Illness level of 5 in an Infirmary Ward or Waiting Room, they die.",
        "HHH-SETUP-LEVEL5",
        "HHH-TR-TO-WARD-5",
        note="heal.settle, patient_phase.visit, patient_phase.settle_arrivals",
    ),
    reading(
        "Patients on any installed New Room cards to the left of the game board die differently (see New Room Clarifications for details about Treatment Rooms and the Emergency Room).",
        "HHH-TR-OVERFLOW",
        note="Treatment Rooms: patient_phase.start; the Emergency Room: patient_phase.start, heal.settle",
    ),
    no_rule("Hide The Bodies", "heading"),
    settled(
        "When a Patient dies, you must:",
        "A before B: a death with no empty place is an arrest at once, and its settlement is never paid",
        "board.die",
        quote="When a Patient dies, you must: A) Put the body somewhere and B) Lose money due to settlement costs.",
    ),
    modelled("A) Put the body somewhere and B) Lose money due to settlement costs.", "board.die"),
    no_rule(
        "A) The level-5 Illness side of a Patient marker shows a tombstone also.",
        "component: the marker's tombstone side",
    ),
    reading(
        "Place the marker tombstone-side to the left on any available empty Tombstone in the Cemetery (or Morgue if installed).",
        "HHH-MORGUE",
        note="board.die, board.body_capacity",
    ),
    reading(
        "If a cube Patient dies, discard all of its cubes, take a white Patient marker from the supply and place it on any available empty Tombstone space in the Cemetery (or Morgue if installed).",
        "HHH-WHITE-OUT",
        "HHH-MORGUE",
        note="board.die",
    ),
    reading(
        "B) Lose Money equal to the cost showing where the Patient died.",
        "HHH-ER-COSTS",
        note="board.settlement; Wards $10, Waiting Rooms $5, Treatment Rooms $12/$15",
    ),
    modelled(
        "Example: When a patient dies in the Infirmary Wards, lose $10.",
        "heal.settle",
        "patient_phase.visit",
        note="ward_death_cost=10 (facts)",
    ),
    modelled(
        "If there is no empty space to place a dead Patient, you immediately lose the game.",
        "board.die",
    ),
    modelled("The Cemetery can hold up to 5 Patient markers.", "board.body_capacity"),
    modelled(
        "The Coroner or Doctor Lucky spaces may only be used if the appropriate staff/character is hired/in play.",
        "board.body_capacity",
        note="the Coroner's space once hired; Doctor Lucky is a character the book never describes and is not in the model",
    ),
    no_rule("Money", "heading"),
    no_rule(
        "Track the Hospital's Money using the Money tracker on the Money track.",
        "display: the state holds money as a number",
    ),
    no_rule(
        "If your Money exceeds $49, flip the $ marker to show +$50.",
        "display: the state holds money as a number",
    ),
    no_rule(
        'For example, $62 would be represented by the +50 marker shown on the "12" space.',
        "example of the display",
    ),
    reading(
        "In the unlikely event that you need it, use the other Money tracker in the same way to track funds from $100 to $199.",
        "HHH-MONEY-CAP",
    ),
    reading(
        "If you ever have less than $0, all players immediately lose the game!",
        "HHH-UNAFFORDABLE",
        note="board.pay",
    ),
    settled(
        "If you have exactly $0, keep playing but find a way to make some money quickly!",
        "$0 is not a loss; only less than $0 is",
        "board.pay",
    ),
    no_rule("New Rooms", "heading"),
    modelled(
        "You start the game with 1 New Room card placed to the left of the game board.",
        "setup.after_markers",
        "setup.choose_room",
    ),
    settled(
        "During each Patient Phase, you install 1 new New Room card.",
        "installing is not optional while a card may be placed (HHH-ROOM-CAP)",
        "rooms.installable",
    ),
    reading(
        "Only 6 New Room cards can be placed during the game.",
        "HHH-ROOM-CAP",
        note="rooms.room_cap_reached",
    ),
    modelled(
        'New Room cards are initially placed showing their "Basic" side.', "rooms.install_room"
    ),
    modelled(
        'Some game effects allow you to improve a "Basic" New Room card.',
        "player_actions.improve",
        note="the Bureaucrat; no modelled Research card improves a room (HHH-RESEARCH-DECK)",
    ),
    settled(
        "You may only improve a New Room card that has already been added to the game board.",
        "the Bureaucrat improves a Basic room in play",
        "player_actions.improvable",
    ),
    modelled('Flip the New Room card to show its "+" improved side.', "rooms.improve_room"),
    settled(
        "Any Patients on it are transferred to the improved side.",
        "an improved Treatment Room keeps its patient and side",
        "rooms.improve_room",
    ),
    modelled(
        "Apply its new immediate effect (if any).",
        "rooms.improve_room",
        note="only the Blood Bank has one: cleared and refilled with 5 cubes",
    ),
    no_rule("See New Room Clarifications for details about specific Rooms.", "cross-reference"),
    modelled(
        "Example: a Trauma Treatment Room's Basic side draws 8 cubes, gains $3, dies for -$12; its Improved side draws 10 cubes, gains $4, dies for -$15.",
        "board.treatment_numbers",
        note="the same numbers as New Room Clarifications (facts)",
    ),
    no_rule("Sequence of Play", "heading"),
    modelled(
        "Healthy Heart Hospital is played over a series of rounds; each round has 2 phases:",
        "model.HHHModel.legal_actions",
        "patient_phase.start",
        "patient_phase.housekeeping",
    ),
    modelled(
        "Player Action Phase: Use action tokens in any order.", "model.HHHModel.legal_actions"
    ),
    modelled("Patient Phase: Update the board for the next round.", "patient_phase.start"),
    no_rule("Actions", "heading"),
    modelled("Use action tokens to perform the following actions:", "model.HHHModel.legal_actions"),
    no_rule("Medical Actions", "list of the actions (each has its own section)"),
    no_rule("Heal a Patient", "list of the actions (each has its own section)"),
    no_rule("Transfer a Patient", "list of the actions (each has its own section)"),
    no_rule("Administrative Actions", "list of the actions (each has its own section)"),
    no_rule("Hire Staff", "list of the actions (each has its own section)"),
    no_rule("Research", "list of the actions (each has its own section)"),
    no_rule("Administrator Action", "list of the actions (each has its own section)"),
    modelled(
        "All players use their own action tokens to perform actions until they run out of tokens to use or choose to forgo their unused actions.",
        "model.HHHModel.legal_actions",
        "patient_phase.start",
        note="EndActions forgoes the unused tokens",
    ),
    modelled(
        "Players can perform actions in any order, passing turns back and forth, but each action must be finished completely before starting the next one.",
        "model.HHHModel.legal_actions",
    ),
    modelled(
        "To perform an action, you must use one of your unused action tokens - of the required type - by flipping it over to its gray 'used' side.",
        "heal.start",
        "player_actions.transfer",
        "player_actions.research",
        "model.HHHModel.legal_actions",
    ),
    modelled(
        '(Some actions like "Heal a Patient" require you to use a Medical action token, while others, such as Research, require you to use an Administrative action token.)',
        "model.HHHModel.legal_actions",
    ),
    no_rule(
        "For example, in a 2-player game, Andrea (with current control of the Administrator) decides to do 1 Administrative action for Research, then 1 Medical action to Transfer a Patient from the Waiting Room to a ward.",
        "worked example of players taking actions in any order (model.HHHModel.legal_actions)",
    ),
    no_rule(
        "Bob then uses 3 Medical actions to Heal patients.",
        "worked example of players taking actions in any order (model.HHHModel.legal_actions)",
    ),
    no_rule(
        "Andrea then transfers a critical patient to the Operating Room for 1 Medical Action, then Heal the patient 2 times for 2 Medical actions, completely curing them.",
        "worked example of players taking actions in any order (model.HHHModel.legal_actions); the 'Operating Room' it names is no card of the rulebook",
    ),
    no_rule(
        "She then uses her second Administrative action to Hire Staff.",
        "worked example of players taking actions in any order (model.HHHModel.legal_actions)",
    ),
    no_rule(
        "Bob has 1 Medical action left, which he uses to Heal one more patient.",
        "worked example of players taking actions in any order (model.HHHModel.legal_actions)",
    ),
    no_rule("Heal a Patient", "heading"),
    modelled("Do all of the following in order:", "heal.start", "heal.settle"),
    modelled("Flip 1 Medical action token to the used side.", "heal.start"),
    settled(
        "Choose any alive Patient that is not in a Waiting Room.",
        "Wards, Treatment Rooms and the Emergency Room; never a Waiting Room",
        "heal.targets",
    ),
    settled(
        "a. If this Patient is in a Treatment Room, move them to the Treated side of the card.",
        "choosing the patient for a Heal moves it to the Treated side, before the draw, whatever the draw does",
        "heal.start",
        quote="A patient in a Treatment room must be Healed (whether successful or not) each round at least once to avoid death in this manner.",
    ),
    reading(
        "Draw a number of cubes from the bag equal to the number shown in that room or ward.",
        "HHH-ER-COSTS",
        note="heal.draw_count: Wards 6, Treatment Rooms 8/10",
    ),
    modelled(
        "After seeing your result, you may draw voluntary bonus cubes (see Cube Drawing Bonuses below).",
        "heal.bonus",
        "model.HHHModel.legal_actions",
    ),
    modelled(
        "For example: In the Wards, you draw 6 cubes (+ possible bonuses).",
        "heal.draw_count",
        note="ward_draw=6 (facts)",
    ),
    modelled(
        "Adjust the Patient's Illness level: a. Count the number of cubes drawn that match the Patient's color. b. Subtract the number of black cubes drawn. c. Decrease the Patient's Illness level by the result.",
        "heal.settle",
    ),
    modelled(
        "If there are more black cubes than cubes of the Patient's color drawn, the result will be a negative number.",
        "heal.settle",
    ),
    modelled("In this case, the Patient's Illness level increases.", "heal.settle"),
    reading(
        "d. Check if they are healed (see Curing Patients) or if they died (see Patient Death).",
        "HHH-TR-OVERFLOW",
        note="heal.settle: Wards die at 5; the Emergency Room cannot die in a Heal",
    ),
    modelled(
        "Re-bag cubes (optional, but only if allowed by an ability) and discard any remaining cubes (see Cubes).",
        "heal.rebag_choices",
        "heal.settle",
    ),
    modelled(
        "Gain Money (if applicable) For each Illness level reduction (if any), gain Money as shown in that room or ward. a. You do not gain Money for levels that reduce the Illness level below zero.",
        "heal.settle",
    ),
    settled(
        "For example: If you reduce the Illness level by 3 for a level-2 Patient in the Wards, you only gain $2.",
        "a cure pays for the levels down to 0 (a level-2 patient cured pays 2 levels), never for the surplus: tests/hhh/test_hhh_rules.py (test_heal_pays_only_down_to_zero)",
        "heal.settle",
    ),
    modelled(
        "b. You do not pay any money if the Patient's Illness level increases, but if the patient dies, you must pay that cost as normal (see Patient Death).",
        "heal.settle",
        "board.die",
    ),
    modelled(
        "Example: Gain $1 per Illness level reduced.", "heal.draw_count", note="ward_pay=1 (facts)"
    ),
    settled(
        "Clarifications: You may Heal the same Patient multiple times during the same round (using a Medical Action token each time).",
        "a patient stays a Heal target after being healed",
        "model.HHHModel.legal_actions",
    ),
    settled(
        "Ignore Ward Abilities when Healing Patients.",
        "Ward Abilities act only in Visit the Wards",
        "heal.settle",
        "patient_phase.visit",
    ),
    modelled(
        "Cube Drawing Bonuses Some Doctors and Training markers allow you to draw bonus cubes.",
        "heal.bonuses_and_rebag",
    ),
    modelled(
        "If you have any bonus cube drawing opportunities, you may use any of them, but choose to use them one at a time.",
        "heal.bonus",
        "model.HHHModel.legal_actions",
    ),
    modelled(
        "When you decide to use each individual bonus, you must draw all cubes that bonus provides.",
        "heal.bonus",
    ),
    settled(
        "After seeing the results of a bonus draw, you can then decide to use another bonus or not (if you have any remaining).",
        "each bonus is a decision after the previous draw is seen",
        "heal.bonus",
    ),
    parameter(
        "Doctor Abilities Each Doctor has 2 different abilities as shown on their card.",
        "doctors",
        note="two printed Doctors (Nowitz, Ura Scapegote) exactly; 'plain' (no ability) stands in for the 12 unprinted cards",
    ),
    modelled(
        "Unlike Administrator actions, Doctor Abilities can be applied multiple times each round, but only once per action.",
        "heal.bonuses_and_rebag",
        "heal.doctor_rebag",
    ),
    no_rule("Healing a Patient Example", "heading"),
    no_rule(
        "You play Doctor Nowitz.",
        "worked example: tests/hhh/test_hhh_rules.py (test_heal_example_doctor_nowitz)",
    ),
    no_rule(
        "For your Heal a Patient action you flip 1 of your unused Medical action tokens and select the gray Patient with Illness level 4 in an Infirmary Ward.",
        "worked example: tests/hhh/test_hhh_rules.py (test_heal_example_doctor_nowitz)",
    ),
    no_rule(
        "You draw 6 cubes out of the bag: red, black, yellow, yellow, black, gray.",
        "worked example: tests/hhh/test_hhh_rules.py (test_heal_example_doctor_nowitz)",
    ),
    no_rule(
        "1 gray cube decreases the Patient's Illness level by 1, while the 2 black cubes increase it by 1 each.",
        "worked example: tests/hhh/test_hhh_rules.py (test_heal_example_doctor_nowitz)",
    ),
    settled(
        "This results in a net increase of Illness level by 1, which would cause the Patient to die (reaching Illness level 5 in the Wards).",
        "the level is adjusted once, after the last bonus draw: a first draw that would kill does not kill while bonuses may follow",
        "heal.settle",
    ),
    settled(
        "You decide to use Doctor Nowitz's ability to draw 2 more cubes.",
        "Nowitz's '+2 cube draws' is one voluntary bonus of 2 cubes, used after seeing the draw",
        "heal.bonuses_and_rebag",
    ),
    no_rule(
        "You draw blue and gray.",
        "worked example: tests/hhh/test_hhh_rules.py (test_heal_example_doctor_nowitz)",
    ),
    no_rule(
        "Your total draw looks like this: red, black, yellow, yellow, black, gray + blue, gray.",
        "worked example: tests/hhh/test_hhh_rules.py (test_heal_example_doctor_nowitz)",
    ),
    no_rule(
        "This at least prevents the Patient from dying, but does not heal them either (2 gray - 2 black = 0).",
        "worked example: tests/hhh/test_hhh_rules.py (test_heal_example_doctor_nowitz)",
    ),
    reading(
        "Nowitz has a Psychiatric Training marker, which allows an additional Training bonus draw.",
        "HHH-TRAINING-BONUS",
        note="a colour's bonus-draw marker helps when healing that colour (heal.bonuses_and_rebag)",
    ),
    no_rule(
        "You are lucky and draw another gray cube: red, black, yellow, yellow, black, gray + blue, gray + gray.",
        "worked example: tests/hhh/test_hhh_rules.py (test_heal_example_doctor_nowitz)",
    ),
    no_rule(
        "Having used all your bonuses, there is nothing more you can do.",
        "worked example: tests/hhh/test_hhh_rules.py (test_heal_example_doctor_nowitz)",
    ),
    no_rule(
        "Your Patient is healed by 1 Illness level (3 gray - 2 black = 1).",
        "worked example: tests/hhh/test_hhh_rules.py (test_heal_example_doctor_nowitz)",
    ),
    no_rule(
        "You set the Patient's Illness tracker to level 3 and gain $1 (because the room shows $1).",
        "worked example: tests/hhh/test_hhh_rules.py (test_heal_example_doctor_nowitz)",
    ),
    settled(
        "Before you end the action, you may use your other 2 Training markers to Re-bag 1 cube each from your draw back to the bag.",
        "a Re-bag Training marker re-bags 1 cube of any colour, and the healer's markers add to the Doctor's own Re-bag",
        "heal.bonuses_and_rebag",
        "heal.rebag_choices",
    ),
    no_rule(
        "Since there is a yellow Infectious Disease Patient in the game that needs your attention on your next Heal a Patient action, you decide to put the 2 yellow cubes back into the bag (Cube Discard) and discard the rest.",
        "worked example: tests/hhh/test_hhh_rules.py (test_heal_example_doctor_nowitz); '(Cube Discard)' labels a Re-bag: the cubes go back into the bag, as the sentence says",
    ),
    no_rule(
        "This ends your action.",
        "worked example: tests/hhh/test_hhh_rules.py (test_heal_example_doctor_nowitz)",
    ),
    modelled(
        "(Doctor Nowitz, Chief Psychologist: +2 cube draws to heal Psychiatric patients.",
        "heal.bonuses_and_rebag",
    ),
    reading(
        "After healing a non-Ward patient, may re-bag 2 cubes.)",
        "HHH-REBAG-AFTER-HEAL",
        note="heal.doctor_rebag",
    ),
    no_rule("Transfer a Patient", "heading"),
    modelled("Do all of the following in order:", "player_actions.transfer"),
    modelled("Flip 1 Medical action token to the used side.", "player_actions.transfer"),
    modelled("Choose any 1 alive Patient.", "player_actions.transfers"),
    no_rule("(You cannot Transfer dead Patients--nice try.)", "restates 'alive' (flavour)"),
    reading(
        "Move that Patient to any matching color Ward or New Room that has space for them.",
        "HHH-TRANSFER-WR-DEST",
        note="player_actions.transfers: a free bed (HHH-WARD-BEDS) or an empty Treatment Room of the colour",
    ),
    reading(
        "a. Only Patients of Illness levels 3 and 4 may be transferred from the Waiting Rooms to a Ward.",
        "HHH-TRANSFER-WR-DEST",
    ),
    modelled(
        "b. When you Transfer a Patient out of the Waiting Room, they turn into a Patient marker: i. Replace all of the Patient's cubes with 1 matching-color Patient marker from the supply (maintain their Illness level and discard the cubes). ii.",
        "player_actions.transfer",
    ),
    modelled(
        "Patient markers are limited: If the required Patient marker is not available in the supply, you cannot transfer this Patient here!",
        "player_actions.transfers",
    ),
    reading(
        "c. You can transfer Patients of any level from Treatment Rooms to the Wards or vice versa.",
        "HHH-TR-TO-WARD-5",
        note="player_actions.transfers",
    ),
    settled(
        "d. You cannot use the Transfer a Patient action to move patients to or from the Emergency Room, Morgue, or Cemetery.",
        "no Transfer involves the Emergency Room",
        "player_actions.transfers",
    ),
    modelled(
        "e. Treatment Room cards only have space for 1 Patient marker each.",
        "player_actions.transfers",
    ),
    modelled(
        "When you Transfer a Patient to a Treatment Room, place them on the Critical side of the card.",
        "player_actions.transfer",
    ),
    modelled(
        "The Waiting Room is a one-way street - you can transfer Patients from it, but never to it.",
        "player_actions.transfers",
    ),
    no_rule("Hire Staff", "heading"),
    modelled("Do all of the following in order:", "player_actions.hire"),
    modelled(
        "Flip 1 Administrative action token to the used side.",
        "model.HHHModel.legal_actions",
        note="Hire Staff is offered while an Administrative token is left; the model's step flips it",
    ),
    reading("Pay $5.", "HHH-UNAFFORDABLE", note="player_actions.hire, player_actions.can_pay"),
    reading(
        "Choose 1 face-up Staff marker from below the round track.",
        "HHH-STAFF-HIREABLE",
        note="player_actions.hireable",
    ),
    modelled("(Cats cannot be hired, but they are cute!)", "player_actions.hireable"),
    parameter(
        "Place it in the Office, on an empty Staff space, then:",
        "office_spaces",
        note="the Office is not in the text; office_spaces=10 lets every hireable marker fit",
    ),
    modelled(
        "a. If it shows the constant-benefit symbol, the Staff provides a constant benefit until the end of the game.",
        "player_actions.hire",
    ),
    settled(
        "b. Otherwise, the Staff provides a 1-time effect: immediately perform it.",
        "the Intern's, Bureaucrat's and Manager's choices must be made (no way to skip them)",
        "player_actions.hire",
    ),
    no_rule("See Staff Index for all Staff effects.", "cross-reference"),
    no_rule("Research", "heading"),
    modelled(
        "Do all of the following in order:",
        "player_actions.research",
        "player_actions.choose_benefit",
    ),
    modelled("Flip 1 Administrative action token to the used side.", "player_actions.research"),
    modelled("Draw 1 card from the Research deck.", "player_actions.research"),
    modelled(
        "If the deck is empty, shuffle all discarded Research cards to form a new deck.",
        "player_actions.research",
    ),
    modelled("Draw 5 cubes from the bag.", "player_actions.research"),
    modelled(
        "If you draw a black cube, discard it and draw 2 more cubes.",
        "player_actions.research",
        "draws._chain",
    ),
    modelled("Do this until all drawn black cubes are discarded and replaced.", "draws._chain"),
    reading(
        "Choose 1 benefit from the Research card based on how many cubes of the required color you drew.",
        "HHH-RESEARCH-DECK",
        "HHH-RESEARCH-ZERO",
        "HHH-RESEARCH-DECLINE",
        note="player_actions.benefits; a Hire benefit follows Hire Staff (a face-up marker, an Office space, its effect at once: player_actions.hireable, player_actions.hire) at the card's cost",
    ),
    no_rule(
        "For example: You drew 2 red cubes and 3 green cubes.", "worked example (the next sentence)"
    ),
    settled(
        'You choose the benefit "Gain [green cube count] Training markers.", so you gain 3 Training markers to assign to various Doctors.',
        "a Training benefit gains exactly its count (the cubes of its colour) while markers remain, with no stopping early; the Replace benefit's count: HHH-RESEARCH-AMOUNT",
        "player_actions.choose_benefit",
        "player_actions.optional_picks",
    ),
    reading(
        "If you drew no cubes that match any required colors for the Research card - sorry, your research failed - just like everything else around here...",
        "HHH-RESEARCH-ZERO",
        "HHH-RESEARCH-DECLINE",
    ),
    modelled("Discard the card and cubes.", "player_actions.choose_benefit"),
    parameter(
        "Training markers can permanently improve your skills and can sometimes be gained through Research.",
        "training_pool",
        note="the kinds are not printed: 2 bonus-draw markers per colour (a colour's marker helps when healing that colour) + 8 Re-bag markers, after the example's Psychiatric and Re-bag markers",
    ),
    reading(
        "Markers gained can be chosen from either face-up (your choice) or face-down (random), but face-up are only refilled after choosing all markers from that action.",
        "HHH-NURSE-REFILL",
        note="settled for Research: the board room is refilled once, after the last marker of the benefit (player_actions.finish_picks)",
    ),
    modelled("They can be assigned to any Doctor.", "player_actions.take_training"),
    settled(
        "Each marker is a permanent bonus that may be used once for each action that Doctor performs, if applicable.",
        "a Doctor's Training markers apply to every Heal of that Doctor, each once (the modelled kinds are Heal bonuses; nothing applies to Research or Transfer)",
        "heal.bonuses_and_rebag",
    ),
    no_rule("(See Cube Drawing Bonuses.)", "cross-reference"),
    no_rule("Administrator Action", "heading"),
    modelled("Do all of the following in order:", "heal.redraw", "patient_phase.return_blacks"),
    modelled(
        "Flip 1 Administrative action token to the used side.",
        "heal.redraw",
        "patient_phase.return_blacks",
    ),
    modelled(
        "Choose 1 action on the face up Administrator card to perform.",
        "heal.redraw_ok",
        "patient_phase.end_reaction_available",
    ),
    modelled(
        "(If it's already face down, you cannot perform this action.)",
        "heal.redraw_ok",
        "patient_phase.end_reaction_available",
    ),
    modelled(
        "Some Administrator abilities are reactions.",
        "heal.redraw_ok",
        "patient_phase.end_reaction_available",
        note="both of Cooke De Buchs' actions are reactions",
    ),
    modelled(
        "These also require you to flip an Administrative action token.",
        "heal.redraw",
        "patient_phase.return_blacks",
    ),
    modelled(
        "Flip the Administrator card face down.", "heal.redraw", "patient_phase.return_blacks"
    ),
    modelled(
        "Each Administrator has 2 different actions of which you can use only 1 per round by spending an Administrative action token.",
        "heal.redraw_ok",
        "patient_phase.end_reaction_available",
    ),
    modelled(
        "Flip the Administrator card face down, to show that you cannot use any more actions from this card this round.",
        "heal.redraw_ok",
        "patient_phase.housekeeping",
    ),
    reading(
        'Actions that say "Reaction" may be used during other actions (including other character\'s actions), but still require you to flip both the token and card.',
        "HHH-CHAPLAIN-TIMING",
        "HHH-REACTION-TIMING",
        note="settled: a reaction needs the card face up and an Administrative token, and uses both (heal.redraw_ok, patient_phase.end_reaction_available)",
    ),
    no_rule("Patient Phase", "heading"),
    reading(
        "Once all available action tokens are used, or all players choose to forgo their unused actions, proceed with the Patient phase.",
        "HHH-END-REACTION",
        note="patient_phase.start (EndActions)",
    ),
    modelled(
        "Perform these steps in order.",
        "patient_phase.start",
        "patient_phase.to_install",
        "patient_phase.restock",
        "patient_phase.to_arrive",
        "patient_phase.to_visit",
        "patient_phase.to_end",
    ),
    no_rule("Treatment and Emergency Room Patients", "heading"),
    settled(
        "Treatment Room: All Patients on the critical side of a Treatment Room die (regardless of Illness level.",
        "step 1 kills every Critical Treatment Room patient, whatever its level",
        "patient_phase.start",
    ),
    no_rule("See Patient Death).", "cross-reference (the death itself: board.die)"),
    modelled(
        "All Patients on the treated side of their Treatment Room are moved to the critical side of their room.",
        "patient_phase.start",
    ),
    reading(
        "A patient in a Treatment room must be Healed (whether successful or not) each round at least once to avoid death in this manner.",
        "HHH-REBAG-AFTER-HEAL",
        "HHH-INTERN-TREATMENT",
        note="settled for a Heal: choosing the patient moves it to the Treated side before the draw (heal.start)",
    ),
    reading(
        "Emergency Room: All Patients left in the Emergency Room at this time die (See Patient Death).",
        "HHH-ER-COSTS",
        note="patient_phase.start: the cost of an Emergency Room death",
    ),
    no_rule("Install New Room", "heading"),
    modelled(
        'Choose 1 New Room card and add it to the left of the game board on its "Basic" side.',
        "patient_phase.install",
        "rooms.installable",
    ),
    no_rule("Restock Cubes", "heading"),
    modelled("Place all discarded cubes back into the bag.", "patient_phase.restock"),
    no_rule("New Patients Arrive", "heading"),
    modelled(
        "New Patients show up in both Waiting Rooms as follows:",
        "patient_phase.to_arrive",
        note="waiting_rooms=2 (facts)",
    ),
    settled(
        "Perform these steps for each waiting room, one after another.",
        "one Waiting Room's draw, placement, Emergency Room transfers and deaths are complete before the next room draws",
        "patient_phase.settle_arrivals",
        "patient_phase.to_arrive",
    ),
    modelled("Draw 6 cubes from the bag.", "patient_phase.arrive"),
    modelled(
        "If you draw black cube(s), discard them and draw 2 more cubes for each black cube drawn.",
        "patient_phase.arrive",
        "draws._chain",
    ),
    modelled("Repeat if more black cubes are drawn.", "draws._chain"),
    settled(
        "Place all drawn cubes in the chosen Waiting Room: 1 cube on each matching-colored spot.",
        "the players choose which Waiting Room draws next (a decision, ArriveAt)",
        "patient_phase.to_arrive",
        "patient_phase.choose_arrival_room",
    ),
    settled(
        "If there are extra cubes that you cannot place onto a matching-color spot, do not attempt to place them in the other Waiting Room.",
        "arriving cubes with no matching free spot are discarded, never placed in the other Waiting Room",
        "patient_phase.arrive",
        quote="Discard excess cubes.",
    ),
    reading(
        "If there is available space in the Emergency Room, immediately transfer the 5-cube patient there for free, discarding excess cubes.",
        "HHH-WAITING-SPOTS",
        note="settled: when one draw forms more 5-cube patients than the Emergency Room has spaces, the players choose who is admitted (AdmitToER) and the others die (patient_phase.settle_arrivals, patient_phase.admit_to_er)",
    ),
    modelled(
        "If there is not space in the Emergency Room (or it hasn't been built yet), the Patient immediately dies, costing you $5 (see Patient Death).",
        "patient_phase.settle_arrivals",
    ),
    modelled(
        "Discard all cubes of this color from this waiting room and from your drawn cubes.",
        "patient_phase.arrive",
        "patient_phase.settle_arrivals",
    ),
    no_rule("Visit the Wards", "heading"),
    settled(
        "In any order, activate each Ward, one at a time.",
        "the players choose the next Ward (a decision, VisitWard) while two or more Wards with patients are left",
        "patient_phase.to_visit",
        "patient_phase.choose_ward",
    ),
    modelled("To activate a Ward, do the following:", "patient_phase.visit"),
    reading("Activate the Ward's Ability", "HHH-WARD-ABILITY", note="patient_phase.visit"),
    reading(
        "The Ward Ability only affects Patients in its Ward, and it may modify step 2 below - so be sure to follow the Ward Ability first!",
        "HHH-WARD-ABILITY",
        note="patient_phase.visit",
    ),
    settled(
        "Draw 1 cube for each Patient in that Ward, one Patient at a time.",
        "lowest level first; the draws are exchangeable, so the order changes no odds",
        "patient_phase.visit",
    ),
    modelled(
        "If you draw a black cube, discard it and draw 2 more cubes.",
        "patient_phase.visit",
        "draws._chain",
    ),
    settled(
        "Do this until all drawn black cubes are discarded and replaced.",
        "a patient's chain is drawn to its end even when matching cubes already killed the patient: those cubes leave the bag as drawn",
        "patient_phase.visit",
        "draws._chain",
    ),
    reading(
        "For each cube you draw matching the Patient's color that you are drawing cubes for, immediately increase their Illness level by 1.",
        "HHH-VISIT-CUBES",
        note="patient_phase.visit raises the level by the matching cubes",
    ),
    modelled(
        "A Patient that becomes Illness level 5 or higher immediately dies.", "patient_phase.visit"
    ),
    no_rule("Housekeeping", "heading"),
    reading(
        "If it is the 6th round, immediately proceed to Victory and Defeat below, ignoring further steps.",
        "HHH-END-REACTION-LAST-ROUND",
        note="patient_phase.housekeeping",
    ),
    modelled(
        "Flip the Administrator card face up and pass it, together with all Administrative action tokens, to the next player in clockwise order.",
        "patient_phase.housekeeping",
    ),
    modelled(
        "That player now controls the Administrator.",
        "patient_phase.housekeeping",
        "model.HHHModel.current_player",
    ),
    modelled("Flip all used action tokens to their unused side.", "patient_phase.housekeeping"),
    modelled("Advance the round marker to the next space.", "patient_phase.housekeeping"),
    reading(
        "Flip the 2 Staff markers below the round marker face up (they are now available to hire).",
        "HHH-STAFF-HIREABLE",
        "HHH-STAFF-ROUND1",
        note="patient_phase.reveal_staff",
    ),
    modelled("Begin the Player Action Phase of a new round!", "patient_phase.housekeeping"),
    no_rule("Victory and Defeat", "heading"),
    modelled(
        "How to Lose: All players immediately lose if any one of these conditions occur:",
        "board.pay",
        "board.die",
    ),
    modelled(
        "The Hospital's money drops below zero (you go bankrupt and the Hospital fades into dust, along with the remains of everyone you let down).",
        "board.pay",
    ),
    modelled(
        "You cannot hide a dead body (there are no empty spaces to place it, so you get arrested as you walk down the road trying to find a place for it...)",
        "board.die",
    ),
    modelled(
        "How to Win: Make it to the end of the 6th round without losing (see above); then, evaluate your performance below.",
        "patient_phase.housekeeping",
        "model.rating",
    ),
    reading(
        "Check how much money your hospital earned to see how well you did!",
        "HHH-RATING-BASIS",
        note="model.rated_money",
    ),
    reading("$0-19: Regrettable.", "HHH-RATING-BASIS", note="model.rating"),
    no_rule(
        "Healthy Heart Hospital has coped under your leadership, but barely.",
        "flavour text of the rating above",
    ),
    no_rule(
        "Your board of governing physicians has as many detractors as supporters, and the future looks rough.",
        "flavour text of the rating above",
    ),
    settled(
        "$20+: Inconsequential.",
        "the brackets form a ladder ($0-19 ends where $20+ begins): the highest bracket reached names the rating",
        "model.rating",
    ),
    no_rule(
        "Healthy Heart Hospital has struggled to a better place and garnered some respect in the community.",
        "flavour text of the rating above",
    ),
    no_rule(
        "There has clearly been a turnaround from the previous leadership, but skeptics are still watching closely.",
        "flavour text of the rating above",
    ),
    modelled("$40+: Notable.", "model.rating"),
    no_rule(
        "Healthy Heart Hospital has risen to a position of prestige and has taken its place as a respected institution in the community.",
        "flavour text of the rating above",
    ),
    no_rule(
        "Civic leaders acknowledge your success and wish for its continuation and betterment in the future.",
        "flavour text of the rating above",
    ),
    modelled("$60+: Prosperous.", "model.rating"),
    no_rule(
        "Healthy Heart Hospital has returned to its Glory Days as a modern medical center and pride of the community.",
        "flavour text of the rating above",
    ),
    no_rule(
        "Once again, it is a shining jewel in your metropolis and a respected center of medicine.",
        "flavour text of the rating above",
    ),
    modelled("$80+: Triumphant.", "model.rating"),
    no_rule(
        "Healthy Heart Hospital becomes a model medical center and a beacon of hope for the community, state, and nation.",
        "flavour text of the rating above",
    ),
    no_rule(
        "Its renown brings the bright promise of a glorious future as a medical Mecca.",
        "flavour text of the rating above",
    ),
    no_rule("Variants", "heading"),
    modelled(
        "For an additional challenge or different areas of tension, change the setup of the game with one or more of the following:",
        "config.HHHConfig",
        note="variant_* flags, combinable",
    ),
    settled(
        "Start with $0, but your first room starts on the Improved side.",
        "variant_improved_start: $0, and the first room is placed Improved with its face-up side's immediate effect (a Blood Bank starts with 5 cubes)",
        "setup.choose_room",
        "rooms.install_room",
        quote="Apply its immediate effect (if any).",
    ),
    modelled(
        "Begin the game with 2 New Rooms instead of 1, but the game ends after 5 rounds instead of 6.",
        "setup.after_markers",
        "config.HHHConfig",
        note="variant_two_rooms",
    ),
    modelled(
        "Remove the last two Staff markers from the board as a reminder (without revealing them).",
        "patient_phase.staff_to_reveal",
        note="variant_two_rooms: 8 Staff spaces",
    ),
    reading(
        "Start the game with 1 fewer Patient marker of each color in the supply.",
        "HHH-FEWER-MARKERS",
        note="variant_fewer_markers: config.HHHConfig, setup.initial_state, setup.draw_markers; the white markers (their own pile) stay 10",
    ),
    modelled(
        "Start the game with 2 fewer cubes of each non-black color.",
        "config.HHHConfig",
        "setup.initial_state",
        note="variant_fewer_cubes",
    ),
    modelled(
        "Reveal 1 staff token per round instead of 2.",
        "patient_phase.staff_to_reveal",
        note="variant_one_staff",
    ),
    settled(
        "Remove the extra staff markers from the board, unseen.",
        "the removed markers are unseen, so revealing 1 a round from the markers not yet seen is the same law",
        "patient_phase.staff_to_reveal",
        "patient_phase.reveal_staff",
    ),
    reading(
        "Don't play with an Administrator (this can be easier to learn, as it removes several rules from consideration, but it can be particularly difficult as it also removes those avenues of improvement).",
        "HHH-NO-ADMIN-TOKENS",
        note="variant_no_admin",
    ),
    modelled(
        "Remove all Ward abilities.",
        "config.HHHConfig",
        "patient_phase.visit",
        note="variant_no_abilities",
    ),
    reading(
        "During Visit the Wards, for each patient, draw cubes equal to the number of empty beds in that ward (discarding black and drawing 2 more as usual).",
        "HHH-EMPTY-BEDS-VARIANT",
        note="patient_phase.visit",
    ),
    modelled(
        "If a matching color cube is NOT drawn, increase the patient's illness by 1 level.",
        "patient_phase.visit",
    ),
    no_rule(
        "(If the wards are empty, the patients get more attention and are less likely to get worse.",
        "the variant's explanation (flavour)",
    ),
    reading(
        "If the wards are completely full, the patients are guaranteed to get worse each round.)",
        "HHH-EMPTY-BEDS-VARIANT",
    ),
    no_rule("Clarifications", "heading"),
    no_rule("Staff Index", "heading"),
    modelled(
        "Once hired, the effects of the following Staff markers remain active until the end of the game (shown by a constant-benefit symbol surrounding the text on the marker).",
        "player_actions.hire",
    ),
    settled(
        "Lawyer: Reduce the amount of Money you lose by $2 for each Patient that dies.",
        "every settlement is $2 lower (never below $0)",
        "board.settlement",
    ),
    reading(
        "Chaplain: Once per round, flip the Administrator card face up.",
        "HHH-CHAPLAIN-TIMING",
        note="player_actions.can_chaplain",
    ),
    settled(
        "This allows you to use one of its abilities again, but you must spend another Admin action token as normal.",
        "the Chaplain's flip itself is free; the ability then costs a token, and may be the same ability as before",
        "player_actions.can_chaplain",
    ),
    settled(
        "Intake Nurse: Patients of any Illness level can be transferred from the Waiting Rooms to the Infirmary Wards.",
        "Waiting Room to Ward at any level; a Waiting Room patient's way to a Treatment Room is unchanged (HHH-TRANSFER-WR-DEST)",
        "player_actions.transfers",
    ),
    reading(
        "Janitor: Once per round, discard a just-drawn black cube without applying its effect (do not draw a replacement).",
        "HHH-REACTION-TIMING",
        note="heal.janitor_ok, heal.janitor: offered during a Heal; during Research, arrivals and visits left out (a decision after every cube would multiply the state space)",
    ),
    modelled(
        "Coroner: The Coroner makes the Coroner tombstone space available once hired.",
        "board.body_capacity",
    ),
    settled(
        "It can hold 1 dead Patient marker.",
        "one more place for a body, of any colour or a white marker",
        "board.body_capacity",
    ),
    modelled(
        "The effects of the following Staff markers are applied only once, immediately when that Staff is hired.",
        "player_actions.hire",
    ),
    reading(
        "Intern: Choose any 1 alive Patient - from any area - and reduce its Illness level by 3.",
        "HHH-INTERN-ER",
        "HHH-INTERN-TREATMENT",
        note="settled: Wards, Treatment Rooms, Waiting Rooms (a cube patient loses 3 cubes) and the Emergency Room (player_actions.intern_targets)",
    ),
    modelled("Do not gain any Money for this.", "player_actions.intern"),
    modelled("(This may cure them, see Curing Patients.)", "player_actions.intern"),
    modelled(
        "Bureaucrat: Improve 1 New Room card already in play to the left of the game board for $0.",
        "player_actions.improve",
        "player_actions.improvable",
        note="with no Basic room in play the effect is lost",
    ),
    modelled(
        "Manager: Return any 1 Ward Ability token on the board to the supply.",
        "player_actions.remove_ability",
    ),
    modelled("Its effect no longer applies.", "patient_phase.visit"),
    reading(
        "COO (Chief Operations Officer): The Administrator gains 1 additional Administrative action token to use for the rest of the game (taken from the supply).",
        "HHH-COO-TIMING",
        note="player_actions.hire",
    ),
    modelled("CFO (Chief Financial Officer): Gain $10.", "player_actions.hire"),
    modelled("Cat: Cats cannot be hired, but they are cute!", "player_actions.hireable"),
    settled(
        "(...and take up space!)",
        "a revealed Cat occupies a Staff space below the round track and is never hireable",
        "player_actions.hireable",
        "patient_phase.staff_to_reveal",
    ),
    no_rule("New Room Clarifications", "heading"),
    reading(
        'New Rooms can sometimes be Improved through the "Research" Administrative action.',
        "HHH-RESEARCH-DECK",
        note="the printed card has no Improve benefit and the stand-in cards copy it: only the Bureaucrat improves a room in the model",
    ),
    modelled(
        "Treatment Rooms: There are 5 Treatment Room rooms: Infectious Disease, Psychiatric, Internal Medicine, Cardiology, and Trauma.",
        "config.HHHConfig",
        note="rooms_in_deck 0-4",
    ),
    modelled(
        "Each Treatment room can hold 1 Patient that matches the color of the room, of Illness level 1, 2, 3, or 4.",
        "board.treatment_max",
        "player_actions.transfers",
    ),
    modelled(
        "When any of these are Improved, they may now hold a Patient up to Illness level 5.",
        "board.treatment_max",
    ),
    modelled(
        "When you transfer a Patient to one of these rooms, convert it to a Marker if needed and place it on the critical side of the card.",
        "player_actions.transfer",
    ),
    modelled(
        "Patients on the critical side of the card die in the patient phase, so make sure to treat them each round!",
        "patient_phase.start",
    ),
    modelled(
        "When using a Heal action in a Basic Treatment Room, draw 8 cubes, and gain $3 for each illness level healed.",
        "board.treatment_numbers",
        "heal.draw_count",
    ),
    modelled(
        "When using a Heal action in an Improved Treatment Room, draw 10 cubes, and gain $4 for each illness level healed.",
        "board.treatment_numbers",
        "heal.draw_count",
    ),
    reading(
        "You do not lose money if the patient gets worse, unless they die, in which case you will lose $12 or $15, respectively.",
        "HHH-TR-OVERFLOW",
        note="heal.settle",
    ),
    modelled(
        "Emergency Room: The Emergency Room holds up to 1 cube Patient - of any color - but only Patients with an exact Illness level of 5.",
        "board.er_capacity",
        "patient_phase.settle_arrivals",
    ),
    modelled(
        "When this room is Improved, it can hold up to 3 Patients (of any colors, and still only Illness level 5 Patients).",
        "board.er_capacity",
    ),
    settled(
        "The only time a Patient may be moved to the Emergency Room is during the Patient Phase (New Patients Arrive).",
        "a 5-cube patient formed in setup never goes to the Emergency Room, and no Transfer involves it",
        "setup.draw_waiting",
        "player_actions.transfers",
    ),
    reading(
        "If a Patient in the Emergency Room is healed below 5 cubes, immediately move them to a matching-colored space in the Waiting Room.",
        "HHH-ER-RETURN",
        "HHH-INTERN-ER",
        note="heal.return_to_waiting",
    ),
    no_rule(
        "(They were on the road to recovery, but your hospital became overloaded...)", "flavour"
    ),
    settled(
        "Patients in the Emergency Room cannot die during a Heal action (their Illness level will always be 5 cubes or less, do not add cubes if the patient gets worse), but they die during the Patient Phase if they are still in the ER.",
        "a Heal that nets zero or fewer leaves an Emergency Room patient at 5 cubes",
        "heal.settle",
    ),
    reading(
        "Blood Bank: When performing the Heal a Patient action, instead of drawing the first cube from the bag, you may take one cube of your choice from the Blood Bank.",
        "HHH-BB-REBAG",
        note="heal.start takes the chosen cube first",
    ),
    modelled(
        "(Basic): When built, draw 3 random cubes from the bag and place them on the Blood Bank.",
        "rooms.fill_blood_bank",
    ),
    reading(
        "Draw 1 replacement cube for each black cube that is drawn and return the black cube to the bag.",
        "HHH-BB-BLACK-ONLY",
        note="rooms.fill_blood_bank; otherwise the same law as drawing from the non-black cubes",
    ),
    reading(
        "When the Blood Bank is empty, you may use 1 Administrative action token and spend $3 to refill it with 3 random cubes (re-draw black cubes in the same manner).",
        "HHH-BB-RESTOCK-FLIP",
        note="player_actions.can_restock, player_actions.restock_blood",
    ),
    modelled(
        "(Improved): When improved, discard any remaining cubes on the Blood Bank first, then draw 5 random cubes from the bag and place them on the Blood Bank.",
        "rooms.improve_room",
    ),
    settled(
        "Draw 1 replacement cube for each black cube that is drawn and return that black cube to the bag.",
        "the same law as drawing from the non-black cubes of the bag",
        "rooms.fill_blood_bank",
        "draws._no_black",
    ),
    reading(
        "When the Blood Bank is empty, you may use 1 Administrative action token and spend $5 to refill it with 5 random cubes (re-draw black cubes in the same manner).",
        "HHH-BB-RESTOCK-FLIP",
        note="player_actions.restock_cost",
    ),
    no_rule("Standard Hospital Procedure (Quick Reference)", "heading"),
    no_rule("PLAYER ACTION PHASE (Actions may be taken in any order)", "heading"),
    no_rule("Medical Actions:", "heading"),
    no_rule("Heal a Patient", "heading"),
    modelled("Flip 1 Medical token.", "heal.start"),
    modelled("Choose an alive non-Waiting-Room Patient.", "heal.targets"),
    modelled("Draw cubes.", "heal.start"),
    modelled("Draw bonus cubes (optional).", "heal.bonus"),
    modelled("Adjust Illness level (matching color gets better, black gets worse).", "heal.settle"),
    modelled(
        "Re-bag cubes (optional) and discard remaining cubes.", "heal.rebag_choices", "heal.settle"
    ),
    modelled("Gain Money.", "heal.settle"),
    no_rule("Transfer a Patient", "heading"),
    modelled("Flip 1 Medical token.", "player_actions.transfer"),
    reading(
        "Choose any 1 alive Patient (from Waiting Room must be level 3+).", "HHH-TRANSFER-WR-DEST"
    ),
    modelled(
        "Move them to a matching-colored room (if cubes, convert into marker).",
        "player_actions.transfer",
    ),
    no_rule("Administrative Actions:", "heading"),
    no_rule("Hire Staff", "heading"),
    modelled("Flip 1 Administrative token.", "model.HHHModel.legal_actions"),
    reading("Pay $5.", "HHH-UNAFFORDABLE"),
    modelled("Choose 1 face-up Staff marker.", "player_actions.hireable"),
    modelled("Place it in the Office and apply its effect.", "player_actions.hire"),
    no_rule("Research", "heading"),
    modelled("Flip 1 Administrative token.", "player_actions.research"),
    modelled("Draw 1 Research card.", "player_actions.research"),
    modelled(
        "Draw 5 cubes from the bag (black = draw +2).", "player_actions.research", "draws._chain"
    ),
    reading("Choose 1 benefit to perform.", "HHH-RESEARCH-DECLINE"),
    modelled("Discard the card and cubes.", "player_actions.choose_benefit"),
    no_rule("Administrator Action (if face up)", "heading"),
    modelled("Flip 1 Administrative token.", "heal.redraw", "patient_phase.return_blacks"),
    modelled(
        "Choose 1 action on the Administrator card to perform.",
        "heal.redraw_ok",
        "patient_phase.end_reaction_available",
    ),
    modelled(
        "Flip the Administrator card face down.", "heal.redraw", "patient_phase.return_blacks"
    ),
    no_rule("PATIENT PHASE (Must be done in sequence)", "heading"),
    modelled(
        "Treatment / Emergency Room Patients a. Critical Treatment Room Patients die. b. Treated Treatment Room Patients move to Critical. c. All Emergency Room Patients die.",
        "patient_phase.start",
    ),
    modelled("Add 1 New Room", "patient_phase.to_install", "patient_phase.install"),
    modelled("Re-Bag a. Place all discarded cubes back into the bag.", "patient_phase.restock"),
    modelled(
        "New Patients Arrive For each Waiting Room: a. Draw and place 6 cubes (black = draw +2). b. 5+ cubes of one color, they die, unless Emergency Room available (immediate transfer as 5-cube patient).",
        "patient_phase.arrive",
        "patient_phase.settle_arrivals",
    ),
    settled(
        "Discard excess cubes.",
        "arriving cubes with no matching free spot are discarded, never placed in the other Waiting Room",
        "patient_phase.arrive",
    ),
    modelled(
        "Visit the Wards For each Ward: a. Activate Ward Ability. b. For each Patient in that Ward, draw 1 cube (black = draw +2).",
        "patient_phase.visit",
    ),
    modelled("Matching color = +1 Illness level.", "patient_phase.visit"),
    modelled(
        "Housekeeping a. If it is the 6th round, the game ends. b. Flip the Administrator card face up.",
        "patient_phase.housekeeping",
    ),
    modelled(
        "Pass Admin card and tokens clockwise. c. Flip all used action tokens to their unused side. d. Advance the round marker to the next space. e. Flip the 2 Staff markers below the round marker face up.",
        "patient_phase.housekeeping",
    ),
    no_rule("Credits", "heading"),
    no_rule(
        "Game Design: Scott Nelson, Anna-Marie Nelson Lead Developer: Lines J. Hutter Rules Writing: Jonathan Bobal Editor: Ian McCormack Proofing: Ian McCormack, Tim Schuetz Additional Development: EJ Granbery, Skye Walker Illustration: Sara Meseguer, M81 Studios, Chelsea Autio Graphic Design: Jared Gannuscio, Chelsea Autio, M81 Studios Production: Dawson Ellis Producer: Tim Schuetz Executive Producer & Publisher: Dan Yarrington",
        "credits",
    ),
    no_rule(
        "Thanks to our amazing playtesters: Michelle Ball, Russ Camp, Alan Emrich, Taylor Flynn, Justin Jensen, Noelle Le Bienvenu, Jeremy Lennert, Noah Massaro, Barry Pike III, Jeffrey D. Roach, Petra Schlunk, Jim Silsby Jr.",
        "credits",
    ),
    no_rule(
        "Special thanks from the Designer: Mom and Dad (may they both rest in peace), my son Gage, Larry Nelson MD, Dan and Heidi (RIP), the Morgans, Nathan H and Petra (VPG), the BGG PnP guild, members of the Board Game Designers Guild of Utah (past and present), and anyone else I forgot.",
        "credits",
    ),
    no_rule(
        "Many thanks to Lines for his hard work on the 3rd edition of Healthy Heart Hospital.",
        "credits",
    ),
    no_rule("© 2016-2023 Tabletop Tycoon, Inc.", "credits"),
    no_rule("This is the 3rd Edition of Healthy Heart Hospital.", "credits"),
    no_rule(
        "For more about our games, please visit Sparkworks.fun and TabletopTycoon.com.", "credits"
    ),
    no_rule("Sparkworks is an imprint of Tabletop Tycoon, Inc.", "credits"),
)

RULE_MAP = RuleMap(
    rulebook="healthy-heart-hospital.txt",
    package="hhh_verify.models.hhh.rules",
    entries=ENTRIES,
)
