"""Applying rewards (2 Ambulance track, Helicopters, 6 Insurance company tracks, card
rewards). A reward that needs a decision (a choice, "any insurance company", a
helicopter) waits at the head of the task queue; the others apply at once, and the
rewards they set off are queued in front of what was pending ("they gain all the
benefits they have passed", in the order passed)."""

from __future__ import annotations

from hhh_verify.contract.records import replace

from .board import bump, change_qoc, claim_doctors, set_player
from .context import Ctx
from .effects import (
    AMBULANCE,
    CHOICE,
    CREDITS,
    DOCTOR,
    DRAW,
    GAIN,
    HEALED,
    HELICOPTER,
    INSURANCE,
    P_CREDIT,
    PRESTIGE,
    PROD,
    QOC,
    TOKEN_KINDS,
    VP,
    Effect,
    ambulance,
    insurance,
)
from .state import (
    T_ADMIT,
    T_DRAW_HAND,
    T_DRAW_PATIENT,
    T_EFFECT,
    RHState,
    Task,
)
from .tracks import (
    AMBULANCE_REWARDS,
    INSURANCE_BENEFITS,
    INSURANCE_LEVELS,
    T_AMBULANCE,
    T_CREDIT,
    T_INSURANCE,
    T_PRESTIGE,
)


def push(s: RHState, tasks: list[Task]) -> RHState:
    """Put ``tasks`` in front of the queue (they resolve before what was pending)."""
    return replace(s, queue=tuple(tasks) + s.queue)


def set_off(ctx: Ctx, s: RHState, tasks: list[Task]) -> RHState:
    """Queue the rewards that a reward sets off (an ambulance space's, an insurance
    level's): at once, before the rest of the pending rewards, or after the rewards
    already pending from the same card or move (RH-REWARD-ORDER)."""
    if ctx.rewards_depth_first:
        return push(s, tasks)
    i = next((k for k, t in enumerate(s.queue) if t.kind != T_EFFECT), len(s.queue))
    return replace(s, queue=s.queue[:i] + tuple(tasks) + s.queue[i:])


def effect_tasks(p: int, effects: tuple[Effect, ...], play: int) -> list[Task]:
    return [Task(T_EFFECT, p, 0, e, play) for e in effects]


def open_companies(s: RHState, p: int) -> tuple[int, ...]:
    """Insurance companies whose track still has a level above the player's."""
    return tuple(c for c, lv in enumerate(s.players[p].insurance) if lv < INSURANCE_LEVELS)


def is_decision(ctx: Ctx, s: RHState, task: Task) -> bool:
    """A reward the player must choose for: "X or Y", any insurance company (with more
    than one still open), a helicopter."""
    e = task.effect
    assert e is not None
    if e.code == CHOICE or e.code == HELICOPTER:
        return True
    if race_doctor(ctx, e):
        return sum(s.doctors) > 1
    if e.code == INSURANCE and e.a < 0:
        return len(open_companies(s, task.player)) > 1
    return False


def apply(ctx: Ctx, s: RHState, task: Task) -> RHState:
    """Apply a reward that needs no decision (the task is already off the queue)."""
    e = task.effect
    assert e is not None
    p, play = task.player, task.play
    if race_doctor(ctx, e):
        left = [i for i, here in enumerate(s.doctors) if here]
        return take_doctor(ctx, s, task, left[0]) if left else s
    if e.code == GAIN:
        return gain(ctx, s, p, e.a, e.n)
    if e.code == PROD:
        return produce_more(ctx, s, p, e.a, e.n, play)
    if e.code == AMBULANCE:
        return ambulance_step(ctx, s, p, e.n, play)
    if e.code == INSURANCE:
        if e.a < 0:  # "any" with one company open (or none)
            open_ = open_companies(s, p)
            return advance_insurance(ctx, s, p, open_[0], play) if open_ else s
        return advance_insurance(ctx, s, p, e.a, play)
    if e.code == DRAW:
        if ctx.draw_patients:
            return push(s, [Task(T_DRAW_PATIENT, p, e.n), Task(T_ADMIT, p)])
        return push(s, [Task(T_DRAW_HAND, p, e.n)])
    raise AssertionError(f"effect {e} needs a decision")


def race_doctor(ctx: Ctx, e: Effect) -> bool:
    """A congress doctor reward taken from the tracks' race tokens
    (RH-DOCTOR-REWARD=race-token); under ``supply`` it is a token like any other."""
    return ctx.doctor_from_race and e.code == GAIN and e.a == DOCTOR and e.n > 0


def take_doctor(ctx: Ctx, s: RHState, task: Task, spot: int) -> RHState:
    """RH-DOCTOR-REWARD=race-token: the race token on ``spot`` leaves its track for the
    player; a reward of more than one doctor takes the next one after this."""
    e = task.effect
    assert e is not None and s.doctors[spot]
    ps = s.players[task.player]
    s = replace(s, doctors=s.doctors[:spot] + (False,) + s.doctors[spot + 1 :])
    s = set_player(s, task.player, tokens=bump(ps.tokens, DOCTOR, 1))
    if e.n > 1:
        return queue_effect(s, task.player, e._replace(n=e.n - 1), task.play)
    return s


