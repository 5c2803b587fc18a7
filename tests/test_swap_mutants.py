"""Swap mutants (:mod:`hhh_verify.engines.explore.swap`): for every ordered pair (X, Y)
of an ambiguity's options, the model whose rules read Y while X's promise is in force must
break X's promise, wherever X and Y differ on the configs tried.

Under the ``ci`` budgets every such pair of every game is killed, except the survivors
listed here, each with the reason or the helper that owns it. The list may only shrink:
the test fails on a new survivor and on a listed pair that is now killed (take it off).
Then the machinery itself: the hook keeps plain readings and mutants apart, the witness
search proves two equal models coincide, and a promise that is one-sided on purpose
survives and is reported.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from hhh_verify.contract.promises import Promise, PromiseBook, in_force
from hhh_verify.contract.registry import games, get_game
from hhh_verify.contract.vocab import Profile
from hhh_verify.engines.explore import swap

#: Pairs ``AMBIGUITY:X->Y`` whose swap mutant X's promise does not kill under ``ci``, and
#: why. Only shrinks.
SURVIVORS: dict[str, str] = {}

UNKILLED = (swap.SwapVerdict.SURVIVED, swap.SwapVerdict.UNPROMISED, swap.SwapVerdict.BROKEN)


@pytest.mark.parametrize("game", sorted(games()))
def test_every_swap_mutant_with_a_witness_is_killed(game: str) -> None:
    spec = get_game(game)
    rows = swap.run(spec, Profile.CI)
    unkilled = {r.key: f"{r.verdict}: {r.message}" for r in rows if r.verdict in UNKILLED}
    listed = {k for k in SURVIVORS if k.split(":", 1)[0] in {a.id for a in spec.ambiguities}}
    new = {k: v for k, v in unkilled.items() if k not in listed}
    assert not new, f"new survivors (strengthen X's promise): {new}"
    gone = sorted(listed - set(unkilled))
    assert not gone, f"listed survivors now killed or without a witness (unlist them): {gone}"
    killed, witnessed = swap.tally(rows)
    assert killed == witnessed - len(listed)


def _pig_with(promises: tuple[Promise, ...]) -> Any:
    book = PromiseBook(promises)
    return dataclasses.replace(get_game("pig"), promises=lambda: book)


def _on_hold_one_sided(model: Any, s: Any, a: Any, t: Any) -> str | None:
    """on-hold, one-sided on purpose: a hold that reaches the target ends the game (and
    nothing said about a roll, so a model that ends the game at once breaks nothing)."""
    reached = s.scores[s.seat] + s.turn_total >= model.config.target
    if type(a).__name__ == "Hold" and reached and t.winner < 0:
        return "a hold reached the target and the game goes on"
    return None


def test_a_one_sided_promise_survives_and_is_reported() -> None:
    real = get_game("pig")
    assert real.promises is not None
    two_sided = [p for p in real.promises().promises if p.option == "at-once"]
    one_sided = Promise("PIG-MID-TURN-WIN", "on-hold", "one-sided", step=_on_hold_one_sided)
    rows = {r.key: r for r in swap.run(_pig_with((one_sided, *two_sided)), Profile.CI)}
    survivor = rows["PIG-MID-TURN-WIN:on-hold->at-once"]
    assert survivor.verdict == swap.SwapVerdict.SURVIVED and survivor.witness
    assert survivor.states > 0
    assert rows["PIG-MID-TURN-WIN:at-once->on-hold"].verdict == swap.SwapVerdict.KILLED
    assert swap.tally(rows.values()) == (1, 2)


def test_a_promise_that_fails_on_its_own_option_is_broken_not_killed() -> None:
    def always(model: Any, s: Any, a: Any, t: Any) -> str | None:
        return "always"

    rows = swap.run(_pig_with((Promise("PIG-MID-TURN-WIN", "on-hold", "x", step=always),)))
    by_key = {r.key: r for r in rows}
    assert by_key["PIG-MID-TURN-WIN:on-hold->at-once"].verdict == swap.SwapVerdict.BROKEN
    assert by_key["PIG-MID-TURN-WIN:at-once->on-hold"].verdict == swap.SwapVerdict.UNPROMISED
    assert swap.tally(rows) == (0, 2)


def test_the_hook_plays_one_option_and_declares_another() -> None:
    spec = get_game("pig")
    plain = spec.ambiguities.with_readings({"PIG-MID-TURN-WIN": "on-hold"})
    mutant = plain.played_as("PIG-MID-TURN-WIN", "at-once")
    at_once = spec.ambiguities.with_readings({"PIG-MID-TURN-WIN": "at-once"})
    assert mutant.reading_of("PIG-MID-TURN-WIN") == "at-once"
    assert mutant.choices == at_once.choices
    assert mutant.declared_of("PIG-MID-TURN-WIN") == "on-hold"
    assert mutant != at_once and mutant != plain
    assert len({hash(mutant), hash(at_once), hash(plain)}) == 3
    on_hold = Promise("PIG-MID-TURN-WIN", "on-hold", "x", step=_on_hold_one_sided)
    assert in_force(spec.make_model(spec.config("tiny"), mutant), on_hold)
    assert not in_force(spec.make_model(spec.config("tiny"), at_once), on_hold)


def test_the_witness_search_proves_equal_models_coincide_and_finds_a_difference() -> None:
    spec = get_game("pig")
    config = spec.config("tiny")
    x = swap._model(spec, config, "PIG-MID-TURN-WIN", "on-hold")
    y = swap._model(spec, config, "PIG-MID-TURN-WIN", "at-once")
    found, complete, states = swap.witness(x, x, 10_000)
    assert (found, complete) == ("", True) and states > 1
    found, complete, _ = swap.witness(x, y, 10_000)
    assert found and not complete
    found, complete, _ = swap.witness(x, y, 1)  # budget counts states: none to compare
    assert not found and not complete


def test_planted_positions_witness_and_kill() -> None:
    spec = get_game("pig")
    from pig.rules.state import PigState, Roll  # type: ignore[import-not-found]

    def near_target(model: Any) -> list[tuple[Any, Any]]:
        target = model.config.target
        return [(PigState(0, (target - 1, 0), 0), Roll())]

    def roll_never_ends(model: Any, s: Any, a: Any, t: Any) -> str | None:
        return "a roll ended the game" if t.winner >= 0 else None

    promise = Promise("PIG-MID-TURN-WIN", "on-hold", "x", step=roll_never_ends, planted=near_target)
    config = spec.config(spec.default_preset)
    x = swap._model(spec, config, "PIG-MID-TURN-WIN", "on-hold")
    y = swap._model(spec, config, "PIG-MID-TURN-WIN", "at-once")
    readings = spec.ambiguities.with_readings({"PIG-MID-TURN-WIN": "on-hold"})
    mutant = spec.make_model(config, readings.played_as("PIG-MID-TURN-WIN", "at-once"))
    seen, broken = swap.planted(x, y, mutant, promise)
    assert seen and broken == "planted: a roll ended the game"
    assert swap.planted(x, y, x, promise)[1] == ""


def test_the_benchmark_refuses_bad_input_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "benchmarks" / "swap_mutants.py"
    spec = importlib.util.spec_from_file_location("swap_mutants_bench", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    for argv in (["--game", "nope"], ["--game", "pig", "--profile", "quick"]):
        assert bench.main(argv) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith("error:")
    assert bench.main(["--game", "pig"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == "swap kill 2/2"
