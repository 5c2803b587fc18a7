"""Ceilings on one Royal Hospital game, derived from its config alone (every reading).

Frameworks need a few numbers before a game starts: the most decisions one game can take,
the most outcomes one chance step can have, the range of a seat's final score, and (for a
fixed-length observation) the most patients, arrivals and pending steps a state can hold.
None is a measured maximum; each is a sum of ceilings, argued from the rules in the
docstrings below, and a conformance test checks every game it plays (and the whole state
graph of ``tiny``) against them.

The rewards a game can trigger are finite although the tracks are endless: a card is
played at most once per copy and activated at most once per round per copy; each player
advances each insurance level at most once (4 companies x 5 levels); ambulance moves come
only from those two sources. :func:`effect_budget` adds up, over those triggers, what the
rewards can cost in decisions, tokens, victory points, helicopters, draws and pending
steps; every other bound is built from it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from .cards import (
    OUTPATIENT,
    TRIAL,
    MedicalCard,
    PatientCard,
    medical_deck,
    patient_deck,
)
from .config import RHConfig
from .effects import (
    AMBULANCE,
    CHOICE,
    DOCTOR,
    DRAW,
    GAIN,
    HELICOPTER,
    INSURANCE,
    PROD,
    QOC,
    TOKEN_KINDS,
    VP,
    Effect,
    ambulance,
    insurance,
)
from .scoring import COUNTER_NAMES
from .tracks import (
    AMBULANCE_REWARDS,
    DOCTOR_SPOTS,
    INSURANCE_BENEFITS,
)

#: Token kinds a round's production fills (diagnosis, healing, research, staff).
PRODUCED_TOKENS = 4
#: Decisions a helicopter can ask of the player who sends it (RH-HELICOPTER-BOTH: discard
#: and draw, or one of them and then "no further option").
HELICOPTER_DECISIONS = 2
#: Decisions one arriving patient can cause besides resources put on it: admit or reject
#: it, diagnose it, heal it (a terminal patient: treat it once a round instead).
PATIENT_DECISIONS = 3
#: Each player may pass once and end the Treatment Phase once in each round.
TURN_ENDS_PER_ROUND = 2


def _add(a: Counter[str], b: Counter[str], times: int = 1) -> Counter[str]:
    out = Counter(a)
    for k, v in b.items():
        out[k] += v * times
    return out


def _most(parts: list[Counter[str]]) -> Counter[str]:
    """Element-wise maximum: a bound on each count whichever part happens."""
    out: Counter[str] = Counter()
    for part in parts:
        for k, v in part.items():
            out[k] = max(out[k], v)
    return out


def _all(effects: tuple[Effect, ...], players: int) -> Counter[str]:
    total: Counter[str] = Counter()
    for e in effects:
        total = _add(total, effect_cost(e, players))
    return total


def effect_cost(e: Effect, players: int) -> Counter[str]:
    """Upper bounds on what resolving reward ``e`` can cost (``resolve.py``): decisions
    (an "X or Y" choice, "any insurance company" and its redirect under
    RH-INSURANCE-MAX, a helicopter), tokens gained (a production raise gives its tokens
    at once under RH-PRODUCTION-BONUS), victory points, quality of care lost,
    helicopters, cards drawn (to the hand or, under RH-DRAW-CARD, as patients) and
    pending steps pushed (``tasks``). The benefits of an insurance advance are not in
    here: each level's benefits come at most once per player (:func:`effect_budget`)."""
    one: Counter[str] = Counter(tasks=1)
    if e.code == GAIN:
        if e.a < TOKEN_KINDS and e.n > 0:
            one["tokens"] += e.n
        if e.a == DOCTOR and e.n > 0:  # which race token (RH-DOCTOR-REWARD=race-token)
            one["decisions"] += e.n
            one["tasks"] += e.n
        if e.a == VP:
            if e.n < 0:
                raise ValueError(f"a reward loses victory points ({e}); the bounds assume none")
            one["vp"] += e.n
        if e.a == QOC and e.n < 0:
            one["qoc_loss"] += -e.n
        return one
    if e.code == PROD:
        one["tokens"] += max(e.n, 0)
        return one
    if e.code == AMBULANCE:
        step = _add(_space_cost(players), Counter(tasks=1))  # the move's own pending step
        return _add(Counter(), step, e.n)
    if e.code == HELICOPTER:
        # every player draws a patient and admits it: two pending steps each
        return Counter(decisions=HELICOPTER_DECISIONS, helicopters=1, tasks=1 + 2 * players)
    if e.code == INSURANCE:
        return Counter(decisions=1, tasks=2)  # the choice, or one redirect and its choice
    if e.code == DRAW:
        return Counter(draws=e.n, tasks=3)  # the effect, the draw, the admission
    if e.code == CHOICE:
        return _add(_most([effect_cost(x, players) for x in e.alts]), Counter(decisions=1, tasks=1))
    raise ValueError(f"unknown effect code {e.code}")


