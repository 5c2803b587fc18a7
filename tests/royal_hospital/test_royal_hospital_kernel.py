"""The compiled Royal Hospital kernel equals the reference model (models/royal_hospital/kernel/).

For every state of ``tiny`` and for states met along games of ``small`` and the full
game, under every reading: the state codec round-trips, the kernel's legal actions come
in the same order, its exact outcome distributions (Fractions) and its end-game outcome
(scores, winners) equal the reference's. Hidden information is the model's: a draw or a
flip is the same chance node with the same odds. Planted kernel bugs are caught. ``ci``
checks every non-default reading on a sample of ``tiny`` states; ``thorough`` on all.
"""

from __future__ import annotations

import os
from dataclasses import replace

import pytest
from royal_hospital_kernel_helpers import (
    all_states,
    first_difference,
    model_and_kernel,
    playout_states,
)

from hhh_verify.contract.errors import ModelError
from hhh_verify.models.royal_hospital import SPEC
from hhh_verify.models.royal_hospital.kernel.api import NOT_COMPILED
from hhh_verify.models.royal_hospital.kernel.codec import PLANTED

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"

#: Every non-default reading the kernel compiles, one at a time (RH-SOLO=reject refuses
#: two-player configs' solo only, so it is the default game here). The kernel refuses the
#: options of ``NOT_COMPILED`` on purpose (each says why there); the reference engine
#: plays them, and ``test_the_kernel_refuses_what_it_does_not_compile`` holds the refusal.
REFUSED = {option.item for option in NOT_COMPILED}
READINGS = [
    {a.id: o}
    for a in SPEC.ambiguities
    for o in a.option_ids
    if o != a.default and f"{a.id}={o}" not in REFUSED
]


def _label(r: dict[str, str]) -> str:
    return ",".join(f"{k}={v}" for k, v in r.items()) or "defaults"


def test_every_tiny_state_equal() -> None:
    """All 23,393 states of ``tiny`` under the defaults: codec, legal actions in order,
    exact distributions of every action, outcomes."""
    m, k = model_and_kernel("tiny")
    states = all_states(m, 100_000)
    assert len(states) == 23393
    assert first_difference(m, k, states) is None


@pytest.mark.parametrize("reading", READINGS, ids=_label)
def test_every_reading_on_tiny(reading: dict[str, str]) -> None:
    """Each reading on the states of ``tiny`` (``ci``: every 9th; ``thorough``: all)."""
    m, k = model_and_kernel("tiny", reading)
    states = all_states(m, 100_000)[:: 1 if THOROUGH else 9]
    assert first_difference(m, k, states) is None


@pytest.mark.parametrize("reading", [{}, *READINGS], ids=_label)
def test_every_reading_on_played_states(reading: dict[str, str]) -> None:
    """Each reading on states met in seeded random games of ``small`` (the air ambulance:
    ambulance, insurance, helicopters) and of the full game (every card kind)."""
    for preset, games, every in (("small", 3, 2), ("full", 1, 4 if not THOROUGH else 1)):
        m, k = model_and_kernel(preset, reading)
        states = playout_states(m, games * (4 if THOROUGH else 1), 7, every)
        assert first_difference(m, k, states) is None, preset


def test_probe_decks_and_player_counts() -> None:
    """The probe decks (a clinical trial, production from an action, draws, a whole lap
    of the ambulance track, six insurance advances) and 1, 3 and 4 players."""
    cases = [
        (replace(SPEC.presets["tiny"], medical_deck=d), {})
        for d in ("probe-trial", "probe-lab", "probe-draw", "probe-ambulance", "probe-insurance")
    ]
    cases.append(
        (
            replace(SPEC.presets["tiny"], medical_deck="probe-insurance"),
            {"RH-INSURANCE-MAX": "another-company"},
        )
    )
    cases.append(
        (replace(SPEC.presets["tiny"], medical_deck="probe-draw"), {"RH-DRAW-CARD": "patient"})
    )
    cases.append(
        (replace(SPEC.presets["tiny"], start_production=1), {"RH-EXTRA-DRAWS": "patients-too"})
    )
    cases += [(replace(SPEC.presets["full"], players=p, first_player=-1), {}) for p in (1, 3, 4)]
    for config, reading in cases:
        m, k = model_and_kernel(config, reading)
        states = playout_states(m, 2, 3, 2)
        assert first_difference(m, k, states) is None, (config, reading)


@pytest.mark.parametrize("name", sorted(PLANTED))
def test_planted_kernel_bug_is_caught(name: str) -> None:
    """Each planted kernel bug makes some state met in ``small`` or full games differ
    (congress doctors are out of reach on the reduced presets' short tracks)."""
    for preset, games in (("small", 4), ("full", 2)):
        m, k = model_and_kernel(preset, planted=PLANTED[name])
        if first_difference(m, k, playout_states(m, games, 7, 1)) is not None:
            return
    raise AssertionError(f"planted bug {name} went unnoticed")


@pytest.mark.parametrize("scored", ["RH-COMPARE-COUNTERS", "RH-TIE-RESOURCES"])
def test_discarded_tokens_pay_at_once_in_the_kernel_too(scored: str) -> None:
    """Tokens scored but discarded at each Cleanup: no choice of which token pays, kernel
    and reference alike (tiny, every 9th state, and states of full-game playouts)."""
    reading = {scored: "tokens", "RH-RESOURCES-KEEP": "discard"}
    m, k = model_and_kernel("tiny", reading)
    assert first_difference(m, k, all_states(m, 100_000)[::9]) is None
    m, k = model_and_kernel("full", reading)
    assert first_difference(m, k, playout_states(m, 1, 7, 4)) is None


@pytest.mark.parametrize("item", sorted(REFUSED))
def test_the_kernel_refuses_what_it_does_not_compile(item: str) -> None:
    """A reading the kernel does not play is refused with one clear error, never played
    as another reading."""
    amb, option = item.split("=")
    with pytest.raises(ModelError, match=f"{item} is not compiled in the Royal Hospital kernel"):
        model_and_kernel("tiny", {amb: option})
