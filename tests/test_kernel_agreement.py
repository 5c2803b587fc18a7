"""``check``'s kernel engine: the committed models agree with their kernels, and a rule
bug planted in a reference model (the kernel left as it is) is caught, with a trace
from the start that replays through the (bugged) model."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
import reference_only

from hhh_verify.check.run import engines
from hhh_verify.contract import trace as tr
from hhh_verify.contract.properties import is_kernel_agreement
from hhh_verify.contract.registry import get_game, model_for_trace
from hhh_verify.contract.vocab import EngineStatus
from hhh_verify.engines.kernel_check import (
    BUDGETS,
    ArrayKernel,
    Budget,
    KernelEngine,
    agreement,
    compare_step,
    same_encoded_law,
)
from hhh_verify.engines.results import CheckOptions

QUICK = CheckOptions(profile="quick")
GAMES = {"hhh": "hhh", "royal-hospital": "rh", "dice-hospital": "dh"}


def run(game: str) -> Any:
    spec = get_game(game)
    prop = spec.load_properties().get(f"{GAMES[game]}.kernel-agrees")
    model = spec.model(spec.default_preset, (), ())
    (row,) = KernelEngine(spec).run(model, spec.ambiguities, [prop], QUICK)
    return row


def assert_caught(game: str, part: str) -> None:
    row = run(game)
    assert row.status == EngineStatus.VIOLATED, row.message
    assert part in row.message
    assert row.trace is not None
    replayed = tr.replay(row.trace, model_for_trace(row.trace))
    assert replayed.ok, replayed.error


@pytest.mark.parametrize("profile", sorted(BUDGETS))
def test_every_profile_bounds_the_outcomes_a_game_enumerates(profile: str) -> None:
    """A full HHH game's laws have thousands of outcomes each: a profile that enumerates
    them all (0: any) held every action's law at once and ran out of memory (24 GB)."""
    budget = BUDGETS[profile]
    assert budget.max_outcomes > 0 and budget.game_outcomes > 0 and budget.most > 0


def test_thorough_is_at_least_as_deep_as_ci_everywhere() -> None:
    ci, thorough = BUDGETS["ci"], BUDGETS["thorough"]
    for name in Budget.__dataclass_fields__:
        assert getattr(thorough, name) >= getattr(ci, name), name


def declared_uncompiled(game: str) -> set[str]:
    """Options a game's kernel declares it does not compile (``ID=option``: those its
    ``COMPILED`` leaves out); the agreement skips them (the kernel refuses them by name)
    and no others."""
    spec = get_game(game)
    coverage = spec.kernel_coverage()
    assert coverage is not None
    every = [(a.id, o) for a in spec.ambiguities for o in a.option_ids]
    return set(coverage.missing_of(every))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_committed_models_agree_with_their_kernels(game: str) -> None:
    row = run(game)
    assert row.status == EngineStatus.HOLDS, row.message
    assert row.details["states"] > 1000
    declared = declared_uncompiled(game)
    for skipped in row.details["unsupported"]:
        assert any(f"{item} not compiled" in skipped for item in declared), skipped


def test_only_the_kernel_engine_runs_the_agreement() -> None:
    prop = get_game("hhh").load_properties().get("hhh.kernel-agrees")
    assert is_kernel_agreement(prop)
    assert [e.name for e in engines(get_game("hhh")) if e.supports(prop)] == ["kernel"]


