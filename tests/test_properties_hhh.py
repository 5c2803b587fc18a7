"""The HHH property registry: every property cited and well-formed.

That the `ci` check of the full game meets every expectation is the quick start's own
first command (``hhh-verify check``, profile ``ci``, every game), which CI runs before
pytest: its verdicts are a function of the check alone, so running it again here repeated
the same work. Each engine's part is tested on its own (``test_check_cli.py``,
``test_planted_bugs.py``: the stateful search reaches ``hhh.goal-bankrupt``)."""

from __future__ import annotations

from hhh_verify.contract.registry import get_game, properties_for
from hhh_verify.contract.vocab import PropertyKind

PROPS = properties_for("hhh")
SPEC = get_game("hhh")


def test_registry_lists_the_issue_properties() -> None:
    ids = {p.id for p in PROPS}
    for pid in (
        "hhh.cubes-conserved",
        "hhh.markers-conserved",
        "hhh.capacities",
        "hhh.money-accounting",
        "hhh.goal-arrest",
        "hhh.goal-bankrupt",
        "hhh.goal-triumphant",
        "hhh.goal-er-return",
        "hhh.loss-is-final",
        "hhh.no-dead-end",
        "hhh.facts",
    ):
        assert pid in ids
    for p in PROPS:
        assert p.citation and p.description
        assert p.kind in (PropertyKind.INVARIANT, PropertyKind.GOAL, "smt", PropertyKind.FACT)


def test_initial_and_setup_states_satisfy_every_invariant() -> None:
    """Setup (Setup section) leaves a well-formed hospital."""
    model = SPEC.model("full")
    s = model.initial_state()
    for p in PROPS.invariants():
        assert p.violation(model, s) is None, p.id
