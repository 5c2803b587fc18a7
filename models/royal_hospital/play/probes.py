"""Reduced configurations built to reach one Royal Hospital ambiguity (``GameSpec.probes``).

``diverge`` and ``report`` explore these before the presets. Each is ``tiny`` or
``small`` with a few ``--set`` overrides; the comment says what they make reachable.
Readings that decide only the winner get ``tiny`` cut to one round (the end comes within
a few hundred states); RH-SOLO has none: its readings differ only in whether a one-player
config is accepted, which no explored position shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

TINY = ("tiny", ())
SMALL = ("small", ())
ONE_ROUND = ("tiny", ("rounds=1",))

PROBES: Mapping[str, tuple[tuple[str, tuple[str, ...]], ...]] = MappingProxyType(
    {
        # a clinical trial to play (cost 1 treated patient); a second space matters
        "RH-CARD-NAMES": (("tiny", ("medical_deck=probe-trial", "credit_counters=3,3")),),
        "RH-HEALED-COST": (("tiny", ("medical_deck=probe-trial",)),),
        # credits and coins differ from the first production
        "RH-CREDIT-START": (TINY,),
        # no patients by the round track's own row
        "RH-ROUND-PATIENTS": (("tiny", ("round_patients=0,0",)),),
        # the starting card's staff token is left over at the Cleanup
        "RH-RESOURCES-KEEP": (TINY,),
        "RH-RESEARCH-IN-TREATMENT": (("tiny", ("start_production=1",)),),
        "RH-CRITICAL-COST": (TINY,),
        "RH-CRITICAL-DEADLINE": (TINY,),
        "RH-TERMINAL-UPKEEP": (TINY,),
        "RH-TERMINAL-COST": (("tiny", ("patient_deck=probe-terminal", "start_production=1")),),
        "RH-TERMINAL-REWARD": (TINY,),
        "RH-PRIORITY-3": (TINY,),
        "RH-TERMINAL-CARD": (TINY,),
        # quality of care starts on 2 and falls with every death: scores below 0
        "RH-VP-FLOOR": (ONE_ROUND, TINY),
        "RH-QOC-SCORING": (TINY,),
        "RH-QOC-FLOOR": (TINY,),
        # an activation that raises production; a card played and activated in one round
        "RH-PRODUCTION-BONUS": (("tiny", ("medical_deck=probe-lab",)),),
        "RH-ACTIVATE-SAME-ROUND": (("tiny", ("medical_deck=probe-lab",)),),
        "RH-INSURANCE-COUNTER": (SMALL,),
        # the Air ambulance's three rewards: the ambulance space's reward before or after
        "RH-REWARD-ORDER": (SMALL,),
        "RH-COMPARE-COUNTERS": (TINY,),
        "RH-HELICOPTER-BOTH": (SMALL,),
        "RH-HELICOPTER-DISCARD": (SMALL,),
        "RH-HELICOPTER-ORDER": (SMALL,),
        "RH-HELICOPTER-TERMINAL": (SMALL,),
        "RH-MEDICAL-EMPTY": (SMALL,),
        "RH-STARTING-CARD": (TINY,),
        # a terminal patient whose care earns nothing: a tie on everything before
        "RH-TIE-PATIENTS": (("tiny", ("rounds=1", "patient_deck=probe-quiet-terminal")),),
        "RH-TIE-CARD-VALUE": (("small", ("rounds=1",)), SMALL),
        "RH-FINAL-TIE": (ONE_ROUND, TINY),
        "RH-TIE-RESOURCES": (ONE_ROUND, TINY),
        # four patients and no critical one: every card can stay in play
        "RH-GAME-END": (
            ("tiny", ("patient_deck=probe-calm", "hospital_spaces=2", "round_cards=2,1")),
        ),
        # a card that sends the ambulance a whole lap; one that advances a track six times
        "RH-AMBULANCE-WRAP": (("tiny", ("medical_deck=probe-ambulance", "rounds=1")),),
        "RH-INSURANCE-MAX": (("tiny", ("medical_deck=probe-insurance", "rounds=1")),),
        "RH-PARTIAL-PAYMENT": (TINY,),
        "RH-DRAW-CARD": (("tiny", ("medical_deck=probe-draw",)),),
        # a whole lap of the ambulance track passes space 11's congress doctor reward
        "RH-DOCTOR-REWARD": (("tiny", ("medical_deck=probe-ambulance", "rounds=1")),),
        # staff and research production from the start: extra draws every round
        "RH-EXTRA-DRAWS": (("tiny", ("start_production=1",)),),
    }
)
