"""Transfer a Patient, Hire Staff, Research, the Administrator and Staff abilities, and
the picks they lead to (rulebook "Actions", "Staff Index", "Research")."""

from __future__ import annotations

from fractions import Fraction

from hhh_verify.contract.records import replace

from . import readings as R
from .actions import (
    Action,
    ChooseBenefit,
    ImproveRoom,
    InternTreat,
    NurseTraining,
    RemoveAbility,
    ReplaceMarker,
    TakeTraining,
    Transfer,
)
from .board import (
    ONE,
    add,
    blood_size,
    bump,
    die,
    dry_chain,
    gain,
    insort,
    pay,
    put,
    remove_one,
    sub,
    then,
    treatment_max,
)
from .config import (
    BUREAUCRAT,
    CAT,
    CFO,
    CHAPLAIN,
    COO,
    DEATH_LEVEL,
    INTAKE_NURSE,
    INTERN,
    MANAGER,
)
from .context import Ctx
from .heal import return_to_waiting
from .rooms import fill_blood_bank, improve_room
from .setup import reveal_training
from .state import (
    ACTIONS,
    BLOOD_BANK,
    CRITICAL,
    EMERGENCY,
    PICK_IMPROVE,
    PICK_INTERN,
    PICK_MANAGER,
    PICK_REPLACE,
    PICK_REPLACE_FIRST,
    PICK_TRAINING,
    PICKS,
    RESEARCH_DRAWN,
    TREATED,
    TREATMENT,
    WAITING,
    WARD,
    HHHState,
    ResearchInProgress,
)

RESEARCH_CUBES = 5  # Research: "Draw 5 cubes from the bag"
RESEARCH_HIRE_COST = 2  # printed card: "Hire 1 Staff for $2. Reduce this cost by [count]"
CFO_GAIN = 10  # Staff Index: "CFO: Gain $10."
INTERN_HEAL = 3  # Staff Index: "reduce its Illness level by 3"
# Transfer a Patient: "Only Patients of Illness levels 3 and 4 may be transferred from the
# Waiting Rooms to a Ward."
WAITING_TO_WARD = (3, 4)
BENEFIT_HIRE, BENEFIT_TRAINING, BENEFIT_REPLACE = 0, 1, 2

# Transfer a Patient ---------------------------------------------------------------------


def transfers(ctx: Ctx, s: HHHState, player: int) -> list[Transfer]:
    """Every legal Transfer: "Move that Patient to any matching color Ward or New Room that
    has space for them", with the Waiting Room level rule (HHH-TRANSFER-WR-DEST, Intake
    Nurse), marker supply limits, and no moves to or from the Emergency Room."""
    out = []
    nurse = bool(s.staff_hired[INTAKE_NURSE])
    for c in range(ctx.C):
        bed = len(s.wards[c]) < ctx.beds
        room = bool(s.rooms[c]) and not s.treatment[c][0]
        top = treatment_max(s, c) if s.rooms[c] else 0
        marker = s.supply[c] > 0
        for w, waiting in enumerate(s.waiting):
            level = waiting[c]
            if not level or not marker:
                continue
            lo, hi = WAITING_TO_WARD
            if bed and (lo <= level <= hi or (nurse and level <= hi)):
                out.append(Transfer(player, WAITING, w, c, level, WARD))
            if room and level <= top and _wr_to_room_ok(ctx, level):
                out.append(Transfer(player, WAITING, w, c, level, TREATMENT))
        if room:
            for level in sorted(set(s.wards[c])):
                if level <= top:
                    out.append(Transfer(player, WARD, 0, c, level, TREATMENT))
        tr_level = s.treatment[c][0]
        if tr_level and bed and (tr_level < DEATH_LEVEL or ctx.tr5_to_ward):
            out.append(Transfer(player, TREATMENT, 0, c, tr_level, WARD))
    return out


def _wr_to_room_ok(ctx: Ctx, level: int) -> bool:
    if ctx.transfer_wr == R.TRANSFER_WR_DEST.WARDS_ONLY:
        return False
    if ctx.transfer_wr == R.TRANSFER_WR_DEST.ANY_LEVEL_ROOMS:
        return True
    lo, hi = WAITING_TO_WARD
    return lo <= level <= hi


