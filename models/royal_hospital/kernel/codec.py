"""Model <-> kernel: config and readings as the array ``K``, states as ``int64`` arrays,
actions as rows. Every reading is a number in ``K`` (no recompilation per reading)."""

from __future__ import annotations

from typing import Any

import numpy as np

from hhh_verify.contract.errors import ModelError

from ..rules import actions as A
from ..rules import readings as R
from ..rules.bounds import all_effects
from ..rules.cards import TERMINAL
from ..rules.effects import AMBULANCE, INSURANCE, Effect
from ..rules.state import (
    Patient,
    PlayerState,
    RHState,
    Task,
    Terminal,
)
from ..rules.tracks import (
    AMBULANCE_REWARDS,
    DOCTOR_SPOTS,
    INSURANCE_BENEFITS,
)
from ..rules.worth import card_value
from . import layout as L

#: Planted kernel bugs (tests prove the equality tests catch each): 0 none.
PLANTED = {
    "reject-keeps-quality": 1,  # a rejected patient costs no quality of care
    "flat-patient-draw": 2,  # every visible class drawn with weight 1
    "doctor-stays": 3,  # a claimed congress doctor stays on the board
    "no-research-sale": 4,  # selling research is never offered
}


class Tables:
    """The effect numbering and the sizes of one (config, readings) pair."""

    def __init__(self, ctx: Any):
        c = ctx.config
        self.ctx = ctx
        self.effects: list[Effect] = list(all_effects(c))
        self.eid = {e: i for i, e in enumerate(self.effects)}
        total = sum(card.count for card in ctx.patients)
        adds = sum(m.count for m, a in zip(ctx.medical, ctx.adds_space) if a)
        self.rmax = total
        self.pmax = max(1, min(total, c.hospital_spaces + adds))
        self.amax = max(1, total)
        self.tmax = max(1, sum(card.count for card in ctx.patients if card.priority == TERMINAL))
        if any(len(m.immediate) > 8 or len(m.action) > L.MED_MAXE for m in ctx.medical):
            raise ModelError("a Medical card with more rewards than the kernel holds")
        if any(len(e.alts) > L.EFF_ALTS for e in self.effects):
            raise ModelError("a choice with more alternatives than the kernel holds")


