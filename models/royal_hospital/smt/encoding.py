"""A Z3 encoding of Royal Hospital's numeric core, step for step the model's transitions.

Scope (``exact``): configurations like ``tiny`` -- a Medical deck of starting cards
only (in play, with action rewards that only gain resources), one hospital space, at
most one terminal card type, a fixed starting player, the default reading of every
ambiguity. There every rule the model applies is encoded: patient draws from the bottom
(exact classes, the returned pile as a queue), admission and rejection, the Action
Phase (activate, discard research, pass, turn order), diagnosis with the hidden side
resolved, healing, terminal care, the Cleanup (time tokens, the check of undiagnosed
patients, deaths and their quality-of-care costs, prestige) and the end. Any other
configuration builds an encoding with ``exact = False`` whose relation cannot be used
(a clear :class:`ModelError`).

How a step is encoded: a state the model hands to an engine waits at one *point* (the
head of the pending queue, or a phase turn). The relation is a disjunction over the
concrete points (round, starting player, waiting task, its player and count), and under
each point over the rules legal there; each rule runs the rest of the model's step --
everything ``flow.advance`` does until the next wait -- by symbolic execution, forking
on data (a shuffled deck that may be empty, a patient that may need the Cleanup check,
players who passed). Chance outcomes are free choices constrained to the outcomes with
positive probability; witnesses are replayed through the model (``hhh_verify.smt.bmc``),
so any drift between the two is reported, never believed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import z3

from hhh_verify.contract.errors import ModelError

from ..rules import actions
from ..rules.cards import (
    CHRONIC,
    CRITICAL,
    MILD,
    SEVERE,
    STARTING,
    TERMINAL,
)
from ..rules.config import (
    DEATH_QOC,
    REJECT_QOC,
    REVEAL_TOKENS,
    SEVERE_TOKENS,
    TERMINAL_DEATH_QOC,
)
from ..rules.effects import (
    CREDITS,
    DOCTOR,
    GAIN,
    PRESTIGE,
    RESEARCH,
    STAFF,
    TOKEN_KINDS,
    VP,
)
from ..rules.model import RHModel
from ..rules.state import (
    ACTIONS,
    CLEANUP,
    OVER,
    PREPARATION,
    T_ADMIT,
    T_DRAW_PATIENT,
    T_REVEAL,
    TREATMENT,
    RHState,
)

PAD = 99  # an empty slot of the returned pile
NONE = -1  # no pending task
# Rules (step selectors)
STUTTER, DRAW, REJECT, ACTIVATE, SELL, PASS, DIAGNOSE, HEAL, TREAT, END = range(10)
RULE_NAMES = (
    "stutter",
    "draw",
    "reject",
    "activate",
    "sell-research",
    "pass",
    "diagnose",
    "heal",
    "treat-terminal",
    "end-treatment",
)
PLAYER_FIELDS = (
    "credits",
    "vp",
    "prestige",
    "qoc",
    "t0",
    "t1",
    "t2",
    "t3",
    "t4",
    "healed",
    "healed_max",
    "used",
    "passed",
    "has",  # a patient in the hospital space
    "card",  # its code (negative: hidden, -(class + 1))
    "diag",
    "tokens",
    "untreated",  # terminal patients not treated this round
    "treated",
    "d1",
    "d2",
    "d3",
    "d4",
    "d5",
    "dead_unseen",
    "rejected",
)

Sym = dict[str, Any]
Branch = tuple[Any, Sym]  # (guard, state)


def unsupported(model: RHModel) -> list[str]:
    """Why ``model``'s configuration is outside the exact encoding (empty: inside)."""
    ctx, c = model.ctx, model.config
    why = []
    if any(m.kind != STARTING for m in ctx.medical):
        why.append("the Medical deck has cards besides the starting cards")
    for m in ctx.medical:
        if m.kind == STARTING and any(
            e.code != GAIN or e.a not in (*range(TOKEN_KINDS), CREDITS, VP) for e in m.action
        ):
            why.append("a starting card's action does more than gain resources")
        if m.kind == STARTING and m.immediate:
            why.append("a starting card has an immediate reward")
    if c.hospital_spaces != 1:
        why.append("more than one hospital space")
    if sum(1 for p in ctx.patients if p.priority == TERMINAL) > 1:
        why.append("more than one terminal card type")
    if c.first_player < 0 and c.players > 1:
        why.append("a random starting player")
    reg = model.readings
    odd = [k for k, v in reg.choices if _default(k) != v]
    if odd:
        why.append("non-default readings: " + ", ".join(odd))
    if sum(p.count for p in ctx.patients) > 8:
        why.append("more than 8 Patient cards")
    return why


