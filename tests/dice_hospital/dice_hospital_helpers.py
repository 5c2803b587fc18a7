"""Helpers for Dice Hospital rule tests: build a model or a position directly."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from rulebooks import rulebook

from hhh_verify.contract.outcomes import sample_index
from hhh_verify.models.dice_hospital import SPEC
from hhh_verify.models.dice_hospital.rules.state import ACTIVATE, DHState, Hospital

AID_PL = rulebook("dice-hospital.pl.txt")
AID_EN = rulebook("dice-hospital.en.md")
RED, YELLOW, GREEN = 0, 1, 2


def model(
    preset: str = "full",
    overrides: tuple[str, ...] = (),
    interpret: tuple[str, ...] = (),
    **changes: Any,
) -> Any:
    """A model of ``preset`` with ``key=value`` overrides or keyword config changes."""
    config = replace(SPEC.config(preset, overrides), **changes)
    return SPEC.make_model(config, SPEC.ambiguities.parse(interpret))


def patients(*items: tuple[int, ...]) -> tuple[tuple[int, int, int, int], ...]:
    """Patients from ``(colour, health)`` or ``(colour, health, treated[, tint])``."""
    out = []
    for it in items:
        c, h, *rest = it
        treated = rest[0] if rest else 0
        tint = rest[1] if len(rest) > 1 else -1
        out.append((c, h, treated, tint))
    return tuple(sorted(out))


def with_hospital(s: DHState, p: int, **fields: Any) -> DHState:
    hs = list(s.hospitals)
    hs[p] = replace(hs[p], **fields)
    return replace(s, hospitals=tuple(hs))


def activation(m: Any, player: int = 0, **fields: Any) -> DHState:
    """A round-1 activation position for ``player`` (setup done, plain administrators,
    no patients yet), then hospital ``fields`` applied to that player."""
    s = m.initial_state()
    s = replace(s, phase=ACTIVATE, cursor=player, order=tuple(range(m.ctx.P)))
    s = replace(s, hospitals=tuple(replace(h, admin=0) for h in s.hospitals))
    return with_hospital(s, player, **fields)


def hospital(s: DHState, p: int = 0) -> Hospital:
    return s.hospitals[p]


def only(dist: Any) -> Any:
    """The successor of a deterministic step."""
    assert len(dist) == 1, f"{len(dist)} outcomes"
    return dist[0][0]


def play(m: Any, seed: int, policy: Any = None, max_steps: int = 20_000) -> DHState:
    """A whole game, random (or ``policy``) decisions, exact chance; the final state."""
    rng = random.Random(seed)
    s = m.initial_state()
    for _ in range(max_steps):
        if m.outcome(s) is not None:
            return s
        legal = m.legal_actions(s)
        a = legal[rng.randrange(len(legal))] if policy is None else policy(m, s, legal, rng)
        dist = m.step(s, a)
        s = dist[sample_index(dist, rng)][0]
    raise AssertionError("game did not end")
