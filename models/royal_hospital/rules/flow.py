"""The order of play: pending steps run until a decision or a chance step is due.

Game Play: "Each round is divided into phases: Preparation, Action, Treatment and
Cleanup." Each phase queues its steps (``state.Task``); :func:`advance` runs every step
that needs nobody, so a state handed to an engine always waits for a player or for
chance (OpenSpiel-style: whose turn it is follows from the state).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hhh_verify.contract.records import replace

from . import (
    action_phase,
    cleanup,
    patients,
    resolve,
    treatment,
)
from .board import bump, order, set_player
from .context import Ctx
from .effects import P_CREDIT, P_RESEARCH, P_STAFF
from .state import (
    ACTIONS,
    CLEANUP,
    HELI_DISCARDED,
    HELI_DREW,
    OVER,
    PREPARATION,
    SETUP,
    T_ADMIT,
    T_DEATHS,
    T_DRAW_HAND,
    T_DRAW_PATIENT,
    T_DRAW_PICK,
    T_EFFECT,
    T_END_TURN,
    T_FIRST,
    T_KEEP,
    T_PRESTIGE,
    T_PRODUCE,
    T_REVEAL,
    T_ROUND_END,
    T_START_ACTIONS,
    RHState,
    Task,
)

ONE = Fraction(1)


def waits(ctx: Ctx, s: RHState, task: Task) -> bool:
    """Whether the head step needs chance or a player (otherwise it runs at once)."""
    k = task.kind
    if k == T_FIRST:
        return True
    if k in (T_DRAW_PICK, T_DRAW_HAND):
        return task.n > 0 and sum(s.deck) > 0
    if k == T_DRAW_PATIENT:
        return task.n > 0 and sum(s.shuffled) > 0
    if k == T_KEEP:
        return 0 < task.n < sum(s.picking)
    if k == T_ADMIT:
        return bool(s.arrivals) and not patients.fits(ctx, s, task.player)
    if k == T_EFFECT:
        return resolve.is_decision(ctx, s, task)
    if k == T_REVEAL:
        return any(cleanup.needs_reveal(ctx, pt) for pt in s.players[task.player].patients)
    if k in treatment.PART_OF:
        return len(treatment.token_choices(ctx, s)) > 1
    return False


def advance(ctx: Ctx, s: RHState) -> RHState:
    """Run the steps that need nobody until a decision, a chance step or the end."""
    while True:
        if s.queue:
            task = s.queue[0]
            if waits(ctx, s, task):
                return s
            s = run(ctx, replace(s, queue=s.queue[1:]), task)
            continue
        if s.phase == SETUP:
            s = begin_round(ctx, s)
            continue
        return s  # ACTIONS / TREATMENT wait for the turn player; OVER is final


def run(ctx: Ctx, s: RHState, task: Task) -> RHState:
    """One step that needs nobody (the task is already off the queue)."""
    k, p = task.kind, task.player
    if k == T_EFFECT:
        return resolve.apply(ctx, s, task)
    if k == T_END_TURN:
        return action_phase.end_turn(ctx, s, p)
    if k in (T_DRAW_PICK, T_DRAW_HAND):
        if task.n > 0 and ctx.reshuffle and sum(s.discard) != 0:
            # RH-MEDICAL-EMPTY: the discard pile becomes the new deck
            s = replace(s, deck=s.discard, discard=(0,) * ctx.M)
            return replace(s, queue=(task,) + s.queue)
        return s  # nothing (more) to draw
    if k == T_DRAW_PATIENT:
        if task.n > 0 and s.returned:  # only the returned pile is left: no chance involved
            card, t = patients.take(ctx, s, -1)
            t = patients.arrive(ctx, t, p, card)
            return replace(t, queue=(task._replace(n=task.n - 1),) + t.queue)
        return s
    if k == T_KEEP:
        return keep_rest(ctx, s, p, task.n)
    if k == T_ADMIT:
        return patients.admit_all(s, p)
    if k == T_PRODUCE:
        return produce(ctx, s)
    if k == T_START_ACTIONS:
        s = replace(s, phase=ACTIONS, turn=s.first)
        for q in range(ctx.P):
            s = set_player(s, q, passed=False)
        return s
    if k == T_REVEAL:
        return s
    if k == T_DEATHS:
        for q in order(s, ctx):
            s = cleanup.deaths(ctx, s, q)
        return s
    if k == T_PRESTIGE:
        for q in order(s, ctx):
            s = cleanup.score_prestige(s, q)
        return s
    if k == T_ROUND_END:
        return round_end(ctx, s)
    if k in treatment.PART_OF:  # one token kind can pay the next unit: it does
        s = replace(s, queue=(task,) + s.queue)
        (kind,) = treatment.token_choices(ctx, s)
        return treatment.use_token(ctx, s, kind)
    raise AssertionError(f"task {task} cannot run by itself")


def chance_weights(ctx: Ctx, s: RHState) -> list[tuple[int, int]]:
    """The outcomes of the chance step at the head of the queue, as (key, weight):
    the starting player (uniform); a Medical card type, each with weight (its cards in
    the deck) -- "Shuffle the Patient and Medical decks"; a Patient card's visible class
    (``patients.draw_weights``); the type an undiagnosed patient turns out to be at the
    Cleanup check."""
    task = s.queue[0]
    k = task.kind
    if k == T_FIRST:
        return [(q, 1) for q in range(ctx.P)]
    if k in (T_DRAW_PICK, T_DRAW_HAND):
        return [(t, n) for t, n in enumerate(s.deck) if n]
    if k == T_DRAW_PATIENT:
        return patients.draw_weights(ctx, s)
    if k == T_REVEAL:
        return cleanup.reveal_weights(ctx, s, task.player)
    raise AssertionError(f"no chance step for task {task}")


def chance_apply(ctx: Ctx, s: RHState, key: int) -> RHState:
    """The state after chance outcome ``key`` (before :func:`advance`)."""
    task = s.queue[0]
    rest = s.queue[1:]
    k, p = task.kind, task.player
    head = (task._replace(n=task.n - 1),) if task.n > 1 else ()
    if k == T_FIRST:
        return replace(s, first=key, turn=key, queue=rest)
    if k in (T_DRAW_PICK, T_DRAW_HAND):
        u = replace(s, deck=bump(s.deck, key, -1), queue=head + rest)
        if k == T_DRAW_PICK:
            return replace(u, picking=bump(u.picking, key, 1))
        return set_player(u, p, hand=bump(u.players[p].hand, key, 1))
    if k == T_DRAW_PATIENT:
        card, t = patients.take(ctx, s, key)
        return patients.arrive(ctx, replace(t, queue=head + rest), p, card)
    assert k == T_REVEAL
    return cleanup.revealed_as(ctx, s, p, key)


def chance(ctx: Ctx, s: RHState) -> list[tuple[RHState, Fraction]]:
    """The exact outcomes of the chance step at the head of the queue."""
    weights = chance_weights(ctx, s)
    total = sum(w for _, w in weights)
    return [(chance_apply(ctx, s, key), Fraction(w, total)) for key, w in weights]


def pick(weights: list[tuple[int, int]], rng: Any) -> int:
    """Sample a key with exactly the weights' odds (integer arithmetic, no float bias)."""
    r = rng.randrange(sum(w for _, w in weights))
    for key, w in weights:
        r -= w
        if r < 0:
            return key
    raise AssertionError("weights changed while sampling")


