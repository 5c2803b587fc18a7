"""Swap mutants: does each reading's promise tell its option from every other?

For an ambiguity and an ordered pair of its options ``(X, Y)``, the swap mutant is the
model whose rule code reads ``Y`` while the promise machinery holds it to ``X``
(:meth:`~hhh_verify.contract.interpretations.Readings.played_as`, a test-only hook: the
mutant's ``choices`` are ``Y``'s, only ``in_force`` asks the declared ``X``). ``X``'s
promise, if it says what ``X`` means, must fail somewhere on that model.

Per pair, on the game's sweep preset (``PromiseBook.sweep``), its reduced preset and
then on each probe configuration of the ambiguity (``GameSpec.probes``):

1. witness: the two initial states are compared, then the ``X`` model is explored
   breadth-first and, at every state it reaches, compared with the ``Y`` model (outcome, player to move, legal actions and each
   action's exact distribution). The first state where they differ is a witness (every
   state before it in the search agreed, so both models reach it). A search that ends
   complete without one is a proof that the two options coincide on that config: their
   reachable graphs are equal. Only a pair with a witness can be killed.
2. kill: the mutant is explored with ``X``'s promise alone, stopping at its first
   violation (killed) or at the budget / the end of the graph (survived).

A promise may carry ``planted`` positions (``Promise.planted``) for options whose
difference only shows in the full game: there the ``X`` and ``Y`` models' steps are
compared (a witness) and the promise asked of the mutant's step (a kill).

Budgets count states (:data:`BUDGET`), never seconds. The mutant is the reference model
(``GameSpec.make_model``), never a compiled kernel.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.model import TERMINAL, Model
from hhh_verify.contract.promises import NoPromise, Promise, as_property, in_force
from hhh_verify.contract.spec import GameSpec
from hhh_verify.contract.vocab import Profile, Vocabulary
from hhh_verify.engines.explore.explorer import ExplorationError, explore, split_properties

#: States per exploration (witness search or mutant) by profile.
BUDGET: dict[Profile, int] = {Profile.QUICK: 300, Profile.CI: 2000, Profile.THOROUGH: 200_000}
#: Most options one ambiguity may have here (ordered pairs grow as its square).
MAX_OPTIONS = 12


class SwapVerdict(Vocabulary):
    """What became of one ordered pair's swap mutant."""

    KILLED = "killed"  # X's promise failed on the model that plays Y
    SURVIVED = "survived"  # a witness exists, X's promise held within the budget
    UNPROMISED = "no promise"  # a witness exists, X has no promise (a stated reason)
    COINCIDE = "coincide"  # X and Y explored completely, equal graphs
    UNDECIDED = "no witness"  # no difference within the budget, no complete proof
    BROKEN = "broken"  # X's promise fails on X's own model too: the kill proves nothing


#: The verdicts of pairs with a witness (the ones counted in ``swap kill K/M``).
WITNESSED = (
    SwapVerdict.KILLED,
    SwapVerdict.SURVIVED,
    SwapVerdict.UNPROMISED,
    SwapVerdict.BROKEN,
)


@dataclass(frozen=True)
class PairResult:
    """One ordered pair ``(declared, played)`` of an ambiguity's options."""

    ambiguity: str
    declared: str  # X: the option whose promise is in force
    played: str  # Y: the option the rules read
    verdict: SwapVerdict
    config: str  # where the witness (or the proof) is
    witness: str  # what differs first, at which depth ("" without one)
    states: int  # states of the mutant's exploration (or of the proof)
    message: str  # the promise's message when killed, or why it was not

    @property
    def key(self) -> str:
        return f"{self.ambiguity}:{self.declared}->{self.played}"

    def to_json(self) -> dict[str, Any]:
        return {
            "ambiguity": self.ambiguity,
            "declared": self.declared,
            "played": self.played,
            "verdict": self.verdict,
            "config": self.config,
            "witness": self.witness,
            "states": self.states,
            "message": self.message,
        }


class _Found(Exception):
    """Stops an exploration at the first difference or violation."""


def _label(preset: str, overrides: tuple[str, ...]) -> str:
    return " ".join([preset, *(f"--set {o}" for o in overrides)])


def configs(spec: GameSpec, ambiguity: str) -> list[tuple[str, tuple[str, ...]]]:
    """Where a pair of ``ambiguity`` is tried: the sweep preset, the reduced preset,
    then the ambiguity's probes."""
    book = spec.promises() if spec.promises is not None else None
    reduced = spec.reduced_preset or spec.default_preset
    presets = dict.fromkeys(p for p in ((book.sweep if book else None), reduced) if p)
    return [*((p, ()) for p in presets), *spec.probes_for(ambiguity)]


