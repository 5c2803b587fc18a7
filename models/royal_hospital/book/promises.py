"""What Royal Hospital's readings promise, as checks (``hhh_verify.contract.promises``).

Each check looks at one step of the model (the position before, the action, the position
after) or a finished game, and says what the option's words would forbid: the congress
doctors' here, the rules' in ``promise_rules``, the scoring's in ``promise_scoring``.
A promise that can only differ where a preset has the cards for it says so (``applies``),
so the sweep names it instead of passing it silently."""

from __future__ import annotations

from typing import Any

from hhh_verify.contract.promises import Promise, PromiseBook

from ..rules import readings
from ..rules.effects import AMBULANCE
from ..rules.model import RHModel
from ..rules.state import T_EFFECT, PlayerState, RHState
from ..rules.tracks import (
    DOCTOR_SPOTS,
    T_AMBULANCE,
    T_CREDIT,
    T_INSURANCE,
    T_PRESTIGE,
    T_QOC,
)
from . import promise_order, promise_rules, promise_scoring

DOCTOR_TOKEN = 4  # PlayerState.tokens index of congress doctor tokens


def position(ps: PlayerState, track: int) -> int:
    """A player's counter on one of the tracks congress doctors wait on."""
    if track == T_PRESTIGE:
        return ps.prestige
    if track == T_QOC:
        return ps.qoc
    if track == T_AMBULANCE:
        return ps.ambulance
    if track in T_INSURANCE:
        return ps.insurance[T_INSURANCE.index(track)]
    return ps.production[4 if track == T_CREDIT else track]


def moving_on(s: RHState, p: int) -> bool:
    """Whether player ``p`` still has ambulance spaces to move (a move not yet ended)."""
    return any(
        t.kind == T_EFFECT and t.player == p and t.effect is not None and t.effect.code == AMBULANCE
        for t in s.queue
    )


def _claims(s: RHState, t: RHState) -> list[tuple[int, int, int]]:
    """(doctor spot, player, position after) of every congress doctor taken in a step."""
    takers = [
        p
        for p, (a, b) in enumerate(zip(s.players, t.players))
        if b.tokens[DOCTOR_TOKEN] > a.tokens[DOCTOR_TOKEN]
    ]
    return [
        (i, p, position(t.players[p], DOCTOR_SPOTS[i][0]))
        for i, (was, now) in enumerate(zip(s.doctors, t.doctors))
        if was and not now
        for p in takers
    ]


def _ends_on_space(model: RHModel, s: RHState, action: Any, t: RHState) -> str | None:
    """``exact``: a doctor leaves the board only on a move up that ends on its space (the
    option's words: a fall onto it does not earn it)."""
    for i, p, at in _claims(s, t):
        track, space = DOCTOR_SPOTS[i]
        if at != space:
            return f"seat {p} took the doctor on space {space} of track {track} standing on {at}"
        if track != T_AMBULANCE and position(s.players[p], track) > space:
            return f"seat {p} took the doctor on space {space} of track {track} falling onto it"
        if track == T_AMBULANCE and moving_on(t, p):
            return f"seat {p} took the ambulance doctor in the middle of a move"
    return None


def _ending_earns(model: RHModel, s: RHState, action: Any, t: RHState) -> str | None:
    """``exact``, its other half (Game Setup: "the first player to reach those positions
    earns the congress doctor token"): a move that ends on a doctor's space takes the
    doctor still there -- a move up on a track, or the last space of an ambulance move
    that lands on the starting space. Every track with a doctor, as the option's words
    name no track."""
    for i, (was, now) in enumerate(zip(s.doctors, t.doctors)):
        if not (was and now):
            continue
        track, space = DOCTOR_SPOTS[i]
        for p, (a, b) in enumerate(zip(s.players, t.players)):
            before, after = position(a, track), position(b, track)
            if after != space or before == space:
                continue
            ended = not moving_on(t, p) if track == T_AMBULANCE else before < space
            if ended:
                return (
                    f"seat {p} ended a move on space {space} of track {track} and left its doctor"
                )
    return None


def _exact(model: RHModel, s: RHState, action: Any, t: RHState) -> str | None:
    """``exact``: only a move up ending on a doctor's space earns it, and such a move does."""
    return _ends_on_space(model, s, action, t) or _ending_earns(model, s, action, t)