# Game Setup, Preparation and Cleanup ---------------------------------------------------------


def begin_round(ctx: Ctx, s: RHState) -> RHState:
    """Preparation Phase 1: "In player order, each player draws as many cards from the
    Medical and Patient decks as indicated by the round tracker", plus as many Medical
    cards as their staff and research production, keeping the round's number (and as
    many extra patients under RH-EXTRA-DRAWS=patients-too); patients go to the hospital
    (Hospital Board: admit or reject). Then 2 (production) and 3 (rotate the action
    cards)."""
    r = s.round
    cards = ctx.config.round_cards[r - 1]
    arriving = ctx.patients_per_round[r - 1]
    tasks: list[Task] = []
    for p in order(s, ctx):
        prod = s.players[p].production
        extra = prod[P_RESEARCH] + prod[P_STAFF]
        tasks += [
            Task(T_DRAW_PICK, p, cards + extra),
            Task(T_DRAW_PATIENT, p, arriving + (extra if ctx.extra_patients else 0)),
            Task(T_KEEP, p, cards),
            Task(T_ADMIT, p),
        ]
    tasks += [Task(T_PRODUCE), Task(T_START_ACTIONS)]
    return replace(s, phase=PREPARATION, queue=tuple(tasks) + s.queue)


def keep(ctx: Ctx, s: RHState, p: int, t: int) -> RHState:
    """Keep one drawn card; the keep step's count goes down by one."""
    task = s.queue[0]
    s = replace(
        s, picking=bump(s.picking, t, -1), queue=(task._replace(n=task.n - 1),) + s.queue[1:]
    )
    return set_player(s, p, hand=bump(s.players[p].hand, t, 1))


def keep_rest(ctx: Ctx, s: RHState, p: int, n: int) -> RHState:
    """No choice left: keep everything (as many as may be kept) and discard the rest."""
    if n > 0:
        hand = tuple(h + k for h, k in zip(s.players[p].hand, s.picking))
        s = set_player(s, p, hand=hand)
        return replace(s, picking=(0,) * ctx.M)
    discard = tuple(d + k for d, k in zip(s.discard, s.picking))
    return replace(s, discard=discard, picking=(0,) * ctx.M)


def produce(ctx: Ctx, s: RHState) -> RHState:
    """Preparation 2: "Players gain Diagnostic, Healing, Research, Staff and Credit
    resources determined by their player board productions." 3: "Players rotate all
    action cards to their starting position." """
    for p, ps in enumerate(s.players):
        tokens = tuple(a + b for a, b in zip(ps.tokens[:4], ps.production[:4])) + ps.tokens[4:]
        s = set_player(
            s, p, tokens=tokens, credits=ps.credits + ps.production[P_CREDIT], used=(0,) * ctx.M
        )
    return s


