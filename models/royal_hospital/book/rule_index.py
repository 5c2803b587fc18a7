"""Which Royal Hospital rulebook sections the model implements, parameterises or leaves
out, and why.

Each row: a :class:`~hhh_verify.rulebook.sections.Section` (section, status, where,
note). ``where`` names the functions (``module.func``) or ambiguity ids that carry the
rule; a test checks that every named function exists and has a docstring. Status
(:class:`~hhh_verify.rulebook.rule_map.RuleStatus`): ``MODELLED``, ``PARAMETER`` (numbers
or card texts the book does not print: a documented config value or stand-in deck),
``READING`` (modelled under switchable readings), ``LEFT_OUT`` (with the reason). Where
the book settles a question the code might seem to choose, the note quotes the sentence
that settles it; the rule map's ``settled`` entries are added as rows of their own
(:func:`hhh_verify.rulebook.sections.section_index`).
"""

from __future__ import annotations

from hhh_verify.rulebook.rule_map import RuleStatus
from hhh_verify.rulebook.sections import Section

RULES: tuple[Section, ...] = (
    Section(
        "Components",
        RuleStatus.READING,
        ("cards.COMPONENT_COUNTS", "config.RHConfig", "RH-CARD-NAMES"),
        "printed counts are facts; coins are not a limit (the book never says the bank runs out)",
    ),
    Section(
        "1 Round track",
        RuleStatus.READING,
        ("flow.begin_round", "RH-GAME-END", "RH-ROUND-PATIENTS"),
        "the spaces' numbers and the track's length are not printed: config round_cards, round_patients, rounds",
    ),
    Section(
        "2 Ambulance track",
        RuleStatus.READING,
        (
            "resolve.ambulance_step",
            "tracks.AMBULANCE_REWARDS",
            "RH-AMBULANCE-WRAP",
            "RH-DOCTOR-REWARD",
            "RH-DRAW-CARD",
            "RH-REWARD-ORDER",
        ),
        "'they gain all the benefits they have passed', in the order passed",
    ),
    Section(
        "Helicopters",
        RuleStatus.READING,
        (
            "flow.helicopter_discard",
            "flow.helicopter_draw",
            "RH-HELICOPTER-BOTH",
            "RH-HELICOPTER-DISCARD",
            "RH-HELICOPTER-ORDER",
            "RH-HELICOPTER-TERMINAL",
        ),
        "'All players (including the player who activated the helicopter effect)' draw; a terminal patient may be discarded or not ('never leaves your playing area'; RH-HELICOPTER-TERMINAL)",
    ),
    Section(
        "3 Quality of Care track",
        RuleStatus.READING,
        ("board.change_qoc", "scoring.qoc_points", "RH-QOC-SCORING", "RH-QOC-FLOOR"),
        "the track's last space is not printed: config qoc_max",
    ),
    Section(
        "4 Prestige track",
        RuleStatus.MODELLED,
        ("cleanup.score_prestige",),
        "'half their prestige in victory points (rounded down)'",
    ),
    Section(
        "5 Victory point track",
        RuleStatus.READING,
        ("resolve.gain", "scoring.after_qoc", "RH-VP-FLOOR"),
        "no top; below 0 or not (RH-VP-FLOOR)",
    ),
    Section(
        "6 Insurance company tracks",
        RuleStatus.READING,
        ("resolve.advance_insurance", "tracks.INSURANCE_BENEFITS", "RH-INSURANCE-MAX"),
        "all 20 benefits exactly; 'X or Y' is the player's choice",
    ),
    Section(
        "7 Resources Tracks",
        RuleStatus.READING,
        ("resolve.produce_more", "board.claim_doctors", "RH-DOCTOR-PASS", "RH-PRODUCTION-BONUS"),
        "the tracks' last spaces are not printed: config production_max, credit_max",
    ),
    Section(
        "Game Setup 1: the Medical deck",
        RuleStatus.READING,
        ("flow.run", "flow.chance", "RH-MEDICAL-EMPTY"),
        "draws are exact: each card type with probability (its cards) / (cards left)",
    ),
    Section(
        "Cards from the Medical Deck",
        RuleStatus.PARAMETER,
        ("cards.MedicalCard", "cards.STANDARD_MEDICAL", "RH-CARD-NAMES"),
        "no card text is printed: stand-ins from the printed reward vocabulary, printed counts per kind",
    ),
    Section(
        "Patient Cards",
        RuleStatus.PARAMETER,
        (
            "cards.PatientCard",
            "cards.STANDARD_PATIENTS",
            "patients.draw_weights",
            "patients.take",
            "patients.resolve_weights",
        ),
        "109 cards, values not printed; drawn from the bottom with the healing side hidden: exact odds per visible class",
    ),
    Section(
        "Symbols: priority types",
        RuleStatus.READING,
        ("cleanup.dies", "RH-PRIORITY-3", "RH-CRITICAL-DEADLINE"),
        "five kinds: critical, severe, chronic, non-severe, terminal",
    ),
    Section(
        "Hospital Board: capacity",
        RuleStatus.READING,
        ("board.capacity", "RH-CARD-NAMES"),
        "4 spaces + 1 per outpatient clinic and clinical trial; 'Patients cannot be moved once they are allocated' has no effect on counts",
    ),
    Section(
        "Hospital Board: no space",
        RuleStatus.MODELLED,
        ("patients.reject", "patients.admit_all"),
        "'If players place several patient cards at the same time, they can choose which to discard and which to place.'; a patient is rejected only when it does not fit: 'If a player has no spaces available when a patient is drawn'",
    ),
    Section(
        "Hospital Board: terminal patients",
        RuleStatus.READING,
        (
            "treatment.treat_terminal",
            "patients.arrive",
            "RH-TERMINAL-UPKEEP",
            "RH-TERMINAL-COST",
            "RH-TERMINAL-REWARD",
        ),
        "'draw from the deck in case it is a terminal patient (these do not require spaces)'",
    ),
    Section(
        "Game Setup 1-4",
        RuleStatus.READING,
        ("setup.initial_state", "RH-CREDIT-START"),
        "quality of care on 6; other counters on 0; production on 1; 21 congress doctors; no coins (setup hands out none)",
    ),
    Section(
        "Game Setup 5",
        RuleStatus.MODELLED,
        ("flow.chance",),
        "the starting player is a chance step (config first_player fixes it)",
    ),
    Section(
        "Game Setup 6",
        RuleStatus.READING,
        ("setup.initial_state", "RH-STARTING-CARD"),
        "the four starting cards' texts are not printed",
    ),
    Section(
        "Game Setup 8",
        RuleStatus.MODELLED,
        ("flow.keep", "flow.keep_rest"),
        "draw 10, keep 5; a hand is secret but its size is known (the model is perfect-information)",
    ),
    Section(
        "Hand secrecy",
        RuleStatus.LEFT_OUT,
        (),
        "the model is perfect-information for hands and drawn cards; only the patients' hidden healing sides are modelled as unresolved chance",
    ),
    Section(
        "Preparation Phase",
        RuleStatus.READING,
        ("flow.begin_round", "flow.produce", "RH-EXTRA-DRAWS"),
        "'as many cards as the sum of your staff and research production' extra, keep the round's number; both decks drawn before the keep decision",
    ),
    Section(
        "Action Phase",
        RuleStatus.READING,
        (
            "action_phase.play_card",
            "action_phase.activate",
            "action_phase.end_turn",
            "RH-ACTIVATE-SAME-ROUND",
            "RH-HEALED-COST",
        ),
        "one action per turn clockwise until all have passed",
    ),
    Section(
        "Action Phase 3: discard for credits",
        RuleStatus.MODELLED,
        ("action_phase.sell_card", "action_phase.sell_research"),
        "'it does not count as an action'; a congress doctor sells as research ('can be used by players as a staff or research resource')",
    ),
    Section(
        "Patient Treatment Phase",
        RuleStatus.READING,
        (
            "treatment.diagnose_paid",
            "treatment.diagnosed_as",
            "treatment.heal",
            "treatment.stage_cost",
            "RH-CRITICAL-COST",
            "RH-RESEARCH-IN-TREATMENT",
            "RH-DOCTOR-SUBSTITUTE",
            "RH-PARTIAL-PAYMENT",
        ),
        "payments spend the least flexible token first while tokens held are not scored (a dominance reduction; under RH-COMPARE-COUNTERS or RH-TIE-RESOURCES 'tokens' the player picks each token, see treatment.py); players treat in turn order, which is immaterial ('can be carried out simultaneously')",
    ),
    Section(
        "Cleanup: time tokens",
        RuleStatus.MODELLED,
        ("cleanup.add_time_tokens",),
        "undiagnosed patients and diagnosed ones except priority 4",
    ),
    Section(
        "Cleanup: check patients",
        RuleStatus.READING,
        (
            "cleanup.reveal_weights",
            "cleanup.revealed_as",
            "cleanup.dies",
            "cleanup.deaths",
            "RH-PRIORITY-3",
            "RH-CRITICAL-DEADLINE",
            "RH-TERMINAL-UPKEEP",
            "RH-TERMINAL-CARD",
        ),
        "undiagnosed patients with 2+ tokens are flipped (chance) and severe ones die; dead cards go on top of the deck (a terminal one's: RH-TERMINAL-CARD)",
    ),
    Section("Cleanup: resources", RuleStatus.READING, ("cleanup.deaths", "RH-RESOURCES-KEEP"), ""),
    Section("Cleanup: prestige scoring", RuleStatus.MODELLED, ("cleanup.score_prestige",), ""),
    Section(
        "End of round",
        RuleStatus.READING,
        ("flow.round_end", "RH-GAME-END"),
        "starting player passes clockwise",
    ),
    Section(
        "Patient Treatment Phase Example",
        RuleStatus.MODELLED,
        ("cards.EXAMPLE_PATIENTS",),
        "a test, step by step; its 'critical' last patient is read as severe (RH-CRITICAL-DEADLINE)",
    ),
    Section(
        "End Game Scoring",
        RuleStatus.READING,
        (
            "scoring.final_scores",
            "scoring.surpass_points",
            "RH-QOC-SCORING",
            "RH-INSURANCE-COUNTER",
            "RH-COMPARE-COUNTERS",
        ),
        "'surpass' is strictly more",
    ),
    Section(
        "End Game Scoring: tie-breakers",
        RuleStatus.READING,
        (
            "scoring.tie_key",
            "scoring.winners",
            "RH-TIE-PATIENTS",
            "RH-TIE-RESOURCES",
            "RH-TIE-CARD-VALUE",
            "RH-FINAL-TIE",
        ),
        "eight tie-breakers in the book's order",
    ),
    Section("Solo Mode", RuleStatus.READING, ("context.Ctx", "RH-SOLO"), "'Work in progress.'"),
    Section(
        "Summary of the Round", RuleStatus.MODELLED, ("flow.advance",), "the four phases in order"
    ),
)
