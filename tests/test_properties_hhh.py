"""The HHH property registry: every property cited and well-formed, and the `ci` check of
the full game meets every expectation (the suite runs the same check as CI)."""

from __future__ import annotations

from hhh_verify.checking import INCONCLUSIVE, CheckOptions, check_model
from hhh_verify.checks import FACT, GOAL, INVARIANT
from hhh_verify.registry import get_game, properties_for

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
        assert p.kind in (INVARIANT, GOAL, "smt", FACT)


def test_initial_and_setup_states_satisfy_every_invariant() -> None:
    """Setup (Setup section) leaves a well-formed hospital."""
    model = SPEC.model("full")
    s = model.initial_state()
    for p in PROPS.invariants():
        assert p.violation(model, s) is None, p.id


def test_ci_check_of_the_full_game_meets_every_expectation() -> None:
    results = check_model(SPEC.model("full"), SPEC.ambiguities, PROPS, CheckOptions(profile="ci"))
    bad = [(r.property, r.status, r.message) for r in results if not r.ok]
    assert not bad
    by_id = {r.property: r.status for r in results if r.engine == "stateful"}
    assert by_id["hhh.goal-triumphant"] in ("reached", INCONCLUSIVE)
    assert by_id["hhh.goal-bankrupt"] == "reached"