def _default(amb_id: str) -> str:
    from ..rules.ambiguities import REGISTRY

    return REGISTRY.get(amb_id).default


@dataclass
class StepVars:
    rule: Any
    choice: Any  # the chance outcome (class, type) or 0
    pre: Sym


class RHEncoding:
    """The transition relation of one model (config + readings); see the module doc."""

    terminal_phase = OVER

    def __init__(self, model: RHModel):
        self.model = model
        self.ctx = model.ctx
        self.why = unsupported(model)
        self.exact = not self.why
        ctx = self.ctx
        self.P = ctx.P
        self.K, self.N = ctx.K, ctx.N
        self.L = sum(p.count for p in ctx.patients)
        self._template: Any = None
        self.start = ctx.starting[0] if ctx.starting else None
        self.terminal = next(
            (t for t, p in enumerate(ctx.patients) if p.priority == TERMINAL), None
        )
        self.fields = (
            ["phase", "round", "first", "turn", "head", "hp", "hn", "rlen", "ahas", "acard"]
            + [f"sh{k}" for k in range(self.K)]
            + [f"un{t}" for t in range(self.N)]
            + [f"r{i}" for i in range(self.L)]
            + [f"p{p}.{f}" for p in range(self.P) for f in PLAYER_FIELDS]
        )

    def notes(self) -> list[str]:
        if self.exact:
            return ["exact: every rule of this configuration is encoded"]
        return ["outside the exact encoding: " + "; ".join(self.why)]

    def _need_exact(self) -> None:
        if not self.exact:
            raise ModelError(
                "the Royal Hospital Z3 encoding covers configurations like tiny only ("
                + "; ".join(self.why)
                + "); use the explorer or the stateful search for this one"
            )

    # Symbolic states --------------------------------------------------------------------
    def state(self, tag: str) -> Sym:
        return {f: z3.Int(f"{tag}.{f}") for f in self.fields}

    def initial(self, s: Sym) -> Any:
        self._need_exact()
        return self.equals(s, self.project(self.model.initial_state()))

    def equals(self, s: Sym, values: Sym) -> Any:
        return z3.And(*(s[f] == values[f] for f in self.fields))

    def project(self, s: RHState) -> dict[str, int]:
        """The numeric core of a concrete state, field for field."""
        head = s.queue[0] if s.queue else None
        v: dict[str, int] = {
            "phase": s.phase,
            "round": s.round,
            "first": s.first,
            "turn": s.turn,
            "head": head.kind if head else NONE,
            "hp": head.player if head else 0,
            "hn": head.n if head else 0,
            "rlen": len(s.returned),
            "ahas": 1 if s.arrivals else 0,
            "acard": s.arrivals[0].card if s.arrivals else 0,
        }
        for k in range(self.K):
            v[f"sh{k}"] = s.shuffled[k]
        for t in range(self.N):
            v[f"un{t}"] = s.unresolved[t]
        for i in range(self.L):
            v[f"r{i}"] = s.returned[i] if i < len(s.returned) else PAD
        for p, ps in enumerate(s.players):
            pt = ps.patients[0] if ps.patients else None
            row = {
                "credits": ps.credits,
                "vp": ps.vp,
                "prestige": ps.prestige,
                "qoc": ps.qoc,
                **{f"t{i}": ps.tokens[i] for i in range(5)},
                "healed": ps.healed,
                "healed_max": ps.healed_max,
                "used": ps.used[self.start] if self.start is not None else 0,
                "passed": int(ps.passed),
                "has": 1 if pt else 0,
                "card": pt.card if pt else 0,
                "diag": pt.diagnosed if pt else 0,
                "tokens": pt.tokens if pt else 0,
                "untreated": sum(1 for x in ps.terminals if not x.treated),
                "treated": sum(1 for x in ps.terminals if x.treated),
                **{f"d{i}": ps.dead[i] for i in range(1, 6)},
                "dead_unseen": ps.dead_unseen,
                "rejected": ps.rejected,
            }
            for f, x in row.items():
                v[f"p{p}.{f}"] = x
        return v

    # Card facts as terms ----------------------------------------------------------------
    def card_fact(self, code: Any, fact: Callable[[Any], int], hidden: int = 0) -> Any:
        """``fact(card type)`` for a symbolic card code (``hidden`` for an unseen card)."""
        out: Any = hidden
        for t, card in enumerate(self.ctx.patients):
            out = z3.If(code == t, fact(card), out)
        return out

    def prio(self, code: Any) -> Any:
        return self.card_fact(code, lambda c: c.priority)

    def class_diag(self, code: Any) -> Any:
        """The diagnostic difficulty the card's visible side shows."""
        out: Any = 0
        for k in range(self.K):
            out = z3.If(code == -(k + 1), self.ctx.class_diag[k], out)
        return self.card_fact(code, lambda c: c.diag, hidden=out)

    # The relation -----------------------------------------------------------------------
    def points(self) -> list[dict[str, int]]:
        """Every concrete wait point of this configuration. The starting player of round
        r is fixed (``first_player`` + r - 1, clockwise), so rounds do not multiply."""
        c = self.model.config
        out: list[dict[str, int]] = []
        for r in range(1, c.rounds + 1):
            first = (c.first_player + r - 1) % self.P
            order = self.order(first)
            common = dict(round=r, first=first)
            n = self.ctx.patients_per_round[r - 1]
            for p in order:
                for k in range(1, n + 1):
                    out.append(
                        dict(common, phase=PREPARATION, head=T_DRAW_PATIENT, hp=p, hn=k, turn=first)
                    )
                out.append(dict(common, phase=PREPARATION, head=T_ADMIT, hp=p, hn=0, turn=first))
                out.append(dict(common, phase=ACTIONS, head=NONE, hp=0, hn=0, turn=p))
                out.append(dict(common, phase=TREATMENT, head=NONE, hp=0, hn=0, turn=p))
                # the Cleanup starts on the last player's EndTreatment, whose turn it stays
                out.append(dict(common, phase=CLEANUP, head=T_REVEAL, hp=p, hn=0, turn=order[-1]))
        return out

    def order(self, first: int) -> list[int]:
        return [(first + k) % self.P for k in range(self.P)]

    def transition(self, pre: Sym, post: Sym, tag: str) -> tuple[Any, StepVars]:
        """The step relation between ``pre`` and ``post``: built once over template
        variables, then renamed for each step (building it is the slow part)."""
        self._need_exact()
        if self._template is None:
            tpre, tpost = self.state("PRE"), self.state("POST")
            rule, choice = z3.Int("RULE"), z3.Int("CHOICE")
            self._template = (self._relation(tpre, tpost, rule, choice), tpre, tpost, rule, choice)
        rel, tpre, tpost, trule, tchoice = self._template
        rule, choice = z3.Int(f"{tag}.rule"), z3.Int(f"{tag}.choice")
        pairs = [(tpre[f], pre[f]) for f in self.fields] + [
            (tpost[f], post[f]) for f in self.fields
        ]
        pairs += [(trule, rule), (tchoice, choice)]
        return z3.substitute(rel, *pairs), StepVars(rule, choice, pre)

    def _relation(self, pre: Sym, post: Sym, rule: Any, choice: Any) -> Any:
        """Every (point, rule, fork) branch as a guard and a successor; the successor's
        fields are If-chains over the (mutually exclusive) guards, so the solver can
        substitute them away instead of searching a disjunction of states."""
        branches: list[Branch] = [(z3.And(rule == STUTTER, pre["phase"] == OVER), pre)]
        for point in self.points():
            at = z3.And(*(pre[f] == v for f, v in point.items()))
            for r, found in self.rules(point, pre, choice):
                branches += [(z3.And(at, rule == r, g), s) for g, s in found]
        constraints = [z3.Or(*(g for g, _ in branches))]
        for f in self.fields:
            values = [(g, s[f]) for g, s in branches]
            if all(v is pre[f] for _, v in values):
                constraints.append(post[f] == pre[f])
                continue
            chain: Any = pre[f]
            for g, v in reversed(values):
                if v is not pre[f]:
                    chain = z3.If(g, v, chain)
            constraints.append(post[f] == chain)
        return z3.And(*constraints)

    def action(self, value: Callable[[Any], int], v: StepVars) -> Any:
        rule = value(v.rule)
        pre = v.pre
        if rule == STUTTER:
            return None
        if rule == DRAW:
            return actions.Draw()
        if rule == REJECT:
            return actions.Reject((value(pre["acard"]), 0, 0, 0))
        if rule == ACTIVATE:
            assert self.start is not None, "Activate is encoded only with a starting card"
            return actions.Activate(self.start)
        if rule == SELL:
            return actions.SellResearch()
        if rule == PASS:
            return actions.Pass()
        if rule == END:
            return actions.EndTreatment()
        if rule == TREAT:
            assert self.terminal is not None, "TreatTerminal is encoded only with a terminal card"
            return actions.TreatTerminal(self.terminal)
        p = value(pre["turn"])
        patient = tuple(value(pre[f"p{p}.{f}"]) for f in ("card", "diag", "tokens")) + (0,)
        return actions.Diagnose(patient) if rule == DIAGNOSE else actions.Heal(patient)

    # Rules at one wait point ------------------------------------------------------------
    def rules(self, point: dict[str, int], pre: Sym, choice: Any) -> list[tuple[int, list[Branch]]]:
        s = dict(pre)
        phase, head, p = point["phase"], point["head"], point["hp"]
        if head == T_DRAW_PATIENT:
            out = []
            for k in range(self.K):
                g, t = self.take_class(s, k)
                t = self.arrive(t, p, t["_card"])
                rest = self.prep_queue(point, after_draw=True)
                out += [(z3.And(g, choice == k, gg), tt) for gg, tt in self.go(t, rest, point)]
            return [(DRAW, out)]
        if head == T_ADMIT:
            t = self.reject(s, p)
            return [(REJECT, self.go(t, self.prep_queue(point, after_admit=True), point))]
        if head == T_REVEAL:
            out = []
            for g, t in self.reveal(s, p, choice):
                out += [
                    (z3.And(g, gg), tt) for gg, tt in self.go(t, self.cleanup_queue(point), point)
                ]
            return [(DRAW, out)]
        turn = point["turn"]
        if phase == ACTIONS:
            return self.action_rules(s, turn, point)
        if phase == TREATMENT:
            return self.treatment_rules(s, turn, point, choice)
        return []

    # Queues (the model's pending steps at each wait point) ----------------------------------
    def prep_queue(
        self, point: dict[str, int], after_draw: bool = False, after_admit: bool = False
    ) -> list[tuple[int | str, int, int]]:
        """The Preparation script from the current task on: (kind, player, n)."""
        r, first, p = point["round"], point["first"], point["hp"]
        n = self.ctx.patients_per_round[r - 1]
        order = self.order(first)
        i = order.index(p)
        q: list[tuple[int | str, int, int]] = []
        if after_draw:
            q.append((T_DRAW_PATIENT, p, point["hn"] - 1))
            q.append((T_ADMIT, p, 0))
        elif not after_admit:
            q += [(T_DRAW_PATIENT, p, n), (T_ADMIT, p, 0)]
        for later in order[i + 1 :]:
            q += [(T_DRAW_PATIENT, later, n), (T_ADMIT, later, 0)]
        return q + [("produce", 0, 0), ("start-actions", 0, 0)]

    def cleanup_queue(self, point: dict[str, int]) -> list[Any]:
        order = self.order(point["first"])
        i = order.index(point["hp"])
        q: list[Any] = [(T_REVEAL, q_, 0) for q_ in order[i:]]
        return q + [("deaths", 0, 0), ("prestige", 0, 0), ("round-end", 0, 0)]

    def go(self, s: Sym, queue: list[Any], point: dict[str, int]) -> list[Branch]:
        """Run the queue until the model would wait; every data-dependent fork is a
        guarded branch (``flow.advance``)."""
        if not queue:
            return [(z3.BoolVal(True), s)]
        kind, p, n = queue[0]
        rest = queue[1:]
        r, first = point["round"], point["first"]
        if kind == T_DRAW_PATIENT:
            if n <= 0:
                return self.go(s, rest, point)
            shuffled = sum(s[f"sh{k}"] for k in range(self.K))
            waiting = dict(s, head=T_DRAW_PATIENT, hp=p, hn=n, phase=PREPARATION)
            out: list[Branch] = [(shuffled > 0, waiting)]
            t = self.take_returned(s)
            t = self.arrive(t, p, t["_card"])
            for g, u in self.go(t, [(T_DRAW_PATIENT, p, n - 1)] + rest, point):
                out.append((z3.And(shuffled == 0, s["rlen"] > 0, g), u))
            for g, u in self.go(s, rest, point):
                out.append((z3.And(shuffled == 0, s["rlen"] == 0, g), u))
            return out
        if kind == T_ADMIT:
            full = z3.And(s["ahas"] == 1, s[f"p{p}.has"] == 1)
            waiting = dict(s, head=T_ADMIT, hp=p, hn=0, phase=PREPARATION)
            admitted = self.admit(s, p)
            return [(full, waiting)] + [
                (z3.And(z3.Not(full), g), u) for g, u in self.go(admitted, rest, point)
            ]
        if kind == "produce":
            return self.go(self.produce(s), rest, point)
        if kind == "start-actions":
            t = dict(s, phase=ACTIONS, turn=first, head=NONE, hp=0, hn=0)
            for q in range(self.P):
                t[f"p{q}.passed"] = 0
            return [(z3.BoolVal(True), t)]
        if kind == T_REVEAL:
            need = self.needs_reveal(s, p)
            waiting = dict(s, head=T_REVEAL, hp=p, hn=0, phase=CLEANUP)
            return [(need, waiting)] + [
                (z3.And(z3.Not(need), g), u) for g, u in self.go(s, rest, point)
            ]
        if kind == "deaths":
            t = s
            for q in self.order(first):
                t = self.deaths(t, q)
            return self.go(t, rest, point)
        if kind == "prestige":
            t = dict(s)
            for q in range(self.P):
                t[f"p{q}.vp"] = t[f"p{q}.vp"] + t[f"p{q}.prestige"] / 2
            return self.go(t, rest, point)
        if kind == "round-end":
            if r >= self.model.config.rounds:
                return [(z3.BoolVal(True), dict(s, phase=OVER, head=NONE, hp=0, hn=0))]
            nxt = (first + 1) % self.P
            t = dict(s, round=r + 1, first=nxt, turn=nxt, phase=PREPARATION)
            new_point = dict(point, round=r + 1, first=nxt, hp=nxt)
            return self.go(t, self.prep_queue(new_point), new_point)
        raise AssertionError(kind)

    # Patient cards ------------------------------------------------------------------------
    def take_class(self, s: Sym, k: int) -> tuple[Any, Sym]:
        """Draw visible class ``k`` from the shuffled deck (guard: one is left)."""
        t = dict(s)
        t[f"sh{k}"] = s[f"sh{k}"] - 1
        if self.ctx.open_class[k]:
            card = self.ctx.class_types[k][0]
            t[f"un{card}"] = s[f"un{card}"] - 1
            t["_card"] = card
        else:
            t["_card"] = -(k + 1)
        return s[f"sh{k}"] > 0, t

    def take_returned(self, s: Sym) -> Sym:
        t = dict(s)
        t["_card"] = s["r0"]
        for i in range(self.L):
            t[f"r{i}"] = s[f"r{i + 1}"] if i + 1 < self.L else PAD
        t["rlen"] = s["rlen"] - 1
        return t

    def put_on_top(self, s: Sym, code: Any) -> Sym:
        t = dict(s)
        for i in range(self.L):
            t[f"r{i}"] = z3.If(s["rlen"] == i, code, s[f"r{i}"])
        t["rlen"] = s["rlen"] + 1
        return t

    def arrive(self, s: Sym, p: int, code: Any) -> Sym:
        """A terminal patient goes to the playing area, any other to the arrivals."""
        t = dict(s)
        t.pop("_card", None)
        is_terminal = code == self.terminal if self.terminal is not None else z3.BoolVal(False)
        t[f"p{p}.untreated"] = z3.If(is_terminal, s[f"p{p}.untreated"] + 1, s[f"p{p}.untreated"])
        t["ahas"] = z3.If(is_terminal, s["ahas"], 1)
        t["acard"] = z3.If(is_terminal, s["acard"], code)
        return t

    def admit(self, s: Sym, p: int) -> Sym:
        t = dict(s)
        arriving = s["ahas"] == 1
        t[f"p{p}.has"] = z3.If(arriving, 1, s[f"p{p}.has"])
        t[f"p{p}.card"] = z3.If(arriving, s["acard"], s[f"p{p}.card"])
        t[f"p{p}.diag"] = z3.If(arriving, 0, s[f"p{p}.diag"])
        t[f"p{p}.tokens"] = z3.If(arriving, 0, s[f"p{p}.tokens"])
        t["ahas"], t["acard"] = 0, 0
        return t

    def reject(self, s: Sym, p: int) -> Sym:
        t = self.put_on_top(s, s["acard"])
        t["ahas"], t["acard"] = 0, 0
        t[f"p{p}.rejected"] = s[f"p{p}.rejected"] + 1
        return self.qoc(t, p, -REJECT_QOC)

    def qoc(self, s: Sym, p: int, d: int) -> Sym:
        t = dict(s)
        q = s[f"p{p}.qoc"] + d
        t[f"p{p}.qoc"] = z3.If(q < 0, 0, q)  # (gains never happen in this fragment)
        return t

    def resolve(self, s: Sym, code: Any, choice: Any) -> list[tuple[Any, Sym, Any]]:
        """The type a card turns out to be: itself if seen; else ``choice`` among its
        class's types with an unresolved card left. Returns (guard, state, type)."""
        out = [(code >= 0, dict(s), code)]
        for t in range(self.N):
            k = self.ctx.class_of[t]
            if self.ctx.open_class[k]:
                continue
            u = dict(s)
            u[f"un{t}"] = s[f"un{t}"] - 1
            out.append((z3.And(code == -(k + 1), choice == t, s[f"un{t}"] > 0), u, t))
        return out

    # Action Phase -----------------------------------------------------------------------
    def action_rules(self, s: Sym, p: int, point: dict[str, int]) -> list[tuple[int, list[Branch]]]:
        out: list[tuple[int, list[Branch]]] = []
        if self.start is not None and self.ctx.medical[self.start].action:
            t = dict(s, **{f"p{p}.used": 1})
            for e in self.ctx.medical[self.start].action:
                t = self.gain(t, p, e.a, e.n)
            out.append(
                (
                    ACTIVATE,
                    [(z3.And(s[f"p{p}.used"] == 0, g), u) for g, u in self.end_turn(t, p, point)],
                )
            )
        research = s[f"p{p}.t{RESEARCH}"]
        t = dict(s)
        t[f"p{p}.t{RESEARCH}"] = z3.If(research > 0, research - 1, research)
        t[f"p{p}.t{DOCTOR}"] = z3.If(research > 0, s[f"p{p}.t{DOCTOR}"], s[f"p{p}.t{DOCTOR}"] - 1)
        t[f"p{p}.credits"] = s[f"p{p}.credits"] + self.model.config.sell_credits
        out.append((SELL, [(research + s[f"p{p}.t{DOCTOR}"] > 0, t)]))
        t = dict(s, **{f"p{p}.passed": 1})
        out.append((PASS, self.end_turn(t, p, point)))
        return out

    def gain(self, s: Sym, p: int, what: int, n: int) -> Sym:
        t = dict(s)
        key = {CREDITS: "credits", VP: "vp", PRESTIGE: "prestige"}.get(what, f"t{what}")
        t[f"p{p}.{key}"] = s[f"p{p}.{key}"] + n
        return t

    def end_turn(self, s: Sym, p: int, point: dict[str, int]) -> list[Branch]:
        """The next player clockwise who has not passed; none: the Treatment Phase."""
        order = self.order(point["first"])
        i = order.index(p)
        out: list[Branch] = []
        earlier: list[Any] = []
        for k in range(1, self.P + 1):
            q = order[(i + k) % self.P]
            free = s[f"p{q}.passed"] == 0
            out.append((z3.And(*earlier, free), dict(s, turn=q)))
            earlier.append(z3.Not(free))
        out.append((z3.And(*earlier), dict(s, phase=TREATMENT, turn=point["first"])))
        return out

    def produce(self, s: Sym) -> Sym:
        t = dict(s)
        for p in range(self.P):
            prod = self.model.initial_state().players[p].production
            for i in range(4):
                t[f"p{p}.t{i}"] = s[f"p{p}.t{i}"] + prod[i]
            t[f"p{p}.credits"] = s[f"p{p}.credits"] + prod[4]
            t[f"p{p}.used"] = 0
        return t

    # Treatment ----------------------------------------------------------------------------
    def pay(self, s: Sym, p: int, order: tuple[int, ...], amount: Any) -> tuple[Any, Sym]:
        """Pay ``amount`` along ``order`` (least flexible first); guard: enough tokens."""
        t = dict(s)
        left = amount
        total = 0
        for k in order:
            have = s[f"p{p}.t{k}"]
            total = total + have
            take = z3.If(have < left, have, left)
            t[f"p{p}.t{k}"] = have - take
            left = left - take
        return total >= amount, t

    def cure(self, s: Sym, p: int, card: Any) -> Sym:
        t = self.put_on_top(s, card)
        t[f"p{p}.has"], t[f"p{p}.card"], t[f"p{p}.diag"], t[f"p{p}.tokens"] = 0, 0, 0, 0
        t[f"p{p}.credits"] = s[f"p{p}.credits"] + self.card_fact(card, lambda c: c.credits)
        t[f"p{p}.vp"] = s[f"p{p}.vp"] + self.card_fact(card, lambda c: c.vp)
        t[f"p{p}.healed"] = s[f"p{p}.healed"] + 1
        t[f"p{p}.healed_max"] = z3.If(
            s[f"p{p}.healed"] + 1 > s[f"p{p}.healed_max"],
            s[f"p{p}.healed"] + 1,
            s[f"p{p}.healed_max"],
        )
        return t

    def treatment_rules(
        self, s: Sym, p: int, point: dict[str, int], choice: Any
    ) -> list[tuple[int, list[Branch]]]:
        x = lambda f: s[f"p{p}.{f}"]  # noqa: E731
        card, tokens = x("card"), x("tokens")
        critical = self.prio(card) == CRITICAL
        diag_chain = (0, STAFF, DOCTOR)
        heal_chain = (1, STAFF, DOCTOR)
        out: list[tuple[int, list[Branch]]] = []
        # Diagnose
        ok, paid = self.pay(s, p, diag_chain, self.class_diag(card))
        branches = []
        for g, t, typ in self.resolve(paid, card, choice):
            t = dict(t, **{f"p{p}.card": typ, f"p{p}.diag": 1})
            auto = z3.And(self.prio(typ) == CHRONIC, tokens == 0)
            cured = self.cure(t, p, typ)
            merged = merge(auto, cured, t)
            branches.append((g, merged))
        can = z3.And(x("has") == 1, x("diag") == 0, z3.Not(critical), ok)
        out.append((DIAGNOSE, [(z3.And(can, g), t) for g, t in branches]))
        # Heal (a critical patient pays both difficulties)
        heal_cost = self.card_fact(card, lambda c: c.heal)
        heal_cost = z3.If(self.prio(card) == CHRONIC, tokens, heal_cost)
        diag_part = z3.If(critical, self.class_diag(card), 0)
        ok1, t1 = self.pay(s, p, diag_chain, diag_part)
        ok2, t2 = self.pay(t1, p, heal_chain, heal_cost)
        can = z3.And(x("has") == 1, z3.Or(x("diag") == 1, critical), ok1, ok2)
        out.append((HEAL, [(can, self.cure(t2, p, card))]))
        # Treat a terminal patient (1 healing)
        if self.terminal is not None:
            okt, tt = self.pay(s, p, heal_chain, 1)
            term = self.ctx.patients[self.terminal]
            tt = dict(tt)
            tt[f"p{p}.untreated"] = x("untreated") - 1
            tt[f"p{p}.treated"] = x("treated") + 1
            tt[f"p{p}.credits"] = x("credits") + term.credits
            tt[f"p{p}.vp"] = x("vp") + term.vp
            out.append((TREAT, [(z3.And(x("untreated") > 0, okt), tt)]))
        # End the treatment: the next player, or the Cleanup
        order = self.order(point["first"])
        i = order.index(p)
        if i + 1 < self.P:
            out.append((END, [(z3.BoolVal(True), dict(s, turn=order[i + 1]))]))
        else:
            t = dict(s, phase=CLEANUP)
            for q in order:
                t = self.time_tokens(t, q)
            cpoint = dict(point, hp=order[0])
            out.append((END, self.go(t, self.cleanup_queue(cpoint), cpoint)))
        return out

    # Cleanup ------------------------------------------------------------------------------
    def time_tokens(self, s: Sym, p: int) -> Sym:
        x = lambda f: s[f"p{p}.{f}"]  # noqa: E731
        mild = z3.And(x("diag") == 1, self.prio(x("card")) == MILD)
        t = dict(s)
        t[f"p{p}.tokens"] = z3.If(z3.And(x("has") == 1, z3.Not(mild)), x("tokens") + 1, x("tokens"))
        return t

    def needs_reveal(self, s: Sym, p: int) -> Any:
        x = lambda f: s[f"p{p}.{f}"]  # noqa: E731
        return z3.And(x("has") == 1, x("diag") == 0, x("card") < 0, x("tokens") >= REVEAL_TOKENS)

    def reveal(self, s: Sym, p: int, choice: Any) -> list[Branch]:
        out = []
        for g, t, typ in self.resolve(s, s[f"p{p}.card"], choice):
            out.append((z3.And(g, s[f"p{p}.card"] < 0), dict(t, **{f"p{p}.card": typ})))
        return out

    def deaths(self, s: Sym, p: int) -> Sym:
        """Critical: any time token; severe: two (seen); terminal: not treated this round."""
        x = lambda f: s[f"p{p}.{f}"]  # noqa: E731
        card, tokens = x("card"), x("tokens")
        prio = self.prio(card)
        dies = z3.And(
            x("has") == 1,
            card >= 0,
            z3.Or(
                z3.And(prio == CRITICAL, tokens >= 1),
                z3.And(prio == SEVERE, tokens >= SEVERE_TOKENS),
            ),
        )
        dead = self.put_on_top(s, card)
        dead[f"p{p}.has"], dead[f"p{p}.card"], dead[f"p{p}.diag"], dead[f"p{p}.tokens"] = 0, 0, 0, 0
        for pr in (CRITICAL, SEVERE):
            dead[f"p{p}.d{pr}"] = z3.If(prio == pr, x(f"d{pr}") + 1, x(f"d{pr}"))
        dead[f"p{p}.dead_unseen"] = z3.If(
            z3.And(prio == SEVERE, x("diag") == 0), x("dead_unseen") + 1, x("dead_unseen")
        )
        dead = self.qoc(dead, p, -DEATH_QOC)
        t = merge(dies, dead, s)
        # terminal patients (one card type): each untreated one dies (1 quality of care)
        if self.terminal is not None:  # at most one terminal card: untreated is 0 or 1
            gone = self.put_on_top(t, self.terminal)
            gone[f"p{p}.d{TERMINAL}"] = t[f"p{p}.d{TERMINAL}"] + 1
            gone = self.qoc(gone, p, -TERMINAL_DEATH_QOC)
            u = merge(t[f"p{p}.untreated"] > 0, gone, t)
            u[f"p{p}.untreated"] = t[f"p{p}.treated"]  # the treated ones need care again
            u[f"p{p}.treated"] = 0
            t = u
        return t


def merge(cond: Any, yes: Sym, no: Sym) -> Sym:
    """``If(cond, yes, no)`` field by field, only where the two differ (smaller terms)."""
    return {f: v if v is no[f] else z3.If(cond, v, no[f]) for f, v in yes.items() if f in no}


def goal(name: str) -> Callable[[Sym], Any]:
    """The built-in ``reach`` goals over a symbolic state (a competitive game: ``terminal``
    and ``outcome:completed`` only)."""
    if name in ("terminal", "outcome:completed"):
        return lambda s: s["phase"] == OVER
    raise ModelError(
        f"the Royal Hospital Z3 encoding cannot encode goal {name!r}; accepted: terminal, "
        "outcome:completed (a competitive game has no won/lost)"
    )
