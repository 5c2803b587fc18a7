"""Reduced configurations built to reach one Dice Hospital ambiguity
(``GameSpec.probes``).

``diverge`` and ``report`` explore these before the presets. Each is the ``tiny`` (or
``small``) preset with a few ``--set`` overrides; the comment says what they make
reachable. Readings not listed differ on ``tiny`` itself (ambulance count and value,
the extra reveal, capacity, the draft discard, healing past 6, blood-bag marks, the
specialist's effect, mortuary dice, the last tie-breaker, the end-of-game tokens, the
neglect of arrivals, optional placements, a tile usable this round or the next,
the lounge in or out of the hospital). DH-SOLO has none: its
default reading rejects one seat, so no configuration builds under both readings.
DH-LAST-PLAYER has none: it changes who arranges tied dice, not the arrangements
offered or their successors, so no position differs in what can happen next.
DH-OVER-12 has none: with the hospital's 12 beds nobody discharges a 13th patient in
one round (``dh.lounge-cleared`` checks lounge + patients <= beds).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

#: Two rounds need enough tiles for two markets (and the two-player extra reveal).
_TWO_ROUNDS = ("rounds=2", "ward_deck=0,0,6,0,0,0,0,0", "specialist_deck=6,0,0,0,0")

PROBES: Mapping[str, tuple[tuple[str, tuple[str, ...]], ...]] = MappingProxyType(
    {
        # two patients in a two-bed hospital when the ambulance arrives: evict one of two
        "DH-EVICT-WHO": (("tiny", ("start_health=3,5", "capacity=2", "dice_per_colour=8")),),
        # five dice: the second round's ambulances find the bag short
        "DH-SUPPLY-SHORT": (("tiny", ("dice_per_colour=5", *_TWO_ROUNDS)),),
        # a health-2 patient, untreated, under the superbug; a second bed for the newcomer
        "DH-SUPERBUG-2": (("tiny", ("variant_superbug=true", "start_health=2", "capacity=2")),),
        # hospitals emptied by the superbug, with and without a discharge beside it
        "DH-EMPTY-HOSPITAL": (("tiny", ("variant_superbug=true", "start_health=2", "capacity=2")),),
        # two colours: a blood bag can show a die as the red clinic's colour
        "DH-RECOLOUR": (("small", ()),),
        # the epidemic die needs a second bed
        "DH-EPIDEMIC-ROLL": (("tiny", ("variant_epidemic=true", "capacity=2")),),
        # five starting patients of two colours, chosen or drawn
        "DH-CRISIS-COLOURS": (
            ("small", ("variant_crisis=true", "crisis_health=3,5", "capacity=2")),
        ),
        # mortuary dice back in the bag matter when a later round draws from it
        "DH-MORTUARY-DICE": (("tiny", ("dice_per_colour=5", *_TWO_ROUNDS)),),
        # two dice an ambulance: filled in turn or dealt one at a time
        "DH-AMBULANCE-FILL": (("tiny", ("ambulance_dice=2", "capacity=3", "dice_per_colour=10")),),
        # two printed pharmacies and one nurse: after it treats, one ward is still free
        "DH-NURSE-MOVES": (("tiny", ("board_wards=0,2,0,0,0,0,0,0",)),),
        # a second round: its ambulances take the kept dice beside the new ones
        "DH-UNTAKEN-DICE": (("tiny", _TWO_ROUNDS),),
        # a triage and a twin ward, two nurses, two beds: a 5 healed to 6, then a pair
        "DH-GROUP-SIX": (
            (
                "tiny",
                ("board_wards=1,0,0,0,0,0,1,0", "nurses=2", "capacity=2", "start_health=5"),
            ),
        ),
    }
)
