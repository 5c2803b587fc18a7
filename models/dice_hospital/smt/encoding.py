"""The Dice Hospital transition relation in Z3: one disjunct per kind of model step.

Every step the model can take from a state in scope (one colour, two players, see
``layout.scope_error``) is a rule here, with the same phase routing and the same
forced moves as the model, so every rule of such a config is encoded (``exact``).
Witnesses are replayed through the model by the engine (``hhh_verify.smt.bmc``); a
test also plays explored transitions of ``tiny`` through this relation, so the two
cannot drift apart. Chance steps choose any outcome of positive probability: dice
values per face, tiles and cards per kind.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import z3

from ..rules import actions
from ..rules import readings as R
from ..rules.components import (
    ANY,
    DONOR,
    GUARDIAN,
    MATRON,
    SAME_HEALTH,
    SPECIALISTS,
    UNTREATED,
    WARDS,
)
from ..rules.model import DHModel
from ..rules.scoring import discharge_points
from ..rules.state import (
    ACT_DISCARD,
    ACTIVATE,
    DICE_DRAW,
    EFFECT,
    EVICT,
    EXPAND,
    EXPAND_DISCARD,
    EXTRA,
    EXTRA_DRAW,
    MARKET,
    OVER,
    PICK,
    ROLL,
    SETUP_ADMIN,
    SETUP_ADMIN_PICK,
    SETUP_DICE,
)
from .layout import (
    CELLS,
    HEALTHS,
    VALUES,
    K,
    S,
    W,
    check_scope,
    field_names,
    project,
    scope_error,
)

# Rule codes (the step variable ``rule``)
(
    STUTTER, SETUP_DRAW, ADMIN_DRAW, ADMIN_KEEP, MARKET_DRAW, EXTRA_PICK, EXTRA_TILE,
    DICE, ROLL_DICE, TAKE_AMB, EVICT_PICK, TAKE_WARD, TAKE_SPEC, TRADE_WARD, TRADE_SPEC,
    DISCARD_WARD, DISCARD_SPEC, KEEP, ACTIVATE_WARD, SPEC_HEAL, DECLINE, BLOOD, END,
) = range(23)  # fmt: skip
LOUNGE = -1  # a heal's destination: the discharge lounge
CHOICES = 13  # shared choice variables (eviction counts, a market draw, a hand, a roll)


@dataclass
class StepVars:
    rule: Any
    args: tuple[Any, ...]  # a0..a4: player-free arguments of the action
    x: tuple[Any, ...]  # counts chosen by a chance step or an eviction


def cell(h: int, t: int) -> int:
    return CELLS.index((h, t))


class DHEncoding:
    """The transition relation of one model (config + readings) in scope."""

    terminal_phase = OVER

    def __init__(self, model: DHModel):
        self.model = model
        #: Every rule of this config is encoded (outside the scope nothing is: ``check``
        #: then falls back to the reduced preset, and any use is a clean ModelError).
        self.exact = not scope_error(model)
        self.ctx = model.ctx
        self.cfg = model.config
        self.A = self.ctx.ambulances
        self.fields = field_names(self.A)
        c = self.cfg
        # kinds that exist in this game (the others' counts stay 0: no rule for them)
        self.wards = [k for k in range(W) if c.board_wards[k] + c.wards_in_deck[k]]
        self.specs = [k for k in range(S) if c.specialists_in_deck[k]]
        self.admins = [k for k in range(K) if c.admin_deck[k]]

    def notes(self) -> list[str]:
        return [
            "exact: every rule of a one-colour, two-player game is encoded",
            "a patient is (health, treated); a die its value",
        ]

    # Protocol -------------------------------------------------------------------------
    def state(self, tag: str) -> dict[str, Any]:
        check_scope(self.model)
        return {f: z3.Int(f"{tag}.{f}") for f in self.fields}

    def project(self, s: Any) -> dict[str, int]:
        return project(s, self.A)

    def initial(self, s: dict[str, Any]) -> Any:
        values = self.project(self.model.initial_state())
        return z3.And(*(s[f] == values[f] for f in self.fields))

    def transition(self, p: dict[str, Any], q: dict[str, Any], tag: str) -> tuple[Any, StepVars]:
        check_scope(self.model)
        v = StepVars(
            z3.Int(f"{tag}.rule"),
            tuple(z3.Int(f"{tag}.a{i}") for i in range(5)),
            tuple(z3.Int(f"{tag}.x{i}") for i in range(CHOICES)),
        )
        entries = _Rules(self, p, q, v).all()
        return self.relation(p, q, entries, z3.Int(f"{tag}.sel")), v

    def relation(self, p: dict[str, Any], q: dict[str, Any], entries: list[Any], sel: Any) -> Any:
        """The rules grouped by the phase they fire in; within a phase one selector picks
        the rule. Each field is an if-chain over the phases and, inside one, over the
        rules that change it (the others keep their value). Once the solver knows the
        phase of a step, every other phase's rules drop out of that step."""
        by_phase: dict[int, list[int]] = {}
        for i, (conds, _) in enumerate(entries):
            by_phase.setdefault(_phase_of(conds, p["phase"]), []).append(i)
        guards = []
        for ph, ids in by_phase.items():
            inner = [z3.And(sel == i, *entries[i][0]) for i in ids]
            guards.append(z3.And(p["phase"] == ph, z3.Or(*inner)))
        frame = []
        for f in self.fields:
            expr = p[f]
            for ph, ids in by_phase.items():
                chain = p[f]
                touched = False
                for i in reversed(ids):
                    if f in entries[i][1]:
                        chain = z3.If(sel == i, entries[i][1][f], chain)
                        touched = True
                if touched:
                    expr = z3.If(p["phase"] == ph, chain, expr)
            frame.append(q[f] == expr)
        return z3.And(z3.Or(*guards), *frame)

    def action(self, value: Callable[[Any], int], v: StepVars) -> Any:
        rule = value(v.rule)
        a = [value(x) for x in v.args]
        if rule == STUTTER:
            return None
        if rule in (SETUP_DRAW, ADMIN_DRAW, MARKET_DRAW, EXTRA_TILE, DICE, ROLL_DICE):
            return actions.Draw()
        simple: dict[int, Callable[[int], Any]] = {
            ADMIN_KEEP: actions.KeepAdministrator,
            EXTRA_PICK: actions.RevealExtra,
            TAKE_AMB: actions.TakeAmbulance,
            TAKE_WARD: actions.TakeWard,
            TAKE_SPEC: actions.TakeSpecialist,
            TRADE_WARD: actions.TradeWard,
            TRADE_SPEC: actions.TradeSpecialist,
            DISCARD_WARD: actions.DiscardWard,
            DISCARD_SPEC: actions.DiscardSpecialist,
        }
        if rule in simple:
            return simple[rule](a[0])
        if rule == KEEP:
            return actions.KeepTiles()
        if rule == EVICT_PICK:
            counts = [value(x) for x in v.x[: len(CELLS)]]
            return actions.Evict(
                tuple((0, h, t, -1) for (h, t), n in zip(CELLS, counts) for _ in range(n))
            )
        if rule == ACTIVATE_WARD:
            size = WARDS[a[1]].size
            group = tuple((0, *CELLS[c], -1) for c in a[2 : 2 + size])
            return actions.Activate(a[0], a[1], group)
        if rule == SPEC_HEAL:
            return actions.SpecialistHeal((0, a[0], a[1], -1))
        if rule == DECLINE:
            return actions.DeclineEffect()
        if rule == BLOOD:
            return actions.BloodHeal((0, *CELLS[a[0]], -1))
        if rule == END:
            return actions.EndActivation()
        raise AssertionError(f"unknown rule {rule}")