def _reached_earns(model: RHModel, s: RHState, action: Any, t: RHState) -> str | None:
    """``reach-or-pass``: a doctor still on the board after a step was not reached or
    passed by anyone in it (off the ambulance loop, where moves go up)."""
    for i, (was, now) in enumerate(zip(s.doctors, t.doctors)):
        track, space = DOCTOR_SPOTS[i]
        if not (was and now) or track == T_AMBULANCE:
            continue
        for p, (a, b) in enumerate(zip(s.players, t.players)):
            if position(a, track) < space <= position(b, track):
                return f"seat {p} passed space {space} of track {track} and left its doctor"
    return None


def _off_the_board(s: RHState, t: RHState) -> list[int]:
    """The doctor spots whose token left the board in a step."""
    return [i for i, (was, now) in enumerate(zip(s.doctors, t.doctors)) if was and not now]


def _race_only(model: RHModel, s: RHState, action: Any, t: RHState) -> str | None:
    """RH-DOCTOR-REWARD=supply: a race token leaves its track only for a seat whose
    counter on that track moved in the step (a reward's doctor comes from the supply)."""
    for i in _off_the_board(s, t):
        track, space = DOCTOR_SPOTS[i]
        moved = any(position(a, track) != position(b, track) for a, b in zip(s.players, t.players))
        if not moved:
            return f"the doctor on space {space} of track {track} left with no counter moving there"
    return None


def _tokens_from_tracks(model: RHModel, s: RHState, action: Any, t: RHState) -> str | None:
    """RH-DOCTOR-REWARD=race-token: every congress doctor a seat gains is a race token
    that leaves the board (no supply): a step gives no more doctors than leave it."""
    gained = sum(
        max(0, b.tokens[DOCTOR_TOKEN] - a.tokens[DOCTOR_TOKEN])
        for a, b in zip(s.players, t.players)
    )
    left = len(_off_the_board(s, t))
    if gained > left:
        return f"seats gained {gained} congress doctors while {left} left the board"
    return None


_p = Promise.of


