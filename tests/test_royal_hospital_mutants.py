"""Royal Hospital checks written for mutants that survived every other check.

Each test names the mutant it kills (docs/mutation.md, benchmarks/mutation.py).
"""

from __future__ import annotations

from royal_hospital_helpers import model, player, position

from hhh_verify.models.royal_hospital import flow
from hhh_verify.models.royal_hospital.state import ACTIONS, T_KEEP, Task
from hhh_verify.properties.royal_hospital import medical_cards_conserved


def test_keeping_every_drawn_card_when_no_choice_is_left_conserves_cards() -> None:
    """A keep step with no choice left (fewer cards drawn than may be kept, e.g. the
    deck ran out) keeps them all: the hand grows by exactly the drawn cards. The quick
    check rarely reaches this step. Kills ``h + k`` -> ``h << k`` in ``flow.keep_rest``."""
    m = model("full")
    s = position(m, phase=ACTIONS)
    types = [t for t, n in enumerate(s.deck) if n > 0][:3]
    picking = tuple(1 if t in types else 0 for t in range(m.ctx.M))
    deck = tuple(d - k for d, k in zip(s.deck, picking))
    s = s._replace(deck=deck, picking=picking, queue=(Task(T_KEEP, 0, n=5),))
    assert medical_cards_conserved(m, s) is None
    t = flow.advance(m.ctx, s)
    assert sum(t.picking) == 0
    assert player(t).hand == tuple(h + k for h, k in zip(player(s).hand, picking))
    assert medical_cards_conserved(m, t) is None
