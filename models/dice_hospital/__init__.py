"""Dice Hospital (source: the Polish player aid shared/rules/dice-hospital.pl.txt).

:data:`SPEC` is everything the engines know about the game: presets, ambiguities, rule
index and sentence-level rule map (``rule_map.py``), properties and search order
(``properties/dice_hospital.py``; its ``dh.facts`` runs the printed numbers of
``facts.py``), players (``policies.py``), probe configurations
(``probes.py``), the Z3 encoding of the single-colour core (``smt/``, queries in
``properties/dice_hospital_smt.py``), what each reading promises (``promises.py``) and
the adapters' action space, bounds and observation (``action_space.py``,
``placements.py``, ``bounds.py``, ``observation.py``) and the compiled kernel
(``kernel/``).
"""

from __future__ import annotations

from hhh_verify.late import late, late_call
from hhh_verify.measures import SEAT_MEASURES
from hhh_verify.model import GameSpec

from .action_space import action_space
from .ambiguities import REGISTRY
from .config import PRESETS, DHConfig
from .model import DHModel
from .policies import POLICIES
from .probes import PROBES
from .rule_index import RULES

SPEC = GameSpec(
    id="dice-hospital",
    title="Dice Hospital (Polish player aid)",
    rulebook="dice-hospital.pl.txt",
    config_type=DHConfig,
    presets=PRESETS,
    default_preset="full",
    ambiguities=REGISTRY,
    make_model=DHModel,
    rule_index=RULES,
    board=late(".board_svg:render_board", __name__),
    properties=late_call("hhh_verify.properties.dice_hospital:properties"),
    search_order=late("hhh_verify.properties.dice_hospital:search_order"),
    policies=POLICIES,
    probes=PROBES,
    reduced_preset="tiny",
    measures=SEAT_MEASURES,
    smt=late_call("hhh_verify.properties.dice_hospital_smt:support"),
    promises=late(".promises:BOOK", __name__),
    action_space=action_space,
    rule_map=late(".rule_map:RULE_MAP", __name__),
    kernel=late_call(".kernel:make_kernel", __name__),
)

__all__ = ["SPEC", "DHModel", "DHConfig"]
