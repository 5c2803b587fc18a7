"""How much the choice between two readings matters over whole games.

Paired Monte Carlo with common random numbers: game ``i`` is played once under each
reading with the same per-step generators (:func:`hhh_verify.engines.diverge.step_seed`: one
for the decision, one for the chance draws of every step). Until the readings part,
both games are the same game; afterwards they share the random numbers step by step, so
a random or greedy player makes the same decision wherever the legal actions coincide.

Statistics are over the *paired differences* ``d_i = f(game i under B) - f(game i
under A)`` for each of the game's measures (``GameSpec.measures``: e.g. the win, final
money and deaths of a team game, seat 0's score and win share of a seat game), the round
reached and each end reason: mean difference,
95% confidence interval ``mean ± t(0.975, n-1) · sd / sqrt(n)`` (Student t; the pairing
removes the game-to-game variance both readings share), and the number of paired games a
two-sided test at 5% needs to detect the observed mean difference with 80% power,
``n = ((z(0.975) + z(0.8)) · sd / |mean|)^2``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.kernel import Kernel, KernelGame
from hhh_verify.contract.measures import Measure, Measures, category_counts, with_rounds
from hhh_verify.contract.model import round_of, sample_successor
from hhh_verify.contract.outcomes import winning_seats
from hhh_verify.contract.scenario import Scenario
from hhh_verify.contract.spec import GameSpec
from hhh_verify.contract.vocab import RANDOM_POLICY, Severity, SimulateEngine
from hhh_verify.engines.diverge import Decided, reading_models, step_seed
from hhh_verify.engines.simulate import game_seed, get_policy, playout_engine
from hhh_verify.engines.standings import is_competitive

MAX_STEPS = 20_000

# Student t quantiles t(0.975, df) for small samples; larger df use the normal quantile.
_T975 = {
    1: 12.706,
    2: 4.303,
    3: 3.182,
    4: 2.776,
    5: 2.571,
    6: 2.447,
    7: 2.365,
    8: 2.306,
    9: 2.262,
    10: 2.228,
    12: 2.179,
    15: 2.131,
    20: 2.086,
    25: 2.060,
    30: 2.042,
    40: 2.021,
    60: 2.000,
    120: 1.980,
}


def t975(df: int) -> float:
    """Two-sided 95% Student t quantile (table, conservative between entries)."""
    if df <= 0:
        return math.inf
    if df > 120:
        return NormalDist().inv_cdf(0.975)
    key = max(k for k in _T975 if k <= df)
    return _T975[key]


@dataclass(frozen=True)
class GameResult:
    """How one game ended under one reading: the game's measures (``values``, in the
    order of ``GameSpec.measures``) besides what every game has."""

    won: bool
    reason: str
    steps: int
    round: int | None = 0  # None: the game has no rounds
    scores: tuple[int, ...] = ()  # per seat, competitive games only
    winners: tuple[int, ...] = ()  # the seats that won (tie-breakers applied), competitive only
    values: tuple[Any, ...] = ()


def _end(m: Any, measures: Measures, s: Any, steps: int, reason: str = "") -> GameResult:
    """The result of the game that stopped at ``s`` (``reason``: why a game without an
    outcome stopped)."""
    out = m.outcome(s) if not reason else None
    values = tuple(x.at_end(s, out) for x in measures.values())
    rnd = round_of(m, s)
    if out is None:
        return GameResult(False, reason or "max-steps", steps, rnd, values=values)
    return GameResult(
        bool(out.won),
        out.reason,
        steps,
        rnd,
        out.scores if is_competitive(out) else (),
        winning_seats(out) if is_competitive(out) else (),
        values,
    )


def play_path(
    m: Any, measures: Measures, policy: Any, gs: int
) -> tuple[tuple[Any, ...], GameResult]:
    """Game ``gs`` under one reading: every state it passes through, and how it ended."""
    s = m.initial_state()
    path = [s]
    k = 0
    while True:
        s, done = _advance(m, measures, s, policy, gs, k)
        if done is not None:
            return tuple(path), done
        path.append(s)
        k += 1


def follow(
    mb: Any,
    measures: Measures,
    policy: Any,
    gs: int,
    path_a: tuple[Any, ...],
    done_a: GameResult,
) -> tuple[GameResult, int | None]:
    """Game ``gs`` under reading B next to A's recorded path: B's result and the first
    step where B's state differs from A's (None when the games never part)."""
    s = mb.initial_state()
    parted: int | None = None
    k = 0
    while True:
        if parted is None and s != path_a[min(k, len(path_a) - 1)]:
            parted = k
        s, done = _advance(mb, measures, s, policy, gs, k)
        if done is not None:
            break
        k += 1
    if parted is None and done != done_a:
        parted = k
    return done, parted


def paired_game(
    ma: Any, mb: Any, measures: Measures, policy: Any, gs: int
) -> tuple[GameResult, GameResult, int | None]:
    """Game ``gs`` under both readings; also the step where they parted (None: never)."""
    path, done_a = play_path(ma, measures, policy, gs)
    done_b, parted = follow(mb, measures, policy, gs, path, done_a)
    return done_a, done_b, parted


@dataclass(frozen=True)
class Baseline:
    """Reading A's games, recorded once and reused for every ambiguity whose reading A
    is its default (A is then the all-defaults model, the same for every entry)."""

    policy: str
    seed: int
    config: Any
    paths: tuple[tuple[tuple[Any, ...], GameResult], ...]
    decided: Decided = ()  # readings played in place of their defaults


def baseline(spec: GameSpec, scenario: Scenario, games: int) -> Baseline:
    """The games ``0..games-1`` of ``scenario`` (its readings in place of their
    defaults; see :class:`Baseline`)."""
    m = scenario.model(spec)
    pol = get_policy(scenario.policy, spec.policies)
    return Baseline(
        scenario.policy,
        scenario.seed,
        scenario.config(spec),
        tuple(
            play_path(m, spec.measures, pol, impact_game_seed(scenario.seed, i))
            for i in range(games)
        ),
        scenario.readings,
    )


def _advance(
    m: Any, measures: Measures, s: Any, policy: Any, gs: int, k: int
) -> tuple[Any, GameResult | None]:
    if m.outcome(s) is not None or k >= MAX_STEPS:
        return s, _end(m, measures, s, k)
    legal = m.legal_actions(s)
    if not legal:
        return s, _end(m, measures, s, k, "deadlock")
    a = legal[0] if len(legal) == 1 else policy(m, s, legal, random.Random(step_seed(gs, k, 0)))
    return sample_successor(m, s, a, random.Random(step_seed(gs, k, 1))), None


@dataclass(frozen=True)
class PairedStat:
    """Mean of B, mean of A, mean paired difference B - A with its 95% interval."""

    name: str
    mean_a: float
    mean_b: float
    diff: float
    low: float
    high: float
    sd: float
    n: int

    @property
    def significant(self) -> bool:
        return self.low > 0 or self.high < 0

    @property
    def p_value(self) -> float:
        """Two-sided p-value of the paired t-test of "no difference" (1 when the games
        never differed, 0 when every game moved by the same non-zero amount)."""
        if self.sd == 0:
            return 1.0 if self.diff == 0 else 0.0
        if self.n < 2:
            return 1.0
        from scipy.stats import t

        return float(2 * t.sf(abs(self.diff) / (self.sd / math.sqrt(self.n)), self.n - 1))

    @property
    def games_needed(self) -> int | None:
        """Paired games to detect ``diff`` (two-sided 5%, power 80%); None if no difference."""
        if self.diff == 0 or self.sd == 0:
            return None if self.diff == 0 else self.n
        z = NormalDist().inv_cdf(0.975) + NormalDist().inv_cdf(0.8)
        return max(2, math.ceil((z * self.sd / abs(self.diff)) ** 2))

    def games_for_width(self, width: float) -> int:
        """Paired games whose 95% interval of the difference is at most ``width`` wide
        (full width, in the measure's units), from this run's spread (normal quantile)."""
        if self.sd == 0:
            return max(2, self.n)
        z = NormalDist().inv_cdf(0.975)
        return max(2, math.ceil((2 * z * self.sd / width) ** 2))

    def to_json(self) -> dict[str, Any]:
        r = _r
        return {
            "mean_a": r(self.mean_a),
            "mean_b": r(self.mean_b),
            "diff": r(self.diff),
            "ci95": [r(self.low), r(self.high)],
            "sd": r(self.sd),
            "significant": self.significant,
            "p": float(f"{self.p_value:.4g}"),
            "games_needed": self.games_needed,
        }


def _r(x: float) -> float:
    return round(x, 4) + 0.0  # + 0.0 turns -0.0 into 0.0 (stable JSON)


def paired_stat(name: str, a: Sequence[float], b: Sequence[float]) -> PairedStat:
    n = len(a)
    d = [y - x for x, y in zip(a, b)]
    mean = sum(d) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1)) if n > 1 else 0.0
    half = t975(n - 1) * sd / math.sqrt(n) if n > 1 else math.inf
    if sd == 0:
        half = 0.0
    return PairedStat(name, sum(a) / n, sum(b) / n, mean, mean - half, mean + half, sd, n)


@dataclass(frozen=True)
class Impact:
    """A paired comparison of two readings under one policy."""

    ambiguity: str
    options: tuple[str, str]
    policy: str
    seed: int
    config: str
    games: int
    parted: int  # games in which the two readings ever differed
    first_parted: int | None  # index of the first such game
    stats: dict[str, PairedStat]
    reasons: dict[str, tuple[int, int]]  # end reason -> (games under A, games under B)
    #: The measures a report plots (``Measure.plot``): values per game under A and B.
    per_game: dict[str, tuple[tuple[Any, ...], tuple[Any, ...]]]
    #: Per measure naming categories (``Measure.counted_as``): category -> (A, B) games.
    counts: dict[str, dict[str, tuple[int, int]]]
    seconds: float
    #: Competitive games: paired games whose scores differ, and whose winners differ.
    scores_changed: int = 0
    winner_changed: int = 0
    competitive: bool = False  # some game ended with seat scores
    #: The compared measures (the game's and the round), for the severity and headline.
    measures: Measures = field(default_factory=dict, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        own: dict[str, Any] = {
            "ambiguity": self.ambiguity,
            "options": list(self.options),
            "policy": self.policy,
            "seed": self.seed,
            "config": self.config,
            "games": self.games,
            "games_parted": self.parted,
            "first_parted": self.first_parted,
            "method": METHOD,
            "stats": {k: v.to_json() for k, v in self.stats.items()},
            "reasons": {k: {"a": a, "b": b} for k, (a, b) in sorted(self.reasons.items())},
        }
        seats = {"scores_changed": self.scores_changed, "winner_changed": self.winner_changed}
        for key in self.counts:
            if key in own or key in seats:  # the game's counts would overwrite impact's field
                raise ModelError(
                    f"a measure's counted_as key {key!r} is one of impact's own fields; "
                    f"accepted: any name but {', '.join(sorted({*own, *seats}))}"
                )
        counts = {
            key: {k: {"a": a, "b": b} for k, (a, b) in per.items()}
            for key, per in self.counts.items()
        }
        return own | counts | (seats if self.competitive else {})


METHOD = (
    "paired games with common random numbers (same per-step seeds for decisions and draws "
    "under both readings); 95% CI of the mean paired difference B-A by Student t; "
    "games needed: two-sided 5% test, 80% power"
)


#: One paired game: the result under A, under B, and the step where they parted (None: never).
Paired = tuple[GameResult, GameResult, int | None]


def impact(
    spec: GameSpec,
    scenario: Scenario,
    ambiguity: str,
    options: tuple[str, str],
    games: int,
    base_games: Baseline | None = None,
    engine: SimulateEngine = SimulateEngine.REFERENCE,
) -> Impact:
    """Play ``games`` paired games of the two readings of ``ambiguity`` in ``scenario``
    (both readings take its readings of the other ambiguities) and compare them.

    ``base_games`` (from :func:`baseline`) replaces playing reading A when A is the
    ambiguity's default on the same config, policy, seed and readings: same numbers,
    half the work. ``engine`` (``auto``, ``kernel``, ``reference``): where the games are
    played (:func:`~hhh_verify.engines.simulate.playout_engine`).
    """
    if games < 2:
        raise ModelError(f"--games must be at least 2 for paired intervals, got {games}")
    policy, seed, decided = scenario.policy, scenario.seed, scenario.readings
    pol = get_policy(policy, spec.policies)
    config = scenario.config(spec)
    ma, mb = reading_models(spec, config, ambiguity, options, decided)
    start = time.perf_counter()
    engine, ka = playout_engine(spec, ma, policy, engine, other=mb)
    if ka is not None:
        assert spec.kernel is not None  # the first reading's kernel came from it
        kb = spec.kernel(mb)
        results = kernel_paired(ka, kb, spec.measures, policy, seed, range(games))
        return summarise_impact(
            spec, scenario, ambiguity, options, results, time.perf_counter() - start
        )
    reuse = (
        base_games is not None
        and base_games.policy == policy
        and base_games.seed == seed
        and base_games.config == config
        and base_games.decided == decided
        and len(base_games.paths) >= games
        and dict(decided).get(ambiguity, spec.ambiguities.get(ambiguity).default) == options[0]
    )
    base = base_games if reuse else None
    results = [paired_at(ma, mb, spec.measures, pol, seed, i, base) for i in range(games)]
    return summarise_impact(
        spec, scenario, ambiguity, options, results, time.perf_counter() - start
    )


def _kernel_result(g: KernelGame, measures: Measures) -> GameResult:
    out = g.outcome
    values = tuple(x.of_kernel_game(g) for x in measures.values())
    if out is None:
        return GameResult(False, g.reason, g.steps, g.round, values=values)
    return GameResult(
        bool(out.won),
        out.reason,
        g.steps,
        g.round,
        out.scores if is_competitive(out) else (),
        values=values,
    )


def kernel_paired(
    ka: Kernel, kb: Kernel, measures: Measures, policy: str, seed: int, games: range
) -> list[Paired]:
    """Paired games ``games`` played inside the game's kernels of the two readings
    (``GameSpec.kernel``): the same seeds, paired step by step as :func:`paired_at` pairs
    them, but the kernel's games, not the model's."""
    seeds = [impact_game_seed(seed, i) for i in games]
    return [
        (_kernel_result(a, measures), _kernel_result(b, measures), parted)
        for a, b, parted in ka.paired_games(kb, seeds, policy, MAX_STEPS)
    ]


def headline(imp: Impact) -> PairedStat:
    """The measure an interval width refers to: the game's headline measure (a win
    rate or a win share, ``Measure.headline``), else the first measure."""
    for name, m in imp.measures.items():
        if m.headline and name in imp.stats:
            return imp.stats[name]
    return next(iter(imp.stats.values()))


def paired_at(
    ma: Any,
    mb: Any,
    measures: Measures,
    policy: Any,
    seed: int,
    index: int,
    base_games: Baseline | None = None,
) -> Paired:
    """Paired game ``index`` of the run with master seed ``seed`` (``policy`` is the
    player itself). With ``base_games`` reading A's game is taken from there."""
    gs = impact_game_seed(seed, index)
    if base_games is not None:
        path, a = base_games.paths[index]
        b, parted = follow(mb, measures, policy, gs, path, a)
        return a, b, parted
    return paired_game(ma, mb, measures, policy, gs)


