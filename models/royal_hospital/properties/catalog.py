"""Royal Hospital properties: invariants, step properties and goals, with citations.

Each check re-derives its claim from the rulebook's numbers (config, interpretation,
the printed tables) and the deck definitions, never from the rule code it checks: the
final score and the winner are recomputed here from End Game Scoring, card and patient
conservation are counted place by place. A check returns ``None`` when it holds, else a
message naming the place. Step properties (``transition``) compare a state with its
successor.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from hhh_verify.contract.properties import (
    Fact,
    Goal,
    Invariant,
    Property,
    PropertyRegistry,
    kernel_agreement,
)

from ..rules import actions as rules_actions
from ..rules import readings as R
from ..rules.cards import (
    CHRONIC,
    CRITICAL,
    MILD,
    OUTPATIENT,
    SEVERE,
    STARTING,
    TERMINAL,
    TRIAL,
)
from ..rules.config import DEATH_QOC, REJECT_QOC, TERMINAL_DEATH_QOC
from ..rules.model import RHModel
from ..rules.scoring import counters, decided_by, winners
from ..rules.state import CLEANUP, OVER, TREATMENT, RHState
from ..rules.tracks import (
    DOCTOR_SPOTS,
    INSURANCE_LEVELS,
    T_AMBULANCE,
    T_CREDIT,
    T_INSURANCE,
    T_PRESTIGE,
    T_PROD,
    T_QOC,
)
from . import search

GAME = "royal-hospital"

#: End Game Scoring 2: the counters compared, in the book's order.
COUNTERS = (
    "quality of care",
    "insurance companies",
    "prestige",
    "credit production",
    "diagnosis",
    "healing",
    "research",
    "staff",
)


def ctx(model: RHModel) -> Any:
    return model.ctx


def clamped(model: RHModel) -> bool:
    """RH-QOC-FLOOR: the quality-of-care counter stops at 0."""
    return ctx(model).interp.reads(R.QOC_FLOOR.CLAMP)


def _problems(items: Iterator[str]) -> str | None:
    found = list(items)
    return "; ".join(found[:3]) if found else None


# Well-formedness ----------------------------------------------------------------------------


def non_negative(model: RHModel, s: RHState) -> str | None:
    """Credits, resource tokens, victory points, prestige, the treated-patients track,
    cards in hands, decks and tableaus are never negative; a card is rotated only once."""

    def gen() -> Iterator[str]:
        for p, ps in enumerate(s.players):
            for name in ("credits", "vp", "prestige", "healed", "healed_max", "rejected"):
                if getattr(ps, name) < 0:
                    yield f"P{p} {name} {getattr(ps, name)}"
            for name in ("tokens", "production", "insurance", "hand", "played", "used", "dead"):
                if min(getattr(ps, name)) < 0:
                    yield f"P{p} {name} {getattr(ps, name)}"
            if any(u > n for u, n in zip(ps.used, ps.played)):
                yield f"P{p} rotated {ps.used} of played {ps.played}"
        for name in ("deck", "discard", "picking", "shuffled", "unresolved"):
            if min(getattr(s, name), default=0) < 0:
                yield f"{name} {getattr(s, name)}"

    return _problems(gen())


def track_bounds(model: RHModel, s: RHState) -> str | None:
    """Tracks stay on the board: quality of care 0..last space (RH-QOC-FLOOR), prestige,
    production and credit production up to their last space, insurance 0..5, the
    ambulance on its loop (RH-AMBULANCE-WRAP)."""
    c = model.config

    def gen() -> Iterator[str]:
        for p, ps in enumerate(s.players):
            floor = 0 if clamped(model) else -(10**6)
            if not floor <= ps.qoc <= c.qoc_max:
                yield f"P{p} quality of care {ps.qoc} outside {max(floor, -99)}..{c.qoc_max}"
            if not 0 <= ps.prestige <= c.prestige_max:
                yield f"P{p} prestige {ps.prestige}"
            if max(ps.production[:4]) > c.production_max:
                yield f"P{p} production {ps.production}"
            if ps.production[4] > c.credit_max:
                yield f"P{p} credit production {ps.production[4]}"
            if not all(0 <= lv <= INSURANCE_LEVELS for lv in ps.insurance):
                yield f"P{p} insurance {ps.insurance}"
            if not 0 <= ps.ambulance <= 13:
                yield f"P{p} ambulance on space {ps.ambulance}"
            if ps.healed > ps.healed_max:
                yield f"P{p} treated patients {ps.healed} above the highest value {ps.healed_max}"

    return _problems(gen())


def round_in_range(model: RHModel, s: RHState) -> str | None:
    """Round track: the counter stays on 1..rounds."""
    if not 1 <= s.round <= model.config.rounds:
        return f"round {s.round} outside 1..{model.config.rounds}"
    return None


# Conservation ---------------------------------------------------------------------------------


def medical_cards_conserved(model: RHModel, s: RHState) -> str | None:
    """Components: every Medical card is in the deck, the discard pile, a player's draw,
    a hand or a tableau; the starting cards not dealt stay in the box."""
    k = ctx(model)

    def gen() -> Iterator[str]:
        for t, card in enumerate(k.medical):
            held = sum(ps.hand[t] + ps.played[t] for ps in s.players)
            total = s.deck[t] + s.discard[t] + s.picking[t] + held
            want = card.count
            if card.kind == STARTING:
                want = model.config.players  # one dealt to each player (Game Setup 6)
            if total != want:
                yield (
                    f"{card.name}: deck {s.deck[t]} + discard {s.discard[t]} + drawn "
                    f"{s.picking[t]} + players {held} = {total}, not {want}"
                )

    return _problems(gen())


def _codes_in_play(s: RHState) -> Iterator[int]:
    """Card codes of every Patient card outside the unseen deck."""
    yield from s.returned
    for pt in s.arrivals:
        yield pt.card
    for ps in s.players:
        for pt in ps.patients:
            yield pt.card
        for term in ps.terminals:
            yield term.card


def patient_cards_conserved(model: RHModel, s: RHState) -> str | None:
    """Components: 109 Patient cards, each in the deck (unseen or returned on top), a
    hospital, a playing area (terminal) or arriving. The dead and the cured go on top of
    the deck (Cleanup; Patient Treatment Phase), so they are in ``returned`` -- but for
    a dead terminal patient's card under RH-TERMINAL-CARD=stays, which stays with its
    player (counted among the dead, by priority: the terminal types together). Exact
    knowledge: every card is either seen (its type shown somewhere) or counted as
    unresolved, and per visible class the unresolved cards are the unseen deck plus the
    face-down cards in play."""
    k = ctx(model)
    codes = list(_codes_in_play(s))
    total = sum(card.count for card in k.patients)
    stays = k.interp.reads(R.TERMINAL_CARD.STAYS)
    kept = sum(ps.dead[TERMINAL] for ps in s.players) if stays else 0

    def gen() -> Iterator[str]:
        if sum(s.shuffled) + len(codes) + kept != total:
            yield (
                f"unseen {sum(s.shuffled)} + elsewhere {len(codes)} + kept dead {kept} != "
                f"{total} Patient cards"
            )
        seen = Counter(c for c in codes if c >= 0)
        missing = 0
        for t, card in enumerate(k.patients):
            gone = card.count - s.unresolved[t] - seen[t]
            if stays and card.priority == TERMINAL:
                missing += gone
            elif gone:
                yield (
                    f"{card.name}: {s.unresolved[t]} unresolved + {seen[t]} seen != {card.count}"
                )
        if missing != kept:
            yield f"{missing} terminal cards out of play, {kept} dead terminal patients kept"
        hidden = Counter(-c - 1 for c in codes if c < 0)
        for cls, types in enumerate(k.class_types):
            unresolved = sum(s.unresolved[t] for t in types)
            if unresolved != s.shuffled[cls] + hidden[cls]:
                yield (
                    f"class {cls}: {unresolved} unresolved != {s.shuffled[cls]} unseen + "
                    f"{hidden[cls]} face down"
                )
            if hidden[cls] and k.open_class[cls]:
                yield f"a critical/terminal card (class {cls}) lies face down"

    return _problems(gen())


def capacity(model: RHModel, s: RHState) -> str | None:
    """Hospital Board: "space for 4 patients"; each outpatient clinic and clinical trial
    (RH-CARD-NAMES) "adds 1 additional space"; terminal patients need none."""
    k = ctx(model)
    trials = k.interp.reads(R.CARD_NAMES.TRIALS_ADD_SPACE)
    space_kinds = {OUTPATIENT, TRIAL} if trials else {OUTPATIENT}

    def gen() -> Iterator[str]:
        for p, ps in enumerate(s.players):
            extra = sum(n for t, n in enumerate(ps.played) if k.medical[t].kind in space_kinds)
            room = model.config.hospital_spaces + extra
            if len(ps.patients) > room:
                yield f"P{p} has {len(ps.patients)} patients in {room} spaces"
            for term in ps.terminals:
                if k.patients[term.card].priority != TERMINAL:
                    yield f"P{p} keeps a non-terminal card {term.card} in the playing area"
            for pt in ps.patients:
                if pt.card >= 0 and k.patients[pt.card].priority == TERMINAL:
                    yield f"P{p} has a terminal patient in a hospital space"

    return _problems(gen())


# Time tokens and deaths -------------------------------------------------------------------------


def in_cleanup(s: RHState) -> bool:
    return s.phase == CLEANUP


def time_tokens(model: RHModel, s: RHState) -> str | None:
    """Cleanup: one time token per patient per Cleanup (none for a diagnosed priority-4
    patient), so by round r a patient has at most r - 1 (r during the Cleanup)."""
    limit = s.round if in_cleanup(s) or s.phase == OVER else s.round - 1

    def gen() -> Iterator[str]:
        for p, ps in enumerate(s.players):
            for pt in ps.patients:
                if not 0 <= pt.tokens <= limit:
                    yield f"P{p} patient {tuple(pt)} has {pt.tokens} time tokens in round {s.round}"

    return _problems(gen())


def no_overdue_patient(model: RHModel, s: RHState) -> str | None:
    """Check patients: outside the Cleanup no critical patient has a time token
    (RH-CRITICAL-DEADLINE), no severe one has two, no undiagnosed one with two tokens is
    still unchecked, no chronic one has a token under RH-PRIORITY-3=chronic-die."""
    if in_cleanup(s):
        return None
    k = ctx(model)
    deadline = 1 if k.interp.reads(R.CRITICAL_DEADLINE.FIRST_CLEANUP) else 2
    chronic_die = k.interp.reads(R.PRIORITY_3.CHRONIC_DIE)

    def gen() -> Iterator[str]:
        for p, ps in enumerate(s.players):
            for pt in ps.patients:
                if pt.card < 0:
                    if not pt.diagnosed and pt.tokens >= 2:
                        yield f"P{p}: an undiagnosed patient with {pt.tokens} tokens was never checked"
                    continue
                priority = k.patients[pt.card].priority
                if priority == CRITICAL and pt.tokens >= deadline:
                    yield f"P{p}: critical patient alive with {pt.tokens} time tokens"
                if priority == SEVERE and pt.tokens >= 2:
                    yield f"P{p}: severe patient alive with {pt.tokens} time tokens"
                if chronic_die and priority == CHRONIC and pt.tokens >= 1 and s.phase != TREATMENT:
                    # (one diagnosed this round may carry an older token until the Cleanup)
                    yield f"P{p}: chronic patient alive with a time token (chronic-die)"

    return _problems(gen())


def only_some_die(model: RHModel, s: RHState) -> str | None:
    """ "Only severe or critical patients can die" -- and terminal ones; chronic ones only
    under RH-PRIORITY-3=chronic-die; non-severe (priority 4) never."""
    chronic_die = ctx(model).interp.reads(R.PRIORITY_3.CHRONIC_DIE)
    for p, ps in enumerate(s.players):
        if ps.dead[MILD]:
            return f"P{p}: {ps.dead[MILD]} priority-4 patients died"
        if ps.dead[CHRONIC] and not chronic_die:
            return f"P{p}: {ps.dead[CHRONIC]} chronic patients died"
        if ps.dead_unseen > ps.dead[SEVERE]:
            return f"P{p}: {ps.dead_unseen} undiagnosed severe deaths of {ps.dead[SEVERE]}"
    return None


def cleanup_step(s: RHState, t: RHState) -> bool:
    """The step that ran the Cleanup's deaths and prestige scoring."""
    if s.phase not in (TREATMENT, CLEANUP):
        return False
    return t.phase == OVER or t.round == s.round + 1


