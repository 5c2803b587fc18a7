"""What Healthy Heart Hospital's readings promise, as checks (``hhh_verify.contract.promises``).

Each check is written from the option's words and reads the position before a step, the
action and the position after (or a finished game), with the config's numbers; none
calls the rule it checks. The setup, Patient Phase and end-of-game readings' checks are
in ``promise_phases``, the Heal's and Transfer's in ``promise_heal``, the Administrator's,
Staff's and Research's in ``promise_admin``."""

from __future__ import annotations

from typing import Any

from hhh_verify.contract.promises import Promise, PromiseBook

from ..rules import readings as R
from ..rules.actions import (
    ChaplainFlip,
    ChooseBenefit,
    EndActions,
    EndPicks,
    InstallRoom,
    InternTreat,
    ReturnBlacks,
    Transfer,
)
from ..rules.config import CAT, CFO, CORONER, INTAKE_NURSE
from ..rules.model import HHHModel
from ..rules.player_actions import BENEFIT_HIRE, WAITING_TO_WARD
from ..rules.state import (
    ACTIONS,
    BLOOD_BANK,
    EMERGENCY,
    HEAL_DRAWN,
    MORGUE,
    PICK_REPLACE,
    PICK_REPLACE_FIRST,
    PICKS,
    PP_ARRIVE,
    PP_INSTALL,
    RESEARCH_DRAWN,
    SETUP_ROOM,
    STUCK,
    TREATMENT,
    WAITING,
    WARD,
    HHHState,
    item_of,
)
from . import promise_admin, promise_heal, promise_phases

#: the most cubes one draw of the rules asks for (a Heal of 12 at most, arrivals of 12
#: at most, the Blood Bank's 5, Research's 5): a draw that could not be completed had
#: fewer colour cubes than this in the bag and the discard pile together
LARGEST_DRAW = 12


def revealed(model: HHHModel, s: HHHState) -> int:
    """Staff markers face up or hired (the ones not face down any more)."""
    return sum(s.staff_open) + sum(s.staff_passed) + sum(s.staff_hired)