def test_hhh_heal_paid_twice_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Healing pays twice what the table says: money is still accounted for on every
    invariant that reads only the model, but the kernel pays once."""
    from hhh_verify.models.hhh.rules import heal

    original = heal.draw_count

    def double_pay(ctx: Any, s: Any, place: Any, colour: Any) -> Any:
        n, pay = original(ctx, s, place, colour)
        return n, pay * 2

    monkeypatch.setattr(heal, "draw_count", double_pay)
    assert_caught("hhh", "successors")


def test_royal_hospital_free_rejection_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from hhh_verify.models.royal_hospital.rules import patients

    monkeypatch.setattr(patients, "change_qoc", lambda ctx, s, p, d: s)
    assert_caught("royal-hospital", "successors")


def test_dice_hospital_two_points_a_discharge_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from hhh_verify.models.dice_hospital.rules import end_round

    monkeypatch.setattr(end_round, "discharge_points", lambda n, over_12="five-each": 2 * n)
    assert_caught("dice-hospital", "")


#: A small budget: every kind of run, whole games of the checked config cut at 60 states.
SMALL = Budget(
    reduced_states=50,
    reading_states=40,
    reading_games=1,
    games=1,
    game_states=60,
    most=3,
    max_outcomes=300,
    game_outcomes=5_000,
    option_games=1,
    option_states=60,
    probe_games=1,
    probe_states=200,
)


def rh_agreement(budget: Budget) -> Any:
    spec = get_game("royal-hospital")
    return agreement(spec, spec.model(spec.default_preset, (), ()), budget)


def assert_only_that_run_catches(without: Budget, where: str) -> None:
    """A planted Royal Hospital bug: missed under ``without`` (the :data:`SMALL` budget
    with one kind of run switched off), found under ``SMALL`` in a run whose description
    starts with ``where``, with a trace from the start that replays."""
    assert rh_agreement(without).finding is None
    found = rh_agreement(SMALL).finding
    assert found is not None
    assert found.where.startswith(where)
    trace = found.trace(get_game("royal-hospital").ambiguities)
    replayed = tr.replay(trace, model_for_trace(trace))
    assert replayed.ok, replayed.error


def test_a_reading_bug_only_whole_games_reach_is_caught_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """RH-DOCTOR-PASS=exact: "the first player to reach those positions earns the
    congress doctor token". Planted: under ``exact`` no move ever claims one. The
    reduced preset's short games claim none, so only the checked config's whole games
    under that option (the game's strong player reaches the doctors) can show it."""
    from hhh_verify.models.royal_hospital.rules import board

    def never_exact(ctx: Any, old: int, new: int, space: int) -> bool:
        return new == space and old == space if ctx.doctor_exact else old < space <= new

    monkeypatch.setattr(board, "reached", never_exact)
    assert_only_that_run_catches(
        replace(SMALL, option_games=0), "the checked config under RH-DOCTOR-PASS=exact"
    )


def test_a_reading_bug_only_a_probe_reaches_is_caught_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Preparation Phase: each player draws "as many cards from the Medical and Patient
    decks as indicated by the round tracker". Planted: a Patient draw of 0 cards still
    draws one. Only RH-ROUND-PATIENTS' probe (a round track showing no patients, under
    ``own-row``) has such a draw."""
    from hhh_verify.models.royal_hospital.rules import flow
    from hhh_verify.models.royal_hospital.rules.state import T_DRAW_PATIENT

    original = flow.waits

    def draws_nothing_too(ctx: Any, s: Any, task: Any) -> bool:
        if task.kind == T_DRAW_PATIENT and task.n == 0:
            return sum(s.shuffled) > 0
        return original(ctx, s, task)

    monkeypatch.setattr(flow, "waits", draws_nothing_too)
    assert_only_that_run_catches(
        replace(SMALL, probe_games=0),
        "probe tiny round_patients=0,0 under RH-ROUND-PATIENTS=own-row",
    )


def test_laws_compared_on_kernel_arrays_decide_only_agreement() -> None:
    """The array comparison settles a law only when it matches; a changed reference law
    fails it and the decoded comparison then names the difference."""
    spec = get_game("royal-hospital")
    m = spec.model("tiny", (), ())
    k = spec.kernel(m)  # type: ignore[misc]
    s = m.initial_state()
    a = m.legal_actions(s)[0]
    ref = tuple(m.step(s, a))
    v = k.encode(s)
    row = k.legal_rows(v)[0]
    assert isinstance(k, ArrayKernel) and same_encoded_law(k, v, row, ref)
    wrong = ((ref[0][0], ref[0][1] / 2), *ref[1:]) if len(ref) > 1 else ((s, ref[0][1]),)
    assert not same_encoded_law(k, v, row, wrong)
    diff = compare_step(m, k, s, a, wrong)
    assert diff is not None and diff.part in ("law", "successors")


def test_a_declared_option_the_kernel_does_not_compile_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Planted: the kernel declares the test-only option (:mod:`reference_only`, written
    in the reference model alone) compiled. The agreement compares every declared
    option, so the kernel's games under it differ from the model's."""
    spec = reference_only.install(monkeypatch, declared=True)
    found = agreement(spec, spec.model(spec.default_preset, (), ()), SMALL).finding
    assert found is not None and reference_only.ITEM in found.where
    trace = found.trace(spec.ambiguities)
    assert tr.replay(trace, model_for_trace(trace)).ok


def test_an_undeclared_option_is_skipped_with_its_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not declared (the truth): its runs are listed as not compiled, the rest agree."""
    spec = reference_only.install(monkeypatch)
    got = agreement(spec, spec.model(spec.default_preset, (), ()), SMALL)
    assert got.finding is None
    skipped = [u for u in got.unsupported if reference_only.ITEM in u]
    assert skipped and all(u.endswith("not compiled") for u in skipped)
    declared = declared_uncompiled(spec.id)  # the kernel's own, the test-only one aside
    others = [u for u in got.unsupported if u not in skipped]
    assert all(any(f"{item} not compiled" in u for item in declared) for u in others)
