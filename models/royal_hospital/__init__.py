"""Royal Hospital (rulebook: shared/rules/royal-hospital.txt).

:data:`SPEC` is everything the engines know about the game: presets, ambiguities, rule
index, properties and search order (``properties/royal_hospital.py``), the greedy
player (``policies.py``), probe configurations (``probes.py``), the Z3 encoding of
the numeric core (``smt/``, queries in ``properties/royal_hospital_smt.py``), the
adapters' action space and observation (``action_space.py``, ``observation.py``) and
the sentence-level rule map (``rule_map.py``).
"""

from __future__ import annotations

from typing import Any

from hhh_verify.interpretations import Interpretation
from hhh_verify.measures import SEAT_MEASURES
from hhh_verify.model import GameSpec

from .action_space import action_space
from .ambiguities import REGISTRY
from .board_svg import render_board
from .config import CONFIG_DOCS, PRESETS, RHConfig
from .model import RHModel
from .policies import POLICIES
from .probes import PROBES
from .rule_index import RULES


def make_model(config: RHConfig, interpretation: Interpretation) -> RHModel:
    return RHModel(config, interpretation)


def _properties() -> Any:
    from hhh_verify.properties.royal_hospital import properties

    return properties()


def _promises() -> Any:
    from .promises import BOOK

    return BOOK


def _smt() -> Any:
    from hhh_verify.properties.royal_hospital_smt import support

    return support()


def _rule_map() -> Any:
    from .rule_map import RULE_MAP

    return RULE_MAP


def _search_order() -> Any:
    from hhh_verify.properties.royal_hospital import search_order

    return search_order


SPEC = GameSpec(
    id="royal-hospital",
    title="Royal Hospital",
    rulebook="royal-hospital.txt",
    config_type=RHConfig,
    presets=PRESETS,
    default_preset="full",
    ambiguities=REGISTRY,
    make_model=make_model,
    config_docs=CONFIG_DOCS,
    rule_index=RULES,
    properties=_properties,
    search_order=_search_order,
    policies=POLICIES,
    probes=PROBES,
    reduced_preset="tiny",
    measures=SEAT_MEASURES,
    smt=_smt,
    promises=_promises,
    rule_map=_rule_map,
    action_space=action_space,
    board=lambda: render_board,
)

__all__ = ["SPEC", "RHModel", "RHConfig", "make_model"]
