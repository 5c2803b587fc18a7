"""Promises of the Heal, Transfer, Emergency Room and Intern readings (``promises.BOOK``).

A Heal's level change is read from its words ("Count the number of cubes drawn that
match the Patient's color. Subtract the number of black cubes drawn"); the Re-bag
allowance and the Blood Bank cube from the Heal in progress that the state records.
Where an option promises that a move is offered, the check asks the model's legal
moves in the position before (the rule's result, not the rule)."""

from __future__ import annotations

from typing import Any

from hhh_verify.contract.promises import Promise

from ..rules import readings as R
from ..rules.actions import (
    AdminRedraw,
    Bonus,
    ChaplainFlip,
    EndActions,
    Heal,
    InternTreat,
    JanitorIgnore,
    Settle,
    Transfer,
)
from ..rules.config import CHAPLAIN, GRAY, JANITOR, TRAINING_REBAG
from ..rules.model import HHHModel
from ..rules.state import (
    ACTIONS,
    CRITICAL,
    EMERGENCY,
    HEAL_DRAWN,
    TREATED,
    TREATMENT,
    WARD,
    HealInProgress,
    HHHState,
)
from . import promise_config
from .promise_phases import DEATH, beds, settlement

#: the Emergency Room's numbers under HHH-ER-COSTS: (cubes drawn, $ per level, death)
TREATMENT_LIKE = (8, 3, 12)
INTERN_HEAL = 3  # Staff Index, Intern: "reduce its Illness level by 3"


def reduction(model: HHHModel, h: HealInProgress) -> int:
    """Matching cubes drawn less black cubes drawn."""
    return h.drawn[h.colour] - h.drawn[model.config.colours]


def legal(model: HHHModel, s: HHHState) -> tuple[Any, ...]:
    return tuple(model.legal_actions(s))


def settles(model: HHHModel, s: HHHState) -> list[tuple[int, ...]]:
    return [a.rebag for a in legal(model, s) if isinstance(a, Settle)]


# HHH-TR-OVERFLOW=dies, HHH-TR-TO-WARD-5=dies ---------------------------------------------


