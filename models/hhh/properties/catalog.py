"""Healthy Heart Hospital properties: invariants, step properties and goals, with citations.

Each check re-derives its claim from the rulebook numbers (config, interpretation) and
the model's own capacity helpers (``board.body_capacity``, ``er_capacity``,
``blood_size``, ``treatment_max``, ``ctx.spots``, ``ctx.beds``), never from the rule
code it checks. A check returns ``None`` when it holds, else a message naming the place.
Step properties (``transition``) compare a state with its successor.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import wraps
from itertools import combinations_with_replacement
from operator import attrgetter
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
from ..rules import outcome as ending
from ..rules import readings as R
from ..rules.board import (
    blood_size,
    body_capacity,
    er_capacity,
    settlement,
    treatment_max,
)
from ..rules.config import CAT, CFO, COO
from ..rules.model import HHHModel
from ..rules.state import (
    ACTIONS,
    ARRESTED,
    BANKRUPT,
    BLOOD_BANK,
    COMPLETED,
    EMERGENCY,
    HEAL_DRAWN,
    OVER,
    PP_ARRIVE,
    PP_ER_ADMIT,
    PP_STAFF,
    PP_VISIT,
    SETUP_WAITING,
    TREATMENT,
    WARD,
    HHHState,
    item_of,
    place,
)
from . import search

GAME = "hhh"

#: Victory and Defeat: money thresholds of the ratings, highest first.
RATINGS = ((80, "Triumphant"), (60, "Prosperous"), (40, "Notable"), (20, "Inconsequential"))
CFO_GAIN = 10  # Staff Index: "CFO (Chief Financial Officer): Gain $10."
RESEARCH_HIRE = 2  # Research card: "Hire 1 Staff for $2. Reduce this cost by [count]"
BLACK_RETURN_PAY = 2  # Administrator: "Gain $2 for each cube returned."
RESTOCK = {1: 3, 2: 5}  # Blood Bank: "spend $3" (Basic) / "$5" (Improved)


def ctx(model: HHHModel) -> Any:
    """The model's derived numbers and chosen readings."""
    return model.ctx


def live(s: HHHState) -> bool:
    return s.reason == 0


def _problems(items: Iterator[str]) -> str | None:
    found = list(items)
    return "; ".join(found[:3]) if found else None


# Cubes --------------------------------------------------------------------------------------


def cube_places(model: HHHModel, s: HHHState) -> dict[str, tuple[int, ...]]:
    """Where every cube is, per colour (black last): the places the rulebook names."""
    k = ctx(model)
    C = k.C
    zero = (0,) * (C + 1)
    hand = s.heal.drawn if s.heal is not None else zero
    research = s.research.drawn if s.research is not None else zero
    # per colour over the rooms; the column sums when every room has C colours (the
    # state's shape), else cube by cube as written (no rooms, or a short room: IndexError)
    per_colour = tuple(map(sum, zip(*s.waiting)))[:C]
    if len(per_colour) != C:
        per_colour = tuple(sum(room[c] for room in s.waiting) for c in range(C))
    waiting = per_colour + (0,)
    er = tuple(5 * n for n in s.er) + (0,)
    return {
        "bag": s.bag,
        "discard": s.discard,
        "Waiting Rooms": waiting,
        "Emergency Room": er,
        "Blood Bank": tuple(s.blood[: C + 1]),
        "drawn for the current Heal": tuple(hand),
        "drawn for Research": tuple(research) + (0,) * (C + 1 - len(research)),
    }


def cubes_conserved(model: HHHModel, s: HHHState) -> str | None:
    """Components: 16 cubes per colour and 8 black, each somewhere, never negative."""
    cfg = model.config
    places = cube_places(model, s)
    C = ctx(model).C
    # Fast path (checked after every step): the totals right and nothing negative means
    # ``gen`` finds nothing; anything else gets the full search and its message.
    want = (cfg.cubes_each,) * C + (cfg.black_cubes,)
    if tuple(map(sum, zip(*places.values()))) == want and min(map(min, places.values())) >= 0:
        return None

    def gen() -> Iterator[str]:
        for name, counts in places.items():
            for c, n in enumerate(counts):
                if n < 0:
                    yield f"{n} cubes of colour {c} in {name}"
        for c in range(C + 1):
            want = cfg.black_cubes if c == C else cfg.cubes_each
            total = sum(counts[c] for counts in places.values())
            if total != want:
                where = ", ".join(f"{name} {counts[c]}" for name, counts in places.items())
                colour = "black" if c == C else f"colour {c}"
                yield f"{colour}: {total} cubes, not {want} ({where})"

    return _problems(gen())


# Patient markers ----------------------------------------------------------------------------


def markers_conserved(model: HHHModel, s: HHHState) -> str | None:
    """Components: 4 Patient markers per colour, 10 white (9 under the fewer-markers
    variant's HHH-FEWER-WHITE=white-too); each in exactly one place.
    Under HHH-FEWER-MARKERS=after-setup the variant's marker leaves after the Ward draw,
    so a colour holds 4 before it (and after it, if no marker of it was left to remove)."""
    cfg = model.config
    C = ctx(model).C
    each = cfg.markers_each
    totals = {each, cfg.markers_per_colour} if ctx(model).markers_out_after_setup else {each}
    if (
        all(
            min(s.supply[c], s.cemetery[c]) >= 0
            and s.supply[c] + len(s.wards[c]) + (1 if s.treatment[c][0] else 0) + s.cemetery[c]
            in totals
            for c in range(C)
        )
        and min(s.supply[C], s.cemetery[C]) >= 0
        and s.supply[C] + s.cemetery[C] == ctx(model).white_markers
    ):
        return None  # fast path: every colour adds up exactly, so ``gen`` finds nothing
    # the body that could not be hidden (arrest) leaves the board without a tombstone
    limbo = 1 if s.deaths - sum(s.cemetery) == 1 and unhidden_allowed(model, s) else 0

    def gen() -> Iterator[str]:
        missing = 0
        for c in range(C):
            board = len(s.wards[c]) + (1 if s.treatment[c][0] else 0)
            parts = (s.supply[c], board, s.cemetery[c])
            short = 0 if sum(parts) in totals else cfg.markers_each - sum(parts)
            if short == 1 and missing < limbo:
                missing += 1
                continue
            if min(parts) < 0 or short:
                yield (
                    f"colour {c}: supply {parts[0]} + board {parts[1]} + tombstones "
                    f"{parts[2]} = {sum(parts)}, not {cfg.markers_each}"
                )
        white = (s.supply[C], s.cemetery[C])
        whites = ctx(model).white_markers  # HHH-FEWER-WHITE: one fewer under white-too
        if min(white) < 0 or sum(white) != whites:
            yield f"white: supply {white[0]} + tombstones {white[1]}, not {whites}"

    return _problems(gen())