def config_array(ctx: Any, planted: int = 0) -> tuple[np.ndarray, np.ndarray, Tables]:
    """``K`` (config, readings, tables, layout) and ``F`` (the greedy player's worths)."""
    T = Tables(ctx)
    c = ctx.config
    P, M, N, NC = ctx.P, ctx.M, ctx.N, ctx.K
    head = np.zeros(L.HEADER, dtype=np.int64)
    head[L.K_P], head[L.K_M], head[L.K_N], head[L.K_NC] = P, M, N, NC
    head[L.K_ROUNDS], head[L.K_SELL] = c.rounds, c.sell_credits
    head[L.K_QOC_MAX], head[L.K_PRESTIGE_MAX] = c.qoc_max, c.prestige_max
    head[L.K_PROD_MAX], head[L.K_CREDIT_MAX] = c.production_max, c.credit_max
    head[L.K_SPACES], head[L.K_PLANTED] = c.hospital_spaces, planted
    flags = {
        L.K_END_EMPTY: ctx.end_on_empty_deck,
        L.K_DISCARD_TOKENS: ctx.discard_tokens,
        L.K_RESEARCH_HEALS: ctx.research_heals,
        L.K_CRITICAL_BOTH: ctx.critical_both,
        L.K_CRITICAL_TOKENS: ctx.critical_tokens,
        L.K_TERMINAL_EVERY: ctx.terminal_every_round,
        L.K_TERMINAL_ONE: ctx.terminal_one_heal,
        L.K_TERMINAL_REWARD: (
            R.TERMINAL_REWARD.EVERY_TREATMENT,
            R.TERMINAL_REWARD.FIRST_TREATMENT,
            R.TERMINAL_REWARD.NONE,
        ).index(ctx.terminal_reward),
        L.K_CHRONIC_DIE: ctx.chronic_die,
        L.K_QOC_OFFSET: ctx.qoc_offset,
        L.K_QOC_CLAMP: ctx.qoc_floor is not None,
        L.K_AMB_LOOP: ctx.ambulance_loop,
        L.K_DOCTOR_EXACT: ctx.doctor_exact,
        L.K_BONUS_ALWAYS: ctx.bonus_always,
        L.K_DEPTH_FIRST: ctx.rewards_depth_first,
        L.K_INS_SUM: ctx.insurance_levels_sum,
        L.K_COMPARE_PROD: ctx.compare_production,
        L.K_TIE_PROD: ctx.tie_production,
        L.K_TOKENS_SCORED: ctx.tokens_scored,
        L.K_HEALED_SPENT: ctx.healed_spent,
        L.K_HELI_BOTH: ctx.heli_both,
        L.K_HELI_QOC: ctx.heli_discard_qoc,
        L.K_HELI_SENDER: ctx.heli_from_sender,
        L.K_RESHUFFLE: ctx.reshuffle,
        L.K_SAME_ROUND: ctx.activate_same_round,
        L.K_TIE_TERMINALS: ctx.tie_terminals,
        L.K_TIE_SHARED: ctx.final_tie_shared,
        L.K_PARTIAL: ctx.partial,
        L.K_REDIRECT: ctx.insurance_redirect,
        L.K_DOCTOR_SUBST: ctx.doctor_substitutes,
        L.K_DRAW_PATIENTS: ctx.draw_patients,
    }
    # read by the model's config check only
    assert ctx.interp.reading(R.SOLO) in (R.SOLO.SAME_RULES, R.SOLO.REJECT)
    for k, v in flags.items():
        head[k] = int(v)
    # state layout
    at = L.S_QUEUE + L.QMAX * L.TW
    for key, size in (
        (L.O_DECK, M),
        (L.O_DISCARD, M),
        (L.O_PICKING, M),
        (L.O_ARR, T.amax * L.PATW),
        (L.O_SHUF, NC),
        (L.O_UNRES, N),
        (L.O_RET, T.rmax),
        (L.O_DOCTORS, len(DOCTOR_SPOTS)),
    ):
        head[key] = at
        at += size
    head[L.O_PLAYERS] = at
    po = L.P_FIXED
    for key, size in (
        (L.PO_HAND, M),
        (L.PO_PLAYED, M),
        (L.PO_USED, M),
        (L.PO_PAT, T.pmax * L.PATW),
        (L.PO_TERM, T.tmax * L.TERMW),
    ):
        head[key] = po
        po += size
    head[L.PW] = po
    head[L.AMAX], head[L.PMAX], head[L.TMAX], head[L.RMAX] = T.amax, T.pmax, T.tmax, T.rmax
    head[L.NSTATE] = at + P * po
    # tables
    parts: list[np.ndarray] = [head]
    size = L.HEADER

    def table(key: int, rows: list[list[int]] | list[int]) -> None:
        nonlocal size
        arr = np.asarray(rows, dtype=np.int64).ravel()
        head[key] = size
        parts.append(arr)
        size += len(arr)

    table(L.T_ROUND_CARDS, list(c.round_cards[: c.rounds]))
    table(L.T_ROUND_PATIENTS, list(ctx.patients_per_round[: c.rounds]))
    med = []
    for m, adds, value in zip(ctx.medical, ctx.adds_space, ctx.card_value):
        row = [0] * L.MED_W
        row[L.MED_CREDITS], row[L.MED_RESEARCH], row[L.MED_HEALED] = m.credits, m.research, m.healed
        row[L.MED_SPACE], row[L.MED_VALUE] = int(adds), value
        row[L.MED_NIMM] = len(m.immediate)
        for j, e in enumerate(m.immediate):
            row[L.MED_IMM + j] = T.eid[e]
        row[L.MED_NACT] = len(m.action)
        for j, e in enumerate(m.action):
            row[L.MED_ACT + j] = T.eid[e]
        med.append(row)
    table(L.T_MED, med)
    table(
        L.T_PAT,
        [
            [p.priority, p.diag, p.heal, p.credits, p.vp, ctx.class_of[t]]
            for t, p in enumerate(ctx.patients)
        ],
    )
    table(
        L.T_CLASS,
        [[int(ctx.open_class[k]), ctx.class_diag[k], ctx.class_types[k][0]] for k in range(NC)],
    )
    effs = []
    for e in T.effects:
        row = [e.code, e.a, e.n, len(e.alts)] + [T.eid[x] for x in e.alts]
        effs.append(row + [0] * (L.EFF_W - len(row)))
    table(L.T_EFF, effs or [[0] * L.EFF_W])

    def reward(effects: tuple[Effect, ...]) -> list[int]:
        row = [len(effects)] + [T.eid[e] for e in effects]
        return row + [0] * (L.REWARD_W - len(row))

    table(L.T_AMB, [reward(r) for r in AMBULANCE_REWARDS])
    table(L.T_INS, [reward(lv) for company in INSURANCE_BENEFITS for lv in company])
    table(L.T_DOCTORS, [[t, sp] for t, sp in DOCTOR_SPOTS])
    amb = [-1] * L.AMB_IDS
    for e, k in T.eid.items():
        if e.code == AMBULANCE and e.a == 0 and not e.alts and e.n < L.AMB_IDS:
            amb[e.n] = k
    if any(e.code == AMBULANCE and e.n >= L.AMB_IDS for e in T.effects):
        raise ModelError(f"an ambulance move of {L.AMB_IDS} or more spaces: beyond the kernel")
    table(L.T_AMB_ID, amb)
    head[L.K_ANY_INS] = T.eid.get(Effect(INSURANCE, -1, 1), -1)
    head[L.K_NDOCTORS] = len(DOCTOR_SPOTS)
    K = np.concatenate(parts)
    F = np.zeros(M + N, dtype=np.float64)
    for t, m in enumerate(ctx.medical):
        F[t] = card_value(m)
    for t, p in enumerate(ctx.patients):
        F[M + t] = p.vp + 0.3 * p.credits
    return K, F, T


