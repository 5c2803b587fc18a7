"""Kernel agreement as a ``check`` engine: the reference model and the game's compiled
kernel (``GameSpec.kernel``, the same rules written a second time) must agree on every
position met: the legal actions (in order), the outcome where the kernel reports one,
and each step's exact law over its successors.

Why: a rule bug in the model usually keeps every conservation invariant true, but the
kernel, written apart, then disagrees at the first position where the bug shows. What
it cannot see: a bug present in both (the kernel takes the model's printed tables and
config as data, so a wrong table entry is shared and agreed on).

The comparison (:func:`compare_state`) is the one the kernel equality tests use; the
engine (:class:`KernelEngine`) runs it in lockstep over every state of the reduced
preset (breadth-first, so the first difference has a shortest trace), seeded playouts
of the reduced preset under each single option of every ambiguity, whole games of the
checked config under each single non-default option (a reading's code often runs only
deep in a real game: a lap of the ambulance track, a congress doctor claimed), seeded
games of each ambiguity's probe configs (``GameSpec.probes``, built to reach its rare
situations) under each of its options, and a few whole games of the checked config
under the checked readings, all budgeted in games and compared states per profile.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Protocol, runtime_checkable

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.interpretations import AmbiguityRegistry
from hhh_verify.contract.kernel import OutcomeKernel
from hhh_verify.contract.model import Model, sampler
from hhh_verify.contract.outcomes import sample_index
from hhh_verify.contract.properties import Property, is_kernel_agreement
from hhh_verify.contract.sampled import RecordingRandom
from hhh_verify.contract.spec import GameSpec
from hhh_verify.contract.trace import Trace, new_trace, record, record_sampled
from hhh_verify.contract.vocab import EngineStatus, KernelPart
from hhh_verify.engines.results import CheckOptions, CheckResult, result_fields


@dataclass(frozen=True)
class Difference:
    """Where the kernel and the model part on one state: which ``part`` (codec, legal
    actions, outcome, law: same successors with other odds, successors), the action
    whose step differs (None for the others), and what differs in the game's words."""

    part: KernelPart
    text: str
    action: Any = None


def merged(dist: Iterable[tuple[Any, Fraction]]) -> dict[Any, Fraction]:
    """A step's outcomes merged by successor (two paths to one state add up)."""
    acc: dict[Any, Fraction] = {}
    for st, p in dist:
        acc[st] = acc.get(st, Fraction(0)) + p
    return acc


def _names(x: Any) -> tuple[str, ...]:
    """A record's field names (a dataclass or a NamedTuple), else none."""
    if dataclasses.is_dataclass(x):
        return tuple(f.name for f in dataclasses.fields(x))
    return tuple(getattr(type(x), "_fields", ()))


def _apart(a: Any, b: Any, path: str, out: list[str], depth: int = 0) -> None:
    """Where two states differ, field by field down to 3 levels (``a`` vs ``b``)."""
    if a == b or len(out) >= 4:
        return
    if depth < 3 and type(a) is type(b) and _names(a):
        for n in _names(a):
            _apart(getattr(a, n), getattr(b, n), f"{path}.{n}".lstrip("."), out, depth + 1)
    elif depth < 3 and isinstance(a, tuple | list) and isinstance(b, tuple | list):
        if len(a) == len(b):
            for k, (x, y) in enumerate(zip(a, b, strict=True)):
                _apart(x, y, f"{path}[{k}]", out, depth + 1)
            return
        out.append(f"{path}: {len(a)} vs {len(b)} entries")
    else:
        out.append(f"{path}: {a!r:.60} vs {b!r:.60}")


def _fields_apart(a: Any, b: Any) -> str:
    """The fields in which two states differ (``a`` vs ``b``), for messages."""
    out: list[str] = []
    _apart(a, b, "", out)
    return "; ".join(out)


def _actions_text(model: Model, s: Any, actions: Iterable[Any]) -> str:
    return "; ".join(model.describe_action(s, a) for a in list(actions)[:3]) or "none"


@runtime_checkable
class ArrayKernel(Protocol):
    """A kernel that also steps its own flat arrays: the laws can then be compared on
    the kernel's encoding of the model's successors, without decoding every kernel
    successor (decoding is most of a comparison's cost)."""

    def encode(self, s: Any) -> Any: ...

    def legal_rows(self, v: Any) -> Any: ...

    def step_arrays(self, v: Any, row: Any) -> dict[bytes, Fraction]: ...


