"""Healthy Heart Hospital (rulebook: shared/rules/healthy-heart-hospital.txt).

:data:`SPEC` is everything the engines know about the game: presets, ambiguities, rule
index, the sentence-level rule map (``rule_map.py``), properties and search order
(``properties/hhh.py``), players, probe configurations, the Z3 encoding
(``models/hhh/smt/``, queries in ``properties/hhh_smt.py``), the board picture
(``board_svg.py``), the compiled kernel (``kernel/``) and what each reading promises
(``promises.py``).
"""

from __future__ import annotations

from hhh_verify.late import late, late_call
from hhh_verify.model import GameSpec

from .action_space import action_space
from .ambiguities import REGISTRY
from .config import PRESETS, HHHConfig
from .measures import MEASURES
from .model import HHHModel
from .policies import POLICIES
from .probes import PROBES
from .rule_index import RULES

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
    properties=late_call("hhh_verify.properties.hhh:properties"),
    search_order=late("hhh_verify.properties.hhh:search_order"),
    policies=POLICIES,
    probes=PROBES,
    reduced_preset="tiny",
    smt=late_call("hhh_verify.properties.hhh_smt:support"),
    measures=MEASURES,
    action_space=action_space,
    board=late(".board_svg:render_board", __name__),
    kernel=late_call(".kernel:make_kernel", __name__),
    rule_map=late(".rule_map:RULE_MAP", __name__),
    promises=late(".promises:BOOK", __name__),
)

__all__ = ["SPEC", "HHHModel", "HHHConfig"]
