"""Royal Hospital (rulebook: shared/rules/royal-hospital.txt).

:data:`SPEC` is everything the engines know about the game: presets, ambiguities, rule
index, properties and search order (``models/royal_hospital/properties/catalog.py``), the greedy
player (``policies.py``), probe configurations (``probes.py``), the Z3 encoding of
the numeric core (``smt/``, queries in ``models/royal_hospital/properties/smt.py``), the
adapters' action space and observation (``action_space.py``, ``observation.py``) and
the sentence-level rule map (``rule_map.py``) and the compiled kernel (``kernel/``).
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
from .rules.config import CONFIG_DOCS, PRESETS, RHConfig
from .rules.model import RHModel
from .view.action_space import action_space

SPEC = GameSpec(
    id="royal-hospital",
    title="Royal Hospital",
    rulebook="royal-hospital.txt",
    config_type=RHConfig,
    presets=PRESETS,
    default_preset="full",
    ambiguities=REGISTRY,
    make_model=RHModel,
    config_docs=CONFIG_DOCS,
    rule_index=RULES,
    properties=late_call(".properties.catalog:properties", __name__),
    search_order=late(".properties.catalog:search_order", __name__),
    policies=POLICIES,
    probes=PROBES,
    reduced_preset="tiny",
    measures=SEAT_MEASURES,
    smt=late_call(".properties.smt:support", __name__),
    promises=late(".book.promises:BOOK", __name__),
    rule_map=late(".book.rule_map:RULE_MAP", __name__),
    questions=QuestionsFile(f"{__name__}.book"),
    action_space=action_space,
    board=late(".view.board_svg:render_board", __name__),
    kernel=late_call(".kernel:make_kernel", __name__),
    compiled=late(".kernel:COMPILED", __name__),
    order=1,
)

__all__ = ["SPEC", "RHModel", "RHConfig"]