def same_encoded_law(kernel: ArrayKernel, v: Any, row: Any, ref: Sequence[Any]) -> bool:
    """Whether the kernel's law of action ``row`` in its array ``v`` is, array for array,
    the kernel's encoding of the reference law ``ref``. True settles agreement (a state
    the codec does not round-trip is caught when it is compared itself); False may be
    unused padding in an array, so the caller then compares decoded states."""
    want: dict[bytes, Fraction] = {}
    try:
        for t, p in ref:
            key = kernel.encode(t).tobytes()
            want[key] = want.get(key, Fraction(0)) + p
    except ModelError:  # a successor the kernel cannot hold: the decoded comparison says so
        return False
    return want == kernel.step_arrays(v, row)


def compare_step(
    model: Model, kernel: Any, s: Any, a: Any, ref: Sequence[Any]
) -> Difference | None:
    """None when the kernel's law of ``a`` in ``s`` equals the reference's ``ref``
    (``model.step(s, a)``), else which part differs."""
    want = merged(ref)
    have = merged(kernel.step(s, a))
    if want == have:
        return None
    what = model.describe_action(s, a)
    only_ref = [t for t in want if t not in have]
    only_kernel = [t for t in have if t not in want]
    if not only_ref and not only_kernel:
        t = next(t for t in want if want[t] != have[t])
        return Difference(
            KernelPart.LAW,
            f"{what}: a successor has probability {want[t]} (model) vs {have[t]} (kernel)",
            a,
        )
    apart = _fields_apart(only_ref[0], only_kernel[0]) if only_ref and only_kernel else ""
    return Difference(
        KernelPart.SUCCESSORS,
        f"{what}: {len(only_ref)} successor(s) only the model gives, {len(only_kernel)} only "
        f"the kernel gives" + (f" (first pair, model vs kernel: {apart})" if apart else ""),
        a,
    )


def compare_state(
    model: Model,
    kernel: Any,
    s: Any,
    actions: Sequence[Any] | None = None,
    max_outcomes: int = 0,
) -> tuple[Difference | None, dict[Any, tuple[Any, ...]]]:
    """Compare the kernel with the model on ``s``: the codec round trip, the legal
    actions (in order), the outcome (when the kernel has ``outcome``) and the law of
    each of ``actions`` (None: every legal action) with at most ``max_outcomes``
    reference outcomes (0: any; the kernel enumerates a large law leaf by leaf, slowly).
    Returns the first difference (None: they agree) and the reference laws computed, by
    action, for the caller to reuse."""
    if kernel.decode(kernel.encode(s)) != s:
        return Difference(
            KernelPart.CODEC, "the state does not round-trip through the kernel codec"
        ), {}
    ref = tuple(model.legal_actions(s))
    got = tuple(kernel.legal_actions(s))
    if ref != got:
        only_ref = [a for a in ref if a not in got]
        only_kernel = [a for a in got if a not in ref]
        if not only_ref and not only_kernel and len(ref) == len(got):
            return Difference(KernelPart.LEGAL, "the same legal actions in another order"), {}
        return Difference(
            KernelPart.LEGAL,
            f"only the model allows: {_actions_text(model, s, only_ref)}; only the kernel "
            f"allows: {_actions_text(model, s, only_kernel)}",
        ), {}
    if isinstance(kernel, OutcomeKernel):
        mine, theirs = model.outcome(s), kernel.outcome(kernel.encode(s))
        if mine != theirs:
            return Difference(KernelPart.OUTCOME, f"model {mine}, kernel {theirs}"), {}
    laws: dict[Any, tuple[Any, ...]] = {}
    arrays = isinstance(kernel, ArrayKernel)
    v = kernel.encode(s) if arrays else None
    rows = dict(zip(ref, kernel.legal_rows(v), strict=True)) if arrays else {}
    for a in ref if actions is None else actions:
        laws[a] = tuple(model.step(s, a))
        if max_outcomes and len(laws[a]) > max_outcomes:
            continue
        if arrays and same_encoded_law(kernel, v, rows[a], laws[a]):
            continue
        diff = compare_step(model, kernel, s, a, laws[a])
        if diff is not None:
            return diff, laws
    return None, laws


