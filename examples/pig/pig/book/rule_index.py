"""Which parts of the Pig rulebook the model implements: one
:class:`~hhh_verify.rulebook.sections.Section` (section, status, where, note) per rule.
``where`` names functions of ``pig.rules`` (``module.function``, each with a docstring)
or ambiguity ids; the status is a :class:`~hhh_verify.rulebook.rule_map.RuleStatus`
(``MODELLED``, ``READING``, ``PARAMETER`` or ``LEFT_OUT``)."""

from __future__ import annotations

from hhh_verify.rulebook.rule_map import RuleStatus
from hhh_verify.rulebook.sections import Section

RULES: tuple[Section, ...] = (
    Section(
        "Pig: two players, first player starts", RuleStatus.MODELLED, ("turn.initial_state",), ""
    ),
    Section(
        "Pig: roll a six-sided die, add to the turn total",
        RuleStatus.MODELLED,
        ("turn.roll", "turn.add", "turn.faces"),
        "the die has config.sides faces (6; tiny 3)",
    ),
    Section("Pig: a 1 ends the turn, scoring nothing", RuleStatus.MODELLED, ("turn.pig_out",), ""),
    Section(
        "Pig: roll again or hold", RuleStatus.MODELLED, ("turn.legal",), "a turn opens with a roll"
    ),
    Section(
        "Pig: holding banks the turn total", RuleStatus.MODELLED, ("turn.hold", "turn.bank"), ""
    ),
    Section(
        "Pig: first to 30 wins",
        RuleStatus.READING,
        ("turn.mid_turn_win", "turn.hold", "PIG-MID-TURN-WIN"),
        "config.target (30; small 10, tiny 4); a turn total counts up to what the player "
        "needs, so a winner's score is recorded as the target",
    ),
)
