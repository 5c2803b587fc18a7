"""The compiled HHH kernel equals the reference model (models/hhh/kernel/, issue 13).

For every state of ``tiny`` and for states met along games of ``small``, ``interactions``
and the full game, under every reading: the kernel's legal actions (in the same order)
and its exact outcome distributions (Fractions from the logged chance events) equal the
reference's, and the state codec round-trips. A planted kernel bug is caught. ``ci``
checks every reading on a sample of states; ``thorough`` on many more.
"""

from __future__ import annotations

import os

import pytest
from hhh_kernel_helpers import all_states, compare_state, model_and_kernel, playout_states

from hhh_verify.contract.errors import ModelError
from hhh_verify.models.hhh import SPEC
from hhh_verify.models.hhh.kernel.api import UNCOMPILED, HHHKernel

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"

#: Options the kernel refuses (``kernel.api.UNCOMPILED`` says why each does not fit the
#: kernel's arrays); the reference engine plays them, so no equality is checked for them.
REFUSED = {option.item for option in UNCOMPILED}

#: Every non-default reading the kernel compiles, one at a time (the defaults first).
READINGS = [{}] + [
    {a.id: o}
    for a in SPEC.ambiguities
    for o in a.option_ids
    if o != a.default and f"{a.id}={o}" not in REFUSED
]


def _label(r: dict[str, str]) -> str:
    return ",".join(f"{k}={v}" for k, v in r.items()) or "defaults"


def _first_difference(m, k, states) -> str | None:  # type: ignore[no-untyped-def]
    for s in states:
        problem = compare_state(m, k, s)
        if problem:
            return f"{problem}\nin {s}"
    return None


def test_every_tiny_state_equal() -> None:
    """All 5,770 states of ``tiny``: codec, legal actions and exact distributions."""
    m, k = model_and_kernel("tiny")
    states = all_states(m)
    assert len(states) == 5770
    assert _first_difference(m, k, states) is None


def test_legal_order_is_the_reference_order() -> None:
    """Actions come in ``sort_actions`` order, so index i names the same action."""
    m, k = model_and_kernel("interactions")
    for s in playout_states(m, 3, 5):
        assert k.legal_actions(s) == m.legal_actions(s)


@pytest.mark.parametrize("reading", READINGS, ids=_label)
def test_every_reading_on_sampled_states(reading: dict[str, str]) -> None:
    """Each reading on states of ``interactions`` (every Staff member, the ER) and
    ``small`` games, and a full game's states (``thorough``: more games, every state)."""
    for preset, games, every in (
        ("interactions", 6 if THOROUGH else 2, 1 if THOROUGH else 3),
        ("small", 8 if THOROUGH else 2, 1 if THOROUGH else 3),
    ):
        if preset == "interactions" and reading == {"HHH-WARD-BEDS": "one-fewer"}:
            continue  # refused: its Wards have one bed (tests/hhh/test_hhh_config_refused.py)
        m, k = model_and_kernel(preset, reading)
        assert _first_difference(m, k, playout_states(m, games, 11, every)) is None, preset


@pytest.mark.parametrize("reading", READINGS, ids=_label)
def test_full_game_states(reading: dict[str, str]) -> None:
    """States of a whole random game of the real game (big bags, every Staff, Training):
    codec and legal actions on every state; exact distributions of up to 2 actions on
    every 15th state under the defaults (each reading's distributions are checked on the
    reduced presets above; ``thorough``: two games, every action of every state, every
    reading)."""
    m, k = model_and_kernel("full", reading)
    states = playout_states(m, 2 if THOROUGH else 1, 3)
    for i, s in enumerate(states):
        steps = THOROUGH or (not reading and i % 15 == 0)
        problem = compare_state(m, k, s, steps, 0 if THOROUGH else 2)
        assert problem is None, f"{problem}\nin {s}"


def test_planted_kernel_bug_is_caught() -> None:
    """A kernel that pays $1 too much for a Ward heal differs from the reference."""
    m, k = model_and_kernel("tiny", planted=1)
    assert _first_difference(m, k, all_states(m)) is not None


@pytest.mark.parametrize("item", sorted(REFUSED))
def test_an_uncompiled_option_is_refused_by_name(item: str) -> None:
    """The kernel refuses an option it does not compile (one ModelError naming it) rather
    than play it wrongly; the same model under the default readings is accepted."""
    amb, option = item.split("=")
    m = SPEC.model("tiny", (), (item,))
    with pytest.raises(ModelError, match=f"{item} is not compiled in the hhh kernel"):
        HHHKernel(m)
    assert HHHKernel(SPEC.model("tiny")).model is not None
    assert option in SPEC.ambiguities.get(amb).option_ids
