"""A sound per-round summary of HHH money, and Z3's upper bounds on money from it.

A full round is ~40 steps of the model, too deep for the unrolled encoding on the full
game. Instead of unrolling, this module bounds what one round can *earn*. Money rises
only three ways (every other rule only pays): a Heal ("For each Illness level reduction
(if any), gain Money as shown in that room or ward"), the CFO ("Gain $10") and Cooke De
Buchs' reaction ("return all black cubes to the bag. Gain $2 for each cube returned").

The *potential* :func:`potential` of a position is an upper bound on the money the rest
of its round can still earn, read from the position's numbers:

* ``rate`` per unused Medical token (and for the Heal in progress): a Ward heal earns at
  most $1 x level 4; a Treatment Room patient ($3 a level up to 4, Basic; $4 up to 5,
  Improved) earns at most half its room's full pay per token on average (moving it in
  takes a token too), so the rate is ``pay * max_level / 2`` of the best Treatment Room
  this round can have (an Improved one while a Bureaucrat can still be hired);
* per patient already in a Treatment Room, ``max(0, pay * level - rate_of_room)``, its
  head start; per Emergency Room patient its full pay (5 levels): both only while the
  Action Phase lasts;
* ``$2 x every black cube`` while the end-of-Patient-Phase reaction can still be used.

**Lemma** (checked on every explorer transition of the reduced presets and on sampled
full-game transitions, tests/hhh/test_hhh_money_summary.py): for every step ``s -> s'``,
``money(s') + potential(s') <= money(s) + potential(s) + 10 x (CFOs hired by the
step)``, where ``potential(s')`` counts as 0 once ``s'`` is in a later round or the game
is over. So the money at the end of round r is at most the money at its start plus
``potential(start of round r)`` plus $10 per CFO hired in it.

:func:`round_terms` bounds ``potential`` at the start of each round from the config
alone (tokens dealt, Treatment Rooms that can hold a patient by then, Emergency Room
places, black cubes); :func:`money_upper_bound` hands the chain of rounds to Z3
(``Optimize``), which proves the most money at the end of round r.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import z3

from hhh_verify.contract.vocab import SmtMethod
from hhh_verify.smt.budget import Budget, Meter, as_meter

from ..rules import readings as R
from ..rules.config import BUREAUCRAT, CFO
from ..rules.model import HHHModel
from ..rules.state import (
    ER,
    HEAL_DRAWN,
    OVER,
    PICK_IMPROVE,
    PP_ARRIVE,
    PP_ARRIVE_ORDER,
    PP_END,
    PP_ER_ADMIT,
    PP_INSTALL,
    PP_STAFF,
    PP_TRAINING_REFILL,
    PP_VISIT,
    PP_VISIT_ORDER,
    RESEARCH_DRAWN,
    SETUP_BLOOD,
    SETUP_MARKERS,
    SETUP_ROOM,
    SETUP_TRAINING,
    SETUP_WAITING,
)

#: Phases of the Patient Phase: no Heal and no Transfer until the next round.
PATIENT_PHASE = frozenset(
    {
        PP_INSTALL,
        PP_TRAINING_REFILL,
        PP_ARRIVE,
        PP_ARRIVE_ORDER,
        PP_ER_ADMIT,
        PP_VISIT,
        PP_VISIT_ORDER,
        PP_END,
    }
)
#: Setup phases: the first New Room is still to be chosen (or placed).
SETUP = frozenset({SETUP_MARKERS, SETUP_ROOM, SETUP_BLOOD, SETUP_WAITING, SETUP_TRAINING})

WARD_TOP = 4  # "Illness level of 5 in an Infirmary Ward ... they die"
ER_LEVEL = 5  # "only Patients with an exact Illness level of 5"
BASIC = (3, 4)  # Basic Treatment Room: "$3 for each illness level", levels 1-4
IMPROVED = (4, 5)  # Improved: "$4", "may now hold a Patient up to Illness level 5"
CFO_GAIN = 10  # Staff Index: "CFO (Chief Financial Officer): Gain $10."
BLACK_PAY = 2  # Cooke De Buchs: "Gain $2 for each cube returned."


def room_rate(room: tuple[int, int]) -> int:
    """Per-token earning bound of a Treatment Room: half its full pay (rounded up)."""
    pay, top = room
    return -(-pay * top // 2)


def head_start(room: tuple[int, int], level: int) -> int:
    """What a patient already in the room may earn beyond the per-token rate."""
    return max(0, room[0] * level - room_rate(room))


# The potential of a position ---------------------------------------------------------


def _tr_kinds(ctx: Any) -> list[int]:
    return [k for k in ctx.deck if k < ctx.C]


def _can_improve(ctx: Any, s: Any) -> bool:
    """Can a room still be Improved this round? The Bureaucrat ("Improve 1 New Room
    card already in play") is face up with a token to hire it (or a Research draw in
    hand that may hire it), may be flipped face up before the Action Phase, or the pick
    is pending; the Improved-start variant improves the first room at setup."""
    if s.picks[0] == PICK_IMPROVE:
        return True
    if s.phase in SETUP and ctx.config.variant_improved_start:
        return True
    reveal = s.phase == PP_STAFF or (
        s.phase in SETUP and ctx.staff_round1 == R.STAFF_ROUND1.REVEAL_AT_SETUP
    )
    if reveal and s.staff_hidden[BUREAUCRAT]:
        return True  # the Bureaucrat may be among the Staff markers about to be flipped
    hire = s.admin_tokens > 0 or s.phase == RESEARCH_DRAWN
    return bool(s.staff_open[BUREAUCRAT]) and hire


def rate(ctx: Any, s: Any) -> int:
    """Earning bound per Medical token this round (see the module docstring)."""
    ward = ctx.config.ward_pay * WARD_TOP
    kinds = _tr_kinds(ctx)
    improved = any(s.rooms[k] == 2 for k in kinds)
    installed = any(s.rooms[k] for k in kinds) or (s.phase in SETUP and bool(kinds))
    if installed and (improved or _can_improve(ctx, s)):
        return max(ward, room_rate(IMPROVED))
    if installed:
        return max(ward, room_rate(BASIC))
    return ward


def black_reaction_open(ctx: Any, s: Any) -> bool:
    """Can Cooke De Buchs' end-of-Patient-Phase reaction still be used this round (a
    token left, or a Research that may hire the COO; the card may be flipped back up by
    the Chaplain, so its side is not read)."""
    if not (ctx.admin and ctx.config.administrator == "cooke" and ctx.end_reaction):
        return False
    if not (ctx.end_reaction_last_round or s.round < ctx.last_round):
        return False
    return s.admin_tokens > 0 or s.phase == RESEARCH_DRAWN


def potential(ctx: Any, s: Any) -> int:
    """An upper bound on the money the rest of ``s``'s round can still earn (CFOs
    aside: each is $10 when hired, counted by the lemma)."""
    if s.phase == OVER:
        return 0
    total = 0
    if black_reaction_open(ctx, s):
        total += BLACK_PAY * ctx.config.black_cubes
    if s.phase in PATIENT_PHASE:
        return total
    tokens = sum(s.medical) + (1 if s.phase == HEAL_DRAWN and s.heal is not None else 0)
    total += rate(ctx, s) * tokens
    for k in range(ctx.C):
        level = s.treatment[k][0]
        if level:
            total += head_start(IMPROVED if s.rooms[k] == 2 else BASIC, level)
    total += sum(s.er) * ER_LEVEL * ctx.er_pay
    return total


def step_violation(ctx: Any, s: Any, t: Any) -> str | None:
    """The lemma for one step ``s -> t``: None when it holds, else the numbers."""
    later = t.phase == OVER or t.round > s.round
    after = 0 if later else potential(ctx, t)
    cfo = CFO_GAIN * max(0, t.staff_hired[CFO] - s.staff_hired[CFO])
    before = potential(ctx, s)
    if t.money + after <= s.money + before + cfo:
        return None
    return (
        f"money {s.money} -> {t.money} with potential {before} -> {after}"
        f" (+{cfo} CFO) in round {s.round}, phase {s.phase} -> {t.phase}"
    )


# Bounds at the start of each round, from the config ---------------------------------


@dataclass(frozen=True)
class RoundTerms:
    """The largest the potential's parts can be at the start of round ``round``."""

    round: int
    tokens: int  # Medical tokens dealt (all unused at a round's start)
    rate: int  # best per-token rate this round can have
    treatment: int  # Treatment Room patients at the start, at most
    head_start: int  # the most one of them brings
    emergency: int  # Emergency Room patients at the start, at most
    er_value: int  # the most one of them brings
    blacks: int  # the black-cube reaction's most
    cfo: bool  # can a CFO be face up (hireable) this round

    def total(self) -> int:
        return (
            self.rate * self.tokens
            + self.treatment * self.head_start
            + self.emergency * self.er_value
            + self.blacks
        )