# States -----------------------------------------------------------------------------------


def encode(K: np.ndarray, T: Tables, s: RHState) -> np.ndarray:
    """The kernel array of a model state (``ModelError`` if a list outgrows its room)."""
    v = np.zeros(int(K[L.NSTATE]), dtype=np.int64)
    v[L.S_PHASE], v[L.S_ROUND], v[L.S_FIRST], v[L.S_TURN] = s.phase, s.round, s.first, s.turn
    if len(s.queue) > L.QMAX:
        raise ModelError("more pending steps than the kernel holds")
    v[L.S_QLEN] = len(s.queue)
    for j, t in enumerate(s.queue):
        e = -1 if t.effect is None else T.eid[t.effect]
        v[L.S_QUEUE + j * L.TW : L.S_QUEUE + (j + 1) * L.TW] = (t.kind, t.player, t.n, e, t.play)
    M = int(K[L.K_M])
    v[K[L.O_DECK] : K[L.O_DECK] + M] = s.deck
    v[K[L.O_DISCARD] : K[L.O_DISCARD] + M] = s.discard
    v[K[L.O_PICKING] : K[L.O_PICKING] + M] = s.picking
    _rows(v, int(K[L.O_ARR]), s.arrivals, int(K[L.AMAX]), L.PATW)
    v[L.S_NARR] = len(s.arrivals)
    v[K[L.O_SHUF] : K[L.O_SHUF] + len(s.shuffled)] = s.shuffled
    v[K[L.O_UNRES] : K[L.O_UNRES] + len(s.unresolved)] = s.unresolved
    if len(s.returned) > K[L.RMAX]:
        raise ModelError("a returned pile larger than the kernel holds")
    v[K[L.O_RET] : K[L.O_RET] + len(s.returned)] = s.returned
    v[L.S_NRET] = len(s.returned)
    v[K[L.O_DOCTORS] : K[L.O_DOCTORS] + len(s.doctors)] = [int(d) for d in s.doctors]
    for p, ps in enumerate(s.players):
        b = int(K[L.O_PLAYERS] + p * K[L.PW])
        v[b + L.P_CREDITS], v[b + L.P_VP], v[b + L.P_PRESTIGE] = ps.credits, ps.vp, ps.prestige
        v[b + L.P_QOC], v[b + L.P_AMB] = ps.qoc, ps.ambulance
        v[b + L.P_INS : b + L.P_INS + 4] = ps.insurance
        v[b + L.P_PROD : b + L.P_PROD + 5] = ps.production
        v[b + L.P_TOK : b + L.P_TOK + 5] = ps.tokens
        v[b + L.P_HEALED], v[b + L.P_HEALED_MAX] = ps.healed, ps.healed_max
        v[b + L.P_PASSED] = int(ps.passed)
        v[b + L.P_DEAD : b + L.P_DEAD + 6] = ps.dead
        v[b + L.P_DEAD_UNSEEN], v[b + L.P_REJECTED] = ps.dead_unseen, ps.rejected
        v[b + K[L.PO_HAND] : b + K[L.PO_HAND] + M] = ps.hand
        v[b + K[L.PO_PLAYED] : b + K[L.PO_PLAYED] + M] = ps.played
        v[b + K[L.PO_USED] : b + K[L.PO_USED] + M] = ps.used
        _rows(v, b + int(K[L.PO_PAT]), ps.patients, int(K[L.PMAX]), L.PATW)
        v[b + L.P_NPAT] = len(ps.patients)
        _rows(v, b + int(K[L.PO_TERM]), ps.terminals, int(K[L.TMAX]), L.TERMW)
        v[b + L.P_NTERM] = len(ps.terminals)
    return v


