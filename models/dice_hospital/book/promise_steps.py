"""What one step of the model did, read from the two states around it, for the promises
(``promises.py``): which hospital closed its round and what it scored, who took which
ambulance, who was admitted or sent to the mortuary.

Everything here reads state fields and the rules' printed numbers only, never a rule
function, so a promise built on it can catch a rule that does something else.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..rules import readings as R
from ..rules.actions import EndActivation, TakeAmbulance
from ..rules.components import (
    BLOOD_BAG_POINTS,
    DISCHARGE_TABLE,
    MORTALITY_PENALTY,
)
from ..rules.model import DHModel
from ..rules.state import (
    ACTIVATE,
    EPIDEMIC,
    EVICT,
    OVER,
    PICK,
    DHState,
    Hospital,
)

ADMISSION_PHASES = (PICK, EVICT, EPIDEMIC)


def closing(s: DHState, action: Any) -> int | None:
    """The hospital whose round ends in this step (neglect, then discharge scoring), or
    ``None``: a player's activation ends with ``EndActivation``."""
    if s.phase == ACTIVATE and isinstance(action, EndActivation):
        return s.cursor
    return None


def table_points(n: int, over_12: str) -> int:
    """Wypisani pacjenci: the points of ``n`` discharges in a round, from the printed
    rows; after the 12th, DH-OVER-12's words (5 each / 6 for 13-14, 7 for 15-16, ... /
    nothing)."""
    total = 0
    last_row = DISCHARGE_TABLE[-1]
    for k in range(1, n + 1):
        row = [pts for lo, hi, pts in DISCHARGE_TABLE if lo <= k <= hi]
        if row:
            total += row[0]
        elif over_12 == R.OVER_12.FIVE_EACH:
            total += last_row[2]
        elif over_12 == R.OVER_12.RISING:
            total += last_row[2] + (k - last_row[1] + 1) // 2
    return total


def token_points(h: Hospital, reading: str) -> int:
    """Koniec gry under DH-FINAL-TOKENS's words: +1 per blood bag or once for any,
    -2 per mortality token or once for any."""
    bags = h.blood if reading == R.FINAL_TOKENS.PER_TOKEN else min(h.blood, 1)
    deaths = min(h.mortality, 1) if reading == R.FINAL_TOKENS.ONCE else h.mortality
    return BLOOD_BAG_POINTS * bags - MORTALITY_PENALTY * deaths


def end_of_game_points(model: DHModel, t: DHState, p: int) -> int:
    """What the end of the game added to seat ``p``'s points in a step that ends it (0
    in any other step), under the model's reading of DH-FINAL-TOKENS."""
    if t.phase != OVER:
        return 0
    return token_points(t.hospitals[p], model.readings.declared(R.FINAL_TOKENS))


def round_close(model: DHModel, s: DHState, action: Any, t: DHState) -> dict[str, Any] | None:
    """The closing hospital's round in this step: seat, discharges, deaths by neglect,
    whether it is left empty, and the points of the round (the end of the game's token
    points taken off), or ``None`` when no hospital closes."""
    p = closing(s, action)
    if p is None:
        return None
    before, after = s.hospitals[p], t.hospitals[p]
    gained = after.points - before.points - end_of_game_points(model, t, p)
    return {
        "seat": p,
        "discharged": sum(before.lounge),
        "deaths": after.mortality - before.mortality,
        "board_empty": not after.patients,
        # DH-LOUNGE=in-hospital: the round's discharges are still in the hospital
        "empty": not after.patients
        and not (model.readings.declares(R.LOUNGE.IN_HOSPITAL) and sum(before.lounge) > 0),
        "gained": gained,
    }


def taken_ambulances(s: DHState, action: Any) -> list[int]:
    """Per seat, the ambulance number taken this round, the step's own pick included."""
    taken = list(s.taken)
    if isinstance(action, TakeAmbulance):
        taken[s.order[s.cursor]] = action.number
    return taken


def picks_end(s: DHState, t: DHState) -> bool:
    """The step in which the last ambulance was chosen (the ambulances are handed in)."""
    return bool(s.ambulances) and not t.ambulances


def health_counts(patients: Any) -> Counter:
    """Patients (or dice) as a multiset of ``(colour, health)``."""
    return Counter((p[0], p[1]) for p in patients)


def admission(s: DHState, action: Any, t: DHState) -> dict[str, Any] | None:
    """A step in which dice joined a hospital: the seat, its patients before and after,
    the mortality tokens it drew, and every multiset of arrivals the step can explain
    (the epidemic die's colour and value are not recorded, so each is one explanation)."""
    if s.phase not in ADMISSION_PHASES or t.phase in (EPIDEMIC, EVICT):
        return None
    p = s.order[s.cursor]
    before, after = s.hospitals[p], t.hospitals[p]
    if s.phase == PICK:
        if not isinstance(action, TakeAmbulance):
            return None
        arrivals = [health_counts(s.ambulances[action.number])]
    elif s.phase == EVICT:
        arrivals = [health_counts(s.incoming)]
    else:
        come = health_counts(s.incoming)
        colours = range(len(s.supply))
        arrivals = [come + Counter({(c, v): 1}) for c in colours for v in range(1, 7)]
    return {
        "seat": p,
        "before": before.patients,
        "after": after.patients,
        "deaths": after.mortality - before.mortality,
        "arrivals": arrivals,
    }


def evictions(adm: dict[str, Any]) -> list[Counter]:
    """The multisets of earlier patients that the admission step can have sent to the
    mortuary: old patients minus those still there besides the arrivals, as many as the
    tokens drawn."""
    old = health_counts(adm["before"])
    now = health_counts(adm["after"])
    out = []
    for arr in adm["arrivals"]:
        kept = now - arr
        if +(arr - now) or +(kept - old):
            continue  # an arrival or a kept patient that was not there
        gone = old - kept
        if sum(gone.values()) == adm["deaths"]:
            out.append(gone)
    return out
