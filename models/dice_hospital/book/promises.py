"""What Dice Hospital's readings promise, as checks (``hhh_verify.contract.promises``).

Every option of every ambiguity has a promise written from its words: a check of one
step of the model (the position before, the action, the position after) or of a
finished game. The checks live by phase in ``promise_admission``,
``promise_activation`` and ``promise_scoring``, over the step readers of
``promise_steps``; options that mean something only with one seat, two seats or a
variant say so in ``applies``.
"""

from __future__ import annotations

from hhh_verify.contract.promises import Promise, PromiseBook

from ..rules import readings as R
from ..rules.model import DHModel
from . import promise_activation, promise_admission, promise_scoring


def _solo(model: DHModel) -> bool:
    return bool(model.config.players == 1)


def _rivals(model: DHModel) -> bool:
    return bool(model.config.players > 1)


def _two(model: DHModel) -> bool:
    return bool(model.config.players == 2)


def _superbug(model: DHModel) -> bool:
    return bool(model.config.variant_superbug)


def _epidemic(model: DHModel) -> bool:
    return bool(model.config.variant_epidemic)


def _crisis(model: DHModel) -> bool:
    return bool(model.config.variant_crisis)


P = Promise.of
BOOK = PromiseBook(
    promises=(
        P(R.SOLO.NO_SOLO, "every game has at least two hospitals", step=promise_admission.rivals),
        P(
            R.SOLO.FREE_PICK,
            "alone, ambulance 1 is never barred and the ambulance taken gives a blood bag",
            step=promise_admission.solo(barred=False),
            applies=_solo,
        ),
        P(
            R.SOLO.FIRST_PLAYER_BAR,
            "alone, ambulance 1 is always barred and the ambulance taken gives a blood bag",
            step=promise_admission.solo(barred=True),
            applies=_solo,
        ),
        P(
            R.AMBULANCE_COUNT.PLAYERS_PLUS_ONE,
            "the dice go into one ambulance more than there are players",
            step=promise_admission.ambulance_count(per_player=False),
        ),
        P(
            R.AMBULANCE_COUNT.PLAYERS,
            "the dice go into one ambulance per player",
            step=promise_admission.ambulance_count(per_player=True),
            applies=_rivals,
        ),
        P(
            R.AMBULANCE_VALUE.NUMBER,
            "the taker of the lowest-numbered ambulance gets the blood bag and is first "
            "player next; the draft goes by ambulance number",
            step=promise_admission.ambulance_value(R.AMBULANCE_VALUE.NUMBER),
        ),
        P(
            R.AMBULANCE_VALUE.PIP_SUM,
            "every taker tied on the lowest dice total gets a blood bag, the lowest-numbered "
            "of them is first player next; the draft goes by total, then number",
            step=promise_admission.ambulance_value(R.AMBULANCE_VALUE.PIP_SUM),
        ),
        P(
            R.AMBULANCE_VALUE.NUMBER_ONE,
            "only the taker of ambulance 1 gets the blood bag and the first-player token; "
            "nobody took it: no bag, the first player stays (alone, the DH-SOLO reading's "
            "bag every round governs)",
            step=promise_admission.ambulance_value(R.AMBULANCE_VALUE.NUMBER_ONE),
            applies=_rivals,
        ),
        P(
            R.EXTRA_REVEAL.ADMISSION_ONCE,
            "the extra reveal is offered at the start of admission only",
            step=promise_admission.extra_reveal(at_admission=True, at_expansion=False),
            applies=_two,
        ),
        P(
            R.EXTRA_REVEAL.EXPANSION_ONCE,
            "the extra reveal is offered at the start of the expansion only",
            step=promise_admission.extra_reveal(at_admission=False, at_expansion=True),
            applies=_two,
        ),
        P(
            R.EXTRA_REVEAL.TWICE,
            "the extra reveal is offered at the start of admission and of the expansion",
            step=promise_admission.extra_reveal(at_admission=True, at_expansion=True),
            applies=_two,
        ),
        P(
            R.CAPACITY.BOARD_LIMIT,
            "no hospital holds more than `capacity` patients",
            step=promise_admission.board_limit,
        ),
        P(
            R.CAPACITY.UNLIMITED,
            "admission never sends a patient to the mortuary",
            step=promise_admission.unlimited,
        ),
        P(
            R.EVICT_WHO.PLAYER_CHOOSES,
            "just enough patients go to the mortuary to make room, picked by the player "
            "when there is a choice",
            step=promise_admission.evict_who(R.EVICT_WHO.PLAYER_CHOOSES),
        ),
        P(
            R.EVICT_WHO.SICKEST_FIRST,
            "just enough patients go to the mortuary to make room, the lowest health first",
            step=promise_admission.evict_who(R.EVICT_WHO.SICKEST_FIRST),
        ),
        P(
            R.EVICT_WHO.ALL_CURRENT,
            "when room is short, every patient already there goes to the mortuary",
            step=promise_admission.evict_who(R.EVICT_WHO.ALL_CURRENT),
        ),
        P(
            R.MORTUARY_DICE.STAY,
            "no die ever leaves a mortuary (but to a short draw, DH-SUPPLY-SHORT)",
            step=promise_scoring.mortuary(returns=False),
        ),
        P(
            R.MORTUARY_DICE.RETURN,
            "the staff change empties every mortuary; the mortality tokens stay",
            step=promise_scoring.mortuary(returns=True),
        ),
        P(
            R.SUPPLY_SHORT.FILL_IN_ORDER,
            "the draw takes what the bag holds, up to what the ambulances need; no "
            "mortuary die moves",
            step=promise_admission.supply_short(recycle=False),
        ),
        P(
            R.SUPPLY_SHORT.RECYCLE_MORTUARY,
            "a bag too short for the ambulances first takes back every mortuary die "
            "(tokens stay), then the draw takes what it needs",
            step=promise_admission.supply_short(recycle=True),
        ),
        P(
            R.EXPANSION_DISCARD.INSTEAD_OF_TAKING,
            "a draft turn takes a revealed tile or trades one for a blood bag, and the "
            "trade is offered",
            step=promise_activation.expansion_discard(R.EXPANSION_DISCARD.INSTEAD_OF_TAKING),
        ),
        P(
            R.EXPANSION_DISCARD.OWNED_TILE,
            "a draft turn takes a tile, then the same player may give up one owned tile "
            "for a blood bag",
            step=promise_activation.expansion_discard(R.EXPANSION_DISCARD.OWNED_TILE),
        ),
        P(
            R.EXPANSION_DISCARD.SAME_PERMISSION,
            "a draft turn takes a tile and nothing else",
            step=promise_activation.expansion_discard(R.EXPANSION_DISCARD.SAME_PERMISSION),
        ),
        P(
            R.PAST_6.DISCHARGE,
            "a ward's steps count one by one: a patient the steps carry past 6 is discharged",
            step=promise_activation.past_6,
        ),
        P(
            R.PAST_6.STOP_AT_6,
            "a ward's heal stops at 6: only a patient already at 6 is discharged",
            step=promise_activation.past_6,
        ),
        P(
            R.OVER_12.FIVE_EACH,
            "a round's discharges score the table, 5 for each after the 12th",
            step=promise_scoring.over_12(R.OVER_12.FIVE_EACH),
        ),
        P(
            R.OVER_12.RISING,
            "a round's discharges score the table, then 6 each for the 13th-14th, 7 for "
            "the 15th-16th, ...",
            step=promise_scoring.over_12(R.OVER_12.RISING),
        ),
        P(
            R.OVER_12.NOTHING,
            "a round's discharges score the table, nothing after the 12th",
            step=promise_scoring.over_12(R.OVER_12.NOTHING),
        ),
        P(
            R.EMPTY_HOSPITAL.DISCHARGED_AND_EMPTY,
            "the 5 points go to a hospital empty after neglect that discharged someone "
            "this round, to no other",
            step=promise_scoring.empty_hospital(R.EMPTY_HOSPITAL.DISCHARGED_AND_EMPTY),
        ),
        P(
            R.EMPTY_HOSPITAL.ANY_EMPTY,
            "the 5 points go to every hospital empty after neglect, to no other",
            step=promise_scoring.empty_hospital(R.EMPTY_HOSPITAL.ANY_EMPTY),
        ),
        P(
            R.EMPTY_HOSPITAL.ALL_DISCHARGED,
            "the 5 points go to a hospital empty after discharges where nobody went to the "
            "mortuary this round, to no other",
            step=promise_scoring.empty_hospital(R.EMPTY_HOSPITAL.ALL_DISCHARGED),
        ),
        P(
            R.SUPERBUG_2.DIES,
            "with the superbug, every neglected patient at health 1 or 2 dies",
            step=promise_scoring.superbug_2(dies=True),
            applies=_superbug,
        ),
        P(
            R.SUPERBUG_2.FLOOR_1,
            "with the superbug, only neglected patients at health 1 die",
            step=promise_scoring.superbug_2(dies=False),
            applies=_superbug,
        ),
        P(
            R.BLOOD_TREATED.MARKS_TREATED,
            "a blood bag heals one step and marks the patient treated",
            step=promise_activation.blood_heal(marks=True),
        ),
        P(
            R.BLOOD_TREATED.NO_MARK,
            "a blood bag heals one step and leaves the patient's mark as it was",
            step=promise_activation.blood_heal(marks=False),
        ),
        P(
            R.RECOLOUR.ONE_ACTIVATION,
            "a blood bag's colour is gone once the next ward activation ends",
            step=promise_activation.recolour(whole_round=False),
        ),
        P(
            R.RECOLOUR.ROUND,
            "no ward activation takes a blood bag's colour away",
            step=promise_activation.recolour(whole_round=True),
        ),
        P(
            R.SPECIALIST_OPTIONAL.MANDATORY,
            "a specialist's effect with a target is always resolved, never declined",
            step=promise_activation.specialist_effect(optional=False),
        ),
        P(
            R.SPECIALIST_OPTIONAL.OPTIONAL,
            "a specialist's effect with a target is the player's choice, declining included",
            step=promise_activation.specialist_effect(optional=True),
        ),
        P(
            R.EPIDEMIC_ROLL.TWO_TO_FIVE,
            "the epidemic die shows 2, 3, 4 or 5",
            step=promise_admission.epidemic_faces((2, 3, 4, 5)),
            applies=_epidemic,
        ),
        P(
            R.EPIDEMIC_ROLL.PLAIN_D6,
            "the epidemic die shows any of 1 to 6",
            step=promise_admission.epidemic_faces((1, 2, 3, 4, 5, 6)),
            applies=_epidemic,
        ),
        P(
            R.CRISIS_COLOURS.CHOOSE,
            "no crisis patient is drawn at random; a hand of any one colour the supply "
            "holds is offered",
            step=promise_admission.crisis_choose,
            applies=_crisis,
        ),
        P(
            R.CRISIS_COLOURS.RANDOM,
            "each player's crisis patients have the colours of the dice drawn for them",
            step=promise_admission.crisis_random,
            applies=_crisis,
        ),
        P(
            R.TIE_REMAINS.SHARED,
            "every seat tied on points, patients and pips wins",
            final=promise_scoring.tie_remains(shared=True),
        ),
        P(
            R.TIE_REMAINS.TURN_ORDER,
            "of the seats tied on points, patients and pips, the earliest in the last "
            "round's turn order wins alone",
            final=promise_scoring.tie_remains(shared=False),
        ),
        P(
            R.FINAL_TOKENS.PER_TOKEN,
            "the end of the game gives +1 per blood bag and -2 per mortality token",
            step=promise_scoring.final_tokens(R.FINAL_TOKENS.PER_TOKEN),
        ),
        P(
            R.FINAL_TOKENS.ONCE,
            "the end of the game gives +1 for any blood bag and -2 for any mortality token",
            step=promise_scoring.final_tokens(R.FINAL_TOKENS.ONCE),
        ),
        P(
            R.FINAL_TOKENS.BAG_ONCE,
            "the end of the game gives +1 for any blood bag and -2 per mortality token",
            step=promise_scoring.final_tokens(R.FINAL_TOKENS.BAG_ONCE),
        ),
        P(
            R.ARRIVAL_NEGLECT.NEGLECTED,
            "arriving patients come in untreated, like any patient not yet treated",
            step=promise_admission.arrival_mark(exempt=False),
        ),
        P(
            R.ARRIVAL_NEGLECT.ARRIVALS_EXEMPT,
            "every arriving patient (ambulance and epidemic die) comes in treated this round",
            step=promise_admission.arrival_mark(exempt=True),
        ),
        P(
            R.PLACEMENT_OPTIONAL.OPTIONAL,
            "a player can always end the activation",
            step=promise_activation.placement(every_meeple=False),
        ),
        P(
            R.PLACEMENT_OPTIONAL.EVERY_MEEPLE,
            "the activation ends only when no meeple can be placed",
            step=promise_activation.placement(every_meeple=True),
        ),
        P(
            R.AMBULANCE_FILL.LOWEST_FIRST,
            "ambulance 1 holds the lowest dice, ambulance 2 the next ones, and so on",
            step=promise_admission.ambulance_fill(dealt=False),
        ),
        P(
            R.AMBULANCE_FILL.DEALT,
            "the dice are dealt lowest first: ambulance j holds the j-th, (n+j)-th, ... lowest",
            step=promise_admission.ambulance_fill(dealt=True),
        ),
        P(
            R.LAST_PLAYER.LAST_THIS_ROUND,
            "tied dice are placed by the seat before this round's first player",
            step=promise_admission.last_player(this_round=True),
        ),
        P(
            R.LAST_PLAYER.LAST_SEAT,
            "tied dice are always placed by the last seat from the game's first player",
            step=promise_admission.last_player(this_round=False),
        ),
        P(
            R.NURSE_MOVES.ONCE,
            "a nurse is offered only while one is not yet placed this round",
            step=promise_activation.nurse_moves(again=False),
        ),
        P(
            R.NURSE_MOVES.AGAIN,
            "with a free ward and a patient, a player with nurses is always offered one",
            step=promise_activation.nurse_moves(again=True),
        ),
        P(
            R.GROUP_SIX.COUNTS,
            "a group ward is offered every exact group, patients at 6 among them",
            step=promise_activation.group_six(excluded=False),
        ),
        P(
            R.GROUP_SIX.EXCLUDED,
            "a group ward is offered every exact group of patients below 6, none with a 6",
            step=promise_activation.group_six(excluded=True),
        ),
        P(
            R.NEW_TILE.THIS_ROUND,
            "a tile taken in the draft is one more of its kind usable in this round's activation",
            step=promise_activation.new_tile(waits=False),
        ),
        P(
            R.NEW_TILE.NEXT_ROUND,
            "a tile taken in the draft leaves the copies usable this round as they were",
            step=promise_activation.new_tile(waits=True),
        ),
        P(
            R.UNTAKEN_DICE.TO_BAG,
            "the dice of an untaken ambulance go back to the bag when the picks end",
            step=promise_admission.untaken_dice(stay=False),
        ),
        P(
            R.UNTAKEN_DICE.STAY,
            "the dice of an untaken ambulance are kept, rolled, for the next round's ambulances",
            step=promise_admission.untaken_dice(stay=True),
        ),
        P(
            R.LOUNGE.OUT,
            "a board left empty by the round's discharges is an empty hospital",
            step=promise_scoring.lounge(in_hospital=False),
        ),
        P(
            R.LOUNGE.IN_HOSPITAL,
            "a round with a discharge never leaves the hospital empty",
            step=promise_scoring.lounge(in_hospital=True),
        ),
    ),
    reasons=(),
)
