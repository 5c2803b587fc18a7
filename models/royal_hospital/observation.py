"""A fixed-length numeric encoding of a Royal Hospital state, for learning frameworks.

Every field of :class:`~.state.RHState` appears, in declaration order, as plain numbers.
Fields whose length varies are padded to a length fixed by the config
(:mod:`.bounds`): a hospital is its sorted patients (a presence flag, then the record)
in ``hospital_slots`` slots, the arrivals likewise, the pending steps in ``queue_slots``
slots (a reward as its index in ``bounds.all_effects`` plus one), the returned pile as
card codes shifted to start at 1 (a hidden class's code ``-K`` is 1; 0 = no card), the terminal patients as counts per
(type, treated). The encoding is injective on reachable states, so nothing is lost;
the model's players see the whole state except the unresolved healing sides, which the
state holds only as counts (see ``state.py``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .bounds import all_effects, bounds, class_types
from .cards import patient_deck
from .config import RHConfig
from .state import PlayerState, RHState

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


def _player(config: RHConfig, ps: PlayerState, out: list[int]) -> None:
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
        elif isinstance(value, tuple):
            out += [int(x) for x in value]
        else:
            out.append(int(value))


def encode(config: RHConfig, s: RHState) -> tuple[int, ...]:
    """The numbers of ``s``, always ``observation_size(config)`` long."""
    b = bounds(config)
    ids = _effect_ids(config)
    out: list[int] = []
    for name in RHState._fields:
        value = getattr(s, name)
        if name == "players":
            for ps in value:
                _player(config, ps, out)
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


def observation_size(model: Any) -> int:
    """Length of :func:`encode` for this model's config (every field is padded)."""
    return len(encode(model.config, model.initial_state()))
