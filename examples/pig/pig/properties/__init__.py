"""Pig's properties (``GameSpec.properties``)."""