@lru_cache(maxsize=8)
def _space_cost(players: int) -> Counter[str]:
    """The costliest reward of one ambulance space (no space moves the ambulance)."""
    for reward in AMBULANCE_REWARDS:
        assert all(e.code != AMBULANCE for e in reward), "an ambulance space moves on"
    return _most([_all(reward, players) for reward in AMBULANCE_REWARDS])


def insurance_cost(players: int) -> Counter[str]:
    """One player's every insurance level, each once (a level is never advanced twice)."""
    total: Counter[str] = Counter()
    for company in INSURANCE_BENEFITS:
        for level in company:
            total = _add(total, _all(level, players))
    return total


def card_triggers(config: RHConfig) -> list[tuple[MedicalCard, int, int]]:
    """(card type, copies, triggers per copy of its action reward): a copy is played once
    and activated at most once a round (Action Phase 2)."""
    return [(m, m.count, config.rounds) for m in medical_deck(config.medical_deck)]


def insurance_reachable(config: RHConfig) -> bool:
    """Whether any insurance level can be advanced: only a card's reward can start it
    (an advance, or an ambulance move that reaches space 12), since the insurance
    benefits that move the ambulance need an advance first."""

    def starts(e: Effect) -> bool:
        return e.code in (INSURANCE, AMBULANCE) or any(starts(x) for x in e.alts)

    deck = medical_deck(config.medical_deck)
    return any(starts(e) for m in deck for e in m.immediate + m.action)


@lru_cache(maxsize=32)
def effect_budget(config: RHConfig) -> Counter[str]:
    """What every reward of one game can cost at most, all players together: each card
    copy played once and activated every round, each player's twenty insurance levels
    (when a card can start an advance at all)."""
    P = config.players
    total: Counter[str] = Counter()
    if insurance_reachable(config):
        total = _add(total, insurance_cost(P), P)
    for card, copies, rounds in card_triggers(config):
        per_copy = _add(_all(card.immediate, P), _all(card.action, P), rounds)
        total = _add(total, per_copy, copies)
    return total


@dataclass(frozen=True)
class Bounds:
    """The ceilings of one config (see the module docstring)."""

    arrivals: int  # patients that can arrive, all players, whole game
    hand_entries: int  # Medical cards that can enter hands, whole game
    max_game_length: int
    max_chance_outcomes: int
    score_range: tuple[int, int]
    hospital_slots: int  # patients one hospital can hold
    arrival_slots: int  # patients waiting for admission at once
    queue_slots: int  # pending steps at once
    returned_slots: int  # Patient cards the returned pile can hold


def _rounds(config: RHConfig) -> tuple[list[int], list[int]]:
    R = config.rounds
    return list(config.round_cards[:R]), list(config.round_patients[:R])


@lru_cache(maxsize=32)
def bounds(config: RHConfig) -> Bounds:
    """Every ceiling of ``config``, under any reading."""
    P, R = config.players, config.rounds
    medical = medical_deck(config.medical_deck)
    patients = patient_deck(config.patient_deck)
    ev = effect_budget(config)
    cards, own_row = _rounds(config)
    # Preparation 1 draws the round track's number (RH-ROUND-PATIENTS: or its own row),
    # plus staff and research production under RH-EXTRA-DRAWS=patients-too
    extra = 2 * config.production_max
    arrivals = P * sum(max(c, p) + extra for c, p in zip(cards, own_row))
    arrivals += P * ev["helicopters"] + ev["draws"]
    keeps = P * (config.setup_keep + sum(cards))
    hand = P + keeps + ev["draws"]  # a starting card, the keeps, the "draw 1 card" rewards
    activations = R * sum(m.count for m in medical if m.action)
    # every resource put on a patient (RH-PARTIAL-PAYMENT) or sold costs one token: a
    # round's production, rewards, congress doctors
    tokens = P * R * PRODUCED_TOKENS * config.production_max + ev["tokens"] + len(DOCTOR_SPOTS)
    per_patient = max(PATIENT_DECISIONS, R)
    length = (
        keeps  # Keep
        + hand  # PlayCard or SellCard, once per card in a hand
        + activations  # Activate
        + TURN_ENDS_PER_ROUND * P * R  # Pass, EndTreatment
        + per_patient * arrivals  # Reject, Diagnose, Heal, TreatTerminal
        + ev["decisions"]  # Choose, ChooseInsurance, helicopters
        + tokens  # Assign, SellResearch
        + tokens  # UseToken: each token a payment takes (while tokens held are scored)
    )
    sizes = [len(types) for types in class_types(patients)]
    chance = max(P, len(medical), len(sizes), max(sizes, default=1), 1)
    return Bounds(
        arrivals=arrivals,
        hand_entries=hand,
        max_game_length=length,
        max_chance_outcomes=chance,
        score_range=_score_range(config, arrivals, ev),
        hospital_slots=config.hospital_spaces
        + sum(m.count for m in medical if m.kind in (OUTPATIENT, TRIAL)),
        arrival_slots=max([1, *cards, *own_row, *_draw_sizes(config)]) + extra,
        queue_slots=_queue_slots(config),
        returned_slots=sum(card.count for card in patients),
    )


