"""Model <-> kernel: config and readings as the array ``K``, states as ``int64`` arrays,
actions as rows. Every reading is a number in ``K`` (no recompilation per reading)."""

from __future__ import annotations

from typing import Any

import numpy as np

from hhh_verify.contract.errors import ModelError

from ..rules import actions
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
from . import layout

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
        if any(len(m.immediate) > 8 or len(m.action) > layout.MED_MAXE for m in ctx.medical):
            raise ModelError("a Medical card with more rewards than the kernel holds")
        if any(len(e.alts) > layout.EFF_ALTS for e in self.effects):
            raise ModelError("a choice with more alternatives than the kernel holds")


def config_array(ctx: Any, planted: int = 0) -> tuple[np.ndarray, np.ndarray, Tables]:
    """``K`` (config, readings, tables, layout) and ``F`` (the greedy player's worths)."""
    T = Tables(ctx)
    c = ctx.config
    P, M, N, NC = ctx.P, ctx.M, ctx.N, ctx.K
    head = np.zeros(layout.HEADER, dtype=np.int64)
    head[layout.K_P], head[layout.K_M], head[layout.K_N], head[layout.K_NC] = P, M, N, NC
    head[layout.K_ROUNDS], head[layout.K_SELL] = c.rounds, c.sell_credits
    head[layout.K_QOC_MAX], head[layout.K_PRESTIGE_MAX] = c.qoc_max, c.prestige_max
    head[layout.K_PROD_MAX], head[layout.K_CREDIT_MAX] = c.production_max, c.credit_max
    head[layout.K_SPACES], head[layout.K_PLANTED] = c.hospital_spaces, planted
    flags = {
        layout.K_END_EMPTY: ctx.end_on_empty_deck,
        layout.K_DISCARD_TOKENS: ctx.discard_tokens,
        layout.K_RESEARCH_HEALS: ctx.research_heals,
        layout.K_CRITICAL_BOTH: ctx.critical_both,
        layout.K_CRITICAL_TOKENS: ctx.critical_tokens,
        layout.K_TERMINAL_EVERY: ctx.terminal_every_round,
        layout.K_TERMINAL_ONE: ctx.terminal_one_heal,
        layout.K_TERMINAL_REWARD: (
            R.TERMINAL_REWARD.EVERY_TREATMENT,
            R.TERMINAL_REWARD.FIRST_TREATMENT,
            R.TERMINAL_REWARD.NONE,
        ).index(ctx.terminal_reward),
        layout.K_CHRONIC_DIE: ctx.chronic_die,
        layout.K_QOC_OFFSET: ctx.qoc_offset,
        layout.K_QOC_CLAMP: ctx.qoc_floor is not None,
        layout.K_AMB_LOOP: ctx.ambulance_loop,
        layout.K_DOCTOR_EXACT: ctx.doctor_exact,
        layout.K_BONUS_ALWAYS: ctx.bonus_always,
        layout.K_DEPTH_FIRST: ctx.rewards_depth_first,
        layout.K_INS_SUM: ctx.insurance_levels_sum,
        layout.K_COMPARE_PROD: ctx.compare_production,
        layout.K_TIE_PROD: ctx.tie_production,
        layout.K_TOKENS_SCORED: ctx.tokens_scored,
        layout.K_HEALED_SPENT: ctx.healed_spent,
        layout.K_HELI_BOTH: ctx.heli_both,
        layout.K_HELI_QOC: ctx.heli_discard_qoc,
        layout.K_HELI_SENDER: ctx.heli_from_sender,
        layout.K_RESHUFFLE: ctx.reshuffle,
        layout.K_SAME_ROUND: ctx.activate_same_round,
        layout.K_TIE_TERMINALS: ctx.tie_terminals,
        layout.K_TIE_SHARED: ctx.final_tie_shared,
        layout.K_PARTIAL: ctx.partial,
        layout.K_REDIRECT: ctx.insurance_redirect,
        layout.K_DOCTOR_SUBST: ctx.doctor_substitutes,
        layout.K_DRAW_PATIENTS: ctx.draw_patients,
        layout.K_EXTRA_PATIENTS: ctx.extra_patients,
        layout.K_TERMINAL_STAYS: ctx.terminal_card_stays,
        layout.K_VP_FLOOR: ctx.vp_floor,
    }
    # read by the model's config check only
    assert ctx.interp.reading(R.SOLO) in (R.SOLO.SAME_RULES, R.SOLO.REJECT)
    for k, v in flags.items():
        head[k] = int(v)
    # state layout
    at = layout.S_QUEUE + layout.QMAX * layout.TW
    for key, size in (
        (layout.O_DECK, M),
        (layout.O_DISCARD, M),
        (layout.O_PICKING, M),
        (layout.O_ARR, T.amax * layout.PATW),
        (layout.O_SHUF, NC),
        (layout.O_UNRES, N),
        (layout.O_RET, T.rmax),
        (layout.O_DOCTORS, len(DOCTOR_SPOTS)),
    ):
        head[key] = at
        at += size
    head[layout.O_PLAYERS] = at
    po = layout.P_FIXED
    for key, size in (
        (layout.PO_HAND, M),
        (layout.PO_PLAYED, M),
        (layout.PO_USED, M),
        (layout.PO_PAT, T.pmax * layout.PATW),
        (layout.PO_TERM, T.tmax * layout.TERMW),
    ):
        head[key] = po
        po += size
    head[layout.PW] = po
    head[layout.AMAX], head[layout.PMAX], head[layout.TMAX], head[layout.RMAX] = (
        T.amax,
        T.pmax,
        T.tmax,
        T.rmax,
    )
    head[layout.NSTATE] = at + P * po
    # tables
    parts: list[np.ndarray] = [head]
    size = layout.HEADER

    def table(key: int, rows: list[list[int]] | list[int]) -> None:
        nonlocal size
        arr = np.asarray(rows, dtype=np.int64).ravel()
        head[key] = size
        parts.append(arr)
        size += len(arr)

    table(layout.T_ROUND_CARDS, list(c.round_cards[: c.rounds]))
    table(layout.T_ROUND_PATIENTS, list(ctx.patients_per_round[: c.rounds]))
    med = []
    for m, adds, value in zip(ctx.medical, ctx.adds_space, ctx.card_value):
        row = [0] * layout.MED_W
        row[layout.MED_CREDITS], row[layout.MED_RESEARCH], row[layout.MED_HEALED] = (
            m.credits,
            m.research,
            m.healed,
        )
        row[layout.MED_SPACE], row[layout.MED_VALUE] = int(adds), value
        row[layout.MED_NIMM] = len(m.immediate)
        for j, e in enumerate(m.immediate):
            row[layout.MED_IMM + j] = T.eid[e]
        row[layout.MED_NACT] = len(m.action)
        for j, e in enumerate(m.action):
            row[layout.MED_ACT + j] = T.eid[e]
        med.append(row)
    table(layout.T_MED, med)
    table(
        layout.T_PAT,
        [
            [p.priority, p.diag, p.heal, p.credits, p.vp, ctx.class_of[t]]
            for t, p in enumerate(ctx.patients)
        ],
    )
    table(
        layout.T_CLASS,
        [[int(ctx.open_class[k]), ctx.class_diag[k], ctx.class_types[k][0]] for k in range(NC)],
    )
    effs = []
    for e in T.effects:
        row = [e.code, e.a, e.n, len(e.alts)] + [T.eid[x] for x in e.alts]
        effs.append(row + [0] * (layout.EFF_W - len(row)))
    table(layout.T_EFF, effs or [[0] * layout.EFF_W])

    def reward(effects: tuple[Effect, ...]) -> list[int]:
        row = [len(effects)] + [T.eid[e] for e in effects]
        return row + [0] * (layout.REWARD_W - len(row))

    table(layout.T_AMB, [reward(r) for r in AMBULANCE_REWARDS])
    table(layout.T_INS, [reward(lv) for company in INSURANCE_BENEFITS for lv in company])
    table(layout.T_DOCTORS, [[t, sp] for t, sp in DOCTOR_SPOTS])
    amb = [-1] * layout.AMB_IDS
    for e, k in T.eid.items():
        if e.code == AMBULANCE and e.a == 0 and not e.alts and e.n < layout.AMB_IDS:
            amb[e.n] = k
    if any(e.code == AMBULANCE and e.n >= layout.AMB_IDS for e in T.effects):
        raise ModelError(f"an ambulance move of {layout.AMB_IDS} or more spaces: beyond the kernel")
    table(layout.T_AMB_ID, amb)
    head[layout.K_ANY_INS] = T.eid.get(Effect(INSURANCE, -1, 1), -1)
    head[layout.K_NDOCTORS] = len(DOCTOR_SPOTS)
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
    v = np.zeros(int(K[layout.NSTATE]), dtype=np.int64)
    v[layout.S_PHASE], v[layout.S_ROUND], v[layout.S_FIRST], v[layout.S_TURN] = (
        s.phase,
        s.round,
        s.first,
        s.turn,
    )
    if len(s.queue) > layout.QMAX:
        raise ModelError("more pending steps than the kernel holds")
    v[layout.S_QLEN] = len(s.queue)
    for j, t in enumerate(s.queue):
        e = -1 if t.effect is None else T.eid[t.effect]
        v[layout.S_QUEUE + j * layout.TW : layout.S_QUEUE + (j + 1) * layout.TW] = (
            t.kind,
            t.player,
            t.n,
            e,
            t.play,
        )
    M = int(K[layout.K_M])
    v[K[layout.O_DECK] : K[layout.O_DECK] + M] = s.deck
    v[K[layout.O_DISCARD] : K[layout.O_DISCARD] + M] = s.discard
    v[K[layout.O_PICKING] : K[layout.O_PICKING] + M] = s.picking
    _rows(v, int(K[layout.O_ARR]), s.arrivals, int(K[layout.AMAX]), layout.PATW)
    v[layout.S_NARR] = len(s.arrivals)
    v[K[layout.O_SHUF] : K[layout.O_SHUF] + len(s.shuffled)] = s.shuffled
    v[K[layout.O_UNRES] : K[layout.O_UNRES] + len(s.unresolved)] = s.unresolved
    if len(s.returned) > K[layout.RMAX]:
        raise ModelError("a returned pile larger than the kernel holds")
    v[K[layout.O_RET] : K[layout.O_RET] + len(s.returned)] = s.returned
    v[layout.S_NRET] = len(s.returned)
    v[K[layout.O_DOCTORS] : K[layout.O_DOCTORS] + len(s.doctors)] = [int(d) for d in s.doctors]
    for p, ps in enumerate(s.players):
        b = int(K[layout.O_PLAYERS] + p * K[layout.PW])
        v[b + layout.P_CREDITS], v[b + layout.P_VP], v[b + layout.P_PRESTIGE] = (
            ps.credits,
            ps.vp,
            ps.prestige,
        )
        v[b + layout.P_QOC], v[b + layout.P_AMB] = ps.qoc, ps.ambulance
        v[b + layout.P_INS : b + layout.P_INS + 4] = ps.insurance
        v[b + layout.P_PROD : b + layout.P_PROD + 5] = ps.production
        v[b + layout.P_TOK : b + layout.P_TOK + 5] = ps.tokens
        v[b + layout.P_HEALED], v[b + layout.P_HEALED_MAX] = ps.healed, ps.healed_max
        v[b + layout.P_PASSED] = int(ps.passed)
        v[b + layout.P_DEAD : b + layout.P_DEAD + 6] = ps.dead
        v[b + layout.P_DEAD_UNSEEN], v[b + layout.P_REJECTED] = ps.dead_unseen, ps.rejected
        v[b + K[layout.PO_HAND] : b + K[layout.PO_HAND] + M] = ps.hand
        v[b + K[layout.PO_PLAYED] : b + K[layout.PO_PLAYED] + M] = ps.played
        v[b + K[layout.PO_USED] : b + K[layout.PO_USED] + M] = ps.used
        _rows(v, b + int(K[layout.PO_PAT]), ps.patients, int(K[layout.PMAX]), layout.PATW)
        v[b + layout.P_NPAT] = len(ps.patients)
        _rows(v, b + int(K[layout.PO_TERM]), ps.terminals, int(K[layout.TMAX]), layout.TERMW)
        v[b + layout.P_NTERM] = len(ps.terminals)
    return v