def _rows(v: np.ndarray, at: int, rows: Any, room: int, width: int) -> None:
    if len(rows) > room:
        raise ModelError("a list of patients larger than the kernel holds")
    for j, r in enumerate(rows):
        v[at + j * width : at + (j + 1) * width] = tuple(r)


def decode(K: np.ndarray, T: Tables, v: np.ndarray) -> RHState:
    """The model state of a kernel array."""
    x = np.asarray(v, dtype=np.int64).tolist()  # Python ints, as the model's fields are
    M = int(K[L.K_M])
    queue = []
    for j in range(x[L.S_QLEN]):
        kind, p, n, e, play = x[L.S_QUEUE + j * L.TW : L.S_QUEUE + (j + 1) * L.TW]
        queue.append(Task(kind, p, n, None if e < 0 else T.effects[e], play))

    def ints(at: int, n: int) -> tuple[int, ...]:
        return tuple(x[at : at + n])

    def rows(at: int, n: int, cls: Any, width: int) -> tuple[Any, ...]:
        return tuple(cls(*x[at + j * width : at + (j + 1) * width]) for j in range(n))

    players = []
    for p in range(int(K[L.K_P])):
        b = int(K[L.O_PLAYERS] + p * K[L.PW])
        players.append(
            PlayerState(
                credits=x[b + L.P_CREDITS],
                vp=x[b + L.P_VP],
                prestige=x[b + L.P_PRESTIGE],
                qoc=x[b + L.P_QOC],
                ambulance=x[b + L.P_AMB],
                insurance=ints(b + L.P_INS, 4),
                production=ints(b + L.P_PROD, 5),
                tokens=ints(b + L.P_TOK, 5),
                healed=x[b + L.P_HEALED],
                healed_max=x[b + L.P_HEALED_MAX],
                hand=ints(b + int(K[L.PO_HAND]), M),
                played=ints(b + int(K[L.PO_PLAYED]), M),
                used=ints(b + int(K[L.PO_USED]), M),
                patients=rows(b + int(K[L.PO_PAT]), x[b + L.P_NPAT], Patient, L.PATW),
                terminals=rows(b + int(K[L.PO_TERM]), x[b + L.P_NTERM], Terminal, L.TERMW),
                passed=bool(x[b + L.P_PASSED]),
                dead=ints(b + L.P_DEAD, 6),
                dead_unseen=x[b + L.P_DEAD_UNSEEN],
                rejected=x[b + L.P_REJECTED],
            )
        )
    return RHState(
        phase=x[L.S_PHASE],
        round=x[L.S_ROUND],
        first=x[L.S_FIRST],
        turn=x[L.S_TURN],
        players=tuple(players),
        queue=tuple(queue),
        deck=ints(int(K[L.O_DECK]), M),
        discard=ints(int(K[L.O_DISCARD]), M),
        picking=ints(int(K[L.O_PICKING]), M),
        arrivals=rows(int(K[L.O_ARR]), x[L.S_NARR], Patient, L.PATW),
        shuffled=ints(int(K[L.O_SHUF]), int(K[L.K_NC])),
        unresolved=ints(int(K[L.O_UNRES]), int(K[L.K_N])),
        returned=ints(int(K[L.O_RET]), x[L.S_NRET]),
        doctors=tuple(bool(d) for d in ints(int(K[L.O_DOCTORS]), int(K[L.K_NDOCTORS]))),
    )


# Actions ----------------------------------------------------------------------------------

_VERB = {name: i for i, name in enumerate(L.VERB_NAMES)}


def action_row(a: Any) -> np.ndarray:
    """The kernel row of a model action."""
    row = np.zeros(L.NA, dtype=np.int64)
    verb = _VERB[type(a).__name__]
    row[0] = verb
    values = [getattr(a, f) for f in type(a).__dataclass_fields__]
    if values:
        field = values[0]
        if isinstance(field, tuple):
            row[1 : 1 + len(field)] = field
        else:
            row[1] = field
    return row


def row_action(row: Any) -> Any:
    """The model action of a kernel row."""
    verb = int(row[0])
    cls = getattr(A, L.VERB_NAMES[verb])
    if verb in L.PATIENT_VERBS:
        return cls(tuple(int(x) for x in row[1:5]))
    if not cls.__dataclass_fields__:
        return cls()
    return cls(int(row[1]))