def transfer(ctx: Ctx, s: HHHState, a: Transfer) -> HHHState:
    """Flip a Medical token and move the patient. Out of a Waiting Room the cubes become
    a marker ("maintain their Illness level and discard the cubes"); into a Treatment
    Room the patient goes on the Critical side."""
    c = a.colour
    s = replace(s, medical=bump(s.medical, a.player, -1))
    if a.source == WAITING:
        s = replace(
            s,
            waiting=put(s.waiting, a.room, put(s.waiting[a.room], c, 0)),
            discard=bump(s.discard, c, a.level),
            supply=bump(s.supply, c, -1),
        )
    elif a.source == WARD:
        s = replace(s, wards=put(s.wards, c, remove_one(s.wards[c], a.level)))
    else:
        s = replace(s, treatment=put(s.treatment, c, (0, 0)))
    if a.target == TREATMENT:
        return replace(s, treatment=put(s.treatment, c, (a.level, CRITICAL)))
    if a.level >= DEATH_LEVEL and not ctx.tr5_survives:  # HHH-TR-TO-WARD-5: level 5 dies
        return die(ctx, s, c, marker=True, cost=ctx.config.ward_death_cost)
    return replace(s, wards=put(s.wards, c, insort(s.wards[c], a.level)))


# Hire Staff -----------------------------------------------------------------------------


def can_pay(ctx: Ctx, s: HHHState, cost: int) -> bool:
    """HHH-UNAFFORDABLE: may an action cost more than the money left?"""
    return ctx.unaffordable_ok or s.money >= cost


def hireable(ctx: Ctx, s: HHHState, cost: int) -> list[int]:
    """Hire Staff: "Choose 1 face-up Staff marker from below the round track. (Cats cannot
    be hired, but they are cute!)" Which face-up markers: HHH-STAFF-HIREABLE (markers of
    earlier rounds are in ``staff_passed`` under HHH-STAFF-HIREABLE=this-round). "Place it in the Office, on
    an empty Staff space": the Office has ``office_spaces`` (a parameter)."""
    if not can_pay(ctx, s, cost) or sum(s.staff_hired) >= ctx.config.office_spaces:
        return []
    return [t for t, n in enumerate(s.staff_open) if n and t != CAT]


def hire(ctx: Ctx, s: HHHState, staff: int, cost: int) -> list[tuple[HHHState, Fraction]]:
    """ "Pay $5", place the Staff in the Office, then "Otherwise, the Staff provides a
    1-time effect: immediately perform it" (Staff Index): COO (HHH-COO-TIMING), CFO
    "Gain $10", the Intern's, Bureaucrat's and Manager's choices (picks that must be made:
    these effects are performed, not offered)."""
    s = pay(ctx, s, cost)
    if s.reason:
        return [(s, ONE)]
    s = replace(
        s, staff_open=bump(s.staff_open, staff, -1), staff_hired=bump(s.staff_hired, staff, 1)
    )
    if staff == COO:
        return [
            (
                replace(
                    s,
                    admin_total=s.admin_total + 1,
                    admin_tokens=s.admin_tokens + (1 if ctx.coo_now else 0),
                ),
                ONE,
            )
        ]
    if staff == CFO:
        return [(gain(ctx, s, CFO_GAIN), ONE)]
    if staff == INTERN and intern_targets(ctx, s):
        return [(replace(s, phase=PICKS, picks=(PICK_INTERN, 1)), ONE)]
    if staff == BUREAUCRAT and improvable(s):
        return [(replace(s, phase=PICKS, picks=(PICK_IMPROVE, 1)), ONE)]
    if staff == MANAGER and any(s.abilities):
        return [(replace(s, phase=PICKS, picks=(PICK_MANAGER, 1)), ONE)]
    return [(s, ONE)]


def intern_targets(ctx: Ctx, s: HHHState) -> list[Action]:
    """Intern: "Choose any 1 alive Patient - from any area" (Emergency Room: HHH-INTERN-ER)."""
    out: list[Action] = []
    for c in range(ctx.C):
        for level in sorted(set(s.wards[c])):
            out.append(InternTreat(WARD, 0, c, level))
        if s.treatment[c][0]:
            out.append(InternTreat(TREATMENT, 0, c, s.treatment[c][0]))
        if s.er[c] and ctx.intern_er:
            out.append(InternTreat(EMERGENCY, 0, c, DEATH_LEVEL))
        for w, room in enumerate(s.waiting):
            if room[c]:
                out.append(InternTreat(WAITING, w, c, room[c]))
    return out