def summarise_impact(
    spec: GameSpec,
    scenario: Scenario,
    ambiguity: str,
    options: tuple[str, str],
    results: Sequence[Paired],
    seconds: float,
) -> Impact:
    """The :class:`Impact` of paired games ``0..n-1`` (``results`` in game order): the
    game's measures (``GameSpec.measures``), the round reached and each end reason."""
    ra = [a for a, _, _ in results]
    rb = [b for _, b, _ in results]
    parted = sum(p is not None for _, _, p in results)
    first = next((i for i, (_, _, p) in enumerate(results) if p is not None), None)
    rounds = all(x.round is not None for x in ra + rb)  # None: a game without rounds
    compared = with_rounds(spec.measures) if rounds else dict(spec.measures)
    stats = {
        name: paired_stat(name, [x.values[k] for x in ra], [x.values[k] for x in rb])
        for k, name in enumerate(spec.measures)
    }
    if rounds:
        stats["rounds"] = paired_stat(
            "rounds", [x.round or 0 for x in ra], [x.round or 0 for x in rb]
        )
    reasons = sorted({x.reason for x in ra} | {x.reason for x in rb})
    for r in reasons:
        stats[f"end:{r}"] = paired_stat(
            f"end:{r}", [x.reason == r for x in ra], [x.reason == r for x in rb]
        )
    per_game = {
        name: (tuple(x.values[k] for x in ra), tuple(x.values[k] for x in rb))
        for k, (name, m) in enumerate(spec.measures.items())
        if m.plot
    }
    return Impact(
        ambiguity,
        options,
        scenario.policy,
        scenario.seed,
        scenario.preset or spec.default_preset,
        len(results),
        parted,
        first,
        stats,
        {r: (sum(x.reason == r for x in ra), sum(x.reason == r for x in rb)) for r in reasons},
        per_game,
        category_counts(spec.measures, [x.values for x in ra], [x.values for x in rb]),
        seconds,
        sum(x.scores != y.scores for x, y in zip(ra, rb)),
        sum(_winners(x) != _winners(y) for x, y in zip(ra, rb)),
        any(x.scores for x in ra + rb),
        compared,
    )


