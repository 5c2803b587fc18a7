"""What a config must hold for a reading to show at all (``Promise.applies``).

A reading about the Blood Bank means nothing without a Blood Bank card, one about the
Chaplain nothing without a Chaplain marker: on such a config the promise is not in
force, so the sweep counts it as not applicable instead of passing it silently."""

from __future__ import annotations

from collections.abc import Callable

from ..rules import readings as R
from ..rules.config import BUREAUCRAT, INTERN
from ..rules.model import HHHModel
from ..rules.state import BLOOD_BANK, ER

Applies = Callable[[HHHModel], bool]


def room(kind: int) -> Applies:
    """The New Room deck holds the card (the Morgue per HHH-MORGUE included)."""
    return lambda m: kind in m.ctx.deck


def treatment_room(m: HHHModel) -> bool:
    return any(k < m.config.colours for k in m.ctx.deck)


def improved_treatment_room(m: HHHModel) -> bool:
    """A Treatment Room can be Improved: the Bureaucrat, or the $0 variant's first room."""
    improves = m.config.staff_pool[BUREAUCRAT] or m.config.variant_improved_start
    return treatment_room(m) and bool(improves)


def staff(kind: int) -> Applies:
    return lambda m: bool(m.config.staff_pool[kind])


def administrator(m: HHHModel) -> bool:
    return not m.config.no_admin


def both(*checks: Applies) -> Applies:
    return lambda m: all(c(m) for c in checks)


def research(m: HHHModel) -> bool:
    return bool(m.config.research_cards)


def colour_training(m: HHHModel) -> bool:
    """Training markers that give a bonus draw for a colour in play."""
    return bool(sum(m.config.training_pool[: m.config.colours]))


def nurse(m: HHHModel) -> bool:
    """Ura Scapegote plays and face-up Training markers exist."""
    return "ura" in m.config.doctors and m.config.training_face_up > 0


def doctor_rebag(m: HHHModel) -> bool:
    """A Doctor whose card re-bags after healing (Nowitz, Ura Scapegote)."""
    return any(d in ("nowitz", "ura") for d in m.config.doctors)


def any_rebag(m: HHHModel) -> bool:
    return doctor_rebag(m) or bool(m.config.training_pool[-1])


def more_cards_than_cap(m: HHHModel) -> bool:
    return len(m.ctx.deck) > m.config.room_limit


def fifth_spot(m: HHHModel) -> bool:
    """A Waiting Room colour has a 5th spot (HHH-WAITING-SPOTS) and setup draws 5+."""
    fewer = 1 if m.readings.declares(R.WAITING_SPOTS.ONE_FEWER) else 0
    return m.config.waiting_spots - fewer >= 5 and m.config.setup_cubes >= 5


BLOOD = room(BLOOD_BANK)
EMERGENCY_ROOM = room(ER)
INTERN_ON_ROOM = both(staff(INTERN), treatment_room)
