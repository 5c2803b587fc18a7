"""Sentence-level rule map of the Dice Hospital player aid (``dice-hospital.pl.txt``).

Every sentence of the Polish aid, in book order, with one status (clauses where one
sentence states several rules): the functions that model it, the ambiguity entries
through which it is read, the config parameters that fill a number it does not print,
the sentence that settles the model's reading, or why it is no rule. ``en`` is the same
sentence in the English rendering beside it (``dice-hospital.en.md``), never a bracketed
translator's note; the Polish text is the source.
"""

from __future__ import annotations

from hhh_verify.rulebook.rule_map import RuleMap, S, modelled, no_rule, parameter, reading, settled

_CATALOGUE = (
    "not printed in the aid: a stand-in catalogue (components.WARDS, SPECIALISTS) of 8 "
    "ward kinds and 5 specialist kinds exercising every stated rule; printed board wards "
    "and deck counts are these config values"
)

ENTRIES = (
    no_rule(S(1, "c60d93"), "heading"),
    # Overview
    parameter(
        S(2, "02723a", 154),
        "nurses",
        "board_wards",
        note="how many nurses and which wards are printed on a board is not in the aid: "
        "3 nurses (the publisher's), two triages and a pharmacy on the board (stand-ins)",
        en="Each player runs the staff of their own hospital. Every round they place nurses "
        "(white meeples) and specialists (coloured meeples) in wards",
    ),
    parameter(
        S(2, "02723a"),
        "colours",
        "dice_per_colour",
        note="the dice supply is not printed: 3 colours, 21 dice each less 3 a seat below "
        "four (the publisher's count)",
        en="to treat patients (dice).",
    ),
    modelled(
        S(3, "b9e0e8"),
        "scoring.discharge_points",
        "end_round.score_round",
        en="Players score points for patients discharged home.",
    ),
    modelled(
        S(4, "e51834"),
        "end_round.end_of_round",
        "end_round.winners",
        note="config.rounds = 8 on the full preset (reduced presets play fewer)",
        en="The goal is the most points at the end of round 8.",
    ),
    no_rule(S(5, "6e7537"), "heading", en="Before the game"),
    # Before the game
    modelled(
        S(6, "0a4e59"),
        "setup.initial_state",
        "setup.draw_start",
        "setup.set_patients",
        note="a random draw from the bag, in seat order from seat 0, who holds the "
        "first-player token (seats are labels, so who starts loses nothing)",
        en="Starting with the first player, each player takes 3 random dice as starting patients.",
    ),
    modelled(
        S(7, "d05f16"),
        "setup.health_options",
        "setup.set_patients",
        en="The player sets their values (health) to 3, 4 and 5, choosing which die gets "
        "which value.",
    ),
    modelled(
        S(8, "3b2f74"),
        "activation.heal",
        "end_round.neglect",
        note="health 1..6; treatment raises it, neglect lowers it",
        en="(1 = the sickest patient, 6 = the healthiest.)",
    ),
    parameter(
        S(9, "268a00", 55),
        "admin_deck",
        note="the administrator cards and their texts are not printed: 8 stand-ins, two "
        "each of plain, guardian, donor and matron (components.ADMINISTRATORS)",
        en="Each player draws two hospital administrator cards,",
    ),
    modelled(
        S(9, "268a00"),
        "setup.draw_admins",
        "setup.keep_admin",
        note="kept for the whole game; players choose one after another in seat order "
        "(each sees only their own two cards)",
        en="chooses and plays one,",
    ),
    modelled(S(10, "e7f446"), "setup.keep_admin", en="and returns the other to the box."),
    no_rule(S(11, "3656a4"), "heading", en="Start of the round"),
    no_rule(S(12, "43f0c8"), "heading", en="Admitting patients"),
    # Admitting patients
    reading(
        S(13, "726cd3"),
        "DH-EXTRA-REVEAL",
        note="expansion.extra_options, expansion.reveal_extra; the tile is a random draw",
        en="The first player chooses whether one extra specialist or one extra ward is revealed",
    ),
    modelled(
        S(14, "fa283d"),
        "context.Ctx",
        note="the extra reveal exists only when players == 2",
        en="(two-player game only).",
    ),
    settled(
        S(15, "a6e60f", 88),
        "each die uniform on 2, 3, 4, 5 (the limits included): a die is re-rolled while it "
        "shows 1 or 6, the two faces the aid names as the extremes of health",
        "admission.roll",
        en="The dice (patients) are re-rolled until they show values between 2 and 5,",
    ),
    reading(
        S(15, "a6e60f", 170),
        "DH-AMBULANCE-FILL",
        note="dice per ambulance: the ambulance_dice parameter (3, the publisher's); the "
        "dice are drawn from the bag at random (admission.draw_dice)",
        en="then placed in the ambulances from the lowest to the highest value,",
    ),
    reading(
        S(15, "a6e60f"),
        "DH-AMBULANCE-COUNT",
        "DH-SUPPLY-SHORT",
        en="from the first ambulance to the n-th.",
    ),
    reading(
        S(16, "51d209"),
        "DH-LAST-PLAYER",
        note="admission.arrangements: the values per ambulance are fixed, only the colours "
        "of tied dice are arranged",
        en="If dice show tied values, the last player decides where the dice of each colour go.",
    ),
    reading(
        S(17, "91bd49", 48),
        "DH-AMBULANCE-COUNT",
        note="admission.place, admission.pickable: in turn order from this round's first "
        "player (seat order is clockwise); every player takes exactly one",
        en="Each player in turn chooses one ambulance",
    ),
    reading(
        S(17, "91bd49"),
        "DH-ARRIVAL-NEGLECT",
        note="admission.take, admission.admit: every die of the ambulance joins the hospital",
        en="and puts its dice at the bottom of their board.",
    ),
    reading(
        S(18, "834c56"),
        "DH-CAPACITY",
        "DH-EVICT-WHO",
        note="admission.admit, admission.evict: one token a patient; the newcomers always "
        "enter (only those 'obecnie' in the hospital are moved)",
        en="If there is not enough room for the new patients, patients currently being "
        "treated in the hospital must be moved to the mortuary, and the player takes a "
        "mortality token for each patient placed there.",
    ),
    reading(
        S(19, "360538"),
        "DH-SOLO",
        note="admission.pickable: every round, every player count (a solo game by its reading)",
        en="The first player may not choose ambulance number 1.",
    ),
    reading(
        S(20, "c227b8"),
        "DH-AMBULANCE-VALUE",
        "DH-SOLO",
        note="turns.blood_bag_takers, turns.next_first, expansion.after_picks: one bag, "
        "usable this round; the first player changes at the next round; alone, the solo "
        "reading's bag every round holds under every value reading",
        en="The player who took the ambulance with the lowest value also takes a "
        '"blood bag" token and becomes first player for the coming round.',
    ),
    no_rule(S(21, "baa6c8"), "heading", en="Expanding the hospital"),
    # Expanding the hospital
    settled(
        S(22, "a60362", 47),
        "the chooser is this round's first player, also when the reveal is made in the "
        "expansion: the taker of the lowest ambulance is first player only from the next "
        "round",
        "model.DHModel.current_player",
        quote="staje się pierwszym graczem w nadchodzącej rundzie",
        en="In a two-player game, the first player chooses",
    ),
    reading(
        S(22, "a60362"),
        "DH-EXTRA-REVEAL",
        en="whether one extra specialist or one extra ward is revealed.",
    ),
    reading(
        S(23, "576ecf", 88),
        "DH-AMBULANCE-VALUE",
        note="turns.draft_order ('karteki' read as 'karetki', ambulances)",
        en="Each player, in the order of the chosen ambulance from the lowest to the highest "
        "value,",
    ),
    settled(
        S(23, "576ecf", 131),
        "every player takes one revealed tile (no pass: 'wybiera', where the discard says 'może')",
        "expansion.take_tile",
        en="chooses one of the wards or specialists",
    ),
    reading(
        S(23, "576ecf"),
        "DH-NEW-TILE",
        note="expansion.take_tile, expansion.discard_owned: whether the tile is usable in "
        "this round's activation or only from the next",
        en="and adds it to their hospital.",
    ),
    settled(
        S(24, "e8d0b3"),
        "tiles are counts per kind, with no limit and no position",
        "expansion.take_tile",
        en="A player may own several wards or specialists of the same type; where they are "
        "placed does not matter for play.",
    ),
    no_rule(
        S(25, "9641af"), "flavour", en="This helps to treat more patients as the game goes on."
    ),
    reading(
        S(26, "28f140"),
        "DH-EXPANSION-DISCARD",
        note="expansion.trade_tile (default), expansion.discard_owned; one a round",
        en="Each player may discard one ward or specialist per turn",
    ),
    no_rule(S(27, "a36e67"), "heading", en="Play"),
    no_rule(S(28, "0535b5"), "heading", en="Activating the hospital"),
    # Activating the hospital
    settled(
        S(29, "1f7b5c", 107),
        "hospitals share nothing in this phase, so the model activates them one after "
        "another and closes each one's round as its activation ends: every result is that "
        "of acting at once",
        "expansion.start_activation",
        "end_round.close_hospital",
        en='Each player on their own (at the same time as the others) "treats" patients '
        "(raising the pips on the die)",
    ),
    reading(
        S(29, "1f7b5c"),
        "DH-PLACEMENT-OPTIONAL",
        "DH-NURSE-MOVES",
        note="activation.activate, activation.activation_options: any meeple into any free "
        "ward of the player's own board",
        en="by moving meeples (nurses or specialists) into chosen wards on their hospital board.",
    ),
    parameter(
        S(30, "8d0ce5", 65),
        "board_wards",
        "ward_deck",
        "specialist_deck",
        note=_CATALOGUE,
        en="When a meeple is moved, the ward's effect is resolved first,",
    ),
    reading(
        S(30, "8d0ce5"),
        "DH-SPECIALIST-OPTIONAL",
        note="activation.activate, activation.effect_targets, activation.specialist_heal; a "
        "nurse has no effect of its own",
        en="then the meeple's effect (if it is a specialist).",
    ),
    modelled(
        S(31, "2be3f1"),
        "activation.free_wards",
        "activation.free_meeples",
        note="each copy once; nurses are not named: DH-NURSE-MOVES",
        en="Each specialist and each ward can be used only once per round.",
    ),
    reading(
        S(32, "18a632"),
        "DH-BLOOD-TREATED",
        "DH-ARRIVAL-NEGLECT",
        note="activation.heal marks the patient; several treatments a round are allowed; "
        "the mark is cleared by end_round.neglect",
        en="Every patient treated at least once is moved down, to mark that it was treated "
        "this round.",
    ),
    reading(
        S(33, "572e47"),
        "DH-GROUP-SIX",
        note="activation.ward_targets: a group ward treats exactly its group size, never "
        "fewer; with more eligible patients than that the player chooses which ones form "
        "the group (any group 'taka' as the ward asks); whether a patient at 6 may be one "
        "of them is the reading",
        en="If a ward needs a group of patients, exactly such a group must be assembled to "
        "use that ward.",
    ),
    reading(
        S(34, "11886d"),
        "DH-PAST-6",
        note="activation.heal",
        en="However, wards that treat a single patient by several steps (pips) do not need "
        "the exact number of steps (if a patient can be discharged by fewer steps than the "
        "ward gives; a die may be healed to 7 and above).",
    ),
    reading(
        S(35, "4697a3"),
        "DH-GROUP-SIX",
        "DH-LOUNGE",
        note="activation.heal, activation.blood_heal: every treatment of a patient at 6 "
        "discharges it: a ward's, a specialist's and a blood bag's ('Każdy pacjent' has no "
        "exception), and one member of a group ward's where DH-GROUP-SIX lets a 6 be one; "
        "reaching 6 does not discharge; whether lounge dice are still in the hospital is "
        "DH-LOUNGE",
        en='Any patient with health 6 that would be treated is instead moved to the "discharge '
        'lounge" and is scored at the end of the round.',
    ),
    reading(
        S(36, "08fd1e"),
        "DH-BLOOD-TREATED",
        "DH-RECOLOUR",
        note="activation.blood_heal, activation.blood_recolour: any number, during the "
        "player's own activation, between meeple moves (not between a ward's and a "
        "specialist's effect)",
        en='Free action: spending a "blood bag" token heals one die by one step or changes '
        "its colour temporarily.",
    ),
    modelled(
        S(37, "df9144"),
        "activation.blood_heal",
        "activation.blood_recolour",
        en="Spent blood bags are discarded.",
    ),
    settled(
        S(38, "ad3243"),
        "at most one drafted tile (a ward or a specialist, singular) at the start of the "
        "player's activation, for one bag; printed board wards are not tiles (the aid names "
        "none); the draft's own discard is DH-EXPANSION-DISCARD",
        "expansion.start_activation",
        "expansion.discard_owned",
        en="Players may optionally discard a ward or specialist at the start of this phase to "
        "gain a blood bag token.",
    ),
    no_rule(S(39, "35cb3b"), "heading", en="End of the round"),
    no_rule(S(40, "2e041f"), "heading", en="Neglected patients"),
    # Neglected patients
    reading(
        S(41, "7813a4"),
        "DH-ARRIVAL-NEGLECT",
        note="end_round.neglect: every round, the last one too, patients at 6 too",
        en="Each player lowers by 1 the health of every die that was not treated this round.",
    ),
    reading(
        S(42, "608851"),
        "DH-SUPERBUG-2",
        "DH-MORTUARY-DICE",
        note="end_round.neglect: one token a patient",
        en="If a patient already has health 1, its die is instead moved to the mortuary, and "
        "the player takes a mortality token for each patient moved there.",
    ),
    parameter(
        S(43, "3b936c"),
        "admin_deck",
        note="the texts are not printed: the guardian stand-in spares the sickest untreated "
        "patient (end_round.protected_patient)",
        en="Some administrator abilities protect patients from losing health.",
    ),
    no_rule(S(44, "fedf1a"), "heading", en="Discharged patients"),
    # Discharged patients
    modelled(
        S(45, "a3826a"),
        "end_round.score_round",
        "scoring.discharge_points",
        note="after neglect, as the headings are ordered",
        en="Each player scores the patients discharged this round according to the table below.",
    ),
    reading(
        S(46, "a2bb28"),
        "DH-OVER-12",
        note="scoring.discharge_points: each patient by its number in the round",
        en="Discharging a large group at once is better than discharging over many rounds: "
        "the more patients discharged in one round, the more each further one is worth.",
    ),
    no_rule(S(47, "32a89f"), "table heading"),
    modelled(S(48, "020a7c"), "scoring.points_for_patient", en="| 1 | 1 |"),
    modelled(S(49, "ea7020"), "scoring.points_for_patient", en="| 2–6 | 2 |"),
    modelled(S(50, "86f828"), "scoring.points_for_patient", en="| 7–8 | 3 |"),
    modelled(S(51, "bc8763"), "scoring.points_for_patient", en="| 9–10 | 4 |"),
    reading(S(52, "d30f32"), "DH-OVER-12", en="| 11–12 | 5 |"),
    reading(
        S(53, "679399"),
        "DH-EMPTY-HOSPITAL",
        note="scoring.empty_bonus: checked every round after neglect",
        en="5 extra points if the hospital is left empty.",
    ),
    no_rule(
        S(54, "5211ab"),
        "worked example: tests/dice_hospital/test_dice_hospital_facts.py",
        en="So discharging 7 patients in one round scores 14 points (1+2+2+2+2+2+3).",
    ),
    no_rule(S(55, "72dee0"), "heading", en="Staff change"),
    # Staff change
    reading(
        S(56, "c765b6", 82),
        "DH-MORTUARY-DICE",
        note="end_round.close_hospital returns the lounge to the bag",
        en="To prepare for the next round, discharged patients go back to the supply,",
    ),
    reading(
        S(56, "c765b6", 127),
        "DH-NURSE-MOVES",
        note="activation.nurse_free, end_round.close_hospital: by default a meeple moved into "
        "a ward stays there until the staff change, so each nurse (like each specialist) "
        "moves once a round; the text does not say how often one meeple moves",
        en="all meeples return to their starting positions,",
    ),
    reading(
        S(56, "c765b6"),
        "DH-SUPPLY-SHORT",
        "DH-UNTAKEN-DICE",
        note="expansion.after_picks: an untaken ambulance's dice go back to the bag (or "
        "stay, DH-UNTAKEN-DICE); admission.draw_dice draws the next round's dice",
        en="ambulances are handed back and new patients are drawn.",
    ),
    modelled(
        S(57, "79e4b0", 59),
        "expansion.next_draft",
        note="every unchosen tile, the extra reveal's too",
        en="Wards and specialists not chosen this round are removed from the game,",
    ),
    parameter(
        S(57, "79e4b0"),
        "market_wards",
        "market_specialists",
        note="how many are revealed is not printed: players - 1 of each, at least one "
        "(expansion.market_draw); deck sizes ward_deck, specialist_deck (24 each)",
        en="and new ones are drawn for the coming round.",
    ),
    no_rule(S(58, "ec4b78"), "heading", en="End of the game"),
    # End of the game
    modelled(
        S(59, "df6628"),
        "end_round.end_of_game",
        note="after round 8's neglect and scoring",
        en="At the end of round 8,",
    ),
    reading(
        S(60, "8c47aa"),
        "DH-FINAL-TOKENS",
        note="scoring.final_adjustment",
        en="each player receives an additional point for a remaining blood bag token and "
        "loses two points for mortality tokens.",
    ),
    modelled(
        S(61, "f59552"),
        "end_round.winners",
        "end_round.ranking_key",
        en="The player with the most points wins.",
    ),
    reading(
        S(62, "ef5d3f"),
        "DH-TIE-REMAINS",
        note="end_round.ranking_key: patients still in the hospital (not the mortuary)",
        en="Ties are broken by fewer remaining patients, then by the higher total of pips on "
        "the remaining patients.",
    ),
    no_rule(S(63, "619388"), "heading", en="Variants"),
    # Variants
    reading(
        S(64, "3d9363"),
        "DH-CRISIS-COLOURS",
        note="config.variant_crisis: five each ('po'), instead of the three at 3, 4, 5 "
        "(setup.health_options)",
        en="Crisis start: at setup, take 5 patients each",
    ),
    settled(
        S(65, "cb620c", 48),
        "one extra die each time a player takes an ambulance: one a player a round "
        "(config.variant_epidemic)",
        "admission.take",
        en="National epidemic: when a player takes an ambulance,",
    ),
    reading(
        S(65, "cb620c", 70),
        "DH-EPIDEMIC-ROLL",
        note="admission.epidemic: the die is a new patient, drawn at random from the bag like "
        "every patient ('losowani są nowi pacjenci'), so of a random colour; with the bag "
        "empty there is no die to roll",
        en="roll one extra die",
    ),
    settled(
        S(65, "cb620c"),
        "the die arrives with the ambulance's dice, a new patient like them: it needs a bed, "
        "makes room by the mortuary like them and is neglected like them",
        "admission.epidemic",
        "admission.admit",
        quote="Jeśli nie ma wystarczająco miejsca dla nowych pacjentów",
        en="and put it in their hospital.",
    ),
    reading(
        S(66, "7b7551"),
        "DH-SUPERBUG-2",
        note="end_round.neglect (config.variant_superbug)",
        en="Resistant superbug: a neglected patient loses 2 health instead of 1.",
    ),
    parameter(
        S(67, "ccb503"),
        "variant_experimental",
        "experimental_wards",
        "experimental_specialists",
        note="the counts 8 and 12 are printed (config checks them), the kinds are not: "
        "stand-ins shuffled into the same decks",
        en="Experimental medicine: add 8 wards and 12 specialists to the supply",
    ),
    no_rule(S(68, "6fd353"), "component note", en="(extra components)."),
)

RULE_MAP = RuleMap(
    rulebook="dice-hospital.pl.txt",
    package="hhh_verify.models.dice_hospital.rules",
    entries=ENTRIES,
    rendering="dice-hospital.en.md",
)
