"""One function per sentence of the rulebook (``book/pig.txt``)."""

from __future__ import annotations

from fractions import Fraction

from hhh_verify.contract.outcomes import Distribution, merge
from hhh_verify.contract.records import replace

from .context import Ctx
from .state import NOBODY, Hold, PigState, Roll


def initial_state() -> PigState:
    """Rulebook: Pig is a dice game for two players who take turns, the first player starting."""
    return PigState(seat=0, scores=(0, 0))


def legal(ctx: Ctx, s: PigState) -> tuple[Hold | Roll, ...]:
    """Rulebook: "On your turn you roll one six-sided die" (a turn opens with a roll);
    "After any other roll you choose to roll again or to hold." Sorted: Hold, Roll."""
    if s.winner != NOBODY:
        return ()
    return (Roll(),) if s.turn_total == 0 else (Hold(), Roll())


def roll(ctx: Ctx, s: PigState) -> Distribution:
    """Rulebook: "On your turn you roll one six-sided die, adding each roll to your turn
    total": each face with probability 1/sides."""
    p = Fraction(1, ctx.sides)
    return merge([(pig_out(ctx, s) if face == 1 else add(ctx, s, face), p) for face in faces(ctx)])


def faces(ctx: Ctx) -> range:
    """The die's faces, 1..sides ("one six-sided die")."""
    return range(1, ctx.sides + 1)


def pig_out(ctx: Ctx, s: PigState) -> PigState:
    """Rulebook: If you roll a 1, your turn ends and you score nothing for that turn."""
    return replace(s, seat=next_seat(ctx, s), turn_total=0)


def next_seat(ctx: Ctx, s: PigState) -> int:
    """Rulebook: "two players who take turns": the other player moves next."""
    return (s.seat + 1) % ctx.players


def add(ctx: Ctx, s: PigState, face: int) -> PigState:
    """Rulebook: "adding each roll to your turn total", up to what the player needs; then, under
    PIG-MID-TURN-WIN=at-once, reaching the target ends the game (:func:`mid_turn_win`)."""
    need = ctx.target - s.scores[s.seat]
    after = replace(s, turn_total=min(s.turn_total + face, need))
    return mid_turn_win(ctx, after)


def mid_turn_win(ctx: Ctx, s: PigState) -> PigState:
    """Rulebook: "The first player to reach 30 points wins": read at once (the turn total counts
    the moment it gets there) or only when held (PIG-MID-TURN-WIN)."""
    if ctx.wins_at_once and s.scores[s.seat] + s.turn_total >= ctx.target:
        return bank(s, winner=s.seat)
    return s


def hold(ctx: Ctx, s: PigState) -> PigState:
    """Rulebook: "Holding adds your turn total to your score and ends your turn"; "The first
    player to reach 30 points wins"."""
    banked = s.scores[s.seat] + s.turn_total
    if banked >= ctx.target:
        return bank(s, winner=s.seat)
    return replace(bank(s, winner=NOBODY), seat=next_seat(ctx, s))


def bank(s: PigState, winner: int) -> PigState:
    """The turn total added to the mover's score (and the winner, when there is one)."""
    scores = list(s.scores)
    scores[s.seat] += s.turn_total
    return replace(s, scores=(scores[0], scores[1]), turn_total=0, winner=winner)


def step(ctx: Ctx, s: PigState, a: Hold | Roll) -> Distribution:
    """The exact distribution of one move: a roll's faces, or the certain hold."""
    return roll(ctx, s) if isinstance(a, Roll) else ((hold(ctx, s), Fraction(1)),)