def intern(ctx: Ctx, s: HHHState, a: InternTreat) -> HHHState:
    """Intern: "reduce its Illness level by 3. Do not gain any Money for this. (This may
    cure them, see Curing Patients.)" A Treatment Room patient keeps its side or turns
    Treated (HHH-INTERN-TREATMENT); an Emergency Room patient leaves as when healed
    (HHH-INTERN-ER, HHH-ER-RETURN); a Waiting Room cube patient loses 3 cubes."""
    c, new = a.colour, a.level - INTERN_HEAL
    if a.place == WARD:
        ward = remove_one(s.wards[c], a.level)
        if new <= 0:
            return replace(s, wards=put(s.wards, c, ward), supply=bump(s.supply, c, 1))
        return replace(s, wards=put(s.wards, c, insort(ward, new)))
    if a.place == TREATMENT:
        if new <= 0:
            return replace(s, treatment=put(s.treatment, c, (0, 0)), supply=bump(s.supply, c, 1))
        side = TREATED if ctx.intern_treats else s.treatment[c][1]
        return replace(s, treatment=put(s.treatment, c, (new, side)))
    if a.place == EMERGENCY:
        s = replace(s, er=bump(s.er, c, -1), discard=bump(s.discard, c, INTERN_HEAL))
        return return_to_waiting(ctx, s, c, DEATH_LEVEL - INTERN_HEAL)
    room = s.waiting[a.room]
    removed = min(INTERN_HEAL, room[c])
    return replace(
        s,
        waiting=put(s.waiting, a.room, put(room, c, room[c] - removed)),
        discard=bump(s.discard, c, removed),
    )


def improvable(s: HHHState) -> list[int]:
    """Bureaucrat: "Improve 1 New Room card already in play"."""
    return [k for k, v in enumerate(s.rooms) if v == 1]


# Research -------------------------------------------------------------------------------


def research(ctx: Ctx, s: HHHState) -> list[tuple[HHHState, Fraction]]:
    """ "Flip 1 Administrative action token to the used side. ... Draw 1 card from the
    Research deck. If the deck is empty, shuffle all discarded Research cards to form a new
    deck. ... Draw 5 cubes from the bag. If you draw a black cube, discard it and draw 2
    more cubes." A draw that ends short: HHH-DRAW-EXHAUSTED."""
    s = replace(s, admin_tokens=s.admin_tokens - 1)
    if not sum(s.research_deck):
        s = replace(
            s, research_deck=s.research_discard, research_discard=(0,) * len(s.research_discard)
        )
    out = []
    for d, p_card in ctx.draws.hyper(s.research_deck, 1):
        card = d.index(1)
        st = replace(s, research_deck=bump(s.research_deck, card, -1))
        for (cubes, bag, disc, owed), p in ctx.draws.chain(st.bag, st.discard, RESEARCH_CUBES):
            r = ResearchInProgress(card, cubes)
            st2 = replace(st, bag=bag, discard=disc, research=r, phase=RESEARCH_DRAWN)
            if owed and ctx.exhausted_stuck:
                st2 = replace(
                    st2,
                    discard=add(disc, cubes),
                    research_discard=bump(st2.research_discard, card, 1),
                )
                st2 = dry_chain(ctx, st2, owed)
            out.append((st2, p * p_card))
    return out


def benefits(ctx: Ctx, s: HHHState) -> list[ChooseBenefit]:
    """ "Choose 1 benefit from the Research card based on how many cubes of the required
    color you drew." A benefit without a cube of its colour: HHH-RESEARCH-ZERO ("If you
    drew no cubes that match any required colors for the Research card - sorry, your
    research failed"); choosing none although one is possible: HHH-RESEARCH-DECLINE."""
    r = s.research
    assert r is not None
    hire_c, train_c, replace_c = ctx.research_colours(r.card)
    out = []
    failed = not (r.drawn[hire_c] or r.drawn[train_c] or r.drawn[replace_c])
    if r.drawn[hire_c] or (ctx.research_hire_without and not failed):
        cost = max(0, RESEARCH_HIRE_COST - r.drawn[hire_c])
        out += [ChooseBenefit(BENEFIT_HIRE, t) for t in hireable(ctx, s, cost)]
    if r.drawn[train_c] and (sum(s.training_open) or sum(s.training_hidden)):
        out.append(ChooseBenefit(BENEFIT_TRAINING, 0))
    if r.drawn[replace_c] and any(s.cemetery[: ctx.C]) and s.supply[ctx.C]:
        out.append(ChooseBenefit(BENEFIT_REPLACE, 0))
    if not out or not ctx.research_must_choose:
        out.append(ChooseBenefit(-1, 0))
    return out


