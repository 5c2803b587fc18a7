"""Ceilings on one Dice Hospital game, derived from its config alone (every reading).

Frameworks need a few numbers before a game starts: the most decisions one game can
take, the most outcomes one chance step can have and the range of a seat's final score.
None is a measured maximum; each is built from ceilings argued from the rules in the
docstrings below, and a conformance test checks every game it plays (and the whole state
graph of ``tiny``) against them.

Two ceilings carry most of the argument. A hospital drafts at most one tile a round
("wybiera jeden z oddziałów lub specjalistów"), so by round ``r`` it owns at most ``r``
tiles, each a ward or a specialist; a meeple and a ward are each used at most once a
round ("każdy specjalista i oddział może być użyty tylko raz w rundzie"), so a round's
activations are at most the smaller of its meeples and its wards. Blood bags come only
from the start, the donor administrator, the lowest ambulance (every player tied on it
under DH-AMBULANCE-VALUE=pip-sum) and tiles (one bag per revealed tile traded or owned
tile discarded, at most one tile a round per player), and each free action spends one.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb

from . import readings
from .components import (
    ADMIN_DRAW,
    DONOR,
    DONOR_BLOOD,
    EMPTY_BONUS,
    MATRON,
    MATRON_NURSES,
    MAX_HEALTH,
    MIN_HEALTH,
    MORTALITY_PENALTY,
    ROLL_FACES,
    WARDS,
)
from .config import DHConfig
from .scoring import discharge_points

#: DH-OVER-12's options (the 13th patient of a round: 5, rising, nothing).
OVER_12_READINGS = (readings.OVER_12.FIVE_EACH, readings.OVER_12.RISING, readings.OVER_12.NOTHING)
#: Setup decisions per player: the starting values, the administrator kept.
SETUP_DECISIONS = 2
#: Decisions of a round outside activation that are not per player: the extra reveal
#: (twice under DH-EXTRA-REVEAL=twice) and the placement of tied dice.
ROUND_DECISIONS = 2 + 1
#: Per player and round: take an ambulance, make room in it (an eviction), draft, the
#: draft's discard (DH-EXPANSION-DISCARD=owned-tile), the activation's discard, end it.
PLAYER_ROUND_DECISIONS = 6


def ambulance_counts(config: DHConfig) -> tuple[int, ...]:
    """DH-AMBULANCE-COUNT: one more than the players, or one each (a solo game always
    has two: ``Ctx``)."""
    P = config.players
    return (P, P + 1) if P > 1 else (P + 1,)


def most_arriving(config: DHConfig) -> int:
    """Dice arriving at a hospital at once: an ambulance's, and the national epidemic's
    extra die ("rzuć dodatkową kostką i umieść ją w szpitalu")."""
    return config.ambulance_dice + (1 if config.variant_epidemic else 0)


def nurse_possible(config: DHConfig) -> bool:
    """Whether any hospital has a nurse: the config's, or the matron stand-in's."""
    return config.nurses > 0 or config.admin_deck[MATRON] > 0


def compositions(n: int, kinds: int) -> int:
    """Ways to split ``n`` drawn items among ``kinds`` kinds (outcomes of a draw)."""
    return comb(n + kinds - 1, kinds - 1) if kinds else 1


def kinds(counts: tuple[int, ...]) -> int:
    return sum(1 for n in counts if n)


@dataclass(frozen=True)
class Bounds:
    """The ceilings of one config (see the module docstring)."""

    max_chance_outcomes: int
    max_game_length: int
    score_range: tuple[int, int]
    activations: tuple[int, ...]  # per round: a hospital's activations and effects
    blood: int  # blood bags one hospital can gain in a game


def max_chance_outcomes(config: DHConfig) -> int:
    """The most outcomes of one chance step: the starting dice drawn (three, five with a
    drawn crisis start), two administrators, the round's market (wards and specialists
    together), an extra reveal, the ambulances' dice, the dice of one colour rolled on
    2..5, the epidemic die (a colour and a face of up to six, DH-EPIDEMIC-ROLL)."""
    C = config.colours
    dice = max(ambulance_counts(config)) * config.ambulance_dice
    wards, specialists = kinds(config.wards_in_deck), kinds(config.specialists_in_deck)
    return max(
        compositions(config.start_patients, C),
        compositions(ADMIN_DRAW, kinds(config.admin_deck)),
        compositions(config.wards_revealed, wards)
        * compositions(config.specialists_revealed, specialists),
        wards,
        specialists,
        compositions(dice, C),
        compositions(min(dice, config.dice_each), len(ROLL_FACES)),
        C * (MAX_HEALTH - MIN_HEALTH + 1) if config.variant_epidemic else 1,
    )


def activations(config: DHConfig, rnd: int) -> tuple[int, int]:
    """(activations, specialist effects) of one hospital in round ``rnd`` at most: with
    ``s`` specialists and ``w`` ward tiles drafted (``s + w <= rnd``), min(nurses +
    matron + s, board wards + w) activations, of which at most ``s`` by a specialist
    (each then asks at most one effect decision); the pair that allows the most."""
    nurses = config.nurses + (MATRON_NURSES if config.admin_deck[MATRON] else 0)
    board = sum(config.board_wards)
    best = (0, 0)
    for s in range(min(rnd, sum(config.specialists_in_deck)) + 1):
        w = min(rnd - s, sum(config.wards_in_deck))
        acts = min(nurses + s, board + w)
        best = max(best, (acts, min(s, acts)), key=sum)
    return best


def blood_per_player(config: DHConfig) -> int:
    """Blood bags one hospital can gain: the start, the donor's two, one a round for
    the lowest ambulance, one a round for a tile (traded instead of taken, or owned and
    discarded: each discard spends a tile the hospital drafted)."""
    donor = DONOR_BLOOD if config.admin_deck[DONOR] else 0
    return config.start_blood + donor + 2 * config.rounds


def max_game_length(config: DHConfig) -> int:
    """Setup (starting values, an administrator per player), then per round the extra
    reveals and the placement, six per-player decisions, each hospital's activations and
    effects, and one decision per blood bag any hospital spends."""
    P, R = config.players, config.rounds
    total = SETUP_DECISIONS * P + P * blood_per_player(config)
    for rnd in range(1, R + 1):
        total += ROUND_DECISIONS + PLAYER_ROUND_DECISIONS * P + P * sum(activations(config, rnd))
    return total


def score_range(config: DHConfig) -> tuple[int, int]:
    """A seat's final points. Round points never fall; the end of the game adds a point
    per blood bag and takes two per mortality token ("traci dwa punkty za żetony
    śmiertelności"), one per patient moved to the mortuary, so at most one per admission
    (the starting dice and one ambulance and epidemic die a round).

    Highest: each round the table's points (the most under any DH-OVER-12 reading) for
    the patients discharged, plus the 5 of an empty hospital, then every blood bag.
    Discharges in a round are at most the patients admitted so far and at most the
    treatments of the round (each heal discharges at most one patient): the wards'
    groups, the specialists' effects and the blood bags."""
    R = config.rounds
    admitted = config.start_patients
    group = max((w.size for k, w in enumerate(WARDS) if _usable(config, k)), default=0)
    blood = blood_per_player(config)
    high = blood
    for rnd in range(1, R + 1):
        admitted += most_arriving(config)
        acts, effects = activations(config, rnd)
        n = min(admitted, acts * group + effects + blood)
        high += max(discharge_points(n, r) for r in OVER_12_READINGS) + EMPTY_BONUS
    return -MORTALITY_PENALTY * admitted, high


def _usable(config: DHConfig, kind: int) -> bool:
    return bool(config.board_wards[kind] or config.wards_in_deck[kind])


@lru_cache(maxsize=32)
def bounds(config: DHConfig) -> Bounds:
    """Every ceiling of ``config``, under any reading."""
    return Bounds(
        max_chance_outcomes=max_chance_outcomes(config),
        max_game_length=max_game_length(config),
        score_range=score_range(config),
        activations=tuple(sum(activations(config, r)) for r in range(1, config.rounds + 1)),
        blood=blood_per_player(config),
    )