def difference(
    model: Model, kernel: Any, s: Any, actions: Sequence[Any] | None = None
) -> str | None:
    """:func:`compare_state` as one line (None: they agree), for the equality tests."""
    diff, _ = compare_state(model, kernel, s, actions)
    if diff is None:
        return None
    return f"{diff.part} differ in {s}" + (f": {diff.text}" if diff.text else "")


def spread(items: Sequence[Any], most: int, keep: int | None) -> list[Any]:
    """At most ``most`` of ``items`` (0: all), evenly spread, always with index ``keep``."""
    if not most or len(items) <= most:
        return list(items)
    picked = list(items[:: -(-len(items) // most)])
    if keep is not None and items[keep] not in picked:
        picked.append(items[keep])
    return picked


@dataclass(frozen=True)
class Budget:
    """Work per profile, in games and compared states.

    ``reduced_states``: states of the reduced preset compared breadth-first.
    ``reading_states``, ``reading_games``: seeded playouts of the reduced preset per
    single non-default option, and the states each.
    ``option_games``, ``option_states``: whole games of the checked config per single
    non-default option (the first played by the game's strong player, the next at
    random, alternately), and the most states each.
    ``probe_games``, ``probe_states``: seeded random games of each probe config of an
    ambiguity under each of its options, and the most states each.
    ``games``, ``game_states``: whole games of the checked config under the checked
    readings, and the most states each.
    ``most``: actions whose law is compared per played state (0: all; the action played
    is always among them). ``max_outcomes``: the most outcomes a played law may have to
    be compared (0: any; HHH's full-game draws have thousands). ``game_outcomes``: the
    reference outcomes a playout may enumerate (0: any); past it, only the legal actions
    and the outcome are compared and the model's sampler plays the step. Every profile
    bounds both: enumerating every law of HHH's full game held the laws of all its
    actions at once and ran past 24 GB."""

    reduced_states: int
    reading_states: int
    reading_games: int
    games: int
    game_states: int
    most: int
    max_outcomes: int
    game_outcomes: int
    option_games: int = 0
    option_states: int = 0
    probe_games: int = 0
    probe_states: int = 0


BUDGETS: MappingProxyType[str, Budget] = MappingProxyType(
    {
        "quick": Budget(
            reduced_states=300,
            reading_states=40,
            reading_games=5,
            games=1,
            game_states=400,
            most=3,
            max_outcomes=300,
            game_outcomes=5_000,
            option_games=1,
            option_states=600,
            probe_games=3,
            probe_states=200,
        ),
        "ci": Budget(
            reduced_states=1_500,
            reading_states=120,
            reading_games=8,
            games=1,
            game_states=2_000,
            most=4,
            max_outcomes=500,
            game_outcomes=8_000,
            option_games=1,
            option_states=1_000,
            probe_games=4,
            probe_states=300,
        ),
        "thorough": Budget(
            reduced_states=100_000,
            reading_states=2_000,
            reading_games=10,
            games=10,
            game_states=20_000,
            most=8,
            max_outcomes=5_000,
            game_outcomes=100_000,
            option_games=4,
            option_states=20_000,
            probe_games=10,
            probe_states=2_000,
        ),
    }
)

#: state, action, outcome index in ``model.step`` (or the sampler's choices), successor
Step = tuple[Any, Any, "int | list[int]", Any]


@dataclass
class Finding:
    """A difference and the path from the initial state of ``model`` that reaches it."""

    model: Model
    where: str
    path: list[Step]
    state: Any
    diff: Difference

    def trace(self, registry: AmbiguityRegistry) -> Trace:
        t = new_trace(self.model, registry, source="check", engine="kernel", where=self.where)
        last = len(self.path) - 1
        for n, (s, a, i, after) in enumerate(self.path):
            note = f"the kernel and the model part after this step: {self.diff.part}"
            note = note if n == last else ""
            if isinstance(i, list):
                record_sampled(t, self.model, a, i, after, note)
            else:
                record(t, self.model, s, a, i, after, note)
        return t

    def message(self) -> str:
        return (
            f"the kernel and the model disagree on {self.diff.part} ({self.where}, after "
            f"{len(self.path)} steps): {self.diff.text}"
        )


def compare_reachable(
    model: Model, kernel: Any, limit: int, where: str
) -> tuple[int, Finding | None]:
    """Every state of ``model`` breadth-first (at most ``limit``), each compared on every
    legal action (one reference ``step`` serves the comparison and the search): states
    compared, and the first difference (its path is a shortest)."""
    start = model.initial_state()
    parent: dict[Any, Step | None] = {start: None}
    queue = deque([start])
    n = 0
    while queue and n < limit:
        s = queue.popleft()
        n += 1
        diff, laws = compare_state(model, kernel, s)
        if diff is not None:
            path: list[Step] = []
            at = parent[s]
            while at is not None:
                path.append(at)
                at = parent[at[0]]
            return n, Finding(model, where, path[::-1], s, diff)
        for a, dist in laws.items():
            for i, (t, _) in enumerate(dist):
                if t not in parent:
                    parent[t] = (s, a, i, t)
                    queue.append(t)
    return n, None


#: A game's player as ``GameSpec.policies`` declares it: (model, state, legal, rng) -> action.
Policy = Callable[[Any, Any, tuple[Any, ...], random.Random], Any]


def _playout(
    model: Model,
    kernel: Any,
    rng: random.Random,
    limit: int,
    budget: Budget,
    where: str,
    policy: Policy | None = None,
) -> tuple[int, Finding | None]:
    """One seeded game of the model (random moves, or ``policy``'s), compared with the
    kernel state by state (at most ``limit`` states): states compared, and the first
    difference."""
    s = model.initial_state()
    path: list[Step] = []
    spent = 0  # reference outcomes enumerated so far
    while len(path) < limit:
        legal = model.legal_actions(s)
        ended = model.outcome(s) is not None or not legal
        if ended:
            pick = None
        elif policy is None:
            pick = rng.randrange(len(legal))
        else:
            pick = legal.index(policy(model, s, legal, rng))
        spent_all = 0 < budget.game_outcomes <= spent
        picked = [] if spent_all else spread(legal, budget.most, pick)
        diff, laws = compare_state(model, kernel, s, picked, budget.max_outcomes)
        spent += sum(len(d) for d in laws.values())
        if diff is not None:
            return len(path) + 1, Finding(model, where, path, s, diff)
        if pick is None:
            break
        a = legal[pick]
        draw = sampler(model)
        if a not in laws and draw is not None:
            drawn = RecordingRandom(rng)
            after = draw(s, a, drawn)
            path.append((s, a, list(drawn.values), after))
        else:
            dist = laws[a] if a in laws else tuple(model.step(s, a))
            i = sample_index(dist, rng)
            after = dist[i][0]
            path.append((s, a, i, after))
        s = after
    return len(path) + 1, None


@dataclass
class Agreement:
    """What one agreement run compared: states, the runs by name, the readings the kernel
    does not support (with why), and the first difference (None: none)."""

    states: int = 0
    runs: list[str] = dataclasses.field(default_factory=list)
    unsupported: list[str] = dataclasses.field(default_factory=list)
    finding: Finding | None = None


def agreement(spec: GameSpec, model: Model, budget: Budget, seed: int = 0) -> Agreement:
    """Compare ``model`` (of ``spec``'s game) with its kernel within ``budget`` (see
    :class:`Budget`): under the checked model's readings, each other single option, and
    each option of an ambiguity on its probe configs. Cheap runs first: the first
    difference ends the run. An option the kernel does not declare compiled
    (``GameSpec.compiled``) is not compared: its runs are listed as unsupported."""
    if spec.kernel is None:
        raise ModelError(f"game {spec.id!r} declares no kernel")
    registry = spec.ambiguities
    base = model.readings.non_default(registry)
    reduced = spec.presets[spec.reduced_preset or spec.default_preset]
    strong = next(iter(spec.policies.values()), None)
    out = Agreement()
    if spec.uncompiled(model.readings):
        out.unsupported.append(f"the checked model: {', '.join(spec.uncompiled(model.readings))}")
        return out

    def build(config: Any, readings: dict[str, str], name: str) -> tuple[Model, Any] | None:
        m = spec.make_model(config, registry.with_readings(readings))
        uncompiled = spec.uncompiled(m.readings)
        if uncompiled:  # the reference model alone runs it: nothing to compare
            out.unsupported.append(f"{name}: {', '.join(uncompiled)} not compiled")
            return None
        try:
            return m, spec.kernel(m)  # type: ignore[misc]
        except ModelError as e:  # the kernel says it cannot hold this reading or config
            out.unsupported.append(f"{name}: {e}")
            return None

    def games(
        config: Any, readings: dict[str, str], name: str, n: int, limit: int, by_policy: bool
    ) -> bool:
        """``n`` seeded games of ``config`` under ``readings`` (with ``by_policy``, even
        games by the game's strong player); True when one found a difference."""
        if n == 0:
            return False
        pair = build(config, readings, name)
        if pair is None:
            return False
        m, k = pair
        for g in range(n):
            policy = strong if by_policy and g % 2 == 0 else None
            where = f"{name}, game {g}" + (" (the strong player)" if policy else "")
            rng = random.Random(f"{seed}:{name}:{g}")
            t0 = time.perf_counter()
            if run(where, t0, _playout(m, k, rng, limit, budget, where, policy)):
                return True
        return False

    def run(name: str, t0: float, done: tuple[int, Finding | None]) -> bool:
        n, found = done
        out.states += n
        out.runs.append(f"{name}: {n} states, {time.perf_counter() - t0:.1f} s")
        out.finding = found
        return found is not None

    pair = build(reduced, base, "reduced preset")
    if pair is not None:
        m, k = pair
        where = f"every state of the reduced preset, breadth-first, {_label(base)}"
        if run(where, time.perf_counter(), compare_reachable(m, k, budget.reduced_states, where)):
            return out
    others = [
        (amb.id, option)
        for amb in registry
        for option in amb.option_ids
        if base.get(amb.id, amb.default) != option
    ]
    for amb_id, option in others:
        name = f"the reduced preset under {amb_id}={option}"
        readings = {**base, amb_id: option}
        if games(reduced, readings, name, budget.reading_games, budget.reading_states, False):
            return out
    for amb_id, probes in spec.probes.items():
        for option in registry.get(amb_id).option_ids:
            for preset, overrides in probes:
                config = spec.config(preset, overrides)
                name = f"probe {' '.join((preset, *overrides))} under {amb_id}={option}"
                readings = {**base, amb_id: option}
                if games(config, readings, name, budget.probe_games, budget.probe_states, False):
                    return out
    kernel = spec.kernel(model)
    for g in range(budget.games):
        where = f"game {g} of the checked config, {_label(base)}"
        rng = random.Random(f"{seed}:game:{g}")
        limit = budget.game_states
        if run(where, time.perf_counter(), _playout(model, kernel, rng, limit, budget, where)):
            return out
    for amb_id, option in others:
        name = f"the checked config under {amb_id}={option}"
        readings = {**base, amb_id: option}
        if games(model.config, readings, name, budget.option_games, budget.option_states, True):
            return out
    return out


def _label(readings: dict[str, str]) -> str:
    return ", ".join(f"{k}={v}" for k, v in readings.items()) or "default readings"


class KernelEngine:
    """Compares the model with its game's compiled kernel (``check`` engine ``kernel``)."""

    name = "kernel"

    def __init__(self, spec: GameSpec | None = None):
        self.spec = spec

    def supports(self, prop: Property) -> bool:
        return is_kernel_agreement(prop)

    def run(
        self,
        model: Model,
        ambiguities: AmbiguityRegistry,
        properties: Sequence[Property],
        options: CheckOptions,
    ) -> list[CheckResult]:
        budget = BUDGETS.get(options.profile, BUDGETS["ci"])
        results = []
        for p in properties:
            t0 = time.perf_counter()
            trace = None
            details: dict[str, Any] = {}
            uncompiled = [] if self.spec is None else self.spec.uncompiled(model.readings)
            if self.spec is None or self.spec.kernel is None:
                status, message = EngineStatus.SKIPPED, "the game declares no kernel"
            elif uncompiled:
                status = EngineStatus.SKIPPED
                message = (
                    f"{', '.join(uncompiled)}: not compiled (the kernel's declaration); "
                    "the reference model alone runs it"
                )
            else:
                try:
                    got = agreement(self.spec, model, budget, options.seed)
                except Exception as e:  # the model or the kernel raised: a bug in one of them
                    status, message = EngineStatus.ERROR, f"{type(e).__name__}: {e}"
                else:
                    details = {
                        "states": got.states,
                        "runs": got.runs,
                        "unsupported": got.unsupported,
                    }
                    if got.finding is None:
                        status, message = EngineStatus.HOLDS, f"agree on {got.states} states"
                    else:
                        status, message = EngineStatus.VIOLATED, got.finding.message()
                        trace = got.finding.trace(ambiguities)
            common = result_fields(p, model.game, self.name, seconds=time.perf_counter() - t0)
            results.append(
                CheckResult(status=status, message=message, trace=trace, details=details, **common)
            )
        return results