def begin_cleanup(ctx: Ctx, s: RHState) -> RHState:
    """Cleanup Phase: time tokens, then the checks, deaths, prestige and the round's end."""
    s = replace(s, phase=CLEANUP)
    for p in order(s, ctx):
        s = cleanup.add_time_tokens(ctx, s, p)
    tasks = [Task(T_REVEAL, p) for p in order(s, ctx)]
    tasks += [Task(T_DEATHS), Task(T_PRESTIGE), Task(T_ROUND_END)]
    return replace(s, queue=tuple(tasks))


def round_end(ctx: Ctx, s: RHState) -> RHState:
    """Summary of the Round 4: "Check for the end of the game" (RH-GAME-END); "Move the
    Round Token one space forward, pass the starting player token clockwise"."""
    last = s.round >= ctx.config.rounds
    empty = ctx.end_on_empty_deck and patients.deck_size(s) == 0
    if last or empty:
        return replace(s, phase=OVER)
    s = replace(s, round=s.round + 1, first=(s.first + 1) % ctx.P)
    return begin_round(ctx, replace(s, turn=s.first))


def end_treatment(ctx: Ctx, s: RHState, p: int) -> RHState:
    """The next player treats (the phase "can be carried out simultaneously"; no rule
    lets one hospital's treatment affect another's, so the order is immaterial)."""
    seats = order(s, ctx)
    i = seats.index(p)
    if i + 1 < ctx.P:
        return replace(s, turn=seats[i + 1])
    return begin_cleanup(ctx, s)


def helicopter_discard(ctx: Ctx, s: RHState, p: int, pt: tuple[int, ...]) -> RHState:
    """Helicopters: "Discard one of their patient cards" (to the top of the Patient
    deck; RH-HELICOPTER-DISCARD)."""
    from .board import change_qoc
    from .patients import replace_patient
    from .state import Patient

    patient = Patient(*pt)
    s = replace_patient(s, p, patient, None)
    s = replace(s, returned=s.returned + (patient.card,))
    if ctx.heli_discard_qoc:
        s = change_qoc(ctx, s, p, -ctx.heli_discard_qoc)
    return _helicopter_progress(ctx, s, HELI_DISCARDED, [])


def helicopter_discard_terminal(ctx: Ctx, s: RHState, p: int, term: tuple[int, ...]) -> RHState:
    """RH-HELICOPTER-TERMINAL=terminals-too: the helicopter's discard takes a terminal
    patient from the playing area, its card on top of the Patient deck (and quality of
    care under RH-HELICOPTER-DISCARD=costs-quality, as any discard)."""
    from .board import change_qoc
    from .state import Terminal

    terminals = list(s.players[p].terminals)
    terminals.remove(Terminal(*term))
    s = set_player(s, p, terminals=tuple(terminals))
    s = replace(s, returned=s.returned + (term[0],))
    if ctx.heli_discard_qoc:
        s = change_qoc(ctx, s, p, -ctx.heli_discard_qoc)
    return _helicopter_progress(ctx, s, HELI_DISCARDED, [])


def helicopter_draw(ctx: Ctx, s: RHState, p: int) -> RHState:
    """Helicopters: "All players (including the player who activated the helicopter
    effect) have to draw a patient card": from that player on, clockwise, or in turn
    order from the starting player (RH-HELICOPTER-ORDER)."""
    seats = order(s, ctx)
    i = seats.index(p) if ctx.heli_from_sender else 0
    tasks: list[Task] = []
    for k in range(ctx.P):
        q = seats[(i + k) % ctx.P]
        tasks += [Task(T_DRAW_PATIENT, q, 1), Task(T_ADMIT, q)]
    return _helicopter_progress(ctx, s, HELI_DREW, tasks)


def _helicopter_progress(ctx: Ctx, s: RHState, flag: int, first: list[Task]) -> RHState:
    """Mark an option done; the helicopter stays pending while another may follow."""
    task = s.queue[0]
    done = task.n | flag
    more = ctx.heli_both and done != HELI_DISCARDED | HELI_DREW
    rest = ((task._replace(n=done),) if more else ()) + s.queue[1:]
    return replace(s, queue=tuple(first) + rest)


def helicopter_done(s: RHState) -> RHState:
    return replace(s, queue=s.queue[1:])


def choose_insurance(ctx: Ctx, s: RHState, company: int) -> RHState:
    task = s.queue[0]
    s = replace(s, queue=s.queue[1:])
    return resolve.advance_insurance(ctx, s, task.player, company, task.play)


def choose_doctor(ctx: Ctx, s: RHState, spot: int) -> RHState:
    task = s.queue[0]
    return resolve.take_doctor(ctx, replace(s, queue=s.queue[1:]), task, spot)


def choose(ctx: Ctx, s: RHState, option: int) -> RHState:
    task = s.queue[0]
    return resolve.choose(ctx, replace(s, queue=s.queue[1:]), task, option)


__all__ = ["advance", "chance", "waits", "OVER", "T_EFFECT", "T_KEEP", "T_ADMIT"]