def _score_range(config: RHConfig, arrivals: int, ev: Counter[str]) -> tuple[int, int]:
    """End Game Scoring: victory points, plus quality of care (less the start under
    RH-QOC-SCORING=offset), plus one point per counter per player surpassed.

    Victory points never fall; they come from rewards, half the prestige each round
    (at most ``prestige_max``), and patients (a cure once, a terminal patient each
    round). Quality of care stops at ``qoc_max``; it falls by at most 2 per arriving
    patient (a death 2, a rejection or a discard 1) and by the rewards' losses, and
    without the floor of RH-QOC-FLOOR=clamp it can fall below zero."""
    P, R = config.players, config.rounds
    patients = patient_deck(config.patient_deck)
    best_patient = max((card.vp for card in patients), default=0)
    vp = R * (config.prestige_max // 2) + ev["vp"] + arrivals * best_patient * R
    high = vp + config.qoc_max + len(COUNTER_NAMES) * (P - 1)
    lowest_qoc = config.start_qoc - 2 * arrivals - ev["helicopters"] - ev["qoc_loss"]
    low = min(lowest_qoc, 0) - config.start_qoc
    return low, high


def class_types(patients: tuple[PatientCard, ...]) -> list[list[int]]:
    """The visible classes (``context.Ctx._classes``): an open-faced card is its own
    class, any other shares one with the cards of its diagnostic difficulty."""
    keys: list[tuple[int, int]] = []
    out: list[list[int]] = []
    for t, card in enumerate(patients):
        key = (1, t) if card.open_faced else (0, card.diag)
        if key not in keys:
            keys.append(key)
            out.append([])
        out[keys.index(key)].append(t)
    return out


def all_effects(config: RHConfig) -> tuple[Effect, ...]:
    """Every reward a pending step can hold, sorted: the cards', the tracks', the
    alternatives of a choice, what is left of an ambulance move, a redirected advance."""
    found: set[Effect] = set()

    def add(e: Effect) -> None:
        if e in found:
            return
        found.add(e)
        for x in e.alts:
            add(x)
        if e.code == AMBULANCE:
            for n in range(1, e.n):
                add(ambulance(n))
        if e.code == INSURANCE:
            add(insurance(-1))

    for card in medical_deck(config.medical_deck):
        for e in card.immediate + card.action:
            add(e)
    for reward in AMBULANCE_REWARDS:
        for e in reward:
            add(e)
    for company in INSURANCE_BENEFITS:
        for level in company:
            for e in level:
                add(e)
    return tuple(sorted(found))


def _draw_sizes(config: RHConfig) -> list[int]:
    return [e.n for e in all_effects(config) if e.code == DRAW]


def _queue_slots(config: RHConfig) -> int:
    """Pending steps at once. Setup queues the starting player and a draw and a keep
    per player; Preparation four steps per player and two more; Cleanup a check per
    player and three more. In the Action Phase a turn starts with nothing pending and
    only pushes: a card's rewards and the end of the turn, everything those rewards
    push, and at most the benefits of each of the player's insurance levels once. A
    treatment pushes at most two payment steps onto an empty queue."""
    P = config.players
    card = max(
        (
            max(_all(m.immediate, P)["tasks"], _all(m.action, P)["tasks"])
            for m in medical_deck(config.medical_deck)
        ),
        default=0,
    )
    # + 1: a card's research cost, pending while tokens held are scored (treatment.spend)
    turn = card + 2 + (insurance_cost(P)["tasks"] if insurance_reachable(config) else 0)
    return max(1 + 2 * P, 4 * P + 2, P + 3, turn)