def round_terms(ctx: Any, rnd: int) -> RoundTerms:
    """Upper bounds on :func:`potential`'s parts at any position that starts round
    ``rnd`` (the initial position for round 1): Treatment Rooms fill only by Transfers
    in the Action Phase (none at round 1's start; at round r's start at most the rooms
    installed before round r-1's Patient Phase), the Emergency Room only at the
    Patient Phase's arrivals; Staff are face up from round 2 (HHH-STAFF-ROUND1)."""
    cfg = ctx.config
    kinds = _tr_kinds(ctx)
    start_rooms = 2 if cfg.variant_two_rooms else 1
    staff_by = 1 if ctx.staff_round1 == R.STAFF_ROUND1.REVEAL_AT_SETUP else 2
    staff_possible = ctx.staff_spaces > 0 and ctx.reveal > 0 and rnd >= staff_by
    bureaucrat = staff_possible and ctx.staff_pool[BUREAUCRAT] > 0
    improvable = bool(kinds) and (cfg.variant_improved_start or bureaucrat)
    ward = cfg.ward_pay * WARD_TOP
    best = IMPROVED if improvable else BASIC
    tr_rate = max(ward, room_rate(best)) if kinds else ward
    rooms_with_patients = 0 if rnd == 1 else min(len(kinds), start_rooms + rnd - 2)
    er_places = 0
    if ER in ctx.deck and rnd >= 2:
        er_places = 3 if (bureaucrat or cfg.variant_improved_start) else 1
    reaction = ctx.admin and cfg.administrator == "cooke" and ctx.end_reaction
    reaction = reaction and ctx.admin_tokens > 0
    reaction = reaction and (ctx.end_reaction_last_round or rnd < ctx.last_round)
    return RoundTerms(
        round=rnd,
        tokens=cfg.players * cfg.medical_tokens,
        rate=tr_rate,
        treatment=rooms_with_patients,
        head_start=head_start(best, best[1]),
        emergency=er_places,
        er_value=ER_LEVEL * ctx.er_pay,
        blacks=BLACK_PAY * cfg.black_cubes if reaction else 0,
        cfo=staff_possible and ctx.staff_pool[CFO] > 0,
    )


