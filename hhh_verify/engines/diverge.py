"""Witnesses that two readings of an ambiguous rule give different results.

Two models of one game differ only in the option chosen for one ambiguity. A *witness*
is a state reached identically under both readings (the same path, the same chance
outcomes) where they differ: in the outcome, in the legal actions, or in the successors
of one action. Engines, in the order :func:`diverge` tries them:

``explorer``
    product breadth-first search from the common initial state over exact ``step``
    distributions. Identical successors continue the search; the first difference is a
    shortest witness. Exhausting the graph without a difference proves the readings
    equivalent *in that configuration* (and only there).
``differential``
    common-random-numbers playouts on a configuration too large to enumerate: the same
    decisions and the same sampler seeds under both readings (``sample_step``). A
    difference in legal actions or in the sampled successor is a candidate; it becomes a
    witness once the exact distributions of that one step are confirmed to differ
    (different random-number consumption alone must not count).

A witness keeps its path, so :func:`witness_traces` writes one replayable trace per
reading (the common prefix, then the diverging step under that reading).

What decides how far a search goes is a count (``max_states``, ``max_games``);
``max_seconds`` is only a safety net: a search it cuts is incomplete (its reason starts
with :data:`SAFETY_NET`) and never decides that two readings are the same.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from hhh_verify.contract.configs import config_to_json
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.measures import Measures
from hhh_verify.contract.model import (
    Model,
    PointProbabilityModel,
    outcome_probability,
    round_of,
    sample_successor,
    sampler,
)
from hhh_verify.contract.outcomes import state_digest
from hhh_verify.contract.sampled import RecordingRandom
from hhh_verify.contract.scenario import Scenario
from hhh_verify.contract.spec import GameSpec
from hhh_verify.contract.trace import Trace, new_trace, record, record_sampled
from hhh_verify.contract.vocab import DivergeEngine, DivergeKind
from hhh_verify.engines.simulate import Policy, game_seed, get_policy, policies, random_policy

#: Kinds of difference, in the order they are checked at a state.
KINDS = tuple(DivergeKind)

#: Limits of the default search (the counts decide; the seconds are a safety net).
DEFAULT_MAX_STATES = 20_000
DEFAULT_MAX_GAMES = 300
DEFAULT_MAX_SECONDS = 600.0
#: How the reason of a search cut by the time safety net begins.
SAFETY_NET = "time safety net"


def safety_reason(max_seconds: float) -> str:
    """The reason of a search the time safety net of ``max_seconds`` cut."""
    return f"{SAFETY_NET} ({max_seconds:g} s) fired: incomplete"


@dataclass
class Witness:
    """A state reached identically under both readings where they differ.

    ``path`` is the common prefix as ``(action, successor)`` pairs from the initial
    state; ``state`` is where the readings part. For ``successors`` witnesses ``action``
    is the diverging decision and ``succ_a`` / ``succ_b`` one successor under each
    reading (``prob_a`` / ``prob_b`` are their probabilities under *both* readings,
    ``None`` when unknown). ``seeds`` (differential witnesses) holds the seed of each
    chance draw of the path, then of the diverging step, so :func:`witness_traces` can
    record the sampler's choices instead of enumerating every step.
    """

    kind: DivergeKind
    engine: DivergeEngine
    path: list[tuple[Any, Any]]
    state: Any
    action: Any = None
    only_a: tuple[Any, ...] = ()
    only_b: tuple[Any, ...] = ()
    succ_a: Any = None
    succ_b: Any = None
    prob_a: tuple[Fraction | None, Fraction | None] = (None, None)
    prob_b: tuple[Fraction | None, Fraction | None] = (None, None)
    verified: bool = True  # exact distributions compared (always true for the explorer)
    seeds: tuple[int, ...] = ()


@dataclass
class DivergeResult:
    """What a search found; ``material`` is True, False (exhaustive) or None (budget)."""

    ambiguity: str
    options: tuple[str, str]
    material: bool | None
    engine: DivergeEngine
    config_label: str
    config: dict[str, Any]
    witness: Witness | None
    model_a: Model
    model_b: Model
    searched: list[dict[str, Any]] = field(default_factory=list)  # one entry per engine run
    note: str = ""
    #: The game's measures (``GameSpec.measures``); the witness shows the midgame ones.
    measures: Measures = field(default_factory=dict)


# ---------------------------------------------------------------------------
# Comparing one state under both readings
# ---------------------------------------------------------------------------


def _dist_map(dist: Any) -> dict[Any, Fraction]:
    acc: dict[Any, Fraction] = {}
    for st, p in dist:
        acc[st] = acc.get(st, Fraction(0)) + p
    return acc


def _distinct_successors(
    da: Any, db: Any
) -> tuple[Any, Any, tuple[Fraction, Fraction], tuple[Fraction, Fraction]]:
    """One successor per reading whose probability differs between the readings,
    preferring successors that only that reading can reach."""
    ma, mb = _dist_map(da), _dist_map(db)
    zero = Fraction(0)

    def pick(dist: Any, own: dict[Any, Fraction], other: dict[Any, Fraction]) -> Any:
        only = [st for st, _ in dist if other.get(st, zero) == 0]
        if only:
            return max(only, key=lambda st: own[st])  # the likeliest such successor
        return next(st for st, _ in dist if own[st] != other.get(st, zero))

    sa, sb = pick(da, ma, mb), pick(db, mb, ma)
    return sa, sb, (ma[sa], mb.get(sa, zero)), (ma.get(sb, zero), mb[sb])


def compare_state(ma: Model, mb: Model, s: Any) -> tuple[DivergeKind, Any] | None:
    """The first difference of ``s`` under the two models without stepping (or None)."""
    oa, ob = ma.outcome(s), mb.outcome(s)
    if oa != ob:
        return (DivergeKind.OUTCOME, None)
    if oa is not None:
        return None
    la, lb = ma.legal_actions(s), mb.legal_actions(s)
    if la != lb:
        return (DivergeKind.LEGAL_ACTIONS, (la, lb))
    return None


def _legal_witness(engine: DivergeEngine, path: list, s: Any, la: Any, lb: Any) -> Witness:
    sb = set(lb)
    sa = set(la)
    return Witness(
        DivergeKind.LEGAL_ACTIONS,
        engine,
        path,
        s,
        only_a=tuple(a for a in la if a not in sb),
        only_b=tuple(a for a in lb if a not in sa),
    )


# ---------------------------------------------------------------------------
# Engine (a): product breadth-first search
# ---------------------------------------------------------------------------


@dataclass
class ProductSearch:
    """Result of :func:`product_search`: a witness, or how far the search went."""

    witness: Witness | None
    states: int
    complete: bool
    reason: str
    seconds: float


def product_search(
    ma: Model,
    mb: Model,
    max_states: int = DEFAULT_MAX_STATES,
    max_seconds: float | None = None,
) -> ProductSearch:
    """Breadth-first search of the states both readings reach identically.

    Returns the first (so a shortest) witness, or ``complete=True`` when every common
    state was compared without a difference.
    """
    start = time.perf_counter()
    s0, s0b = ma.initial_state(), mb.initial_state()
    if s0 != s0b:
        w = Witness(DivergeKind.SUCCESSORS, DivergeEngine.EXPLORER, [], None, succ_a=s0, succ_b=s0b)
        return ProductSearch(w, 1, False, "", time.perf_counter() - start)
    parent: dict[Any, tuple[Any, Any] | None] = {s0: None}
    queue: deque[Any] = deque([s0])

    def path_to(s: Any) -> list[tuple[Any, Any]]:
        out = []
        while (p := parent[s]) is not None:
            out.append((p[1], s))
            s = p[0]
        return out[::-1]

    while queue:
        s = queue.popleft()
        diff = compare_state(ma, mb, s)
        if diff is not None:
            kind, extra = diff
            w = (
                Witness(DivergeKind.OUTCOME, DivergeEngine.EXPLORER, path_to(s), s)
                if kind == DivergeKind.OUTCOME
                else _legal_witness(DivergeEngine.EXPLORER, path_to(s), s, *extra)
            )
            return ProductSearch(w, len(parent), False, "", time.perf_counter() - start)
        if ma.outcome(s) is not None:
            continue
        for a in ma.legal_actions(s):
            da, db = ma.step(s, a), mb.step(s, a)
            if _dist_map(da) != _dist_map(db):
                sa, sb, pa, pb = _distinct_successors(da, db)
                w = Witness(
                    DivergeKind.SUCCESSORS,
                    DivergeEngine.EXPLORER,
                    path_to(s),
                    s,
                    a,
                    succ_a=sa,
                    succ_b=sb,
                    prob_a=pa,
                    prob_b=pb,
                )
                return ProductSearch(w, len(parent), False, "", time.perf_counter() - start)
            for nxt, _ in da:
                if nxt not in parent:
                    parent[nxt] = (s, a)
                    queue.append(nxt)
        if len(parent) > max_states:
            return ProductSearch(
                None,
                len(parent),
                False,
                f"state limit {max_states} reached",
                time.perf_counter() - start,
            )
        if max_seconds is not None and time.perf_counter() - start > max_seconds:
            return ProductSearch(
                None,
                len(parent),
                False,
                safety_reason(max_seconds),
                time.perf_counter() - start,
            )
    return ProductSearch(None, len(parent), True, "", time.perf_counter() - start)


# ---------------------------------------------------------------------------
# Engine (b): differential playouts with common random numbers
# ---------------------------------------------------------------------------


def step_seed(game_seed: int, step: int, stream: int) -> int:
    """The seed of one step's random numbers (``stream`` 0: decision, 1: chance).

    Every step of every game has its own generator, so two readings stay aligned on the
    same random numbers step by step even after one of them consumed more draws.
    """
    return (game_seed * 0x9E3779B97F4A7C15 + 2 * step + stream) & ((1 << 64) - 1)


@dataclass
class DifferentialSearch:
    """Result of :func:`differential_search`."""

    witness: Witness | None
    games: int
    steps: int
    rejected: int  # sampled differences whose exact distributions turned out equal
    reason: str
    seconds: float
    game_index: int | None = None  # the game that found the witness

    @classmethod
    def out_of_time(
        cls, games: int, steps: int, rejected: int, max_seconds: float, start: float
    ) -> DifferentialSearch:
        """The result of a search the safety net ``max_seconds`` stopped (started at
        ``start``)."""
        reason = safety_reason(max_seconds)
        return cls(None, games, steps, rejected, reason, time.perf_counter() - start)


def differential_search(
    ma: Model,
    mb: Model,
    seed: int = 0,
    max_games: int = DEFAULT_MAX_GAMES,
    max_seconds: float | None = DEFAULT_MAX_SECONDS,
    policies: Sequence[Policy] = (random_policy,),
    verify: bool = True,
    first: int = 0,
) -> DifferentialSearch:
    """Play games under both readings in lockstep until they part.

    Game ``i`` uses policy ``policies[i % len(policies)]`` and the per-step generators
    of :func:`step_seed`; games ``first..max_games-1`` are played (a later ``first``
    lets a range of games run as a task of its own: game ``i`` is the same game). With ``verify`` a sampled difference counts only once the
    exact laws of that step are known to differ: the point probabilities of the two
    sampled successors under both readings (:func:`hhh_verify.contract.model.outcome_probability`)
    settle it when they differ; when they agree, the whole ``step`` distributions are
    compared (slow on large configurations, but rare).
    """
    start = time.perf_counter()
    steps = rejected = 0
    chosen = list(policies)
    games = 0
    for i in range(first, max_games):
        if max_seconds is not None and time.perf_counter() - start > max_seconds:
            return DifferentialSearch.out_of_time(games, steps, rejected, max_seconds, start)
        games += 1
        gs = game_seed(seed, i)
        policy = chosen[i % len(chosen)]
        s = ma.initial_state()
        if s != mb.initial_state():
            w = Witness(
                DivergeKind.SUCCESSORS,
                DivergeEngine.DIFFERENTIAL,
                [],
                None,
                succ_a=s,
                succ_b=mb.initial_state(),
            )
            return DifferentialSearch(w, games, steps, rejected, "", time.perf_counter() - start, i)
        path: list[tuple[Any, Any]] = []
        seeds: list[int] = []
        k = 0
        while True:
            diff = compare_state(ma, mb, s)
            if diff is not None:
                kind, extra = diff
                w = (
                    Witness(DivergeKind.OUTCOME, DivergeEngine.DIFFERENTIAL, list(path), s)
                    if kind == DivergeKind.OUTCOME
                    else _legal_witness(DivergeEngine.DIFFERENTIAL, list(path), s, *extra)
                )
                w.seeds = tuple(seeds)
                return DifferentialSearch(
                    w, games, steps, rejected, "", time.perf_counter() - start, i
                )
            if ma.outcome(s) is not None:
                break
            legal = ma.legal_actions(s)
            a = (
                legal[0]
                if len(legal) == 1
                else policy(ma, s, legal, random.Random(step_seed(gs, k, 0)))
            )
            chance_seed = step_seed(gs, k, 1)
            sa = sample_successor(ma, s, a, random.Random(chance_seed))
            sb = sample_successor(mb, s, a, random.Random(chance_seed))
            steps += 1
            k += 1
            if sa != sb:
                w = Witness(
                    DivergeKind.SUCCESSORS,
                    DivergeEngine.DIFFERENTIAL,
                    list(path),
                    s,
                    a,
                    succ_a=sa,
                    succ_b=sb,
                    verified=False,
                    seeds=(*seeds, chance_seed),
                )
                if not verify or _verify(ma, mb, s, a, w):
                    return DifferentialSearch(
                        w, games, steps, rejected, "", time.perf_counter() - start, i
                    )
                rejected += 1  # same distribution, different sampling: not a witness
            path.append((a, sa))
            seeds.append(chance_seed)
            s = sa
    return DifferentialSearch(
        None, games, steps, rejected, f"{games} games played", time.perf_counter() - start
    )


def _verify(ma: Model, mb: Model, s: Any, a: Any, w: Witness) -> bool:
    """Whether the exact laws of ``a`` in ``s`` differ under the two readings; if so,
    ``w`` gets its probabilities (and, when the sampled successors are equally likely
    under both, two successors whose probabilities differ)."""
    sa, sb = w.succ_a, w.succ_b
    if all(isinstance(m, PointProbabilityModel) for m in (ma, mb)):
        w.prob_a = (outcome_probability(ma, s, a, sa), outcome_probability(mb, s, a, sa))
        w.prob_b = (outcome_probability(ma, s, a, sb), outcome_probability(mb, s, a, sb))
        if w.prob_a[0] != w.prob_a[1] or w.prob_b[0] != w.prob_b[1]:
            w.verified = True
            return True
    da, db = _dist_map(ma.step(s, a)), _dist_map(mb.step(s, a))
    if da == db:
        w.prob_a = w.prob_b = (None, None)
        return False
    w.verified = True
    w.succ_a, w.succ_b, w.prob_a, w.prob_b = _distinct_successors(
        tuple(da.items()), tuple(db.items())
    )
    return True


#: ``runner(scenario, max_games, max_seconds, policy names)``: differential playouts of
#: the two readings in ``scenario`` (its configuration, seed and other readings;
#: :class:`Search`'s ``runner``).
DifferentialRunner = Callable[
    ["Scenario", int, "float | None", tuple[str, ...]], DifferentialSearch
]


# ---------------------------------------------------------------------------
# Orchestration
# ---------------------------------------------------------------------------


def pick_options(spec: GameSpec, ambiguity: str, options: Sequence[str] = ()) -> tuple[str, str]:
    """The two options to compare: given, or the default and the first other option."""
    amb = spec.ambiguities.get(ambiguity)
    if options:
        if len(options) != 2:
            raise ModelError(f"--options takes two options A,B; got {','.join(options)!r}")
        for o in options:
            if o not in amb.option_ids:
                raise ModelError(
                    f"unknown option {o!r} for {ambiguity}; accepted: {', '.join(amb.option_ids)}"
                )
        if options[0] == options[1]:
            raise ModelError("--options needs two different options")
        return (options[0], options[1])
    other = next(o for o in amb.option_ids if o != amb.default)
    return (amb.default, other)


#: Readings decided elsewhere (``--decisions``/``--interpret``) as ``(id, option)`` pairs:
#: both models of a comparison take them (hashable, so tasks can carry them).
Decided = tuple[tuple[str, str], ...]


def reading_models(
    spec: GameSpec, config: Any, ambiguity: str, options: tuple[str, str], decided: Decided = ()
) -> tuple[Any, Any]:
    """The two models: the ``decided`` readings (else defaults) everywhere except
    ``ambiguity``."""
    base = dict(decided)
    ma = spec.make_model(config, spec.ambiguities.with_readings({**base, ambiguity: options[0]}))
    mb = spec.make_model(config, spec.ambiguities.with_readings({**base, ambiguity: options[1]}))
    return ma, mb


@dataclass(frozen=True)
class Search:
    """How :func:`diverge` searches: its budgets (``max_states`` explored per
    configuration, ``max_games`` differential games, ``max_seconds`` a safety net only),
    its engines (``explorer``: the exhaustive product search; ``differential``: playouts)
    and what they search.

    ``probes``
        The reduced configurations explored when the scenario names none (None: the
        game's reduced presets, :func:`default_probes`).
    ``policies``
        Differential game ``i`` uses ``policies[i % n]`` (names; default: every policy
        of the game, :func:`default_policies`).
    ``runner``, ``engine``
        ``runner`` plays the differential games in place of
        :func:`differential_search` (e.g. on a cluster, as tasks): it gets the
        configuration and the policy names, and must give the same result; or it plays
        other games, named by ``engine`` (``kernel``: inside the game's kernel,
        :func:`.diverge_kernel.kernel_runner`; the model still verifies the witness).
    """

    max_states: int = DEFAULT_MAX_STATES
    max_games: int = DEFAULT_MAX_GAMES
    max_seconds: float | None = DEFAULT_MAX_SECONDS
    probes: Sequence[tuple[str, Sequence[str]]] | None = None
    differential: bool = True
    explorer: bool = True
    policies: tuple[str, ...] = ()
    runner: DifferentialRunner | None = None
    engine: DivergeEngine = DivergeEngine.DIFFERENTIAL


def diverge(
    spec: GameSpec,
    scenario: Scenario,
    ambiguity: str,
    options: Sequence[str] = (),
    search: Search = Search(),
) -> DivergeResult:
    """Search for a witness that two readings of ``ambiguity`` differ in ``scenario``
    (both readings take its readings of the other ambiguities; its seed seeds the
    differential games; its policy is not used: ``search.policies`` rotate).

    With a preset or overrides in ``scenario``, only that configuration is searched:
    first exhaustively (explorer, ``search.max_states``); if the graph is too large, by
    differential playouts. ``search.explorer=False`` skips the exhaustive search
    (differential playouts only); ``search.differential=False`` skips the playouts.
    Without, the *probe* configurations (the game's reduced presets, smallest first, or
    ``search.probes``) are explored, then the default preset is searched by
    differential playouts. ``material`` is False only when the searched configuration
    was exhausted; an exhausted probe with nothing found on the real game stays None.
    """
    found = _diverge(spec, scenario, ambiguity, options, search)
    return dataclasses.replace(found, measures=spec.measures)


def _diverge(
    spec: GameSpec, scenario: Scenario, ambiguity: str, options: Sequence[str], search: Search
) -> DivergeResult:
    """:func:`diverge` without the game's measures attached."""
    opts = pick_options(spec, ambiguity, options)
    configs, explicit = _configs_to_search(spec, scenario, search)
    searched: list[dict[str, Any]] = []
    proofs: list[str] = []
    if search.explorer:
        found = _explore_configs(
            spec, scenario, ambiguity, opts, search, configs, explicit, searched, proofs
        )
        if found is not None:
            return found
    cut = [e["reason"] for e in searched if e["reason"].startswith(SAFETY_NET)]
    if not search.differential:
        return _explorer_only(spec, scenario, ambiguity, opts, configs[-1], searched, proofs, cut)
    searched_config = configs[0] if explicit else (spec.default_preset, ())
    return _differential(
        spec, scenario, ambiguity, opts, search, searched_config, searched, proofs, cut
    )


def _refused_config(label: str, why: str) -> dict[str, Any]:
    """The searched row of a probe configuration a reading refuses (never a proof)."""
    return {
        "engine": DivergeEngine.EXPLORER,
        "config": label,
        "states": 0,
        "complete": False,
        "reason": f"not played: {why}",
        "found": False,
    }


#: One configuration to search: a preset and its overrides.
Config = tuple[str, tuple[str, ...]]


def _configs_to_search(
    spec: GameSpec, scenario: Scenario, search: Search
) -> tuple[list[Config], bool]:
    """The configurations to search and whether the scenario named one (then only it)."""
    if scenario.preset or scenario.overrides:
        return [(scenario.preset or spec.default_preset, tuple(scenario.overrides))], True
    given = search.probes if search.probes is not None else default_probes(spec)
    return [(n, tuple(o)) for n, o in given], False


def _explore_configs(
    spec: GameSpec,
    scenario: Scenario,
    ambiguity: str,
    opts: tuple[str, str],
    search: Search,
    configs: list[Config],
    explicit: bool,
    searched: list[dict[str, Any]],
    proofs: list[str],
) -> DivergeResult | None:
    """Explore each configuration exhaustively under both readings: the result when a
    witness is found (or the one named configuration is exhausted), else None; every
    run is added to ``searched`` and every exhausted configuration to ``proofs``."""
    for name, ovr in configs:
        config = spec.config(name, ovr)
        label = config_label(name, ovr)
        try:
            ma, mb = reading_models(spec, config, ambiguity, opts, scenario.readings)
        except ModelError as e:
            if explicit:  # the configuration the user named: its refusal is the answer
                raise
            # a probe one of the readings cannot play (HHH-WARD-BEDS=one-fewer at one bed)
            searched.append(_refused_config(label, str(e)))
            continue
        res = product_search(ma, mb, search.max_states, search.max_seconds)
        searched.append(
            {
                "engine": DivergeEngine.EXPLORER,
                "config": label,
                "states": res.states,
                "complete": res.complete,
                "reason": res.reason,
                "found": res.witness is not None,
            }
        )
        if res.witness is not None:
            return DivergeResult(
                ambiguity,
                opts,
                True,
                DivergeEngine.EXPLORER,
                label,
                config_to_json(config),
                res.witness,
                ma,
                mb,
                searched,
            )
        if res.complete:
            proofs.append(label)
            if explicit:
                return DivergeResult(
                    ambiguity,
                    opts,
                    False,
                    DivergeEngine.EXPLORER,
                    label,
                    config_to_json(config),
                    None,
                    ma,
                    mb,
                    searched,
                    f"no difference in any reachable state of {label} (exhaustive)",
                )
    return None


def _explorer_only(
    spec: GameSpec,
    scenario: Scenario,
    ambiguity: str,
    opts: tuple[str, str],
    last: Config,
    searched: list[dict[str, Any]],
    proofs: list[str],
    cut: list[str],
) -> DivergeResult:
    """Nothing found by the explorer and no playouts asked for: the last configuration's
    result, saying what was proved and what was cut."""
    note = "not found within budget (explorer only)"
    if cut:
        note = f"incomplete: {cut[0]} (explorer only)"
    if proofs:
        note += f"; identical in every reachable state of {', '.join(proofs)} (exhaustive)"
    name, ovr = last
    config = spec.config(name, ovr)
    ma, mb = reading_models(spec, config, ambiguity, opts, scenario.readings)
    return DivergeResult(
        ambiguity,
        opts,
        None,
        DivergeEngine.NONE,
        config_label(name, ovr),
        config_to_json(config),
        None,
        ma,
        mb,
        searched,
        note,
    )


def _differential(
    spec: GameSpec,
    scenario: Scenario,
    ambiguity: str,
    opts: tuple[str, str],
    search: Search,
    searched_config: Config,
    searched: list[dict[str, Any]],
    proofs: list[str],
    cut: list[str],
) -> DivergeResult:
    """Differential playouts of one configuration under both readings (the search's
    runner when it has one, else :func:`differential_search` here)."""
    name, ovr = searched_config
    config = spec.config(name, ovr)
    ma, mb = reading_models(spec, config, ambiguity, opts, scenario.readings)
    label = config_label(name, ovr)
    names = tuple(search.policies or default_policies(spec))
    engine = search.engine if search.runner is not None else DivergeEngine.DIFFERENTIAL
    if search.runner is not None:
        searched_in = dataclasses.replace(scenario, preset=name, overrides=tuple(ovr))
        dres = search.runner(searched_in, search.max_games, search.max_seconds, names)
    else:
        players = [get_policy(p, spec.policies) for p in names]
        dres = differential_search(
            ma, mb, scenario.seed, search.max_games, search.max_seconds, players
        )
    searched.append(
        {
            "engine": engine,
            "config": label,
            "games": dres.games,
            "steps": dres.steps,
            "rejected": dres.rejected,
            "reason": dres.reason,
            "found": dres.witness is not None,
        }
    )
    if dres.witness is not None:
        return DivergeResult(
            ambiguity,
            opts,
            True,
            engine,
            label,
            config_to_json(config),
            dres.witness,
            ma,
            mb,
            searched,
        )
    note = "not found within budget"
    if dres.reason.startswith(SAFETY_NET) or cut:
        note = f"incomplete: {dres.reason if dres.reason.startswith(SAFETY_NET) else cut[0]}"
    if proofs:
        note += f"; identical in every reachable state of {', '.join(proofs)} (exhaustive)"
    return DivergeResult(
        ambiguity,
        opts,
        None,
        DivergeEngine.NONE,
        label,
        config_to_json(config),
        None,
        ma,
        mb,
        searched,
        note,
    )


def default_policies(spec: GameSpec) -> tuple[str, ...]:
    """Every policy of the game, ``random`` first (differential playouts rotate
    through them)."""
    return tuple(policies(spec.policies))


def default_probes(spec: GameSpec) -> list[tuple[str, tuple[str, ...]]]:
    """The game's presets other than the default, in the spec's order reversed (a game
    listing ``full, small, tiny`` has tiny explored first)."""
    names = [n for n in spec.presets if n != spec.default_preset]
    return [(n, ()) for n in reversed(names)]


def config_label(preset: str, overrides: Sequence[str]) -> str:
    return preset + "".join(f" --set {o}" for o in overrides)


# ---------------------------------------------------------------------------
# Presentation and traces
# ---------------------------------------------------------------------------


def state_changes(a: Any, b: Any) -> list[tuple[str, Any, Any]]:
    """Fields where two states differ: ``(name, value under A, value under B)``.

    States are frozen dataclasses or NamedTuples (the contract allows both); anything
    else, or two states of different types, is compared whole."""
    names = _field_names(a) if a is not None and type(a) is type(b) else None
    if names is None:
        return [] if a == b else [("state", a, b)]
    out = []
    for name in names:
        va, vb = getattr(a, name), getattr(b, name)
        if va != vb:
            out.append((name, va, vb))
    return out


def _field_names(state: Any) -> tuple[str, ...] | None:
    """A record's field names in declaration order, or ``None`` for other values."""
    if dataclasses.is_dataclass(state):
        return tuple(f.name for f in dataclasses.fields(state))
    fields = getattr(type(state), "_fields", None)  # a NamedTuple
    return tuple(fields) if isinstance(state, tuple) and fields is not None else None


def _frac(p: Fraction | None) -> str | None:
    return None if p is None else str(p)


def _result(model: Model, s: Any, measures: Measures) -> dict[str, Any]:
    """A reading's successor: its description, the game's midgame measures, its outcome."""
    out = model.outcome(s) if s is not None else None
    shown = {
        name: m.at_end(s, None) if s is not None else None
        for name, m in measures.items()
        if m.midgame
    }
    return {
        "state": model.describe_state(s) if s is not None else None,
        **shown,
        "outcome": out.to_json() if out is not None else None,
    }


def witness_json(result: DivergeResult) -> dict[str, Any] | None:
    """The witness as JSON: the state, the decision, and the result under each reading."""
    w = result.witness
    if w is None:
        return None
    ma, mb = result.model_a, result.model_b
    a_opt, b_opt = result.options
    s = w.state
    data: dict[str, Any] = {
        "kind": w.kind,
        "engine": w.engine,
        "verified": w.verified,
        "depth": len(w.path),
        "round": round_of(ma, s) if s is not None else None,
        "state": ma.describe_state(s) if s is not None else None,
        "state_digest": state_digest(s) if s is not None else None,
        "path": [ma.action_to_json(a) for a, _ in w.path],
    }
    if w.action is not None:
        data["action"] = ma.action_to_json(w.action)
        data["decision"] = ma.describe_action(s, w.action)
    readings: dict[str, Any] = {}
    if w.kind == DivergeKind.OUTCOME:
        for key, m, opt in (("a", ma, a_opt), ("b", mb, b_opt)):
            out = m.outcome(s)
            readings[key] = {"option": opt, "outcome": out.to_json() if out else None}
        data["changes"] = []
    elif w.kind == DivergeKind.LEGAL_ACTIONS:
        for key, m, opt, only in (("a", ma, a_opt, w.only_a), ("b", mb, b_opt, w.only_b)):
            readings[key] = {
                "option": opt,
                "only_here": [m.describe_action(s, x) for x in only],
                "only_here_json": [m.action_to_json(x) for x in only],
            }
        data["changes"] = []
    else:
        for key, m, opt, succ, prob in (
            ("a", ma, a_opt, w.succ_a, w.prob_a),
            ("b", mb, b_opt, w.succ_b, w.prob_b),
        ):
            readings[key] = {
                "option": opt,
                **_result(m, succ, result.measures),
                "probability": {"a": _frac(prob[0]), "b": _frac(prob[1])},
            }
        data["changes"] = [
            {"field": n, "a": _plain(va), "b": _plain(vb)}
            for n, va, vb in state_changes(w.succ_a, w.succ_b)
        ]
    data["readings"] = readings
    return data


def _plain(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_plain(x) for x in v]
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {f.name: _plain(getattr(v, f.name)) for f in dataclasses.fields(v)}
    return v


def result_json(result: DivergeResult) -> dict[str, Any]:
    """``{"ambiguity", "material", "witness", "engine", "config", ...}``."""
    return {
        "ambiguity": result.ambiguity,
        "options": list(result.options),
        "material": result.material,
        "engine": result.engine,
        "config": result.config_label,
        "witness": witness_json(result),
        "searched": result.searched,
        "note": result.note,
    }


def _outcome_index(model: Model, s: Any, a: Any, succ: Any) -> int:
    for i, (st, _) in enumerate(model.step(s, a)):
        if st == succ:
            return i
    raise ModelError("internal: a recorded successor is not in the step distribution")


def witness_traces(
    result: DivergeResult, spec: GameSpec, on_step: Callable[[int, int], None] | None = None
) -> tuple[Trace, Trace]:
    """One replayable trace per reading: the common prefix, then the diverging step.

    A differential witness (the real game) keeps each chance step as the sampler's
    choices: the step is drawn again from its seed under that reading, so writing the
    traces enumerates nothing (replay checks each successor by its point probability).
    An explorer witness (a reduced configuration) keeps the outcome indices of ``step``,
    as does a diverging successor that was not sampled (picked from the two exact
    distributions because the sampled ones were equally likely). For a legal-actions
    witness, the reading that allows an action the other forbids takes it as last step;
    the other trace ends at the witness state.
    """
    w = result.witness
    if w is None:
        raise ModelError("no witness to write")
    traces = []
    for key, m, succ, only in (
        ("a", result.model_a, w.succ_a, w.only_a),
        ("b", result.model_b, w.succ_b, w.only_b),
    ):
        tr = new_trace(
            m,
            spec.ambiguities,
            seed=None,
            source="diverge",
            ambiguity=result.ambiguity,
            reading=key,
            engine=w.engine,
        )
        sampled = bool(w.seeds) and sampler(m) is not None
        s = m.initial_state()
        for i, (a, nxt) in enumerate(w.path):
            if not (sampled and _record_draw(tr, m, s, a, w.seeds[i], nxt)):
                record(tr, m, s, a, _outcome_index(m, s, a, nxt), nxt)
            s = nxt
            if on_step is not None:
                on_step(i, len(w.path))
        if w.kind == DivergeKind.SUCCESSORS and w.action is not None and succ is not None:
            note = "diverging step"
            seed = w.seeds[len(w.path)] if sampled and len(w.seeds) > len(w.path) else None
            if seed is None or not _record_draw(tr, m, s, w.action, seed, succ, note):
                record(tr, m, s, w.action, _outcome_index(m, s, w.action, succ), succ, note)
        elif w.kind == DivergeKind.LEGAL_ACTIONS and only:
            note = "legal only under this reading"
            draw = sampler(m)
            if draw is not None:
                drawn = RecordingRandom(random.Random(0))
                after = draw(s, only[0], drawn)
                record_sampled(tr, m, only[0], drawn.values, after, note)
            else:
                record(tr, m, s, only[0], 0, m.step(s, only[0])[0][0], note)
        traces.append(tr)
    return traces[0], traces[1]


def _record_draw(
    tr: Trace, m: Model, s: Any, a: Any, seed: int, expected: Any, note: str = ""
) -> bool:
    """Draw ``a`` again from ``seed`` and record the sampler's choices, if that gives
    ``expected`` (the successor the search saw)."""
    draw = sampler(m)
    assert draw is not None  # only a sampling model's draws are recorded
    drawn = RecordingRandom(random.Random(seed))
    after = draw(s, a, drawn)
    if after != expected:
        return False
    record_sampled(tr, m, a, drawn.values, after, note)
    return True