def _model(spec: GameSpec, config: Any, ambiguity: str, option: str) -> Model[Any, Any]:
    return spec.make_model(config, spec.ambiguities.with_readings({ambiguity: option}))


def _law(model: Model[Any, Any], s: Any) -> dict[Any, Fraction]:
    """Each legal action's exact distribution (order-free)."""
    law: dict[Any, Fraction] = {}
    for a in model.legal_actions(s):
        for t, p in model.step(s, a):
            law[(a, t)] = law.get((a, t), Fraction(0)) + p
    return law


def difference(x: Model[Any, Any], y: Model[Any, Any], s: Any) -> str:
    """What the two models do differently at ``s`` ("" when nothing)."""
    ox, oy = x.outcome(s), y.outcome(s)
    if ox != oy:
        return f"outcome {ox} vs {oy}"
    if ox is not None:
        return ""
    px, py = x.current_player(s), y.current_player(s)
    if px != py:
        return f"player to move {px} vs {py}"
    if px == TERMINAL:
        return ""
    ax, ay = x.legal_actions(s), y.legal_actions(s)
    if Counter(ax) != Counter(ay):
        only = [x.describe_action(s, a) for a in ax if a not in ay][:1]
        only += [y.describe_action(s, a) for a in ay if a not in ax][:1]
        return f"legal actions differ ({'; '.join(only) or 'multiplicity'})"
    if _law(x, s) != _law(y, s):
        return "an action's outcomes or probabilities differ"
    return ""


def witness(x: Model[Any, Any], y: Model[Any, Any], budget: int) -> tuple[str, bool, int]:
    """The first difference of ``x`` from ``y`` over ``x``'s reachable states (with its
    depth), whether the search was complete, and the states explored. Two models that
    start from different states differ at depth 0 (their graphs are not equal even when
    each step of ``y`` from ``x``'s states agrees)."""

    if x.initial_state() != y.initial_state():
        return "initial states differ at depth 0", False, 1
    seen = [0]

    def compare(model: Model[Any, Any], s: Any) -> None:
        seen[0] += 1
        what = difference(x, y, s)
        if what:
            raise _Found(what)

    try:
        exp = explore(x, {"differ": compare}, max_states=budget)
    except ExplorationError as e:
        if isinstance(e.__cause__, _Found):
            return f"{e.__cause__} at depth {len(e.path)}", False, seen[0]
        raise
    return "", exp.complete, exp.n_states


def kill(mutant: Model[Any, Any], game: str, promise: Promise, budget: int) -> tuple[str, int]:
    """The promise's first violation on ``mutant`` ("" if none within the budget) and
    the states explored."""
    checks = split_properties([as_property(game, promise, None)], mutant)
    if not checks.invariant_ids():
        return "", 0

    def stop_step(model: Model[Any, Any], s: Any, a: Any, t: Any) -> None:
        for check in checks.steps.values():
            if msg := check(model, s, a, t):
                raise _Found(msg)

    seen = [0]

    def stop_state(model: Model[Any, Any], s: Any) -> None:
        seen[0] += 1
        for check in checks.invariants.values():
            if msg := check(model, s):
                raise _Found(msg)

    try:
        exp = explore(
            mutant, {"promise": stop_state}, steps={"promise": stop_step}, max_states=budget
        )
    except ExplorationError as e:
        if isinstance(e.__cause__, _Found):
            return f"{e.__cause__} (depth {len(e.path)})", seen[0]
        return f"the promise or the model raised: {e}", seen[0]
    return "", exp.n_states


def planted(
    x: Model[Any, Any], y: Model[Any, Any], mutant: Model[Any, Any], promise: Promise
) -> tuple[str, str]:
    """On the promise's planted positions: the first where ``x`` and ``y`` step
    differently (a witness) and what the promise finds wrong in the mutant's step."""
    if promise.planted is None:
        return "", ""
    seen, broken = "", ""
    for s, a in promise.planted(mutant):
        if not seen and _step_law(x, s, a) != _step_law(y, s, a):
            seen = f"planted: {mutant.describe_action(s, a)} steps differently"
        for t, _ in mutant.step(s, a):
            msg = promise.step(mutant, s, a, t) if promise.step is not None else None
            if not msg and promise.final is not None and mutant.current_player(t) == TERMINAL:
                msg = promise.final(mutant, t)
            if msg and not broken:
                broken = f"planted: {msg}"
    return seen, broken


def _step_law(model: Model[Any, Any], s: Any, a: Any) -> dict[Any, Fraction]:
    law: dict[Any, Fraction] = {}
    for t, p in model.step(s, a):
        law[t] = law.get(t, Fraction(0)) + p
    return law


