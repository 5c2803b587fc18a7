"""Rule interactions across readings: a game whose loss condition has happened is over.

How to Lose: "All players immediately lose if any one of these conditions occur". The
``interactions`` preset puts every Staff member, the Emergency Room, same-colour Waiting
Room patients and $5 in one small game; the explorer enumerates it under every reading of
every ambiguity, one reading at a time, checking that a loss ends the game (no action
after it, a lost outcome) and that no game in progress is stuck without a move.

Before this check existed, an Intern used on an Emergency Room patient under
``HHH-ER-RETURN=first-room`` sent the patient's cubes into the Waiting Room patient of
its colour, who died; when that death bankrupted the hospital, ``finish_picks`` set the
phase back to the Action Phase and the lost game went on. The planted-bug test below keeps
that old code and shows the sweep finds it.

The ``ci`` profile explores each reading up to a state budget (the old bug shows at the
730th state); ``thorough`` explores every reading to the end with every invariant (about
three minutes; run before the fix, only ``HHH-ER-RETURN=first-room`` failed, with 568
states violating ``hhh.loss-is-final``).
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.records import replace
from hhh_verify.contract.registry import get_game, properties_for
from hhh_verify.contract.trace import replay
from hhh_verify.engines.explore import analysis as an
from hhh_verify.engines.explore.explorer import explore, split_properties
from hhh_verify.models.hhh.rules import player_actions
from hhh_verify.models.hhh.rules.board import ONE
from hhh_verify.models.hhh.rules.setup import reveal_training
from hhh_verify.models.hhh.rules.state import ACTIONS, PICK_TRAINING

HHH = get_game("hhh")
PROPS = properties_for("hhh")
THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
#: states per reading in the ci profile (the whole preset is ~14k states)
CI_BUDGET = 1500  # = hhh_verify.engines.explore.sweep.BUDGET["ci"]
END_OF_GAME = ("hhh.loss-is-final", "hhh.no-dead-end", "hhh.no-action-after-end")

READINGS: list[tuple[str, ...]] = [()] + [
    (f"{a.id}={o}",) for a in HHH.ambiguities for o in a.option_ids if o != a.default
]


def sweep_one(reading: tuple[str, ...]) -> Any:
    """The explorer on the interactions preset under one reading."""
    model = HHH.model("interactions", (), reading)
    chosen = list(PROPS) if THOROUGH else [PROPS.get(i) for i in END_OF_GAME]
    checks = split_properties(chosen, model)
    return explore(
        model,
        checks.invariants,
        {},
        steps=checks.steps,
        max_states=None if THOROUGH else CI_BUDGET,
    )


#: readings the preset's one-bed Wards refuse (one bed fewer than one is no Ward)
REFUSED = {("HHH-WARD-BEDS=one-fewer",)}


@pytest.mark.parametrize("reading", READINGS, ids=lambda r: r[0] if r else "defaults")
def test_a_loss_ends_the_game_under_every_reading(reading: tuple[str, ...]) -> None:
    if reading in REFUSED:
        with pytest.raises(ModelError, match="needs ward_beds >= 2"):
            sweep_one(reading)
        return
    exp = sweep_one(reading)
    found = {k: exp.messages.get(k, "") for k, v in exp.violations.items() if v}
    found.update({k: "step" for k, v in exp.step_violations.items() if v})
    assert not found, found
    if exp.complete:
        assert an.deadlocks(exp) == [] and an.cannot_end(exp) == []


def test_the_preset_reaches_every_loss() -> None:
    """The preset is worth sweeping: arrests, bankruptcies and wins all happen, and every
    Staff member is face up in round 2."""
    model = HHH.model("interactions")
    exp = explore(model, max_states=30_000)
    assert exp.complete
    assert set(an.terminal_counts(exp)) == {"lost:arrested", "lost:bankrupt", "won:completed"}
    staff = {t for s in exp.states() for t, n in enumerate(s.staff_open) if n}
    assert staff == set(range(11))


# Planted bug: the code before the fix -----------------------------------------------------


def _old_after_pick(ctx: Any, s: Any) -> Any:
    kind, left = s.picks
    s = replace(s, picks=(kind, left - 1))
    if left - 1 > 0 and player_actions.pick_options(ctx, s):
        return [(s, ONE)]
    return _old_finish_picks(ctx, s)


def _old_finish_picks(ctx: Any, s: Any) -> Any:
    """``finish_picks`` as it was: back to the Action Phase even if the pick lost the game."""
    kind = s.picks[0]
    s = replace(s, phase=ACTIONS, picks=(0, 0))
    if kind == PICK_TRAINING:
        return reveal_training(ctx, s)
    return [(s, ONE)]


def test_the_sweep_finds_the_resurrected_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The old ``finish_picks`` is caught, under the one reading where it matters (ci:
    that reading and the defaults; thorough: every reading)."""
    monkeypatch.setattr(player_actions, "after_pick", _old_after_pick)
    monkeypatch.setattr(player_actions, "finish_picks", _old_finish_picks)
    readings = READINGS if THOROUGH else [(), ("HHH-ER-RETURN=first-room",)]
    hits = {r for r in readings if sweep_one(r).violations.get("hhh.loss-is-final")}
    assert hits == {("HHH-ER-RETURN=first-room",)}
    exp = sweep_one(("HHH-ER-RETURN=first-room",))
    sid = exp.violations["hhh.loss-is-final"][0]
    trace = an.witness_trace(exp, sid, HHH.ambiguities)
    assert any(st.action.get("type") == "InternTreat" for st in trace.steps)
    result = replay(trace, model=exp.model)
    assert result.ok and result.final_state.money < 0
    assert PROPS.get("hhh.loss-is-final").violation(exp.model, result.final_state)


