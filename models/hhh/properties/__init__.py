"""This game's properties: invariants and goals, search goals and Z3 queries."""
