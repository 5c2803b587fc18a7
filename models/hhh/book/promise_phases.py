"""Promises of the setup, Patient Phase and end-of-game readings (``promises.BOOK``).

Each check reads the position before a step, the action and the position after (or the
finished game) with the config's numbers, and says what its option's words forbid; none
calls the rule it checks. Cube counts are compared only where the bag cannot have been
refilled from the discard pile in the step (then every cube drawn left the bag)."""

from __future__ import annotations

from typing import Any

from hhh_verify.contract.promises import Promise
from hhh_verify.contract.readings import Reading
from hhh_verify.contract.records import replace

from ..rules import readings as R
from ..rules.actions import Draw, EndActions, Transfer
from ..rules.config import CORONER, LAWYER
from ..rules.model import HHHModel
from ..rules.outcome import rating_of
from ..rules.state import (
    ACTIONS,
    ARRESTED,
    BLOOD_BANK,
    MORGUE,
    PP_INSTALL,
    PP_VISIT,
    SETUP_MARKERS,
    SETUP_WAITING,
    TREATED,
    TREATMENT,
    WARD,
    HHHState,
    item_of,
    place,
)
from . import promise_config

DEATH = 5  # Patient Death: "an Illness level of 5"
LAWYER_OFF = 2  # Staff Index, Lawyer: "Reduce the amount of Money you lose by $2"


def reads(model: HHHModel, option: Reading) -> bool:
    """Whether the promises hold ``model`` to ``option`` (the reading it plays, except
    on a swap mutant, :meth:`~hhh_verify.contract.interpretations.Readings.declares`)."""
    return bool(model.readings.declares(option))


def beds(model: HHHModel) -> int:
    """Beds per Ward under the model's HHH-WARD-BEDS reading (at least one)."""
    fewer = 1 if reads(model, R.WARD_BEDS.ONE_FEWER) else 0
    return max(1, model.config.ward_beds - fewer)


def settlement(s: HHHState, cost: int) -> int:
    """What a death costs: the printed cost less $2 per Lawyer, never below $0."""
    return max(0, cost - LAWYER_OFF * s.staff_hired[LAWYER])


def capacity(model: HHHModel, s: HHHState) -> int:
    """Places for bodies: the Cemetery, the Coroner's space, the Morgue if installed."""
    c = model.config
    cap = c.tombstones + (1 if s.staff_hired[CORONER] else 0)
    if s.rooms[MORGUE]:
        cap += c.morgue_capacity + (1 if s.rooms[MORGUE] == 2 else 0)
    return cap


# HHH-ROOM-CAP=every-phase --------------------------------------------------------------


def install_while_allowed(model: HHHModel, a: Any, t: HHHState, limit: int) -> str | None:
    """The Patient Phase an ``EndActions`` step starts goes to its New Room while cards
    remain in the deck and fewer than ``limit`` cards are placed."""
    if isinstance(a, EndActions) and not t.reason and t.phase != PP_INSTALL:
        left = [k for k in model.ctx.deck if not t.rooms[k]]
        if left and t.rooms_placed < limit:
            return (
                f"a Patient Phase skipped its New Room with {len(left)} cards in the deck "
                f"and {t.rooms_placed} of {limit} placed"
            )
    return None


