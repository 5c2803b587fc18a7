"""What Dice Hospital's readings promise, as checks (``hhh_verify.promises``).

Every option of every ambiguity has a promise written from its words: a check of one
step of the model (the position before, the action, the position after) or of a
finished game. The checks live by phase in ``promise_admission``,
``promise_activation`` and ``promise_scoring``, over the step readers of
``promise_steps``; options that mean something only with one seat, two seats or a
variant say so in ``applies``.
"""

from __future__ import annotations

from typing import Any

from hhh_verify.promises import Promise, PromiseBook

from . import promise_activation as act
from . import promise_admission as adm
from . import promise_scoring as sc


def _solo(model: Any) -> bool:
    return bool(model.config.players == 1)


def _rivals(model: Any) -> bool:
    return bool(model.config.players > 1)


def _two(model: Any) -> bool:
    return bool(model.config.players == 2)


def _superbug(model: Any) -> bool:
    return bool(model.config.variant_superbug)


def _epidemic(model: Any) -> bool:
    return bool(model.config.variant_epidemic)


def _crisis(model: Any) -> bool:
    return bool(model.config.variant_crisis)


P = Promise
BOOK = PromiseBook(
    promises=(
        P("DH-SOLO", "no-solo", "every game has at least two hospitals", step=adm.rivals),
        P(
            "DH-SOLO",
            "free-pick",
            "alone, ambulance 1 is never barred and the ambulance taken gives a blood bag",
            step=adm.solo(barred=False),
            applies=_solo,
        ),
        P(
            "DH-SOLO",
            "first-player-bar",
            "alone, ambulance 1 is always barred and the ambulance taken gives a blood bag",
            step=adm.solo(barred=True),
            applies=_solo,
        ),
        P(
            "DH-AMBULANCE-COUNT",
            "players-plus-one",
            "the dice go into one ambulance more than there are players",
            step=adm.ambulance_count(per_player=False),
        ),
        P(
            "DH-AMBULANCE-COUNT",
            "players",
            "the dice go into one ambulance per player",
            step=adm.ambulance_count(per_player=True),
            applies=_rivals,
        ),
        P(
            "DH-AMBULANCE-VALUE",
            "number",
            "the taker of the lowest-numbered ambulance gets the blood bag and is first "
            "player next; the draft goes by ambulance number",
            step=adm.ambulance_value("number"),
        ),
        P(
            "DH-AMBULANCE-VALUE",
            "pip-sum",
            "every taker tied on the lowest dice total gets a blood bag, the lowest-numbered "
            "of them is first player next; the draft goes by total, then number",
            step=adm.ambulance_value("pip-sum"),
        ),
        P(
            "DH-AMBULANCE-VALUE",
            "number-one",
            "only the taker of ambulance 1 gets the blood bag and the first-player token; "
            "nobody took it: no bag, the first player stays",
            step=adm.ambulance_value("number-one"),
        ),
        P(
            "DH-EXTRA-REVEAL",
            "admission-once",
            "the extra reveal is offered at the start of admission only",
            step=adm.extra_reveal(at_admission=True, at_expansion=False),
            applies=_two,
        ),
        P(
            "DH-EXTRA-REVEAL",
            "expansion-once",
            "the extra reveal is offered at the start of the expansion only",
            step=adm.extra_reveal(at_admission=False, at_expansion=True),
            applies=_two,
        ),
        P(
            "DH-EXTRA-REVEAL",
            "twice",
            "the extra reveal is offered at the start of admission and of the expansion",
            step=adm.extra_reveal(at_admission=True, at_expansion=True),
            applies=_two,
        ),
        P(
            "DH-CAPACITY",
            "board-limit",
            "no hospital holds more than `capacity` patients",
            step=adm.board_limit,
        ),
        P(
            "DH-CAPACITY",
            "unlimited",
            "admission never sends a patient to the mortuary",
            step=adm.unlimited,
        ),
        P(
            "DH-EVICT-WHO",
            "player-chooses",
            "just enough patients go to the mortuary to make room, picked by the player "
            "when there is a choice",
            step=adm.evict_who("player-chooses"),
        ),
        P(
            "DH-EVICT-WHO",
            "sickest-first",
            "just enough patients go to the mortuary to make room, the lowest health first",
            step=adm.evict_who("sickest-first"),
        ),
        P(
            "DH-EVICT-WHO",
            "all-current",
            "when room is short, every patient already there goes to the mortuary",
            step=adm.evict_who("all-current"),
        ),
        P(
            "DH-MORTUARY-DICE",
            "stay",
            "no die ever leaves a mortuary (but to a short draw, DH-SUPPLY-SHORT)",
            step=sc.mortuary(returns=False),
        ),
        P(
            "DH-MORTUARY-DICE",
            "return",
            "the staff change empties every mortuary; the mortality tokens stay",
            step=sc.mortuary(returns=True),
        ),
        P(
            "DH-SUPPLY-SHORT",
            "fill-in-order",
            "the draw takes what the bag holds, up to what the ambulances need; no "
            "mortuary die moves",
            step=adm.supply_short(recycle=False),
        ),
        P(
            "DH-SUPPLY-SHORT",
            "recycle-mortuary",
            "a bag too short for the ambulances first takes back every mortuary die "
            "(tokens stay), then the draw takes what it needs",
            step=adm.supply_short(recycle=True),
        ),
        P(
            "DH-EXPANSION-DISCARD",
            "instead-of-taking",
            "a draft turn takes a revealed tile or trades one for a blood bag, and the "
            "trade is offered",
            step=act.expansion_discard("instead-of-taking"),
        ),
        P(
            "DH-EXPANSION-DISCARD",
            "owned-tile",
            "a draft turn takes a tile, then the same player may give up one owned tile "
            "for a blood bag",
            step=act.expansion_discard("owned-tile"),
        ),
        P(
            "DH-EXPANSION-DISCARD",
            "same-permission",
            "a draft turn takes a tile and nothing else",
            step=act.expansion_discard("same-permission"),
        ),
        P(
            "DH-PAST-6",
            "discharge",
            "a ward's steps count one by one: a patient the steps carry past 6 is discharged",
            step=act.past_6,
        ),
        P(
            "DH-PAST-6",
            "stop-at-6",
            "a ward's heal stops at 6: only a patient already at 6 is discharged",
            step=act.past_6,
        ),
        P(
            "DH-OVER-12",
            "five-each",
            "a round's discharges score the table, 5 for each after the 12th",
            step=sc.over_12("five-each"),
        ),
        P(
            "DH-OVER-12",
            "rising",
            "a round's discharges score the table, then 6 each for the 13th-14th, 7 for "
            "the 15th-16th, ...",
            step=sc.over_12("rising"),
        ),
        P(
            "DH-OVER-12",
            "nothing",
            "a round's discharges score the table, nothing after the 12th",
            step=sc.over_12("nothing"),
        ),
        P(
            "DH-EMPTY-HOSPITAL",
            "discharged-and-empty",
            "the 5 points go to a hospital empty after neglect that discharged someone "
            "this round, to no other",
            step=sc.empty_hospital("discharged-and-empty"),
        ),
        P(
            "DH-EMPTY-HOSPITAL",
            "any-empty",
            "the 5 points go to every hospital empty after neglect, to no other",
            step=sc.empty_hospital("any-empty"),
        ),
        P(
            "DH-EMPTY-HOSPITAL",
            "all-discharged",
            "the 5 points go to a hospital empty after discharges where nobody went to the "
            "mortuary this round, to no other",
            step=sc.empty_hospital("all-discharged"),
        ),
        P(
            "DH-SUPERBUG-2",
            "dies",
            "with the superbug, every neglected patient at health 1 or 2 dies",
            step=sc.superbug_2(dies=True),
            applies=_superbug,
        ),
        P(
            "DH-SUPERBUG-2",
            "floor-1",
            "with the superbug, only neglected patients at health 1 die",
            step=sc.superbug_2(dies=False),
            applies=_superbug,
        ),
        P(
            "DH-BLOOD-TREATED",
            "marks-treated",
            "a blood bag heals one step and marks the patient treated",
            step=act.blood_heal(marks=True),
        ),
        P(
            "DH-BLOOD-TREATED",
            "no-mark",
            "a blood bag heals one step and leaves the patient's mark as it was",
            step=act.blood_heal(marks=False),
        ),
        P(
            "DH-RECOLOUR",
            "one-activation",
            "a blood bag's colour is gone once the next ward activation ends",
            step=act.recolour(whole_round=False),
        ),
        P(
            "DH-RECOLOUR",
            "round",
            "no ward activation takes a blood bag's colour away",
            step=act.recolour(whole_round=True),
        ),
        P(
            "DH-SPECIALIST-OPTIONAL",
            "mandatory",
            "a specialist's effect with a target is always resolved, never declined",
            step=act.specialist_effect(optional=False),
        ),
        P(
            "DH-SPECIALIST-OPTIONAL",
            "optional",
            "a specialist's effect with a target is the player's choice, declining included",
            step=act.specialist_effect(optional=True),
        ),
        P(
            "DH-EPIDEMIC-ROLL",
            "two-to-five",
            "the epidemic die shows 2, 3, 4 or 5",
            step=adm.epidemic_faces((2, 3, 4, 5)),
            applies=_epidemic,
        ),
        P(
            "DH-EPIDEMIC-ROLL",
            "plain-d6",
            "the epidemic die shows any of 1 to 6",
            step=adm.epidemic_faces((1, 2, 3, 4, 5, 6)),
            applies=_epidemic,
        ),
        P(
            "DH-CRISIS-COLOURS",
            "choose",
            "no crisis patient is drawn at random; a hand of any one colour the supply "
            "holds is offered",
            step=adm.crisis_choose,
            applies=_crisis,
        ),
        P(
            "DH-CRISIS-COLOURS",
            "random",
            "each player's crisis patients have the colours of the dice drawn for them",
            step=adm.crisis_random,
            applies=_crisis,
        ),
        P(
            "DH-TIE-REMAINS",
            "shared",
            "every seat tied on points, patients and pips wins",
            final=sc.tie_remains(shared=True),
        ),
        P(
            "DH-TIE-REMAINS",
            "turn-order",
            "of the seats tied on points, patients and pips, the earliest in the last "
            "round's turn order wins alone",
            final=sc.tie_remains(shared=False),
        ),
        P(
            "DH-FINAL-TOKENS",
            "per-token",
            "the end of the game gives +1 per blood bag and -2 per mortality token",
            step=sc.final_tokens("per-token"),
        ),
        P(
            "DH-FINAL-TOKENS",
            "once",
            "the end of the game gives +1 for any blood bag and -2 for any mortality token",
            step=sc.final_tokens("once"),
        ),
        P(
            "DH-FINAL-TOKENS",
            "bag-once",
            "the end of the game gives +1 for any blood bag and -2 per mortality token",
            step=sc.final_tokens("bag-once"),
        ),
        P(
            "DH-ARRIVAL-NEGLECT",
            "neglected",
            "arriving patients come in untreated, like any patient not yet treated",
            step=adm.arrival_mark(exempt=False),
        ),
        P(
            "DH-ARRIVAL-NEGLECT",
            "arrivals-exempt",
            "every arriving patient (ambulance and epidemic die) comes in treated this round",
            step=adm.arrival_mark(exempt=True),
        ),
        P(
            "DH-PLACEMENT-OPTIONAL",
            "optional",
            "a player can always end the activation",
            step=act.placement(every_meeple=False),
        ),
        P(
            "DH-PLACEMENT-OPTIONAL",
            "every-meeple",
            "the activation ends only when no meeple can be placed",
            step=act.placement(every_meeple=True),
        ),
        P(
            "DH-AMBULANCE-FILL",
            "lowest-first",
            "ambulance 1 holds the lowest dice, ambulance 2 the next ones, and so on",
            step=adm.ambulance_fill(dealt=False),
        ),
        P(
            "DH-AMBULANCE-FILL",
            "dealt",
            "the dice are dealt lowest first: ambulance j holds the j-th, (n+j)-th, ... lowest",
            step=adm.ambulance_fill(dealt=True),
        ),
        P(
            "DH-LAST-PLAYER",
            "last-this-round",
            "tied dice are placed by the seat before this round's first player",
            step=adm.last_player(this_round=True),
        ),
        P(
            "DH-LAST-PLAYER",
            "last-seat",
            "tied dice are always placed by the last seat from the game's first player",
            step=adm.last_player(this_round=False),
        ),
    ),
    reasons=(),
    pairs=(
        # both read the discharge score of a round's close
        ("DH-OVER-12=rising", "DH-EMPTY-HOSPITAL=any-empty"),
        # both change whether a patient leaves at neglect and what the close scores
        ("DH-EMPTY-HOSPITAL=all-discharged", "DH-ARRIVAL-NEGLECT=arrivals-exempt"),
        # both read the end-of-game step's points
        ("DH-FINAL-TOKENS=once", "DH-EMPTY-HOSPITAL=any-empty"),
        # both read the ambulances' value and who takes which
        ("DH-AMBULANCE-VALUE=pip-sum", "DH-AMBULANCE-FILL=dealt"),
        ("DH-AMBULANCE-VALUE=number-one", "DH-AMBULANCE-COUNT=players"),
        # both move dice between the mortuary and the bag
        ("DH-MORTUARY-DICE=return", "DH-SUPPLY-SHORT=recycle-mortuary"),
        # both change how far a heal goes and what a specialist then reaches
        ("DH-PAST-6=stop-at-6", "DH-SPECIALIST-OPTIONAL=optional"),
        # both read the treated mark at neglect
        ("DH-BLOOD-TREATED=no-mark", "DH-ARRIVAL-NEGLECT=arrivals-exempt"),
        # both change which placements and effects end an activation
        ("DH-PLACEMENT-OPTIONAL=every-meeple", "DH-SPECIALIST-OPTIONAL=optional"),
        # both decide who goes to the mortuary at admission
        ("DH-EVICT-WHO=all-current", "DH-CAPACITY=unlimited"),
    ),
)
