"""``check``'s kernel engine: the committed models agree with their kernels, and a rule
bug planted in a reference model (the kernel left as it is) is caught, with a trace
from the start that replays through the (bugged) model."""

from __future__ import annotations

from typing import Any

import pytest

from hhh_verify import trace as tr
from hhh_verify.checking import engines
from hhh_verify.checks import is_kernel_agreement
from hhh_verify.engines.kernel_check import KernelEngine
from hhh_verify.engines.results import HOLDS_STATUS, VIOLATED, CheckOptions
from hhh_verify.registry import get_game, model_for_trace

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
    assert row.status == VIOLATED, row.message
    assert part in row.message
    assert row.trace is not None
    replayed = tr.replay(row.trace, model_for_trace(row.trace))
    assert replayed.ok, replayed.error


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_committed_models_agree_with_their_kernels(game: str) -> None:
    row = run(game)
    assert row.status == HOLDS_STATUS, row.message
    assert row.details["states"] > 1000 and not row.details["unsupported"]


def test_only_the_kernel_engine_runs_the_agreement() -> None:
    prop = get_game("hhh").load_properties().get("hhh.kernel-agrees")
    assert is_kernel_agreement(prop)
    assert [e.name for e in engines(get_game("hhh")) if e.supports(prop)] == ["kernel"]


def test_hhh_heal_paid_twice_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Healing pays twice what the table says: money is still accounted for on every
    invariant that reads only the model, but the kernel pays once."""
    from hhh_verify.models.hhh import heal

    original = heal.draw_count

    def double_pay(ctx: Any, s: Any, place: Any, colour: Any) -> Any:
        n, pay = original(ctx, s, place, colour)
        return n, pay * 2

    monkeypatch.setattr(heal, "draw_count", double_pay)
    assert_caught("hhh", "successors")


def test_royal_hospital_free_rejection_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from hhh_verify.models.royal_hospital import patients

    monkeypatch.setattr(patients, "change_qoc", lambda ctx, s, p, d: s)
    assert_caught("royal-hospital", "successors")


def test_dice_hospital_two_points_a_discharge_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from hhh_verify.models.dice_hospital import end_round

    monkeypatch.setattr(end_round, "discharge_points", lambda n, over_12="five-each": 2 * n)
    assert_caught("dice-hospital", "")
