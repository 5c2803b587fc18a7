"""Every action an HHH game can offer, in one canonical order, and the game's bounds.

Frameworks such as OpenSpiel and PettingZoo number actions with small integers that must
mean the same thing in every state, process and run. :func:`all_actions` lists, from the
config alone, every action that ``legal_actions`` can return under *any* reading (a
superset: a reading such as HHH-MORGUE=in-deck may add a room, so the Morgue's actions
are always listed). The id of an action is its index in that list, which is sorted the
way ``legal_actions`` sorts (verb name, then fields), so ids never depend on the order
in which actions were first seen. A conformance test checks, over playouts of every
preset and reading, that every legal action is listed and every game stays inside the
bounds below.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Any

from hhh_verify.contract.action_space import ActionSpace
from hhh_verify.contract.actions import sort_actions

from ..rules.actions import (
    AdminRedraw,
    AdmitToER,
    ArriveAt,
    Bonus,
    ChaplainFlip,
    ChooseBenefit,
    EndActions,
    EndPicks,
    Heal,
    HireStaff,
    ImproveRoom,
    InstallRoom,
    InternTreat,
    JanitorIgnore,
    NurseTraining,
    Pass,
    RemoveAbility,
    ReplaceMarker,
    Research,
    RestockBloodBank,
    ReturnBlacks,
    Settle,
    TakeTraining,
    Transfer,
    VisitWard,
)
from ..rules.chance_bounds import max_chance_outcomes
from ..rules.config import (
    ADMIN_BLACK_PAY,
    COO,
    STAFF,
    TRAINING_NAMES,
    TRAINING_REBAG,
    HHHConfig,
)
from ..rules.model import HHHModel
from ..rules.player_actions import CFO_GAIN
from ..rules.state import EMERGENCY, MORGUE, TREATMENT, WAITING, WARD
from .observation import encode, observation_size

#: Highest Illness level a marker patient can have in a Ward or a Treatment Room (an
#: Improved Treatment Room holds level 5; a level-5 Ward patient dies at once).
TOP_LEVEL = 5
#: An Emergency Room patient is a 5-cube patient (``heal.targets``: level 5).
ER_LEVEL = 5
#: Bonus draw sizes: a Training marker (1 cube, or 2 under HHH-TRAINING-BONUS=two) and
#: Nowitz' "+2 cube draws".
BONUS_SIZES = (1, 2)
#: Re-bag allowance beyond the Training markers: a Doctor's "may re-bag 2 cubes", and
#: the 2 extra Re-bag markers of HHH-TRAINING-COUNT=two-more.
DOCTOR_REBAG = 2
EXTRA_REBAG_MARKERS = 2
#: Research draws 5 cubes; with black cubes replaced by 2 more the picks a benefit gives
#: are bounded by the cubes of one colour in the game (``cubes_each``).
RESEARCH_DECISIONS = 3  # Research, the benefit, EndPicks (picks counted separately)
#: A money ceiling per Heal: at most 5 levels paid, at most $4 a level (Improved
#: Treatment Room; the Ward pays ``ward_pay``, the Emergency Room at most $3).
MAX_LEVELS_PAID = 5
MAX_TREATMENT_PAY = 4


def room_kinds(config: HHHConfig) -> tuple[int, ...]:
    """New Room kinds any reading can put in play (HHH-MORGUE=in-deck adds the Morgue)."""
    return tuple(sorted(set(config.rooms_in_deck) | {MORGUE}))


def max_rebag(config: HHHConfig) -> int:
    """Most cubes one Heal may re-bag: a Doctor's 2 plus every Re-bag Training marker."""
    return DOCTOR_REBAG + config.training_pool[TRAINING_REBAG] + EXTRA_REBAG_MARKERS


def _rebags(width: int, most: int) -> list[tuple[int, ...]]:
    """Every tuple of ``width`` non-negative counts summing to at most ``most``."""
    out: list[tuple[int, ...]] = []

    def rec(prefix: tuple[int, ...], left: int) -> None:
        if len(prefix) == width:
            out.append(prefix)
            return
        for x in range(left + 1):
            rec(prefix + (x,), left - x)

    rec((), most)
    return out


