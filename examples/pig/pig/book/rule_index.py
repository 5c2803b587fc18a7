"""Which parts of the Pig rulebook the model implements: ``(section, status, where, note)``
rows; ``where`` names functions of ``pig.rules`` (``module.function``, each with a
docstring) or ambiguity ids."""

from __future__ import annotations

RULES: tuple[tuple[str, str, str, str], ...] = (
    ("Pig: two players, first player starts", "modelled", "turn.initial_state", ""),
    (
        "Pig: roll a six-sided die, add to the turn total",
        "modelled",
        "turn.roll turn.add turn.faces",
        "the die has config.sides faces (6; tiny 3)",
    ),
    ("Pig: a 1 ends the turn, scoring nothing", "modelled", "turn.pig_out", ""),
    ("Pig: roll again or hold", "modelled", "turn.legal", "a turn opens with a roll"),
    ("Pig: holding banks the turn total", "modelled", "turn.hold turn.bank", ""),
    (
        "Pig: first to 30 wins",
        "ambiguity",
        "turn.mid_turn_win turn.hold PIG-MID-TURN-WIN",
        "config.target (30; small 10, tiny 4); a turn total counts up to what the player "
        "needs, so a winner's score is recorded as the target",
    ),
)
