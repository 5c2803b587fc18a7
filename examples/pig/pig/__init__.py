"""Pig, first to 30: a complete small game for hhh-verify, installed as a plugin.

:data:`SPEC` is everything the engines know about the game; ``pyproject.toml`` names it
under the ``hhh_verify.games`` entry points. The parts, by role: ``rules/`` (config,
state, the rule functions, the ambiguity and its generated reading constants, the
model), ``book/`` (the rulebook text, the rule index, the sentence map, the promises),
``properties/`` and ``play/`` (a player besides ``random``).
"""

from __future__ import annotations

from hhh_verify.contract.late import late, late_call
from hhh_verify.contract.measures import SEAT_MEASURES
from hhh_verify.contract.spec import GameSpec

from .book.rule_index import RULES
from .play.policies import POLICIES
from .rules.ambiguities import REGISTRY
from .rules.config import CONFIG_DOCS, PRESETS, PigConfig
from .rules.model import PigModel

SPEC = GameSpec(
    id="pig",
    title="Pig (first to 30; a plugin example)",
    rulebook="pig.txt",
    rulebook_package=f"{__name__}.book",
    config_type=PigConfig,
    presets=PRESETS,
    default_preset="full",
    ambiguities=REGISTRY,
    make_model=PigModel,
    config_docs=CONFIG_DOCS,
    rule_index=RULES,
    measures={name: SEAT_MEASURES[name] for name in ("seat0_win", "seat0_score")},
    properties=late_call(".properties.catalog:properties", __name__),
    policies=POLICIES,
    reduced_preset="tiny",
    promises=late(".book.promises:BOOK", __name__),
    rule_map=late(".book.rule_map:RULE_MAP", __name__),
)