def _overflow_dies(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    h = s.heal
    if not isinstance(a, Settle) or h is None or h.place != TREATMENT:
        return None
    top = 5 if s.rooms[h.colour] == 2 else 4
    new = h.level - reduction(model, h)
    if new > top and (t.treatment[h.colour][0] or t.deaths == s.deaths):
        return f"a Treatment Room patient healed to level {new} above {top} did not die"
    return None


def _level5_to_ward_dies(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if isinstance(a, Transfer) and a.source == TREATMENT and a.target == WARD:
        if a.level >= DEATH and (t.deaths == s.deaths or t.wards[a.colour] != s.wards[a.colour]):
            return "a level-5 patient moved to a Ward did not die on arrival"
        cost = settlement(s, model.config.ward_death_cost)
        if a.level >= DEATH and not t.reason and s.money - t.money != cost:
            return f"a level-5 patient's death in a Ward cost ${s.money - t.money}, not ${cost}"
    return _level5_move_offered(model, s)


def _level5_to_ward_survives(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    """HHH-TR-TO-WARD-5=survives: the move is offered, the patient arrives alive at 5."""
    if isinstance(a, Transfer) and a.source == TREATMENT and a.target == WARD:
        arrived = t.wards[a.colour].count(a.level) == s.wards[a.colour].count(a.level) + 1
        if a.level >= DEATH and (t.deaths != s.deaths or not arrived):
            return "a level-5 patient moved to a Ward did not arrive alive at level 5"
    return _level5_move_offered(model, s)


def _level5_move_offered(model: HHHModel, s: HHHState) -> str | None:
    """A level-5 Treatment Room patient may move to a free Ward bed of its colour."""
    if s.phase != ACTIONS or not any(s.medical):
        return None
    p = next(i for i, n in enumerate(s.medical) if n)
    for c, (level, _side) in enumerate(s.treatment):
        if level >= DEATH and len(s.wards[c]) < beds(model):
            if Transfer(p, TREATMENT, 0, c, level, WARD) not in legal(model, s):
                return f"the level-{level} Treatment Room patient cannot move to a free Ward bed"
    return None


# HHH-HEAL-DEATH-TIMING -----------------------------------------------------------------


def heal_goes_on(m: HHHModel) -> bool:
    """A Heal can go on after its first draw: a bonus draw (Nowitz's, a colour Training
    marker) or a reaction to a black cube (the Janitor, Cooke De Buchs)."""
    cfg = m.config
    cooke = promise_config.administrator(m) and cfg.administrator == "cooke"
    janitor = bool(cfg.staff_pool[JANITOR])
    return "nowitz" in cfg.doctors or promise_config.colour_training(m) or janitor or cooke


def _lethal_so_far(model: HHHModel, s: HHHState) -> bool:
    """A Ward Heal in progress whose cubes so far raise the patient to level 5 or more."""
    h = s.heal
    if s.phase != HEAL_DRAWN or h is None or h.place != WARD:
        return False
    new = h.level - reduction(model, h)
    return new >= DEATH and new > h.level


def _reaction_due(model: HHHModel, s: HHHState, h: HealInProgress) -> bool:
    """A black cube that counts as just drawn (HHH-REACTION-TIMING as declared) and an
    unused Janitor or a face-up Cooke De Buchs card with an Administrative token."""
    latest = model.readings.declares(R.REACTION_TIMING.LATEST_DRAW)
    black = (h.latest_black if latest else h.drawn[model.config.colours]) > 0
    janitor = bool(s.staff_hired[JANITOR]) and not s.janitor_used
    cfg = model.config
    cooke = not cfg.no_admin and cfg.administrator == "cooke"
    redraw = cooke and s.admin_face_up and s.admin_tokens > 0
    return black and (janitor or redraw)


def _bonus_after_lethal_draw(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    """after-bonuses: a draw that would kill still leaves the Heal's bonus draws and its
    reactions to black cubes open."""
    h = s.heal
    if not _lethal_so_far(model, s) or h is None:
        return None
    offered = legal(model, s)
    if h.bonuses and not any(isinstance(x, Bonus) for x in offered):
        return "a Ward Heal whose draw would kill offers none of its bonus draws"
    if _reaction_due(model, s, h) and all(isinstance(x, Settle) for x in offered):
        return "a Ward Heal whose draw would kill offers no reaction to its black cube"
    return None


def _nothing_after_lethal_draw(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    """at-once: once the cubes drawn kill the Ward patient, only the settlement follows."""
    if _lethal_so_far(model, s) and not isinstance(a, Settle):
        return f"{type(a).__name__} followed a Ward draw that had already killed the patient"
    return None


# HHH-ER-RETURN -------------------------------------------------------------------------


def _er_return(model: HHHModel, s: HHHState, a: Any) -> tuple[int, int] | None:
    """(colour, cubes left) of an Emergency Room patient the step heals below 5 cubes:
    a Heal lowers it by its matching cubes less black ones, the Intern by 3."""
    h = s.heal
    if isinstance(a, Settle) and h is not None and h.place == EMERGENCY:
        r = reduction(model, h)
        return (h.colour, DEATH - min(r, DEATH)) if r > 0 else None
    if isinstance(a, InternTreat) and a.place == EMERGENCY:
        return a.colour, DEATH - INTERN_HEAL
    return None


def spots(model: HHHModel) -> int:
    """Spots per colour in a Waiting Room under the HHH-WAITING-SPOTS reading."""
    fewer = 1 if model.readings.declares(R.WAITING_SPOTS.ONE_FEWER) else 0
    return int(model.config.waiting_spots) - fewer


def _er_returns_to(first_room: bool) -> Any:
    def check(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
        back = _er_return(model, s, a)
        if back is None or t.reason:
            return None
        c, cubes = back
        fewest = min(room[c] for room in s.waiting)
        changed = [w for w, (x, y) in enumerate(zip(s.waiting, t.waiting)) if x[c] != y[c]]
        for w in changed:
            if first_room and w:
                return f"the Emergency Room patient's cubes went to Waiting Room {w}"
            if not first_room and s.waiting[w][c] != fewest:
                return f"the cubes went to Waiting Room {w} holding {s.waiting[w][c]}, not {fewest}"
        if not cubes:
            return None
        if not changed:
            return f"the Emergency Room patient's {cubes} cubes went to no Waiting Room"
        w = changed[0]
        joined = min(s.waiting[w][c] + cubes, spots(model))
        died = t.deaths > s.deaths
        if (joined >= DEATH) != died or t.waiting[w][c] != (0 if died else joined):
            return (
                f"{cubes} cubes joined {s.waiting[w][c]} in Waiting Room {w}: "
                f"{t.waiting[w][c]} left, {'a death' if died else 'no death'}"
            )
        return None

    return check


# HHH-ER-COSTS --------------------------------------------------------------------------


def er_numbers(model: HHHModel, treatment_like: bool) -> tuple[int, int, int]:
    c = model.config
    return TREATMENT_LIKE if treatment_like else (c.ward_draw, c.ward_pay, c.waiting_death_cost)


def _er_costs(treatment_like: bool) -> Any:
    def check(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
        draw, pay, death = er_numbers(model, treatment_like)
        if isinstance(a, Heal) and a.place == EMERGENCY and t.heal is not None:
            got = sum(t.heal.drawn)
            if got != draw and (sum(t.bag) != 0 or sum(t.discard) != 0):
                return f"an Emergency Room Heal drew {got} cubes, not {draw}"
        h = s.heal
        healed = isinstance(a, Settle) and h is not None and h.place == EMERGENCY
        if healed and h is not None and not t.reason and t.deaths == s.deaths:
            levels = min(max(0, reduction(model, h)), DEATH)
            if t.money - s.money != levels * pay and t.money < 199:
                return f"{levels} Emergency Room levels healed paid ${t.money - s.money}"
        critical = any(lv and side == CRITICAL for lv, side in s.treatment)
        if isinstance(a, EndActions) and not critical and not t.reason:
            lost = sum(s.er) * settlement(s, death)
            if s.money - t.money != lost:
                return f"{sum(s.er)} Emergency Room deaths cost ${s.money - t.money}, not ${lost}"
        return None

    return check


# HHH-REBAG-AFTER-HEAL, HHH-BB-REBAG ------------------------------------------------------


def _markers(s: HHHState, h: HealInProgress) -> int:
    """Re-bag Training markers of the healer (their Re-bag needs no healed level)."""
    return s.training[h.player][TRAINING_REBAG]


def _rebag_any_heal(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    h = s.heal
    if s.phase != HEAL_DRAWN or h is None:
        return None
    cubes = sum(h.drawn) - (1 if h.blood >= 0 else 0)
    want = min(h.rebag, cubes)
    most = max(map(sum, settles(model, s)), default=0)
    if most < want:
        return f"the Heal may re-bag {most} cubes of its allowance {h.rebag} ({cubes} drawn)"
    return None


def _rebag_level_reduced(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    h = s.heal
    if s.phase == HEAL_DRAWN and h is not None and reduction(model, h) > 0:
        return _rebag_any_heal(model, s, a, t)  # a Heal that lowered a level: all of it
    if isinstance(a, Settle) and h is not None and reduction(model, h) <= 0:
        if sum(a.rebag) > _markers(s, h):
            return f"a Heal that lowered no level re-bagged {sum(a.rebag)} cubes"
    return None


def _bb_cube_rebags(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    h = s.heal
    if s.phase != HEAL_DRAWN or h is None or h.blood < 0:
        return None
    allowance = h.rebag if reduction(model, h) > 0 else _markers(s, h)
    want = min(h.drawn[h.blood], allowance)
    most = max((r[h.blood] for r in settles(model, s)), default=0)
    if most < want:
        return f"{most} of the {h.drawn[h.blood]} drawn cubes of the Blood Bank's colour may be re-bagged"
    return None


def _bb_cube_discarded(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    h = s.heal
    if isinstance(a, Settle) and h is not None and h.blood >= 0:
        if a.rebag[h.blood] >= h.drawn[h.blood]:
            return "the Blood Bank cube was re-bagged"
    return None


# HHH-TRAINING-BONUS --------------------------------------------------------------------


def _bonus_cubes(size: int) -> Any:
    def check(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
        if not isinstance(a, Heal) or t.heal is None:
            return None
        nowitz = model.config.doctors[a.player] == "nowitz" and a.colour == GRAY
        want = sorted([2] * nowitz + [size] * s.training[a.player][a.colour])
        if list(t.heal.bonuses) != want:
            return f"the Heal's bonus draws are {t.heal.bonuses}, not {tuple(want)}"
        return None

    return check


# HHH-REACTION-TIMING, HHH-CHAPLAIN-TIMING -----------------------------------------------


def _reaction_latest(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    h = s.heal
    if isinstance(a, (JanitorIgnore, AdminRedraw)) and h is not None and not h.latest_black:
        return "a reaction took a black cube from an earlier draw of the Heal"
    return None


def _reaction_any(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    h = s.heal
    if s.phase != HEAL_DRAWN or h is None or not h.drawn[model.config.colours]:
        return None
    if s.staff_hired[JANITOR] and not s.janitor_used:
        if JanitorIgnore() not in legal(model, s):
            return "the Janitor cannot discard a black cube drawn for this Heal"
    return None


def _chaplain_in_heal(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if s.phase != HEAL_DRAWN or model.config.no_admin:
        return None
    if s.staff_hired[CHAPLAIN] and not s.chaplain_used and not s.admin_face_up:
        if ChaplainFlip() not in legal(model, s):
            return "the Chaplain cannot flip the Administrator card during a Heal"
    return None


# HHH-INTERN-TREATMENT ------------------------------------------------------------------


def _intern_side(treated: bool) -> Any:
    def check(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
        if not isinstance(a, InternTreat) or a.place != TREATMENT or t.reason:
            return None
        level, side = t.treatment[a.colour]
        want = TREATED if treated else s.treatment[a.colour][1]
        if level and side != want:
            return f"the Intern's Treatment Room patient is on side {side}, not {want}"
        return None

    return check


# HHH-MONEY-CAP=uncapped ----------------------------------------------------------------


def _money_counts(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    """A Ward Heal pays $ per level healed in full, whatever the money already is."""
    h = s.heal
    if not isinstance(a, Settle) or h is None or h.place != WARD or t.reason:
        return None
    r = reduction(model, h)
    new = h.level - r
    if new >= DEATH:
        return None
    levels = h.level if new <= 0 else max(0, r)
    if t.money - s.money != levels * model.config.ward_pay:
        return f"{levels} levels healed in a Ward paid ${t.money - s.money} at ${s.money}"
    return None


P = Promise.of
PROMISES = (
    P(
        R.TR_OVERFLOW.DIES,
        "a Treatment Room patient healed above the room's maximum dies",
        step=_overflow_dies,
        applies=promise_config.treatment_room,
    ),
    P(
        R.TR_TO_WARD_5.DIES,
        "a level-5 Treatment Room patient may move to a free Ward bed and dies there",
        step=_level5_to_ward_dies,
        applies=promise_config.improved_treatment_room,
    ),
    P(
        R.TR_TO_WARD_5.SURVIVES,
        "a level-5 Treatment Room patient may move to a free Ward bed and arrives alive there",
        step=_level5_to_ward_survives,
        applies=promise_config.improved_treatment_room,
    ),
    P(
        R.ER_RETURN.EMPTIEST,
        "a healed Emergency Room patient's cubes go to a Waiting Room with the fewest of "
        "its colour",
        step=_er_returns_to(first_room=False),
        applies=promise_config.EMERGENCY_ROOM,
    ),
    P(
        R.ER_RETURN.FIRST_ROOM,
        "a healed Emergency Room patient's cubes go to Waiting Room 1",
        step=_er_returns_to(first_room=True),
        applies=promise_config.EMERGENCY_ROOM,
    ),
    P(
        R.ER_COSTS.WARD_LIKE,
        "an Emergency Room Heal draws the Ward's cubes and pays its $ per level; an "
        "Emergency Room death costs the Waiting Room's $5",
        step=_er_costs(treatment_like=False),
        applies=promise_config.EMERGENCY_ROOM,
    ),
    P(
        R.ER_COSTS.TREATMENT_LIKE,
        "an Emergency Room Heal draws 8 cubes and pays $3 per level; a death costs $12",
        step=_er_costs(treatment_like=True),
        applies=promise_config.EMERGENCY_ROOM,
    ),
    P(
        R.REBAG_AFTER_HEAL.ANY_HEAL,
        "every Heal may re-bag its whole allowance, whatever the draw did to the level",
        step=_rebag_any_heal,
        applies=promise_config.doctor_rebag,
    ),
    P(
        R.REBAG_AFTER_HEAL.LEVEL_REDUCED,
        "a Heal that lowered no level re-bags no more than its Re-bag Training markers; "
        "one that lowered a level may re-bag its whole allowance",
        step=_rebag_level_reduced,
        applies=promise_config.doctor_rebag,
    ),
    P(
        R.BB_REBAG.YES,
        "the Blood Bank cube may be re-bagged like a drawn cube",
        step=_bb_cube_rebags,
        applies=promise_config.both(promise_config.BLOOD, promise_config.any_rebag),
    ),
    P(
        R.BB_REBAG.NO,
        "the Blood Bank cube is never re-bagged",
        step=_bb_cube_discarded,
        applies=promise_config.both(promise_config.BLOOD, promise_config.any_rebag),
    ),
    P(
        R.TRAINING_BONUS.ONE,
        "each Training bonus draw of a Heal is 1 cube",
        step=_bonus_cubes(1),
        applies=promise_config.colour_training,
    ),
    P(
        R.TRAINING_BONUS.TWO,
        "each Training bonus draw of a Heal is 2 cubes",
        step=_bonus_cubes(2),
        applies=promise_config.colour_training,
    ),
    P(
        R.REACTION_TIMING.LATEST_DRAW,
        "a reaction takes a black cube of the Heal's most recent draw only",
        step=_reaction_latest,
    ),
    P(
        R.REACTION_TIMING.ANY_IN_HEAL,
        "the Janitor may discard any black cube drawn for the Heal before it settles",
        step=_reaction_any,
    ),
    P(
        R.CHAPLAIN_TIMING.DURING_HEAL,
        "the unused Chaplain may flip the face-down Administrator card during a Heal",
        step=_chaplain_in_heal,
        applies=promise_config.both(promise_config.staff(CHAPLAIN), promise_config.administrator),
    ),
    P(
        R.INTERN_TREATMENT.STAYS,
        "the Intern's Treatment Room patient keeps its side",
        step=_intern_side(treated=False),
        applies=promise_config.INTERN_ON_ROOM,
    ),
    P(
        R.INTERN_TREATMENT.TREATED,
        "the Intern's Treatment Room patient is on the Treated side",
        step=_intern_side(treated=True),
        applies=promise_config.INTERN_ON_ROOM,
    ),
    P(
        R.MONEY_CAP.UNCAPPED,
        "a Ward Heal pays $ per level healed in full, above $199 too",
        step=_money_counts,
    ),
    P(
        R.HEAL_DEATH_TIMING.AFTER_BONUSES,
        "a Ward Heal whose draw would kill the patient still offers its bonus draws",
        step=_bonus_after_lethal_draw,
        applies=heal_goes_on,
    ),
    P(
        R.HEAL_DEATH_TIMING.AT_ONCE,
        "once a Ward Heal's cubes kill the patient, only the settlement follows",
        step=_nothing_after_lethal_draw,
        applies=heal_goes_on,
    ),
)