# Capacities and levels ----------------------------------------------------------------------


def capacities(model: HHHModel, s: HHHState) -> str | None:
    """Waiting Room spots, Ward beds, one patient per Treatment Room (installed rooms
    only), the Emergency Room (1, Improved 3), the Blood Bank (3, Improved 5, no black),
    the places for bodies (Cemetery 5, +1 Coroner, Morgue)."""
    k = ctx(model)
    C = k.C

    def gen() -> Iterator[str]:
        for r, room in enumerate(s.waiting):
            for c in range(C):
                if room[c] > k.spots:
                    yield f"Waiting Room {r} colour {c}: {room[c]} cubes on {k.spots} spots"
        for c in range(C):
            if len(s.wards[c]) > k.beds:
                yield f"Ward {c}: {len(s.wards[c])} patients in {k.beds} beds"
            if s.treatment[c][0] and not s.rooms[c]:
                yield f"a patient in the uninstalled Treatment Room {c}"
        if sum(s.er) > er_capacity(s):
            yield f"Emergency Room holds {sum(s.er)} patients, capacity {er_capacity(s)}"
        if sum(s.blood) > blood_size(s) or s.blood[C]:
            yield f"Blood Bank holds {s.blood}, capacity {blood_size(s)}, black not allowed"
        bodies = sum(s.cemetery)
        if bodies > body_capacity(k, s):
            yield f"{bodies} bodies hidden, only {body_capacity(k, s)} places"

    return _problems(gen())


def awaiting_er(s: HHHState, room: int, cubes: int) -> bool:
    """A 5-cube patient just formed in ``room`` while the players choose who takes the
    Emergency Room's last space (New Patients Arrive)."""
    return s.phase == PP_ER_ADMIT and item_of(s.cursor) == room and cubes == 5


def levels_in_range(model: HHHModel, s: HHHState) -> str | None:
    """Ward patients 1..4 (level 5 dies; 5 when moved in at 5 under
    HHH-TR-TO-WARD-5=survives), Waiting Room cube patients 0..4 cubes, Treatment Room 1..4
    (5 Improved), Emergency Room patients exactly 5 cubes (stored as counts)."""
    if s.reason in (BANKRUPT, ARRESTED):
        return None  # the death that ended the game may leave its patient in place
    k = ctx(model)
    ward_top = 5 if k.tr5_survives else 4

    def gen() -> Iterator[str]:
        for c in range(k.C):
            for level in s.wards[c]:
                if not 1 <= level <= ward_top:
                    yield f"Ward {c} patient at level {level}"
            level = s.treatment[c][0]
            if level and not 1 <= level <= treatment_max(s, c):
                yield f"Treatment Room {c} patient at level {level} (max {treatment_max(s, c)})"
            if s.er[c] < 0:
                yield f"Emergency Room count {s.er[c]} for colour {c}"
            for r, room in enumerate(s.waiting):
                if not 0 <= room[c] <= 4 and not awaiting_er(s, r, room[c]):
                    yield f"Waiting Room {r} colour {c} patient of {room[c]} cubes"

    return _problems(gen())


def no_level_5_in_wards_or_waiting(model: HHHModel, s: HHHState) -> str | None:
    """Patient Death: a patient reaching level 5 in a Ward or Waiting Room dies (under
    HHH-TR-TO-WARD-5=survives a patient moved into a Ward at 5 has not reached it there:
    only a level above 5 is one that rose)."""
    if s.reason in (BANKRUPT, ARRESTED):
        return None
    top = 5 if ctx(model).tr5_survives else 4
    for c in range(ctx(model).C):
        if any(level > top for level in s.wards[c]):
            return f"a level-5+ patient survives in Ward {c}: {s.wards[c]}"
        for r, room in enumerate(s.waiting):
            if room[c] >= 5 and not awaiting_er(s, r, room[c]):
                return f"a {room[c]}-cube patient survives in Waiting Room {r} (colour {c})"
    return None


def cured_leave(model: HHHModel, s: HHHState) -> str | None:
    """Curing Patients: below level 1 a patient is cured and leaves (marker to supply)."""
    for c in range(ctx(model).C):
        if any(level <= 0 for level in s.wards[c]):
            return f"Ward {c} holds a patient at level <= 0: {s.wards[c]}"
        level, side = s.treatment[c]
        if level < 0 or (level == 0 and side):
            return f"Treatment Room {c} is ({level}, side {side})"
    return None


# Deaths ---------------------------------------------------------------------------------------


def unhidden_allowed(model: HHHModel, s: HHHState) -> bool:
    """The last body may lack a place only when its death ended the game for lack of one."""
    return s.reason in (ARRESTED, BANKRUPT) and sum(s.cemetery) >= body_capacity(ctx(model), s)


def every_death_has_a_place(model: HHHModel, s: HHHState) -> str | None:
    """Hide The Bodies: each dead patient occupies a tombstone (A) -- except the one that
    could not be hidden, which ends the game."""
    bodies = sum(s.cemetery)
    if bodies == s.deaths:
        return None
    if bodies == s.deaths - 1 and unhidden_allowed(model, s):
        return None
    return f"{s.deaths} deaths but {bodies} bodies on tombstones"


