"""Every sentence of ``pig.txt`` with one status (``hhh_verify.rulebook.rule_map``), each
named by its number and the hash of its text (``python -m hhh_verify.rulebook.skeleton pig``
writes a draft)."""

from __future__ import annotations

from hhh_verify.rulebook.rule_map import RuleMap, S, modelled, no_rule, parameter, reading

ENTRIES = (
    no_rule(S(1, "69243f"), "heading"),
    modelled(
        S(2, "73a927"),
        "turn.initial_state",
        "turn.next_seat",
    ),
    parameter(
        S(3, "b9d370", 40),
        "sides",
        note="six faces on the full preset (tiny: 3)",
    ),
    modelled(S(3, "b9d370"), "turn.roll", "turn.add"),
    modelled(S(4, "2d8474"), "turn.pig_out"),
    modelled(S(5, "994c3b"), "turn.legal"),
    modelled(S(6, "10dcd2"), "turn.hold"),
    reading(S(7, "bfbbf3"), "PIG-MID-TURN-WIN"),
)

RULE_MAP = RuleMap(rulebook="pig.txt", package="pig.rules", entries=ENTRIES)
