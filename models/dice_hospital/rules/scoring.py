"""Points: the discharge table (Wypisani pacjenci) and the end of the game (Koniec gry)."""

from __future__ import annotations

from . import readings as R
from .components import (
    BLOOD_BAG_POINTS,
    DISCHARGE_TABLE,
    EMPTY_BONUS,
    MORTALITY_PENALTY,
)


def points_for_patient(number: int, over_12: str) -> int:
    """Wypisani pacjenci: the table gives each patient's points by its number in this
    round's discharges (1: 1, 2-6: 2, 7-8: 3, 9-10: 4, 11-12: 5); after the 12th,
    DH-OVER-12 decides (``five-each``, ``rising`` or ``nothing``)."""
    for first, last, points in DISCHARGE_TABLE:
        if first <= number <= last:
            return points
    if over_12 == R.OVER_12.FIVE_EACH:
        return DISCHARGE_TABLE[-1][2]
    if over_12 == R.OVER_12.RISING:  # two patients a row, one point more each row
        return DISCHARGE_TABLE[-1][2] + (number - DISCHARGE_TABLE[-1][1] + 1) // 2
    return 0


def discharge_points(n: int, over_12: str = R.OVER_12.FIVE_EACH) -> int:
    """Wypisani pacjenci: "im więcej pacjentów zostanie wypisanych w jednej rundzie, tym
    więcej punktów wart każdy następny" -- the sum over patients 1..n of the table; the
    aid's example: 7 patients = 14 points (1+2+2+2+2+2+3)."""
    return sum(points_for_patient(i, over_12) for i in range(1, n + 1))


def empty_bonus(empty: bool, discharged: int, deaths: int, reading: str) -> int:
    """Wypisani pacjenci: "Dodatkowe 5 punktów jeśli szpital pozostał pusty" -- what
    "left empty" means is DH-EMPTY-HOSPITAL (``deaths``: patients sent to the mortuary
    this round, at admission and by neglect)."""
    if not empty:
        return 0
    if reading == R.EMPTY_HOSPITAL.DISCHARGED_AND_EMPTY and discharged == 0:
        return 0
    if reading == R.EMPTY_HOSPITAL.ALL_DISCHARGED and (discharged == 0 or deaths):
        return 0
    return EMPTY_BONUS


def final_adjustment(blood: int, mortality: int, reading: str = R.FINAL_TOKENS.PER_TOKEN) -> int:
    """Koniec gry: "dodatkowy punkt za pozostały żeton worka z krwią, traci dwa punkty za
    żetony śmiertelności" -- per token, once, or once for the bag and per mortality
    token (DH-FINAL-TOKENS)."""
    bags = blood if reading == R.FINAL_TOKENS.PER_TOKEN else min(blood, 1)
    deaths = min(mortality, 1) if reading == R.FINAL_TOKENS.ONCE else mortality
    return BLOOD_BAG_POINTS * bags - MORTALITY_PENALTY * deaths