_RULES = (
    _p(
        readings.CARD_NAMES.TRIALS_ADD_SPACE,
        "hospital spaces are 4 plus one per outpatient clinic and clinical trial played; "
        "a patient is rejected only when they are full",
        step=promise_rules.TRIALS_ADD,
        applies=promise_rules.has_trials,
    ),
    _p(
        readings.CARD_NAMES.ONLY_CLINICS_ADD_SPACE,
        "hospital spaces are 4 plus one per outpatient clinic played (trials add none)",
        step=promise_rules.CLINICS_ONLY,
        applies=promise_rules.has_trials,
    ),
    _p(
        readings.CREDIT_START.FIFTEEN,
        "credit production starts at the two counters' sum",
        step=promise_rules.credit_start(readings.CREDIT_START.FIFTEEN),
    ),
    _p(
        readings.CREDIT_START.FIVE,
        "credit production starts at the first counter (5)",
        step=promise_rules.credit_start(readings.CREDIT_START.FIVE),
    ),
    _p(
        readings.CREDIT_START.TEN,
        "credit production starts at the second counter (10)",
        step=promise_rules.credit_start(readings.CREDIT_START.TEN),
    ),
    _p(
        readings.ROUND_PATIENTS.SAME_NUMBER,
        "each seat draws as many patients in a round as the round track's Medical cards",
        step=promise_rules.round_patients("round_cards"),
        applies=promise_rules.patient_rows_differ,
    ),
    _p(
        readings.ROUND_PATIENTS.OWN_ROW,
        "each seat draws the round's own patient number (round_patients)",
        step=promise_rules.round_patients("round_patients"),
        applies=promise_rules.patient_rows_differ,
    ),
    _p(
        readings.EXTRA_DRAWS.MEDICAL_ONLY,
        "staff and research production add Medical cards to a seat's Preparation draw, "
        "never patients: each seat draws the round's patient number",
        step=promise_rules.extra_patients(False),
    ),
    _p(
        readings.EXTRA_DRAWS.PATIENTS_TOO,
        "each seat's Preparation draws the round's patient number plus its staff and "
        "research production in patients, and places them all",
        step=promise_rules.extra_patients(True),
    ),
    _p(
        readings.TERMINAL_CARD.DECK_TOP,
        "a dead terminal patient's card goes on top of the Patient deck: no terminal card "
        "ever leaves the deck and play",
        step=promise_rules.terminal_card_goes(False),
    ),
    _p(
        readings.TERMINAL_CARD.STAYS,
        "a dead terminal patient's card stays with its player: exactly the dead terminal "
        "patients' cards are out of the deck and play",
        step=promise_rules.terminal_card_goes(True),
    ),
    _p(
        readings.HELICOPTER_TERMINAL.HOSPITAL_ONLY,
        "no helicopter discards a terminal patient",
        step=promise_rules.helicopter_spares_terminals,
    ),
    _p(
        readings.HELICOPTER_TERMINAL.TERMINALS_TOO,
        "a helicopter's open discard offers every terminal patient of its player",
        step=promise_rules.helicopter_takes_terminals,
    ),
    _p(
        readings.GAME_END.FIXED_ROUNDS,
        "the game ends after the last round, never before",
        final=promise_rules.ends_after_last_round,
    ),
    _p(
        readings.GAME_END.PATIENT_DECK_EMPTY,
        "the game ends after the last round or at a Cleanup leaving the Patient deck empty",
        step=promise_rules.no_round_after_empty_deck,
        final=promise_rules.ends_on_empty_deck,
    ),
    _p(
        readings.RESOURCES_KEEP.KEEP,
        "the Cleanup takes no token from a player",
        step=promise_rules.tokens_kept,
    ),
    _p(
        readings.RESOURCES_KEEP.DISCARD,
        "after the Cleanup a player holds no diagnosis, healing, research or staff token "
        "beyond the next round's production",
        step=promise_rules.tokens_discarded,
    ),
    _p(
        readings.RESEARCH_IN_TREATMENT.STAFF_ONLY,
        "no treatment spends research; a diagnosis is offered exactly when diagnosis and "
        "staff tokens (and doctors under their reading) cover it",
        step=promise_rules.every(
            promise_rules.treatment_spares(2, "research"),
            promise_rules.diagnosis_offered(research=False),
        ),
    ),
    _p(
        readings.RESEARCH_IN_TREATMENT.RESEARCH_TOO,
        "a diagnosis is offered exactly when diagnosis, staff and research tokens (and "
        "doctors under their reading) cover it",
        step=promise_rules.diagnosis_offered(research=True),
    ),
    _p(
        readings.CRITICAL_COST.DIAGNOSE_AND_HEAL,
        "curing a critical patient costs its diagnostic plus its healing difficulty",
        step=promise_rules.critical_cost(True),
    ),
    _p(
        readings.CRITICAL_COST.HEALING_ONLY,
        "curing a critical patient costs its healing difficulty only",
        step=promise_rules.critical_cost(False),
    ),
    _p(
        readings.CRITICAL_DEADLINE.FIRST_CLEANUP,
        "a critical patient dies at its first Cleanup (one time token), not later",
        step=promise_rules.critical_deadline(1),
    ),
    _p(
        readings.CRITICAL_DEADLINE.SECOND_CLEANUP,
        "a critical patient dies at the Cleanup giving it a second time token, not sooner",
        step=promise_rules.critical_deadline(2),
    ),
    _p(
        readings.TERMINAL_UPKEEP.EVERY_ROUND,
        "an untreated terminal patient dies at the Cleanup; care lasts one round",
        step=promise_rules.terminal_upkeep(True),
    ),
    _p(
        readings.TERMINAL_UPKEEP.ARRIVAL_ROUND_ONLY,
        "an untreated terminal patient dies at the Cleanup; a treated one is safe for good",
        step=promise_rules.terminal_upkeep(False),
    ),
    _p(
        readings.TERMINAL_COST.ONE_HEALING,
        "treating a terminal patient costs 1 resource",
        step=promise_rules.terminal_cost(True),
        applies=promise_rules.terminal_costs_differ,
    ),
    _p(
        readings.TERMINAL_COST.CARD_COST,
        "treating a terminal patient costs its printed healing difficulty",
        step=promise_rules.terminal_cost(False),
        applies=promise_rules.terminal_costs_differ,
    ),
    _p(
        readings.TERMINAL_REWARD.EVERY_TREATMENT,
        "every terminal treatment pays the card's credits and victory points",
        step=promise_rules.terminal_reward(readings.TERMINAL_REWARD.EVERY_TREATMENT),
    ),
    _p(
        readings.TERMINAL_REWARD.FIRST_TREATMENT,
        "only a terminal patient's first treatment pays its reward",
        step=promise_rules.terminal_reward(readings.TERMINAL_REWARD.FIRST_TREATMENT),
    ),
    _p(
        readings.TERMINAL_REWARD.NONE,
        "a terminal treatment pays nothing",
        step=promise_rules.terminal_reward(readings.TERMINAL_REWARD.NONE),
    ),
    _p(
        readings.PRIORITY_3.TERMINAL_SLIP,
        "no chronic patient ever dies",
        step=promise_rules.chronic_never_die,
    ),
    _p(
        readings.PRIORITY_3.CHRONIC_DIE,
        "no diagnosed chronic patient outlives a Cleanup holding a time token, and a "
        "chronic death costs 1 quality of care",
        step=promise_rules.chronic_die,
    ),
    _p(
        readings.QOC_FLOOR.CLAMP,
        "quality of care stays within 0 and the last space",
        step=promise_rules.qoc_clamped,
    ),
    _p(
        readings.QOC_FLOOR.BELOW_ZERO,
        "deaths cost their full quality of care, below 0 too (the last space still caps)",
        step=promise_rules.qoc_below_zero,
    ),
    _p(
        readings.AMBULANCE_WRAP.FOURTEEN_SPACES,
        "ambulance positions are 0..13 (space 0 a space of the loop)",
        step=promise_rules.ambulance_loop(14),
    ),
    _p(
        readings.AMBULANCE_WRAP.THIRTEEN_SPACES,
        "ambulance positions are 0..13 and space 0 is never reached again",
        step=promise_rules.ambulance_loop(13),
    ),
    _p(
        readings.PRODUCTION_BONUS.ALWAYS,
        "a production increase gives as many resources in the same step",
        step=promise_rules.production_pays,
        applies=promise_rules.activation_raises_production,
    ),
    _p(
        readings.PRODUCTION_BONUS.CARD_PLAY_ONLY,
        "activating a card (no card play) gives its gains and nothing for its production",
        step=promise_rules.activation_unpaid,
        applies=promise_rules.activation_raises_production,
    ),
    _p(
        readings.HEALED_COST.SPEND,
        "a card's healed-patients cost moves the counter back; the highest value is kept",
        step=promise_rules.healed_spent,
        applies=promise_rules.costs_healed,
    ),
    _p(
        readings.HEALED_COST.THRESHOLD,
        "the healed patients counter never moves back",
        step=promise_rules.healed_threshold,
        applies=promise_rules.costs_healed,
    ),
    _p(
        readings.HELICOPTER_BOTH.BOTH_ALLOWED,
        "after one option a helicopter still offers the other",
        step=promise_rules.helicopter_both,
    ),
    _p(
        readings.HELICOPTER_BOTH.ONE_ONLY,
        "a helicopter that did one option offers nothing more",
        step=promise_rules.helicopter_one,
    ),
    _p(
        readings.HELICOPTER_DISCARD.FREE,
        "a helicopter's discard costs no quality of care",
        step=promise_rules.helicopter_discard(0),
    ),
    _p(
        readings.HELICOPTER_DISCARD.COSTS_QUALITY,
        "a helicopter's discard costs 1 quality of care",
        step=promise_rules.helicopter_discard(1),
    ),
    _p(
        readings.HELICOPTER_ORDER.FROM_SENDER,
        "a helicopter's draws go to every seat clockwise from its sender",
        step=promise_rules.helicopter_order(True),
    ),
    _p(
        readings.HELICOPTER_ORDER.TURN_ORDER,
        "a helicopter's draws go to every seat clockwise from the starting player",
        step=promise_rules.helicopter_order(False),
    ),
    _p(
        readings.MEDICAL_EMPTY.RESHUFFLE,
        "a Medical draw owed on an empty deck takes a card from the shuffled discard pile",
        step=promise_rules.medical_refilled,
        applies=promise_rules.can_empty_medical,
    ),
    _p(
        readings.MEDICAL_EMPTY.NO_DRAW,
        "the Medical deck never grows back",
        step=promise_rules.medical_not_refilled,
        applies=promise_rules.can_empty_medical,
    ),
    _p(
        readings.STARTING_CARD.IN_PLAY,
        "the starting card lies face up before round 1's actions",
        step=promise_rules.starting_card(True),
        applies=promise_rules.has_starting,
    ),
    _p(
        readings.STARTING_CARD.IN_HAND,
        "the starting card is in the hand before round 1's actions",
        step=promise_rules.starting_card(False),
        applies=promise_rules.has_starting,
    ),
    _p(
        readings.ACTIVATE_SAME_ROUND.SAME_ROUND,
        "a card played with an action reward is not rotated: it can act this round",
        step=promise_rules.activation_on_play(True),
        applies=promise_rules.plays_action_cards,
    ),
    _p(
        readings.ACTIVATE_SAME_ROUND.NEXT_ROUND,
        "a card played with an action reward is rotated until the next round",
        step=promise_rules.activation_on_play(False),
        applies=promise_rules.plays_action_cards,
    ),
    _p(
        readings.PARTIAL_PAYMENT.WHOLE,
        "no patient card ever holds resources",
        step=promise_rules.paid_in_full,
    ),
    _p(
        readings.PARTIAL_PAYMENT.PARTIAL,
        "a player short of a diagnosis may put an accepted token on the card",
        step=promise_rules.resources_parked,
    ),
    _p(
        readings.INSURANCE_MAX.NOTHING,
        "an advance on a company at level 5 is lost",
        step=promise_rules.insurance_full(False),
        applies=promise_rules.advances_one_company,
    ),
    _p(
        readings.INSURANCE_MAX.ANOTHER_COMPANY,
        "an advance on a company at level 5 goes to another open company",
        step=promise_rules.insurance_full(True),
        applies=promise_rules.advances_one_company,
    ),
    _p(
        readings.DOCTOR_SUBSTITUTE.AS_STAFF,
        "congress doctors count as staff: a diagnosis is offered when they complete its cost",
        step=promise_rules.diagnosis_offered(doctor=True),
    ),
    _p(
        readings.DOCTOR_SUBSTITUTE.NOT_IN_TREATMENT,
        "no treatment spends a congress doctor; a diagnosis is offered exactly when the "
        "other accepted tokens cover it",
        step=promise_rules.every(
            promise_rules.treatment_spares(4, "a congress doctor"),
            promise_rules.diagnosis_offered(doctor=False),
        ),
    ),
    _p(
        readings.DRAW_CARD.MEDICAL,
        "in the Action Phase only a helicopter makes a patient be drawn, and a card's "
        "draw reward draws a Medical card",
        step=promise_rules.draws_to_hand,
    ),
    _p(
        readings.DRAW_CARD.PATIENT,
        "no Medical card enters a hand in the Action Phase, and a card's draw reward "
        "draws a patient",
        step=promise_rules.draws_patients,
    ),
)