@dataclass(frozen=True)
class UpperBound:
    """Z3's proved upper bound on the money at the end of round ``round``."""

    round: int
    value: int
    proof: str


def money_upper_bound(model: HHHModel, rnd: int, budget: Budget | Meter) -> UpperBound | None:
    """The most money at the end of round ``rnd`` that the chain of round summaries
    allows, proved by Z3 (``Optimize``, then ``money > bound`` UNSAT); None when the
    budget runs out.

    Per round r: ``M_r <= M_(r-1) + rate*tokens + TR*head + ER*value + blacks +
    10*cfo_r``, with the counts bounded by :func:`round_terms`, ``cfo_r`` only where a
    CFO can be face up and ``sum cfo_r <= the CFOs in the game``, ``M_0`` the starting
    money.
    """
    ctx = model.ctx
    cfg = ctx.config
    rnd = min(rnd, ctx.last_round)
    meter = as_meter(budget)
    opt = z3.Optimize()
    money = [z3.Int(f"M{r}") for r in range(rnd + 1)]
    hired = []
    opt.add(money[0] == cfg.money_at_start)
    for r in range(1, rnd + 1):
        t = round_terms(ctx, r)
        tr, er, cfo = z3.Int(f"tr{r}"), z3.Int(f"er{r}"), z3.Int(f"cfo{r}")
        opt.add(0 <= tr, tr <= t.treatment, 0 <= er, er <= t.emergency)
        opt.add(0 <= cfo, cfo <= (ctx.staff_pool[CFO] if t.cfo else 0))
        hired.append(cfo)
        earned = t.rate * t.tokens + tr * t.head_start + er * t.er_value + t.blacks
        opt.add(money[r] <= money[r - 1] + earned + CFO_GAIN * cfo)
    opt.add(z3.Sum(hired) <= ctx.staff_pool[CFO])
    goal = opt.maximize(money[rnd])
    if meter.check(opt) != z3.sat:
        return None
    value = goal.value().as_long()
    check = z3.Solver()
    check.add(*opt.assertions(), money[rnd] > value)
    if meter.check(check) != z3.unsat:
        return None
    terms = [round_terms(ctx, r) for r in range(1, rnd + 1)]
    parts = "; ".join(
        f"r{t.round}: {t.rate}x{t.tokens} tokens + {t.treatment}x{t.head_start} TR"
        f" + {t.emergency}x{t.er_value} ER + {t.blacks} blacks" + (" + CFO" if t.cfo else "")
        for t in terms
    )
    return UpperBound(
        rnd,
        value,
        f"round summaries (sound potential, tests/hhh/test_hhh_money_summary.py), "
        f"money > ${value} UNSAT: start ${cfg.money_at_start}; {parts}",
    )


def upper_bound_answer(enc: Any, rnd: int, meter: Meter) -> Any:
    """A query answer: the proved most money at the end of round ``rnd`` ("<= $U"),
    or unknown when Z3 runs out of budget."""
    from hhh_verify.smt.queries import QueryAnswer

    bound = money_upper_bound(enc.model, rnd, meter)
    if bound is None:
        return QueryAnswer("unknown", SmtMethod.UNKNOWN, f"Z3 gave no answer: {meter.why()}")
    return QueryAnswer(f"<= ${bound.value}", SmtMethod.PROOF, bound.proof, value=bound.value)
