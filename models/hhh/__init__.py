"""Healthy Heart Hospital (rulebook: shared/rules/healthy-heart-hospital.txt).

:data:`SPEC` is everything the engines know about the game: presets, ambiguities, rule
index, the sentence-level rule map (``rule_map.py``), properties and search order
(``models/hhh/properties/catalog.py``), players, probe configurations, the Z3 encoding
(``models/hhh/smt/``, queries in ``models/hhh/properties/smt.py``), the board picture
(``board_svg.py``), the compiled kernel (``kernel/``) and what each reading promises
(``promises.py``).
"""

from __future__ import annotations

from hhh_verify.contract.late import late, late_call
from hhh_verify.contract.questions import QuestionsFile
from hhh_verify.contract.spec import GameSpec

from .book.rule_index import RULES
from .play.measures import MEASURES
from .play.policies import POLICIES
from .play.probes import PROBES
from .rules.ambiguities import REGISTRY
from .rules.config import PRESETS, HHHConfig
from .rules.model import HHHModel
from .view.action_space import action_space

SPEC = GameSpec(
    id="hhh",
    title="Healthy Heart Hospital (3rd edition)",
    rulebook="healthy-heart-hospital.txt",
    config_type=HHHConfig,
    presets=PRESETS,
    default_preset="full",
    ambiguities=REGISTRY,
    make_model=HHHModel,
    rule_index=RULES,
    properties=late_call(".properties.catalog:properties", __name__),
    search_order=late(".properties.catalog:search_order", __name__),
    policies=POLICIES,
    probes=PROBES,
    reduced_preset="tiny",
    smt=late_call(".properties.smt:support", __name__),
    measures=MEASURES,
    action_space=action_space,
    board=late(".view.board_svg:render_board", __name__),
    kernel=late_call(".kernel:make_kernel", __name__),
    compiled=late(".kernel:COMPILED", __name__),
    rule_map=late(".book.rule_map:RULE_MAP", __name__),
    questions=QuestionsFile(f"{__name__}.book"),
    promises=late(".book.promises:BOOK", __name__),
    order=0,
)

__all__ = ["SPEC", "HHHModel", "HHHConfig"]
