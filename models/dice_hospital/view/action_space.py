"""Every action a Dice Hospital game can offer, in one canonical order, and its bounds.

OpenSpiel and PettingZoo number actions with small integers that must mean the same in
every state, process and run. :func:`all_actions` lists, from the config alone, every
decision ``legal_actions`` can return under *any* reading; an action's id is its index
in that list, which is sorted the way ``legal_actions`` sorts (verb, then fields). Chance
steps (``Draw``) are not decisions, so they are not listed.

Dice are ``(colour, value)`` and patients ``(colour, health, treated, tint)`` records,
so the list holds every record a rule can name:

* starting dice (``SetPatients``): each printed starting value in any colour;
* ambulances: ``players + 1`` at most (DH-AMBULANCE-COUNT); placements of tied dice
  (``PlaceDice``) are computed, not held (:mod:`.placements`: 925,368 on the real game);
* evictions happen at admission, when every patient is untreated and shows its own
  colour (the end of the round clears both); at most as many patients as arrive in one
  ambulance (its dice and, with the epidemic variant, the extra die) make room;
* in activation a patient has any health 1..6, may be treated, and may show another
  colour (a blood bag's tint); a ward treats one patient of its colour, or its exact
  group (same shown colour, or same health) of its size; a meeple is a nurse or a
  specialist of a kind in the decks;
* tiles and cards are the kinds in the config's decks (with the experimental variant's
  extras); administrators the kinds in its deck.

A conformance test checks that every legal action of every state of ``tiny`` (and of
playouts on every preset and reading) is listed.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement, product
from typing import Any

from hhh_verify.contract.action_space import ActionSpace
from hhh_verify.contract.actions import sort_actions
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.late import late_call

from ..rules.actions import (
    Activate,
    BloodHeal,
    BloodRecolour,
    DeclineEffect,
    DiscardSpecialist,
    DiscardWard,
    EndActivation,
    Evict,
    KeepAdministrator,
    KeepTiles,
    RevealExtra,
    SetPatients,
    SpecialistHeal,
    TakeAmbulance,
    TakeSpecialist,
    TakeWard,
    TradeSpecialist,
    TradeWard,
)
from ..rules.activation import NURSE
from ..rules.bounds import (
    ambulance_counts,
    bounds,
    most_arriving,
    nurse_possible,
)
from ..rules.components import (
    ANY,
    MAX_HEALTH,
    MIN_HEALTH,
    SAME_COLOUR,
    SAME_HEALTH,
    SPECIALISTS,
    WARDS,
)
from ..rules.config import DHConfig
from ..rules.model import DHModel
from .observation import encode, observation_size
from .placements import Placements, Ranked

HEALTHS = range(MIN_HEALTH, MAX_HEALTH + 1)


class ActionList(Ranked):
    """The action list as blocks of one verb each, in verb order: held tuples, and the
    computed :class:`~.placements.Placements` (a ``RankedActions``)."""

    def __init__(self, blocks: Sequence[Sequence[Any]]):
        self.blocks = tuple(b for b in blocks if len(b))
        self.offsets: list[int] = []
        self.by_verb: dict[type, tuple[int, Any, dict[Any, int] | None]] = {}
        at = 0
        for block in self.blocks:
            verb = getattr(block, "verb", None) or type(block[0])
            ids = None if hasattr(block, "position") else {a: i for i, a in enumerate(block)}
            if verb in self.by_verb or (ids is not None and len(ids) != len(block)):
                raise ValueError(f"{verb.__name__} listed twice")
            self.by_verb[verb] = (at, block, ids)
            self.offsets.append(at)
            at += len(block)
        self.length = at

    def __repr__(self) -> str:
        return f"ActionList({', '.join(type(b).__name__ for b in self.blocks)}; {self.length})"

    def __len__(self) -> int:
        return self.length

    # integer indices only (Sequence's slice overload is not offered)
    def __getitem__(self, i: int) -> Any:  # type: ignore[override]
        if not 0 <= i < self.length:
            raise IndexError(i)
        k = bisect_right(self.offsets, i) - 1
        return self.blocks[k][i - self.offsets[k]]

    def __iter__(self) -> Iterator[Any]:
        for block in self.blocks:
            yield from block

    def position(self, action: Any) -> int:
        """The id of ``action``; ``KeyError`` when the list does not hold it."""
        at, block, ids = self.by_verb[type(action)]
        return at + (block.position(action) if ids is None else ids[action])


def patient_records(colours: int) -> list[tuple[int, int, int, int]]:
    """Every patient record of an activation: any colour and health, treated or not,
    showing its own colour (tint -1) or another one (a blood bag's)."""
    return [
        (c, h, t, tint)
        for c in range(colours)
        for h in HEALTHS
        for t in (0, 1)
        for tint in (-1, *(x for x in range(colours) if x != c))
    ]


def shown(p: tuple[int, int, int, int]) -> int:
    return p[3] if p[3] >= 0 else p[0]


def ward_groups(config: DHConfig, kind: int) -> list[tuple[Any, ...]]:
    """Every group a ward of ``kind`` can treat (``activation.ward_targets``)."""
    w = WARDS[kind]
    fits = [p for p in patient_records(config.colours) if w.colour == ANY or shown(p) == w.colour]
    if w.size == 1:
        return [(p,) for p in fits]
    out = []
    for group in combinations_with_replacement(fits, w.size):
        if w.match == SAME_COLOUR and len({shown(p) for p in group}) != 1:
            continue
        if w.match == SAME_HEALTH and len({p[1] for p in group}) != 1:
            continue
        out.append(group)
    return out


def start_dice(config: DHConfig) -> list[tuple[tuple[int, int], ...]]:
    """Starting dice: the printed values (crisis values with that variant), each value
    in any colour (``setup.health_options``, without the bag's limit)."""
    values = config.crisis_health if config.variant_crisis else config.start_health
    groups = sorted({v: values.count(v) for v in values}.items())
    picks = [list(combinations_with_replacement(range(config.colours), n)) for _, n in groups]
    out = set()
    for combo in product(*picks):
        out.add(tuple(sorted((c, v) for (v, _), cols in zip(groups, combo) for c in cols)))
    return sorted(out)


def evictions(config: DHConfig) -> list[tuple[Any, ...]]:
    """Groups moved to the mortuary: admission-time patients (untreated, own colour),
    as many as arrive at once or fewer, never more than the beds."""
    records = [(c, h, 0, -1) for c in range(config.colours) for h in HEALTHS]
    most = min(most_arriving(config), config.capacity)
    return [g for k in range(1, most + 1) for g in combinations_with_replacement(records, k)]


@lru_cache(maxsize=16)
def all_actions(config: DHConfig) -> ActionList:
    """Every decision of a Dice Hospital game on ``config`` under any reading, sorted."""
    wards = [k for k in range(len(WARDS)) if config.wards_in_deck[k]]
    usable = [k for k in range(len(WARDS)) if config.wards_in_deck[k] or config.board_wards[k]]
    specialists = [k for k in range(len(SPECIALISTS)) if config.specialists_in_deck[k]]
    meeples = ([NURSE] if nurse_possible(config) else []) + specialists
    records = patient_records(config.colours)
    activate = [Activate(m, k, g) for k in usable for g in ward_groups(config, k) for m in meeples]
    blocks: list[Sequence[Any]] = [
        activate,
        [BloodHeal(p) for p in records],
        [BloodRecolour(p, c) for p in records for c in range(config.colours) if c != shown(p)],
        [DeclineEffect()] if specialists else [],
        [DiscardSpecialist(k) for k in specialists],
        [DiscardWard(k) for k in wards],
        [EndActivation()],
        [Evict(g) for g in evictions(config)],
        [KeepAdministrator(k) for k, n in enumerate(config.admin_deck) if n],
        [KeepTiles()],
        Placements(config.colours, config.ambulance_dice, ambulance_counts(config)),
        [RevealExtra(k) for k in (0, 1)] if config.players == 2 else [],
        [SetPatients(d) for d in start_dice(config)],
        [SpecialistHeal(p) for p in records] if specialists else [],
        [TakeAmbulance(j) for j in range(max(ambulance_counts(config)))],
        [TakeSpecialist(k) for k in specialists],
        [TakeWard(k) for k in wards],
        [TradeSpecialist(k) for k in specialists],
        [TradeWard(k) for k in wards],
    ]
    return ActionList([b if hasattr(b, "position") else sort_actions(b) for b in blocks])


def action_space(model: DHModel) -> ActionSpace:
    """The adapter declaration of a Dice Hospital model (config and reading).
    ``ModelError`` for DH-AMBULANCE-FILL=dealt with several dice an ambulance: its
    placements are not the ones :mod:`.placements` numbers."""
    config = model.config
    if model.ctx.dealt and config.ambulance_dice > 1:
        raise ModelError(
            "the Dice Hospital action space numbers ambulances filled lowest first; "
            "DH-AMBULANCE-FILL=dealt with ambulance_dice > 1 is outside it"
        )
    b = bounds(config)
    return ActionSpace(
        actions=all_actions(config),
        players=config.players,
        cooperative=False,
        max_chance_outcomes=b.max_chance_outcomes,
        max_game_length=b.max_game_length,
        return_range=b.score_range,
        observation_size=observation_size(config),
        observe=lambda s: encode(config, s),
        # the kernel's batched games, loaded late like the spec's kernel: declaring the
        # space compiles nothing, and the view stands on rules/ alone
        batch=late_call("..kernel.batch:batch", __package__),
    )