def gain(ctx: Ctx, s: RHState, p: int, what: int, n: int) -> RHState:
    """Gain ``n`` of a resource or a track (Symbols); tracks stop at their last space."""
    ps = s.players[p]
    if what < TOKEN_KINDS:
        return set_player(s, p, tokens=bump(ps.tokens, what, n))
    if what == CREDITS:
        return set_player(s, p, credits=ps.credits + n)
    if what == VP:
        return set_player(s, p, vp=ps.vp + n)
    if what == PRESTIGE:
        new = min(ps.prestige + n, ctx.config.prestige_max)
        s = set_player(s, p, prestige=new)
        return claim_doctors(ctx, s, p, T_PRESTIGE, ps.prestige, new)
    if what == QOC:
        return change_qoc(ctx, s, p, n)
    if what == HEALED:
        return set_player(s, p, healed=ps.healed + n, healed_max=max(ps.healed_max, ps.healed + n))
    raise AssertionError(f"unknown resource {what}")


def produce_more(ctx: Ctx, s: RHState, p: int, track: int, n: int, play: int) -> RHState:
    """Raise a production track (Resources Tracks); "If the production ... is increased,
    you also immediately obtain those resources" (Action Phase 1; RH-PRODUCTION-BONUS).
    Doctors wait on spaces 4 and 7 (21, 27 and 33 for credits)."""
    ps = s.players[p]
    cap = ctx.config.credit_max if track == P_CREDIT else ctx.config.production_max
    old = ps.production[track]
    new = min(old + n, cap)
    s = set_player(s, p, production=bump(ps.production, track, new - old))
    if new > old and (ctx.bonus_always or play):
        ps = s.players[p]
        if track == P_CREDIT:
            s = set_player(s, p, credits=ps.credits + new - old)
        else:
            s = set_player(s, p, tokens=bump(ps.tokens, track, new - old))
    return claim_doctors(ctx, s, p, T_CREDIT if track == P_CREDIT else track, old, new)


def ambulance_step(ctx: Ctx, s: RHState, p: int, n: int, play: int) -> RHState:
    """Ambulance track: move one space and gain its reward; the rest of the move waits
    behind that reward (RH-REWARD-ORDER=in-sequence: the move goes on first). The track
    is endless (RH-AMBULANCE-WRAP): the congress doctor on the starting space goes to the
    first player to come round to it, or (RH-DOCTOR-PASS ``exact``) to the first whose
    move ends there: the last step of a move that lands on space 0, which a
    thirteen-space loop never does."""
    old = s.players[p].ambulance
    if ctx.ambulance_loop == 14:
        new = (old + 1) % 14
        lap = new == 0
    else:
        new = old % 13 + 1
        lap = old == 13
    s = set_player(s, p, ambulance=new)
    if lap and (not ctx.doctor_exact or (new == 0 and n == 1)):
        s = claim_doctors(ctx, s, p, T_AMBULANCE, -1, 0)
    rewards = effect_tasks(p, AMBULANCE_REWARDS[new - 1], play) if new else []
    rest = [Task(T_EFFECT, p, 0, ambulance(n - 1), play)] if n > 1 else []
    if ctx.rewards_depth_first:
        return push(s, rewards + rest)
    return push(set_off(ctx, s, rewards), rest)


def advance_insurance(ctx: Ctx, s: RHState, p: int, company: int, play: int) -> RHState:
    """Insurance company tracks: "Each time players advance on an insurance track they
    will gain the benefits shown"; the congress doctor waits on space 5. A track at 5
    cannot advance (RH-INSURANCE-MAX)."""
    ps = s.players[p]
    level = ps.insurance[company]
    if level >= INSURANCE_LEVELS:
        if ctx.insurance_redirect and open_companies(s, p):
            return push(s, [Task(T_EFFECT, p, 0, insurance(-1), play)])
        return s
    s = set_player(s, p, insurance=bump(ps.insurance, company, 1))
    s = claim_doctors(ctx, s, p, T_INSURANCE[company], level, level + 1)
    return set_off(ctx, s, effect_tasks(p, INSURANCE_BENEFITS[company][level], play))


def choose(ctx: Ctx, s: RHState, task: Task, index: int) -> RHState:
    """Resolve "X or Y": the chosen alternative is applied like any reward."""
    e = task.effect
    assert e is not None
    return push(s, [Task(T_EFFECT, task.player, 0, e.alts[index], task.play)])


def queue_effect(s: RHState, p: int, e: Effect, play: int) -> RHState:
    return push(s, [Task(T_EFFECT, p, 0, e, play)])
