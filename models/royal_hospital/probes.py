"""Reduced configurations built to reach one Royal Hospital ambiguity (``GameSpec.probes``).

``diverge`` and ``report`` explore these before the presets. Each is ``tiny`` or
``small`` with a few ``--set`` overrides; the comment says what they make reachable.
Readings that only matter with long games (the ambulance lap, congress doctors,
insurance level 5, an empty Patient deck) have no probe: the presets and the full game's
random search are all ``diverge`` gets for them, and the report says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

TINY = ("tiny", ())
SMALL = ("small", ())

PROBES: Mapping[str, tuple[tuple[str, tuple[str, ...]], ...]] = MappingProxyType(
    {
        # a clinical trial to play (cost 1 treated patient); a second space matters
        "RH-CARD-NAMES": (("tiny", ("medical_deck=probe-trial", "credit_counters=3,3")),),
        "RH-HEALED-COST": (("tiny", ("medical_deck=probe-trial",)),),
        # credits and coins differ from the first production
        "RH-CREDIT-START": (TINY,),
        "RH-START-CREDITS": (TINY,),
        # no patients by the round track's own row
        "RH-ROUND-PATIENTS": (("tiny", ("round_patients=0,0",)),),
        # the starting card's staff token is left over at the Cleanup
        "RH-RESOURCES-KEEP": (TINY,),
        "RH-RESEARCH-IN-TREATMENT": (("tiny", ("start_production=1",)),),
        "RH-CRITICAL-COST": (TINY,),
        "RH-CRITICAL-DEADLINE": (TINY,),
        "RH-TERMINAL-UPKEEP": (TINY,),
        "RH-TERMINAL-COST": (("tiny", ("patient_deck=probe-terminal", "start_production=1")),),
        "RH-PRIORITY-3": (TINY,),
        "RH-QOC-SCORING": (TINY,),
        "RH-QOC-FLOOR": (TINY,),
        # an activation that raises production; a card played and activated in one round
        "RH-PRODUCTION-BONUS": (("tiny", ("medical_deck=probe-lab",)),),
        "RH-ACTIVATE-SAME-ROUND": (("tiny", ("medical_deck=probe-lab",)),),
        "RH-INSURANCE-COUNTER": (SMALL,),
        "RH-COMPARE-COUNTERS": (TINY,),
        "RH-HELICOPTER-BOTH": (SMALL,),
        "RH-HELICOPTER-DISCARD": (SMALL,),
        "RH-MEDICAL-EMPTY": (SMALL,),
        "RH-STARTING-CARD": (TINY,),
        "RH-TIE-PATIENTS": (TINY,),
        "RH-TIE-CARD-VALUE": (SMALL,),
        "RH-FINAL-TIE": (TINY,),
        "RH-PARTIAL-PAYMENT": (TINY,),
        "RH-DRAW-CARD": (("tiny", ("medical_deck=probe-draw",)),),
        "RH-REJECT-VOLUNTARY": (TINY,),
    }
)
