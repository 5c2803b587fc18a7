"""Dice Hospital components: the numbers the player aid prints, and documented stand-ins
for the ward, specialist and administrator texts it does not print.

The aid (``dice-hospital.pl.txt``) names wards ("oddziały"), specialists and hospital
administrators but gives none of their effects. The model needs concrete effects, so
this module defines a small *stand-in catalogue* that exercises every rule the aid does
state about them: single-patient wards of one step and of several steps ("oddziały,
które leczą jednego pacjenta o kilka kroków"), colour-bound wards (a blood bag can
"tymczasowo zmienić jej kolor"), group wards that need an exact group ("musi zebrać
się dokładnie taka grupa pacjentów"), specialists whose effect follows the ward's,
and an administrator who protects patients from neglect ("Niektóre zdolności
administratorów chroniom pacjentów przed obniżeniem poziomu zdrowia"). Every card in
play is a config value, so a real card set can replace the catalogue.
"""

from __future__ import annotations

from dataclasses import dataclass

# Numbers printed in the aid ------------------------------------------------------------
ROUNDS = 8  # "na koniec 8. rundy"
START_HEALTH = (3, 4, 5)  # "Ustawia ich wartości (zdrowie) na 3, 4 i 5"
CRISIS_HEALTH = (3, 3, 4, 5, 5)  # Kryzys na początek: "o wartościach 3, 3, 4, 5, 5"
ADMIN_DRAW = 2  # "dobiera dwie karty administratora szpitala"
ROLL_FACES = (2, 3, 4, 5)  # "przerzucane dotąd, aż pokażą wartości między 2 i 5"
MIN_HEALTH, MAX_HEALTH = 1, 6  # "1 – pacjent najbardziej chory, 6 – pacjent najbardziej zdrowy"
#: Wypisani pacjenci, the table: (first patient number, last, points for each).
DISCHARGE_TABLE = ((1, 1, 1), (2, 6, 2), (7, 8, 3), (9, 10, 4), (11, 12, 5))
EMPTY_BONUS = 5  # "Dodatkowe 5 punktów jeśli szpital pozostał pusty."
BLOOD_BAG_POINTS = 1  # Koniec gry: "dodatkowy punkt za pozostały żeton"
MORTALITY_PENALTY = 2  # Koniec gry: "traci dwa punkty za żetony śmiertelności"
SUPERBUG_LOSS = 2  # Odporny superrobak: "traci 2 oczka życia zamiast 1"
NEGLECT_LOSS = 1  # Zaniedbani pacjenci: "obniża wartość zdrowia o 1"
EXPERIMENTAL_WARDS = 8  # Medycyna eksperymentalna: "Dodaj 8 oddziałów"
EXPERIMENTAL_SPECIALISTS = 12  # "... i 12 specjalistów"

# Dice colours: the aid says dice have colours but not which or how many (parameter).
COLOUR_NAMES = ("red", "yellow", "green")

ANY = -1  # a ward or specialist that accepts patients of any colour

# Ward matching rules
ONE = 0  # one patient
SAME_COLOUR = 1  # an exact group of patients of one (shown) colour
SAME_HEALTH = 2  # an exact group of patients of one health value


@dataclass(frozen=True)
class WardKind:
    """A stand-in ward: treats ``size`` patients (an exact group when ``size`` > 1) by
    ``steps`` steps each; ``colour`` restricts it to patients showing that colour."""

    name: str
    size: int
    steps: int
    colour: int
    match: int


WARDS = (
    WardKind("triage", 1, 1, ANY, ONE),
    WardKind("pharmacy", 1, 2, ANY, ONE),
    WardKind("surgery", 1, 3, ANY, ONE),
    WardKind("red clinic", 1, 2, 0, ONE),
    WardKind("yellow clinic", 1, 2, 1, ONE),
    WardKind("green clinic", 1, 2, 2, ONE),
    WardKind("twin ward", 2, 1, ANY, SAME_COLOUR),
    WardKind("triple ward", 3, 1, ANY, SAME_HEALTH),
)

# Specialist targets
JUST_TREATED = 0  # one of the patients the ward just treated
UNTREATED = 1  # one patient not yet treated this round


@dataclass(frozen=True)
class SpecialistKind:
    """A stand-in specialist: after the ward's effect, heal one more step a patient of
    ``colour`` (``ANY``) chosen among ``target`` (just treated by the ward / untreated)."""

    name: str
    colour: int
    target: int


SPECIALISTS = (
    SpecialistKind("assistant", ANY, JUST_TREATED),
    SpecialistKind("red doctor", 0, JUST_TREATED),
    SpecialistKind("yellow doctor", 1, JUST_TREATED),
    SpecialistKind("green doctor", 2, JUST_TREATED),
    SpecialistKind("ward round", ANY, UNTREATED),
)

# Stand-in administrators
PLAIN, GUARDIAN, DONOR, MATRON = 0, 1, 2, 3
ADMINISTRATORS = (
    "plain",  # no ability
    "guardian",  # neglect: the sickest untreated patient loses no health
    "donor",  # two blood bags when chosen
    "matron",  # one more nurse
)
DONOR_BLOOD = 2
MATRON_NURSES = 1


def colour_name(c: int) -> str:
    return COLOUR_NAMES[c] if 0 <= c < len(COLOUR_NAMES) else "any colour"
