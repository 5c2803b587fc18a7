"""The differential ``diverge`` search played inside the game's kernel (``--engine kernel``).

Paired games run in the two readings' kernels (``GameSpec.kernel``, the
:class:`~hhh_verify.contract.model.Kernel` protocol's ``parted_game``) with common random numbers
per step; a game stops where the kernels part. The kernel is fast but not the reference:
its path is handed, decoded, to the model, which must agree that every step of the
common prefix is legal and possible under both readings and that the readings differ at
the parted step (:func:`~hhh_verify.engines.diverge._verify`, the same exact check as the
model's search). Only then is it a witness, a model witness like any other (traces,
``replay``); a kernel parting the model does not confirm is counted as rejected.
Kernel games are not the model's games for the same seed.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.kernel import Kernel
from hhh_verify.contract.model import Model, outcome_probability
from hhh_verify.contract.scenario import Scenario
from hhh_verify.contract.spec import GameSpec
from hhh_verify.contract.vocab import DivergeEngine, DivergeKind, Parting
from hhh_verify.engines.diverge import (
    DEFAULT_MAX_GAMES,
    DifferentialRunner,
    DifferentialSearch,
    Witness,
    _legal_witness,
    _verify,
    compare_state,
    reading_models,
)
from hhh_verify.engines.simulate import DEFAULT_MAX_STEPS, game_seed

ENGINE = DivergeEngine.KERNEL


def kernels(spec: GameSpec, ma: Model, mb: Model, policies: Sequence[str]) -> tuple[Kernel, Kernel]:
    """The two readings' kernels, or a one-line error saying why there are none."""
    if spec.kernel is None:
        raise ModelError(f"--engine kernel: game {spec.id!r} declares no kernel")
    uncompiled = dict.fromkeys([*spec.uncompiled(ma.readings), *spec.uncompiled(mb.readings)])
    if uncompiled:
        raise ModelError(f"--engine kernel: {', '.join(uncompiled)} not compiled")
    ka, kb = spec.kernel(ma), spec.kernel(mb)
    for p in policies:
        if p not in ka.policies:
            raise ModelError(
                f"--engine kernel: the kernel does not play policy {p!r} "
                f"(it plays {', '.join(sorted(ka.policies))})"
            )
    return ka, kb


def kernel_runner(spec: GameSpec, ambiguity: str, options: tuple[str, str]) -> DifferentialRunner:
    """:func:`kernel_search` as the ``runner`` of :func:`~hhh_verify.engines.diverge.diverge`'s
    :class:`~hhh_verify.engines.diverge.Search` (with ``engine="kernel"``)."""

    def run(
        scenario: Scenario, max_games: int, max_seconds: float | None, names: tuple[str, ...]
    ) -> DifferentialSearch:
        config = scenario.config(spec)
        ma, mb = reading_models(spec, config, ambiguity, options, scenario.readings)
        return kernel_search(spec, ma, mb, names, scenario.seed, max_games, max_seconds)

    return run


def kernel_search(
    spec: GameSpec,
    ma: Model,
    mb: Model,
    policies: Sequence[str],
    seed: int = 0,
    max_games: int = DEFAULT_MAX_GAMES,
    max_seconds: float | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> DifferentialSearch:
    """Kernel game ``i`` (seed ``game_seed(seed, i)``, policy ``policies[i % n]``) until
    one parting is confirmed by the model, ``max_games`` or ``max_seconds``."""
    ka, kb = kernels(spec, ma, mb, policies)
    start = time.perf_counter()
    steps = rejected = games = 0
    for i in range(max_games):
        if max_seconds is not None and time.perf_counter() - start > max_seconds:
            return DifferentialSearch.out_of_time(games, steps, rejected, max_seconds, start)
        games += 1
        g = ka.parted_game(kb, game_seed(seed, i), policies[i % len(policies)], max_steps)
        steps += g.steps
        if g.how == Parting.NONE:
            continue
        w = confirm(ma, mb, g)
        if w is None:
            rejected += 1  # the kernels part where the model does not
            continue
        return DifferentialSearch(w, games, steps, rejected, "", time.perf_counter() - start, i)
    return DifferentialSearch(
        None, games, steps, rejected, f"{games} games played", time.perf_counter() - start
    )


def confirm(ma: Model, mb: Model, g: Any) -> Witness | None:
    """The model's witness at the kernels' parting ``g`` (a ``PartedGame``), or None when
    the model does not confirm it (the prefix is not common, or the step does not differ)."""
    if g.how == Parting.START:
        s0a, s0b = ma.initial_state(), mb.initial_state()
        if s0a == s0b:
            return None
        return Witness(DivergeKind.SUCCESSORS, ENGINE, [], None, succ_a=s0a, succ_b=s0b)
    if not common_prefix(ma, mb, g.path):
        return None
    s, path = g.state, list(g.path)
    diff = compare_state(ma, mb, s)
    if g.how in (Parting.OUTCOME, Parting.LEGAL_ACTIONS):
        if diff is None or diff[0] != DivergeKind(g.how.value):
            return None
        if g.how == Parting.OUTCOME:
            return Witness(DivergeKind.OUTCOME, ENGINE, path, s)
        return _legal_witness(ENGINE, path, s, *diff[1])
    if diff is not None or ma.outcome(s) is not None or g.action not in ma.legal_actions(s):
        return None
    w = Witness(
        DivergeKind.SUCCESSORS,
        ENGINE,
        path,
        s,
        g.action,
        succ_a=g.succ_a,
        succ_b=g.succ_b,
        verified=False,
    )
    return w if _verify(ma, mb, s, g.action, w) else None


def common_prefix(ma: Model, mb: Model, path: Sequence[tuple[Any, Any]]) -> bool:
    """Whether the model reaches the path's end identically under both readings: from the
    common initial state, each state alike under both, each action legal, each successor
    possible under both (point probabilities, no enumeration)."""
    s = ma.initial_state()
    if s != mb.initial_state():
        return False
    for a, nxt in path:
        if compare_state(ma, mb, s) is not None or ma.outcome(s) is not None:
            return False
        if a not in ma.legal_actions(s):
            return False
        if outcome_probability(ma, s, a, nxt) == 0 or outcome_probability(mb, s, a, nxt) == 0:
            return False
        s = nxt
    return True