_SCORING = (
    _p(
        readings.QOC_SCORING.OFFSET,
        "final quality of care scores its position minus 6",
        final=promise_scoring.qoc_points(True),
    ),
    _p(
        readings.QOC_SCORING.POSITION,
        "final quality of care scores its position",
        final=promise_scoring.qoc_points(False),
    ),
    _p(
        readings.VP_FLOOR.NEGATIVE,
        "the quality of care's loss takes a score below 0 when it is larger than the points",
        final=promise_scoring.score_floor(False),
    ),
    _p(
        readings.VP_FLOOR.ZERO,
        "the quality of care's loss stops a score at 0",
        final=promise_scoring.score_floor(True),
    ),
    _p(
        readings.INSURANCE_COUNTER.LEVELS_SUM,
        "insurance compares the sum of the four levels",
        final=promise_scoring.insurance_compared(True),
        applies=promise_scoring.several,
    ),
    _p(
        readings.INSURANCE_COUNTER.COMPANIES_ENTERED,
        "insurance compares how many companies a player entered",
        final=promise_scoring.insurance_compared(False),
        applies=promise_scoring.several,
    ),
    _p(
        readings.COMPARE_COUNTERS.PRODUCTION,
        "diagnosis, healing, research and staff compare production counters, not tokens",
        final=promise_scoring.compared(readings.COMPARE_COUNTERS.PRODUCTION),
        applies=promise_scoring.several,
    ),
    _p(
        readings.COMPARE_COUNTERS.TOKENS,
        "diagnosis, healing, research and staff compare the tokens held, so which tokens "
        "pay a cost two held kinds could pay is the player's choice",
        step=promise_rules.payment_chosen(True),
        final=promise_scoring.compared(readings.COMPARE_COUNTERS.TOKENS),
        applies=promise_scoring.several,
    ),
    _p(
        readings.TIE_RESOURCES.PRODUCTION,
        "the sixth tie-breaker sums the four production counters",
        final=promise_scoring.resources_tie(readings.TIE_RESOURCES.PRODUCTION),
        applies=promise_scoring.several,
    ),
    _p(
        readings.TIE_RESOURCES.TOKENS,
        "the sixth tie-breaker sums the four kinds of tokens held, so paying with a "
        "congress doctor or a counted token is the player's choice",
        step=promise_rules.payment_chosen(False),
        final=promise_scoring.resources_tie(readings.TIE_RESOURCES.TOKENS),
        applies=promise_scoring.several,
    ),
    _p(
        readings.TIE_PATIENTS.HOSPITAL_ONLY,
        "the patients tie-breaker ignores terminal patients",
        final=promise_scoring.patients_tie(False),
        applies=promise_scoring.has_terminals,
    ),
    _p(
        readings.TIE_PATIENTS.WITH_TERMINALS,
        "the patients tie-breaker counts terminal patients",
        final=promise_scoring.patients_tie(True),
        applies=promise_scoring.has_terminals,
    ),
    _p(
        readings.TIE_CARD_VALUE.CREDIT_COST,
        "the last tie-breaker is the highest credit cost of a played card",
        final=promise_scoring.card_value_tie(True),
        applies=promise_scoring.card_values_differ,
    ),
    _p(
        readings.TIE_CARD_VALUE.CREDIT_REWARD,
        "the last tie-breaker is the most credits a played card's rewards give",
        final=promise_scoring.card_value_tie(False),
        applies=promise_scoring.card_values_differ,
    ),
    _p(
        readings.FINAL_TIE.SHARED,
        "a tie through every tie-breaker is shared",
        final=promise_scoring.final_tie(True),
        applies=promise_scoring.several,
    ),
    _p(
        readings.FINAL_TIE.LATER_IN_TURN_ORDER,
        "a tie through every tie-breaker goes to the tied seat latest in turn order",
        final=promise_scoring.final_tie(False),
        applies=promise_scoring.several,
    ),
    _p(
        readings.SOLO.SAME_RULES,
        "a lone player's comparisons score nothing",
        final=promise_scoring.solo_compares_nobody,
        applies=promise_scoring.solo,
    ),
    _p(
        readings.SOLO.REJECT,
        "every game has at least two players (a one-player config is refused when the "
        "model is built, with one 'error:' line)",
        step=promise_scoring.rivals,
    ),
)

