"""Where the Pig rulebook can be read two ways. The rules read each entry through its
enum in ``readings.py`` (``reads(R.MID_TURN_WIN.AT_ONCE)``), in ``context.py``."""

from __future__ import annotations

from hhh_verify.contract.interpretations import Ambiguity, AmbiguityRegistry

REGISTRY = AmbiguityRegistry(
    [
        Ambiguity.of(
            "PIG-MID-TURN-WIN",
            "Does reaching 30 in the middle of a turn end the game at once?",
            "gap",
            [
                ("Pig", "The first player to reach 30 points wins."),
                ("Pig", "Holding adds your turn total to your score and ends your turn."),
            ],
            [
                (
                    "on-hold",
                    "a turn total counts only when held: a player wins by holding with 30 or "
                    "more, and a 1 rolled before holding still loses the whole turn total",
                ),
                (
                    "at-once",
                    "the game ends as soon as score plus turn total reaches 30: the roller "
                    "wins without holding",
                ),
            ],
            "on-hold",
            "Only holding adds the turn total to the score, so points are reached by "
            "holding; a turn total is not yet points.",
        ),
    ]
)