def staff_rows(model: HHHModel) -> int:
    """Rounds with Staff spaces below them: the spaces in rows of ``staff_per_round``
    ("Flip the 2 Staff markers below the round marker"), two fewer spaces in the 5-round
    variant."""
    c = model.config
    spaces = c.staff_spaces - (2 if c.variant_two_rooms else 0)
    per = c.staff_per_round
    return -(-spaces // per) if per else c.rounds


def reveal_each(model: HHHModel) -> int:
    c = model.config
    return 1 if c.variant_one_staff else c.staff_per_round


def _staff_bound(first: int) -> Any:
    """Both ways: at most one row's flips a round, only in rounds ``first`` to
    ``first + rows - 1``; and once a round's Player Action Phase is on, every row under
    the rounds so far has been flipped ("Flip the 2 Staff markers below the round
    marker face up"), as far as the spaces and markers go."""

    def check(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
        rows_reached = max(0, min(t.round - first + 1, staff_rows(model)))
        bound = reveal_each(model) * rows_reached
        if revealed(model, t) > bound:
            return (
                f"{revealed(model, t)} Staff markers face up in round {t.round}; the spaces "
                f"under the rounds so far hold {bound} flips"
            )
        c = model.config
        spaces = c.staff_spaces - (2 if c.variant_two_rooms else 0)
        least = min(bound, spaces, sum(c.staff_pool))
        if t.phase == ACTIONS and not t.reason and revealed(model, t) < least:
            return (
                f"{revealed(model, t)} Staff markers flipped by round {t.round}'s actions; "
                f"the rows under the rounds so far hold {least}"
            )
        return None

    return check


def _wards_at_most(fewer: int) -> Any:
    """No Ward holds more patients than its beds; and when a player transfers, every
    Waiting Room patient of a Ward level (3-4) whose Ward has a free bed and whose colour
    has a marker left may go there."""

    def check(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
        beds = model.config.ward_beds - fewer
        for c, ward in enumerate(t.wards):
            if len(ward) > beds:
                return f"Ward {c} holds {len(ward)} patients in {beds} beds"
        if not isinstance(a, Transfer):
            return None
        legal = model.legal_actions(s)
        lo, hi = WAITING_TO_WARD
        for c, ward in enumerate(s.wards):
            if len(ward) >= beds or not s.supply[c]:
                continue
            for w, room in enumerate(s.waiting):
                if lo <= room[c] <= hi and (
                    Transfer(a.player, WAITING, w, c, room[c], WARD) not in legal
                ):
                    return f"a level-{room[c]} patient may not take a free bed of Ward {c}"
        return None

    return check


def _waiting_at_most(fewer: int) -> Any:
    """No colour holds more cubes than its spots; and in an arrival that cannot have
    refilled the bag (no colour cube in the discard pile), a colour's drawn cubes are
    discarded only once its spots are full (or its patient left them at 5 cubes), and
    with one spot fewer no patient leaves them (none reaches 5 cubes)."""

    def check(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
        spots = model.config.waiting_spots - fewer
        for w, room in enumerate(t.waiting):
            for c, n in enumerate(room):
                if n > spots:
                    return f"Waiting Room {w} holds {n} {c}-cubes on {spots} spots"
        C = model.config.colours
        if s.phase != PP_ARRIVE or t.reason or any(s.discard[:C]):
            return None
        w = item_of(s.cursor)
        for c in range(C):
            before, after = s.waiting[w][c], t.waiting[w][c]
            if t.discard[c] > s.discard[c] and after not in (0, spots):
                return f"a colour-{c} cube was discarded with {after} of {spots} spots taken"
            if spots < promise_phases.DEATH and before and not after:
                return f"a {before}-cube colour-{c} patient left {spots} spots in an arrival"
        return None

    return check


def colour_cubes(model: HHHModel, counts: tuple[int, ...]) -> int:
    return sum(counts[: model.config.colours])


def _never_stuck(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if t.reason == STUCK:
        return "the game ended as stuck although a short draw just ends"
    return None


def _stuck_only_when_exhausted(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    """Both ways: stuck only when the cubes ran out, and stuck when an arrivals draw
    asks for more colour cubes than bag and discard pile hold together (it cannot end:
    "draw 2 more cubes for each black cube drawn" only asks for more)."""
    have = colour_cubes(model, s.bag) + colour_cubes(model, s.discard)
    if t.reason == STUCK and s.reason != STUCK:
        if have >= LARGEST_DRAW:
            return f"the game ended as stuck with {have} colour cubes in bag and discard pile"
    want = model.config.arrival_cubes
    if s.phase == PP_ARRIVE and not s.reason and have < want and t.reason != STUCK:
        return f"arrivals of {want} cubes from {have} colour cubes did not end the game stuck"
    return None


def _blood_filled(s: HHHState, t: HHHState) -> bool:
    """A Blood Bank fill happened in the step and left the Blood Bank short."""
    size = {0: 0, 1: 3, 2: 5}[t.rooms[BLOOD_BANK]]
    return any(b > a for a, b in zip(s.blood, t.blood)) and sum(t.blood) < size


def _bb_refill(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if _blood_filled(s, t) and colour_cubes(model, t.discard):
        return "the Blood Bank fill stopped short while the discard pile held colour cubes"
    return None


def _bb_stop(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    """A Blood Bank installed in the Patient Phase is followed in the same step by
    Restock Cubes ("Place all discarded cubes back into the bag"): the bag the fill left
    is the bag seen less the discard pile put back (a fill that refilled from the
    discard pile itself left none to put back, and is then not told apart)."""
    left = colour_cubes(model, t.bag)
    if s.phase == PP_INSTALL:
        left -= colour_cubes(model, s.discard)
    if _blood_filled(s, t) and left > 0:
        return "the Blood Bank fill stopped short while the bag held colour cubes"
    return None


def _replace_in_full(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    C = model.config.colours
    replacing = s.phase == PICKS and s.picks[0] in (PICK_REPLACE, PICK_REPLACE_FIRST)
    if isinstance(a, EndPicks) and replacing and any(s.cemetery[:C]) and s.supply[C]:
        return f"the Replace benefit stopped with {s.picks[1]} markers left to replace"
    return None


def _no_decline(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    """A Research ends without a benefit only when none is possible: Training and
    Replace checked from the card's colours, the Hire (whose price and face-up markers
    are the Hire rule's) from the benefits offered in the position before."""
    if s.phase != RESEARCH_DRAWN or not isinstance(a, ChooseBenefit) or a.benefit != -1:
        return None
    r = s.research
    assert r is not None
    _, train_c, replace_c = model.ctx.research_colours(r.card)
    C = model.config.colours
    if r.drawn[train_c] and (sum(s.training_open) or sum(s.training_hidden)):
        return "the Research was declined although the Training benefit was possible"
    if r.drawn[replace_c] and any(s.cemetery[:C]) and s.supply[C]:
        return "the Research was declined although the Replace benefit was possible"
    offered = [b for b in model.legal_actions(s) if isinstance(b, ChooseBenefit)]
    if any(b.benefit == BENEFIT_HIRE for b in offered):
        return "the Research was declined although the Hire benefit was possible"
    return None


def _money_capped(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    return f"money ${t.money} above the $199 cap" if t.money > 199 else None


def _rooms_at_most(starting_uncounted: bool) -> Any:
    def check(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
        c = model.config
        extra = (2 if c.variant_two_rooms else 1) if starting_uncounted else 0
        limit = c.room_limit + extra
        if t.rooms_placed > limit:
            return f"{t.rooms_placed} New Room cards placed; the cap allows {limit}"
        return promise_phases.install_while_allowed(model, a, t, limit)

    return check


def placed_at_most(model: HHHModel) -> int:
    """The New Room cards the declared HHH-ROOM-CAP lets the game place (``room_limit``,
    the starting card(s) counted or not; every phase: as many as there are kinds)."""
    c = model.config
    cap = model.readings.declared(R.ROOM_CAP)
    if cap == R.ROOM_CAP.SIX_TOTAL:
        return c.room_limit
    if cap == R.ROOM_CAP.SIX_INSTALLED:
        return c.room_limit + (2 if c.variant_two_rooms else 1)
    return MORGUE + 1  # room kinds 0..MORGUE: every card of the deck


def _no_morgue(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    return "a Morgue was installed" if t.rooms[MORGUE] else None


def _morgue_holds(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    """Both ways: the Morgue is a New Room card, so whenever a New Room card is chosen
    while it is not placed it is among the choices (but where a fixed ``starting_room``
    narrows the setup choice); and it holds ``morgue_capacity`` bodies (one more
    Improved) besides the Cemetery."""
    if isinstance(a, InstallRoom) and not s.rooms[MORGUE]:
        fixed = s.phase == SETUP_ROOM and model.config.starting_room >= 0 and not s.rooms_placed
        if not fixed and InstallRoom(MORGUE) not in model.legal_actions(s):
            return "a New Room card was chosen and the Morgue was not among the choices"
    if not t.rooms[MORGUE] and t.rooms_placed < placed_at_most(model):
        if isinstance(a, EndActions) and not t.reason and t.phase != PP_INSTALL:
            return "a Patient Phase skipped its New Room while the Morgue card was in the deck"
    c = model.config
    cap = c.tombstones + (1 if t.staff_hired[CORONER] else 0)
    if t.rooms[MORGUE]:
        cap += c.morgue_capacity + (1 if t.rooms[MORGUE] == 2 else 0)
    if sum(t.cemetery) > cap and not t.reason:
        return f"{sum(t.cemetery)} bodies hidden in places for {cap}, and play goes on"
    return None


def _staff_total(kind: int, most: Any) -> Any:
    def check(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
        n = t.staff_hidden[kind] + t.staff_open[kind] + t.staff_passed[kind]
        n += t.staff_hired[kind]
        if n > most(model):
            return f"{n} Staff markers of kind {kind}; the pool has {most(model)}"
        return None

    return check


def _training_total(extra: int) -> Any:
    def check(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
        n = sum(t.training_open) + sum(t.training_hidden) + sum(map(sum, t.training))
        pool = sum(model.config.training_pool)
        most = pool + (extra if pool else 0)
        if n > most:
            return f"{n} Training markers in play; the pool has {most}"
        return None

    return check


def _hireable_this_round(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if t.round > s.round and sum(t.staff_open) != 0:
        return "Staff markers of the round just ended are still hireable in the next"
    return None


def _nothing_passed(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    return "face-up Staff markers stopped being hireable" if sum(t.staff_passed) else None


def _no_end_reaction(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    return "the end-of-Patient-Phase reaction fired" if isinstance(a, ReturnBlacks) else None


def _no_last_round_reaction(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if isinstance(a, ReturnBlacks) and s.round >= model.config.last_round:
        return "the end-of-Patient-Phase reaction fired in the last round"
    return None


def _chaplain_between(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if isinstance(a, ChaplainFlip) and s.phase == HEAL_DRAWN:
        return "the Chaplain flipped the Administrator card in the middle of a Heal"
    return None


def _intern_not_er(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if isinstance(a, InternTreat) and a.place == EMERGENCY:
        return "the Intern treated an Emergency Room patient"
    return None


def _intern_er_moves(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    """The Intern's Emergency Room patient leaves it; and whenever the Intern picks, every
    Emergency Room patient is among the choices."""
    if isinstance(a, InternTreat) and a.place == EMERGENCY and t.er[a.colour] >= s.er[a.colour]:
        return "the Intern's Emergency Room patient stayed in the Emergency Room"
    if isinstance(a, InternTreat):
        legal = model.legal_actions(s)
        for c, n in enumerate(s.er):
            if n and InternTreat(EMERGENCY, 0, c, promise_phases.DEATH) not in legal:
                return f"the Intern could not choose the colour-{c} Emergency Room patient"
    return None


def _wr_to_wards_only(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if isinstance(a, Transfer) and a.source == WAITING and a.target != WARD:
        return "a Waiting Room patient went to a Treatment Room"
    return None


def _nurse_exempt(s: HHHState, a: Transfer) -> bool:
    """The Intake Nurse's own rule lets any Waiting Room level into a Ward."""
    return a.target == WARD and bool(s.staff_hired[INTAKE_NURSE])


def _wr_rooms_offered(lowest: int) -> Any:
    """When a player transfers, every Waiting Room patient of level ``lowest`` to 4 may go
    to the free Treatment Room of its colour ("Move that Patient to any matching color
    Ward or New Room that has space for them"): the room installed and empty, a marker of
    the colour in the supply (a Basic room holds levels 1-4, an Improved one up to 5)."""

    def offered(model: HHHModel, s: HHHState, a: Any) -> str | None:
        if not isinstance(a, Transfer):
            return None
        legal = model.legal_actions(s)
        for c in range(model.config.colours):
            if not s.rooms[c] or s.treatment[c][0] or not s.supply[c]:
                continue
            for w, room in enumerate(s.waiting):
                level = room[c]
                if lowest <= level <= 4:
                    move = Transfer(a.player, WAITING, w, c, level, TREATMENT)
                    if move not in legal:
                        return f"a level-{level} patient may not take free Treatment Room {c}"
        return None

    return offered


_WR_ROOMS_3_4 = _wr_rooms_offered(3)
_WR_ROOMS_ANY = _wr_rooms_offered(1)


def _wr_levels_3_4(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if isinstance(a, Transfer) and a.source == WAITING and not 3 <= a.level <= 4:
        if not _nurse_exempt(s, a):
            return f"a level-{a.level} Waiting Room patient was transferred"
    return _WR_ROOMS_3_4(model, s, a)


def _wr_rooms_any_level(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if isinstance(a, Transfer) and a.source == WAITING and a.target == WARD:
        if not 3 <= a.level <= 4 and not _nurse_exempt(s, a):
            return f"a level-{a.level} Waiting Room patient went to a Ward"
    return _WR_ROOMS_ANY(model, s, a)


def _no_level5_to_ward(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if isinstance(a, Transfer) and a.source == TREATMENT and a.target == WARD and a.level >= 5:
        return "a level-5 patient was moved from a Treatment Room to a Ward"
    return None


def _tr_capped(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    for c, (level, _side) in enumerate(t.treatment):
        top = 5 if t.rooms[c] == 2 else 4
        if level > top:
            return f"Treatment Room {c} holds a level-{level} patient above its maximum {top}"
    return None


def _no_unmarked(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    C = model.config.colours
    if t.cemetery[C + 1] > s.cemetery[C + 1] and not t.reason:
        return "a body without a marker took a tombstone and play went on"
    return None


def _no_admin_tokens(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    return (
        f"{t.admin_total} Administrative tokens without an Administrator" if t.admin_total else None
    )


def _no_admin(model: HHHModel) -> bool:
    return bool(model.config.no_admin)


def _tokens_kept(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    want = model.config.table_admin_tokens
    if t.admin_total < want:
        return f"{t.admin_total} Administrative tokens; the setup table gives {want}"
    return None


P = Promise.of
BOOK = PromiseBook(
    promises=(
        P(
            R.STAFF_ROUND1.NONE_IN_ROUND_1,
            "no Staff marker is face up in round 1; after that one row's flips a round, no "
            "more and no fewer, in the rounds with Staff spaces below them (2 onward)",
            step=_staff_bound(2),
        ),
        P(
            R.STAFF_ROUND1.REVEAL_AT_SETUP,
            "the row under round 1 is face up when round 1's actions begin; one row's flips "
            "a round, no more and no fewer, only in the rounds with Staff spaces below them, "
            "from round 1 (rounds 1-5; 1-4 in the 5-round variant)",
            step=_staff_bound(1),
        ),
        P(
            R.WARD_BEDS.AS_CONFIG,
            "no Ward holds more patients than configured beds, and a free one takes a "
            "level-3-4 Waiting Room patient",
            step=_wards_at_most(0),
        ),
        P(
            R.WARD_BEDS.ONE_FEWER,
            "no Ward holds more patients than one bed fewer than configured, and a free one "
            "takes a level-3-4 Waiting Room patient",
            step=_wards_at_most(1),
        ),
        P(
            R.WAITING_SPOTS.AS_CONFIG,
            "no colour holds more cubes than its spots; an arrival discards a colour's cubes "
            "only once its spots are full",
            step=_waiting_at_most(0),
        ),
        P(
            R.WAITING_SPOTS.ONE_FEWER,
            "no colour holds more cubes than one spot fewer; an arrival discards a colour's "
            "cubes only once those are full, and no arriving patient reaches 5 cubes",
            step=_waiting_at_most(1),
        ),
        P(
            R.DRAW_EXHAUSTED.STOP,
            "a short draw never ends the game",
            step=_never_stuck,
        ),
        P(
            R.DRAW_EXHAUSTED.STUCK,
            "the game ends stuck only on a draw that the bag and discard pile together could "
            "not complete (fewer colour cubes than the largest draw), and it does end stuck "
            "on arrivals that ask for more colour cubes than bag and discard pile hold",
            step=_stuck_only_when_exhausted,
        ),
        P(
            R.BB_BLACK_ONLY.REFILL,
            "a Blood Bank fill ends short only when the discard pile has no colour cube left",
            step=_bb_refill,
        ),
        P(
            R.BB_BLACK_ONLY.STOP,
            "a Blood Bank fill ends short only when the bag has no colour cube left",
            step=_bb_stop,
        ),
        P(
            R.RESEARCH_AMOUNT.ALL,
            "a Replace benefit never stops while dead coloured and white markers remain",
            step=_replace_in_full,
        ),
        P(
            R.RESEARCH_DECLINE.MUST_CHOOSE,
            "a Research is not ended without a benefit while one (a Hire, Training or "
            "Replace) is possible",
            step=_no_decline,
        ),
        P(R.MONEY_CAP.CAPPED, "money never exceeds $199", step=_money_capped),
        P(
            R.ROOM_CAP.SIX_TOTAL,
            "at most the cap of New Room cards are placed, and a Patient Phase installs one "
            "while the cap allows and cards remain",
            step=_rooms_at_most(False),
        ),
        P(
            R.ROOM_CAP.SIX_INSTALLED,
            "at most the cap of installs after the starting card(s), and a Patient Phase "
            "installs one while the cap allows and cards remain",
            step=_rooms_at_most(True),
        ),
        P(R.MORGUE.ABSENT, "no Morgue is ever installed", step=_no_morgue),
        P(
            R.MORGUE.IN_DECK,
            "the Morgue is among the New Room cards to choose while not placed, and holds "
            "morgue_capacity bodies (one more Improved) besides the Cemetery: more bodies "
            "end the game",
            step=_morgue_holds,
        ),
        P(
            R.STAFF_POOL.TWO_CATS,
            "never more CFO markers than the pool's one",
            step=_staff_total(CFO, lambda m: m.config.staff_pool[CFO]),
        ),
        P(
            R.STAFF_POOL.TWO_CFOS,
            "the second Cat is a CFO: never more Cats than one",
            step=_staff_total(CAT, lambda m: min(1, m.config.staff_pool[CAT])),
        ),
        P(
            R.TRAINING_COUNT.EIGHTEEN,
            "never more Training markers than the pool",
            step=_training_total(0),
        ),
        P(
            R.TRAINING_COUNT.TWENTY,
            "never more than the pool and two more",
            step=_training_total(2),
        ),
        P(
            R.STAFF_HIREABLE.ALL_FACE_UP,
            "no face-up Staff marker stops being hireable",
            step=_nothing_passed,
        ),
        P(
            R.STAFF_HIREABLE.THIS_ROUND,
            "a new round starts with no earlier marker hireable",
            step=_hireable_this_round,
        ),
        P(
            R.END_REACTION.FORGONE,
            "the end-of-Patient-Phase reaction never fires",
            step=_no_end_reaction,
        ),
        P(
            R.END_REACTION_LAST_ROUND.NOT_LAST,
            "no end-of-Patient-Phase reaction in the last round",
            step=_no_last_round_reaction,
        ),
        P(
            R.CHAPLAIN_TIMING.BETWEEN_ACTIONS,
            "the Chaplain never flips during a Heal",
            step=_chaplain_between,
        ),
        P(
            R.INTERN_ER.NOT_ALLOWED,
            "the Intern never treats the Emergency Room",
            step=_intern_not_er,
        ),
        P(
            R.INTERN_ER.MOVES,
            "the Intern's Emergency Room patient leaves it, and the Intern may always choose one",
            step=_intern_er_moves,
        ),
        P(
            R.TRANSFER_WR_DEST.WARDS_ONLY,
            "Waiting Room patients go only to Wards",
            step=_wr_to_wards_only,
        ),
        P(
            R.TRANSFER_WR_DEST.LEVEL_3_4_ANY,
            "only levels 3-4 leave a Waiting Room by Transfer, and a level-3-4 one may go to "
            "a free Treatment Room of its colour",
            step=_wr_levels_3_4,
        ),
        P(
            R.TRANSFER_WR_DEST.ANY_LEVEL_ROOMS,
            "only levels 3-4 go from a Waiting Room to a Ward, and one of any level 1-4 may "
            "go to a free Treatment Room of its colour",
            step=_wr_rooms_any_level,
        ),
        P(
            R.TR_TO_WARD_5.FORBIDDEN,
            "no level-5 patient is moved to a Ward",
            step=_no_level5_to_ward,
        ),
        P(
            R.TR_OVERFLOW.CAPPED,
            "no Treatment Room patient exceeds the room's maximum",
            step=_tr_capped,
        ),
        P(
            R.WHITE_OUT.ARRESTED,
            "a body without a marker ends the game",
            step=_no_unmarked,
        ),
        P(
            R.NO_ADMIN_TOKENS.NONE,
            "without an Administrator there are no Administrative tokens",
            step=_no_admin_tokens,
            applies=_no_admin,
        ),
        P(
            R.NO_ADMIN_TOKENS.KEPT,
            "without an Administrator the setup table's tokens still come",
            step=_tokens_kept,
            applies=_no_admin,
        ),
    )
    + promise_phases.PROMISES
    + promise_heal.PROMISES
    + promise_admin.PROMISES,
    reasons=(),
    # where Staff, the Administrator and the Emergency Room meet (the game's own sweep
    # preset): the 1-a-round variant there flips Staff in rounds 1-2 of a 1-row board
    sweep="interactions",
)
