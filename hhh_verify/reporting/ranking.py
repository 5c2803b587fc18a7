"""Which effects rank a report's entries, and how sure each one is.

A report makes hundreds of comparisons (entries x readings x players x measures); at
5% each, a dozen "significant" shifts appear by chance alone. So, over the whole report:

* only competent play ranks (:func:`hhh_verify.engines.impact.ranked`: the game's own
  players, not the random one, whose effects are shown beside them but never rank);
* the paired t-test p-values of every ranked comparison are corrected together by
  Benjamini-Hochberg (``scipy.stats.false_discovery_control``, false discovery rate
  5%); a shift *holds* when its 95% interval is clear of 0 and it survives the
  correction, and one that is clear of 0 but does not survive is flagged *may be
  chance*;
* a competitive game's comparison that changed scores in some game but the winner in
  none is flagged *changes scores, not the winner*, and its score shifts do not make it
  ``high`` nor rank it;
* an entry's ranking effect that is not settled at this budget (may be chance, or its
  interval straddles the ``high`` threshold) says so, with the paired games that would
  settle it.

Every view of an entry (summary, ranking table, forest plot, index) reads the one
ranking effect stored here (``entry["best"]``).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from statistics import NormalDist
from typing import Any

from hhh_verify.contract.measures import Measure
from hhh_verify.contract.vocab import Severity
from hhh_verify.engines import impact
from hhh_verify.engines import impact as impact_engine
from hhh_verify.reporting.measures import known

ALPHA = 0.05
SEVERITY_ORDER = tuple(Severity)  # most severe first
#: Keys that depend on the whole report (the correction's family), not on one entry.
FAMILY_KEYS = {
    "stat": ("q", "holds"),
    "impact": ("severity",),
    "pair": ("severity",),
    "entry": ("severity", "score", "score_any", "best", "flags", "settle"),
}

SCORES_NOT_WINNER = "changes scores, not the winner"
MAY_BE_CHANCE = "may be chance"
UNSTABLE = "unstable at this budget"


def worst(severities: list[Severity]) -> Severity:
    """The most severe of ``severities`` (``unknown`` only if nothing was measured)."""
    for s in SEVERITY_ORDER:
        if s in severities:
            return s
    return Severity.UNKNOWN


def _ranked_impacts(pair: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The pair's impacts under competent play; every impact if none is competent."""
    items = list(pair["impact"].items())
    ranked = [(p, imp) for p, imp in items if impact.ranked(p)]
    return iter(ranked or items)