BOOK = PromiseBook(
    promises=(
        Promise.of(
            readings.DOCTOR_PASS.EXACT,
            "a congress doctor leaves the board only on a move that ends on its space, and "
            "the first move to end there takes it (every track, the loop's space 0 too)",
            step=_exact,
        ),
        Promise.of(
            readings.DOCTOR_PASS.REACH_OR_PASS,
            "moving onto or past a congress doctor's space takes it (every track but the loop)",
            step=_reached_earns,
        ),
        Promise.of(
            readings.DOCTOR_REWARD.SUPPLY,
            "a race token leaves its track only for a counter that moved on it: a reward's "
            "congress doctor comes from the supply",
            step=_race_only,
        ),
        Promise.of(
            readings.DOCTOR_REWARD.RACE_TOKEN,
            "every congress doctor gained is a race token off the board: no step gives more "
            "doctors than leave it",
            step=_tokens_from_tracks,
        ),
        *_RULES,
        _p(
            readings.REWARD_ORDER.DEPTH_FIRST,
            "a step that stops at a reward it did not set off has taken every reward its "
            "insurance levels and ambulance spaces set off",
            step=promise_order.reward_order(depth_first=True),
        ),
        _p(
            readings.REWARD_ORDER.IN_SEQUENCE,
            "a step that stops at a reward it did not set off still holds every reward its "
            "insurance levels and ambulance spaces set off, behind that one",
            step=promise_order.reward_order(depth_first=False),
        ),
        *_SCORING,
    ),
)
