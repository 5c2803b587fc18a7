"""HHH-RESEARCH-DECK=identical: 20 copies of the printed card. The book's worked example
keys the Training benefit to green (Research): "You drew 2 red cubes and 3 green cubes.
You choose the benefit "Gain [green cube count] Training markers.", so you gain 3
Training markers to assign to various Doctors." The defect: Training was counted by
gray, in the reference and the kernel."""

from __future__ import annotations

from hhh_helpers import GREEN, model

from hhh_verify.models.hhh.kernel.api import HHHKernel
from hhh_verify.models.hhh.kernel.rules import research_colours
from hhh_verify.rulebook.texts import rulebook_text

EXAMPLE = (
    'You drew 2 red cubes and 3 green cubes. You choose the benefit "Gain [green cube '
    'count] Training markers.", so you gain 3 Training markers'
)


def test_the_worked_example_is_quoted_verbatim() -> None:
    assert EXAMPLE in rulebook_text("healthy-heart-hospital.txt")


def test_identical_cards_count_training_by_green() -> None:
    m = model("full", interpret=("HHH-RESEARCH-DECK=identical",))
    _hire, training, _replace = m.ctx.research_colours(0)
    assert training == GREEN
    assert tuple(research_colours(HHHKernel(m).K, 0)) == m.ctx.research_colours(0)
    # the rotating deck is another reading: its card 0 is left as it was
    rotating = model("full")
    assert rotating.ctx.research_colours(0) == (0, 1, 2)
    assert tuple(research_colours(HHHKernel(rotating).K, 0)) == (0, 1, 2)
