"""Promises of the readings of the end of the round and of the game (Koniec rundy,
Wypisani pacjenci, Koniec gry): each function checks one step ``(model, state, action,
successor)`` (or a finished game) against an option's words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..rules import readings as R
from ..rules.components import EMPTY_BONUS, GUARDIAN
from ..rules.model import DHModel
from ..rules.state import ACTIVATE, DICE_DRAW, MARKET, OVER, DHState
from .promise_steps import (
    closing,
    round_close,
    table_points,
    token_points,
)

#: (model, s, action, t) -> what went wrong, or None
Check = Callable[[DHModel, DHState, Any, DHState], "str | None"]
#: (model, t) -> what went wrong at the end of the game, or None
Final = Callable[[DHModel, DHState], "str | None"]


# DH-OVER-12 ------------------------------------------------------------------------------
def over_12(reading: str) -> Check:
    """A round's discharges score the printed rows, then 5 each / 6 for the 13th-14th,
    7 for the 15th-16th, ... / nothing after the 12th; the rest of the round's points is
    the empty-hospital bonus or nothing."""

    def check(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
        rc = round_close(model, s, a, t)
        if rc is None:
            return None
        want = table_points(rc["discharged"], reading)
        rest = rc["gained"] - want
        if rest not in (0, EMPTY_BONUS) or (rest and not rc["empty"]):
            return f"{rc['discharged']} discharges scored {rc['gained']}, want {want} (+bonus)"
        return None

    return check


# DH-EMPTY-HOSPITAL ---------------------------------------------------------------------
def empty_hospital(reading: str) -> Check:
    """The 5 points for an empty hospital: discharged-and-empty: empty after neglect and
    someone discharged this round; any-empty: empty after neglect; all-discharged: empty
    and nobody to the mortuary this round (evicted at admission or dead of neglect; in
    round 1 every mortality token is this round's), not settled for a hospital that
    nobody was in all round."""

    def check(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
        rc = round_close(model, s, a, t)
        if rc is None:
            return None
        over = model.readings.declared(R.OVER_12)
        bonus = rc["gained"] - table_points(rc["discharged"], over)
        empty = rc["empty"]
        if reading == R.EMPTY_HOSPITAL.ANY_EMPTY:
            want: tuple[int, ...] = (EMPTY_BONUS,) if empty else (0,)
        elif reading == R.EMPTY_HOSPITAL.DISCHARGED_AND_EMPTY:
            want = (EMPTY_BONUS,) if empty and rc["discharged"] else (0,)
        else:
            died = s.hospitals[rc["seat"]].evicted + rc["deaths"]
            if s.round == 1:
                died = max(died, t.hospitals[rc["seat"]].mortality)
            if not empty or died:
                want = (0,)
            else:
                want = (EMPTY_BONUS,) if rc["discharged"] else (0, EMPTY_BONUS)
        if bonus not in want:
            return (
                f"bonus {bonus} (empty: {empty}, discharged: {rc['discharged']}, "
                f"deaths: {rc['deaths']}), want {' or '.join(map(str, want))}"
            )
        return None

    return check


# DH-FINAL-TOKENS -------------------------------------------------------------------------
def final_tokens(reading: str) -> Check:
    """At the end of the game each seat gains the token points of the reading (+1 per bag
    / once / once for bags; -2 per mortality token / once / per token); the closing seat
    also its round's discharge points and maybe the empty bonus."""

    def check(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
        if t.phase != OVER or s.phase == OVER:
            return None
        closer = closing(s, a)
        over = model.readings.declared(R.OVER_12)
        for p, (h0, h1) in enumerate(zip(s.hospitals, t.hospitals)):
            rest = h1.points - h0.points - token_points(h1, reading)
            if p == closer:
                rest -= table_points(sum(h0.lounge), over)
                if rest in (0, EMPTY_BONUS):
                    continue
            elif rest == 0:
                continue
            return f"seat {p} ended on {h1.points} points ({h1.blood} bags, {h1.mortality} deaths)"
        return None

    return check


# DH-SUPERBUG-2 ------------------------------------------------------------------------
def superbug_2(dies: bool) -> Check:
    """With the superbug, an untreated patient dies at neglect when at health 1, or (dies)
    at 2 too; the guardian administrator spares the sickest untreated patient."""

    def check(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
        rc = round_close(model, s, a, t)
        if rc is None:
            return None
        h = s.hospitals[rc["seat"]]
        untreated = [p[1] for p in h.patients if not p[2]]
        worst = 2 if dies else 1
        want = sum(1 for v in untreated if v <= worst)
        if h.admin == GUARDIAN and untreated and min(untreated) <= worst:
            want -= 1
        if rc["deaths"] != want:
            return f"{rc['deaths']} deaths by neglect among healths {untreated}, want {want}"
        return None

    return check


# DH-MORTUARY-DICE ------------------------------------------------------------------------
def staff_change(s: DHState, t: DHState) -> bool:
    """The step that ends the round for every hospital (Zmiana personelu)."""
    return s.phase == ACTIVATE and t.phase in (MARKET, OVER)


def mortuary(returns: bool) -> Check:
    """stay: no die leaves a mortuary (but to a short draw, DH-SUPPLY-SHORT's reading);
    return: every mortuary is emptied at the staff change, the tokens stay."""

    def check(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
        if returns and staff_change(s, t):
            if any(sum(h.mortuary) for h in t.hospitals):
                return "mortuary dice kept past the staff change"
            if any(h1.mortality < h0.mortality for h0, h1 in zip(s.hospitals, t.hospitals)):
                return "mortality tokens returned with the dice"
            return None
        if s.phase == DICE_DRAW:
            return None
        for p, (h0, h1) in enumerate(zip(s.hospitals, t.hospitals)):
            if any(b < a for a, b in zip(h0.mortuary, h1.mortuary)):
                return f"a die left seat {p}'s mortuary"
        return None

    return check


# DH-TIE-REMAINS ----------------------------------------------------------------------
def tie_remains(shared: bool) -> Final:
    """Seats still tied after points, fewer patients and more pips: all win (shared), or
    the earliest of them in the last round's turn order."""

    def final(model: DHModel, s: DHState) -> str | None:
        keys = [(h.points, -len(h.patients), sum(p[1] for p in h.patients)) for h in s.hospitals]
        players = len(keys)
        tied = [p for p in range(players) if keys[p] == max(keys)]
        if not shared:
            order = [(s.first + k) % players for k in range(players)]
            tied = [min(tied, key=order.index)]
        outcome = model.outcome(s)
        got = tuple(outcome.winners) if outcome is not None else ()
        return None if got == tuple(tied) else f"winners {got}, want {tuple(tied)}"

    return final


# DH-LOUNGE -------------------------------------------------------------------------------
def lounge(in_hospital: bool) -> Check:
    """A round closing with no patient on the board and a discharge: in-hospital: the
    lounge's dice keep the hospital from being empty, no bonus; out: it is empty, so the
    bonus is given where DH-EMPTY-HOSPITAL gives one to an empty hospital with a
    discharge (any-empty, discharged-and-empty)."""

    def check(model: DHModel, s: DHState, a: Any, t: DHState) -> str | None:
        rc = round_close(model, s, a, t)
        if rc is None or not rc["board_empty"] or not rc["discharged"]:
            return None
        bonus = rc["gained"] - table_points(rc["discharged"], model.readings.declared(R.OVER_12))
        if in_hospital and bonus:
            return "the empty bonus with the round's discharges still in the lounge"
        gives = model.readings.declared(R.EMPTY_HOSPITAL) != R.EMPTY_HOSPITAL.ALL_DISCHARGED
        if not in_hospital and gives and bonus != EMPTY_BONUS:
            return "no empty bonus for a board left empty by discharges"
        return None

    return check