def death_costs(model: HHHModel, s: HHHState, a: Any = None) -> set[int]:
    """Settlements a death in this step can cost (Hide The Bodies B: "the cost showing
    where the Patient died"): Wards $10, Waiting Room $5, Emergency Room (HHH-ER-COSTS),
    Treatment Room $12 / $15 Improved; the Lawyer takes $2 off each. The place follows
    from the step: Visit the Wards kills in a Ward, New Patients Arrive in a Waiting Room,
    the start of the Patient Phase in Treatment Rooms and the ER, a Heal where it heals
    (an ER patient sent back may die in a Waiting Room)."""
    k = ctx(model)
    cfg = model.config
    ward, waiting = cfg.ward_death_cost, cfg.waiting_death_cost
    tr_costs = {15 if s.rooms[c] == 2 else 12 for c in range(k.C) if s.rooms[c]} or {12}
    raw: set[int]
    if isinstance(a, rules_actions.Draw) and s.phase == PP_VISIT:
        raw = {ward}
    elif isinstance(a, rules_actions.Draw) and s.phase in (PP_ARRIVE, SETUP_WAITING):
        raw = {waiting}
    elif isinstance(a, rules_actions.AdmitToER):
        raw = {waiting}
    elif isinstance(a, rules_actions.EndActions):
        raw = tr_costs | {k.er_death}
    elif isinstance(a, rules_actions.Settle) and s.heal is not None:
        place = s.heal.place
        here = ward if place == WARD else tr_costs if place == TREATMENT else waiting
        raw = set(here) if isinstance(here, set) else {here}
    elif isinstance(a, rules_actions.Transfer):
        raw = {ward}
    elif isinstance(a, rules_actions.InternTreat):
        raw = {waiting}
    else:  # any other step: every place's cost (the step should not kill at all)
        raw = {ward, waiting, k.er_death, 12, 15}
    return {settlement(s, cost) for cost in raw}