def choose_benefit(ctx: Ctx, s: HHHState, a: ChooseBenefit) -> list[tuple[HHHState, Fraction]]:
    """Perform the benefit ("Gain [green cube count] Training markers", "Hire 1 Staff for
    $2. Reduce this cost by [matching cube color count] (but never below zero)", replace
    markers), then "Discard the card and cubes"."""
    r = s.research
    assert r is not None
    hire_c, train_c, replace_c = ctx.research_colours(r.card)
    s = replace(
        s,
        research=None,
        phase=ACTIONS,
        discard=add(s.discard, r.drawn),
        research_discard=bump(s.research_discard, r.card, 1),
    )
    if a.benefit == BENEFIT_HIRE:
        return hire(ctx, s, a.arg, max(0, RESEARCH_HIRE_COST - r.drawn[hire_c]))
    if a.benefit == BENEFIT_TRAINING:
        return [(replace(s, phase=PICKS, picks=(PICK_TRAINING, r.drawn[train_c])), ONE)]
    if a.benefit == BENEFIT_REPLACE:
        # up-to may stop early, but not before the first marker when the benefit could
        # not be declined: stopping at none would be declining it (HHH-RESEARCH-DECLINE)
        first = ctx.research_must_choose and not ctx.research_all
        kind = PICK_REPLACE_FIRST if first else PICK_REPLACE
        return [(replace(s, phase=PICKS, picks=(kind, r.drawn[replace_c])), ONE)]
    return [(s, ONE)]


# Picks ----------------------------------------------------------------------------------


def pick_options(ctx: Ctx, s: HHHState) -> list[Action]:
    kind = s.picks[0]
    if kind == PICK_TRAINING:
        out: list[Action] = [
            TakeTraining(k, p) for k, n in enumerate(s.training_open) if n for p in range(ctx.P)
        ]
        if sum(s.training_hidden):
            out += [TakeTraining(-1, p) for p in range(ctx.P)]
        return out
    if kind in (PICK_REPLACE, PICK_REPLACE_FIRST):
        return [ReplaceMarker(c) for c in range(ctx.C) if s.cemetery[c]] if s.supply[ctx.C] else []
    if kind == PICK_INTERN:
        return intern_targets(ctx, s)
    if kind == PICK_IMPROVE:
        return [ImproveRoom(k) for k in improvable(s)]
    if kind == PICK_MANAGER:
        return [RemoveAbility(c) for c in range(ctx.C) if s.abilities[c]]
    return []


def optional_picks(ctx: Ctx, s: HHHState) -> bool:
    """Whether the pending picks may stop early: marker replacements only under
    HHH-RESEARCH-AMOUNT=up-to; Training markers never ("so you gain 3 Training markers":
    the Research example gains the full count); the Staff effects never ("immediately
    perform it")."""
    return not ctx.research_all and s.picks[0] == PICK_REPLACE


def after_pick(ctx: Ctx, s: HHHState) -> list[tuple[HHHState, Fraction]]:
    """One pick done: continue while picks and options remain, else back to the Action
    Phase (face-up Training markers are "only refilled after choosing all markers")."""
    if s.reason:  # the pick ended the game (an Intern's patient died): it stays over
        return [(s, ONE)]
    kind, left = s.picks
    if kind == PICK_REPLACE_FIRST:  # the compulsory first marker is replaced
        kind = PICK_REPLACE
    s = replace(s, picks=(kind, left - 1))
    if left - 1 > 0 and pick_options(ctx, s):
        return [(s, ONE)]
    return finish_picks(ctx, s)


def finish_picks(ctx: Ctx, s: HHHState) -> list[tuple[HHHState, Fraction]]:
    """The picks are over: back to the Action Phase; after Training picks the face-up
    markers are refilled ("face-up are only refilled after choosing all markers from that
    action"). A game the picks ended stays over."""
    if s.reason:
        return [(s, ONE)]
    kind = s.picks[0]
    s = replace(s, phase=ACTIONS, picks=(0, 0))
    if kind == PICK_TRAINING:
        return reveal_training(ctx, s)
    return [(s, ONE)]


