"""A fixed-length numeric encoding of a Royal Hospital state, for learning frameworks.

Every field of :class:`~.state.RHState` appears, in declaration order, as plain numbers.
Fields whose length varies are padded to a length fixed by the config
(:mod:`.bounds`): a hospital is its sorted patients (a presence flag, then the record)
in ``hospital_slots`` slots, the arrivals likewise, the pending steps in ``queue_slots``
slots (a reward as its index in ``bounds.all_effects`` plus one), the returned pile as
card codes shifted to start at 1 (a hidden class's code ``-K`` is 1; 0 = no card), the terminal patients as counts per
(type, treated). The encoding is injective on reachable states, so nothing is lost
(:func:`encode` is the whole state, a framework's global state).

What a player sees (:func:`public`, :func:`private`): "The hand of cards remains secret
from other players. However, the other players are allowed to know how many cards you
have." (Game Setup, Hand of Medical cards). So the public part shows each hand as its
size, and so the Medical deck (face down: only its size), and the cards drawn to choose
from (drawn into the hand of the player choosing) as their number; the private part of
a player is its hand per card type and, while it is choosing, the drawn cards per type.
Everything else is on the table: the book makes only the hand secret, so the discard
pile is shown (the cards a player discards or does not keep become known), and patient
cards show their visible side until flipped (the unresolved healing sides are held
only as counts, see ``state.py``). The verifier's model is the same whatever a player
sees; only the adapters use this split.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..rules.bounds import all_effects, bounds, class_types
from ..rules.cards import patient_deck
from ..rules.config import RHConfig
from ..rules.model import RHModel
from ..rules.state import T_DRAW_PICK, T_KEEP, PlayerState, RHState

#: Numbers per patient slot (present, card code, diagnosed, time tokens, paid) and per
#: pending-step slot (present, kind, player, n, reward index + 1, from a played card).
PATIENT_WIDTH = 5
TASK_WIDTH = 6


@lru_cache(maxsize=16)
def _effect_ids(config: RHConfig) -> dict[Any, int]:
    return {e: i + 1 for i, e in enumerate(all_effects(config))}


def _slots(records: tuple[Any, ...], slots: int, width: int, what: str, out: list[int]) -> None:
    if len(records) > slots:
        raise ValueError(f"{len(records)} {what}, more than the {slots} slots of the encoding")
    for r in records:
        out.append(1)
        out += [int(x) for x in r]
    out += [0] * (width * (slots - len(records)))


def _player(config: RHConfig, ps: PlayerState, out: list[int], hidden: bool = False) -> None:
    b = bounds(config)
    terminals = len(patient_deck(config.patient_deck))
    for name in PlayerState._fields:
        value = getattr(ps, name)
        if name == "patients":
            _slots(value, b.hospital_slots, PATIENT_WIDTH, "patients in a hospital", out)
        elif name == "terminals":
            counts = [0] * (2 * terminals)
            for term in value:
                counts[2 * term.card + (1 if term.treated else 0)] += 1
            out += counts
        elif name == "hand" and hidden:
            out.append(sum(value))
        elif isinstance(value, tuple):
            out += [int(x) for x in value]
        else:
            out.append(int(value))


#: State fields a player sees only as their size (besides the other players' hands).
COUNTED = ("deck", "picking")


def encode(config: RHConfig, s: RHState, hidden: bool = False) -> tuple[int, ...]:
    """The numbers of ``s``, always ``observation_size(config)`` long; ``hidden``: what
    every player sees (:func:`public`)."""
    b = bounds(config)
    ids = _effect_ids(config)
    out: list[int] = []
    for name in RHState._fields:
        value = getattr(s, name)
        if hidden and name in COUNTED:
            out.append(sum(value))
        elif name == "players":
            for ps in value:
                _player(config, ps, out, hidden)
        elif name == "queue":
            tasks = [
                (t.kind, t.player, t.n, ids[t.effect] if t.effect else 0, t.play) for t in value
            ]
            _slots(tuple(tasks), b.queue_slots, TASK_WIDTH, "pending steps", out)
        elif name == "arrivals":
            _slots(value, b.arrival_slots, PATIENT_WIDTH, "arriving patients", out)
        elif name == "returned":
            if len(value) > b.returned_slots:
                raise ValueError(f"{len(value)} returned cards, more than {b.returned_slots}")
            shift = len(class_types(patient_deck(config.patient_deck))) + 1
            out += [code + shift for code in value]
            out += [0] * (b.returned_slots - len(value))
        elif isinstance(value, tuple):
            out += [int(x) for x in value]
        else:
            out.append(int(value))
    return tuple(out)


def observation_size(model: RHModel) -> int:
    """Length of :func:`encode` for this model's config (every field is padded)."""
    return len(encode(model.config, model.initial_state()))


def public(config: RHConfig, s: RHState) -> tuple[int, ...]:
    """What every player sees of ``s``: the state with every hand, the Medical deck and
    the cards drawn to choose from shown as their sizes (see the module docstring)."""
    return encode(config, s, hidden=True)


def chooser(s: RHState) -> int | None:
    """The player the drawn cards (``picking``) belong to: the one whose draw-to-choose
    or keep step comes first (``flow.begin_round`` queues them per player)."""
    for task in s.queue:
        if task.kind in (T_DRAW_PICK, T_KEEP):
            return task.player
    if any(s.picking):
        raise ValueError("cards drawn to choose from belong to no player")
    return None


def private(config: RHConfig, s: RHState, player: int) -> tuple[int, ...]:
    """What only ``player`` sees: its hand per card type, then the cards it has drawn
    to choose from per type (zeros when it is not choosing)."""
    picking = s.picking if chooser(s) == player else (0,) * len(s.picking)
    return tuple(s.players[player].hand) + tuple(picking)


def public_size(model: RHModel) -> int:
    return len(public(model.config, model.initial_state()))


def private_size(model: RHModel) -> int:
    return len(private(model.config, model.initial_state(), 0))
