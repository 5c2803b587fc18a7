"""The one error a model raises for bad input.

It lives alone so that every part of the contract (actions, configs, the spec) can raise
it without importing the model protocol.
"""

from __future__ import annotations


class ModelError(ValueError):
    """Bad input to a model: an illegal action, an invalid config, a bad trace."""
