"""Which rulebook sections the HHH model implements, parameterises or leaves out, and why.

Each row: (section, status, where, note). ``where`` names the functions (``module.func``)
or ambiguity ids that carry the rule; a test checks that every named function exists and
has a docstring citing its rule. Status is one of ``modelled``, ``parameterised``
(numbers or cards the text does not print: a documented config value or stand-in),
``ambiguity`` (modelled under switchable readings), ``left-out`` (with the reason).

:data:`SETTLED` lists the choices the code makes where the book itself settles the
question: each quotes (verbatim, checked by ``tests/test_rule_quotes.py``) the sentence
that does, and says how the model reads it. They appear in :data:`RULES` as ``modelled``
rows whose note starts with ``settled:``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Settled:
    """A choice the rulebook settles: the sentence (verbatim) and how the model reads it."""

    section: str
    quote: str
    reading: str
    where: str


SETTLED: tuple[Settled, ...] = (
    Settled(
        "Hide The Bodies",
        "When a Patient dies, you must: A) Put the body somewhere and B) Lose money due to settlement costs.",
        "A before B: a death with no empty place is an arrest at once, and its settlement is never paid (formerly the non-ambiguity HHH-DEATH-ORDER, which only changed the reported reason of a loss that happens either way)",
        "board.die",
    ),
    Settled(
        "Money",
        "If you have exactly $0, keep playing but find a way to make some money quickly!",
        "$0 is not a loss; only less than $0 is",
        "board.pay",
    ),
    Settled(
        "Staff Index",
        "Lawyer: Reduce the amount of Money you lose by $2 for each Patient that dies.",
        "every settlement is $2 lower (never below $0)",
        "board.settlement",
    ),
    Settled(
        "Staff Index",
        "The Coroner makes the Coroner tombstone space available once hired. It can hold 1 dead Patient marker.",
        "one more place for a body, of any colour or a white marker",
        "board.body_capacity",
    ),
    Settled(
        "Patient Death",
        "All Patients on the critical side of a Treatment Room die (regardless of Illness level.",
        "step 1 kills every Critical Treatment Room patient, whatever its level",
        "patient_phase.start",
    ),
    Settled(
        "Patient Phase",
        "A patient in a Treatment room must be Healed (whether successful or not) each round at least once to avoid death in this manner.",
        "choosing the patient for a Heal moves it to the Treated side, before the draw, whatever the draw does",
        "heal.start",
    ),
    Settled(
        "Heal a Patient",
        "Choose any alive Patient that is not in a Waiting Room.",
        "Wards, Treatment Rooms and the Emergency Room; never a Waiting Room",
        "heal.targets",
    ),
    Settled(
        "Heal a Patient",
        "You may Heal the same Patient multiple times during the same round",
        "a patient stays a Heal target after being healed",
        "model.HHHModel.legal_actions",
    ),
    Settled(
        "Heal a Patient",
        "Ignore Ward Abilities when Healing Patients.",
        "Ward Abilities act only in Visit the Wards",
        "heal.settle patient_phase.visit",
    ),
    Settled(
        "Healing a Patient Example",
        "You decide to use Doctor Nowitz's ability to draw 2 more cubes.",
        "Nowitz's '+2 cube draws' is one voluntary bonus of 2 cubes, used after seeing the draw",
        "heal.bonuses_and_rebag",
    ),
    Settled(
        "Cube Drawing Bonuses",
        "After seeing the results of a bonus draw, you can then decide to use another bonus or not",
        "each bonus is a decision after the previous draw is seen",
        "heal.bonus",
    ),
    Settled(
        "Research",
        "Each marker is a permanent bonus that may be used once for each action that Doctor performs, if applicable.",
        "a Doctor's Training markers apply to every Heal of that Doctor, each once",
        "heal.bonuses_and_rebag",
    ),
    Settled(
        "Cubes",
        "choose up to 2 cubes - of any colors - that were drawn during this action",
        "re-bag any drawn cubes, black ones included, up to the allowance",
        "heal.rebag_choices",
    ),
    Settled(
        "Emergency Room",
        "do not add cubes if the patient gets worse",
        "a Heal that nets zero or fewer leaves an Emergency Room patient at 5 cubes",
        "heal.settle",
    ),
    Settled(
        "Transfer a Patient",
        "You cannot use the Transfer a Patient action to move patients to or from the Emergency Room, Morgue, or Cemetery.",
        "no Transfer involves the Emergency Room",
        "player_actions.transfers",
    ),
    Settled(
        "Staff Index",
        "Intern: Choose any 1 alive Patient - from any area",
        "Wards, Treatment Rooms, Waiting Rooms (a cube patient loses 3 cubes) and the Emergency Room (HHH-INTERN-ER)",
        "player_actions.intern_targets",
    ),
    Settled(
        "Hire Staff",
        "Otherwise, the Staff provides a 1-time effect: immediately perform it.",
        "the Intern's, Bureaucrat's and Manager's choices must be made (no way to skip them)",
        "player_actions.hire",
    ),
    Settled(
        "Staff Index",
        "Cat: Cats cannot be hired, but they are cute! (...and take up space!)",
        "a revealed Cat occupies a Staff space below the round track and is never hireable",
        "player_actions.hireable",
    ),
    Settled(
        "New Rooms",
        "You may only improve a New Room card that has already been added to the game board.",
        "the Bureaucrat improves a Basic room in play",
        "player_actions.improvable",
    ),
    Settled(
        "Staff Index",
        "This allows you to use one of its abilities again, but you must spend another Admin action token as normal.",
        "the Chaplain's flip itself is free; the ability then costs a token",
        "player_actions.can_chaplain",
    ),
    Settled(
        "Administrator Action",
        "but still require you to flip both the token and card",
        "a reaction needs the card face up and an Administrative token, and uses both",
        "heal.redraw_ok patient_phase.end_reaction_available",
    ),
    Settled(
        "Research",
        'You choose the benefit "Gain [green cube count] Training markers.", so you gain 3 Training markers to assign to various Doctors.',
        "a Training benefit gains exactly its count while markers remain, with no stopping early (HHH-RESEARCH-AMOUNT now asks this of the Replace benefit only)",
        "player_actions.optional_picks player_actions.after_pick",
    ),
    Settled(
        "Research",
        "face-up are only refilled after choosing all markers from that action",
        "the board room is refilled once, after the last marker of a Research benefit",
        "player_actions.finish_picks",
    ),
    Settled(
        "Setup",
        "One player takes 1 Administrator card (randomly or by mutual agreement, in addition to their Doctor card)",
        "player 0 holds it in round 1: in a cooperative game any holder gives the same game",
        "setup.initial_state",
    ),
    Settled(
        "Setup",
        "Place 1 random Staff marker face down on each Staff Space. Return the remaining 2 to the box without looking at them.",
        "a reveal draws from the markers not yet seen: the same law as dealing them at setup",
        "patient_phase.reveal_staff",
    ),
    Settled(
        "Setup",
        "Shuffle the 20 non-white Patient markers inside the cloth bag.",
        "20 coloured markers, read as 4 of each of the 5 colours (the text gives no per-colour count; the variant removes '1 fewer Patient marker of each color')",
        "config.HHHConfig",
    ),
    Settled(
        "Setup",
        "(cubes are only returned to the bag in this way during setup)",
        "setup's black cubes go back to the bag (no chain of 2 more); the rooms draw one after the other, each returning its cubes before the next draws",
        "setup.draw_waiting",
    ),
    Settled(
        "Emergency Room",
        "The only time a Patient may be moved to the Emergency Room is during the Patient Phase (New Patients Arrive).",
        "a 5-cube patient formed in setup never goes to the Emergency Room",
        "setup.draw_waiting",
    ),
    Settled(
        "Patients",
        "Each Patient is represented by 1 marker or a set of same-color cubes.",
        "the cubes of one colour in one Waiting Room are one patient",
        "patient_phase.arrive",
    ),
    Settled(
        "Quick Reference",
        "Discard excess cubes.",
        "arriving cubes with no matching free spot are discarded, never placed in the other Waiting Room",
        "patient_phase.arrive",
    ),
    Settled(
        "New Patients Arrive",
        "Place all drawn cubes in the chosen Waiting Room",
        "the players choose which Waiting Room draws next (a decision, ArriveAt)",
        "patient_phase.to_arrive patient_phase.choose_arrival_room",
    ),
    Settled(
        "New Patients Arrive",
        "If there is available space in the Emergency Room, immediately transfer the 5-cube patient there for free",
        "when one draw forms more 5-cube patients than the Emergency Room has spaces, the players choose who is admitted (AdmitToER); the others die",
        "patient_phase.settle_arrivals patient_phase.admit_to_er",
    ),
    Settled(
        "Visit the Wards",
        "In any order, activate each Ward, one at a time.",
        "the players choose the next Ward (a decision, VisitWard) while two or more Wards with patients are left (formerly the non-ambiguity HHH-WARD-ORDER)",
        "patient_phase.to_visit patient_phase.choose_ward",
    ),
    Settled(
        "Visit the Wards",
        "Draw 1 cube for each Patient in that Ward, one Patient at a time.",
        "lowest level first; the draws are exchangeable, so the order changes no odds",
        "patient_phase.visit",
    ),
    Settled(
        "New Rooms",
        "During each Patient Phase, you install 1 new New Room card.",
        "installing is not optional while a card may be placed (HHH-ROOM-CAP)",
        "rooms.installable",
    ),
    Settled(
        "New Rooms",
        "Any Patients on it are transferred to the improved side.",
        "an improved Treatment Room keeps its patient and side",
        "rooms.improve_room",
    ),
    Settled(
        "Blood Bank",
        "Draw 1 replacement cube for each black cube that is drawn and return the black cube to the bag.",
        "the same law as drawing the cubes from the non-black cubes of the bag (HHH-BB-BLACK-ONLY when none is left)",
        "rooms.fill_blood_bank draws._no_black",
    ),
    Settled(
        "Key Concepts",
        "black cubes force you to discard the black cube and draw 2 more cubes instead. This will repeat if more black cubes are drawn.",
        "drawing cube by cube or in batches of 2 per black gives the same law (the cubes still owed fall by 1 per colour cube, rise by 1 per black)",
        "draws._chain",
    ),
    Settled(
        "Components",
        "return all black cubes to the bag.",
        "every black cube outside the bag is in the discard pile, so those are the ones returned",
        "patient_phase.return_blacks",
    ),
    Settled(
        "Victory and Defeat",
        "$0-19: Regrettable. ... $20+: Inconsequential.",
        "the brackets form a ladder ($0-19 ends where $20+ begins): the highest bracket reached names the rating",
        "model.rating",
    ),
)


def _settled_rows() -> tuple[tuple[str, str, str, str], ...]:
    return tuple(
        (s.section, "modelled", s.where, f'settled: "{s.quote}" -- {s.reading}') for s in SETTLED
    )


_SECTIONS: tuple[tuple[str, str, str, str], ...] = (
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
        "printed counts are config defaults (tested as facts: facts.FACTS); board sizes are documented parameters",
    ),
    (
        "Components: Training marker kinds",
        "parameterised",
        "config.HHHConfig heal.bonuses_and_rebag HHH-TRAINING-COUNT",
        "the kinds are not printed: 2 bonus-draw markers per colour + 8 Re-bag (the example's Psychiatric and Re-bag markers); a colour's marker helps when healing that colour",
    ),
    (
        "Components: New Room cards",
        "parameterised",
        "config.HHHConfig HHH-MORGUE",
        "14 cards, 7 described (5 Treatment Rooms, Emergency Room, Blood Bank); rooms_in_deck lists the cards in play",
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
        "token texts are not printed (8 tokens, 5 Wards: which one lies where does not matter while none has an effect)",
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
        "ambiguity",
        "draws.ExactDraws heal.settle HHH-DRAW-EXHAUSTED HHH-BB-BLACK-ONLY",
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
        "board.die HHH-WHITE-OUT HHH-MORGUE",
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
        "ambiguity",
        "heal.start heal.settle heal.draw_count HHH-REBAG-AFTER-HEAL",
        "draw, bonuses, black subtracts, cure/death, re-bag, pay",
    ),
    ("Cube Drawing Bonuses", "modelled", "heal.bonus", "one bonus at a time after seeing results"),
    (
        "Doctor Abilities",
        "ambiguity",
        "heal.bonuses_and_rebag heal.doctor_rebag HHH-REBAG-AFTER-HEAL",
        "once per action",
    ),
    (
        "Transfer a Patient",
        "ambiguity",
        "player_actions.transfers player_actions.transfer HHH-TRANSFER-WR-DEST HHH-TR-TO-WARD-5",
        "",
    ),
    (
        "Hire Staff",
        "ambiguity",
        "player_actions.hireable player_actions.hire HHH-UNAFFORDABLE HHH-STAFF-HIREABLE",
        "",
    ),
    (
        "Hire Staff: Office spaces",
        "parameterised",
        "player_actions.hireable config.HHHConfig",
        "'Place it in the Office, on an empty Staff space': the Office is not in the text; office_spaces=10 lets every hireable marker fit",
    ),
    (
        "Research",
        "ambiguity",
        "player_actions.research player_actions.benefits player_actions.choose_benefit HHH-RESEARCH-DECK HHH-RESEARCH-ZERO HHH-RESEARCH-AMOUNT HHH-RESEARCH-DECLINE",
        "the printed card exactly; the other 19 per the reading; the Replace benefit's count (not printed) is the cubes of its colour",
    ),
    (
        "Training markers",
        "ambiguity",
        "player_actions.take_training player_actions.nurse_training HHH-TRAINING-BONUS HHH-NURSE-REFILL",
        "bonus-draw and Re-bag markers",
    ),
    (
        "Administrator Action",
        "ambiguity",
        "heal.redraw patient_phase.return_blacks HHH-END-REACTION HHH-END-REACTION-LAST-ROUND HHH-REACTION-TIMING HHH-BB-RESTOCK-FLIP",
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
        "patient_phase.arrive patient_phase.settle_arrivals",
        "the players choose the Waiting Room order; 5-cube patient to the ER or death",
    ),
    (
        "Patient Phase 5: Visit the Wards",
        "ambiguity",
        "patient_phase.visit patient_phase.to_visit HHH-VISIT-CUBES HHH-WARD-ABILITY",
        "the players choose the Ward order",
    ),
    (
        "Patient Phase 6: Housekeeping",
        "ambiguity",
        "patient_phase.housekeeping patient_phase.reveal_staff HHH-STAFF-HIREABLE",
        "",
    ),
    (
        "Victory and Defeat: ratings",
        "ambiguity",
        "model.rating model.rated_money HHH-RATING-BASIS",
        "$0-19 ... $80+",
    ),
    (
        "Variants (all seven)",
        "ambiguity",
        "config.HHHConfig HHH-NO-ADMIN-TOKENS HHH-EMPTY-BEDS-VARIANT HHH-FEWER-MARKERS",
        "variant_* flags",
    ),
    (
        "Staff Index",
        "ambiguity",
        "player_actions.hire player_actions.intern board.settlement HHH-COO-TIMING HHH-INTERN-ER HHH-INTERN-TREATMENT HHH-CHAPLAIN-TIMING",
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
        "rooms.fill_blood_bank player_actions.restock_blood HHH-BB-RESTOCK-FLIP HHH-BB-REBAG HHH-BB-BLACK-ONLY",
        "",
    ),
)

RULES: tuple[tuple[str, str, str, str], ...] = _SECTIONS + _settled_rows()
