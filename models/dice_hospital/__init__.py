"""Dice Hospital (source: the Polish player aid shared/rules/dice-hospital.pl.txt)."""

from __future__ import annotations

from hhh_verify.interpretations import Interpretation
from hhh_verify.model import GameSpec

from .ambiguities import REGISTRY
from .board_svg import render_board
from .config import PRESETS, DHConfig
from .model import DHModel
from .rule_index import RULES


def make_model(config: DHConfig, interpretation: Interpretation) -> DHModel:
    return DHModel(config, interpretation)


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
)

__all__ = ["SPEC", "DHModel", "DHConfig", "make_model"]