def _install_every_phase(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    return install_while_allowed(model, a, t, len(model.ctx.deck) + t.rooms_placed + 1)


# HHH-SETUP-LEVEL5 ----------------------------------------------------------------------


def _setup_draw(s: HHHState, a: Any) -> bool:
    return s.phase == SETUP_WAITING


def _setup_kills_fifth(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    """``dies``: a 5-cube patient formed in setup dies at once ($5, a white marker); and a
    setup draw that can bring 5 cubes of one colour has an outcome where one dies."""
    if not _setup_draw(s, a):
        return None
    C = model.config.colours
    can_five = [k for k in range(C) if s.bag[k] >= DEATH and model.config.setup_cubes >= DEATH]
    if can_five and not any(u.deaths > s.deaths for u, _ in model.step(s, a)):
        return f"a setup draw from {s.bag[can_five[0]]} colour-{can_five[0]} cubes never kills"
    if t.reason:
        return None
    for w, room in enumerate(t.waiting):
        for k, n in enumerate(room):
            if n >= DEATH:
                return f"a {n}-cube patient of colour {k} waits in Waiting Room {w} after setup"
    died = t.deaths - s.deaths
    tossed = sum(t.discard) - sum(s.discard)
    if tossed != DEATH * died:
        return f"the setup draw discarded {tossed} cubes for {died} deaths (5 cubes each)"
    if s.money - t.money != died * settlement(s, model.config.waiting_death_cost):
        return f"{died} setup deaths cost ${s.money - t.money}"
    C = model.config.colours
    hidden = sum(t.cemetery[C:]) - sum(s.cemetery[C:])
    if hidden != died:
        return f"{died} setup deaths put {hidden} bodies without a colour marker on tombstones"
    return None


def _setup_no_death(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if _setup_draw(s, a) and t.deaths > s.deaths:
        return "a Waiting Room patient died in setup although the 5th spot is never filled"
    return None


# HHH-SETUP-ORDER -----------------------------------------------------------------------


def _blood_before_waiting(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if s.phase == SETUP_WAITING and s.rooms[BLOOD_BANK] and not any(s.blood):
        return "a setup Waiting Room draw came before the starting Blood Bank's cubes"
    return None


def _blood_after_waiting(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if s.phase == SETUP_WAITING and any(s.blood):
        return "the starting Blood Bank drew its cubes before a setup Waiting Room draw"
    last = s.phase == SETUP_WAITING and t.phase != SETUP_WAITING
    if last and not t.reason and t.rooms[BLOOD_BANK] and not any(t.blood):
        return "the setup Waiting Room draws ended and the starting Blood Bank stayed empty"
    return None


# Visit the Wards: HHH-WARD-ABILITY, HHH-VISIT-CUBES, HHH-EMPTY-BEDS-VARIANT --------------


def _visit(model: HHHModel, s: HHHState, t: HHHState) -> tuple[int, int] | None:
    """(Ward colour, patients) of a Visit step that cannot have refilled the bag and did
    not end the game: the bag held more cubes than every draw and black chain could take."""
    if s.phase != PP_VISIT or t.reason:
        return None
    c = item_of(s.cursor)
    n = len(s.wards[c])
    C = model.config.colours
    most = n * max(1, beds(model)) + 2 * s.bag[C]
    if sum(s.bag) <= most:
        return None
    return c, n


def _colour_drawn(model: HHHModel, s: HHHState, t: HHHState) -> int:
    C = model.config.colours
    return sum(s.bag[:C]) - sum(t.bag[:C])


def _blacks_drawn(model: HHHModel, s: HHHState, t: HHHState) -> int:
    C = model.config.colours
    return s.bag[C] - t.bag[C]


def _abilities_play(model: HHHModel) -> bool:
    c = model.config
    return bool(c.ward_abilities and not c.variant_no_abilities)


def _discarding(model: HHHModel) -> bool:
    return reads(model, R.VISIT_CUBES.DISCARD)


def _drawing(model: HHHModel, s: HHHState) -> int:
    """Patients of the Ward a Visit step activates that draw a cube (HHH-WARD-ABILITY's
    shield and the no-abilities variant's empty beds counted)."""
    c = item_of(s.cursor)
    n = len(s.wards[c])
    if model.config.variant_no_abilities:
        return n * (beds(model) - n)
    shielded = s.abilities[c] and reads(model, R.WARD_ABILITY.SHIELD_FIRST)
    return n - (1 if shielded and n else 0)


def _no_refill(model: HHHModel, s: HHHState, t: HHHState) -> bool:
    """A Visit step that did not end the game and whose draws cannot have refilled the
    bag from the discard pile: the pile holds no colour cube and one patient draws (a
    black cube's chain refills only with colour cubes), or the bag holds more cubes than
    every draw and black chain could take."""
    if s.phase != PP_VISIT or t.reason:
        return False
    C = model.config.colours
    drawing = _drawing(model, s)
    if not any(s.discard[:C]) and drawing == 1:
        return True
    return sum(s.bag) > drawing + 2 * s.bag[C]


def _discarded(model: HHHModel, s: HHHState, t: HHHState) -> int:
    """Colour cubes the step added to the discard pile."""
    C = model.config.colours
    return sum(t.discard[:C]) - sum(s.discard[:C])


def _must_discard(model: HHHModel, s: HHHState, t: HHHState) -> str | None:
    """Under the discarding reading, a Visit whose drawing patients found a colour cube
    in a bag that could not refill put at least one colour cube on the discard pile."""
    C = model.config.colours
    if not _no_refill(model, s, t) or not _drawing(model, s) or not any(s.bag[:C]):
        return None
    if _discarded(model, s, t) < 1:
        return f"{_drawing(model, s)} patients drew in a Visit and no colour cube was discarded"
    return None


def _token_changes_nothing(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    v = _visit(model, s, t)
    if v and _colour_drawn(model, s, t) < v[1]:
        return f"{v[1]} patients visited but {_colour_drawn(model, s, t)} cubes left the bag"
    return _must_discard(model, s, t)


def _token_shields_first(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if s.phase != PP_VISIT or t.reason:
        return None
    c = item_of(s.cursor)
    if not s.abilities[c] or not s.wards[c]:
        return None
    if not t.wards[c] or t.wards[c][0] != s.wards[c][0]:
        return f"the shielded level-{s.wards[c][0]} patient of Ward {c} changed in its Visit"
    return None


def _visit_discards(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    v = _visit(model, s, t)
    if v and _colour_drawn(model, s, t) < _drawing(model, s):
        return f"a Visit put drawn cubes back: {_colour_drawn(model, s, t)} left the bag"
    return _must_discard(model, s, t)


def _visit_rebags(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    v = _visit(model, s, t)
    if v and _colour_drawn(model, s, t):
        return f"a Visit discarded {_colour_drawn(model, s, t)} non-black cubes"
    if s.phase == PP_VISIT and not t.reason and _discarded(model, s, t) > 0:
        return f"a Visit put {_discarded(model, s, t)} colour cubes on the discard pile"
    return None


def _visit_base(model: HHHModel, s: HHHState, t: HHHState) -> tuple[int, int, int] | None:
    """(cubes drawn besides the black chains, the count at activation, deaths)."""
    v = _visit(model, s, t)
    if not v:
        return None
    c, n = v
    base = _colour_drawn(model, s, t) - _blacks_drawn(model, s, t)
    return base, n * (beds(model) - n), n - len(t.wards[c])


def _beds_at_activation(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    v = _visit_base(model, s, t)
    if v and v[0] != v[1]:
        return f"the Ward's patients drew {v[0]} cubes; its empty beds at activation give {v[1]}"
    return None


def _beds_per_patient(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    v = _visit_base(model, s, t)
    if not v:
        return None
    base, at_start, died = v
    if base < at_start or (died >= 2 and base == at_start):
        return f"{died} deaths in the Visit freed no bed: {base} cubes drawn"
    return None


def _no_abilities_variant(model: HHHModel) -> bool:
    return bool(model.config.variant_no_abilities) and _discarding(model)


# HHH-VISIT-DEATH-DRAWS -----------------------------------------------------------------


def _one_patient_death(model: HHHModel, s: HHHState, t: HHHState) -> tuple[int, int] | None:
    """(matching cubes drawn, matching cubes that kill) of a Visit of a Ward with one
    patient that died in it, drawn from a bag that was not refilled (every cube drawn
    left the bag; black cubes are discarded, colour cubes too under VISIT-CUBES=discard)."""
    if not _no_refill(model, s, t) or model.config.variant_no_abilities:
        return None
    c = item_of(s.cursor)
    if len(s.wards[c]) != 1 or t.wards[c] or _drawing(model, s) != 1 or not _discarding(model):
        return None
    level = s.wards[c][0]
    return s.bag[c] - t.bag[c], max(1, DEATH - level)


def _dead_patient_chain_completed(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    """complete: a patient that died in its Visit still drew its whole chain: one colour
    cube more than the black cubes drawn, unless the bag ran out of colour cubes."""
    if _one_patient_death(model, s, t) is None:
        return None
    colour, blacks = _colour_drawn(model, s, t), _blacks_drawn(model, s, t)
    dry = not any(t.bag[: model.config.colours])
    if colour != 1 + blacks and not dry:
        return f"a patient died in its Visit after {colour} colour cubes and {blacks} black"
    return None


def _dead_patient_chain_stopped(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    """stop: no cube is drawn for a patient after the matching cube that killed it."""
    v = _one_patient_death(model, s, t)
    if v is not None and v[0] != v[1]:
        return f"a patient that {v[1]} matching cubes kill drew {v[0]} in its Visit"
    return None


def _one_cube_visits(model: HHHModel) -> bool:
    return not model.config.variant_no_abilities


def _lone_patient_visit(model: HHHModel) -> list[tuple[HHHState, Any]]:
    """The Visit where the options part (found by ``diverge`` on the sweep preset): a
    lone level-4 patient of the first colour, a bag of 2 such cubes and 1 black, an empty
    discard pile. Black, match, match: ``complete`` draws both matches, ``stop`` one."""
    C = model.config.colours
    s = model.initial_state()
    bag = (2,) + (0,) * (C - 1) + (1,)
    wards = ((4,),) + ((),) * (C - 1)
    s = replace(s, phase=PP_VISIT, cursor=place(0, 0), wards=wards, bag=bag)
    return [(replace(s, discard=(0,) * (C + 1)), Draw())]


# HHH-ARREST-SETTLEMENT -----------------------------------------------------------------


def _one_death_arrest(s: HHHState, t: HHHState) -> bool:
    """A step whose only death ended the game by arrest (no other death paid in it)."""
    return t.reason == ARRESTED and not s.reason and t.deaths == s.deaths + 1


def _arrest_unpaid(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if _one_death_arrest(s, t) and t.money != s.money:
        return f"an arrest at a death cost ${s.money - t.money}"
    return None


def _death_at_full_cemetery(model: HHHModel) -> list[tuple[HHHState, Any]]:
    """Where the options part: a full Cemetery and a level-5 patient of the first colour
    moved from its Improved Treatment Room to a Ward (it dies there, HHH-TR-TO-WARD-5's
    default), with $15 to pay a settlement from."""
    C = model.config.colours
    s = model.initial_state()
    treatment = ((5, TREATED),) + ((0, 0),) * (C - 1)
    full = (0,) * C + (model.config.tombstones, 0)
    rooms = (2,) + (0,) * (len(s.rooms) - 1)
    s = replace(s, phase=ACTIONS, wards=((),) * C, treatment=treatment, rooms=rooms)
    s = replace(s, cemetery=full, money=15)
    return [(s, Transfer(0, TREATMENT, 0, 0, 5, WARD))]


def _arrest_paid(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    """paid: the arrest still costs the death's settlement (at least the cheapest one)."""
    cfg = model.config
    least = settlement(s, min(cfg.waiting_death_cost, cfg.ward_death_cost))
    if _one_death_arrest(s, t) and s.money - t.money < least:
        return f"an arrest at a death cost ${s.money - t.money}, less than ${least}"
    return None


# HHH-WHITE-OUT=tombstone-only -----------------------------------------------------------


def _arrest_only_when_full(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if t.reason == ARRESTED and not s.reason and sum(t.cemetery) < capacity(model, t):
        return f"arrested with {sum(t.cemetery)} bodies in places for {capacity(model, t)}"
    return None


# HHH-RATING-BASIS ----------------------------------------------------------------------

#: Victory and Defeat: "$0-19: Regrettable." ... "$80+: Triumphant."
BRACKETS = (
    (80, "Triumphant"),
    (60, "Prosperous"),
    (40, "Notable"),
    (20, "Inconsequential"),
)


def bracket(money: int) -> str:
    return next((name for floor, name in BRACKETS if money >= floor), "Regrettable")


def _rated_on(profit: bool) -> Any:
    def check(model: HHHModel, t: HHHState) -> str | None:
        out = model.outcome(t)
        if out is None or not out.won:
            return None
        money = t.money - model.config.money_at_start if profit else t.money
        if rating_of(out) != bracket(money):
            return f"rated {rating_of(out)} for ${money}; the brackets say {bracket(money)}"
        return None

    return check


# HHH-FEWER-MARKERS ----------------------------------------------------------------------


def _markers_out(after: bool) -> Any:
    """The Ward draw is made from every marker of each colour (``after``) or from one
    fewer, and the supply then holds what is left, less one (``after``) or not."""

    def check(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
        if s.phase != SETUP_MARKERS:
            return None
        full = model.config.markers_per_colour
        for k in range(model.config.colours):
            drawn_from = full if after else full - 1
            if s.supply[k] != drawn_from:
                return f"the Ward draw had {s.supply[k]} colour-{k} markers; {drawn_from} expected"
            ward = len(t.wards[k])
            want = max(0, full - ward - 1) if after else full - 1 - ward
            if t.supply[k] != want:
                return (
                    f"{t.supply[k]} colour-{k} markers in the supply after setup; {want} expected"
                )
        return None

    return check


def _fewer_markers(model: HHHModel) -> bool:
    return bool(model.config.variant_fewer_markers)


# HHH-FEWER-WHITE ------------------------------------------------------------------------


def _white_pile(fewer: int) -> Any:
    """The white markers in the supply and on tombstones are the pile less ``fewer``
    (a white marker only moves from the supply to a tombstone, so both ways: never more,
    never fewer)."""

    def check(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
        C = model.config.colours
        want = model.config.white_markers - fewer
        have = t.supply[C] + t.cemetery[C]
        if have != want:
            return f"{have} white markers in the supply and on tombstones; {want} expected"
        return None

    return check


def _white_to_spare(model: HHHModel) -> bool:
    """The variant is on and the white pile has a marker to lose."""
    return _fewer_markers(model) and model.config.white_markers > 0


P = Promise.of
PROMISES = (
    P(
        R.ROOM_CAP.EVERY_PHASE,
        "every Patient Phase installs a New Room while cards remain in the deck",
        step=_install_every_phase,
        applies=promise_config.more_cards_than_cap,
    ),
    P(
        R.SETUP_LEVEL5.DIES,
        "no 5-cube patient waits after a setup draw: each died, its 5 cubes discarded and "
        "its $5 paid; a draw that can bring 5 cubes of a colour kills in some outcome",
        step=_setup_kills_fifth,
        applies=promise_config.fifth_spot,
    ),
    P(
        R.SETUP_LEVEL5.RETURN_EXCESS,
        "no Waiting Room patient dies in setup",
        step=_setup_no_death,
        applies=promise_config.fifth_spot,
    ),
    P(
        R.SETUP_ORDER.BEFORE_WAITING,
        "the starting Blood Bank holds its cubes before any setup Waiting Room draw",
        step=_blood_before_waiting,
        applies=promise_config.BLOOD,
    ),
    P(
        R.SETUP_ORDER.AFTER_WAITING,
        "the starting Blood Bank is empty during the setup Waiting Room draws and filled "
        "when they end",
        step=_blood_after_waiting,
        applies=promise_config.BLOOD,
    ),
    P(
        R.WARD_ABILITY.NO_EFFECT,
        "every patient of a visited Ward draws: at least one cube per patient leaves the bag, "
        "and a colour cube reaches the discard pile when the bag holds one",
        step=_token_changes_nothing,
        applies=lambda m: _abilities_play(m) and _discarding(m),
    ),
    P(
        R.WARD_ABILITY.SHIELD_FIRST,
        "a Visit leaves the lowest patient of a Ward with an active token as it was",
        step=_token_shields_first,
        applies=_abilities_play,
    ),
    P(
        R.VISIT_CUBES.DISCARD,
        "the cubes drawn in a Visit leave the bag: at least one per patient drawing, and a "
        "colour cube reaches the discard pile when the bag holds one",
        step=_visit_discards,
    ),
    P(
        R.VISIT_CUBES.REBAG,
        "a Visit leaves the bag's non-black cubes as they were and puts none on the discard pile",
        step=_visit_rebags,
    ),
    P(
        R.EMPTY_BEDS_VARIANT.AT_ACTIVATION,
        "each patient draws the Ward's empty beds as the Visit begins (besides black chains)",
        step=_beds_at_activation,
        applies=_no_abilities_variant,
    ),
    P(
        R.EMPTY_BEDS_VARIANT.PER_PATIENT,
        "a patient's death frees a bed for the later draws of the same Visit",
        step=_beds_per_patient,
        applies=_no_abilities_variant,
    ),
    P(
        R.WHITE_OUT.TOMBSTONE_ONLY,
        "the game is lost by arrest only when every place for a body is taken",
        step=_arrest_only_when_full,
    ),
    P(
        R.RATING_BASIS.FINAL_MONEY,
        "a won game is rated by the bracket of its final money",
        final=_rated_on(profit=False),
    ),
    P(
        R.RATING_BASIS.PROFIT,
        "a won game is rated by the bracket of its final money less the starting money",
        final=_rated_on(profit=True),
    ),
    P(
        R.FEWER_MARKERS.BEFORE_SETUP,
        "the Ward draw is made from one marker fewer of each colour, and the setup Wards "
        "and the supply together hold one marker fewer of each colour",
        step=_markers_out(after=False),
        applies=_fewer_markers,
    ),
    P(
        R.FEWER_MARKERS.AFTER_SETUP,
        "the Ward draw is made from every marker, and after it the supply holds one "
        "marker fewer of each colour left",
        step=_markers_out(after=True),
        applies=_fewer_markers,
    ),
    P(
        R.FEWER_WHITE.COLOURS_ONLY,
        "the white pile keeps all its markers: white markers in the supply and on "
        "tombstones always number white_markers",
        step=_white_pile(0),
        applies=_white_to_spare,
    ),
    P(
        R.FEWER_WHITE.WHITE_TOO,
        "the white pile starts one marker short: white markers in the supply and on "
        "tombstones always number white_markers less one",
        step=_white_pile(1),
        applies=_white_to_spare,
    ),
    P(
        R.VISIT_DEATH_DRAWS.COMPLETE,
        "a patient that dies in its Visit still draws the replacements its black cubes owe",
        step=_dead_patient_chain_completed,
        applies=_one_cube_visits,
        planted=_lone_patient_visit,
    ),
    P(
        R.VISIT_DEATH_DRAWS.STOP,
        "no cube is drawn for a Visit patient after the one that killed it",
        step=_dead_patient_chain_stopped,
        applies=_one_cube_visits,
        planted=_lone_patient_visit,
    ),
    P(
        R.ARREST_SETTLEMENT.UNPAID,
        "a death that finds no place for its body ends the game without a settlement",
        step=_arrest_unpaid,
        planted=_death_at_full_cemetery,
    ),
    P(
        R.ARREST_SETTLEMENT.PAID,
        "a death that finds no place for its body still pays its settlement",
        step=_arrest_paid,
        planted=_death_at_full_cemetery,
    ),
)