def test_the_stateful_search_finds_it_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hypothesis' stateful search, biased to rare moves and spending (the ``rare_first``
    style of ``models/hhh/properties/catalog.py``), finds the old bug on the interactions preset."""
    from hhh_verify.engines import stateful

    monkeypatch.setattr(player_actions, "after_pick", _old_after_pick)
    monkeypatch.setattr(player_actions, "finish_picks", _old_finish_picks)
    model = HHH.model("interactions", (), ("HHH-ER-RETURN=first-room",))
    report = stateful.run(
        model,
        [PROPS.get("hhh.loss-is-final")],
        HHH.ambiguities,
        profile="quick",
        max_examples=100,
        step_count=400,
        shrink=False,
        order=HHH.load_search_order(),
    )
    assert [f.property for f in report.findings] == ["hhh.loss-is-final"]


def test_check_sweeps_every_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    """`check` runs the same sweep (``Property.sweep``) and, with the old code, names the
    reading that breaks the invariant and returns a witness (readings narrowed to two
    here; the sweep over all of them is the parametrized test above)."""
    from hhh_verify.check.run import CheckOptions, check_model
    from hhh_verify.engines.explore import sweep

    monkeypatch.setattr(sweep, "readings", lambda reg: [(), ("HHH-ER-RETURN=first-room",)])
    props = PROPS.select(list(END_OF_GAME))
    model = HHH.model("full")
    engine = [sweep.SweepEngine(HHH)]
    ok = check_model(model, HHH.ambiguities, props, CheckOptions(profile="ci"), engine)
    assert {r.status for r in ok} == {"holds"} and len(ok) == 3
    # 2 readings, their homes, every pair of them on the preset and the homes (none:
    # one option), each reading under every variant
    planned = sweep.runs(HHH, "interactions", "ci")
    flags = sweep.variant_flags(HHH.presets["interactions"])
    homes = sweep.option_homes(HHH, "interactions")
    assert sweep.option_pairs(HHH.ambiguities) == []
    assert len(planned) == 2 + len(homes) + 2 * len(flags)
    d = ok[0].details
    assert d["readings"] + d["not_applicable"] == len(planned) and d["readings"] >= 2
    assert ok[0].engine == "sweep:interactions"
    monkeypatch.setattr(player_actions, "after_pick", _old_after_pick)
    monkeypatch.setattr(player_actions, "finish_picks", _old_finish_picks)
    bad = check_model(model, HHH.ambiguities, props, CheckOptions(profile="ci"), engine)
    row = next(r for r in bad if r.property == "hhh.loss-is-final")
    assert row.status == "violated" and "HHH-ER-RETURN=first-room" in row.message
    assert row.trace is not None and row.trace.steps


def test_every_reading_is_swept() -> None:
    from hhh_verify.engines.explore.sweep import readings

    assert readings(HHH.ambiguities) == READINGS


def test_the_sweep_says_when_an_option_cannot_differ_on_its_preset(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """HHH-MONEY-CAP=capped means nothing where money never nears $199 (the interactions
    preset starts at $5): the sweep's row says so instead of passing it silently; an
    option that does change the preset's graph is not named, and one the preset refuses
    (HHH-WARD-BEDS=one-fewer on one-bed Wards) is counted as not applicable."""
    from hhh_verify.check.run import CheckOptions, check_model
    from hhh_verify.engines.explore import sweep

    narrowed = [
        (),
        ("HHH-MONEY-CAP=capped",),
        ("HHH-WARD-BEDS=one-fewer",),
        ("HHH-ER-RETURN=first-room",),
    ]
    monkeypatch.setattr(sweep, "readings", lambda reg: narrowed)
    monkeypatch.setitem(sweep.COMBINED_BUDGET, "ci", 0)
    props = PROPS.select(["hhh.loss-is-final"])
    rows = check_model(
        HHH.model("full"),
        HHH.ambiguities,
        props,
        CheckOptions(profile="ci"),
        [sweep.SweepEngine(HHH)],
    )
    assert rows[0].details["cannot_differ"] == ["HHH-MONEY-CAP=capped"]
    assert rows[0].details["not_applicable"] >= 1
    assert "cannot differ" in rows[0].message
