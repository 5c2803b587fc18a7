"""A fixed-length numeric encoding of an HHH state, for learning frameworks.

Every field of :class:`~.state.HHHState` appears, in declaration order, as plain
numbers (counts, levels, flags, money). Fields whose length varies are padded to a
length fixed by the config: a Ward becomes a count of patients per level, the Heal and
Research in progress a presence flag followed by their fields (zeros when absent). The
encoding is injective on reachable states, so nothing a player could see is lost; HHH
is a game of perfect information (face-down markers are stored as the unseen pool,
which every player knows).
"""

from __future__ import annotations

from typing import Any

from ..rules.model import HHHModel
from ..rules.state import HealInProgress, HHHState, ResearchInProgress

#: Ward patients have levels 1..4 (a level-5 patient dies at once); one slot spare.
WARD_LEVELS = 5
#: Bonus draw sizes a Heal can hold (see ``action_space.BONUS_SIZES``).
BONUS_SIZES = (1, 2)


def _flat(value: Any, out: list[int]) -> None:
    if isinstance(value, tuple):
        for v in value:
            _flat(v, out)
    else:
        out.append(int(value))


def _wards(wards: tuple[tuple[int, ...], ...], out: list[int]) -> None:
    for levels in wards:
        counts = [0] * WARD_LEVELS
        for level in levels:
            if not 1 <= level <= WARD_LEVELS:
                raise ValueError(f"Ward level {level} outside 1..{WARD_LEVELS}")
            counts[level - 1] += 1
        out += counts


def _heal(h: HealInProgress | None, width: int, out: list[int]) -> None:
    if h is None:
        out += [0] * (8 + width + len(BONUS_SIZES))
        return
    out += [1, h.player, h.place, h.colour, h.level, h.rebag, h.blood, h.latest_black]
    _flat(h.drawn, out)
    out += [h.bonuses.count(n) for n in BONUS_SIZES]
    if len(h.bonuses) != sum(out[-len(BONUS_SIZES) :]):
        raise ValueError(f"bonus sizes {h.bonuses} outside {BONUS_SIZES}")


def _research(r: ResearchInProgress | None, width: int, out: list[int]) -> None:
    if r is None:
        out += [0] * (2 + width)
        return
    out += [1, r.card]
    _flat(r.drawn, out)


def encode(model: HHHModel, s: HHHState) -> tuple[int, ...]:
    """The numbers of ``s``, in field order, always ``observation_size(model)`` long."""
    cubes = model.config.colours + 1
    out: list[int] = []
    for name in HHHState.__dataclass_fields__:
        value = getattr(s, name)
        if name == "wards":
            _wards(value, out)
        elif name == "heal":
            _heal(value, cubes, out)
        elif name == "research":
            _research(value, cubes, out)
        else:
            _flat(value, out)
    return tuple(out)


def observation_size(model: HHHModel) -> int:
    """Length of :func:`encode` for this model (every other field is fixed-length)."""
    return len(encode(model, model.initial_state()))
