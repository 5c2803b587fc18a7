"""The Dice Hospital Z3 encoding: the single-colour, two-player numeric core, exactly.

``layout`` names the integer fields of a symbolic state and projects concrete states
onto them; ``encoding`` is the transition relation (one disjunct per model step);
``goals`` and ``queries`` are what ``reach --engine z3`` and ``query`` ask of it.
"""
