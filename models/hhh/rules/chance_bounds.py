"""The most outcomes one HHH step can have (OpenSpiel's ``max_chance_outcomes``).

A framework sizes its chance nodes from this number and the adapters refuse a step with
more outcomes, so it must be proven, not guessed. Two sources, in this order:

* :data:`EXPLORED`: for a preset the explorer enumerates completely, the exact largest
  support (distinct successors of ``step``) over every reachable state and action, with
  the state count it came from. It holds only for that preset's config under the
  default reading (``tests/hhh/test_hhh_chance_bounds.py`` recomputes the table).
* :data:`ONE_READING`: the same maximum taken over the default and every reading that
  changes one ambiguity from its default (one exploration each), for the preset's config
  under at most one non-default choice.
* :func:`analytic_bound` for every other config and set of readings: per kind of random
  step, a count of the distinct results its draws can have (:func:`kind_bounds`, the
  argument in each docstring), and the largest of them. It reads the readings in force,
  so a reading that enlarges a draw enlarges the bound. On the full game it is 15,240,250,
  set by a Visit the Wards whose bag may run out (the discard pile put back mid-visit):
  no playout has met one, and the count allows every discard pile such a visit could
  leave. A visit that cannot refill is bounded by 46,934 (the largest the model gives,
  a full bag and Ward levels 1-4: 45,968); the largest step met in play has 42,175.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any

from hhh_verify.contract.errors import ModelError

from . import readings as R
from .actions import (
    AdminRedraw,
    Bonus,
    Draw,
    EndPicks,
    Heal,
    ImproveRoom,
    InstallRoom,
    NurseTraining,
    Research,
    RestockBloodBank,
    TakeTraining,
)
from .ambiguities import REGISTRY
from .config import BUREAUCRAT, PRESETS
from .model import HHHModel
from .point import visit_cannot_refill
from .state import (
    BLOOD_BANK,
    ER,
    PP_ARRIVE,
    PP_STAFF,
    PP_VISIT,
    SETUP_MARKERS,
    SETUP_TRAINING,
    SETUP_WAITING,
)


@dataclass(frozen=True)
class Explored:
    """The largest chance support met by an exhaustive exploration, and its size."""

    max_outcomes: int
    states: int


#: Exhaustive breadth-first explorations of the reference model, default reading.
#: ``medium`` (17M states) is left out: the compiled explorer does not report supports.
EXPLORED = {
    "tiny": Explored(max_outcomes=5, states=5_770),
    "small": Explored(max_outcomes=9, states=423_829),
    "interactions": Explored(max_outcomes=2, states=14_248),
}

#: Largest step over the default and each single non-default reading (44 explorations each).
ONE_READING = {"tiny": 5, "interactions": 2}


def recorded(model: HHHModel) -> int | None:
    """The explored maximum when ``model`` is exactly an explored preset under a reading
    its table covers (a recorded value never stands for another config)."""
    changed = len(model.readings.non_default(REGISTRY))
    for name in PRESETS:
        if model.config != PRESETS[name]:
            continue
        if changed == 0 and name in EXPLORED:
            return EXPLORED[name].max_outcomes
        if changed == 1 and name in ONE_READING:
            return ONE_READING[name]
    return None


def single_readings() -> list[str]:
    """Every reading that changes one ambiguity from its default (``ID=OPTION``)."""
    return [f"{a.id}={o}" for a in REGISTRY for o in a.option_ids if o != a.default]


def max_chance_outcomes(model: HHHModel) -> int:
    """The declared ceiling on one step's outcomes for ``model`` (config and readings):
    the explored maximum where one is recorded, else the analytic bound."""
    found = recorded(model)
    return analytic_bound(model) if found is None else found


def explore_largest_step(
    model: HHHModel, max_states: int, kinds: dict[str, int] | None = None
) -> Explored:
    """Every reachable state of ``model`` and the largest ``step`` support among all
    their actions; a ``ModelError`` past ``max_states`` (never a partial answer).
    ``kinds``, when given, receives the largest support per :func:`step_kind`."""
    start = model.initial_state()
    seen = {start}
    todo = deque([start])
    largest = 0
    while todo:
        s = todo.popleft()
        if model.outcome(s) is not None:
            continue
        for a in model.legal_actions(s):
            dist = model.step(s, a)
            largest = max(largest, len(dist))
            if kinds is not None:
                kind = step_kind(model, s, a)
                kinds[kind] = max(kinds.get(kind, 0), len(dist))
            for succ, _ in dist:
                if succ not in seen:
                    seen.add(succ)
                    todo.append(succ)
        if len(seen) > max_states:
            raise ModelError(f"more than {max_states} states; the exploration is incomplete")
    return Explored(max_outcomes=largest, states=len(seen))


# The analytic bound ------------------------------------------------------------------------
#
# Every argument below rests on two facts of the model. (1) A successor is a function of
# what a step's random draws leave behind (the cubes drawn, the bag and the discard pile,
# the cards or markers turned), so a step has at most as many outcomes as those results.
# (2) Cubes and markers are conserved (properties ``hhh.cubes-conserved`` and
# ``hhh.markers-conserved``): the bag and the discard pile together never hold more than
# ``cubes_each`` cubes of a colour and ``black_cubes`` black ones, and a pool of Staff or
# Training markers never holds more of a type than the game has.

DEATH = 5  # Patient Death: "If a Patient reaches an Illness level of 5 ... they die"
RESEARCH_CUBES = 5  # Research: "Draw 5 cubes from the bag"
BONUS_MOST = 2  # Cube Drawing Bonuses: a bonus draws 1 or 2 cubes; Cooke's redraw 1
BB_BASIC, BB_IMPROVED = 3, 5  # Blood Bank: "3 random cubes" ("5" Improved)
TREATMENT_DRAWS = (8, 10)  # "draw 8 cubes" in a Basic Treatment Room, 10 Improved


@lru_cache(maxsize=65536)
def compositions(caps: tuple[int, ...], n: int) -> int:
    """How many count vectors ``x`` with ``0 <= x[i] <= caps[i]`` sum to ``n``: the
    distinct results of drawing ``n`` items from a pool of those counts."""
    ways = [1] + [0] * n
    for cap in caps:
        run, nxt = 0, [0] * (n + 1)
        for t in range(n + 1):
            run += ways[t] - (ways[t - cap - 1] if t > cap else 0)
            nxt[t] = run
        ways = nxt
    return ways[n]


def up_to(caps: tuple[int, ...], most: int) -> int:
    """The largest :func:`compositions` count of a draw of at most ``most`` items."""
    return max(compositions(caps, n) for n in range(most + 1))


def plain_draw(caps: tuple[int, ...], n: int) -> int:
    """A draw of ``n`` cubes that puts the discard pile back when the bag runs out
    (Heal, bonuses, setup; ``draws._plain``): its result is fixed by the count vector
    drawn, which sums to ``n``, or by the one short draw that takes every cube left."""
    return compositions(caps, n) + 1


def chain_draw(colour_caps: tuple[int, ...], blacks: int, n: int) -> int:
    """A draw of ``n`` cubes where each black one is discarded and replaced by 2 more
    (arrivals, Research; ``draws._chain``): with ``k`` black cubes it ends holding
    ``n + k`` colour cubes. Without a refill of the bag its result is fixed by that
    colour vector and ``k <= blacks``. With one (a second finds only black cubes to put
    back and ends the draw short, taking every colour cube: one result) the whole bag was
    drawn first, its ``k1 <= blacks`` black cubes included, and the result is fixed by
    the colour vector (``n + k1 + k2`` cubes) and the ``k2 <= blacks`` black cubes drawn
    after the refill, now the whole discard pile."""
    quiet = sum(compositions(colour_caps, n + k) for k in range(blacks + 1))
    refill = max(
        sum(compositions(colour_caps, n + k1 + k2) for k2 in range(blacks + 1))
        for k1 in range(blacks + 1)
    )
    return quiet + refill + 1


@dataclass(frozen=True)
class VisitRules:
    """What Visit the Wards draws per patient, from the config and the readings."""

    beds: int  # patients a Ward holds (HHH-WARD-BEDS)
    no_abilities: bool  # the variant "draw cubes equal to the number of empty beds"
    per_patient: bool  # HHH-EMPTY-BEDS-VARIANT: empty beds counted per patient
    shield: bool  # HHH-WARD-ABILITY=shield-first: the lowest patient does not draw
    rebag: bool  # HHH-VISIT-CUBES=rebag: drawn colour cubes go back into the bag
    stuck: bool  # HHH-DRAW-EXHAUSTED=stuck: a short draw ends the game
    cap: int  # cubes of each colour
    colours: int
    blacks: int

    def draws(self, in_ward: int, patients: int) -> int:
        """Cubes one patient's chain needs: "Draw 1 cube for each Patient", or the empty
        beds in the variant without abilities."""
        if not self.no_abilities:
            return 1
        return self.beds - (in_ward if self.per_patient else patients)

    def rise(self, matches: int) -> int:
        """Illness gained: +1 per matching cube, or +1 when none matches (variant)."""
        if self.no_abilities:
            return 0 if matches else 1
        return matches


def visit_rules(ctx: Any) -> VisitRules:
    c = ctx.config
    return VisitRules(
        beds=ctx.beds,
        no_abilities=c.variant_no_abilities,
        per_patient=ctx.beds_per_patient,
        shield=bool(ctx.ability_shield and ctx.abilities_on),
        rebag=ctx.visit_rebag,
        stuck=ctx.exhausted_stuck,
        cap=c.cubes_each,
        colours=ctx.C,
        blacks=c.black_cubes,
    )


def ward_states(rules: VisitRules) -> list[tuple[tuple[int, ...], bool]]:
    """Every Ward a visit can start from: 1..``beds`` patients at levels 1-4 (level 5
    dies at once, a cured patient leaves), with or without the shield token."""
    shields = (False, True) if rules.shield else (False,)
    return [
        (levels, shield)
        for m in range(1, rules.beds + 1)
        for levels in combinations_with_replacement(range(1, DEATH), m)
        for shield in shields
    ]


def _merge_bits(into: dict[Any, int], key: Any, bits: int) -> None:
    into[key] = into.get(key, 0) | bits


def _insort(levels: tuple[int, ...], level: int) -> tuple[int, ...]:
    return tuple(sorted((*levels, level)))


def _per_ending(m: int, final: list[tuple[int, int]], ended: list[tuple[int, int]]) -> list[int]:
    """Outcomes for each death that ends the game (0: none, else the ``D``-th). Whether
    the ``d``-th death of a visit ends it depends on ``d`` alone (the Cemetery and the
    money before the visit) and stays so for every later death
    (``visit_enum._deaths_end_game``): under ``D`` a visit ends at its ``D``-th death
    (``ended``: deaths, count) or runs to the end with fewer (``final``: deaths, count)."""
    out = [sum(n for _, n in final)]
    for ends in range(1, m + 1):
        out.append(
            sum(n for dead, n in final if dead < ends) + sum(n for dead, n in ended if dead == ends)
        )
    return out


@lru_cache(maxsize=4096)
def visit_without_refill(
    rules: VisitRules, levels: tuple[int, ...], shield: bool
) -> tuple[int, ...]:
    """Outcomes of a visit whose bag cannot run out (``point.visit_cannot_refill``) and
    whose drawn cubes are discarded, per death that ends the game (:func:`_per_ending`).

    Patient ``i``'s chain takes ``k_i`` black cubes and ``n_i + k_i`` colour cubes, ``j_i``
    of the Ward's colour (``visit_enum``); the successor is fixed by the Ward that results
    (survivors' levels, deaths, the patient whose death ended the game) and by the cube
    vector drawn: ``J`` of the Ward's colour, ``K <= blacks`` black and ``O = N + K - J``
    of the others (``N``: the cubes the patients needed), split over the other colours in
    ``compositions(others, O)`` ways. The ``(J, K)`` pairs each Ward result can come with
    are a bit set (bit ``J * (blacks + 1) + K``), built patient by patient.
    """
    width = rules.blacks + 1
    full = sum(1 << (j * width + k) for j in range(rules.cap + 1) for k in range(width))
    keep = [
        sum(1 << (j * width + k) for j in range(rules.cap + 1) for k in range(width - used))
        for used in range(width)
    ]
    others = (rules.cap,) * (rules.colours - 1)

    def weight(need: int, bits: int) -> int:
        total = 0
        while bits:  # the set bits, lowest first
            low = bits & -bits
            j, k = divmod(low.bit_length() - 1, width)
            total += compositions(others, need + k - j) if need + k >= j else 0
            bits ^= low
        return total

    m = len(levels)
    keys: dict[tuple[tuple[int, ...], int, int], int] = {((), 0, 0): 1}
    ended: list[tuple[int, int]] = []
    for i, level in enumerate(levels):
        if shield and i == 0:
            keys = {(_insort(surv, level), d, need): b for (surv, d, need), b in keys.items()}
            continue
        nxt: dict[tuple[tuple[int, ...], int, int], int] = {}
        deaths: dict[tuple[tuple[int, ...], int, int], int] = {}
        for (surv, dead, need), bits in keys.items():
            n = rules.draws(len(surv) + m - i, m)
            for k in range(width if n else 1):
                part = bits & keep[k]
                for j in range(n + k + 1 if part else 0):
                    moved = (part << (j * width + k)) & full
                    if not moved:
                        continue
                    new = level + rules.rise(j)
                    if new >= DEATH:
                        key = (surv, dead + 1, need + n)
                        deaths[key] = deaths.get(key, 0) | moved
                    else:
                        key = (_insort(surv, new), dead, need + n)
                        nxt[key] = nxt.get(key, 0) | moved
        ended += [(dead, weight(need, bits)) for (_, dead, need), bits in deaths.items()]
        for key, bits in deaths.items():
            _merge_bits(nxt, key, bits)
        keys = nxt
    final = [(dead, weight(need, bits)) for (_, dead, need), bits in keys.items()]
    return tuple(_per_ending(m, final, ended))


@lru_cache(maxsize=4096)
def ward_results(rules: VisitRules, levels: tuple[int, ...]) -> tuple[int, ...]:
    """Every Ward a visit can leave, whatever the cubes, per death that ends the game
    (:func:`_per_ending`): each patient keeps or raises its level, dies, or the game ends
    stuck on its short draw (HHH-DRAW-EXHAUSTED=stuck); counted as distinct (survivors,
    deaths, where it ended)."""
    m = len(levels)
    keys: set[tuple[tuple[int, ...], int]] = {((), 0)}
    ended: list[tuple[int, int]] = []
    stuck: list[tuple[int, int]] = []
    for level in levels:
        top = min(DEATH - 1, level + 1) if rules.no_abilities else DEATH - 1
        deaths = {(surv, dead + 1) for surv, dead in keys}
        ended += [(dead, 1) for _, dead in deaths]
        if rules.stuck:
            stuck += [(dead, 1) for _, dead in keys]
        keys = deaths | {
            (_insort(surv, new), dead) for surv, dead in keys for new in range(level, top + 1)
        }
    final = [(dead, 1) for _, dead in keys] + stuck
    return tuple(_per_ending(m, final, ended))


def up_to_sum(caps: tuple[int, ...], most: int) -> int:
    """Count vectors under ``caps`` summing to at most ``most``."""
    return sum(compositions(caps, n) for n in range(most + 1))


def refill_piles(rules: VisitRules, m: int) -> int:
    """Discard piles a visit of ``m`` patients can leave after a refill of its bag.

    The successor is fixed by the Ward left (:func:`ward_results`) and the discard pile:
    the bag is the rest of the cubes. After the last refill the discard pile holds the
    cubes drawn since, by the patient drawing then and those after. At most one refill
    falls inside one chain (a second finds only black cubes to put back and ends the
    draw), so that patient drew at most ``blacks`` black cubes before it; with the
    ``b <= blacks`` black cubes drawn after it (all in the discard pile) those patients
    drew at most ``sum(n) + blacks + b`` colour cubes (a chain's colour cubes are its
    ``n`` plus one per black cube). Under HHH-VISIT-CUBES=rebag the colour cubes go back
    into the bag: the discard pile holds the old colour cubes, none (after a refill) or
    all of them (a stuck game), and 0..``blacks`` black ones.
    """
    if rules.rebag:
        return 3 * (rules.blacks + 1)
    need = max(rules.draws(x, m) for x in range(1, m + 1)) * m + rules.blacks
    colours = (rules.cap,) * rules.colours
    return sum(up_to_sum(colours, need + b) for b in range(rules.blacks + 1))


@lru_cache(maxsize=256)
def _visit_terms(rules: VisitRules) -> tuple[int, int]:
    """The largest visit over every Ward state: one whose bag cannot run out (its drawn
    cubes discarded: :func:`visit_without_refill`; put back: the Ward left and the black
    cubes drawn), and one whose bag may (those outcomes, and a Ward left with a discard
    pile after a refill: :func:`refill_piles`)."""
    quiet = refill = 1
    for levels, shield in ward_states(rules):
        wards = ward_results(rules, levels)
        piles = refill_piles(rules, len(levels))
        if rules.rebag:
            plain = tuple(w * (rules.blacks + 1) for w in wards)
        else:
            plain = visit_without_refill(rules, levels, shield)
        quiet = max(quiet, *plain)
        refill = max(refill, *(p + w * piles for p, w in zip(plain, wards)))
    return quiet, refill


def kind_bounds(ctx: Any) -> dict[str, int]:
    """An upper bound on the outcomes of one step, per kind of random step (:func:`step_kind`).

    Sizes come from the config and the readings in force (``ctx``):
    Setup "Draw 5 of them randomly" (markers), "Draw 6 random cubes from the bag per
    Waiting Room", "Reveal 4 random Training markers"; New Patients Arrive "Draw 6 cubes
    ... draw 2 more cubes for each black cube"; Heal "the number shown in that room or
    ward" (Wards 6, Treatment Rooms 8 or 10, the Emergency Room per HHH-ER-COSTS) and
    bonuses of 1-2 cubes; Research "Draw 1 card" and "Draw 5 cubes"; Blood Bank "3
    random cubes" (5 Improved), black ones redrawn; Housekeeping "Flip the 2 Staff
    markers" (1 in the variant). The bound follows the readings in force, not a maximum
    over all of them: those that change a draw enter through ``ctx`` (HHH-STAFF-POOL,
    HHH-TRAINING-COUNT, HHH-WARD-BEDS, HHH-ER-COSTS, HHH-MORGUE, HHH-RESEARCH-DECK,
    HHH-SETUP-ORDER, HHH-VISIT-CUBES, HHH-WARD-ABILITY, HHH-EMPTY-BEDS-VARIANT,
    HHH-DRAW-EXHAUSTED); a bonus is counted at its largest, 2 cubes, under either
    HHH-TRAINING-BONUS; HHH-BB-BLACK-ONLY and HHH-STAFF-ROUND1 change no count.
    """
    c = ctx.config
    C, blacks = ctx.C, c.black_cubes
    colour_caps = (c.cubes_each,) * C
    cubes = colour_caps + (blacks,)
    staff_pool, training_pool = ctx.staff_pool, ctx.training_pool
    can_improve = bool(staff_pool[BUREAUCRAT]) or c.variant_improved_start
    blood = 1
    if BLOOD_BANK in ctx.deck:
        blood = up_to(colour_caps, BB_IMPROVED if can_improve else BB_BASIC) + 1
    reveal = up_to(training_pool, c.training_face_up)
    heal_sizes = [c.ward_draw]
    if ER in ctx.deck:
        heal_sizes.append(ctx.er_draw)
    if any(k < C for k in ctx.deck):
        heal_sizes += list(TREATMENT_DRAWS if can_improve else TREATMENT_DRAWS[:1])
    quiet, refill = _visit_terms(visit_rules(ctx))
    waiting_blood = blood if ctx.setup_order == R.SETUP_ORDER.AFTER_WAITING else 1
    return {
        "setup-markers": compositions((c.markers_per_colour,) * C, c.setup_markers),
        "setup-waiting": plain_draw(cubes, c.setup_cubes) * waiting_blood,
        "training": reveal * max(1, sum(1 for n in training_pool if n)),
        "arrival": chain_draw(colour_caps, blacks, c.arrival_cubes),
        "visit": quiet,
        "visit-refill": refill,
        "staff": staff_reveals(staff_pool, ctx.reveal, ctx.staff_spaces),
        "heal": max(plain_draw(cubes, n) for n in range(max(heal_sizes) + 1)),
        "bonus": max(plain_draw(cubes, n) for n in range(BONUS_MOST + 1)),
        "research": ctx.research_types * chain_draw(colour_caps, blacks, RESEARCH_CUBES)
        if c.research_cards
        else 1,
        "blood-bank": blood,
        "none": 1,
    }


def staff_reveals(pool: tuple[int, ...], per_round: int, spaces: int) -> int:
    """The largest Staff reveal: "Flip the 2 Staff markers below the round marker".

    How many are flipped depends only on how many were flipped before
    (``patient_phase.staff_to_reveal``), so the reveals have fixed sizes ``n_t``. Drawing
    ``n`` of the ``h`` markers still hidden gives at most ``compositions(pool, n)``
    results, and as many as the ``h - n`` it leaves: ``compositions(pool, h - n)``.
    """
    total, shown, most = sum(pool), 0, 1
    while True:
        n = min(per_round, spaces - shown, total - shown)
        if n <= 0:
            return most
        left = total - shown - n
        most = max(most, min(compositions(pool, n), compositions(pool, left)))
        shown += n


def analytic_bound(model: HHHModel) -> int:
    """The largest :func:`kind_bounds` entry: no step of ``model`` has more outcomes."""
    return max(kind_bounds(model.ctx).values())


_KIND_OF_PHASE = {
    SETUP_MARKERS: "setup-markers",
    SETUP_WAITING: "setup-waiting",
    SETUP_TRAINING: "training",
    PP_ARRIVE: "arrival",
    PP_STAFF: "staff",
}
_KIND_OF_ACTION: dict[type, str] = {
    Heal: "heal",
    Bonus: "bonus",
    AdminRedraw: "bonus",
    Research: "research",
    InstallRoom: "blood-bank",
    RestockBloodBank: "blood-bank",
    ImproveRoom: "blood-bank",
    TakeTraining: "training",
    EndPicks: "training",
    NurseTraining: "training",
}


def step_kind(model: HHHModel, s: Any, a: Any) -> str:
    """Which :func:`kind_bounds` entry covers ``step(s, a)``: the phase's draw, or the
    action's (every other action has one outcome, ``none``)."""
    if isinstance(a, Draw):
        if s.phase == PP_VISIT:
            return "visit" if visit_cannot_refill(model.ctx, s) else "visit-refill"
        return _KIND_OF_PHASE[s.phase]
    return _KIND_OF_ACTION.get(type(a), "none")
