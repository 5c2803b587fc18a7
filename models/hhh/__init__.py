"""Healthy Heart Hospital (rulebook: shared/rules/healthy-heart-hospital.txt).

:data:`SPEC` is everything the engines know about the game: presets, ambiguities, rule
index, the sentence-level rule map (``rule_map.py``), properties and search order
(``properties/hhh.py``), players, probe configurations, the Z3 encoding
(``models/hhh/smt/``, queries in ``properties/hhh_smt.py``), the board picture
(``board_svg.py``), the compiled kernel (``kernel/``) and what each reading promises
(``promises.py``).
"""

from __future__ import annotations

from typing import Any

from hhh_verify.interpretations import Interpretation
from hhh_verify.model import GameSpec

from .action_space import action_space
from .ambiguities import REGISTRY
from .config import PRESETS, HHHConfig
from .measures import MEASURES, RATING_NAMES
from .model import HHHModel
from .policies import POLICIES
from .probes import PROBES
from .rule_index import RULES


def make_model(config: HHHConfig, interpretation: Interpretation) -> HHHModel:
    return HHHModel(config, interpretation)


def _properties() -> Any:
    from hhh_verify.properties.hhh import properties

    return properties()


def _search_order() -> Any:
    from hhh_verify.properties.hhh import search_order

    return search_order


def _smt() -> Any:
    from hhh_verify.properties.hhh_smt import support

    return support()


def _kernel(model: Any) -> Any:
    from .kernel import make_kernel

    return make_kernel(model)


def _rule_map() -> Any:
    from .rule_map import RULE_MAP

    return RULE_MAP


def _promises() -> Any:
    from .promises import BOOK

    return BOOK


def _board() -> Any:
    from .board_svg import render_board

    return render_board


SPEC = GameSpec(
    id="hhh",
    title="Healthy Heart Hospital (3rd edition)",
    rulebook="healthy-heart-hospital.txt",
    config_type=HHHConfig,
    presets=PRESETS,
    default_preset="full",
    ambiguities=REGISTRY,
    make_model=make_model,
    rule_index=RULES,
    properties=_properties,
    search_order=_search_order,
    policies=POLICIES,
    probes=PROBES,
    reduced_preset="tiny",
    smt=_smt,
    ratings=RATING_NAMES,
    measures=MEASURES,
    action_space=action_space,
    board=_board,
    kernel=_kernel,
    rule_map=_rule_map,
    promises=_promises,
)

__all__ = ["SPEC", "HHHModel", "HHHConfig", "make_model"]
