"""Healthy Heart Hospital (rulebook: shared/rules/healthy-heart-hospital.txt)."""

from __future__ import annotations

from hhh_verify.interpretations import Interpretation
from hhh_verify.model import GameSpec

from .ambiguities import REGISTRY
from .config import PRESETS, HHHConfig
from .model import HHHModel
from .rule_index import RULES


def make_model(config: HHHConfig, interpretation: Interpretation) -> HHHModel:
    return HHHModel(config, interpretation)


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
)

__all__ = ["SPEC", "HHHModel", "HHHConfig", "make_model"]
