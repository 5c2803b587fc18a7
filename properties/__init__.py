"""Each game's properties, one module per game (``hhh.py``, ``royal_hospital.py``, ...).

The types live in :mod:`hhh_verify.checks`; they are re-exported here for code written
against the old home.
"""

from hhh_verify.checks import (
    FACT,
    GOAL,
    HOLDS,
    INVARIANT,
    KINDS,
    REACHABLE,
    SMT,
    Property,
    PropertyRegistry,
    normalise_expected,
)

__all__ = [
    "FACT",
    "GOAL",
    "HOLDS",
    "INVARIANT",
    "KINDS",
    "REACHABLE",
    "SMT",
    "Property",
    "PropertyRegistry",
    "normalise_expected",
]
