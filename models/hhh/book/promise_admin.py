"""Promises of the Administrator, Staff, Research and payment readings (``promises.BOOK``).

Each check reads the position before a step, the action and the position after, with
the config's numbers; where an option promises that a move is offered, it asks the
model's legal moves in the position before. The Research card's key colours follow
HHH-RESEARCH-DECK's words (the printed card keyed to yellow, gray and green, or each
card's keys rotated by its index)."""

from __future__ import annotations

from typing import Any

from hhh_verify.contract.promises import Promise

from ..rules import readings as R
from ..rules.actions import (
    ChooseBenefit,
    EndPicks,
    HireStaff,
    NurseTraining,
    RestockBloodBank,
)
from ..rules.config import CAT, CFO, COO
from ..rules.model import HHHModel
from ..rules.state import (
    ACTIONS,
    BLOOD_BANK,
    COMPLETED,
    PICK_REPLACE,
    PICKS,
    PP_END,
    RESEARCH_DRAWN,
    HHHState,
)
from . import promise_config
from .promise_heal import legal
from .promise_phases import reads

HIRE, TRAINING, REPLACE = 0, 1, 2  # the Research card's benefits, in print order
RESEARCH_HIRE = 2  # "Hire 1 Staff for $2"
CFO_GAIN = 10  # Staff Index: "CFO: Gain $10."


def keys(model: HHHModel, card: int) -> tuple[int, int, int]:
    """The colours the card's three benefits count (HHH-RESEARCH-DECK)."""
    C = model.config.colours
    if reads(model, R.RESEARCH_DECK.IDENTICAL):
        # the printed card: the book's worked example counts Training by green
        # ("Gain [green cube count] Training markers."), Hire by yellow, Replace by gray
        return (0, 2 % C, 1 % C)
    return (card % C, (card + 1) % C, (card + 2) % C)


def restock_cost(s: HHHState) -> int:
    """Blood Bank: "$3 to refill it" ($5 Improved)."""
    return 5 if s.rooms[BLOOD_BANK] == 2 else 3


def can_hire(model: HHHModel, s: HHHState) -> list[int]:
    """Face-up Staff besides the Cat, with a free Office space (money aside)."""
    if sum(s.staff_hired) >= model.config.office_spaces:
        return []
    return [k for k, n in enumerate(s.staff_open) if n and k != CAT]


# HHH-UNAFFORDABLE ----------------------------------------------------------------------


def empty_blood_bank(s: HHHState) -> bool:
    """A Blood Bank in play with no cube left, and an Administrative token to restock it."""
    return s.phase == ACTIONS and bool(s.rooms[BLOOD_BANK]) and not any(s.blood)