@lru_cache(maxsize=16)
def all_actions(config: HHHConfig) -> tuple[Any, ...]:
    """Every action of an HHH game on ``config`` under any reading, canonically sorted."""
    C, P, W = config.colours, config.players, config.waiting_rooms
    colours = range(C)
    levels = range(1, TOP_LEVEL + 1)
    waiting_levels = range(1, config.waiting_spots + 1)
    kinds = room_kinds(config)
    out: list[Any] = [
        AdminRedraw(),
        ChaplainFlip(),
        EndActions(),
        EndPicks(),
        JanitorIgnore(),
        Pass(),
        Research(),
        RestockBloodBank(),
        ReturnBlacks(),
    ]
    out += [InstallRoom(k) for k in kinds]
    out += [ImproveRoom(k) for k in kinds]
    out += [Bonus(n) for n in BONUS_SIZES]
    out += [HireStaff(t) for t in range(len(STAFF))]
    out += [ChooseBenefit(-1, 0), ChooseBenefit(1, 0), ChooseBenefit(2, 0)]
    out += [ChooseBenefit(0, t) for t in range(len(STAFF))]
    out += [TakeTraining(k, p) for k in range(-1, len(TRAINING_NAMES)) for p in range(P)]
    out += [NurseTraining(p, k) for p in range(P) for k in range(len(TRAINING_NAMES))]
    out += [ReplaceMarker(c) for c in colours]
    out += [ArriveAt(w) for w in range(W)]
    out += [AdmitToER(c) for c in colours]
    out += [VisitWard(c) for c in colours]
    out += [RemoveAbility(c) for c in colours]
    blood = range(-1, C)
    for p, c in product(range(P), colours):
        out += [
            Heal(p, place, c, lv, b) for place in (WARD, TREATMENT) for lv in levels for b in blood
        ]
        out += [Heal(p, EMERGENCY, c, ER_LEVEL, b) for b in blood]
        for w, lv in product(range(W), waiting_levels):
            out += [Transfer(p, WAITING, w, c, lv, WARD), Transfer(p, WAITING, w, c, lv, TREATMENT)]
        out += [Transfer(p, WARD, 0, c, lv, TREATMENT) for lv in levels]
        out += [Transfer(p, TREATMENT, 0, c, lv, WARD) for lv in levels]
    for c in colours:
        out += [InternTreat(place, 0, c, lv) for place in (WARD, TREATMENT) for lv in levels]
        out.append(InternTreat(EMERGENCY, 0, c, ER_LEVEL))
        out += [InternTreat(WAITING, w, c, lv) for w in range(W) for lv in waiting_levels]
    out += [Settle(r) for r in _rebags(C + 1, max_rebag(config))]
    return sort_actions(out)


def max_game_length(config: HHHConfig) -> int:
    """Most decisions in one game (OpenSpiel's ``max_game_length``), a sum of ceilings.

    Per round: ending the Action Phase, installing a room, the end-of-phase reaction,
    the Chaplain's flip and the Janitor's ignore (once a round each); the Patient Phase
    orders (the Waiting Room of each arrival, a 5-cube patient admitted to the Emergency
    Room per colour and arrival, the Ward visited next); every Medical token
    one Heal (the Heal, each bonus: Nowitz' one plus one per Training marker of the
    colour, and the Settle) or one Transfer; every Administrative token (the COO adds
    one, and one more in its round under HHH-COO-TIMING=immediately) one action of at
    most Research + benefit + picks (at most the cubes of one colour) + EndPicks.
    Once a game: the starting room(s) and one free Training marker per player (Ura).
    """
    heal = 2 + 1 + max(config.training_pool[: config.colours], default=0)
    admin_tokens = config.admin_tokens + 2 * config.staff_pool[COO]
    admin = RESEARCH_DECISIONS + config.cubes_each
    W, C = config.waiting_rooms, config.colours
    orders = W + W * C + C
    per_round = 5 + orders + config.players * config.medical_tokens * heal + admin_tokens * admin
    return 2 + config.players + config.last_round * per_round


def max_money(config: HHHConfig) -> int:
    """Most money a game can end with: the start, every Heal paid in full, every black
    cube returned each round ($2 each, Cooke De Buchs), every CFO hired ($10)."""
    per_heal = MAX_LEVELS_PAID * max(MAX_TREATMENT_PAY, config.ward_pay)
    heals = config.last_round * config.players * config.medical_tokens
    blacks = config.last_round * ADMIN_BLACK_PAY * config.black_cubes
    cfos = CFO_GAIN * sum(config.staff_pool)  # every Staff marker counted as a CFO
    return max(0, config.money_at_start) + heals * per_heal + blacks + cfos


def action_space(model: HHHModel) -> ActionSpace:
    """The adapter declaration of an HHH model (config and reading)."""
    config = model.config
    return ActionSpace(
        actions=all_actions(config),
        players=config.players,
        cooperative=True,
        max_chance_outcomes=max_chance_outcomes(model),
        max_game_length=max_game_length(config),
        return_range=(0, max_money(config)),
        observation_size=observation_size(model),
        observe=lambda s: encode(model, s),
        batch=_batch,
    )


def _batch(kernel: Any) -> Any:
    """The kernel's batched games (``kernel/vector.py``, reached through ``batch()``)."""
    return kernel.batch()