def _clamp(model: RHModel, q: int) -> int:
    q = min(q, model.config.qoc_max)
    return max(q, 0) if clamped(model) else q


def death_costs(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
    """Deceased patients: "Decrease your Quality of Care track by 2"; terminal patients
    "decreasing care quality by 1 only" (and chronic ones under chronic-die). In the
    Cleanup step nothing else moves the track; deaths happen only there."""
    for p, (ps, pt) in enumerate(zip(s.players, t.players)):
        died = [b - a_ for a_, b in zip(ps.dead, pt.dead)]
        if any(died) and not cleanup_step(s, t):
            return f"P{p}: patients died outside the Cleanup ({type(a).__name__})"
        if cleanup_step(s, t):
            if pt.rejected != ps.rejected:
                return f"P{p}: a patient was rejected during the Cleanup"
            loss = DEATH_QOC * (died[CRITICAL] + died[SEVERE]) + TERMINAL_DEATH_QOC * (
                died[TERMINAL] + died[CHRONIC]
            )
            if pt.qoc != _clamp(model, ps.qoc - loss):
                return (
                    f"P{p}: quality of care {ps.qoc} -> {pt.qoc} with deaths {died[1:]} "
                    f"(expected {_clamp(model, ps.qoc - loss)})"
                )
    return None


def rejection_costs(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
    """Hospital Board: a patient rejected for lack of space costs 1 quality of care."""
    if not isinstance(a, rules_actions.Reject):
        return None
    p = model.current_player(s)
    ps, pt = s.players[p], t.players[p]
    if pt.rejected != ps.rejected + 1:
        return f"P{p}: Reject did not count a rejected patient"
    if pt.qoc != _clamp(model, ps.qoc - REJECT_QOC) and s.phase == t.phase:
        return f"P{p}: Reject moved quality of care {ps.qoc} -> {pt.qoc}"
    return None


def prestige_points(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
    """Prestige scoring: "Each player gains half of their prestige as victory points
    (rounded down)" -- in the Cleanup step, exactly that and nothing else."""
    if not cleanup_step(s, t):
        return None
    for p, (ps, pt) in enumerate(zip(s.players, t.players)):
        if pt.vp - ps.vp != ps.prestige // 2:
            return f"P{p}: {ps.vp} -> {pt.vp} victory points with prestige {ps.prestige}"
    return None


# Congress doctors -----------------------------------------------------------------------------


def _track_value(ps: Any, track: int) -> int:
    if track in T_PROD:
        return ps.production[track]
    if track == T_CREDIT:
        return ps.production[4]
    if track == T_PRESTIGE:
        return ps.prestige
    if track in T_INSURANCE:
        return ps.insurance[T_INSURANCE.index(track)]
    raise ValueError(track)


def doctors_first_reach(model: RHModel, s: RHState) -> str | None:
    """Game Setup: "the first player to reach those positions earns the congress doctor
    token". On the tracks that only move up, a token is gone exactly when some player has
    reached its space (RH-DOCTOR-PASS=exact: gone only if someone has)."""
    exact = ctx(model).interp.reads(R.DOCTOR_PASS.EXACT)
    for i, (track, space) in enumerate(DOCTOR_SPOTS):
        if track in (T_AMBULANCE, T_QOC):
            continue
        reached = any(_track_value(ps, track) >= space for ps in s.players)
        taken = not s.doctors[i]
        if taken and not reached:
            return (
                f"congress doctor {i} (track {track}, space {space}) taken before anyone reached it"
            )
        if reached and not taken and not exact:
            return f"congress doctor {i} (track {track}, space {space}) still there after it was reached"
    return None


# The end of the game --------------------------------------------------------------------------


def rulebook_scores(model: RHModel, s: RHState) -> tuple[int, ...]:
    """End Game Scoring recomputed from the text: victory points, plus the quality of
    care position (RH-QOC-SCORING; stopped at 0 under RH-VP-FLOOR=zero), plus 1 per
    player surpassed on each of the eight counters (RH-INSURANCE-COUNTER,
    RH-COMPARE-COUNTERS)."""
    k = ctx(model)
    reads = k.interp.reads
    offset = model.config.start_qoc if reads(R.QOC_SCORING.OFFSET) else 0

    def counters(ps: Any) -> list[int]:
        if reads(R.INSURANCE_COUNTER.LEVELS_SUM):
            ins = sum(ps.insurance)
        else:
            ins = len([lv for lv in ps.insurance if lv > 0])
        res = (
            list(ps.production[:4]) if reads(R.COMPARE_COUNTERS.PRODUCTION) else list(ps.tokens[:4])
        )
        return [ps.qoc, ins, ps.prestige, ps.production[4], *res]

    all_counters = [counters(ps) for ps in s.players]
    out = []
    for p, ps in enumerate(s.players):
        bonus = 0
        for q in range(len(s.players)):
            if q != p:
                bonus += sum(1 for a, b in zip(all_counters[p], all_counters[q]) if a > b)
        step1 = ps.vp + ps.qoc - offset
        out.append((max(step1, 0) if reads(R.VP_FLOOR.ZERO) else step1) + bonus)
    return tuple(out)


def final_scoring(model: RHModel, s: RHState) -> str | None:
    """The outcome's scores are End Game Scoring's, its winners those of the
    tie-breakers, and the game ends only after the last round (RH-GAME-END)."""
    out = model.outcome(s)
    if out is None:
        if s.phase == OVER:
            return "phase over without an outcome"
        return None
    if model.legal_actions(s):
        return "actions legal after the end"
    if out.won is not None:
        return f"a competitive game reported won={out.won}"
    want = rulebook_scores(model, s)
    if tuple(out.scores) != want:
        return f"scores {out.scores}, End Game Scoring gives {want}"
    told = winners(ctx(model), s)
    if tuple(out.winners) != told:
        return f"outcome names winners {out.winners}, the tie-breakers give {told}"
    if s.round != model.config.rounds and ctx(model).interp.reads(R.GAME_END.FIXED_ROUNDS):
        return f"the game ended in round {s.round} of {model.config.rounds}"
    return None


def tie_order(model: RHModel, s: RHState) -> tuple[tuple[int, ...], ...]:
    """End Game Scoring's tie-breakers, written out again from the text, as keys (larger
    wins): points, quality of care, prestige, fewest patients in the hospital
    (RH-TIE-PATIENTS), highest treated-patients value reached, credit production, the sum
    of diagnosis, healing, staff and research (RH-TIE-RESOURCES), insurance companies at 5, and the played
    card with the highest credit value (RH-TIE-CARD-VALUE)."""
    k = ctx(model)
    reads = k.interp.reads
    scores = rulebook_scores(model, s)

    def card_value(t: int) -> int:
        card = k.medical[t]
        if reads(R.TIE_CARD_VALUE.CREDIT_COST):
            return card.credits
        credits = [e.n for e in card.immediate + card.action if e.code == 0 and e.a == 5]
        return max(credits, default=0)

    keys = []
    for p, ps in enumerate(s.players):
        patients = len(ps.patients)
        if reads(R.TIE_PATIENTS.WITH_TERMINALS):
            patients += len(ps.terminals)
        best = max((card_value(t) for t, n in enumerate(ps.played) if n), default=0)
        keys.append(
            (
                scores[p],
                ps.qoc,
                ps.prestige,
                -patients,
                ps.healed_max,
                ps.production[4],
                sum(ps.production[:4] if reads(R.TIE_RESOURCES.PRODUCTION) else ps.tokens[:4]),
                sum(1 for lv in ps.insurance if lv == INSURANCE_LEVELS),
                best,
            )
        )
    return tuple(keys)


def winner_is_total(model: RHModel, s: RHState) -> str | None:
    """ "The player with the most victory points is the winner", then the eight
    tie-breakers in order: the winners are exactly the players whose (points,
    tie-breakers) are the largest, and two different players are tied only if every
    tie-breaker ties (a shared win under RH-FINAL-TIE=shared, else one winner)."""
    if s.phase != OVER:
        return None

    keys = tie_order(model, s)
    best = max(keys)
    top = tuple(p for p, key in enumerate(keys) if key == best)
    got = winners(ctx(model), s)
    shared = ctx(model).interp.reads(R.FINAL_TIE.SHARED)
    if shared and got != top:
        return f"winners {got}, the largest keys belong to {top}"
    if not shared and (len(got) != 1 or got[0] not in top):
        return f"winner {got} is not one of the tied best {top}"
    return None


# Goals --------------------------------------------------------------------------------------------


def anyone(pred: Any) -> Any:
    return lambda m, s: any(pred(ps) for ps in s.players)


def seat_wins_alone(seat: int) -> Any:
    def goal(m: RHModel, s: RHState) -> bool:

        return s.phase == OVER and winners(ctx(m), s) == (seat,)

    return goal


def shared_win(m: RHModel, s: RHState) -> bool:

    return s.phase == OVER and len(winners(ctx(m), s)) > 1


def qoc_sign(sign: int) -> Any:
    def goal(m: RHModel, s: RHState) -> bool:
        if s.phase != OVER:
            return False
        offset = m.config.start_qoc if ctx(m).interp.reads(R.QOC_SCORING.OFFSET) else 0
        return any((ps.qoc - offset) * sign > 0 for ps in s.players)

    return goal


def surpass(counter: int) -> Any:
    """Someone scores the comparison bonus on counter ``counter`` at the end."""

    def goal(m: RHModel, s: RHState) -> bool:
        if s.phase != OVER or len(s.players) < 2:
            return False

        values = [counters(ctx(m), ps)[counter] for ps in s.players]
        return max(values) > min(values)

    return goal


def tie_broken(m: RHModel, s: RHState) -> bool:

    return s.phase == OVER and len(s.players) > 1 and 1 <= decided_by(ctx(m), s) <= 8


def ambulance_lap(m: RHModel, s: RHState) -> bool:
    i = next(i for i, (t, _) in enumerate(DOCTOR_SPOTS) if t == T_AMBULANCE)
    return not s.doctors[i]


def has_cards(model: RHModel) -> bool:
    """Goals about the tracks the Medical cards move (production, prestige, insurance,
    the ambulance, quality of care upwards) concern the real game's deck: the reduced
    decks have one card at most, which cannot get there."""
    return model.config.medical_deck == "standard"


def two_players(model: RHModel) -> bool:
    return model.config.players >= 2


def full_tracks(model: RHModel) -> bool:
    """The full board: comparisons on every counter can differ."""
    return has_cards(model) and two_players(model)


def chronic_die(model: RHModel) -> bool:
    return ctx(model).interp.reads(R.PRIORITY_3.CHRONIC_DIE)


# Search hint ------------------------------------------------------------------------------------


def _preference(model: RHModel, s: RHState, a: Any) -> tuple[int, ...]:
    """Lower is tried first: treat patients, play cards, take rewards; pass last."""
    if isinstance(a, (rules_actions.Heal, rules_actions.Diagnose, rules_actions.TreatTerminal)):
        return (0,)
    if isinstance(a, (rules_actions.PlayCard, rules_actions.Activate)):
        return (1,)
    if isinstance(
        a,
        (
            rules_actions.Keep,
            rules_actions.Choose,
            rules_actions.ChooseDoctor,
            rules_actions.ChooseInsurance,
            rules_actions.HelicopterDraw,
        ),
    ):
        return (2,)
    if isinstance(
        a,
        (
            rules_actions.Reject,
            rules_actions.HelicopterDiscard,
            rules_actions.HelicopterDiscardTerminal,
            rules_actions.HelicopterDone,
            rules_actions.Assign,
        ),
    ):
        return (3,)
    if isinstance(a, (rules_actions.SellCard, rules_actions.SellResearch)):
        return (5,)
    return (4,)  # Pass, EndTreatment


def sensible(model: RHModel, s: RHState, actions: tuple[Any, ...]) -> tuple[Any, ...]:
    """Legal actions, a sensible player's first."""
    return tuple(sorted(actions, key=lambda a: _preference(model, s, a)))


def careless(model: RHModel, s: RHState, actions: tuple[Any, ...]) -> tuple[Any, ...]:
    """End the treatment at once, pass early: the style that lets patients die."""

    def key(a: Any) -> tuple[int, ...]:
        if isinstance(a, (rules_actions.EndTreatment, rules_actions.Pass)):
            return (0,)
        return _preference(model, s, a)

    return tuple(sorted(actions, key=key))


def as_listed(model: RHModel, s: RHState, actions: tuple[Any, ...]) -> tuple[Any, ...]:
    return actions


#: Playing styles for the stateful search (a hint, not a rule), one drawn per game.
search_order = (sensible, careless, as_listed)


def facts_hold(model: RHModel, _state: Any = None) -> str | None:
    """Every number the rulebook prints (``models/royal_hospital/book/facts.py``) on this model;
    a fact that is one reading's number with that reading applied."""
    from ..book.facts import FACTS, READINGS
    from ..rules.ambiguities import REGISTRY
    from ..rules.model import RHModel

    broken = []
    for section, text, value, get in FACTS:
        m = model
        if text in READINGS:
            chosen = model.readings.as_dict() | dict(r.split("=", 1) for r in READINGS[text])
            m = RHModel(model.config, REGISTRY.with_readings(chosen))
        if get(m) != value:
            broken.append(f'{section}: "{text}" (book {value!r}, model {get(m)!r})')
    if not broken:
        return None
    return "; ".join(broken[:4]) + (f" (+{len(broken) - 4} more)" if len(broken) > 4 else "")


def full_preset(model: RHModel) -> bool:
    """The facts are the real game's: they apply to the ``full`` preset as configured."""
    from ..rules.config import FULL

    return bool(model.config == FULL)


#: The numbers the rulebook prints, checked once on the real game.
FACTS = Fact(
    "rh.facts",
    GAME,
    "Every number the rulebook prints (Components, tracks, Game Setup, phases)",
    "component counts, track rewards, congress doctors, setup and phase numbers agree with the book",
    check=facts_hold,
    applies=full_preset,
)


#: Well-formedness, conservation, the Cleanup's deaths and costs, scoring.
INVARIANTS: tuple[Property, ...] = (
    Invariant(
        "rh.non-negative",
        GAME,
        "Components; Action Phase (pay the cost shown)",
        "credits, tokens, points, tracks and card counts never negative",
        non_negative,
    ),
    Invariant(
        "rh.track-bounds",
        GAME,
        "Game Board: tracks; 6 Insurance company tracks (5 levels)",
        "every counter stays on its track",
        track_bounds,
    ),
    Invariant("rh.round-in-range", GAME, "1 Round track", "round 1..rounds", round_in_range),
    Invariant(
        "rh.medical-cards-conserved",
        GAME,
        "Components: 166 Medical cards and 4 starting cards",
        "deck + discard + drawn + hands + tableaus = the cards of each type",
        medical_cards_conserved,
    ),
    Invariant(
        "rh.patient-cards-conserved",
        GAME,
        "Components: 109 Patient cards; drawn from the bottom, discarded on top",
        "deck + hospitals + playing areas + arrivals = 109; every card seen or unresolved",
        patient_cards_conserved,
    ),
    Invariant(
        "rh.capacity",
        GAME,
        "Hospital Board: space for 4 patients, +1 per outpatient clinic and clinical trial",
        "no hospital holds more patients than its spaces; terminal patients need none",
        capacity,
    ),
    Invariant(
        "rh.time-tokens",
        GAME,
        "Cleanup Phase: Add time tokens",
        "a patient gains at most one time token per Cleanup",
        time_tokens,
    ),
    Invariant(
        "rh.no-overdue-patient",
        GAME,
        "Cleanup Phase: Check patients",
        "no critical, severe or unchecked patient survives its deadline",
        no_overdue_patient,
    ),
    Invariant(
        "rh.only-some-die",
        GAME,
        "Cleanup Phase: Only severe or critical patients can die",
        "non-severe patients never die; chronic ones only under chronic-die",
        only_some_die,
    ),
    Invariant(
        "rh.death-costs",
        GAME,
        "Deceased patients: -2 quality of care; terminal: -1",
        "deaths only in the Cleanup, each costing its quality of care",
        transition=death_costs,
    ),
    Invariant(
        "rh.rejection-costs",
        GAME,
        "Hospital Board: -1 quality of care per discarded patient",
        "each rejected patient costs 1 quality of care",
        transition=rejection_costs,
    ),
    Invariant(
        "rh.prestige-points",
        GAME,
        "4 Prestige track: half their prestige in victory points (rounded down)",
        "the Cleanup adds exactly prestige // 2 victory points",
        transition=prestige_points,
    ),
    Invariant(
        "rh.doctors-first-reach",
        GAME,
        "Game Setup 4: the first player to reach those positions earns the congress doctor",
        "a congress doctor is gone exactly when its space was reached",
        doctors_first_reach,
    ),
    Invariant(
        "rh.final-scoring",
        GAME,
        "End Game Scoring 1-2",
        "the outcome's scores are End Game Scoring recomputed from the text",
        final_scoring,
    ),
    Invariant(
        "rh.winner-total-order",
        GAME,
        "End Game Scoring: the winner and the tie-breakers",
        "the winners are the players with the largest (points, tie-breakers) key",
        winner_is_total,
    ),
)


#: Each way a patient leaves a hospital without being healed.
DEATH_AND_REJECTION_GOALS: tuple[Property, ...] = (
    Goal(
        "rh.goal-critical-dies",
        GAME,
        "Cleanup: critical patients die if they have any time tokens",
        "a critical patient dies",
        anyone(lambda ps: ps.dead[CRITICAL] > 0),
    ),
    Goal(
        "rh.goal-severe-dies",
        GAME,
        "Cleanup: severe patients die if they have two time tokens",
        "a diagnosed severe patient dies",
        anyone(lambda ps: ps.dead[SEVERE] > ps.dead_unseen),
        hard_to_reach=True,
    ),
    Goal(
        "rh.goal-severe-dies-undiagnosed",
        GAME,
        "Cleanup: undiagnosed patients with two or more time tokens are revealed",
        "an undiagnosed patient is revealed as severe and dies",
        anyone(lambda ps: ps.dead_unseen > 0),
        hard_to_reach=True,
    ),
    Goal(
        "rh.goal-terminal-dies",
        GAME,
        "Patient Cards: terminal patients must be treated ... or they die",
        "a terminal patient dies",
        anyone(lambda ps: ps.dead[TERMINAL] > 0),
    ),
    Goal(
        "rh.goal-chronic-dies",
        GAME,
        "Cleanup: 'Terminal patients (Priority 3)' read literally (RH-PRIORITY-3)",
        "a chronic patient dies",
        anyone(lambda ps: ps.dead[CHRONIC] > 0),
        applies=chronic_die,
    ),
    Goal(
        "rh.goal-rejected",
        GAME,
        "Hospital Board: no space -> discard the Patient card",
        "a patient is rejected for lack of space",
        anyone(lambda ps: ps.rejected > 0),
    ),
)


#: Who wins: alone, shared, or after a tie-breaker.
WINNING_GOALS: tuple[Property, ...] = (
    Goal(
        "rh.goal-seat-0-wins",
        GAME,
        "End Game Scoring: the player with the most victory points is the winner",
        "the first seat wins alone",
        seat_wins_alone(0),
        applies=two_players,
    ),
    Goal(
        "rh.goal-seat-1-wins",
        GAME,
        "End Game Scoring: the player with the most victory points is the winner",
        "the second seat wins alone",
        seat_wins_alone(1),
        applies=two_players,
    ),
    Goal(
        "rh.goal-shared-win",
        GAME,
        "End Game Scoring: a tie that survives every tie-breaker (RH-FINAL-TIE)",
        "two players share the victory",
        shared_win,
        hard_to_reach=True,
        heuristic=search.level_vp,
        applies=lambda m: two_players(m) and ctx(m).interp.reads(R.FINAL_TIE.SHARED),
    ),
    Goal(
        "rh.goal-tie-broken",
        GAME,
        "End Game Scoring: in the event of a tie ...",
        "equal victory points, decided by a tie-breaker",
        tie_broken,
        hard_to_reach=True,
        heuristic=search.level_vp,
        applies=two_players,
    ),
)


#: The tracks' ends and rewards: quality of care, surpassing, ambulance, insurance.
TRACK_GOALS: tuple[Property, ...] = (
    Goal(
        "rh.goal-qoc-bonus",
        GAME,
        "3 Quality of Care track: gain ... victory points",
        "a player ends above the starting quality of care",
        qoc_sign(1),
        hard_to_reach=True,
        heuristic=search.top_qoc,
        applies=has_cards,
    ),
    Goal(
        "rh.goal-qoc-penalty",
        GAME,
        "3 Quality of Care track: ... or lose victory points",
        "a player ends below the starting quality of care",
        qoc_sign(-1),
        applies=lambda m: ctx(m).interp.reads(R.QOC_SCORING.OFFSET),
    ),
    *[
        Goal(
            f"rh.goal-surpass-{name.replace(' ', '-')}",
            GAME,
            "End Game Scoring 2: 1 victory point for each player they surpass",
            f"a player surpasses another on {name}",
            surpass(i),
            hard_to_reach=i > 0,
            heuristic=search.spread(i),
            applies=full_tracks if i else two_players,
        )
        for i, name in enumerate(COUNTERS)
    ],
    Goal(
        "rh.goal-ambulance-lap",
        GAME,
        "2 Ambulance track: endless; the congress doctor on the starting space",
        "a player's ambulance comes round to the starting space",
        ambulance_lap,
        hard_to_reach=True,
        heuristic=search.top_ambulance,
        applies=has_cards,
    ),
    Goal(
        "rh.goal-insurance-top",
        GAME,
        "6 Insurance company tracks: level 5",
        "a player reaches level 5 with an insurance company",
        anyone(lambda ps: max(ps.insurance) >= INSURANCE_LEVELS),
        hard_to_reach=True,
        heuristic=search.top_insurance,
        applies=has_cards,
    ),
)


def properties() -> PropertyRegistry:
    """Every Royal Hospital property, in the order ``check`` prints them."""
    from hhh_verify.smt.queries import query_properties

    from .smt import QUERIES

    return PropertyRegistry(
        GAME,
        [
            FACTS,
            *INVARIANTS,
            *DEATH_AND_REJECTION_GOALS,
            *WINNING_GOALS,
            *TRACK_GOALS,
            *query_properties(GAME, QUERIES),
            KERNEL_AGREES,
        ],
    )


KERNEL_AGREES = kernel_agreement(
    GAME,
    "rh",
    "The whole rulebook: every rule the model reads is read again by the compiled kernel",
)
