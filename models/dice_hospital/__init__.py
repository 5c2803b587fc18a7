"""Dice Hospital (source: the Polish player aid shared/rules/dice-hospital.pl.txt).

:data:`SPEC` is everything the engines know about the game: presets, ambiguities, rule
index and sentence-level rule map (``rule_map.py``), properties and search order
(``models/dice_hospital/properties/catalog.py``; its ``dh.facts`` runs the printed numbers of
``facts.py``), players (``policies.py``), probe configurations
(``probes.py``), the Z3 encoding of the single-colour core (``smt/``, queries in
``models/dice_hospital/properties/smt.py``), what each reading promises (``promises.py``) and
the adapters' action space, bounds and observation (``action_space.py``,
``placements.py``, ``bounds.py``, ``observation.py``) and the compiled kernel
(``kernel/``).
"""

from __future__ import annotations

from hhh_verify.contract.late import late, late_call
from hhh_verify.contract.measures import SEAT_MEASURES
from hhh_verify.contract.questions import QuestionsFile
from hhh_verify.contract.spec import GameSpec

from .book.rule_index import RULES
from .play.policies import POLICIES
from .play.probes import PROBES
from .rules.ambiguities import REGISTRY
from .rules.config import PRESETS, DHConfig
from .rules.model import DHModel
from .view.action_space import action_space

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
    board=late(".view.board_svg:render_board", __name__),
    properties=late_call(".properties.catalog:properties", __name__),
    search_order=late(".properties.catalog:search_order", __name__),
    policies=POLICIES,
    probes=PROBES,
    reduced_preset="tiny",
    measures=SEAT_MEASURES,
    smt=late_call(".properties.smt:support", __name__),
    promises=late(".book.promises:BOOK", __name__),
    action_space=action_space,
    rule_map=late(".book.rule_map:RULE_MAP", __name__),
    questions=QuestionsFile(f"{__name__}.book"),
    kernel=late_call(".kernel:make_kernel", __name__),
    compiled=late(".kernel:COMPILED", __name__),
    order=2,
)

__all__ = ["SPEC", "DHModel", "DHConfig"]
