"""Random playouts and Monte Carlo summaries.

A playout follows ``model.step`` and picks chance outcomes with
:func:`hhh_verify.contract.model.sample_index` (or the model's equivalent ``sample_step``, below),
so a simulation sees exactly the semantics that the explorer and the Hypothesis machine see. Decisions come from a *policy*: any callable
``policy(model, state, legal_actions, rng) -> action``. States with a single legal action
(chance draws, forced moves) never consult the policy.

Reproducibility: game ``i`` of a run with master seed ``S`` always uses
``random.Random(game_seed(S, i))``, whatever the number of games. Two runs with the same
seed under two readings of a rule therefore share their random numbers game by game
(common random numbers), which is what paired comparisons need.

Speed: a model may offer ``sample_step(s, a, rng) -> state``, one successor drawn from
exactly the distribution ``step`` enumerates but without enumerating it (HHH's full game
has chance steps with thousands of outcomes). Playouts use it when present; a recorded
trace keeps each step's random choices (:mod:`hhh_verify.contract.sampled`), so it replays with
``hhh-verify replay`` without enumerating anything, and recording checks that every
sampled successor has a positive probability under ``step`` (the model's point
probability, :func:`hhh_verify.contract.model.outcome_probability`).
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from hhh_verify.contract.configs import config_to_json
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.interpretations import AmbiguityRegistry
from hhh_verify.contract.kernel import Kernel
from hhh_verify.contract.measures import Measures
from hhh_verify.contract.model import Model, outcome_probability, sampler
from hhh_verify.contract.outcomes import Outcome, sample_index
from hhh_verify.contract.sampled import RecordingRandom
from hhh_verify.contract.spec import GameSpec
from hhh_verify.contract.trace import Trace, new_trace, record, record_sampled
from hhh_verify.contract.vocab import RANDOM_POLICY, SimulateEngine
from hhh_verify.engines.standings import Standings, Stats
from hhh_verify.engines.strong import StrongPlayer

#: A policy picks one of ``legal`` (a non-empty sorted tuple) in ``state``.
Policy = Callable[[Any, Any, tuple[Any, ...], random.Random], Any]

#: Playouts longer than this stop and count as ``"max-steps"`` (a model that loops).
DEFAULT_MAX_STEPS = 100_000


def random_policy(model: Model, state: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
    """Uniform over the legal actions."""
    return legal[rng.randrange(len(legal))]


BUILTIN_POLICIES: Mapping[str, Policy] = MappingProxyType({RANDOM_POLICY: random_policy})

#: The strong player's name (:func:`get_policy`) and its playouts per candidate move.
STRONG = "strong"
STRONG_ROLLOUTS = 16
#: The most playouts per candidate move ``strong:N`` takes: its work a game is about N
#: playouts for every candidate of every decision, so N is the stated budget.
MAX_STRONG_ROLLOUTS = 256

#: No game-specific policies (the default of every ``game_policies`` argument).
NO_POLICIES: Mapping[str, Policy] = MappingProxyType({})


def policies(game_policies: Mapping[str, Policy] = NO_POLICIES) -> dict[str, Policy]:
    """Every policy usable in a game: ``random``, then the game's own players
    (``GameSpec.policies``, e.g. a greedy one)."""
    return {**BUILTIN_POLICIES, **game_policies}


def get_policy(name: str, game_policies: Mapping[str, Policy] = NO_POLICIES) -> Policy:
    """The policy called ``name``, or a :class:`ModelError` listing the accepted names.

    Besides :func:`policies`, every game has ``strong`` (``strong:N``: N paired
    playouts per candidate move): a lookahead over sampled chance (:mod:`.strong`) with
    the game's first declared player (random when it declares none) playing out. It is
    left out of :func:`policies` (the rotation ``diverge`` plays) because it costs
    seconds per game.
    """
    available = policies(game_policies)
    if name in available:
        return available[name]
    if name == STRONG or name.startswith(STRONG + ":"):
        rollout = next(iter(game_policies.values()), random_policy)
        return StrongPlayer(rollout, _rollouts(name))
    accepted = ", ".join([*available, STRONG, STRONG + ":N"])
    raise ModelError(f"unknown policy {name!r}; accepted: {accepted}")


def _rollouts(name: str) -> int:
    """N of ``strong:N`` (the default for ``strong``)."""
    if name == STRONG:
        return STRONG_ROLLOUTS
    raw = name[len(STRONG) + 1 :]
    if not raw.isdigit() or not 1 <= int(raw) <= MAX_STRONG_ROLLOUTS:
        raise ModelError(
            f"policy {name!r}: N in strong:N is the playouts per candidate move; accepted: "
            f"a whole number 1..{MAX_STRONG_ROLLOUTS}"
        )
    return int(raw)


def game_seed(master_seed: int, index: int) -> int:
    """The seed of game ``index``; independent of how many games the run has."""
    digest = hashlib.sha256(f"hhh-verify/simulate/{master_seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True)
class Playout:
    """One finished (or cut) game: how it ended and how long it took."""

    outcome: Outcome | None
    reason: str  # outcome.reason, or "max-steps" / "deadlock" when the game did not end
    steps: int  # every step, chance steps included
    decisions: int  # steps where the policy chose among two or more actions
    final_state: Any  # None once dropped (:meth:`light`)
    #: The game's measures at the end (``GameSpec.measures``, name -> value), in order.
    values: tuple[tuple[str, Any], ...] = ()

    def light(self) -> Playout:
        """The same record without the final state: what a summary needs, small enough
        to ship back from a worker for every game of a large run."""
        return replace(self, final_state=None)


#: No measures: a playout that records only how the game ended.
NO_MEASURES: Measures = MappingProxyType({})


def _ended(
    out: Outcome | None, reason: str, steps: int, decisions: int, s: Any, measures: Measures
) -> Playout:
    values = tuple((name, m.at_end(s, out)) for name, m in measures.items() if m.of is not None)
    return Playout(out, reason, steps, decisions, s, values)


def playout(
    model: Model,
    rng: random.Random,
    policy: Policy = random_policy,
    max_steps: int = DEFAULT_MAX_STEPS,
    trace: Trace | None = None,
    exact: bool = False,
    measures: Measures = NO_MEASURES,
) -> Playout:
    """Play one game from the initial state; append every step to ``trace`` if given.

    ``exact=True`` ignores the model's ``sample_step`` and samples ``step``'s enumerated
    distribution (slower; a different, equally distributed game for the same ``rng``).
    ``measures`` (the game's) are taken at the end.
    """
    draw = None if exact else sampler(model)
    s = model.initial_state()
    steps = decisions = 0
    while True:
        out = model.outcome(s)
        if out is not None:
            return _ended(out, out.reason, steps, decisions, s, measures)
        if steps >= max_steps:
            return _ended(None, "max-steps", steps, decisions, s, measures)
        legal = model.legal_actions(s)
        if not legal:
            return _ended(None, "deadlock", steps, decisions, s, measures)
        if len(legal) == 1:
            action = legal[0]
        else:
            action = policy(model, s, legal, rng)
            decisions += 1
        if draw is not None and trace is not None:
            drawn = RecordingRandom(rng)
            after = draw(s, action, drawn)
            if outcome_probability(model, s, action, after) <= 0:
                raise ModelError(
                    f"sample_step gave a successor that step does not list, after "
                    f"{model.describe_action(s, action)} in {model.describe_state(s)}"
                )
            record_sampled(trace, model, action, drawn.values, after)
        elif draw is not None:
            after = draw(s, action, rng)
        else:
            dist = model.step(s, action)
            index = sample_index(dist, rng)
            after = dist[index][0]
            if trace is not None:
                record(trace, model, s, action, index, after)
        s = after
        steps += 1


def playouts(
    model: Model,
    games: int,
    seed: int,
    policy: Policy = random_policy,
    max_steps: int = DEFAULT_MAX_STEPS,
    exact: bool = False,
    measures: Measures = NO_MEASURES,
) -> Iterator[Playout]:
    """Games ``0..games-1`` of the run with master seed ``seed``."""
    for i in range(games):
        rng = random.Random(game_seed(seed, i))
        yield playout(model, rng, policy, max_steps, exact=exact, measures=measures)


#: ``--engine``: ``auto`` plays inside the game's kernel when it can (see
#: :func:`playout_engine`), ``kernel`` insists, ``reference`` plays the model.
def playout_engine(
    spec: GameSpec,
    model: Model,
    policy: str,
    engine: SimulateEngine = SimulateEngine.AUTO,
    exact: bool = False,
    other: Model | None = None,
) -> tuple[SimulateEngine, Kernel | None]:
    """``("kernel", kernel)`` when games are to be played inside the game's kernel
    (``GameSpec.kernel``), else ``("reference", None)``; ``auto`` falls back to the
    model where the kernel cannot serve (a reading of ``model``, or of ``other``, the
    second reading of a pair, it does not compile among them), ``kernel`` says why it
    cannot."""
    engine = SimulateEngine.parse(engine, "engine")
    if engine == SimulateEngine.REFERENCE:
        return SimulateEngine.REFERENCE, None
    why = None
    kernel = None
    uncompiled = spec.uncompiled(model.readings)
    if other is not None:
        uncompiled += [r for r in spec.uncompiled(other.readings) if r not in uncompiled]
    if spec.kernel is None:
        why = f"game {spec.id!r} declares no kernel"
    elif uncompiled:
        why = f"{', '.join(uncompiled)}: not compiled (the kernel's declaration)"
    elif exact:
        why = "--exact samples the model's enumerated distributions"
    else:
        kernel = spec.kernel(model)
        if policy not in kernel.policies:
            why = f"the kernel does not play policy {policy!r} (it plays {', '.join(sorted(kernel.policies))})"
            kernel = None
    if why is None:
        return SimulateEngine.KERNEL, kernel
    if engine == SimulateEngine.KERNEL:
        raise ModelError(f"--engine kernel: {why}")
    return SimulateEngine.REFERENCE, None


def kernel_playouts(
    kernel: Kernel,
    seed: int,
    games: range,
    policy: str,
    max_steps: int,
    measures: Measures = NO_MEASURES,
) -> list[Playout]:
    """Games ``games`` of the run with master seed ``seed``, played inside ``kernel``
    (game ``i`` from ``game_seed(seed, i)``: reproducible, but not the model's game ``i``)."""
    played = kernel.games([game_seed(seed, i) for i in games], policy, max_steps)
    kept = [(name, m) for name, m in measures.items() if m.of is not None]
    return [
        Playout(
            g.outcome,
            g.reason,
            g.steps,
            g.decisions,
            None,
            tuple((name, m.of_kernel_game(g)) for name, m in kept),
        )
        for g in played
    ]


def record_playout(
    model: Model,
    ambiguities: AmbiguityRegistry,
    seed: int,
    index: int = 0,
    policy_name: str = "random",
    max_steps: int = DEFAULT_MAX_STEPS,
    exact: bool = False,
    game_policies: Mapping[str, Policy] = NO_POLICIES,
) -> Trace:
    """A replayable trace of game ``index`` of the run with master seed ``seed``.

    It is the very game that :func:`simulate` played as game ``index``.
    """
    policy = get_policy(policy_name, game_policies)
    trace = new_trace(model, ambiguities, seed=seed, source="simulate", game_index=index)
    trace.meta["policy"] = policy_name
    playout(model, random.Random(game_seed(seed, index)), policy, max_steps, trace, exact)
    return trace


@dataclass(frozen=True)
class Summary:
    """What a batch of playouts did; ``seconds`` is the only non-reproducible field."""

    game: str
    config: dict[str, Any]
    interpretation: dict[str, str]
    policy: str
    seed: int
    games: int
    wins: int
    reasons: dict[str, int]  # loss and end reasons -> games
    #: Mean, min and max of each of the game's measures that is neither a rate nor a
    #: seat score (the standings hold those), by measure name.
    measures: dict[str, Stats]
    #: Per plotted measure (``Measure.plot``): (bin start, games) in bins of
    #: :data:`HISTOGRAM_BIN` units.
    histograms: dict[str, tuple[tuple[int, int], ...]]
    #: Per other shown measure: (value, games), by value (e.g. games per rating rank).
    counts: dict[str, tuple[tuple[Any, int], ...]]
    steps: Stats
    decisions: Stats
    seconds: float
    #: Competitive games (``Outcome.won`` is None, ``Outcome.scores`` per seat): how the
    #: seats scored and won; None for a cooperative game.
    standings: Standings | None = None
    #: Where the games were played: ``reference`` (the model) or ``kernel``.
    engine: SimulateEngine = SimulateEngine.REFERENCE

    @property
    def win_rate(self) -> float:
        return self.wins / self.games

    @property
    def win_rate_ci(self) -> tuple[float, float]:
        """Wilson 95% interval for the win rate."""
        return wilson_interval(self.wins, self.games)

    def to_json(self) -> dict[str, Any]:
        low, high = self.win_rate_ci
        data = {
            "game": self.game,
            "config": self.config,
            "interpretation": self.interpretation,
            "policy": self.policy,
            "seed": self.seed,
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 6),
            "win_rate_ci95": [round(low, 6), round(high, 6)],
            "reasons": dict(sorted(self.reasons.items())),
            "measures": {name: st.to_json() for name, st in self.measures.items()},
            "histograms": {
                name: [{"from": lo, "to": lo + HISTOGRAM_BIN - 1, "games": n} for lo, n in bins]
                for name, bins in self.histograms.items()
            },
            "counts": {
                name: {str(value): n for value, n in pairs} for name, pairs in self.counts.items()
            },
            "steps": self.steps.to_json(),
            "decisions": self.decisions.to_json(),
            "seconds": round(self.seconds, 3),
            "engine": self.engine,
        }
        if self.standings is not None:
            # A competitive game has no team result: its wins are per seat ("seats").
            data.update(wins=None, win_rate=None, win_rate_ci95=None)
            data.update(self.standings.to_json(self.games))
        return data


def wilson_interval(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score interval (Wilson 1927): well-behaved at 0 and n successes."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


#: The width of a plotted measure's histogram bins, in its units.
HISTOGRAM_BIN = 10


def summarise(
    model: Model, results: list[Playout], measures: Measures = NO_MEASURES, **fields: Any
) -> Summary:
    """Fold playouts into a :class:`Summary` (``fields`` fill policy, seed, seconds...);
    ``measures`` are the game's, whose values the playouts carry."""
    if not results:
        raise ModelError("a summary needs at least one game")
    values: dict[str, list[Any]] = {}
    for p in results:
        for name, value in p.values:
            values.setdefault(name, []).append(value)
    shown = {n: m for n, m in measures.items() if not m.rate and not m.score and n in values}
    stats = {n: Stats.of(values[n]) for n in shown}
    histograms = {
        n: tuple(
            sorted(Counter(int(v // HISTOGRAM_BIN) * HISTOGRAM_BIN for v in values[n]).items())
        )
        for n, m in shown.items()
        if m.plot
    }
    counts = {n: tuple(sorted(Counter(values[n]).items())) for n, m in shown.items() if not m.plot}
    interp = model.readings
    return Summary(
        game=model.game,
        config=config_to_json(model.config),
        interpretation=fields.pop("interpretation", interp.as_dict() if interp else {}),
        games=len(results),
        wins=sum(1 for p in results if p.outcome is not None and p.outcome.won),
        reasons=dict(Counter(p.reason for p in results)),
        measures={n: st for n, st in stats.items() if st is not None},
        histograms=histograms,
        counts=counts,
        steps=Stats.of([p.steps for p in results]) or Stats(0, 0, 0),
        decisions=Stats.of([p.decisions for p in results]) or Stats(0, 0, 0),
        standings=Standings.of([p.outcome for p in results]),
        **fields,
    )


def simulate(
    model: Model,
    games: int,
    seed: int = 0,
    policy: str = "random",
    max_steps: int = DEFAULT_MAX_STEPS,
    interpretation: dict[str, str] | None = None,
    on_game: Callable[[int], None] | None = None,
    exact: bool = False,
    game_policies: Mapping[str, Policy] = NO_POLICIES,
    measures: Measures = NO_MEASURES,
) -> Summary:
    """Play ``games`` games under ``policy`` and summarise them (with the game's
    ``measures``, ``GameSpec.measures``).

    ``interpretation`` is what the summary reports (e.g. only the non-default choices);
    by default the model's full interpretation. ``on_game(i)`` is called after each game
    (progress display). ``exact=True`` ignores the model's ``sample_step``.
    ``game_policies`` are the game's own players (``GameSpec.policies``).
    """
    if games < 1:
        raise ModelError(f"--games must be at least 1, got {games}")
    chosen = get_policy(policy, game_policies)
    start = time.perf_counter()
    results = []
    for i, p in enumerate(playouts(model, games, seed, chosen, max_steps, exact, measures)):
        results.append(p)
        if on_game is not None:
            on_game(i)
    seconds = time.perf_counter() - start
    extra: dict[str, Any] = {}
    if interpretation is not None:
        extra["interpretation"] = interpretation
    return summarise(model, results, measures, policy=policy, seed=seed, seconds=seconds, **extra)
