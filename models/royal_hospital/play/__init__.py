"""Players and what a game measures: policies, measures and probes."""