def _winners(g: GameResult) -> tuple[int, ...]:
    """The seats that won: named by the outcome, else those with the top score."""
    if g.winners or not g.scores:
        return g.winners
    top = max(g.scores)
    return tuple(i for i, x in enumerate(g.scores) if x == top)


def impact_game_seed(seed: int, index: int) -> int:
    """The seed of paired game ``index``. Seeds depend on the master seed only: every
    ambiguity is measured on the same games (the ambiguity and policy names are not
    mixed in), so entries compare."""
    return game_seed(seed, index)


#: Players whose effects are shown but never rank an entry: a random player makes moves
#: no person makes, so a rule that matters only to it matters to no one at the table.
UNRANKED_POLICIES = (RANDOM_POLICY,)


def ranked(policy: str) -> bool:
    """Whether effects under ``policy`` (competent play: greedy, strong...) rank entries."""
    return policy not in UNRANKED_POLICIES


def high_limit(measure: Measure | None, mean_a: float) -> float | None:
    """The shift of ``measure`` that makes an effect ``high`` (None: no such threshold)."""
    limit = None if measure is None else measure.high(mean_a)
    return None if limit is None else float(limit)


def scores_only(imp: Mapping[str, Any]) -> bool:
    """A competitive game's comparison whose readings changed scores in some game but
    the winner in none (``Impact.to_json``): it changes scores, not the winner."""
    return imp.get("scores_changed", 0) > 0 and imp.get("winner_changed", 0) == 0


