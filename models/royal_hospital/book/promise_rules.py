"""Step promises of Royal Hospital's readings about setup, rounds, patients and payments:
each function says in its first line what its option's words forbid, and returns what
broke (or ``None``). Each reads the positions before and after a step, the action and
printed card data; none calls the rule it checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from hhh_verify.contract.readings import Reading

from ..rules import actions, treatment
from ..rules import readings as R
from ..rules.cards import (
    CHRONIC,
    CRITICAL,
    OUTPATIENT,
    SEVERE,
    STARTING,
    TERMINAL,
    TRIAL,
)
from ..rules.config import REVEAL_TOKENS
from ..rules.effects import (
    AMBULANCE,
    CHOICE,
    DIAG,
    DOCTOR,
    DRAW,
    GAIN,
    HEAL,
    HEALED,
    HELICOPTER,
    INSURANCE,
    P_RESEARCH,
    P_STAFF,
    PROD,
    RESEARCH,
)
from ..rules.model import RHModel
from ..rules.patients import deck_size
from ..rules.state import (
    ACTIONS,
    CLEANUP,
    HELI_DISCARDED,
    HELI_DREW,
    PREPARATION,
    SETUP,
    T_DRAW_HAND,
    T_DRAW_PATIENT,
    T_DRAW_PICK,
    T_EFFECT,
    T_KEEP,
    TREATMENT,
    RHState,
)
from .promise_support import (
    accepted,
    committed,
    consumed,
    crossed_deaths,
    diagnosis_cost,
    is_critical,
    reads,
)

#: (model, s, action, t) -> what went wrong, or None
Check = Callable[[RHModel, RHState, Any, RHState], "str | None"]


def every(*checks: Check) -> Check:
    """All of ``checks``: the first broken one's message."""

    def check(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
        for c in checks:
            if msg := c(model, s, a, t):
                return str(msg)
        return None

    return check


# Hospital spaces, setup, rounds -------------------------------------------------------------


def capacity_with(kinds: tuple[str, ...]) -> Check:
    """No hospital holds more patients than its spaces plus one per played card of
    ``kinds``, and a patient is rejected only when that many are full."""

    def check(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
        ctx = model.ctx

        def room(ps: Any) -> int:
            extra = sum(n for n, m in zip(ps.played, ctx.medical) if m.kind in kinds)
            return int(ctx.config.hospital_spaces + extra)

        for p, ps in enumerate(t.players):
            if len(ps.patients) > room(ps):
                return f"seat {p} holds {len(ps.patients)} patients in {room(ps)} spaces"
        if isinstance(a, actions.Reject):
            p = model.current_player(s)
            held = len(s.players[p].patients) + len(s.arrivals)
            if held <= room(s.players[p]):
                return f"seat {p} rejected a patient with {held} for {room(s.players[p])} spaces"
        return None

    return check


TRIALS_ADD = capacity_with((OUTPATIENT, TRIAL))
CLINICS_ONLY = capacity_with((OUTPATIENT,))


def has_trials(model: RHModel) -> bool:
    return any(m.kind == TRIAL for m in model.ctx.medical)


def credit_start(which: Reading) -> Check:
    """Before anything can raise it, credit production is the option's counter(s)."""

    def check(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
        a5, b10 = model.config.credit_counters
        counters: dict[Reading, int] = {
            R.CREDIT_START.FIFTEEN: a5 + b10,
            R.CREDIT_START.FIVE: a5,
            R.CREDIT_START.TEN: b10,
        }
        want = counters[which]
        if t.round == 1 and t.phase in (SETUP, PREPARATION):
            for p, ps in enumerate(t.players):
                if ps.production[4] != want:
                    return f"seat {p} starts with credit production {ps.production[4]}, not {want}"
        return None

    return check


def round_patients(row: str) -> Check:
    """A round's patient draw per seat is the round track's number (``round_cards``) or
    its own row (``round_patients``), plus the seat's staff and research production
    where RH-EXTRA-DRAWS=patients-too is declared; a round with a draw to make begins
    with it."""

    def check(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
        fresh = t.round > s.round and model.outcome(t) is None
        if not fresh and t.phase != PREPARATION:
            return None
        want = getattr(model.config, row)[t.round - 1]
        if want > 0 and t.phase != PREPARATION:
            return f"round {t.round} began without its Preparation's {want} patients a seat"
        for p, n in preparation_draws(s, t):
            seat_want = want + declared_extra(model, t, p)
            if n != seat_want:
                return f"round {t.round}: seat {p} draws {n} patients, not {seat_want}"
        return None

    return check


def preparation_draws(s: RHState, t: RHState) -> list[tuple[int, int]]:
    """(seat, patients to draw) of every Preparation patient draw in ``t`` not begun yet:
    the seat's patient draw (followed by its keep) behind another step, or at the head
    when it was not at the head before the step and the bottom of the deck is left (so no
    card was taken on the way); a seat's Medical draw with no patient draw after it: 0."""
    draws: dict[int, int] = {}
    for i, task in enumerate(t.queue):
        nxt = t.queue[i + 1] if i + 1 < len(t.queue) else None
        then = nxt.kind if nxt is not None and nxt.player == task.player else None
        if task.kind == T_DRAW_PICK and then != T_DRAW_PATIENT:
            draws[task.player] = 0
        elif task.kind == T_DRAW_PATIENT and then == T_KEEP:
            if i > 0 or (sum(t.shuffled) > 0 and not _drawing(s, task.player)):
                draws[task.player] = task.n
    return sorted(draws.items())


def _drawing(s: RHState, p: int) -> bool:
    """Whether seat ``p``'s Preparation patient draw is at the head of ``s``'s queue."""
    q = s.queue
    return len(q) > 1 and q[0].kind == T_DRAW_PATIENT and q[0].player == p and q[1].kind == T_KEEP


def extra_cards(t: RHState, p: int) -> int:
    """Preparation Phase: "as many cards as the sum of your staff and research
    production"."""
    prod = t.players[p].production
    return prod[P_STAFF] + prod[P_RESEARCH]


def declared_extra(model: RHModel, t: RHState, p: int) -> int:
    """The extra patients seat ``p`` draws under the declared RH-EXTRA-DRAWS."""
    return extra_cards(t, p) if reads(model, R.EXTRA_DRAWS.PATIENTS_TOO) else 0


def extra_patients(too: bool) -> Check:
    """RH-EXTRA-DRAWS: every seat's Preparation patient draw exceeds the round's patient
    number (the declared RH-ROUND-PATIENTS row) by its staff plus research production
    (``patients-too``) or by nothing (``medical-only``); the Medical draw is the round's
    number plus that production either way."""

    def check(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
        if t.phase != PREPARATION:
            return None
        own_row = reads(model, R.ROUND_PATIENTS.OWN_ROW)
        c = model.config
        base = (c.round_patients if own_row else c.round_cards)[t.round - 1]
        for p, n in preparation_draws(s, t):
            want = base + (extra_cards(t, p) if too else 0)
            if n != want:
                return f"round {t.round}: seat {p} draws {n} patients, not {want}"
        return None

    return check


def patient_rows_differ(model: RHModel) -> bool:
    c = model.config
    return tuple(c.round_cards[: c.rounds]) != tuple(c.round_patients[: c.rounds])


def ends_after_last_round(model: RHModel, t: RHState) -> str | None:
    """The game ends after the round track's last round, never before."""
    if t.round != model.config.rounds:
        return f"the game ended in round {t.round} of {model.config.rounds}"
    return None


def ends_on_empty_deck(model: RHModel, t: RHState) -> str | None:
    """The game ends after the last round or at a Cleanup that leaves the deck empty."""
    if t.round != model.config.rounds and deck_size(t) != 0:
        return f"the game ended in round {t.round} with {deck_size(t)} Patient cards left"
    return None


def no_round_after_empty_deck(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
    """A round never follows a Cleanup that left the Patient deck empty."""
    if t.round > s.round and s.phase in (TREATMENT, CLEANUP):
        returned = sum(sum(ps.dead) for ps in t.players) - sum(sum(ps.dead) for ps in s.players)
        if reads(model, R.TERMINAL_CARD.STAYS):  # a dead terminal patient's card stays out
            returned -= dead_terminals(t) - dead_terminals(s)
        if deck_size(s) + returned == 0:
            return f"round {t.round} began after a Cleanup that left the Patient deck empty"
    return None


def dead_terminals(s: RHState) -> int:
    return sum(ps.dead[TERMINAL] for ps in s.players)


def terminal_cards_out(model: RHModel, s: RHState) -> int:
    """Terminal Patient cards in no place a card can be: not unseen in the deck, not on
    the returned pile, not arriving, in a hospital or in a playing area."""
    codes = list(s.returned) + [pt.card for pt in s.arrivals]
    for ps in s.players:
        codes += [pt.card for pt in ps.patients] + [term.card for term in ps.terminals]
    seen = Counter(c for c in codes if c >= 0)
    return sum(
        card.count - s.unresolved[t] - seen[t]
        for t, card in enumerate(model.ctx.patients)
        if card.priority == TERMINAL
    )


def terminal_card_goes(stays: bool) -> Check:
    """RH-TERMINAL-CARD: a dead terminal patient's card goes on top of the Patient deck,
    so no terminal card is ever out of every place (``deck-top``); or it stays with its
    player, so exactly the dead terminal patients' cards are (``stays``)."""

    def check(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
        out, kept = terminal_cards_out(model, t), dead_terminals(t) if stays else 0
        if out != kept:
            return f"{out} terminal Patient cards out of the deck and play, not {kept}"
        return None

    return check


def tokens_kept(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
    """``keep``: the Cleanup takes no token from a player."""
    if crossed_deaths(s, t):
        for p, (x, y) in enumerate(zip(s.players, t.players)):
            if any(b < a_ for a_, b in zip(x.tokens[:4], y.tokens[:4])):
                return f"seat {p}'s tokens {x.tokens[:4]} fell to {y.tokens[:4]} at Cleanup"
    return None


def tokens_discarded(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
    """``discard``: after the Cleanup a player holds no diagnosis, healing, research or
    staff token but what the next round's production gives."""
    if crossed_deaths(s, t):
        for p, ps in enumerate(t.players):
            limit = ps.production[:4] if t.phase == ACTIONS else (0, 0, 0, 0)
            if any(k > lim for k, lim in zip(ps.tokens[:4], limit)):
                return f"seat {p} kept tokens {ps.tokens[:4]} through the Cleanup"
    return None


# Treatment: what pays, what it costs ---------------------------------------------------------


def treatment_spares(kind: int, name: str) -> Check:
    """No treatment step spends a token of ``kind``."""

    def check(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
        if s.phase != TREATMENT or isinstance(a, actions.EndTreatment):
            return None
        p = model.current_player(s)
        if t.players[p].tokens[kind] < s.players[p].tokens[kind]:
            return f"seat {p} spent {name} in the Treatment Phase"
        return None

    return check


def diagnosis_offered(research: bool | None = None, doctor: bool | None = None) -> Check:
    """A patient can be diagnosed exactly when the tokens the book accepts for a diagnosis
    (research and congress doctors as ``research`` / ``doctor`` say, or as the readings
    in force say) cover its printed difficulty."""

    def check(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
        if t.phase != TREATMENT or t.queue:
            return None
        p = t.turn
        ps = t.players[p]
        legal = model.legal_actions(t)
        held = sum(ps.tokens[k] for k in accepted(model, DIAG, research, doctor))
        for pt in ps.patients:
            if pt.diagnosed or is_critical(model, pt.card):
                continue
            cost = diagnosis_cost(model, pt.card) - pt.paid
            offered = actions.Diagnose(tuple(pt)) in legal
            if offered != (0 < cost <= held):
                verb = "offered" if offered else "refused"
                return f"seat {p}: diagnosis costing {cost} {verb} with {held} accepted tokens"
        return None

    return check


def resources_parked(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
    """``partial``: a player who holds accepted tokens but too few for a patient's
    diagnosis may put one on the card."""
    if t.phase != TREATMENT or t.queue:
        return None
    p = t.turn
    ps = t.players[p]
    legal = model.legal_actions(t)
    held = sum(ps.tokens[k] for k in accepted(model, DIAG))
    both = reads(model, R.CRITICAL_COST.DIAGNOSE_AND_HEAL)
    for pt in ps.patients:
        if is_critical(model, pt.card):
            d, h = critical_parts(model, pt, both)
            short = treatment.pay_parts(model.ctx, ps.tokens, d, h) is None
            kind = DIAG if d else HEAL
            one = treatment.pay(ps.tokens, treatment.chain(model.ctx, kind), 1) is not None
            if short and (d or h > 0) and one and actions.Assign(tuple(pt)) not in legal:
                return f"seat {p} may not put a token towards a critical patient's {d}+{h}"
            continue
        if pt.diagnosed:
            continue
        cost = diagnosis_cost(model, pt.card) - pt.paid
        if 0 < held < cost and actions.Assign(tuple(pt)) not in legal:
            return f"seat {p} may not put one of {held} tokens towards a {cost} diagnosis"
    return None


def paid_in_full(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
    """``whole``: no patient ever holds resources towards a later step."""
    for p, ps in enumerate(t.players):
        if any(pt.paid for pt in ps.patients):
            return f"seat {p} has resources lying on a patient card"
    return None


def critical_parts(model: RHModel, pt: Any, both: bool) -> tuple[int, int]:
    """What curing critical patient ``pt`` still costs, as (diagnosis, healing) parts:
    its healing difficulty, plus its diagnostic one under ``diagnose-and-heal``, less
    what lies on the card (paid towards the diagnosis first)."""
    card = model.ctx.patients[pt.card]
    diag = card.diag if both else 0
    return max(diag - pt.paid, 0), card.heal - max(pt.paid - diag, 0)


def _treating(t: RHState) -> bool:
    """A Treatment Phase decision of the player ``t.turn`` (no step pending)."""
    return t.phase == TREATMENT and not t.queue


def critical_cost(both: bool) -> Check:
    """Curing a critical patient commits its healing difficulty (plus its diagnostic
    one under ``diagnose-and-heal``), less what lies on the card; and a player who can
    pay that may cure it, one who cannot may not."""

    def check(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
        if _treating(t):
            legal = model.legal_actions(t)
            ps = t.players[t.turn]
            for pt in ps.patients:
                if not is_critical(model, pt.card):
                    continue
                d, h = critical_parts(model, pt, both)
                affords = treatment.pay_parts(model.ctx, ps.tokens, d, h) is not None
                if affords != (actions.Heal(tuple(pt)) in legal):
                    say = "may not" if affords else "may"
                    return f"seat {t.turn} {say} cure a critical patient costing {d}+{h}"
        if not isinstance(a, actions.Heal) or not is_critical(model, a.patient[0]):
            return None
        card = model.ctx.patients[a.patient[0]]
        want = card.heal + (card.diag if both else 0) - a.patient[3]
        p = model.current_player(s)
        if (got := committed(s, t, p)) != want:
            return f"seat {p} paid {got} to cure a critical patient, not {want}"
        return None

    return check


def critical_deadline(tokens: int) -> Check:
    """A critical patient dies at the Cleanup that gives it its ``tokens``-th time
    token: none holds that many after a Cleanup, and none dies sooner."""

    def check(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
        ctx = model.ctx

        def critical(pt: Any) -> bool:
            return pt.card >= 0 and ctx.patients[pt.card].priority == CRITICAL

        if t.phase != CLEANUP:
            for p, ps in enumerate(t.players):
                if any(critical(pt) and pt.tokens >= tokens for pt in ps.patients):
                    return f"seat {p}'s critical patient lives with {tokens} time tokens"
        if crossed_deaths(s, t):
            added = 1 if s.phase == TREATMENT else 0
            for p, (x, y) in enumerate(zip(s.players, t.players)):
                due = sum(1 for pt in x.patients if critical(pt) and pt.tokens + added >= tokens)
                if y.dead[CRITICAL] - x.dead[CRITICAL] > due:
                    return f"seat {p}'s critical patient died before its {tokens}th time token"
        return None

    return check


def terminal_costs_differ(model: RHModel) -> bool:
    return any(c.priority == TERMINAL and c.heal != 1 for c in model.ctx.patients)


def terminal_cost(one: bool) -> Check:
    """Treating a terminal patient commits 1 healing resource (or its printed healing
    difficulty)."""

    def check(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
        if not isinstance(a, actions.TreatTerminal):
            return None
        want = 1 if one else model.ctx.patients[a.card].heal
        p = model.current_player(s)
        if (got := committed(s, t, p)) != want:
            return f"seat {p} paid {got} for a terminal patient, not {want}"
        return None

    return check


def terminal_reward(which: str) -> Check:
    """A terminal treatment pays the card's credits and victory points every time, the
    first time only (per terminal patient), or never; and it marks the patient as
    rewarded (so that no later treatment pays) under the first-time reading only."""

    def check(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
        if not isinstance(a, actions.TreatTerminal):
            return None
        p = model.current_player(s)
        card = model.ctx.patients[a.card]
        term = next(x for x in s.players[p].terminals if x.card == a.card and not x.treated)
        pays = which == R.TERMINAL_REWARD.EVERY_TREATMENT or (
            which == R.TERMINAL_REWARD.FIRST_TREATMENT and not term.rewarded
        )
        got = (t.players[p].vp - s.players[p].vp, t.players[p].credits - s.players[p].credits)
        want = (card.vp, card.credits) if pays else (0, 0)
        if got != want:
            return f"seat {p}'s terminal treatment paid {got}, not {want}"
        mark = int(which == R.TERMINAL_REWARD.FIRST_TREATMENT)
        after = [x for x in t.players[p].terminals if x.card == a.card and x.treated]
        if after and all(x.rewarded != mark for x in after):
            return f"seat {p}'s treated terminal patient is marked rewarded={after[0].rewarded}"
        return None

    return check


def terminal_upkeep(every_round: bool) -> Check:
    """At a Cleanup every untreated terminal patient dies; under ``every-round`` the
    survivors need treating again, under ``arrival-round-only`` a treated one is safe
    for good."""

    def check(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
        if not crossed_deaths(s, t):
            return None
        for p, (x, y) in enumerate(zip(s.players, t.players)):
            untreated = sum(1 for term in x.terminals if not term.treated)
            if y.dead[TERMINAL] - x.dead[TERMINAL] != untreated:
                return f"seat {p}: {untreated} untreated terminal patients, not all died"
            if every_round and any(term.treated for term in y.terminals):
                return f"seat {p}'s terminal patient counts as treated in a new round"
            safe = Counter(term.card for term in x.terminals if term.treated)
            kept = Counter(term.card for term in y.terminals if term.treated)
            if not every_round and safe - kept:
                return f"seat {p}'s treated terminal patient lost its care"
        return None

    return check


def chronic_never_die(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
    """``terminal-slip``: no chronic patient ever dies."""
    for p, (x, y) in enumerate(zip(s.players, t.players)):
        if y.dead[CHRONIC] > x.dead[CHRONIC]:
            return f"seat {p}'s chronic patient died"
    return None


def chronic_die(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
    """``chronic-die``: no chronic patient the Cleanup checks outlives it with a time token
    (what must happen): a diagnosed one, or an undiagnosed one its two time tokens had
    revealed ("If any undiagnosed patients have two or more time tokens, you must reveal
    their healing side ... to check their priority"); and a chronic death costs 1 quality
    of care, not a severe patient's 2 nor nothing (what must not): checked on a Cleanup
    where only chronic patients died."""
    if not crossed_deaths(s, t):
        return None
    for p, ps in enumerate(t.players):
        for pt in ps.patients:
            chronic = pt.card >= 0 and model.ctx.patients[pt.card].priority == CHRONIC
            if chronic and pt.diagnosed and pt.tokens >= 1:
                return f"seat {p}'s diagnosed chronic patient lived through a Cleanup"
            if chronic and not pt.diagnosed and pt.tokens >= REVEAL_TOKENS:
                return (
                    f"seat {p}'s chronic patient, revealed by {pt.tokens} time tokens, "
                    "lived through a Cleanup"
                )
    for p, (x, y) in enumerate(zip(s.players, t.players)):
        died = [b - a_ for a_, b in zip(x.dead, y.dead)]
        if died[CHRONIC] == 0 or sum(died) != died[CHRONIC]:
            continue
        want = x.qoc - died[CHRONIC]
        if reads(model, R.QOC_FLOOR.CLAMP):
            want = max(want, 0)
        if y.qoc != want:
            return f"seat {p}'s {died[CHRONIC]} chronic deaths moved quality of care {x.qoc} -> {y.qoc}"
    return None


def qoc_clamped(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
    """``clamp``: quality of care never leaves the track (0 .. its last space)."""
    for p, ps in enumerate(t.players):
        if not 0 <= ps.qoc <= model.config.qoc_max:
            return f"seat {p}'s quality of care is {ps.qoc}"
    return None


def qoc_below_zero(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
    """``below-zero``: a Cleanup's deaths cost their full quality of care (2 each, 1 for
    a terminal or chronic patient) even below 0; the last space still caps it."""
    for p, ps in enumerate(t.players):
        if ps.qoc > model.config.qoc_max:
            return f"seat {p}'s quality of care {ps.qoc} passed the last space"
    if not crossed_deaths(s, t):
        return None
    for p, (x, y) in enumerate(zip(s.players, t.players)):
        died = [b - a_ for a_, b in zip(x.dead, y.dead)]
        loss = 2 * (died[CRITICAL] + died[SEVERE]) + died[TERMINAL] + died[CHRONIC]
        if y.qoc > x.qoc - loss:
            return f"seat {p} lost {x.qoc - y.qoc} quality of care for deaths costing {loss}"
    return None


# Payments under scored tokens ------------------------------------------------------------


def _payment(model: RHModel, s: RHState, a: Any) -> int | None:
    """The cost part a single-part payment step pays (DIAG, HEAL or RESEARCH)."""
    if isinstance(a, actions.Diagnose):
        return DIAG
    if isinstance(a, (actions.Heal, actions.Assign)) and not is_critical(model, a.patient[0]):
        return HEAL if a.patient[1] else DIAG
    if isinstance(a, actions.TreatTerminal):
        return HEAL
    if isinstance(a, (actions.PlayCard, actions.SellResearch)):
        return RESEARCH
    return None


def payment_chosen(counted_apart: bool) -> Check:
    """Which tokens pay is the player's: a step that pays a cost two held kinds could pay
    (without needing every accepted token) takes none itself. ``counted_apart``: every
    kind is compared on its own (RH-COMPARE-COUNTERS=tokens); otherwise only their sum
    is (RH-TIE-RESOURCES=tokens), so the choice is a congress doctor or a counted token."""

    def check(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
        part = _payment(model, s, a)
        if part is None:
            return None
        p = model.current_player(s)
        kinds = accepted(model, part)
        held = [k for k in kinds if s.players[p].tokens[k]]
        cost = committed(s, t, p)
        if not counted_apart:
            held = [k for k in held if k == DOCTOR] + [k for k in held if k != DOCTOR][:1]
            if DOCTOR not in held:
                return None
        total = sum(s.players[p].tokens[k] for k in kinds)
        if len(held) < 2 or not 0 < cost < total:
            return None
        spent = [k for k in kinds if t.players[p].tokens[k] < s.players[p].tokens[k]]
        if spent:
            return f"seat {p}'s {type(a).__name__} spent token kinds {spent} without a choice"
        return None

    return check


# Tracks, production, cards -----------------------------------------------------------------


def _moves(s: RHState, p: int) -> list[int]:
    """Spaces still to go of player ``p``'s pending ambulance moves."""
    return [
        k.effect.n
        for k in s.queue
        if k.kind == T_EFFECT
        and k.player == p
        and k.effect is not None
        and k.effect.code == AMBULANCE
    ]


def ambulance_loop(spaces: int) -> Check:
    """The ambulance loop is ``spaces`` long: positions 0..13, a move of n spaces from x
    ends on (x + n) mod 14 (13 -> 0 -> 1), or on the thirteen-space loop 13 -> 1 with
    space 0 never reached again. Checked on a step that goes on with a move already
    under way (its length is pending), with no insurance advance in between."""

    def check(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
        for p, (x, y) in enumerate(zip(s.players, t.players)):
            if not 0 <= y.ambulance <= 13:
                return f"seat {p} is on ambulance space {y.ambulance}"
            if spaces == 13 and y.ambulance == 0 and x.ambulance != 0:
                return f"seat {p} came back to space 0 of a thirteen-space loop"
            before, after = _moves(s, p), _moves(t, p)
            if len(before) != 1 or len(after) > 1 or x.insurance != y.insurance:
                continue
            moved = before[0] - (after[0] if after else 0)
            if spaces == 14:
                want = (x.ambulance + moved) % 14
            else:
                want = (x.ambulance - 1 + moved) % 13 + 1 if moved else x.ambulance
            if moved > 0 and y.ambulance != want:
                return f"seat {p} moved {moved} from {x.ambulance} to {y.ambulance}, not {want}"
        return None

    return check


def production_pays(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
    """``always``: a step that raises a production track gives at least as many of those
    resources (less what the step itself paid in research or credits)."""
    if s.phase != ACTIONS:
        return None
    card = model.ctx.medical[a.card] if isinstance(a, actions.PlayCard) else None
    for p, (x, y) in enumerate(zip(s.players, t.players)):
        for k in range(5):
            rise = y.production[k] - x.production[k]
            if rise <= 0:
                continue
            if k == 4:
                got, paid = y.credits - x.credits, card.credits if card else 0
            else:
                got = y.tokens[k] - x.tokens[k]
                paid = card.research if card and k == RESEARCH else 0
                paid += 1 if isinstance(a, actions.UseToken) and a.kind == k else 0
            if got < rise - paid:
                return f"seat {p}'s production {k} rose by {rise} and gave {got}"
    return None


def activation_unpaid(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
    """``card-play-only``: activating a card (no card play) whose reward only gains and
    raises production gives just the gains, nothing for the production."""
    if not isinstance(a, actions.Activate):
        return None
    effects = model.ctx.medical[a.card].action
    if any(e.code not in (GAIN, PROD) for e in effects):
        return None
    p = model.current_player(s)
    for k in range(4):
        want = sum(e.n for e in effects if e.code == GAIN and e.a == k)
        got = t.players[p].tokens[k] - s.players[p].tokens[k]
        if got != want:
            return f"seat {p}'s activation gave {got} of token {k}, not the {want} printed"
    return None


def activation_raises_production(model: RHModel) -> bool:
    return any(e.code == PROD for m in model.ctx.medical for e in m.action)


def healed_spent(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
    """``spend``: playing a card that costs healed patients moves the counter back by the
    cost (when its own rewards move nothing else), and the highest value is kept."""
    for p, ps in enumerate(t.players):
        if ps.healed_max < ps.healed:
            return f"seat {p}'s highest healed value {ps.healed_max} is below {ps.healed}"
    if isinstance(a, actions.PlayCard):
        card = model.ctx.medical[a.card]
        quiet = all(e.code not in (AMBULANCE, INSURANCE, CHOICE) for e in card.immediate)
        p = model.current_player(s)
        gained = sum(e.n for e in card.immediate if e.code == GAIN and e.a == HEALED)
        want = s.players[p].healed - card.healed + gained
        if card.healed and quiet and t.players[p].healed != want:
            return f"seat {p}'s healed counter is {t.players[p].healed}, not {want}"
    return None


def healed_threshold(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
    """``threshold``: the healed patients counter never moves back."""
    for p, (x, y) in enumerate(zip(s.players, t.players)):
        if y.healed < x.healed:
            return f"seat {p}'s healed counter fell from {x.healed} to {y.healed}"
    return None


def costs_healed(model: RHModel) -> bool:
    return any(m.healed for m in model.ctx.medical)


def starting_card(in_play: bool) -> Check:
    """Before round 1's actions, each starting card lies face up (or sits in the hand)."""

    def check(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
        if t.round != 1 or t.phase not in (SETUP, PREPARATION):
            return None
        ctx = model.ctx
        for c, m in enumerate(ctx.medical):
            if m.kind != STARTING:
                continue
            for p, ps in enumerate(t.players):
                where = (ps.played[c], ps.hand[c]) if in_play else (ps.hand[c], ps.played[c])
                if where != (1, 0):
                    return f"seat {p}'s starting card: played {ps.played[c]}, hand {ps.hand[c]}"
        return None

    return check


def has_starting(model: RHModel) -> bool:
    return any(m.kind == STARTING for m in model.ctx.medical)


def activation_on_play(same_round: bool) -> Check:
    """Playing a card with an action reward leaves it ready to activate this round (or
    rotated until the next)."""

    def check(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
        if not isinstance(a, actions.PlayCard) or not model.ctx.medical[a.card].action:
            return None
        p = model.current_player(s)
        rotated = t.players[p].used[a.card] - s.players[p].used[a.card]
        if rotated != (0 if same_round else 1):
            return f"seat {p}'s played card was rotated {rotated} times"
        return None

    return check


def plays_action_cards(model: RHModel) -> bool:
    return any(m.action and m.kind != STARTING for m in model.ctx.medical) or (
        reads(model, R.STARTING_CARD.IN_HAND) and any(m.action for m in model.ctx.medical)
    )


def _advances(s: RHState, p: int) -> Counter[int]:
    """Pending advances on a named insurance company, per company."""
    return Counter(
        k.effect.a
        for k in s.queue
        if k.kind == T_EFFECT
        and k.player == p
        and k.effect is not None
        and k.effect.code == INSURANCE
        and k.effect.a >= 0
    )


def _any_company(s: RHState, p: int) -> int:
    """Pending advances on a company of the player's choice."""
    return sum(
        1
        for k in s.queue
        if k.kind == T_EFFECT
        and k.player == p
        and k.effect is not None
        and k.effect.code == INSURANCE
        and k.effect.a < 0
    )


def insurance_full(redirect: bool) -> Check:
    """Advances owed on a company beyond its level 5 are lost (or each becomes an
    advance on another open company, perhaps the player's pending choice). Checked on a
    step that resolves advances already pending."""

    def check(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
        for p, (x, y) in enumerate(zip(s.players, t.players)):
            owed, left = _advances(s, p), _advances(t, p)
            for c, n in owed.items():
                done = n - left[c]
                excess = max(0, x.insurance[c] + done - 5)
                if done <= 0 or not excess:
                    continue
                others = sum(y.insurance) - y.insurance[c] - (sum(x.insurance) - x.insurance[c])
                head = t.queue[0] if t.queue else None
                choosing = (
                    head is not None
                    and head.kind == T_EFFECT
                    and head.effect is not None
                    and head.effect.code == INSURANCE
                    and head.player == p
                )
                open_ = any(lv < 5 for i, lv in enumerate(x.insurance) if i != c)
                anew = _any_company(t, p) > _any_company(s, p) and x.ambulance == y.ambulance
                if not redirect and (others or anew):
                    return f"seat {p}'s advance on a full company went to another company"
                if redirect and open_ and not others and not choosing:
                    return f"seat {p}'s advance on a full company was lost"
        return None

    return check


def advances_one_company(model: RHModel) -> bool:
    return any(
        e.code == INSURANCE and e.a >= 0 for m in model.ctx.medical for e in m.immediate + m.action
    )


# Helicopters and draws ---------------------------------------------------------------------


def _helicopter(t: RHState) -> Any:
    head = t.queue[0] if t.queue else None
    if (
        head
        and head.kind == T_EFFECT
        and head.effect is not None
        and head.effect.code == HELICOPTER
    ):
        return head
    return None


def helicopter_both(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
    """``both-allowed``: after one option the same helicopter still offers the other."""
    head = _helicopter(t)
    if head is None or head.n not in (HELI_DISCARDED, HELI_DREW):
        if isinstance(a, actions.HelicopterDiscard) and not s.queue[0].n:
            return "the helicopter ended after a discard without offering the draw"
        return None
    legal = model.legal_actions(t)
    if head.n == HELI_DISCARDED and actions.HelicopterDraw() not in legal:
        return "the helicopter does not offer the draw after a discard"
    if head.n == HELI_DREW and t.players[head.player].patients:
        if not any(isinstance(x, actions.HelicopterDiscard) for x in legal):
            return "the helicopter does not offer a discard after the draw"
    return None


def helicopter_one(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
    """``one-only``: a helicopter that has done one option offers nothing more."""
    head = _helicopter(t)
    if head is not None and head.n:
        return "a helicopter offers a second option"
    return None


def helicopter_spares_terminals(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
    """RH-HELICOPTER-TERMINAL=hospital-only: no helicopter discards a terminal patient."""
    if isinstance(a, actions.HelicopterDiscardTerminal):
        return f"a helicopter discarded the terminal patient {a.terminal}"
    return None


def helicopter_takes_terminals(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
    """RH-HELICOPTER-TERMINAL=terminals-too: a helicopter whose discard is still open
    offers every terminal patient of its player (one-only or both-allowed as declared)."""
    head = _helicopter(t)
    if head is None or head.n & HELI_DISCARDED:
        return None
    if head.n and not reads(model, R.HELICOPTER_BOTH.BOTH_ALLOWED):
        return None
    legal = model.legal_actions(t)
    for term in t.players[head.player].terminals:
        if actions.HelicopterDiscardTerminal(tuple(term)) not in legal:
            return f"the helicopter does not offer the terminal patient {tuple(term)}"
    return None


def helicopter_discard(loss: int) -> Check:
    """A helicopter's discard costs ``loss`` quality of care (none when ``free``)."""

    def check(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
        if not isinstance(a, actions.HelicopterDiscard):
            return None
        touches = (GAIN, AMBULANCE, INSURANCE, CHOICE)
        if any(k.effect is not None and k.effect.code in touches for k in consumed(s, t)):
            return None  # a later reward of the step may move quality of care
        p = model.current_player(s)
        x = s.players[p].qoc
        want = x - loss
        if reads(model, R.QOC_FLOOR.CLAMP):
            want = max(want, 0)
        if t.players[p].qoc != want:
            return f"seat {p}'s helicopter discard moved quality of care {x} -> {t.players[p].qoc}"
        return None

    return check


def helicopter_order(from_sender: bool) -> Check:
    """A helicopter's draws go to every seat in order from its sender (or from the
    starting player)."""

    def check(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
        if not isinstance(a, actions.HelicopterDraw):
            return None
        P = model.config.players
        start = model.current_player(s) if from_sender else t.first
        want = [(start + k) % P for k in range(P)]
        got = []
        for task in t.queue:
            if task.kind == T_DRAW_PATIENT:
                got.append(task.player)
            elif task.kind == T_EFFECT:
                break
        if got != want[len(want) - len(got) :]:
            return f"the helicopter's draws go to seats {got}, not {want}"
        return None

    return check


def medical_not_refilled(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
    """``no-draw``: the Medical deck never grows back."""
    if sum(t.deck) > sum(s.deck):
        return f"the Medical deck grew from {sum(s.deck)} to {sum(t.deck)} cards"
    return None


def _owed(s: RHState) -> int:
    return sum(k.n for k in s.queue if k.kind in (T_DRAW_PICK, T_DRAW_HAND))


def medical_refilled(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
    """``reshuffle``: a Medical draw owed while the deck is empty takes a card from the
    discard pile, never nothing."""
    if sum(s.deck) or not sum(s.discard) or _owed(t) >= _owed(s):
        return None
    drawn = sum(sum(ps.hand) for ps in t.players) + sum(t.picking) + sum(t.deck)
    before = sum(sum(ps.hand) for ps in s.players) + sum(s.picking)
    if drawn <= before:
        return "a Medical card was owed and the discard pile was not shuffled in"
    return None


def can_empty_medical(model: RHModel) -> bool:
    return len(model.ctx.medical) > len(model.ctx.starting)


def draws_to_hand(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
    """``medical``: in the Action Phase only a helicopter makes a patient be drawn (what
    must not happen), and a card's "draw 1 card" reward leaves its player a Medical card
    draw when the Medical deck (or a discard pile to reshuffle) has one (what must)."""
    count = sum(1 for k in t.queue if k.kind == T_DRAW_PATIENT)
    before = sum(1 for k in s.queue if k.kind == T_DRAW_PATIENT)
    if t.phase == ACTIONS and count > before and not isinstance(a, actions.HelicopterDraw):
        return f"a {type(a).__name__} step made a patient be drawn"
    can_draw = sum(t.deck) > 0 or (model.ctx.reshuffle and sum(t.discard) > 0)
    return card_draws(model, s, a, t, T_DRAW_HAND, "Medical") if can_draw else None


def card_draws(model: RHModel, s: RHState, a: Any, t: RHState, kind: int, deck: str) -> str | None:
    """Playing or activating a card whose reward draws ``n`` leaves ``n`` draws of
    ``kind`` pending for its player."""
    if isinstance(a, (actions.PlayCard, actions.Activate)):
        card = model.ctx.medical[a.card]
        effects = card.immediate if isinstance(a, actions.PlayCard) else card.action
        p = model.current_player(s)
        owed = sum(e.n for e in effects if e.code == DRAW)
        pending = sum(k.n for k in t.queue if k.kind == kind and k.player == p)
        if owed and pending < owed:
            return f"seat {p}'s 'draw {owed} card' reward left {pending} {deck} draws"
    return None


def draws_patients(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
    """``patient``: no Medical card enters a hand during the Action Phase (what must not
    happen), and a card's "draw 1 card" reward leaves its player a patient draw while the
    Patient deck has a card (what must)."""
    if sum(t.shuffled) > 0 and (msg := card_draws(model, s, a, t, T_DRAW_PATIENT, "Patient")):
        return msg
    if s.phase == ACTIONS and t.phase == ACTIONS and s.round == t.round:
        for p, (x, y) in enumerate(zip(s.players, t.players)):
            if sum(y.hand) > sum(x.hand):
                return f"seat {p} drew a Medical card in the Action Phase"
    return None
