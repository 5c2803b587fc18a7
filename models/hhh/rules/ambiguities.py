"""Every place where the Healthy Heart Hospital rulebook is silent, contradicts itself or
reads two ways. The model reads each entry through its generated enum
(``interp.reads(R.ROOM_CAP.SIX_TOTAL)``, mostly in ``context.Ctx``).

Quotes are verbatim substrings of ``shared/rules/healthy-heart-hospital.txt`` (whitespace
normalised; ``...`` joins two verbatim parts; ``tests/test_rule_quotes.py`` checks them),
each with the section it comes from. A default is the reading we believe the designers
meant, and ``why`` says why; every other option stays one flag away. Choices the book
settles itself are settled rule-map lines (``book/rule_map.py``), not entries here.
"""

from __future__ import annotations

from hhh_verify.contract.interpretations import Ambiguity, AmbiguityRegistry

ENTRIES = [
    # Setup ------------------------------------------------------------------------------
    Ambiguity.of(
        "HHH-ROOM-CAP",
        "How many New Room cards are ever placed",
        "contradiction",
        [
            (
                "New Rooms",
                "You start the game with 1 New Room card ... During each Patient Phase, you install 1 new New Room card.",
            ),
            ("New Rooms", "Only 6 New Room cards can be placed during the game."),
            ("Objective", "maximize profits over the course of six rounds"),
        ],
        [
            (
                "six-total",
                "6 cards in all, the starting card included: the last Patient Phase installs nothing",
            ),
            (
                "six-installed",
                "the starting card is not counted: 6 installs after setup, 7 cards in all",
            ),
            (
                "every-phase",
                "the cap is ignored: one install every Patient Phase while cards remain",
            ),
        ],
        "six-total",
        "The cap is stated as a hard number and the setup card is 'placed' too; 1 + 6 installs would exceed it in a 6-round game.",
    ),
    Ambiguity.of(
        "HHH-SETUP-LEVEL5",
        "A 5-cube Waiting Room patient drawn during setup",
        "boundary",
        [
            (
                "Setup",
                "Draw 6 random cubes from the bag per Waiting Room and place each on the first available space ...",
            ),
            (
                "Patient Death",
                "If a Patient reaches an Illness level of 5 in an Infirmary Ward or Waiting Room, they die.",
            ),
        ],
        [
            (
                "dies",
                "the patient dies at once: white marker on a tombstone, $5 settlement from the starting money",
            ),
            (
                "return-excess",
                "setup never fills the 5th spot: such a cube counts as having no free space and returns to the bag",
            ),
        ],
        "dies",
        "The death rule has no exception for setup; the text returns only black and no-space cubes.",
    ),
    Ambiguity.of(
        "HHH-SETUP-ORDER",
        "When the first room's Blood Bank draw happens in setup",
        "ordering",
        [
            ("Setup", "Choose any 1 New Room card ... Apply its immediate effect (if any)."),
            ("Setup", "Place all 88 cubes into the bag and shuffle them."),
        ],
        [
            ("before-waiting", "after the cubes go into the bag, before the Waiting Room draws"),
            ("after-waiting", "after the Waiting Room draws"),
        ],
        "before-waiting",
        "The room's effect comes first in the book, but the cubes only go into the bag in the next setup step: the effect cannot draw from an empty bag, so it waits for the cubes and no longer.",
    ),
    Ambiguity.of(
        "HHH-STAFF-ROUND1",
        "Whether any Staff can be hired in round 1",
        "gap",
        [
            (
                "Setup",
                "Place 1 random Staff marker face down on each Staff Space. Return the remaining 2 to the box",
            ),
            (
                "Housekeeping",
                "Advance the round marker ... Flip the 2 Staff markers below the round marker face up",
            ),
        ],
        [
            (
                "none-in-round-1",
                "the 10 spaces sit under rounds 2-6; nothing is face up in round 1",
            ),
            (
                "reveal-at-setup",
                "the 2 markers under round 1 are flipped at setup (spaces under rounds 1-5)",
            ),
        ],
        "none-in-round-1",
        "10 spaces = 5 rounds x 2, flipped only on advancing; the 5-round variant removes 'the last two' as if they sit under round 6.",
    ),
    Ambiguity.of(
        "HHH-STAFF-POOL",
        "12 Staff markers but 11 Staff in the Staff Index",
        "numeric",
        [
            ("Components", "12 Staff Markers"),
            (
                "Staff Index",
                "Cat: Cats cannot be hired, but they are cute! (...and take up space!)",
            ),
        ],
        [
            ("two-cats", "one of each type and a second Cat"),
            ("two-cfos", "one of each type and a second CFO"),
        ],
        "two-cats",
        "The Staff Index names 11 kinds (Lawyer to Cat) for 12 markers; an unhireable duplicate keeps the hiring pool as the Staff Index describes it, and the Cat is the one marker said to 'take up space'.",
    ),
    Ambiguity.of(
        "HHH-TRAINING-COUNT",
        "18 or 20 Training markers",
        "contradiction",
        [
            ("Components", "18 Training Markers"),
            ("Setup", "Shuffle all 20 Training markers face down."),
        ],
        [
            ("eighteen", "the Components count: the configured pool (18 markers in the full game)"),
            ("twenty", "the Setup count: two more Re-bag markers (20 in the full game)"),
        ],
        "eighteen",
        "The component list is the physical inventory; the setup text's 20 reads as a misprint. Which kinds the two extra markers would be is not printed (Re-bag is a stand-in).",
    ),
    Ambiguity.of(
        "HHH-WARD-BEDS",
        "Beds per Infirmary Ward",
        "numeric",
        [
            (
                "Setup",
                "place each in their matching-color Infirmary Wards ... in the topmost empty space(s)",
            )
        ],
        [
            (
                "as-config",
                "the configured number (4 in the full game: one per Patient marker of the colour)",
            ),
            ("one-fewer", "one bed fewer than configured"),
        ],
        "as-config",
        "The board is not in the text; 4 markers per colour suggests 4 beds.",
    ),
    Ambiguity.of(
        "HHH-WAITING-SPOTS",
        "Spots per colour in a Waiting Room",
        "numeric",
        [
            ("New Patients Arrive", "the 5-cube patient"),
            ("Setup", "cubes for which there are no free spaces back to the bag"),
        ],
        [
            ("as-config", "the configured number (5 in the full game, the 5th cube being fatal)"),
            ("one-fewer", "one spot fewer: no 5-cube patient can form"),
        ],
        "as-config",
        "'The 5-cube patient' needs a 5th spot.",
    ),
    Ambiguity.of(
        "HHH-WARD-ABILITY",
        "Effects of the Ward Ability tokens",
        "gap",
        [
            ("Components", "8 Ward Ability Tokens"),
            ("Visit the Wards", "Activate the Ward's Ability"),
            (
                "Visit the Wards",
                "The Ward Ability only affects Patients in its Ward, and it may modify step 2 below",
            ),
        ],
        [
            ("no-effect", "tokens are present (the Manager can remove them) but change nothing"),
            ("shield-first", "an active token spares the Ward's first patient its Visit draw"),
        ],
        "no-effect",
        "The rulebook names the tokens but prints none of their effects; 'shield-first' is a documented stand-in to measure sensitivity.",
    ),
    # Actions ---------------------------------------------------------------------------
    Ambiguity.of(
        "HHH-TRANSFER-WR-DEST",
        "Can a Waiting Room patient go straight to a Treatment Room",
        "contradiction",
        [
            (
                "Transfer a Patient",
                "Only Patients of Illness levels 3 and 4 may be transferred from the Waiting Rooms to a Ward.",
            ),
            (
                "Transfer a Patient",
                "Move that Patient to any matching color Ward or New Room that has space for them.",
            ),
            ("Quick Reference", "Choose any 1 alive Patient (from Waiting Room must be level 3+)."),
        ],
        [
            ("level-3-4-any", "from a Waiting Room only levels 3-4, to a Ward or a Treatment Room"),
            ("wards-only", "Waiting Room patients may only go to a Ward"),
            ("any-level-rooms", "levels 3-4 to a Ward, any level to a Treatment Room"),
        ],
        "level-3-4-any",
        "The quick reference states the level limit without naming the destination.",
    ),
    Ambiguity.of(
        "HHH-TR-OVERFLOW",
        "A Treatment Room patient healed into a level above the room's maximum",
        "gap",
        [
            (
                "New Room Clarifications",
                "Each Treatment room can hold 1 Patient ... of Illness level 1, 2, 3, or 4.",
            ),
            (
                "New Room Clarifications",
                "You do not lose money if the patient gets worse, unless they die",
            ),
        ],
        [
            ("dies", "exceeding the room's maximum (4, or 5 Improved) kills the patient"),
            ("capped", "the level stops at the room's maximum"),
        ],
        "dies",
        "The card's death cost would otherwise only apply in the Patient Phase, yet the text speaks of dying after getting worse.",
    ),
    Ambiguity.of(
        "HHH-TR-TO-WARD-5",
        "A level-5 patient moved from an Improved Treatment Room to a Ward",
        "boundary",
        [
            (
                "Transfer a Patient",
                "You can transfer Patients of any level from Treatment Rooms to the Wards or vice versa.",
            ),
            (
                "Patient Death",
                "If a Patient reaches an Illness level of 5 in an Infirmary Ward ..., they die.",
            ),
        ],
        [
            ("dies", "the transfer is legal and the patient dies on arrival ($10)"),
            ("forbidden", "a level-5 patient cannot be moved to a Ward"),
            (
                "survives",
                "the transfer is legal and the patient arrives alive at level 5; it dies when a later draw in the Ward raises its level",
            ),
        ],
        "dies",
        "'Any level' is explicit, and read as a state ('is at level 5 in a Ward') the death rule then applies on arrival: that is the default. Read as an event, 'reaches' names a rise to level 5 inside a Ward, and a patient carried in at 5 has not risen: it survives until a draw there raises it ('A Patient that becomes Illness level 5 or higher immediately dies' also speaks of a change). 'forbidden' keeps the death rule as a state and reads the transfer as not meant for a move that kills.",
    ),
    Ambiguity.of(
        "HHH-ER-RETURN",
        "Where an Emergency Room patient healed below 5 cubes goes",
        "gap",
        [
            (
                "Emergency Room",
                "If a Patient in the Emergency Room is healed below 5 cubes, immediately move them to a matching-colored space in the Waiting Room.",
            )
        ],
        [
            (
                "emptiest",
                "the Waiting Room with the fewest cubes of that colour (always the room the patient left, which is still empty of it)",
            ),
            (
                "first-room",
                "always Waiting Room 1: the cubes join that colour's patient there, and reaching level 5 kills",
            ),
        ],
        "emptiest",
        "'a matching-colored space' reads as a free one; the tool found that under this reading the return can never merge (the room the patient left has no cubes of its colour until the next arrivals, after the ER deaths), so the earlier merge/cap split was immaterial.",
    ),
    Ambiguity.of(
        "HHH-ER-COSTS",
        "Draws, pay and death cost of the Emergency Room",
        "numeric",
        [
            (
                "Heal a Patient",
                "Draw a number of cubes from the bag equal to the number shown in that room or ward.",
            ),
            ("Hide The Bodies", "Lose Money equal to the cost showing where the Patient died."),
        ],
        [
            ("ward-like", "heal: 6 cubes, $1 per level; death: $5 (its Waiting Room origin)"),
            ("treatment-like", "heal: 8 cubes, $3 per level; death: $12"),
        ],
        "ward-like",
        "The ER card's numbers are not in the text; Ward-like numbers are the most conservative guess.",
    ),
    Ambiguity.of(
        "HHH-REBAG-AFTER-HEAL",
        "Does a Doctor's 'after healing' Re-bag need a successful Heal",
        "terminology",
        [
            ("Components", "After healing a Psychiatric patient, may re-bag 2 cubes."),
            ("Healing a Patient Example", "After healing a non-Ward patient, may re-bag 2 cubes."),
            (
                "Patient Phase",
                "A patient in a Treatment room must be Healed (whether successful or not) each round",
            ),
        ],
        [
            ("any-heal", "after any Heal of such a patient, whatever the draw did to its level"),
            ("level-reduced", "only when the Heal lowered the patient's Illness level"),
        ],
        "any-heal",
        "The rulebook calls a Heal that failed 'Healed (whether successful or not)': healing names the action, and the Re-bag step comes after the level is adjusted in every Heal.",
    ),
    Ambiguity.of(
        "HHH-UNAFFORDABLE",
        "Paying more than you have (Hire Staff, Blood Bank restock)",
        "boundary",
        [
            ("Money", "If you ever have less than $0, all players immediately lose the game!"),
            ("Hire Staff", "Pay $5."),
        ],
        [
            ("allowed-loses", "the action may be taken and the game is lost at once"),
            ("forbidden", "an action whose cost exceeds your money is illegal"),
        ],
        "allowed-loses",
        "Nothing forbids the action; the loss is immediate.",
    ),
    Ambiguity.of(
        "HHH-STAFF-HIREABLE",
        "Which face-up Staff markers may be hired",
        "terminology",
        [
            ("Hire Staff", "Choose 1 face-up Staff marker from below the round track."),
            (
                "Housekeeping",
                "Flip the 2 Staff markers below the round marker face up (they are now available to hire).",
            ),
        ],
        [
            (
                "all-face-up",
                "every face-up marker not yet hired, whichever round revealed it",
            ),
            (
                "this-round",
                "only the markers revealed below the current round marker; earlier ones stay face up but can no longer be hired",
            ),
        ],
        "all-face-up",
        "Hire Staff names any face-up marker below the round track, and nothing turns an earlier marker back down or takes it away.",
    ),
    Ambiguity.of(
        "HHH-INTERN-ER",
        "The Intern on an Emergency Room patient",
        "gap",
        [
            (
                "Staff Index",
                "Intern: Choose any 1 alive Patient - from any area - and reduce its Illness level by 3.",
            ),
            (
                "Emergency Room",
                "If a Patient in the Emergency Room is healed below 5 cubes, immediately move them",
            ),
        ],
        [
            ("moves", "as when healed: the patient leaves for a Waiting Room"),
            ("not-allowed", "the Intern cannot target the Emergency Room"),
        ],
        "moves",
        "'Any area' includes the Emergency Room, and its move rule is about the level.",
    ),
    Ambiguity.of(
        "HHH-INTERN-TREATMENT",
        "The Intern on a patient on the Critical side of a Treatment Room",
        "gap",
        [
            (
                "Staff Index",
                "Intern: Choose any 1 alive Patient - from any area - and reduce its Illness level by 3. Do not gain any Money for this.",
            ),
            (
                "Heal a Patient",
                "If this Patient is in a Treatment Room, move them to the Treated side of the card.",
            ),
            (
                "Patient Phase",
                "A patient in a Treatment room must be Healed (whether successful or not) each round at least once to avoid death in this manner.",
            ),
        ],
        [
            (
                "stays",
                "the patient keeps its side: a Critical patient the Intern did not cure still dies in Patient Phase step 1",
            ),
            (
                "treated",
                "the Intern's treatment moves the patient to the Treated side, as a Heal does",
            ),
        ],
        "stays",
        "Only the Heal action's second step moves a patient to the Treated side; the Intern reduces the level without performing a Heal.",
    ),
    Ambiguity.of(
        "HHH-COO-TIMING",
        "When the COO's extra Administrative token can first be used",
        "gap",
        [
            (
                "Staff Index",
                "COO (Chief Operations Officer): The Administrator gains 1 additional Administrative action token to use for the rest of the game",
            )
        ],
        [
            ("immediately", "the new token arrives unused"),
            ("next-round", "it arrives used and is flipped in Housekeeping"),
        ],
        "immediately",
        "The Staff Index applies such effects 'immediately when that Staff is hired'.",
    ),
    Ambiguity.of(
        "HHH-CHAPLAIN-TIMING",
        "When the Chaplain may flip the Administrator card",
        "gap",
        [
            (
                "Staff Index",
                "Chaplain: Once per round, flip the Administrator card face up. This allows you to use one of its abilities again, but you must spend another Admin action token as normal.",
            ),
            (
                "Administrator Action",
                'Actions that say "Reaction" may be used during other actions',
            ),
        ],
        [
            ("between-actions", "between actions only, like every other move of the Action Phase"),
            (
                "during-heal",
                "also in the middle of a Heal, so that the Administrator's reaction can follow",
            ),
        ],
        "between-actions",
        "Only Reactions are said to interrupt other actions, and 'each action must be finished completely before starting the next one'; the Chaplain's flip is not a Reaction.",
    ),
    Ambiguity.of(
        "HHH-REACTION-TIMING",
        "Which black cubes count as 'just drawn' for reactions",
        "terminology",
        [
            (
                "Staff Index",
                "Janitor: Once per round, discard a just-drawn black cube without applying its effect",
            ),
            (
                "Components",
                "(Reaction) Ignore 1 just drawn black cube. Put it back into the bag and redraw.",
            ),
        ],
        [
            ("any-in-heal", "any black cube drawn for the current Heal, before it is settled"),
            (
                "latest-draw",
                "only a black cube from the most recent draw of the Heal (first draw, bonus draw or redraw)",
            ),
        ],
        "latest-draw",
        "'Just drawn' names the draw that has just happened: once a bonus draw follows, the earlier cubes were not just drawn. (Previously any-in-heal; reactions are modelled during Heal only.)",
    ),
    Ambiguity.of(
        "HHH-END-REACTION",
        "Can a token be kept for an end-of-Patient-Phase reaction",
        "contradiction",
        [
            (
                "Patient Phase",
                "Once all available action tokens are used, or all players choose to forgo their unused actions, proceed",
            ),
            (
                "Components",
                "(Reaction) End of Patient Phase: return all black cubes to the bag. Gain $2 for each cube returned.",
            ),
        ],
        [
            (
                "saved-token",
                "an unused Administrative token may be spent on the reaction before Housekeeping",
            ),
            (
                "forgone",
                "tokens not used in the Action Phase are forgone: the reaction never fires",
            ),
        ],
        "saved-token",
        "Otherwise the printed reaction could never be used.",
    ),
    Ambiguity.of(
        "HHH-END-REACTION-LAST-ROUND",
        "The end-of-Patient-Phase reaction in the last round",
        "ordering",
        [
            ("Components", "(Reaction) End of Patient Phase: return all black cubes to the bag."),
            (
                "Housekeeping",
                "If it is the 6th round, immediately proceed to Victory and Defeat below, ignoring further steps.",
            ),
        ],
        [
            (
                "every-round",
                "the reaction comes before Housekeeping in every round, the last one included",
            ),
            ("not-last", "in the last round the game ends at Housekeeping before any reaction"),
        ],
        "every-round",
        "Housekeeping is the Patient Phase's last step and ignores only the steps after its first line; the reaction belongs to the end of the phase, which the last round has too.",
    ),
    Ambiguity.of(
        "HHH-BB-RESTOCK-FLIP",
        "Does restocking the Blood Bank flip the Administrator card",
        "contradiction",
        [
            ("Components", "Administrator action: Spend $3. Restock empty Blood Bank."),
            ("Blood Bank", "you may use 1 Administrative action token and spend $3 to refill it"),
        ],
        [
            ("token-only", "costs a token and money; the Administrator card is untouched"),
            (
                "flips-card",
                "it is an Administrator action: the card must be face up and is flipped",
            ),
        ],
        "token-only",
        "The detailed clarification names only the token.",
    ),
    Ambiguity.of(
        "HHH-BB-REBAG",
        "May the Blood Bank cube be re-bagged",
        "gap",
        [
            ("Cubes", "Re-bag: Choose any cube - from those drawn for the current action only"),
            (
                "Blood Bank",
                "instead of drawing the first cube from the bag, you may take one cube of your choice from the Blood Bank",
            ),
        ],
        [
            ("yes", "it counts as drawn for the action"),
            ("no", "it was not drawn from the bag: it is always discarded"),
        ],
        "yes",
        "The card calls it the 'first cube' of the draw.",
    ),
    Ambiguity.of(
        "HHH-BB-BLACK-ONLY",
        "Filling the Blood Bank when the bag holds only black cubes",
        "gap",
        [
            (
                "Blood Bank",
                "Draw 1 replacement cube for each black cube that is drawn and return the black cube to the bag.",
            ),
            (
                "Cubes",
                "If you ever need to draw cubes and the bag is empty, place all discarded cubes back into the bag and continue drawing.",
            ),
        ],
        [
            (
                "refill",
                "a bag of only black cubes counts as empty: the discard pile goes into the bag and the fill continues",
            ),
            ("stop", "the fill stops short: the Blood Bank gets only the cubes drawn so far"),
        ],
        "refill",
        "Every black cube drawn for the Blood Bank goes straight back, so such a bag can give it nothing: for this draw it is as good as empty.",
    ),
    Ambiguity.of(
        "HHH-DRAW-EXHAUSTED",
        "A draw that cannot be completed",
        "gap",
        [
            (
                "Cubes",
                "If you ever need to draw cubes and the bag is empty, place all discarded cubes back into the bag and continue drawing.",
            ),
            (
                "Cubes",
                "black cubes force you to discard the black cube and draw 2 more cubes instead. This will repeat",
            ),
        ],
        [
            (
                "stop",
                "the draw ends short when bag and discard are empty (or only black cubes remain in a chain)",
            ),
            (
                "stuck",
                "the game cannot continue: any draw that ends short ends the game, reported as 'stuck'",
            ),
        ],
        "stop",
        "Ending the draw is the least disruptive reading; 'stuck' makes the situation visible as an outcome.",
    ),
    Ambiguity.of(
        "HHH-TRAINING-BONUS",
        "How many cubes a Training bonus draw gives",
        "numeric",
        [
            (
                "Healing a Patient Example",
                "Nowitz has a Psychiatric Training marker, which allows an additional Training bonus draw. ... draw another gray cube",
            )
        ],
        [("one", "1 cube per Training bonus draw"), ("two", "2 cubes per Training bonus draw")],
        "one",
        "The worked example draws exactly one cube.",
    ),
    Ambiguity.of(
        "HHH-NURSE-REFILL",
        "Is the board room refilled after Ura Scapegote's free Training marker",
        "gap",
        [
            (
                "Components",
                "Once per game as a free action, assign 1 face-up Training Marker to this nurse.",
            ),
            (
                "Research",
                "Markers gained can be chosen from either face-up (your choice) or face-down (random), but face-up are only refilled after choosing all markers from that action.",
            ),
        ],
        [
            ("refill", "the face-up Training markers are refilled after the nurse takes one"),
            (
                "no-refill",
                "the board room stays one face-up marker short until a Research refills it",
            ),
        ],
        "refill",
        "The refill rule is stated for 'Markers gained', and the nurse's marker is gained from the face-up ones; only the timing (after all markers of that action) is special.",
    ),
    # Research --------------------------------------------------------------------------
    Ambiguity.of(
        "HHH-RESEARCH-DECK",
        "The 19 Research cards not shown",
        "gap",
        [
            (
                "Components",
                "20 Research Cards (example: RESEARCH - Draw 5 cubes and choose from the following",
            ),
            (
                "Research",
                "Choose 1 benefit from the Research card based on how many cubes of the required color you drew.",
            ),
        ],
        [
            (
                "rotating",
                "every card has the printed card's three benefits, keyed to rotating colours",
            ),
            ("identical", "20 copies of the printed card, keyed to yellow, gray and green"),
        ],
        "rotating",
        "Only one card is printed; rotation keeps every colour relevant.",
    ),
    Ambiguity.of(
        "HHH-RESEARCH-ZERO",
        "A Research benefit whose colour was not drawn",
        "gap",
        [
            (
                "Research",
                "Choose 1 benefit from the Research card based on how many cubes of the required color you drew.",
            ),
            (
                "Research",
                "If you drew no cubes that match any required colors for the Research card - sorry, your research failed",
            ),
            (
                "Components",
                "Hire 1 Staff for $2. Reduce this cost by [matching cube color count] (but never below zero).",
            ),
        ],
        [
            ("needs-a-cube", "each benefit needs at least one cube of its colour"),
            (
                "hire-without",
                "once the research has not failed, the Hire benefit may be chosen without its colour, at the full $2",
            ),
        ],
        "needs-a-cube",
        "A benefit 'based on how many cubes of the required color you drew' is worth nothing at zero, and the failed-research sentence treats no matching cube as no benefit.",
    ),
    Ambiguity.of(
        "HHH-RESEARCH-AMOUNT",
        "Must the Replace benefit replace its full count",
        "gap",
        [
            (
                "Components",
                "Replace Patient markers of deceased patients with white Patient markers.",
            ),
            (
                "Research",
                'You choose the benefit "Gain [green cube count] Training markers.", so you gain 3 Training markers to assign to various Doctors.',
            ),
        ],
        [
            (
                "all",
                "the count is replaced in full while dead coloured markers and white markers remain",
            ),
            ("up-to", "the players may stop replacing before the count is used up"),
        ],
        "all",
        "The Training benefit's example settles its own count ('so you gain 3 Training markers': a rule-map line, no longer a reading here); the Replace benefit prints no count and no way to stop, and the same example takes a counted benefit in full.",
    ),
    Ambiguity.of(
        "HHH-RESEARCH-DECLINE",
        "May the players take no Research benefit although one is possible",
        "gap",
        [
            ("Research", "Choose 1 benefit from the Research card"),
            (
                "Research",
                "If you drew no cubes that match any required colors for the Research card - sorry, your research failed",
            ),
        ],
        [
            ("may-decline", "the players may end the Research without a benefit"),
            (
                "must-choose",
                "when a benefit is possible one must be chosen (the Hire's cost included)",
            ),
        ],
        "may-decline",
        "The benefits are rewards; reading 'Choose 1 benefit' as a duty would force a payment on a hospital that cannot afford the Hire.",
    ),
    # Patient Phase ---------------------------------------------------------------------
    Ambiguity.of(
        "HHH-VISIT-CUBES",
        "What happens to cubes drawn during Visit the Wards",
        "gap",
        [
            (
                "Visit the Wards",
                "Draw 1 cube for each Patient in that Ward ... If you draw a black cube, discard it",
            )
        ],
        [
            ("discard", "all drawn cubes are discarded after use"),
            ("rebag", "non-black cubes go back into the bag"),
        ],
        "discard",
        "Setup says cubes return to the bag 'only ... during setup'.",
    ),
    Ambiguity.of(
        "HHH-EMPTY-BEDS-VARIANT",
        "When the empty beds are counted in the variant without Ward abilities",
        "gap",
        [
            (
                "Variants",
                "During Visit the Wards, for each patient, draw cubes equal to the number of empty beds in that ward",
            ),
            (
                "Variants",
                "If the wards are completely full, the patients are guaranteed to get worse each round.",
            ),
        ],
        [
            ("at-activation", "counted once, when the Ward is activated"),
            (
                "per-patient",
                "recounted before each patient's draw (lowest level first): a death earlier in the visit frees a bed",
            ),
        ],
        "at-activation",
        "The variant's own explanation describes the Ward as the visit begins ('completely full ... guaranteed to get worse').",
    ),
    # Patient Death, money, the end -----------------------------------------------------
    Ambiguity.of(
        "HHH-WHITE-OUT",
        "A cube patient dies when no white marker is left",
        "gap",
        [
            (
                "Hide The Bodies",
                "take a white Patient marker from the supply and place it on any available empty Tombstone",
            ),
            (
                "Patients",
                "You cannot perform any action that requires you to take a Patient marker of a color that is not available",
            ),
        ],
        [
            ("tombstone-only", "the body still takes a tombstone, without a marker"),
            ("arrested", "the body cannot be hidden: the game is lost (arrest)"),
        ],
        "tombstone-only",
        "The arrest condition is about spaces, not markers; a death is not an action.",
    ),
    Ambiguity.of(
        "HHH-MORGUE",
        "The Morgue",
        "gap",
        [
            (
                "Hide The Bodies",
                "place it on any available empty Tombstone space in the Cemetery (or Morgue if installed)",
            )
        ],
        [
            ("absent", "no Morgue card in the deck (it is never described)"),
            (
                "in-deck",
                "a Morgue New Room holding 3 bodies (stand-in capacity, the config's"
                " morgue_capacity; 4 when Improved)",
            ),
        ],
        "absent",
        "The Morgue is named but its card is not in the text.",
    ),
    Ambiguity.of(
        "HHH-MONEY-CAP",
        "Money above the track's $199",
        "boundary",
        [("Money", "use the other Money tracker in the same way to track funds from $100 to $199")],
        [("uncapped", "money keeps counting"), ("capped", "money stops at $199")],
        "uncapped",
        "Nothing says money is lost; the track is a display.",
    ),
    Ambiguity.of(
        "HHH-RATING-BASIS",
        "What money the final rating reads",
        "terminology",
        [
            (
                "Victory and Defeat",
                "Check how much money your hospital earned to see how well you did!",
            ),
            ("Objective", "you collectively must maximize profits over the course of six rounds"),
            ("Victory and Defeat", "$0-19: Regrettable."),
        ],
        [
            ("final-money", "the money the hospital has at the end"),
            (
                "profit",
                "the money at the end minus the starting money (a loss of money is rated Regrettable)",
            ),
        ],
        "final-money",
        "The brackets start at $0 and a winning hospital never has less than $0, so its final money always fits one; a profit can be negative and would fit none.",
    ),
    # Variants -------------------------------------------------------------------------
    Ambiguity.of(
        "HHH-FEWER-MARKERS",
        "When the variant's missing Patient marker of each colour leaves",
        "ordering",
        [
            (
                "Variants",
                "Start the game with 1 fewer Patient marker of each color in the supply.",
            ),
            (
                "Setup",
                "Draw 5 of them randomly and place each in their matching-color Infirmary Wards.",
            ),
            (
                "Setup",
                "After doing this, remove all remaining Patient markers from the bag. Sort and stack them by color beside the game board.",
            ),
        ],
        [
            (
                "before-setup",
                "one marker of each colour is out of the game from the start: the 5 Ward patients are drawn from the 15 left",
            ),
            (
                "after-setup",
                "the 5 Ward patients are drawn from all 20; then one marker of each colour leaves the sorted supply (none of a colour whose markers all went to the Wards)",
            ),
        ],
        "before-setup",
        "'Start the game with' changes what the game is set up with, as its neighbour 'Start the game with 2 fewer cubes of each non-black color' changes the bag before any draw; 'in the supply' names where the markers are counted, and the supply only forms after the Ward draw, which is the other reading.",
    ),
    Ambiguity.of(
        "HHH-FEWER-WHITE",
        "Whether the fewer-markers variant takes a white Patient marker too",
        "terminology",
        [
            (
                "Variants",
                "Start the game with 1 fewer Patient marker of each color in the supply.",
            ),
            ("Variants", "Start the game with 2 fewer cubes of each non-black color."),
            ("Setup", "Place the 10 white Patient markers in a pile."),
            ("Hide The Bodies", "take a white Patient marker from the supply"),
        ],
        [
            (
                "colours-only",
                "only the five patient colours lose a marker: the white pile keeps all its markers (10 in the full game)",
            ),
            (
                "white-too",
                "white is a Patient marker colour of the supply too: the white pile starts one marker short (9 in the full game)",
            ),
        ],
        "colours-only",
        "Setup keeps the white markers apart from the patients' colours ('Place the 10 white Patient markers in a pile', 'the 20 non-white Patient markers') and a white marker is no patient's colour; the model played it so before the entry, so nothing else moves. The case for white-too: the white markers are taken 'from the supply', and the neighbouring variant names its exception ('each non-black color') where this one names none.",
    ),
    Ambiguity.of(
        "HHH-NO-ADMIN-TOKENS",
        "Administrative tokens in the variant without an Administrator",
        "gap",
        [
            (
                "Variants",
                "Don't play with an Administrator (this can be easier to learn, as it removes several rules from consideration, but it can be particularly difficult as it also removes those avenues of improvement).",
            ),
            (
                "Setup",
                "Place a number of Administrative action tokens on the Administrator card as shown.",
            ),
        ],
        [
            ("none", "no Administrative tokens: no Hire Staff, Research or Blood Bank restock"),
            (
                "kept",
                "the tokens of the setup table still come (held by the first player, passed clockwise); only the card's own actions are gone",
            ),
        ],
        "none",
        "The tokens live on the Administrator card and only its holder controls them, and 'removes those avenues of improvement' reads as Staff and Research, not the card's two reactions alone.",
    ),
    # Issue 38: reader questions left open ----------------------------------------------
    Ambiguity.of(
        "HHH-HEAL-DEATH-TIMING",
        "A Ward Heal whose draw so far would kill the patient",
        "ordering",
        [
            (
                "Healing a Patient Example",
                "This results in a net increase of Illness level by 1, which would cause the Patient to die (reaching Illness level 5 in the Wards).",
            ),
            (
                "Heal a Patient",
                "After seeing your result, you may draw voluntary bonus cubes (see Cube Drawing Bonuses below).",
            ),
            (
                "Cube Drawing Bonuses",
                "After seeing the results of a bonus draw, you can then decide to use another bonus or not",
            ),
        ],
        [
            (
                "after-bonuses",
                "the level is adjusted once, after the last bonus draw: a draw that would kill leaves the bonus draws and reactions open",
            ),
            (
                "at-once",
                "the patient dies as soon as the cubes drawn so far reach level 5: no bonus draw or reaction follows, the Heal settles (re-bag still chosen)",
            ),
        ],
        "after-bonuses",
        "'Which would cause the Patient to die' can be read as the death already happening, before the team decides anything more: then a Ward patient dies as soon as its net draw reaches level 5. Read as a conditional, it names what the adjustment step will do if nothing follows; the Heal lists 'Adjust the Patient's Illness level' after the draw and its voluntary bonus cubes, and the worked example goes on with a bonus draw that 'at least prevents the Patient from dying'. The default follows the order of the Heal's steps and the example.",
    ),
    Ambiguity.of(
        "HHH-VISIT-DEATH-DRAWS",
        "A Ward patient that dies during its Visit draw while replacement draws are owed",
        "gap",
        [
            (
                "Visit the Wards",
                "If you draw a black cube, discard it and draw 2 more cubes. Do this until all drawn black cubes are discarded and replaced.",
            ),
            (
                "Visit the Wards",
                "A Patient that becomes Illness level 5 or higher immediately dies.",
            ),
        ],
        [
            (
                "complete",
                "the replacement draws are completed: every owed cube leaves the bag although the patient is dead",
            ),
            (
                "stop",
                "drawing for that patient stops at the cube that kills it: the draws still owed are not made",
            ),
        ],
        "complete",
        "'Do this until all drawn black cubes are discarded and replaced' is an instruction to finish the draw, and nothing in it depends on the patient; read literally the chain is completed. But the text does not consider a patient dying partway: the remaining cubes would act on no patient, and 'immediately dies' can be read as ending that patient's draw. The default keeps the literal instruction; the two differ only in which cubes stay in the bag.",
    ),
    Ambiguity.of(
        "HHH-ARREST-SETTLEMENT",
        "A death with no empty place for the body: is its settlement paid",
        "ordering",
        [
            (
                "Hide The Bodies",
                "When a Patient dies, you must: A) Put the body somewhere and B) Lose money due to settlement costs.",
            ),
            (
                "Hide The Bodies",
                "If there is no empty space to place a dead Patient, you immediately lose the game.",
            ),
        ],
        [
            (
                "unpaid",
                "the game is lost at the body step: the settlement is never paid",
            ),
            (
                "paid",
                "the settlement is paid too: the lost game's money is lower by the death's cost",
            ),
        ],
        "unpaid",
        "Both A) and B) are things you 'must' do when a patient dies, and the loss sentence does not say whether it comes before B): read that way the settlement is paid too, and a lost game's money shows it. 'Immediately lose the game' can also be read as ending the game at step A, before B) is reached. The default takes 'immediately' as ending the death's steps there (the model's reading so far).",
    ),
]

REGISTRY = AmbiguityRegistry(ENTRIES)

#: Ids that were once entries and are no more, and where the question went. They may be
#: named in notes ("formerly ..."); ``--interpret`` rejects them like any unknown id.
RETIRED = {
    "HHH-DEATH-ORDER": "not an ambiguity: Hide The Bodies lists A (the body) before B (money); whether an arrest at A still pays B is HHH-ARREST-SETTLEMENT",
    "HHH-WARD-ORDER": "not an ambiguity: 'In any order, activate each Ward' is the players' decision (VisitWard)",
}