def expected_gains(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> set[int]:
    """Money an action gains or spends by the rules, deaths aside."""
    k = ctx(model)
    if isinstance(a, rules_actions.Settle) and s.heal is not None:
        h = s.heal
        reduction = h.drawn[h.colour] - h.drawn[k.B]
        if h.place == WARD:
            per, levels = model.config.ward_pay, min(max(reduction, 0), h.level)
        elif h.place == TREATMENT:
            per = 4 if s.rooms[h.colour] == 2 else 3
            levels = min(max(reduction, 0), h.level)
        else:
            per, levels = k.er_pay, min(max(reduction, 0), 5)
        return {per * levels, 0} if t.deaths > s.deaths or t.reason else {per * levels}
    cfo = CFO_GAIN
    if isinstance(a, rules_actions.HireStaff):
        cost = model.config.staff_cost
        return {-cost, -cost + cfo} if a.staff == CFO else {-cost}
    if isinstance(a, rules_actions.ChooseBenefit) and a.benefit == 0:
        costs = set(range(-RESEARCH_HIRE, 1))
        return costs | ({c + cfo for c in costs} if a.arg == CFO else set())
    if isinstance(a, rules_actions.RestockBloodBank):
        return {-RESTOCK[s.rooms[BLOOD_BANK]]}
    if isinstance(a, rules_actions.ReturnBlacks):
        return {BLACK_RETURN_PAY * (t.bag[k.B] - s.bag[k.B])}
    return {0}


def money_accounting(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    """Money changes only by the amounts the rules name: heal pay per level in that room,
    Hire Staff -$5 (CFO +$10), Research hire $0-2, Blood Bank restock $3/$5, the
    Administrator's $2 per black cube, and a settlement per death."""
    k = ctx(model)
    delta = t.money - s.money
    if k.money_cap is not None and t.money == k.money_cap:
        return None
    deaths = t.deaths - s.deaths
    paid = deaths
    if deaths and t.reason == ARRESTED:
        paid = deaths - 1  # arrested at step A, before paying for the body with no place
    totals = {0}  # (death_costs is only consulted when a death is paid for)
    if paid:
        costs = sorted(death_costs(model, s, a))
        totals = {sum(m) for m in combinations_with_replacement(costs, paid)}
    allowed = {g - c for g in expected_gains(model, s, a, t) for c in totals}
    if delta in allowed:
        return None
    return (
        f"{type(a).__name__}: money {s.money} -> {t.money} ({delta:+d}); "
        f"{deaths} death(s); the rules allow {sorted(allowed)[:8]}"
    )


def deaths_step(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    """Deaths never un-happen and every body placed is one more death (Hide The Bodies)."""
    if t.deaths < s.deaths:
        return f"deaths went down {s.deaths} -> {t.deaths}"
    if sum(t.cemetery) < sum(s.cemetery):
        return f"bodies left the tombstones: {s.cemetery} -> {t.cemetery}"
    return None


# Loss conditions and the end of the game ----------------------------------------------------


def bankrupt_iff_negative(model: HHHModel, s: HHHState) -> str | None:
    """Money: "If you ever have less than $0, all players immediately lose the game!"
    (and "If you have exactly $0, keep playing"). Under HHH-ARREST-SETTLEMENT=paid an
    arrest's settlement may take an arrested game below $0 too."""
    if s.money < 0 and s.reason == ARRESTED and ctx(model).arrest_pays:
        return None
    if (s.money < 0) != (s.reason == BANKRUPT):
        return f"money {s.money} with end reason {s.reason}"
    return None


def arrest_iff_no_place(model: HHHModel, s: HHHState) -> str | None:
    """How to Lose: "You cannot hide a dead body ... you get arrested" -- only then."""
    if s.reason != ARRESTED:
        return None
    k = ctx(model)
    full = sum(s.cemetery) >= body_capacity(k, s)
    no_white = k.white_out_arrest and s.supply[k.C] == 0
    if not (full or no_white):
        return f"arrested with {sum(s.cemetery)} of {body_capacity(k, s)} places used"
    return None


def over_means_over(model: HHHModel, s: HHHState) -> str | None:
    """Victory and Defeat: the game ends at once; nobody acts after a loss or the end."""
    out = model.outcome(s)
    if (out is None) != (s.reason == 0):
        return f"reason {s.reason} but outcome {out}"
    if out is not None:
        if s.phase != OVER:
            return f"game over in phase {s.phase}"
        if model.legal_actions(s):
            return f"{len(model.legal_actions(s))} actions legal after the end ({out.reason})"
        if out.won != (s.reason == COMPLETED):
            return f"outcome won={out.won} for reason {out.reason}"
    return None


def rating_of(money: int) -> str:
    """Victory and Defeat: the highest bracket reached ($0-19 is Regrettable)."""
    for threshold, name in RATINGS:
        if money >= threshold:
            return name
    return "Regrettable"


def rated_money(model: HHHModel, s: HHHState) -> int:
    """What the rating reads (HHH-RATING-BASIS): the final money, or the profit over the
    starting money of the setup table."""
    if model.readings.reads(R.RATING_BASIS.PROFIT):
        return s.money - model.config.money_at_start
    return s.money


def loss_is_final(model: HHHModel, s: HHHState) -> str | None:
    """How to Lose: "All players immediately lose if any one of these conditions occur":
    once the money is below $0 or a body found no place, the game is over -- phase over,
    no action offered, a lost outcome -- whatever step caused it."""
    if s.money < 0:
        lost = f"money ${s.money}"
    elif s.reason in (BANKRUPT, ARRESTED):
        lost = "the game was lost (" + ("bankrupt" if s.reason == BANKRUPT else "arrested") + ")"
    elif s.deaths > sum(s.cemetery):
        lost = f"{s.deaths} deaths but {sum(s.cemetery)} bodies hidden"
    else:
        return None
    offered = model.legal_actions(s)
    out = model.outcome(s)
    if s.phase != OVER or offered or out is None or out.won:
        return f"{lost}, yet the game goes on: phase {s.phase}, {len(offered)} actions offered, outcome {out}"
    return None


def no_dead_end(model: HHHModel, s: HHHState) -> str | None:
    """Sequence of Play: a game in progress always offers a move (a decision or a draw);
    only a finished game offers none."""
    if s.phase == OVER:
        return None
    if not model.legal_actions(s):
        return f"no action offered in phase {s.phase} (round {s.round})"
    return None


def end_after_last_round(model: HHHModel, s: HHHState) -> str | None:
    """Housekeeping: "If it is the 6th round ... proceed to Victory and Defeat"; the rating
    follows the money ($0-19 Regrettable ... $80+ Triumphant)."""
    if s.reason != COMPLETED:
        return None
    last = ctx(model).last_round
    if s.round != last:
        return f"the game completed in round {s.round}, not {last}"
    out = model.outcome(s)
    want = rating_of(rated_money(model, s))
    if out is None or (ending.rating_of(out) or "").lower() != want.lower():
        return f"${s.money} rated {ending.rating_of(out) if out else None}, not {want}"
    return None


def round_in_range(model: HHHModel, s: HHHState) -> str | None:
    """Round track: the round marker stays on 1..6 (5 with the two-rooms variant)."""
    last = ctx(model).last_round
    if not 1 <= s.round <= last:
        return f"round {s.round} outside 1..{last}"
    return None


# Tokens, the Administrator, Staff, New Rooms -------------------------------------------------

StateCheck = Callable[[HHHModel, HHHState], "str | None"]


def reads(*fields: str) -> Callable[[StateCheck], StateCheck]:
    """Remember a check's last answer: the check reads only the model and these state
    fields, so equal fields (usually the very same tuples, as a step replaces only what it
    changes) give the same answer without recomputing it. For checks of fields that most
    steps leave alone (Staff, rooms)."""
    get = attrgetter(*fields)

    def wrap(check: StateCheck) -> StateCheck:
        last: list[Any] = [None, None, None]  # model, fields, answer

        @wraps(check)
        def remembered(model: HHHModel, s: HHHState) -> str | None:
            seen = get(s)
            if last[0] is model and last[1] == seen:
                return last[2]
            answer = check(model, s)
            last[:] = [model, seen, answer]
            return answer

        return remembered

    return wrap


def tokens(model: HHHModel, s: HHHState) -> str | None:
    """Setup table: unused Medical tokens per player never exceed those dealt; unused
    Administrative tokens never exceed the Administrator's (COO: +1); never negative."""
    cfg = model.config
    base = ctx(model).admin_tokens
    for p, n in enumerate(s.medical):
        if not 0 <= n <= cfg.medical_tokens:
            return f"player {p} has {n} unused Medical tokens of {cfg.medical_tokens}"
    if s.admin_total != base + s.staff_hired[COO]:
        return f"Administrator has {s.admin_total} tokens; dealt {base}, COO {s.staff_hired[COO]}"
    if not 0 <= s.admin_tokens <= s.admin_total:
        return f"{s.admin_tokens} unused Administrative tokens of {s.admin_total}"
    if len(s.medical) != cfg.players:
        return f"{len(s.medical)} players hold Medical tokens, not {cfg.players}"
    return None


def admin_flips(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    """Administrator Action: one action per round ("Flip the Administrator card face
    down"); only Housekeeping or the Chaplain ("Once per round") flips it face up."""
    if s.chaplain_used and not t.chaplain_used and t.round == s.round:
        return "the Chaplain's once-per-round flip was reset within the round"
    if t.admin_face_up and not s.admin_face_up and t.round == s.round:
        ok = isinstance(a, rules_actions.ChaplainFlip) and not s.chaplain_used and t.chaplain_used
        if not ok:
            return f"{type(a).__name__} flipped the Administrator card face up mid-round"
    if (
        isinstance(a, (rules_actions.AdminRedraw, rules_actions.ReturnBlacks))
        and t.round == s.round
        and not t.reason
    ):
        # (ReturnBlacks is followed at once by Housekeeping, which flips the card back)
        if not s.admin_face_up or t.admin_face_up or t.admin_tokens != s.admin_tokens - 1:
            return f"{type(a).__name__} without a face-up card and one Administrative token"
    return None


@reads("staff_hidden", "staff_open", "staff_passed", "staff_hired", "round")
def staff_reveals(model: HHHModel, s: HHHState) -> str | None:
    """Housekeeping: flip 2 Staff markers a round (1 in the variant) onto 10 spaces; the
    Cat cannot be hired; markers are conserved (hidden + face up + hired)."""
    k = ctx(model)
    hidden, shown, passed, hired = s.staff_hidden, s.staff_open, s.staff_passed, s.staff_hired
    conserved = [a + b + c + d for a, b, c, d in zip(hidden, shown, passed, hired)]
    if conserved != list(k.staff_pool) or min(hidden + shown + passed + hired, default=0) < 0:
        for t, n in enumerate(k.staff_pool):  # (else this loop finds nothing: fast path)
            parts = (hidden[t], shown[t], passed[t], hired[t])
            if min(parts) < 0 or sum(parts) != n:
                return f"Staff type {t}: hidden/open/passed/hired {parts}, pool {n}"
    if s.staff_hired[CAT]:
        return "a Cat was hired"
    if any(s.staff_passed) and not k.staff_this_round:
        return f"face-up Staff {s.staff_passed} set aside although all face-up Staff stay hireable"
    revealed = sum(s.staff_open) + sum(s.staff_passed) + sum(s.staff_hired)
    rounds = s.round - 1 + (1 if k.staff_round1 == R.STAFF_ROUND1.REVEAL_AT_SETUP else 0)
    limit = min(k.reveal * rounds, max(k.staff_spaces, 0))
    if revealed > limit:
        return f"{revealed} Staff revealed by round {s.round}, at most {limit}"
    return None


@reads("rooms", "rooms_placed")
def room_limit(model: HHHModel, s: HHHState) -> str | None:
    """New Rooms: "Only 6 New Room cards can be placed during the game" (HHH-ROOM-CAP)."""
    k = ctx(model)
    cfg = model.config
    start = 2 if cfg.variant_two_rooms else 1
    cap = {
        R.ROOM_CAP.SIX_TOTAL: cfg.room_limit,
        R.ROOM_CAP.SIX_INSTALLED: cfg.room_limit + start,
        R.ROOM_CAP.EVERY_PHASE: len(k.deck),
    }[k.room_cap]
    installed = sum(1 for r in s.rooms if r)
    if s.rooms_placed > cap:
        return f"{s.rooms_placed} New Rooms placed, limit {cap} ({k.room_cap})"
    if installed != s.rooms_placed:
        return f"{installed} rooms on the table but {s.rooms_placed} counted as placed"
    return None


def er_return(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    """Emergency Room: "If a Patient in the Emergency Room is healed below 5 cubes,
    immediately move them to a matching-colored space in the Waiting Room"."""
    if not isinstance(a, rules_actions.Settle) or s.heal is None or s.heal.place != EMERGENCY:
        return None
    h = s.heal
    reduction = h.drawn[h.colour] - h.drawn[ctx(model).B]
    if reduction <= 0:
        if t.er != s.er:
            return "an Emergency Room patient moved although not healed"
        return None
    if t.er[h.colour] != s.er[h.colour] - 1:
        return f"healed by {reduction} but still in the Emergency Room"
    left = 5 - min(reduction, 5)
    before = sum(room[h.colour] for room in s.waiting)
    after = sum(room[h.colour] for room in t.waiting)
    if left and after <= before and t.deaths == s.deaths:
        return f"healed to {left} cubes but no cubes reached a Waiting Room"
    return None


# Goals ------------------------------------------------------------------------------------------


def er_patient_healed_below_5(model: HHHModel, s: HHHState) -> bool:
    """A Heal of an Emergency Room patient has drawn enough to leave it 1-4 cubes: its
    Settle moves it to a Waiting Room (checked by hhh.er-return)."""
    h = s.heal
    if s.phase != HEAL_DRAWN or h is None or h.place != EMERGENCY:
        return False
    reduction = h.drawn[h.colour] - h.drawn[ctx(model).B]
    return 1 <= reduction <= 4


# Search hint --------------------------------------------------------------------------------


def _preference(s: HHHState, a: Any) -> tuple[int, ...]:
    """Lower is tried first: keep patients alive, clear the Waiting Rooms, earn money."""
    if isinstance(a, rules_actions.Heal):
        critical = a.place == TREATMENT and s.treatment[a.colour][1] == 0
        rank = 0 if critical else 1 if a.place == EMERGENCY else 4 if a.place == TREATMENT else 3
        return (rank, -a.level, 0 if a.blood == a.colour else 1 if a.blood < 0 else 2)
    if isinstance(a, rules_actions.Transfer):
        to_ward = a.source == 3 and a.target == WARD
        return (2 if to_ward else 7, -a.level)
    if isinstance(
        a,
        (
            rules_actions.Bonus,
            rules_actions.JanitorIgnore,
            rules_actions.AdminRedraw,
            rules_actions.ReturnBlacks,
        ),
    ):
        return (0,)
    if isinstance(a, rules_actions.Settle):
        return (1, sum(a.rebag))
    if isinstance(a, rules_actions.InstallRoom):
        return (0, {5: 0, 6: 1}.get(a.kind, 2))
    if isinstance(a, rules_actions.HireStaff):
        return (5 if s.money >= 12 else 9, 0 if a.staff == CFO else 1)
    if isinstance(a, (rules_actions.EndActions, rules_actions.EndPicks, rules_actions.Pass)):
        return (6,)
    return (8,)


def sensible(model: HHHModel, s: HHHState, actions: tuple[Any, ...]) -> tuple[Any, ...]:
    """Legal actions, a sensible player's first."""
    return tuple(sorted(actions, key=lambda a: _preference(s, a)))


def heal_only(model: HHHModel, s: HHHState, actions: tuple[Any, ...]) -> tuple[Any, ...]:
    """Heal and earn, but leave the Waiting Rooms alone (cheap deaths pile up: the
    style that reaches arrests)."""

    def key(a: Any) -> tuple[int, ...]:
        if isinstance(a, rules_actions.Transfer):
            return (9,)
        return _preference(s, a)

    return tuple(sorted(actions, key=key))


#: Moves that rarely come up in ordinary play but are where rules meet (Staff effects on
#: the Emergency Room and the Waiting Rooms, reactions, the Patient Phase choices), first.
_RARE = (
    rules_actions.InternTreat,
    rules_actions.HireStaff,
    rules_actions.AdminRedraw,
    rules_actions.JanitorIgnore,
    rules_actions.ChaplainFlip,
    rules_actions.RestockBloodBank,
    rules_actions.Research,
    rules_actions.ChooseBenefit,
    rules_actions.ImproveRoom,
    rules_actions.RemoveAbility,
    rules_actions.NurseTraining,
    rules_actions.AdmitToER,
    rules_actions.ReturnBlacks,
)


def rare_first(model: HHHModel, s: HHHState, actions: tuple[Any, ...]) -> tuple[Any, ...]:
    """Rare moves first, spending before earning: the style that reaches rule interactions
    with little money (an Intern sending an Emergency Room patient back, a hire that
    leaves the hospital unable to pay for the next death)."""

    def key(a: Any) -> tuple[int, ...]:
        for i, kind in enumerate(_RARE):
            if isinstance(a, kind):
                place = getattr(a, "place", 0)  # InternTreat: Emergency/Waiting Room first
                return (0, i, -place)
        if isinstance(a, rules_actions.Heal) and a.place == EMERGENCY:
            return (1, 0)
        if isinstance(a, (rules_actions.EndActions, rules_actions.EndPicks, rules_actions.Pass)):
            return (3,)
        return (2,) + _preference(s, a)

    return tuple(sorted(actions, key=key))


def as_listed(model: HHHModel, s: HHHState, actions: tuple[Any, ...]) -> tuple[Any, ...]:
    """The model's own order (class name, then fields)."""
    return actions


#: Playing styles for the stateful search (a hint, not a rule): Hypothesis draws one per
#: game, style 0 first; index 0 within a style is that style's favourite move.
search_order = (sensible, heal_only, rare_first, as_listed)


def facts_hold(model: HHHModel, _state: Any = None) -> str | None:
    """Every number the rulebook prints (``models/hhh/book/facts.py``) on this model: each fact
    with its own player count, variant or reading applied to the checked config."""
    from hhh_verify.contract.configs import apply_overrides

    from ..book.facts import FACTS
    from ..rules.ambiguities import REGISTRY
    from ..rules.model import HHHModel

    broken = []
    for f in FACTS:
        m = model
        if f.overrides or f.readings:
            config = apply_overrides(model.config, f.overrides)
            chosen = {**model.readings.as_dict(), **dict(r.split("=", 1) for r in f.readings)}
            m = HHHModel(config, REGISTRY.with_readings(chosen))
        if not f.holds(m):
            broken.append(f'{f.section}: "{f.quote}" (book {f.value}, model {f.get(m)})')
    return (
        "; ".join(broken[:4]) + (f" (+{len(broken) - 4} more)" if len(broken) > 4 else "")
        if broken
        else None
    )


def full_preset(model: HHHModel) -> bool:
    """The facts are the real game's: they apply to the ``full`` preset as configured."""
    from ..rules.config import PRESETS

    return bool(model.config == PRESETS["full"])


def full_length_game(model: HHHModel) -> bool:
    """The rating table is for the real game; the reduced presets (a handful of cubes,
    two rounds, a few dollars) cannot earn $80."""
    return ctx(model).config.cubes_per_colour >= 10


def er_possible(model: HHHModel) -> bool:
    """An Emergency Room patient needs the ER card and a 5th Waiting Room spot."""
    k = ctx(model)
    return k.spots >= 5 and 5 in k.deck


#: Seeded samples per edge bag in :func:`sampler_within_law` (a count, not a time).
SAMPLER_TRIES = 12


def sampler_within_law(model: HHHModel, _state: Any = None) -> str | None:
    """Key Concepts, "Empty bag: If you ever need to draw cubes and the bag is empty,
    place all discarded cubes back into the bag and continue drawing", and the Blood
    Bank's "Draw 1 replacement cube for each black cube that is drawn and return the black
    cube to the bag": the sampler (simulation, Hypothesis) draws the law ``step``
    enumerates where the bag runs low, which seeded games rarely reach. For each way of
    drawing, each colour left alone in the bag beside one black cube, an empty or a
    one-of-each-colour discard pile and 1 or 2 cubes wanted, every sampled result (fixed
    seeds) is one of the exact law's."""
    import random

    from ..rules.draws import ExactDraws, SampledDraws

    C = ctx(model).C
    exact = ExactDraws()
    # a chain's results also carry what it still owed, so the laws differ in type
    kinds: dict[str, tuple[Any, Any]] = {
        "plain": (exact.plain, lambda d: d.plain),
        "chain": (exact.chain, lambda d: d.chain),
        "no_black": (exact.no_black, lambda d: d.no_black),
    }
    for kind, (law, pick) in kinds.items():
        for colour in range(C):
            bag = tuple(int(i in (colour, C)) for i in range(C + 1))
            for discard in ((0,) * (C + 1), (1,) * C + (0,)):
                for need in (1, 2):
                    support = {r for r, _p in law(bag, discard, need)}
                    draw = pick(SampledDraws(random.Random(colour)))
                    for _ in range(SAMPLER_TRIES):
                        ((got, _p),) = draw(bag, discard, need)
                        if got not in support:
                            return (
                                f"{kind} draw of {need} from bag {bag}, discard {discard}: "
                                f"sampled {got}, which the exact law does not give"
                            )
    return None


def point_law_outside(model: HHHModel, _state: Any = None) -> str | None:
    """The point probability (how replay and the distribution check ask one successor's
    chance) is the law's: each successor's exact probability, and 0 for a position the
    law does not give (the position itself, a successor with one cube too many in the
    discard pile). Asked of a Staff reveal in Housekeeping ("Flip the 2 Staff markers
    below the round marker face up": a small enumeration) and of a Ward Heal ("In the
    Wards, you draw 6 cubes": a bag that only shrinks)."""
    from hhh_verify.contract.model import outcome_probability
    from hhh_verify.contract.records import replace

    m = model
    k = ctx(m)
    start = m.initial_state()
    board = replace(
        start, phase=ACTIONS, wards=((),) * k.C, waiting=((0,) * k.C,) * len(start.waiting)
    )
    reveal = replace(board, phase=PP_STAFF, round=2)
    ward = replace(board, wards=((3,),) + ((),) * (k.C - 1))
    heal = next(a for a in m.legal_actions(ward) if isinstance(a, rules_actions.Heal))
    for s, a in ((reveal, rules_actions.Draw()), (ward, heal)):
        law: dict[Any, Any] = {}
        for t, p in m.step(s, a):
            law[t] = law.get(t, 0) + p
        for t, p in list(law.items())[:8]:
            got = outcome_probability(m, s, a, t)
            if got != p:
                return f"{type(a).__name__} in phase {s.phase}: a successor's point probability {got}, its law {p}"
        first = next(iter(law))
        outside = (
            s,
            replace(first, discard=tuple(x + (i == 0) for i, x in enumerate(first.discard))),
        )
        for t in outside:
            if t not in law and (got := outcome_probability(m, s, a, t)) != 0:
                return f"{type(a).__name__} in phase {s.phase}: a position the law does not give has point probability {got}"
    return None


def _two_dying_in_a_ward(model: HHHModel) -> Any:
    """Visit the Wards in the variant without Ward abilities: a Ward of two level-4
    patients, the bag three cubes of each other colour (no black), so neither draws a match
    and both die, the first before the second draws. Twelve cubes: below
    ``visit_enum.LARGE_BAG`` the step enumerates the Visit with ``patient_phase.visit``
    itself, not its fast mirror."""
    from hhh_verify.contract.records import replace

    k = ctx(model)
    c = k.C - 2
    s = model.initial_state()
    return replace(
        s,
        phase=PP_VISIT,
        cursor=place(0, c),
        wards=tuple((4, 4) if i == c else () for i in range(k.C)),
        waiting=((0,) * k.C,) * len(s.waiting),
        bag=tuple(0 if i in (c, k.C) else 3 for i in range(k.C + 1)),
        money=99,
    )


def _treatment_heal(drawn_colour: int) -> Callable[[Any], Any]:
    """A Treatment Room Heal by player 0's Doctor (Nowitz: "After healing a non-Ward
    patient, may re-bag 2 cubes"), its draw ``drawn_colour`` cubes of the patient's
    colour and one black: it lowers the level when ``drawn_colour`` is 2, not when 1."""

    def build(model: HHHModel) -> Any:
        from hhh_verify.contract.records import replace

        from ..rules.board import put
        from ..rules.heal import bonuses_and_rebag
        from ..rules.state import TREATED, HealInProgress

        k = ctx(model)
        s = model.initial_state()
        s = replace(
            s,
            phase=ACTIONS,
            wards=((),) * k.C,
            waiting=((0,) * k.C,) * len(s.waiting),
            rooms=put(s.rooms, 0, 1),
            treatment=put(s.treatment, 0, (3, TREATED)),
        )
        bonuses, rebag = bonuses_and_rebag(k, s, 0, TREATMENT, 0)
        drawn = tuple(drawn_colour if i == 0 else int(i == k.C) for i in range(k.C + 1))
        heal = HealInProgress(0, TREATMENT, 0, 3, drawn, bonuses, rebag, -1, 1)
        bag = tuple(b - d for b, d in zip(s.bag, drawn))
        return replace(s, phase=HEAL_DRAWN, heal=heal, bag=bag)

    return build


#: Positions the sweep's games rarely reach, where an ambiguity's options differ: (the
#: ambiguity, config overrides, the position). Each option's promise is asked there.
BUILT_POSITIONS: tuple[tuple[str, tuple[str, ...], Callable[[Any], Any]], ...] = (
    (R.EMPTY_BEDS_VARIANT.ID, ("variant_no_abilities=1",), _two_dying_in_a_ward),
    (R.REBAG_AFTER_HEAL.ID, (), _treatment_heal(1)),
    (R.REBAG_AFTER_HEAL.ID, (), _treatment_heal(2)),
)


def promises_on_built_positions(model: HHHModel, _state: Any = None) -> str | None:
    """Each option's promise (``models/hhh/promise*.py``), asked of every step from a
    position of :data:`BUILT_POSITIONS` under that option: e.g. Variants, "During Visit
    the Wards, for each patient, draw cubes equal to the number of empty beds in that
    ward", where a death earlier in the same Visit is the only thing that tells
    HHH-EMPTY-BEDS-VARIANT's two readings apart; a Treatment Room Heal that lowered no
    level, or one, for HHH-REBAG-AFTER-HEAL."""
    from hhh_verify.contract.configs import apply_overrides
    from hhh_verify.contract.promises import Promise

    from ..book.promises import BOOK
    from ..rules.ambiguities import REGISTRY
    from ..rules.model import HHHModel

    for amb, overrides, build in BUILT_POSITIONS:
        config = apply_overrides(model.config, overrides)
        for option in REGISTRY.get(amb).option_ids:
            promise = BOOK.of(amb, option)
            m = HHHModel(config, REGISTRY.with_readings({amb: option}))
            if not isinstance(promise, Promise) or promise.step is None:
                continue
            if promise.applies is not None and not promise.applies(m):
                continue
            s = build(m)
            for a in m.legal_actions(s):
                for t, _p in m.step(s, a):
                    if broken := promise.step(m, s, a, t):
                        return f"{amb}={option} on a built position: {broken}"
    return None


#: Every HHH invariant, goal and fact written here, in the order ``check`` prints them
#: (the Z3 queries and the kernel's agreement follow them).
CLAIMS: tuple[Property, ...] = (
    Fact(
        "hhh.facts",
        GAME,
        "Every number the rulebook prints (Components, Setup, rooms, costs, Victory and Defeat)",
        "rounds, capacities, costs, draw sizes, pay, rating brackets and the setup table agree with the book",
        check=facts_hold,
        applies=full_preset,
    ),
    Fact(
        "hhh.sampler-at-a-low-bag",
        GAME,
        "Key Concepts: Empty bag, place all discarded cubes back; Blood Bank: redraw black cubes",
        "the sampler's draws from a bag of one colour and a black cube are results of the exact law",
        check=sampler_within_law,
        applies=full_preset,
    ),
    Fact(
        "hhh.point-law",
        GAME,
        "Housekeeping: flip the 2 Staff markers; Heal a Patient: in the Wards, draw 6 cubes",
        "the point probability of a successor is its exact probability, 0 outside the law",
        check=point_law_outside,
        applies=full_preset,
    ),
    Fact(
        "hhh.promises-on-built-positions",
        GAME,
        "Variants: draw cubes equal to the number of empty beds in that ward; Doctors: after healing, may re-bag 2 cubes",
        "each option's promise holds on built positions where the options differ",
        check=promises_on_built_positions,
        applies=full_preset,
    ),
    Invariant(
        "hhh.cubes-conserved",
        GAME,
        "Components: 88 cubes, 8 black and 16 of each colour",
        "per colour: bag + discard + Waiting Rooms + ER + Blood Bank + drawn = 16 (8 black), none negative",
        cubes_conserved,
    ),
    Invariant(
        "hhh.markers-conserved",
        GAME,
        "Components: 30 Patient markers (4 per colour, 10 white)",
        "per colour: supply + Wards + Treatment Room + tombstones = 4; white: supply + tombstones = 10",
        markers_conserved,
    ),
    Invariant(
        "hhh.capacities",
        GAME,
        "Key Concepts; New Room Clarifications; Hide The Bodies",
        "Waiting Room spots, Ward beds, 1 per Treatment Room, ER 1/3, Blood Bank 3/5, Cemetery 5 (+Coroner, Morgue)",
        capacities,
    ),
    Invariant(
        "hhh.levels-in-range",
        GAME,
        "Illness Level; Patient Death; Treatment Rooms",
        "Ward 1-4, Waiting Room 0-4 cubes, Treatment Room 1-4 (5 Improved)",
        levels_in_range,
    ),
    Invariant(
        "hhh.level-5-dies",
        GAME,
        "Patient Death: level 5 in a Ward or Waiting Room dies",
        "no patient at level 5 survives a step in a Ward or Waiting Room",
        no_level_5_in_wards_or_waiting,
    ),
    Invariant(
        "hhh.cured-leave",
        GAME,
        "Curing Patients: below level 1 they are cured",
        "no patient at level 0 or below stays on the board",
        cured_leave,
    ),
    Invariant(
        "hhh.deaths-hidden",
        GAME,
        "Hide The Bodies (A): place the body on an empty tombstone",
        "bodies on tombstones = deaths (the unhideable last body ends the game)",
        every_death_has_a_place,
        transition=deaths_step,
    ),
    Invariant(
        "hhh.money-accounting",
        GAME,
        "Heal a Patient: Gain Money; Hire Staff; Hide The Bodies (B); Staff Index",
        "money changes only by rule amounts: heal pay, hiring, restock, $2 per black, a settlement per death (Lawyer -$2)",
        transition=money_accounting,
    ),
    Invariant(
        "hhh.bankrupt-iff-negative",
        GAME,
        "Money: less than $0 -> all players immediately lose",
        "money < 0 exactly when the game is lost by bankruptcy",
        bankrupt_iff_negative,
    ),
    Invariant(
        "hhh.arrest-iff-no-place",
        GAME,
        "How to Lose: you cannot hide a dead body",
        "an arrest only when the places for bodies are full",
        arrest_iff_no_place,
    ),
    Invariant(
        "hhh.no-action-after-end",
        GAME,
        "How to Lose: all players immediately lose",
        "after a loss or the end no action is legal and the outcome matches",
        over_means_over,
        sweep="interactions",
    ),
    Invariant(
        "hhh.loss-is-final",
        GAME,
        "How to Lose: all players immediately lose (money below $0, a body with no place)",
        "a game whose loss condition has happened is over: no action, a lost outcome",
        loss_is_final,
        sweep="interactions",
    ),
    Invariant(
        "hhh.no-dead-end",
        GAME,
        "Sequence of Play: actions, then the Patient Phase, round after round",
        "every state of a game in progress offers a decision or a draw",
        no_dead_end,
        sweep="interactions",
    ),
    Invariant(
        "hhh.end-after-last-round",
        GAME,
        "Housekeeping: 6th round -> Victory and Defeat; ratings",
        "a completed game ends in the last round, rated by its money",
        end_after_last_round,
    ),
    Invariant(
        "hhh.round-in-range",
        GAME,
        "Sequence of Play: six rounds",
        "round 1..6",
        round_in_range,
    ),
    Invariant(
        "hhh.tokens",
        GAME,
        "Setup table; Actions; Staff Index (COO)",
        "unused tokens within those dealt (Administrator + COO)",
        tokens,
    ),
    Invariant(
        "hhh.admin-flips",
        GAME,
        "Administrator Action: flip the card face down; Chaplain: once per round",
        "the Administrator card is used at most once a round (twice with the Chaplain)",
        transition=admin_flips,
    ),
    Invariant(
        "hhh.staff-reveals",
        GAME,
        "Housekeeping: flip the 2 Staff markers; Hire Staff: Cats cannot be hired",
        "at most 2 Staff revealed per round; Staff markers conserved",
        staff_reveals,
    ),
    Invariant(
        "hhh.room-limit",
        GAME,
        "New Rooms: only 6 New Room cards can be placed (HHH-ROOM-CAP)",
        "New Rooms never above the chosen limit",
        room_limit,
    ),
    Invariant(
        "hhh.er-return",
        GAME,
        "Emergency Room: healed below 5 cubes -> to a Waiting Room",
        "an ER patient healed below 5 leaves the ER for a Waiting Room",
        transition=er_return,
    ),
    Goal(
        "hhh.goal-arrest",
        GAME,
        "How to Lose: you cannot hide a dead body",
        "a loss by arrest is possible",
        lambda m, s: s.reason == ARRESTED,
        heuristic=search.bodies,
    ),
    Goal(
        "hhh.goal-bankrupt",
        GAME,
        "How to Lose: money drops below zero",
        "a loss by bankruptcy is possible",
        lambda m, s: s.reason == BANKRUPT,
        heuristic=search.debt,
    ),
    Goal(
        "hhh.goal-triumphant",
        GAME,
        "Victory and Defeat: $80+ Triumphant",
        "a win rated Triumphant ($80+) is possible",
        lambda m, s: s.reason == COMPLETED and rated_money(m, s) >= 80,
        hard_to_reach=True,
        heuristic=search.money,
        applies=full_length_game,
    ),
    Goal(
        "hhh.goal-er-return",
        GAME,
        "Emergency Room: healed below 5 cubes -> Waiting Room",
        "an ER patient healed below 5 cubes (then moved to a Waiting Room)",
        er_patient_healed_below_5,
        applies=er_possible,
    ),
)

KERNEL_AGREES = kernel_agreement(
    GAME,
    "hhh",
    "The whole rulebook: every rule the model reads is read again by the compiled kernel",
)


def properties() -> PropertyRegistry:
    """Every HHH property, in the order ``check`` prints them."""
    from .smt import smt_properties

    return PropertyRegistry(GAME, [*CLAIMS, *smt_properties(), KERNEL_AGREES])