def _rows(v: np.ndarray, at: int, rows: Any, room: int, width: int) -> None:
    if len(rows) > room:
        raise ModelError("a list of patients larger than the kernel holds")
    for j, r in enumerate(rows):
        v[at + j * width : at + (j + 1) * width] = tuple(r)


def decode(K: np.ndarray, T: Tables, v: np.ndarray) -> RHState:
    """The model state of a kernel array."""
    x = np.asarray(v, dtype=np.int64).tolist()  # Python ints, as the model's fields are
    M = int(K[layout.K_M])
    queue = []
    for j in range(x[layout.S_QLEN]):
        kind, p, n, e, play = x[
            layout.S_QUEUE + j * layout.TW : layout.S_QUEUE + (j + 1) * layout.TW
        ]
        queue.append(Task(kind, p, n, None if e < 0 else T.effects[e], play))

    def ints(at: int, n: int) -> tuple[int, ...]:
        return tuple(x[at : at + n])

    def rows(at: int, n: int, cls: Any, width: int) -> tuple[Any, ...]:
        return tuple(cls(*x[at + j * width : at + (j + 1) * width]) for j in range(n))

    players = []
    for p in range(int(K[layout.K_P])):
        b = int(K[layout.O_PLAYERS] + p * K[layout.PW])
        players.append(
            PlayerState(
                credits=x[b + layout.P_CREDITS],
                vp=x[b + layout.P_VP],
                prestige=x[b + layout.P_PRESTIGE],
                qoc=x[b + layout.P_QOC],
                ambulance=x[b + layout.P_AMB],
                insurance=ints(b + layout.P_INS, 4),
                production=ints(b + layout.P_PROD, 5),
                tokens=ints(b + layout.P_TOK, 5),
                healed=x[b + layout.P_HEALED],
                healed_max=x[b + layout.P_HEALED_MAX],
                hand=ints(b + int(K[layout.PO_HAND]), M),
                played=ints(b + int(K[layout.PO_PLAYED]), M),
                used=ints(b + int(K[layout.PO_USED]), M),
                patients=rows(
                    b + int(K[layout.PO_PAT]), x[b + layout.P_NPAT], Patient, layout.PATW
                ),
                terminals=rows(
                    b + int(K[layout.PO_TERM]), x[b + layout.P_NTERM], Terminal, layout.TERMW
                ),
                passed=bool(x[b + layout.P_PASSED]),
                dead=ints(b + layout.P_DEAD, 6),
                dead_unseen=x[b + layout.P_DEAD_UNSEEN],
                rejected=x[b + layout.P_REJECTED],
            )
        )
    return RHState(
        phase=x[layout.S_PHASE],
        round=x[layout.S_ROUND],
        first=x[layout.S_FIRST],
        turn=x[layout.S_TURN],
        players=tuple(players),
        queue=tuple(queue),
        deck=ints(int(K[layout.O_DECK]), M),
        discard=ints(int(K[layout.O_DISCARD]), M),
        picking=ints(int(K[layout.O_PICKING]), M),
        arrivals=rows(int(K[layout.O_ARR]), x[layout.S_NARR], Patient, layout.PATW),
        shuffled=ints(int(K[layout.O_SHUF]), int(K[layout.K_NC])),
        unresolved=ints(int(K[layout.O_UNRES]), int(K[layout.K_N])),
        returned=ints(int(K[layout.O_RET]), x[layout.S_NRET]),
        doctors=tuple(bool(d) for d in ints(int(K[layout.O_DOCTORS]), int(K[layout.K_NDOCTORS]))),
    )


# Actions ----------------------------------------------------------------------------------

_VERB = {name: i for i, name in enumerate(layout.VERB_NAMES)}


def action_row(a: Any) -> np.ndarray:
    """The kernel row of a model action."""
    row = np.zeros(layout.NA, dtype=np.int64)
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
    cls = getattr(actions, layout.VERB_NAMES[verb])
    if verb in layout.PATIENT_VERBS:
        return cls(tuple(int(x) for x in row[1:5]))
    if not cls.__dataclass_fields__:
        return cls()
    return cls(int(row[1]))