def effect_severity(
    imp: Mapping[str, Any],
    holds: Callable[[str, Mapping[str, Any]], bool],
    measures: Measures,
) -> Severity:
    """The severity of one comparison (``Impact.to_json``), where ``holds(name, stat)``
    says whether a shift counts (its interval clear of 0, and in a report surviving the
    correction for multiple comparisons), and ``measures`` word its stats.

    ``high``: a measure moves by its ``Measure.high`` threshold (the win rate by 5
    points, money by $5; competitive games: seat 0's win share by 5 points, or a score
    by 5% of its mean under A, scores only when the winner changed in some game);
    ``medium``: some measure moves; ``low``: the readings parted in some game but
    nothing moved; ``none``: no game ever parted."""
    stats = imp["stats"]
    only_scores = scores_only(imp)
    for name, st in stats.items():
        m = measures.get(name)
        if m is None or not holds(name, st) or (only_scores and m.score):
            continue
        limit = high_limit(m, st["mean_a"])
        if limit is not None and abs(st["diff"]) >= limit:
            return Severity.HIGH
    if any(holds(name, st) for name, st in stats.items()):
        return Severity.MEDIUM
    return Severity.LOW if imp["games_parted"] else Severity.NONE


def severity(imp: Impact | None, material: bool | None) -> Severity:
    """The severity of one comparison on its own (:func:`effect_severity`, a shift counts
    when its 95% interval is clear of 0); ``unknown``: not measured. A report ranks
    with the correction for multiple comparisons instead
    (:mod:`hhh_verify.reporting.ranking`)."""
    if imp is None:
        return Severity.NONE if material is False else Severity.UNKNOWN
    return effect_severity(imp.to_json(), lambda name, st: bool(st["significant"]), imp.measures)
