"""A game's section index: per rulebook section, its status, what carries it and a note.

The rows a game writes (``GameSpec.rule_index``) say what the sentence-level rule map
cannot: a section's own name, what carries it as a whole and a note. The settled
questions are not written again: each ``settled`` entry of the map is a row of its own
(the section is the heading above it, the note quotes the deciding sentence), so the
index and the map cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from hhh_verify.contract.spec import GameSpec
from hhh_verify.rulebook.check import placed
from hhh_verify.rulebook.rule_map import HEADING, Placed, RuleStatus


@dataclass(frozen=True)
class Section:
    """One row of the index: the section, its status (never ``no-rule``), the functions
    (``module.func``) and ambiguity ids that carry it, and a note."""

    section: str
    status: RuleStatus
    where: tuple[str, ...] = ()
    note: str = ""

    def __post_init__(self) -> None:
        if self.status is RuleStatus.NO_RULE:
            raise ValueError(f"section {self.section!r}: the index lists rules, not no-rule")


def settled_sections(rows: Iterable[Placed]) -> tuple[Section, ...]:
    """One row per settled entry of a placed rule map, under the heading above it."""
    out: list[Section] = []
    heading = ""
    for p in rows:
        for k in p.clauses:
            e = k.entry
            if e.status is RuleStatus.NO_RULE and e.note == HEADING:
                heading = k.text
            elif e.status is RuleStatus.SETTLED:
                note = f'settled: "{k.deciding_quote}" -- {e.note}'
                out.append(Section(heading, RuleStatus.SETTLED, e.where, note))
    return tuple(out)


def section_index(spec: GameSpec) -> tuple[Section, ...]:
    """The game's written sections, then the settled questions of its rule map."""
    written: tuple[Section, ...] = tuple(spec.rule_index)
    if spec.rule_map is None:
        return written
    return written + settled_sections(placed(spec))
