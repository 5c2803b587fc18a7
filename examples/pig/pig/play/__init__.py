"""Pig's players (``GameSpec.policies``)."""
