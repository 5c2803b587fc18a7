"""Final promises of Royal Hospital's scoring readings. Each takes a finished game's last
position, builds mirrored copies in which every seat is the same but for one field (so
every comparison ties but the one the reading is about), and asks the model's outcome
what the option's words predict: who surpasses whom, who wins a tie."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..rules import readings as R
from ..rules.cards import TERMINAL
from ..rules.effects import CREDITS, GAIN
from ..rules.model import RHModel
from ..rules.state import RHState, Terminal
from .promise_support import (
    bumped,
    level_scores,
    mirror,
    reads,
    seat_to_vary,
)

#: (model, t) -> what went wrong, or None
Final = Callable[[RHModel, RHState], "str | None"]


def _scores(model: RHModel, t: RHState) -> tuple[int, ...]:
    out = model.outcome(t)
    assert out is not None, "scores are read at the end of the game"
    return tuple(out.scores)


def _winners(model: RHModel, t: RHState) -> tuple[int, ...]:
    out = model.outcome(t)
    assert out is not None, "winners are read at the end of the game"
    return tuple(out.winners)


def _gain(model: RHModel, t: RHState, seat: int, **changes: Any) -> int:
    """How many points ``seat`` gains over an identical seat from ``changes``."""
    base = mirror(t, seat)
    other = (seat + 1) % len(t.players)
    changed = _scores(model, mirror(t, seat, **changes))
    return (changed[seat] - changed[other]) - (
        _scores(model, base)[seat] - _scores(model, base)[other]
    )


def several(model: RHModel) -> bool:
    return int(model.config.players) > 1


def qoc_points(offset: bool) -> Final:
    """The final quality of care scores its position less the start space 6 (or the
    position itself): with every seat the same, a seat scores its victory points plus
    that."""

    def check(model: RHModel, t: RHState) -> str | None:
        same = mirror(t, 0)
        ps = same.players[0]
        want = ps.vp + ps.qoc - (model.config.start_qoc if offset else 0)
        if reads(model, R.VP_FLOOR.ZERO):
            want = max(want, 0)
        if (got := _scores(model, same)[0]) != want:
            return f"quality of care {ps.qoc} with {ps.vp} victory points scored {got}, not {want}"
        return None

    return check


def score_floor(zero: bool) -> Final:
    """RH-VP-FLOOR: with every seat the same (no comparison scores) and no victory points,
    a quality of care below the scored zero leaves a score below 0 (``negative``) or 0
    (``zero``). The lowest quality of care the game showed is tried, and the start space
    under RH-QOC-SCORING=offset less one: a loss whenever the track allows one."""

    def check(model: RHModel, t: RHState) -> str | None:
        offset = model.config.start_qoc if reads(model, R.QOC_SCORING.OFFSET) else 0
        low = min(min(ps.qoc for ps in t.players), offset - 1)
        same = mirror(
            t._replace(players=(t.players[0]._replace(vp=0, qoc=low),) * len(t.players)), 0
        )
        step1 = low - offset
        if step1 >= 0:
            return None
        want = 0 if zero else step1
        if (got := _scores(model, same)[0]) != want:
            return f"no victory points and quality of care {low} scored {got}, not {want}"
        return None

    return check


def compared(what: str) -> Final:
    """Diagnosis, healing, research and staff compare the ``what`` (production counters
    or tokens held): one more of it surpasses every other seat, one more of the other
    surpasses nobody."""

    def check(model: RHModel, t: RHState) -> str | None:
        seat = seat_to_vary(t, len(t.players))
        ps = t.players[0]
        others = len(t.players) - 1
        for k in range(4):
            by_tokens = _gain(model, t, seat, tokens=bumped(ps.tokens, k, 1))
            by_production = _gain(model, t, seat, production=bumped(ps.production, k, 1))
            want = (others, 0) if what == R.COMPARE_COUNTERS.TOKENS else (0, others)
            if (by_tokens, by_production) != want:
                return (
                    f"resource {k}: one more token gains {by_tokens}, one more production "
                    f"{by_production}; the {what} reading says {want}"
                )
        return None

    return check


def insurance_compared(levels: bool) -> Final:
    """Insurance compares the sum of the four levels (or the companies entered): levels
    (2, 0, 0, 0) against (1, 1, 0, 0) tie under one reading and lose under the other."""

    def check(model: RHModel, t: RHState) -> str | None:
        seat = seat_to_vary(t, len(t.players))
        base = t._replace(players=tuple(ps._replace(insurance=(2, 0, 0, 0)) for ps in t.players))
        got = _gain(model, base, seat, insurance=(1, 1, 0, 0))
        want = 0 if levels else len(t.players) - 1
        if got != want:
            return f"entering two companies at level 1 against one at 2 gained {got}, not {want}"
        return None

    return check


def resources_tie(what: str) -> Final:
    """The sixth tie-breaker compares the sum of diagnosis, healing, research and staff
    ``what`` (production or tokens held): with scores level and every earlier
    tie-breaker tied, one more of it wins and one more of the other does not."""

    def check(model: RHModel, t: RHState) -> str | None:
        seat = seat_to_vary(t, len(t.players))
        ps = t.players[0]
        for field in ("tokens", "production"):
            probe = level_scores(
                model, mirror(t, seat, **{field: bumped(getattr(ps, field), 0, 1)})
            )
            won = _winners(model, probe) == (seat,)
            if won != (field == what):
                verb = "won" if won else "did not win"
                return f"one more diagnosis {field} {verb} the tie under the {what} reading"
        return None

    return check


def patients_tie(with_terminals: bool) -> Final:
    """The fourth tie-breaker counts the patients in the hospital (with the terminal
    patients in the playing area, or without): an extra terminal patient loses the
    tie, or changes nothing."""

    def check(model: RHModel, t: RHState) -> str | None:
        terminal = next(
            (c for c, card in enumerate(model.ctx.patients) if card.priority == TERMINAL), None
        )
        if terminal is None:
            return None
        seat = seat_to_vary(t, len(t.players))
        ps = t.players[0]
        extra = tuple(sorted(ps.terminals + (Terminal(terminal, 0),)))
        before = _winners(model, mirror(t, seat))
        after = _winners(model, mirror(t, seat, terminals=extra))
        if with_terminals and seat in after:
            return "a seat with one more terminal patient still won the tie"
        if not with_terminals and after != before:
            return f"an extra terminal patient changed the winners {before} -> {after}"
        return None

    return check


def has_terminals(model: RHModel) -> bool:
    return several(model) and any(c.priority == TERMINAL for c in model.ctx.patients)


def _card_value(card: Any, cost: bool) -> int:
    if cost:
        return int(card.credits)
    gains = [e.n for e in card.immediate + card.action if e.code == GAIN and e.a == CREDITS]
    return max(gains, default=0)


def card_value_tie(cost: bool) -> Final:
    """The last tie-breaker is the played card with the highest credit cost (or the most
    credits its rewards give): with all else tied, a seat that alone played a card
    worth more than nothing wins."""

    def check(model: RHModel, t: RHState) -> str | None:
        seat = seat_to_vary(t, len(t.players))
        zero = (0,) * len(model.ctx.medical)
        base = t._replace(
            players=tuple(ps._replace(played=zero, insurance=(0, 0, 0, 0)) for ps in t.players)
        )
        for c, card in enumerate(model.ctx.medical):
            played = bumped(zero, c, 1)
            won = _winners(model, mirror(base, seat, played=played)) == (seat,)
            if won != (_card_value(card, cost) > 0):
                verb = "won" if won else "did not win"
                return f"playing {card.name!r} {verb} the last tie-breaker"
        return None

    return check


def card_values_differ(model: RHModel) -> bool:
    return several(model) and any(
        (_card_value(m, True) > 0) != (_card_value(m, False) > 0) for m in model.ctx.medical
    )


def final_tie(shared: bool) -> Final:
    """A tie that survives every tie-breaker is shared (or goes to the tied player
    latest in turn order from the last starting player)."""

    def check(model: RHModel, t: RHState) -> str | None:
        P = len(t.players)
        got = _winners(model, mirror(t, 0))
        want = tuple(range(P)) if shared else ((t.first + P - 1) % P,)
        if got != want:
            return f"identical seats: winners {got}, not {want}"
        return None

    return check


def solo_compares_nobody(model: RHModel, t: RHState) -> str | None:
    """``same-rules`` with one player: comparisons with nobody score nothing, so the
    compared counters can change without moving the score."""
    ps = t.players[0]
    changed = ps._replace(
        prestige=ps.prestige + 1,
        tokens=tuple(k + 1 for k in ps.tokens),
        production=tuple(k + 1 for k in ps.production),
        insurance=tuple(k + 1 for k in ps.insurance),
    )
    if _scores(model, t._replace(players=(changed,))) != _scores(model, t):
        return "a lone player's score moved with the compared counters"
    return None


def rivals(model: RHModel, s: RHState, a: Any, t: RHState) -> str | None:
    """``reject``: every game has at least two hospitals (a one-player config is refused
    before any position exists, so a lone player's step is the rule not applied)."""
    return None if len(s.players) >= 2 else "a one-player game is played"


def solo(model: RHModel) -> bool:
    return int(model.config.players) == 1
