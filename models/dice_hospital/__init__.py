"""Dice Hospital (source: the Polish player aid shared/rules/dice-hospital.pl.txt).

:data:`SPEC` is everything the engines know about the game: presets, ambiguities, rule
index and sentence-level rule map (``rule_map.py``), properties and search order
(``properties/dice_hospital.py``), players (``policies.py``), probe configurations
(``probes.py``), the Z3 encoding of the single-colour core (``smt/``, queries in
``properties/dice_hospital_smt.py``), what each reading promises (``promises.py``) and
the adapters' action space, bounds and observation (``action_space.py``,
``placements.py``, ``bounds.py``, ``observation.py``).
"""

from __future__ import annotations

from typing import Any

from hhh_verify.interpretations import Interpretation
from hhh_verify.measures import SEAT_MEASURES
from hhh_verify.model import GameSpec

from .action_space import action_space
from .ambiguities import REGISTRY
from .board_svg import render_board
from .config import PRESETS, DHConfig
from .model import DHModel
from .policies import POLICIES
from .probes import PROBES
from .rule_index import RULES


def make_model(config: DHConfig, interpretation: Interpretation) -> DHModel:
    return DHModel(config, interpretation)


def _properties() -> Any:
    from hhh_verify.properties.dice_hospital import properties

    return properties()


def _promises() -> Any:
    from .promises import BOOK

    return BOOK


def _smt() -> Any:
    from hhh_verify.properties.dice_hospital_smt import support

    return support()


def _rule_map() -> Any:
    from .rule_map import RULE_MAP

    return RULE_MAP


def _search_order() -> Any:
    from hhh_verify.properties.dice_hospital import search_order

    return search_order


SPEC = GameSpec(
    id="dice-hospital",
    title="Dice Hospital (Polish player aid)",
    rulebook="dice-hospital.pl.txt",
    config_type=DHConfig,
    presets=PRESETS,
    default_preset="full",
    ambiguities=REGISTRY,
    make_model=make_model,
    rule_index=RULES,
    board=lambda: render_board,
    properties=_properties,
    search_order=_search_order,
    policies=POLICIES,
    probes=PROBES,
    reduced_preset="tiny",
    measures=SEAT_MEASURES,
    smt=_smt,
    promises=_promises,
    action_space=action_space,
    rule_map=_rule_map,
)

__all__ = ["SPEC", "DHModel", "DHConfig", "make_model"]