def _phase_of(conds: list[Any], phase: Any) -> int:
    """The phase a rule's guard requires (every rule names exactly one)."""
    for c in conds:
        if z3.is_and(c):
            try:
                return _phase_of(list(c.children()), phase)
            except AssertionError:
                continue
        if z3.is_eq(c) and c.arg(0).eq(phase) and z3.is_int_value(c.arg(1)):
            return c.arg(1).as_long()
    raise AssertionError(f"a rule without a phase guard: {conds}")


def _sum(xs: Any) -> Any:
    xs = list(xs)
    return z3.Sum(xs) if xs else z3.IntVal(0)


def _ind(cond: Any) -> Any:
    return z3.If(cond, 1, 0)


class _Rules:
    """The disjuncts of one step ``p -> q`` (built per acting player where it matters)."""

    def __init__(self, enc: DHEncoding, p: dict[str, Any], q: dict[str, Any], v: StepVars):
        self.e, self.p, self.q, self.v = enc, p, q, v
        self.ctx, self.cfg = enc.ctx, enc.cfg

    # Framing ----------------------------------------------------------------------------
    def rule(self, code: int, *conds: Any, ch: dict[str, Any]) -> Any:
        """One rule: its guard and the fields it changes (the rest stay)."""
        return ([self.v.rule == code, *conds], dict(ch))

    def n(self, pl: int, c: int, src: dict[str, Any] | None = None) -> Any:
        h, t = CELLS[c]
        return (src or self.p)[f"p{pl}.n{h}{t}"]

    def actor_by_order(self, pl: int) -> Any:
        p = self.p
        return z3.Or(
            z3.And(p["cursor"] == 0, p["order0"] == pl), z3.And(p["cursor"] == 1, p["order1"] == pl)
        )

    def all(self) -> list[Any]:
        out = [self.rule(STUTTER, self.p["phase"] == OVER, ch={})]
        out += [self.market(), self.dice(), self.roll()]
        out += self.extra()
        for pl in range(2):
            out += self.setup(pl)
            out += self.picks(pl)
            out += self.draft(pl)
            out += self.activation(pl)
        return out

    # Setup ------------------------------------------------------------------------------
    def setup(self, pl: int) -> list[Any]:
        """Przed grą: starting dice (forced values with one colour), the administrators."""
        p, x = self.p, self.v.x
        start = self.cfg.start_health
        ch: dict[str, Any] = {"supply": p["supply"] - len(start)}
        for h in HEALTHS:
            if start.count(h):
                key = f"p{pl}.n{h}0"
                ch[key] = p[key] + start.count(h)
        ch.update(
            {"phase": SETUP_DICE, "cursor": 1} if pl == 0 else {"phase": SETUP_ADMIN, "cursor": 0}
        )
        out = [self.rule(SETUP_DRAW, p["phase"] == SETUP_DICE, p["cursor"] == pl, ch=ch)]
        # the administrator draw: a hand of two, kept at once when it is one kind
        hand = x[:K]
        conds = [p["phase"] == SETUP_ADMIN, p["cursor"] == pl, _sum(hand) == 2]
        conds += [z3.And(0 <= hand[k], hand[k] <= p[f"admin_deck{k}"]) for k in range(K)]
        ch = {f"admin_deck{k}": p[f"admin_deck{k}"] - hand[k] for k in range(K)}
        pair = [hand[k] == 2 for k in range(K)]
        single = z3.Or(*pair)
        mixed = dict(ch, phase=SETUP_ADMIN_PICK, **{f"admin_hand{k}": hand[k] for k in range(K)})
        out.append(self.rule(ADMIN_DRAW, *conds, z3.Not(single), ch=mixed))
        for k in self.e.admins:
            kept = dict(ch, **self.keep_admin(pl, k, hand))
            out.append(self.rule(ADMIN_DRAW, *conds, pair[k], ch=kept))
            chosen = [p["phase"] == SETUP_ADMIN_PICK, p["cursor"] == pl, self.v.args[0] == k]
            hand_now = [p[f"admin_hand{j}"] for j in range(K)]
            chosen.append(hand_now[k] >= 1)
            out.append(self.rule(ADMIN_KEEP, *chosen, ch=self.keep_admin(pl, k, hand_now)))
        return out

    def keep_admin(self, pl: int, k: int, hand: list[Any] | tuple[Any, ...]) -> dict[str, Any]:
        p = self.p
        ch: dict[str, Any] = {f"p{pl}.admin": k}
        if k == DONOR:
            ch[f"p{pl}.blood"] = p[f"p{pl}.blood"] + 2
        for j in range(K):
            ch[f"admin_box{j}"] = p[f"admin_box{j}"] + hand[j] - (1 if j == k else 0)
            ch[f"admin_hand{j}"] = 0
        ch.update(
            {"phase": SETUP_ADMIN, "cursor": 1} if pl == 0 else {"phase": MARKET, "cursor": 0}
        )
        return ch

    # Market -----------------------------------------------------------------------------
    def market(self) -> Any:
        """Zmiana personelu: the round's wards and specialists, at random."""
        p, x = self.p, self.v.x
        w, s = x[:W], x[W : W + S]
        conds = [p["phase"] == MARKET, _sum(w) == self.cfg.wards_revealed]
        conds.append(_sum(s) == self.cfg.specialists_revealed)
        ch: dict[str, Any] = {}
        for k in range(W):
            conds.append(z3.And(0 <= w[k], w[k] <= p[f"ward_deck{k}"]))
            ch[f"ward_deck{k}"] = p[f"ward_deck{k}"] - w[k]
            ch[f"ward_market{k}"] = w[k]
        for k in range(S):
            conds.append(z3.And(0 <= s[k], s[k] <= p[f"spec_deck{k}"]))
            ch[f"spec_deck{k}"] = p[f"spec_deck{k}"] - s[k]
            ch[f"spec_market{k}"] = s[k]
        early = self.ctx.extra_reveal in (R.EXTRA_REVEAL.ADMISSION_ONCE, R.EXTRA_REVEAL.TWICE)
        ch.update(phase=EXTRA if early else DICE_DRAW, cursor=0)
        return self.rule(MARKET_DRAW, *conds, ch=ch)

    def extra(self) -> list[Any]:
        """Two players: the first player's extra reveal, then the tile (DH-EXTRA-REVEAL)."""
        p, a = self.p, self.v.args
        if self.ctx.extra_reveal == "none":
            return []
        decks = {0: ("ward_deck", "ward_market", W), 1: ("spec_deck", "spec_market", S)}
        out = []
        for kind, (deck, _, n) in decks.items():
            has = _sum(p[f"{deck}{k}"] for k in range(n)) > 0
            out.append(
                self.rule(
                    EXTRA_PICK,
                    p["phase"] == EXTRA,
                    a[0] == kind,
                    has,
                    ch={"phase": EXTRA_DRAW, "cursor": 2 * p["cursor"] + kind},
                )
            )
        for stage in (0, 1):
            for kind, (deck, market, _n) in decks.items():
                for k in self.e.wards if kind == 0 else self.e.specs:
                    ch = {
                        f"{deck}{k}": p[f"{deck}{k}"] - 1,
                        f"{market}{k}": p[f"{market}{k}"] + 1,
                        "phase": DICE_DRAW if stage == 0 else EXPAND,
                        "cursor": 0,
                    }
                    conds = [p["phase"] == EXTRA_DRAW, p["cursor"] == 2 * stage + kind]
                    out.append(
                        self.rule(EXTRA_TILE, *conds, a[0] == k, p[f"{deck}{k}"] >= 1, ch=ch)
                    )
        return out

    # Admission --------------------------------------------------------------------------
    def dice(self) -> Any:
        """Dice for the ambulances (DH-AMBULANCE-COUNT; DH-SUPPLY-SHORT)."""
        p = self.p
        need = self.e.A * self.cfg.ambulance_dice
        mortuary = p["p0.mortuary"] + p["p1.mortuary"]
        ch: dict[str, Any] = {}
        supply = p["supply"]
        if self.ctx.recycle_when_short:
            short = p["supply"] < need
            supply = z3.If(short, p["supply"] + mortuary, p["supply"])
            for pl in range(2):
                ch[f"p{pl}.mortuary"] = z3.If(short, 0, p[f"p{pl}.mortuary"])
        n = z3.If(supply < need, supply, need)
        empty = self.placed({})
        ch.update(
            phase=z3.If(n == 0, empty["phase"], ROLL),
            cursor=0,
            supply=supply - n,
            drawn=n,
            order0=z3.If(n == 0, empty["order0"], p["order0"]),
            order1=z3.If(n == 0, empty["order1"], p["order1"]),
        )
        return self.rule(DICE, p["phase"] == DICE_DRAW, ch=ch)

    def placed(self, counts: dict[int, Any]) -> dict[str, Any]:
        """Dice in ascending value into the ambulances, ``ambulance_dice`` each; then the
        picks in turn order from the first player."""
        p, d = self.p, self.cfg.ambulance_dice
        ch: dict[str, Any] = {"phase": PICK, "cursor": 0, "drawn": 0}
        ch["order0"], ch["order1"] = p["first"], 1 - p["first"]
        cum_lo: Any = z3.IntVal(0)
        for v in VALUES:
            r = counts.get(v, z3.IntVal(0))
            cum_hi = cum_lo + r
            for j in range(self.e.A):
                lo = z3.If(cum_lo > j * d, cum_lo, j * d)
                hi = z3.If(cum_hi < (j + 1) * d, cum_hi, (j + 1) * d)
                ch[f"amb{j}.v{v}"] = z3.If(hi > lo, hi - lo, 0)
            cum_lo = cum_hi
        return ch

    def roll(self) -> Any:
        """Every die uniform on 2..5; one colour: the multiset of values."""
        p, x = self.p, self.v.x
        r = {v: x[i] for i, v in enumerate(VALUES)}
        conds = [p["phase"] == ROLL, _sum(r.values()) == p["drawn"]]
        conds += [r[v] >= 0 for v in VALUES]
        return self.rule(ROLL_DICE, *conds, ch=self.placed(r))

    def picks(self, pl: int) -> list[Any]:
        """Take an ambulance (first player: not ambulance 1); admit, evict if no room.
        Split by the pick's position (first or last), so each rule is concrete."""
        p, a, x = self.p, self.v.args, self.v.x
        out = []
        for slot in (0, 1):
            me = z3.And(p["cursor"] == slot, p[f"order{slot}"] == pl)
            for j in range(self.e.A):
                conds = [p["phase"] == PICK, me, a[0] == j, p[f"taken{1 - pl}"] != j]
                if j == 0:
                    conds.append(p["first"] != pl)
                incoming = {v: p[f"amb{j}.v{v}"] for v in VALUES}
                for c, ch in self.admit(pl, slot, incoming, j):
                    if f"taken{pl}" not in ch:  # still picking: record the ambulance
                        ch = dict(ch, **{f"taken{pl}": j})
                    out.append(self.rule(TAKE_AMB, *conds, c, ch=ch))
            # the player's choice of whom to evict
            e = x[: len(CELLS)]
            incoming = {v: p[f"in.v{v}"] for v in VALUES}
            over = self.over(pl, incoming)
            conds = [p["phase"] == EVICT, me, _sum(e) == over]
            conds += [z3.And(0 <= e[c], e[c] <= self.n(pl, c)) for c in range(len(CELLS))]
            ch = self.evict(pl, slot, list(e), over, incoming, p[f"taken{pl}"])
            out.append(self.rule(EVICT_PICK, *conds, ch=ch))
        return out

    def over(self, pl: int, incoming: dict[int, Any]) -> Any:
        cap = self.ctx.capacity
        npat = _sum(self.n(pl, c) for c in range(len(CELLS)))
        return npat + _sum(incoming.values()) - (cap if cap is not None else 0)

    def admit(
        self, pl: int, slot: int, incoming: dict[int, Any], taken: Any
    ) -> list[tuple[Any, dict[str, Any]]]:
        """(condition, changes) for admitting ``incoming`` (DH-CAPACITY, DH-EVICT-WHO)."""
        none = [0] * len(CELLS)
        if self.ctx.capacity is None:
            return [(z3.BoolVal(True), self.admitted(pl, slot, incoming, none, taken))]
        over = self.over(pl, incoming)
        cells = [self.n(pl, c) for c in range(len(CELLS))]
        npat = _sum(cells)
        if self.ctx.evict == R.EVICT_WHO.ALL_CURRENT:
            auto: Any = z3.BoolVal(True)
            gone, n_gone = cells, npat
        else:
            nonempty = _sum(_ind(n > 0) for n in cells)
            auto = (
                z3.BoolVal(True)
                if self.ctx.evict == R.EVICT_WHO.SICKEST_FIRST
                else z3.Or(over == npat, nonempty == 1)
            )
            gone, before = [], z3.IntVal(0)
            for n in cells:  # the lowest health first (cells are in health order)
                left = over - before
                gone.append(z3.If(left <= 0, 0, z3.If(left < n, left, n)))
                before = before + n
            n_gone = over
        wait = dict({f"in.v{v}": incoming[v] for v in VALUES}, phase=EVICT)
        return [
            (over <= 0, self.admitted(pl, slot, incoming, none, taken)),
            (z3.And(over > 0, auto), self.evict(pl, slot, gone, n_gone, incoming, taken)),
            (z3.And(over > 0, z3.Not(auto)), wait),
        ]

    def evict(
        self, pl: int, slot: int, gone: list[Any], n_gone: Any, incoming: dict[int, Any], taken: Any
    ) -> dict[str, Any]:
        p = self.p
        ch = self.admitted(pl, slot, incoming, gone, taken)
        ch[f"p{pl}.mortuary"] = p[f"p{pl}.mortuary"] + n_gone
        ch[f"p{pl}.mortality"] = p[f"p{pl}.mortality"] + n_gone
        return ch

    def admitted(
        self, pl: int, slot: int, incoming: dict[int, Any], gone: list[Any], taken: Any
    ) -> dict[str, Any]:
        """The newcomers join (untreated, or treated under
        DH-ARRIVAL-NEGLECT=arrivals-exempt), the evicted leave; then the next pick."""
        ch: dict[str, Any] = {}
        for c, (h, t) in enumerate(CELLS):
            add = incoming[h] if t == self.ctx.arrival_mark and h in incoming else 0
            if isinstance(gone[c], int) and gone[c] == 0 and isinstance(add, int):
                continue
            ch[f"p{pl}.n{h}{t}"] = self.n(pl, c) - gone[c] + add
        for v in VALUES:
            ch[f"in.v{v}"] = 0
        ch.update(self.next_pick(pl, slot, taken))
        return ch

    def next_pick(self, pl: int, slot: int, mine: Any) -> dict[str, Any]:
        """The next player picks; after the last pick the blood bag, the first player, the
        draft order, the ambulances back (DH-EXTRA-REVEAL at the expansion)."""
        p = self.p
        if slot == 0:
            return {"phase": PICK, "cursor": 1}
        other = p[f"taken{1 - pl}"]
        low = z3.If(mine < other, pl, 1 - pl)
        back = _sum(
            _ind(z3.And(mine != j, other != j)) * p[f"amb{j}.v{v}"]
            for j in range(self.e.A)
            for v in VALUES
        )
        late = self.ctx.extra_reveal in (R.EXTRA_REVEAL.EXPANSION_ONCE, R.EXTRA_REVEAL.TWICE)
        decks = _sum(p[f"ward_deck{k}"] for k in self.e.wards)
        decks = decks + _sum(p[f"spec_deck{k}"] for k in self.e.specs)
        extra = decks > 0 if late else z3.BoolVal(False)
        ch: dict[str, Any] = {
            "phase": z3.If(extra, EXTRA, EXPAND),
            "cursor": z3.If(extra, 1, 0),
            "next_first": low,
            "order0": low,
            "order1": 1 - low,
            "supply": p["supply"] + back,
            "taken0": -1,
            "taken1": -1,
        }
        for q in range(2):
            key = f"p{q}.blood"
            ch[key] = p[key] + _ind(low == q)
        for j in range(self.e.A):
            for v in VALUES:
                ch[f"amb{j}.v{v}"] = 0
        return ch

    # Draft ------------------------------------------------------------------------------
    def draft(self, pl: int) -> list[Any]:
        """Rozubudowa szpitala: take or trade a revealed tile; discards (DH-EXPANSION-DISCARD)."""
        p, a = self.p, self.v.args
        out = []
        me = self.actor_by_order(pl)
        reading = self.ctx.expansion_discard
        for code, market, own, gone, n, trade in (
            (TAKE_WARD, "ward_market", "wards", "ward_gone", W, False),
            (TAKE_SPEC, "spec_market", "specs", "spec_gone", S, False),
            (TRADE_WARD, "ward_market", "wards", "ward_gone", W, True),
            (TRADE_SPEC, "spec_market", "specs", "spec_gone", S, True),
        ):
            if trade and reading != R.EXPANSION_DISCARD.INSTEAD_OF_TAKING:
                continue
            for k in self.e.wards if n == W else self.e.specs:
                ch: dict[str, Any] = {f"{market}{k}": p[f"{market}{k}"] - 1}
                if trade:
                    ch[f"{gone}{k}"] = p[f"{gone}{k}"] + 1
                    ch[f"p{pl}.blood"] = p[f"p{pl}.blood"] + 1
                else:
                    ch[f"p{pl}.{own}{k}"] = p[f"p{pl}.{own}{k}"] + 1
                    if self.ctx.tile_waits:  # DH-NEW-TILE=next-round: used this round
                        used = f"p{pl}.used_{own}{k}"
                        ch[used] = p[used] + 1
                if reading == R.EXPANSION_DISCARD.OWNED_TILE and not trade:
                    ch["phase"] = EXPAND_DISCARD
                else:
                    ch = self.next_draft(ch)
                conds = [p["phase"] == EXPAND, me, a[0] == k, p[f"{market}{k}"] >= 1]
                out.append(self.rule(code, *conds, ch=ch))
        if reading == R.EXPANSION_DISCARD.OWNED_TILE:
            out += self.discards(pl, z3.And(p["phase"] == EXPAND_DISCARD, me), self.next_draft)
        out += self.discards(
            pl,
            z3.And(p["phase"] == ACT_DISCARD, p["cursor"] == pl),
            lambda ch: dict(ch, phase=ACTIVATE),
        )
        return out

    def discards(
        self, pl: int, when: Any, then: Callable[[dict[str, Any]], dict[str, Any]]
    ) -> list[Any]:
        p, a = self.p, self.v.args
        out = [self.rule(KEEP, when, ch=then({}))]
        for code, own, gone, n in (
            (DISCARD_WARD, "wards", "ward_gone", W),
            (DISCARD_SPEC, "specs", "spec_gone", S),
        ):
            for k in self.e.wards if n == W else self.e.specs:
                left = p[f"p{pl}.{own}{k}"] - 1
                used = p[f"p{pl}.used_{own}{k}"]
                room = left + (self.cfg.board_wards[k] if n == W else 0)
                ch = {
                    f"p{pl}.{own}{k}": left,
                    f"p{pl}.used_{own}{k}": z3.If(used > room, room, used),
                    f"{gone}{k}": p[f"{gone}{k}"] + 1,
                    f"p{pl}.blood": p[f"p{pl}.blood"] + 1,
                }
                conds = [when, a[0] == k, p[f"p{pl}.{own}{k}"] >= 1]
                out.append(self.rule(code, *conds, ch=then(ch)))
        return out

    def next_draft(self, ch: dict[str, Any]) -> dict[str, Any]:
        """The next player drafts; after the last, the unchosen tiles leave the game and
        player 0's activation starts."""
        p = self.p
        last = p["cursor"] == 1
        out = dict(ch)
        for market, gone, n in (("ward_market", "ward_gone", W), ("spec_market", "spec_gone", S)):
            for k in range(n):
                now_m = ch.get(f"{market}{k}", p[f"{market}{k}"])
                now_g = ch.get(f"{gone}{k}", p[f"{gone}{k}"])
                out[f"{market}{k}"] = z3.If(last, 0, now_m)
                out[f"{gone}{k}"] = z3.If(last, now_g + now_m, now_g)
        owns = _sum(ch.get(f"p0.wards{k}", p[f"p0.wards{k}"]) for k in range(W))
        owns = owns + _sum(ch.get(f"p0.specs{k}", p[f"p0.specs{k}"]) for k in range(S))
        start = z3.If(owns > 0, ACT_DISCARD, ACTIVATE)
        out["phase"] = z3.If(last, start, EXPAND)
        out["cursor"] = z3.If(last, 0, 1)
        out["order0"] = z3.If(last, 0, p["order0"])
        out["order1"] = z3.If(last, 1, p["order1"])
        return out

    # Activation -------------------------------------------------------------------------
    def dest(self, c: int, steps: int, mark: bool = True) -> int:
        """Where a patient in cell ``c`` goes when healed ``steps`` steps (DH-PAST-6)."""
        h, t = CELLS[c]
        tt = 1 if mark else t
        if self.ctx.past_6 == R.PAST_6.DISCHARGE:
            return LOUNGE if h + steps >= 7 else cell(h + steps, tt)
        return LOUNGE if h == 6 else cell(min(6, h + steps), tt)

    def combos(self, k: int) -> list[tuple[int, ...]]:
        """Every group of patient cells ward ``k`` can take (cells in order)."""
        ward = WARDS[k]
        n = len(CELLS)
        if ward.size == 1:
            return [(c,) for c in range(n)]
        out = self.ctx.group_six_out  # DH-GROUP-SIX=excluded: no patient at 6 in a group
        groups = []

        def rec(start: int, acc: tuple[int, ...]) -> None:
            if len(acc) == ward.size:
                if ward.match != SAME_HEALTH or len({CELLS[c][0] for c in acc}) == 1:
                    groups.append(acc)
                return
            for c in range(start, n):
                if not (out and CELLS[c][0] == 6):
                    rec(c, acc + (c,))

        rec(0, ())
        return groups

    def nurses(self, pl: int) -> Any:
        p = self.p
        return self.cfg.nurses + z3.If(p[f"p{pl}.admin"] == MATRON, self.ctx.matron_nurses, 0)

    def meeple_free(self, pl: int, m: int) -> Any:
        p = self.p
        if m < 0:
            left = p[f"p{pl}.nurses_used"] < self.nurses(pl)
            return z3.Or(left, self.nurses(pl) > 0) if self.ctx.nurse_again else left
        return p[f"p{pl}.specs{m}"] > p[f"p{pl}.used_specs{m}"]

    def used_after(self, pl: int, m: int) -> Any:
        """The meeple's used count after one move: a nurse moved on (DH-NURSE-MOVES=again)
        is one already placed, so the nurses placed stop at the nurses there are."""
        used = self.p[f"p{pl}.nurses_used" if m < 0 else f"p{pl}.used_specs{m}"]
        if m < 0 and self.ctx.nurse_again:
            return z3.If(used < self.nurses(pl), used + 1, used)
        return used + 1

    def delta(self, pl: int, moves: list[tuple[int, int]], base: dict[str, Any]) -> dict[str, Any]:
        """Changes for patients moved ``(from cell, to cell or LOUNGE)``, on top of ``base``."""
        p = self.p
        ch = dict(base)
        for src, dst in moves:
            for c, d in ((src, -1), (dst, 1)):
                key = f"p{pl}.lounge" if c == LOUNGE else f"p{pl}.n{CELLS[c][0]}{CELLS[c][1]}"
                ch[key] = ch.get(key, p[key]) + d
        return ch

    def activation(self, pl: int) -> list[Any]:
        """Aktywacja szpitala: a meeple into a ward (one rule per ward and group of
        patient cells, so every change is a constant), blood bags, the end."""
        p, a = self.p, self.v.args
        acting = z3.And(p["phase"] == ACTIVATE, p["cursor"] == pl)
        out = []
        board = self.cfg.board_wards
        for k in self.e.wards:
            ward = WARDS[k]
            if ward.colour not in (ANY, 0):
                continue
            free = p[f"p{pl}.used_wards{k}"] < board[k] + p[f"p{pl}.wards{k}"]
            for group in self.combos(k):
                need: dict[int, int] = {}
                for c in group:
                    need[c] = need.get(c, 0) + 1
                conds = [acting, a[1] == k, free]
                conds += [a[2 + i] == c for i, c in enumerate(group)]
                conds += [self.n(pl, c) >= m for c, m in need.items()]
                moves = [(c, self.dest(c, ward.steps)) for c in group]
                just = [d for _, d in moves if d != LOUNGE]
                base = {f"p{pl}.used_wards{k}": p[f"p{pl}.used_wards{k}"] + 1}
                ward_ch = self.delta(pl, moves, base)
                for m in [-1, *self.e.specs]:
                    if m >= 0 and SPECIALISTS[m].colour not in (ANY, 0):
                        continue
                    used = f"p{pl}.nurses_used" if m < 0 else f"p{pl}.used_specs{m}"
                    ch = dict(ward_ch, **{used: self.used_after(pl, m)})
                    who = [a[0] == m, self.meeple_free(pl, m)]
                    if m < 0:
                        out.append(self.rule(ACTIVATE_WARD, *conds, *who, ch=ch))
                        continue
                    for cond, result in self.after_ward(pl, m, ch, just):
                        out.append(self.rule(ACTIVATE_WARD, *conds, *who, cond, ch=result))
        out += self.effects(pl)
        for c in range(len(CELLS)):
            d = self.dest(c, 1, mark=self.ctx.blood_marks)
            ch = self.delta(pl, [(c, d)], {f"p{pl}.blood": p[f"p{pl}.blood"] - 1})
            conds = [acting, a[0] == c, self.n(pl, c) >= 1, p[f"p{pl}.blood"] >= 1]
            out.append(self.rule(BLOOD, *conds, ch=ch))
        out.append(self.rule(END, acting, ch=self.close(pl)))
        return out

    def after_ward(
        self, pl: int, m: int, ch: dict[str, Any], just: list[int]
    ) -> list[tuple[Any, dict[str, Any]]]:
        """The specialist's effect: none, applied at once (one target and mandatory), or a
        decision (phase EFFECT)."""
        p = self.p
        done = dict(ch, eff_kind=-1)
        wait = dict(ch, phase=EFFECT, eff_kind=m)
        for h in HEALTHS:
            wait[f"eff.h{h}"] = sum(1 for d in just if CELLS[d][0] == h)
        once = not self.ctx.effect_optional
        if SPECIALISTS[m].target != UNTREATED:
            targets = sorted(set(just))
            if not targets:
                return [(z3.BoolVal(True), done)]
            if len(targets) == 1 and once:
                heal = self.delta(pl, [(targets[0], self.dest(targets[0], 1))], done)
                return [(z3.BoolVal(True), heal)]
            return [(z3.BoolVal(True), wait)]
        # the ward round: any untreated patient (counts after the ward)
        now = {h: ch.get(f"p{pl}.n{h}0", p[f"p{pl}.n{h}0"]) for h in HEALTHS}
        distinct = _sum(_ind(n > 0) for n in now.values())
        out = [(distinct == 0, done)]
        if once:
            for h in HEALTHS:
                c = cell(h, 0)
                heal = self.delta(pl, [(c, self.dest(c, 1))], done)
                out.append((z3.And(distinct == 1, now[h] > 0), heal))
        out.append((distinct >= (2 if once else 1), wait))
        return out

    def effects(self, pl: int) -> list[Any]:
        """The specialist's effect chosen by the player (or declined, if optional)."""
        p, a = self.p, self.v.args
        waiting = z3.And(p["phase"] == EFFECT, p["cursor"] == pl)
        finish = {"phase": ACTIVATE, "eff_kind": -1, **{f"eff.h{h}": 0 for h in HEALTHS}}
        out = []
        for m in self.e.specs:
            if SPECIALISTS[m].colour not in (ANY, 0):
                continue
            untreated = SPECIALISTS[m].target == UNTREATED
            for h in HEALTHS:
                t = 0 if untreated else 1
                c = cell(h, t)
                avail = self.n(pl, c) >= 1 if untreated else p[f"eff.h{h}"] >= 1
                ch = self.delta(pl, [(c, self.dest(c, 1))], finish)
                conds = [waiting, p["eff_kind"] == m, a[0] == h, a[1] == t, avail]
                out.append(self.rule(SPEC_HEAL, *conds, ch=ch))
        if self.ctx.effect_optional:
            out.append(self.rule(DECLINE, waiting, ch=finish))
        return out

    # End of the round -------------------------------------------------------------------
    def close(self, pl: int) -> dict[str, Any]:
        """Zaniedbani pacjenci, Wypisani pacjenci for this hospital; then the next
        activation, the next round or the end of the game."""
        p, ctx = self.p, self.ctx
        loss = 2 if self.cfg.variant_superbug else 1
        untreated = {h: p[f"p{pl}.n{h}0"] for h in HEALTHS}
        guardian = p[f"p{pl}.admin"] == GUARDIAN
        spared, lower = {}, z3.IntVal(0)
        for h in HEALTHS:
            spared[h] = _ind(z3.And(guardian, untreated[h] > 0, lower == 0))
            lower = lower + untreated[h]
        new = {h: p[f"p{pl}.n{h}1"] + spared[h] for h in HEALTHS}
        deaths: Any = z3.IntVal(0)
        for h in HEALTHS:
            moved = untreated[h] - spared[h]
            if h - loss >= 1:
                new[h - loss] = new[h - loss] + moved
            elif h > 1 and ctx.superbug_2 == R.SUPERBUG_2.FLOOR_1:
                new[1] = new[1] + moved
            else:
                deaths = deaths + moved
        ch: dict[str, Any] = {}
        for h in HEALTHS:
            ch[f"p{pl}.n{h}0"] = new[h]
            ch[f"p{pl}.n{h}1"] = 0
        lounge = p[f"p{pl}.lounge"]
        empty = _sum(new.values()) == 0
        if ctx.lounge_in:  # DH-LOUNGE=in-hospital: the lounge's dice are still in it
            empty = z3.And(empty, lounge == 0)
        table: Any = z3.IntVal(0)
        for n in range(1, self.max_lounge() + 1):
            table = z3.If(lounge == n, discharge_points(n, ctx.over_12), table)
        bonuses: dict[str, Any] = {
            R.EMPTY_HOSPITAL.DISCHARGED_AND_EMPTY: z3.And(empty, lounge > 0),
            R.EMPTY_HOSPITAL.ANY_EMPTY: empty,
        }
        bonus = bonuses[ctx.empty_bonus]
        points = p[f"p{pl}.points"] + table + z3.If(bonus, 5, 0)
        mortality = p[f"p{pl}.mortality"] + deaths
        mortuary = p[f"p{pl}.mortuary"] + deaths
        supply = p["supply"] + lounge
        ch.update(
            {
                f"p{pl}.lounge": 0,
                f"p{pl}.nurses_used": 0,
                **{f"p{pl}.used_wards{k}": 0 for k in range(W)},
                **{f"p{pl}.used_specs{k}": 0 for k in range(S)},
            }
        )
        if pl == 0:
            owns = _sum(p[f"p1.wards{k}"] for k in range(W)) + _sum(
                p[f"p1.specs{k}"] for k in range(S)
            )
            ch.update(
                {
                    f"p{pl}.points": points,
                    f"p{pl}.mortality": mortality,
                    f"p{pl}.mortuary": mortuary,
                    "supply": supply,
                    "phase": z3.If(owns > 0, ACT_DISCARD, ACTIVATE),
                    "cursor": 1,
                    "order0": 0,
                    "order1": 1,
                }
            )
            return ch
        # the last hospital closed: the staff change, then the next round or the end
        mort = {0: p["p0.mortuary"], 1: mortuary}
        if ctx.mortuary_returns:
            supply = supply + mort[0] + mort[1]
            mort = {0: z3.IntVal(0), 1: z3.IntVal(0)}
        last = p["round"] >= self.cfg.rounds
        final = {0: p["p0.points"], 1: points}
        morts = {0: p["p0.mortality"], 1: mortality}
        for q in range(2):
            adjust = self.final_adjustment(p[f"p{q}.blood"], morts[q])
            ch[f"p{q}.points"] = z3.If(last, final[q] + adjust, final[q])
            ch[f"p{q}.mortuary"] = mort[q]
        ch.update(
            {
                f"p{pl}.mortality": mortality,
                "supply": supply,
                "phase": z3.If(last, OVER, MARKET),
                "round": z3.If(last, p["round"], p["round"] + 1),
                "first": z3.If(last, p["first"], p["next_first"]),
                "cursor": 0,
            }
        )
        return ch

    def final_adjustment(self, blood: Any, mortality: Any) -> Any:
        """Koniec gry: +1 a blood bag, -2 a mortality token, per token or once
        (DH-FINAL-TOKENS)."""
        reading = self.ctx.final_tokens
        bags = blood if reading == R.FINAL_TOKENS.PER_TOKEN else z3.If(blood > 0, 1, 0)
        deaths = z3.If(mortality > 0, 1, 0) if reading == R.FINAL_TOKENS.ONCE else mortality
        return bags - 2 * deaths

    def max_lounge(self) -> int:
        cap = self.ctx.capacity
        return cap if cap is not None else self.cfg.dice_each