def take_training(ctx: Ctx, s: HHHState, a: TakeTraining) -> list[tuple[HHHState, Fraction]]:
    """ "Markers gained can be chosen from either face-up (your choice) or face-down
    (random)" and "can be assigned to any Doctor"."""
    if a.kind >= 0:
        s = replace(
            s,
            training_open=bump(s.training_open, a.kind, -1),
            training=put(s.training, a.player, bump(s.training[a.player], a.kind, 1)),
        )
        return after_pick(ctx, s)
    out = []
    for d, p in ctx.draws.hyper(s.training_hidden, 1):
        st = replace(
            s,
            training_hidden=sub(s.training_hidden, d),
            training=put(s.training, a.player, add(s.training[a.player], d)),
        )
        out.append((st, p))
    return then(out, lambda st: after_pick(ctx, st))


def replace_marker(ctx: Ctx, s: HHHState, a: ReplaceMarker) -> list[tuple[HHHState, Fraction]]:
    """ "Replace Patient markers of deceased patients with white Patient markers"."""
    W = ctx.C
    s = replace(
        s,
        cemetery=bump(bump(s.cemetery, a.colour, -1), W, 1),
        supply=bump(bump(s.supply, a.colour, 1), W, -1),
    )
    return after_pick(ctx, s)


# Administrator, Blood Bank, Chaplain, Ura ------------------------------------------------


def restock_cost(s: HHHState) -> int:
    """Blood Bank: "$3 to refill it" (Basic), "$5" (Improved)."""
    return 5 if s.rooms[BLOOD_BANK] == 2 else 3


def can_restock(ctx: Ctx, s: HHHState) -> bool:
    """ "When the Blood Bank is empty, you may use 1 Administrative action token and spend
    $3" (the card flip per HHH-BB-RESTOCK-FLIP)."""
    return (
        bool(s.rooms[BLOOD_BANK])
        and not any(s.blood)
        and s.admin_tokens > 0
        and can_pay(ctx, s, restock_cost(s))
        and (s.admin_face_up or not ctx.bb_flips)
        and blood_size(s) > 0
    )


def restock_blood(ctx: Ctx, s: HHHState) -> list[tuple[HHHState, Fraction]]:
    """Blood Bank: "When the Blood Bank is empty, you may use 1 Administrative action
    token and spend $3 to refill it with 3 random cubes" ($5 and 5 cubes Improved)."""
    s = replace(s, admin_tokens=s.admin_tokens - 1)
    if ctx.bb_flips:
        s = replace(s, admin_face_up=False)
    s = pay(ctx, s, restock_cost(s))
    if s.reason:
        return [(s, ONE)]
    return fill_blood_bank(ctx, s)


def can_chaplain(ctx: Ctx, s: HHHState) -> bool:
    """Chaplain: "Once per round, flip the Administrator card face up"."""
    return (
        ctx.admin and bool(s.staff_hired[CHAPLAIN]) and not s.chaplain_used and not s.admin_face_up
    )


def nurse_options(ctx: Ctx, s: HHHState) -> list[NurseTraining]:
    """Ura Scapegote: "Once per game as a free action, assign 1 face-up Training Marker to
    this nurse"."""
    out = []
    for p, doctor in enumerate(ctx.config.doctors):
        if doctor == "ura" and not s.nurse_free_used[p]:
            out += [NurseTraining(p, k) for k, n in enumerate(s.training_open) if n]
    return out


def nurse_training(ctx: Ctx, s: HHHState, a: NurseTraining) -> list[tuple[HHHState, Fraction]]:
    """Ura Scapegote: "assign 1 face-up Training Marker to this nurse", then the board room
    is refilled or not (HHH-NURSE-REFILL)."""
    s = replace(
        s,
        training_open=bump(s.training_open, a.kind, -1),
        training=put(s.training, a.player, bump(s.training[a.player], a.kind, 1)),
        nurse_free_used=put(s.nurse_free_used, a.player, True),
    )
    return reveal_training(ctx, s) if ctx.nurse_refill else [(s, ONE)]


def improve(ctx: Ctx, s: HHHState, a: ImproveRoom) -> list[tuple[HHHState, Fraction]]:
    """Bureaucrat: "Improve 1 New Room card already in play to the left of the game board
    for $0." """
    s = replace(s, phase=ACTIONS, picks=(0, 0))
    return improve_room(ctx, s, a.kind)


def remove_ability(s: HHHState, a: RemoveAbility) -> HHHState:
    """Manager: "Return any 1 Ward Ability token on the board to the supply"."""
    return replace(s, abilities=put(s.abilities, a.colour, False), phase=ACTIONS, picks=(0, 0))
