"""Royal Hospital (rulebook: shared/rules/royal-hospital.txt).

:data:`SPEC` is everything the engines know about the game: presets, ambiguities, rule
index, properties and search order (``properties/royal_hospital.py``), the greedy
player (``policies.py``), probe configurations (``probes.py``), the Z3 encoding of
the numeric core (``smt/``, queries in ``properties/royal_hospital_smt.py``), the
adapters' action space and observation (``action_space.py``, ``observation.py``) and
the sentence-level rule map (``rule_map.py``) and the compiled kernel (``kernel/``).
"""

from __future__ import annotations

from hhh_verify.late import late, late_call
from hhh_verify.measures import SEAT_MEASURES
from hhh_verify.model import GameSpec

from .action_space import action_space
from .ambiguities import REGISTRY
from .config import CONFIG_DOCS, PRESETS, RHConfig
from .model import RHModel
from .policies import POLICIES
from .probes import PROBES
from .rule_index import RULES

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
    properties=late_call("hhh_verify.properties.royal_hospital:properties"),
    search_order=late("hhh_verify.properties.royal_hospital:search_order"),
    policies=POLICIES,
    probes=PROBES,
    reduced_preset="tiny",
    measures=SEAT_MEASURES,
    smt=late_call("hhh_verify.properties.royal_hospital_smt:support"),
    promises=late(".promises:BOOK", __name__),
    rule_map=late(".rule_map:RULE_MAP", __name__),
    action_space=action_space,
    board=late(".board_svg:render_board", __name__),
    kernel=late_call(".kernel:make_kernel", __name__),
)

__all__ = ["SPEC", "RHModel", "RHConfig"]
