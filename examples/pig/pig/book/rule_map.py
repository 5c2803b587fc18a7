"""Every sentence of ``pig.txt`` with one status (``hhh_verify.rulebook.rule_map``)."""

from __future__ import annotations

from hhh_verify.rulebook.rule_map import RuleMap, modelled, no_rule, parameter, reading

ENTRIES = (
    no_rule("Pig", "heading"),
    modelled(
        "Pig is a dice game for two players who take turns, the first player starting.",
        "turn.initial_state",
        "turn.next_seat",
    ),
    parameter(
        "On your turn you roll one six-sided die,",
        "sides",
        note="six faces on the full preset (tiny: 3)",
    ),
    modelled("adding each roll to your turn total.", "turn.roll", "turn.add"),
    modelled(
        "If you roll a 1, your turn ends and you score nothing for that turn.", "turn.pig_out"
    ),
    modelled("After any other roll you choose to roll again or to hold.", "turn.legal"),
    modelled("Holding adds your turn total to your score and ends your turn.", "turn.hold"),
    reading("The first player to reach 30 points wins.", "PIG-MID-TURN-WIN"),
)

RULE_MAP = RuleMap(rulebook="pig.txt", package="pig.rules", entries=ENTRIES)