def family(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Every ranked comparison of the report (the stats dicts), in report order."""
    return [
        st
        for e in data["entries"]
        for p in e["pairs"]
        for _, imp in _ranked_impacts(p)
        for st in imp["stats"].values()
    ]


def _adjust(ps: list[float]) -> list[float]:
    if not ps:
        return []
    from scipy.stats import false_discovery_control

    return [float(q) for q in false_discovery_control(ps, method="bh")]


def _holds(name: str, st: Mapping[str, Any]) -> bool:
    return bool(st.get("holds", st["significant"]))


def apply(data: dict[str, Any]) -> dict[str, Any]:
    """Annotate ``data`` (a built report) with the correction, severities, flags,
    ranking effects and the top list; returns ``data``."""
    stats = family(data)
    measures = known()
    for st, q in zip(stats, _adjust([st["p"] for st in stats])):
        st["q"] = float(f"{q:.4g}")
        st["holds"] = bool(st["significant"] and q < ALPHA)
    for e in data["entries"]:
        for p in e["pairs"]:
            for policy, imp in p["impact"].items():
                imp["ranked"] = impact_engine.ranked(policy) or not any(
                    impact_engine.ranked(x) for x in p["impact"]
                )
                imp["severity"] = impact_engine.effect_severity(imp, _holds, measures)
            ranked = [imp["severity"] for _, imp in _ranked_impacts(p)]
            p["severity"] = (
                worst(ranked)
                if ranked
                else (Severity.NONE if p["diverge"]["material"] is False else Severity.UNKNOWN)
            )
        _entry(e, len(stats))
    data["top"] = [
        e["id"]
        for e in sorted(data["entries"], key=lambda e: (-e["score"], -e["score_any"], e["id"]))
        if e["score_any"] > 0
    ][:10]
    data["ranking"] = {
        "comparisons": len(stats),
        "method": (
            f"Benjamini-Hochberg over the {len(stats)} comparisons under competent play "
            f"(false discovery rate {ALPHA:.0%}); random-player effects shown, not ranked"
        ),
    }
    return data


def _candidates(
    e: dict[str, Any],
) -> Iterator[tuple[float, str, dict[str, Any], str, str, bool, bool]]:
    """(weighted size, measure, stats, reading, policy, holds, ranks) of every shift
    under competent play; ``ranks`` is false for the score shifts of a comparison that
    never changed the winner (shown as the entry's effect, never ranked)."""
    measures = known()
    for p in e["pairs"]:
        for policy, imp in _ranked_impacts(p):
            only_scores = impact_engine.scores_only(imp)
            for name, m in measures.items():
                st = imp["stats"].get(name)
                if st is None or m.weight is None:
                    continue
                w = m.weight
                ranks = not (only_scores and m.score)
                size = abs(st["diff"]) * w
                yield size, name, st, p["options"][1], policy, _holds(name, st), ranks


def _is_score(measures: Mapping[str, Measure], name: str) -> bool:
    m = measures.get(name)
    return m is not None and m.score


def _entry(e: dict[str, Any], comparisons: int) -> None:
    e["severity"] = worst([p["severity"] for p in e["pairs"]])
    measures = known()
    cands = list(_candidates(e))
    e["score"] = round(max([c[0] for c in cands if c[5] and c[6]], default=0.0), 4)
    e["score_any"] = round(max([c[0] for c in cands if c[6]], default=0.0), 4)
    flags = []
    if any(
        impact_engine.scores_only(imp)
        and any(_holds(n, st) for n, st in imp["stats"].items() if _is_score(measures, n))
        for p in e["pairs"]
        for _, imp in _ranked_impacts(p)
    ):
        flags.append(SCORES_NOT_WINNER)
    best = max(cands, key=lambda c: (c[6] and c[0] > 0, c[5], c[0]), default=None)
    e["best"] = None
    e["settle"] = None
    if best is not None and best[0] > 0:
        _, name, st, opt, policy, holds, _ = best
        chance = bool(st["significant"] and not holds)
        e["best"] = {
            "measure": name,
            "reading": opt,
            "policy": policy,
            "diff": st["diff"],
            "ci95": st["ci95"],
            "holds": holds,
            "q": st.get("q"),
        }
        if chance:
            flags.append(MAY_BE_CHANCE)
        settle = games_to_settle(name, st, _games(e, opt, policy), comparisons, chance)
        if settle is not None:
            flags.append(UNSTABLE)
            e["settle"] = settle
    e["flags"] = flags


def _games(e: dict[str, Any], opt: str, policy: str) -> int:
    pair = next(p for p in e["pairs"] if p["options"][1] == opt)
    return int(pair["impact"][policy]["games"])


def games_to_settle(
    name: str, st: dict[str, Any], games: int, comparisons: int, chance: bool
) -> dict[str, Any] | None:
    """When an effect is not settled at ``games`` paired games (it may be chance, or its
    95% interval straddles the ``high`` threshold), the paired games whose interval
    would clear the nearest boundary at this run's spread; None when settled.

    For an effect that may be chance the interval is the one that survives the
    correction even if it were the weakest of ``comparisons`` (Bonferroni's level, which
    Benjamini-Hochberg never asks more than)."""
    lo, hi = st["ci95"]
    limit = impact_engine.high_limit(known().get(name), st["mean_a"])
    straddles = limit is not None and (lo < limit <= hi or lo <= -limit < hi)
    if not chance and not straddles:
        return None
    bounds = [0.0] if chance else []
    if straddles and limit is not None:
        bounds += [limit, -limit]
    gap = min(abs(st["diff"] - b) for b in bounds)
    alpha = ALPHA / max(1, comparisons) if chance else ALPHA
    z = NormalDist().inv_cdf(1 - alpha / 2)
    need = math.inf if gap == 0 else math.ceil((z * st["sd"] / gap) ** 2)
    why = (
        "to survive the correction for multiple comparisons"
        if chance
        else "for its 95% interval to fall on one side of the high threshold"
    )
    return {
        "games": None if math.isinf(need) else max(int(need), games + 1),
        "now": games,
        "why": why,
    }


def strip_family(entry: dict[str, Any]) -> dict[str, Any]:
    """``entry`` without what depends on the rest of the report (for comparing one
    entry rebuilt alone with the same entry of a whole report)."""
    out = {k: v for k, v in entry.items() if k not in FAMILY_KEYS["entry"]}
    out["pairs"] = [
        {k: v for k, v in p.items() if k not in FAMILY_KEYS["pair"]}
        | {
            "impact": {
                pol: {k: v for k, v in imp.items() if k not in (*FAMILY_KEYS["impact"], "ranked")}
                | {
                    "stats": {
                        n: {k: v for k, v in st.items() if k not in FAMILY_KEYS["stat"]}
                        for n, st in imp["stats"].items()
                    }
                }
                for pol, imp in p["impact"].items()
            }
        }
        for p in entry["pairs"]
    ]
    return out
