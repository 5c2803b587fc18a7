"""Reduced configurations built to reach one HHH ambiguity (``GameSpec.probes``).

``diverge`` and ``report`` explore these before the presets. Each is the ``tiny`` preset
with a few ``--set`` overrides; the comment says what the overrides make reachable.
Equivalently: ``hhh-verify diverge --config tiny --set KEY=VALUE ...``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

PROBES: Mapping[str, tuple[tuple[str, tuple[str, ...]], ...]] = MappingProxyType(
    {
        # two installable cards after the starting ER, a cap of 2 cards
        "HHH-ROOM-CAP": (("tiny", ("rooms_in_deck=0,5,6", "room_limit=2")),),
        # five cubes of one colour can come out in a setup draw
        "HHH-SETUP-LEVEL5": (("tiny", ("cubes_per_colour=5", "setup_cubes=5", "waiting_spots=5")),),
        # a bag too small for a Heal's draw
        "HHH-DRAW-EXHAUSTED": (("tiny", ("cubes_per_colour=2",)),),
        # no white markers, and Waiting Room patients that reach level 5
        "HHH-WHITE-OUT": (
            (
                "tiny",
                ("white_markers=0", "waiting_spots=5", "arrival_cubes=4", "cubes_per_colour=6"),
            ),
        ),
        # two colours, two Ward patients drawn, the variant with one marker fewer
        "HHH-FEWER-MARKERS": (
            ("tiny", ("colours=2", "setup_markers=2", "variant_fewer_markers=true")),
        ),
        # the variant with one marker fewer, on a pile of 2 white markers
        "HHH-FEWER-WHITE": (("tiny", ("variant_fewer_markers=true",)),),
        # start next to the $199 top of the money track
        "HHH-MONEY-CAP": (("tiny", ("starting_money=199",)),),
        # an Improved Treatment Room from the start and a level-4 Ward patient
        "HHH-TR-TO-WARD-5": (
            (
                "tiny",
                (
                    "variant_improved_start=true",
                    "rooms_in_deck=0,5",
                    "starting_room=0",
                    "rounds=1",
                    "setup_level=4",
                    "black_cubes=3",
                ),
            ),
        ),
        # Waiting Room patients that reach level 5 and go to the Emergency Room
        "HHH-ER-RETURN": (
            ("tiny", ("waiting_spots=5", "cubes_per_colour=12", "arrival_cubes=6")),
            ("tiny", ("waiting_spots=5", "cubes_per_colour=8", "arrival_cubes=5", "setup_cubes=4")),
        ),
    }
)