def _costly_allowed(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if s.phase != ACTIONS or s.admin_tokens <= 0:
        return None
    if s.money < model.config.staff_cost:
        for k in can_hire(model, s):
            if HireStaff(k) not in legal(model, s):
                return f"Staff {k} cannot be hired with ${s.money}"
    poor = s.money < restock_cost(s)
    if empty_blood_bank(s) and poor and s.admin_face_up:
        if RestockBloodBank() not in legal(model, s):
            return f"the empty Blood Bank cannot be restocked with ${s.money}"
    return None


def _costly_forbidden(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if isinstance(a, HireStaff) and s.money < model.config.staff_cost:
        return f"Staff hired for ${model.config.staff_cost} with ${s.money}"
    if isinstance(a, RestockBloodBank) and s.money < restock_cost(s):
        return f"the Blood Bank restocked for ${restock_cost(s)} with ${s.money}"
    r = s.research
    if isinstance(a, ChooseBenefit) and a.benefit == HIRE and r is not None:
        cost = max(0, RESEARCH_HIRE - r.drawn[keys(model, r.card)[HIRE]])
        if cost > s.money:
            return f"Staff hired by Research for ${cost} with ${s.money}"
    return None


# HHH-COO-TIMING ------------------------------------------------------------------------


def _coo_token(unused: bool) -> Any:
    def check(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
        if t.admin_total <= s.admin_total or t.reason:
            return None
        spent = 1 if isinstance(a, HireStaff) else 0
        used = (t.admin_total - t.admin_tokens) - (s.admin_total - s.admin_tokens)
        want = spent if unused else spent + 1
        if used != want:
            return f"the COO's hire left {used} more tokens used, not {want}"
        return None

    return check


# HHH-BB-RESTOCK-FLIP -------------------------------------------------------------------


def _restock_keeps_card(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if isinstance(a, RestockBloodBank) and t.admin_face_up != s.admin_face_up:
        return "restocking the Blood Bank turned the Administrator card"
    ready = empty_blood_bank(s) and s.admin_tokens > 0 and s.money >= restock_cost(s)
    if ready and not s.admin_face_up and RestockBloodBank() not in legal(model, s):
        return "the empty Blood Bank cannot be restocked while the Administrator card is down"
    return None


def _restock_flips_card(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if isinstance(a, RestockBloodBank) and (not s.admin_face_up or t.admin_face_up):
        return "the Blood Bank was restocked without flipping the face-up Administrator card"
    return None


# HHH-NURSE-REFILL ----------------------------------------------------------------------


def _nurse_refills(refill: bool) -> Any:
    def check(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
        if not isinstance(a, NurseTraining):
            return None
        left = sum(s.training_open) - 1
        want = min(model.config.training_face_up, left + sum(s.training_hidden))
        want = want if refill else left
        if sum(t.training_open) != want:
            return f"{sum(t.training_open)} face-up Training markers after the nurse's; {want} expected"
        return None

    return check


# HHH-RESEARCH-DECK ---------------------------------------------------------------------


def _research_keys(identical: bool) -> Any:
    def check(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
        r = s.research
        if r is None or s.phase != RESEARCH_DRAWN or not isinstance(a, ChooseBenefit):
            return None
        if identical and r.card:
            return f"Research card {r.card} drawn from 20 copies of one card"
        if a.benefit in (TRAINING, REPLACE) and t.phase == PICKS:
            want = r.drawn[keys(model, r.card)[a.benefit]]
            if t.picks[1] != want:
                return f"benefit {a.benefit} of card {r.card} counts {t.picks[1]}, not {want}"
        return None

    return check


def _deck_rotates(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    cards = len(s.research_deck)
    if model.config.research_cards >= model.config.colours and cards != model.config.colours:
        return f"{cards} kinds of Research card; rotating keys give {model.config.colours}"
    return _research_keys(identical=False)(model, s, a, t)


# HHH-RESEARCH-ZERO, -AMOUNT, -DECLINE -------------------------------------------------------


def _benefit_needs_cube(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    r = s.research
    if isinstance(a, ChooseBenefit) and a.benefit >= 0 and r is not None:
        if not r.drawn[keys(model, r.card)[a.benefit]]:
            return f"benefit {a.benefit} chosen without a cube of its colour"
    return None


def _hire_without(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    r = s.research
    if s.phase != RESEARCH_DRAWN or r is None:
        return None
    k = keys(model, r.card)
    if not any(r.drawn[c] for c in k) or r.drawn[k[HIRE]] or s.money < RESEARCH_HIRE:
        return None
    hires = [b for b in legal(model, s) if isinstance(b, ChooseBenefit) and b.benefit == HIRE]
    if can_hire(model, s) and not hires:
        return "a Research that did not fail offers no Hire without its colour"
    paid = s.money - t.money + (CFO_GAIN if isinstance(a, ChooseBenefit) and a.arg == CFO else 0)
    if a in hires and not t.reason and t.money < 199 and paid != RESEARCH_HIRE:
        return f"a Hire without its colour cost ${paid}, not the full ${RESEARCH_HIRE}"
    return None


def _may_stop(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if s.phase == PICKS and s.picks[0] == PICK_REPLACE and EndPicks() not in legal(model, s):
        return "the Replace benefit cannot stop before its count is used up"
    return None


def _may_decline(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if s.phase == RESEARCH_DRAWN and ChooseBenefit(-1, 0) not in legal(model, s):
        return "the Research cannot end without a benefit"
    return None


# HHH-END-REACTION=saved-token, HHH-END-REACTION-LAST-ROUND=every-round --------------------


def _cooke(model: HHHModel) -> bool:
    return bool(model.config.administrator == "cooke" and not model.config.no_admin)


def _reaction_ready(s: HHHState) -> bool:
    """The card face up and a token unused when the Patient Phase ends."""
    return s.admin_face_up and s.admin_tokens > 0 and s.phase != PP_END


def _reaction_offered(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if t.round == s.round + 1 and not t.reason and _reaction_ready(s):
        return f"round {s.round} ended with a saved token and no end-of-Patient-Phase reaction"
    return None


def _reaction_last_round(model: HHHModel, s: HHHState, a: Any, t: HHHState) -> str | None:
    if t.reason == COMPLETED and not s.reason and _reaction_ready(s):
        return "the last round ended with a saved token and no end-of-Patient-Phase reaction"
    return None


P = Promise.of
PROMISES = (
    P(
        R.UNAFFORDABLE.ALLOWED_LOSES,
        "a face-up Staff marker may be hired with a token whatever the money",
        step=_costly_allowed,
    ),
    P(
        R.UNAFFORDABLE.FORBIDDEN,
        "no Hire or Blood Bank restock costs more than the money held",
        step=_costly_forbidden,
    ),
    P(
        R.COO_TIMING.IMMEDIATELY,
        "the COO's extra Administrative token arrives unused",
        step=_coo_token(unused=True),
        applies=promise_config.staff(COO),
    ),
    P(
        R.COO_TIMING.NEXT_ROUND,
        "the COO's extra Administrative token arrives used",
        step=_coo_token(unused=False),
        applies=promise_config.staff(COO),
    ),
    P(
        R.BB_RESTOCK_FLIP.TOKEN_ONLY,
        "restocking the Blood Bank leaves the Administrator card as it was",
        step=_restock_keeps_card,
        applies=promise_config.both(promise_config.BLOOD, promise_config.administrator),
    ),
    P(
        R.BB_RESTOCK_FLIP.FLIPS_CARD,
        "restocking the Blood Bank needs the Administrator card face up and flips it",
        step=_restock_flips_card,
        applies=promise_config.both(promise_config.BLOOD, promise_config.administrator),
    ),
    P(
        R.NURSE_REFILL.REFILL,
        "after the nurse's free Training marker the face-up markers are refilled",
        step=_nurse_refills(refill=True),
        applies=promise_config.nurse,
    ),
    P(
        R.NURSE_REFILL.NO_REFILL,
        "after the nurse's free Training marker one face-up marker is missing",
        step=_nurse_refills(refill=False),
        applies=promise_config.nurse,
    ),
    P(
        R.RESEARCH_DECK.ROTATING,
        "one kind of Research card per colour; card k's benefits count colours k, k+1, k+2",
        step=_deck_rotates,
        applies=promise_config.research,
    ),
    P(
        R.RESEARCH_DECK.IDENTICAL,
        "every Research card is the printed one: its benefits count yellow, gray, green",
        step=_research_keys(identical=True),
        applies=promise_config.research,
    ),
    P(
        R.RESEARCH_ZERO.NEEDS_A_CUBE,
        "no Research benefit is chosen without a cube of its colour",
        step=_benefit_needs_cube,
        applies=promise_config.research,
    ),
    P(
        R.RESEARCH_ZERO.HIRE_WITHOUT,
        "a Research that did not fail offers the Hire without its colour (money and a "
        "face-up Staff marker permitting)",
        step=_hire_without,
        applies=promise_config.research,
    ),
    P(
        R.RESEARCH_AMOUNT.UP_TO,
        "the Replace benefit may stop after any replacement",
        step=_may_stop,
        applies=promise_config.research,
    ),
    P(
        R.RESEARCH_DECLINE.MAY_DECLINE,
        "every Research may end without a benefit",
        step=_may_decline,
        applies=promise_config.research,
    ),
    P(
        R.END_REACTION.SAVED_TOKEN,
        "a round before the last ends with the reaction offered whenever a token is saved "
        "and the card face up",
        step=_reaction_offered,
        applies=_cooke,
    ),
    P(
        R.END_REACTION_LAST_ROUND.EVERY_ROUND,
        "the last round ends with the reaction offered whenever a token is saved and the "
        "card face up",
        step=_reaction_last_round,
        applies=lambda m: _cooke(m) and reads(m, R.END_REACTION.SAVED_TOKEN),
    ),
)
