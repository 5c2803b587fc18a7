"""The fast kernel a game may declare (``GameSpec.kernel``), the games it returns, and
what a kernel may also offer (:class:`OutcomeKernel`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from hhh_verify.contract.outcomes import Outcome
from hhh_verify.contract.vocab import Parting


@dataclass(frozen=True)
class KernelGame:
    """How one game played inside a kernel ended (see ``GameSpec.kernel``): its outcome
    (None when cut or deadlocked), the end reason (``outcome.reason``, ``"max-steps"``
    or ``"deadlock"``), steps, policy decisions, the round reached, and ``values``: the
    final values the game's measures read from its final state, by name (a kernel game
    has no state in the model's terms; ``Measure.of_kernel`` reads them)."""

    outcome: Outcome | None
    reason: str
    steps: int
    decisions: int
    round: int
    values: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class PartedGame:
    """One paired kernel game up to where two readings part, in the model's terms (states
    decoded, actions as the model's): ``how`` is ``none`` (never parted: ended alike, cut
    or deadlocked), ``start`` (different initial states ``succ_a`` / ``succ_b``),
    ``outcome`` or ``legal-actions`` (at ``state``), or ``successors`` (``action`` in
    ``state`` led to ``succ_a`` under A and ``succ_b`` under B). ``path`` is the common
    prefix as ``(action, successor)`` pairs; ``steps`` the steps played."""

    how: Parting
    steps: int
    path: tuple[tuple[Any, Any], ...] = ()
    state: Any = None
    action: Any = None
    succ_a: Any = None
    succ_b: Any = None


@runtime_checkable
class Kernel(Protocol):
    """A compiled copy of one model's rules (config and readings included) that plays
    whole games fast. The model stays the reference: the game's tests prove the kernel
    equal to it state by state (legal actions, exact distributions, its sampler's law).

    Game ``seed`` is one game whatever else runs: step ``k`` draws its decision and its
    chance from generators seeded by (seed, k), so the same seed under two readings
    shares its random numbers step by step (common random numbers, as ``impact``
    needs). Kernel games are not the reference engine's games for the same seed."""

    #: The policies it plays inside (``random`` and some of ``GameSpec.policies``).
    policies: frozenset[str]

    def games(self, seeds: Sequence[int], policy: str, max_steps: int) -> list[KernelGame]:
        """One game per seed."""
        ...

    def paired_games(
        self, other: Kernel, seeds: Sequence[int], policy: str, max_steps: int
    ) -> list[tuple[KernelGame, KernelGame, int | None]]:
        """Each seed's game under this kernel's readings and ``other``'s, and the first
        step where the two positions differ (None: never)."""
        ...

    def parted_game(self, other: Kernel, seed: int, policy: str, max_steps: int) -> PartedGame:
        """Game ``seed`` under this kernel's readings and ``other``'s in lockstep (the
        decision taken under this one), stopped where they part (``diverge --engine
        kernel``; the model then checks that step)."""
        ...

    def count_states(self, max_states: int) -> dict[str, Any]:
        """Every reachable state, breadth-first inside the kernel, counted (``explore
        --engine kernel``): ``states``, ``transitions`` (distinct state, action,
        successor), ``terminal`` (outcome label -> states), ``deadlocks``, ``complete``,
        ``seconds``, ``bytes_per_state``. No property is checked."""
        ...


@runtime_checkable
class OutcomeKernel(Protocol):
    """A kernel that also reads a finished game's outcome off its own flat array, so the
    kernel engine of ``check`` compares it with the model's ``outcome``."""

    def encode(self, s: Any) -> Any: ...

    def outcome(self, v: Any) -> Outcome | None: ...