def pairs(spec: GameSpec, ambiguity: str | None = None) -> Iterator[tuple[str, str, str]]:
    """Every ordered pair ``(ambiguity, X, Y)`` of distinct options."""
    for amb in spec.ambiguities:
        if ambiguity is not None and amb.id != ambiguity:
            continue
        if len(amb.option_ids) > MAX_OPTIONS:
            raise ModelError(f"{amb.id}: more than {MAX_OPTIONS} options")
        for x in amb.option_ids:
            for y in amb.option_ids:
                if x != y:
                    yield amb.id, x, y


@dataclass(frozen=True)
class _Seen:
    """The witness search of one unordered pair: first difference and where."""

    config: str
    witness: str
    proof: bool  # every config explored completely, no difference
    states: int
    built: tuple[Any, ...]  # (config object) of the witness, or of the first config


def _search(spec: GameSpec, amb: str, x: str, y: str, budget: int) -> _Seen:
    tried, proof, states, first = [], True, 0, None
    for preset, overrides in configs(spec, amb):
        try:
            config = spec.config(preset, overrides)
            mx, my = _model(spec, config, amb, x), _model(spec, config, amb, y)
        except ModelError:
            continue  # a config that cannot take one of the two options
        first = first or config
        label = _label(preset, overrides)
        found, complete, n = witness(mx, my, budget)
        if found:
            return _Seen(label, found, False, 0, (config,))
        tried.append(label)
        proof, states = proof and complete, states + n
    return _Seen(" | ".join(tried), "", proof and bool(tried), states, (first,))


def run_pair(
    spec: GameSpec, amb: str, x: str, y: str, budget: int, seen: _Seen | None = None
) -> PairResult:
    """The verdict of one ordered pair (``seen``: the pair's witness search, shared by
    both orders)."""
    seen = seen or _search(spec, amb, x, y, budget)
    book = spec.promises() if spec.promises is not None else None
    entry = book.of(amb, x) if book is not None else None
    config = seen.built[0]
    promise = entry if isinstance(entry, Promise) else None
    found, where = seen.witness, seen.config
    message = ""
    if promise is not None and promise.planted is not None:
        full = spec.config(spec.default_preset)
        mutant = spec.make_model(full, spec.ambiguities.with_readings({amb: x}).played_as(amb, y))
        plant_seen, message = planted(
            _model(spec, full, amb, x), _model(spec, full, amb, y), mutant, promise
        )
        if plant_seen and not found:
            found, where = plant_seen, spec.default_preset
    if not found:
        verdict = SwapVerdict.COINCIDE if seen.proof else SwapVerdict.UNDECIDED
        return PairResult(amb, x, y, verdict, where, "", seen.states, "")
    if promise is None:
        why = entry.why if isinstance(entry, NoPromise) else "no promise and no reason"
        return PairResult(amb, x, y, SwapVerdict.UNPROMISED, where, found, 0, why)
    states = 0
    if not message and config is not None:
        readings = spec.ambiguities.with_readings({amb: x}).played_as(amb, y)
        mutant = spec.make_model(config, readings)
        if not in_force(mutant, promise):
            message = ""
            why = "not in force on this config (its applies() says the option cannot differ)"
            return PairResult(amb, x, y, SwapVerdict.SURVIVED, where, found, 0, why)
        message, states = kill(mutant, spec.id, promise, budget)
    verdict = SwapVerdict.KILLED if message else SwapVerdict.SURVIVED
    if message and config is not None:
        own, _ = kill(_model(spec, config, amb, x), spec.id, promise, budget)
        if own:
            verdict, message = SwapVerdict.BROKEN, f"fails under {amb}={x} itself: {own}"
    return PairResult(amb, x, y, verdict, where, found, states, message)


def run(
    spec: GameSpec, profile: Profile = Profile.CI, ambiguities: Iterable[str] | None = None
) -> list[PairResult]:
    """Every ordered pair of the game (or of ``ambiguities``), in registry order."""
    budget = BUDGET[profile]
    wanted = None if ambiguities is None else set(ambiguities)
    out: list[PairResult] = []
    searched: dict[frozenset[str], _Seen] = {}
    for amb, x, y in pairs(spec):
        if wanted is not None and amb not in wanted:
            continue
        key = frozenset((amb + "=" + x, amb + "=" + y))
        if key not in searched:
            searched[key] = _search(spec, amb, x, y, budget)
        out.append(run_pair(spec, amb, x, y, budget, searched[key]))
    return out


def tally(results: Iterable[PairResult]) -> tuple[int, int]:
    """``(K, M)``: killed pairs and pairs with a witness."""
    rows = list(results)
    return (
        sum(r.verdict == SwapVerdict.KILLED for r in rows),
        sum(r.verdict in WITNESSED for r in rows),
    )
