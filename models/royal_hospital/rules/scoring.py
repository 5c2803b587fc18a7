"""End Game Scoring: quality of care, the comparisons, the winner and every tie-breaker."""

from __future__ import annotations

from .board import order
from .context import Ctx
from .effects import P_CREDIT
from .state import PlayerState, RHState
from .tracks import INSURANCE_LEVELS

COUNTER_NAMES = (
    "quality of care",
    "insurance companies",
    "prestige",
    "credit production",
    "diagnosis",
    "healing",
    "research",
    "staff",
)


def qoc_points(ctx: Ctx, ps: PlayerState) -> int:
    """1. "All players gain or lose Victory points according to their position on the
    Quality of Care track" (RH-QOC-SCORING)."""
    return ps.qoc - ctx.qoc_offset


def counters(ctx: Ctx, ps: PlayerState) -> tuple[int, ...]:
    """2. The counters compared: "Quality of care, Insurance companies, Prestige, Credit
    production, Diagnosis, Healing, Research and Staff" (RH-INSURANCE-COUNTER,
    RH-COMPARE-COUNTERS)."""
    if ctx.insurance_levels_sum:
        ins = sum(ps.insurance)
    else:
        ins = sum(1 for lv in ps.insurance if lv)
    res = ps.production[:4] if ctx.compare_production else ps.tokens[:4]
    return (ps.qoc, ins, ps.prestige, ps.production[P_CREDIT], *res)


def surpass_points(ctx: Ctx, s: RHState, p: int) -> tuple[int, ...]:
    """Per counter: "1 victory point for each player they surpass" (strictly more)."""
    mine = counters(ctx, s.players[p])
    others = [counters(ctx, q) for i, q in enumerate(s.players) if i != p]
    return tuple(sum(1 for o in others if mine[k] > o[k]) for k in range(len(mine)))


def final_scores(ctx: Ctx, s: RHState) -> tuple[int, ...]:
    """Victory points after End Game Scoring, per seat: step 1 (quality of care) stops
    at 0 under RH-VP-FLOOR=zero, then step 2's comparisons add."""
    return tuple(
        after_qoc(ctx, ps) + sum(surpass_points(ctx, s, p)) for p, ps in enumerate(s.players)
    )


def after_qoc(ctx: Ctx, ps: PlayerState) -> int:
    """Victory points after step 1 (RH-VP-FLOOR: below 0 or stopped at 0)."""
    v = ps.vp + qoc_points(ctx, ps)
    return max(v, 0) if ctx.vp_floor else v


def tie_key(ctx: Ctx, ps: PlayerState) -> tuple[int, ...]:
    """ "In the event of a tie, the player with the highest Quality of Care wins. After
    this ... the highest prestige ... the least patients in his hospital
    (RH-TIE-PATIENTS) ... the highest value reached in the counter of healed patients
    ... the highest credit production ... the highest sum of diagnosis, healing, staff,
    and research (RH-TIE-RESOURCES) ... the highest number of insurance companies that have reached 5 ...
    the card played with the highest credit value (RH-TIE-CARD-VALUE)." Larger wins."""
    patients = len(ps.patients) + (len(ps.terminals) if ctx.tie_terminals else 0)
    resources = ps.production[:4] if ctx.tie_production else ps.tokens[:4]
    best_card = max((v for n, v in zip(ps.played, ctx.card_value) if n), default=0)
    return (
        ps.qoc,
        ps.prestige,
        -patients,
        ps.healed_max,
        ps.production[P_CREDIT],
        sum(resources),
        sum(1 for lv in ps.insurance if lv >= INSURANCE_LEVELS),
        best_card,
    )


def ranking_keys(ctx: Ctx, s: RHState) -> tuple[tuple[int, ...], ...]:
    """Per seat: (final victory points, tie-breakers...); the largest key wins."""
    scores = final_scores(ctx, s)
    return tuple((scores[p], *tie_key(ctx, ps)) for p, ps in enumerate(s.players))


def winners(ctx: Ctx, s: RHState) -> tuple[int, ...]:
    """ "The player with the most victory points is the winner", ties broken in the
    book's order; a tie that survives them all is shared, or goes to the tied player
    latest in turn order (RH-FINAL-TIE)."""
    keys = ranking_keys(ctx, s)
    best = max(keys)
    tied = tuple(p for p in range(ctx.P) if keys[p] == best)
    if len(tied) == 1 or ctx.final_tie_shared:
        return tied
    latest = [p for p in order(s, ctx) if p in tied][-1]
    return (latest,)


def decided_by(ctx: Ctx, s: RHState) -> int:
    """How far down the key the winner was decided: 0 by victory points, 1..8 by the
    n-th tie-breaker, 9 when the tie survived them all (or one player)."""
    keys = sorted(ranking_keys(ctx, s), reverse=True)
    if len(keys) == 1 or keys[0] == keys[1]:
        return 9
    top, second = keys[0], keys[1]
    return next(i for i in range(len(top)) if top[i] != second[i])
