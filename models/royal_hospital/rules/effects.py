"""The reward vocabulary of Royal Hospital: one small record per printed benefit.

The rulebook's Symbols section names every icon a reward can show ("Diagnostic, Healing,
Research, Staff, Credits, Congress doctor, Medical deck card, Insurance company, Quality
of Care track, Time, Ambulance, Helicopter, Prestige and Victory Point"). Every reward the
book prints (ambulance track, insurance tracks) and every stand-in card text is written
with these codes, so one resolver (``resolve.py``) applies them all.
"""

from __future__ import annotations

from typing import NamedTuple

# Effect codes ---------------------------------------------------------------------------
GAIN = 0  # gain ``n`` of resource ``a`` (see the resource indices below); QOC may be < 0
PROD = 1  # increase production track ``a`` by ``n``
AMBULANCE = 2  # advance ``n`` on the ambulance track, gaining every reward passed
HELICOPTER = 3  # send a helicopter (a decision: discard a patient and/or all draw one)
INSURANCE = 4  # advance 1 on insurance company ``a`` (-1: any company, the player's choice)
DRAW = 5  # draw ``n`` cards (RH-DRAW-CARD: Medical cards or patients)
CHOICE = 6  # one of ``alts`` (the player's choice): "1 staff member or 1 research"

CODE_NAMES = ("gain", "production", "ambulance", "helicopter", "insurance", "draw", "choice")

# Resources a GAIN can name. Indices 0..4 are the player's tokens (state ``tokens``).
DIAG, HEAL, RESEARCH, STAFF, DOCTOR = 0, 1, 2, 3, 4
CREDITS, PRESTIGE, VP, QOC, HEALED = 5, 6, 7, 8, 9
TOKEN_KINDS = 5
RESOURCE_NAMES = (
    "diagnosis",
    "healing",
    "research",
    "staff",
    "congress doctor",
    "credits",
    "prestige",
    "victory points",
    "quality of care",
    "treated patients",
)

# Production tracks a PROD can name (Hospital Board / Resources Tracks).
P_DIAG, P_HEAL, P_RESEARCH, P_STAFF, P_CREDIT = 0, 1, 2, 3, 4
PRODUCTION_NAMES = ("diagnosis", "healing", "research", "staff", "credit")


class Effect(NamedTuple):
    """One printed benefit: ``code`` with its arguments (``alts`` only for CHOICE)."""

    code: int
    a: int = 0
    n: int = 1
    alts: tuple[Effect, ...] = ()


def gain(resource: int, n: int = 1) -> Effect:
    return Effect(GAIN, resource, n)


def prod(track: int, n: int = 1) -> Effect:
    return Effect(PROD, track, n)


def ambulance(n: int = 1) -> Effect:
    return Effect(AMBULANCE, 0, n)


def helicopter() -> Effect:
    return Effect(HELICOPTER, 0, 1)


def insurance(company: int = -1) -> Effect:
    return Effect(INSURANCE, company, 1)


def draw(n: int = 1) -> Effect:
    return Effect(DRAW, 0, n)


def choice(*alts: Effect) -> Effect:
    return Effect(CHOICE, 0, 1, tuple(alts))


def describe(e: Effect) -> str:
    """A short readable text for one effect (describe_action, card lists)."""
    if e.code == GAIN:
        sign = "+" if e.n >= 0 else ""
        return f"{sign}{e.n} {RESOURCE_NAMES[e.a]}"
    if e.code == PROD:
        return f"+{e.n} {PRODUCTION_NAMES[e.a]} production"
    if e.code == AMBULANCE:
        return f"{e.n} ambulance"
    if e.code == HELICOPTER:
        return "send a helicopter"
    if e.code == INSURANCE:
        return "advance on any insurance track" if e.a < 0 else f"advance on insurance {e.a + 1}"
    if e.code == DRAW:
        return f"draw {e.n} card" + ("s" if e.n != 1 else "")
    if e.code == CHOICE:
        return " or ".join(describe(x) for x in e.alts)
    raise ValueError(f"unknown effect code {e.code}")
