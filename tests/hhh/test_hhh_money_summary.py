"""The per-round money summary behind Z3's upper bounds (models/hhh/smt/summary.py).

The bounds are only as good as the lemma: along every step, money + potential never
grows (but for a CFO's $10), and at a round's start the potential is within the
round's config-derived terms. Checked on every explorer transition of ``tiny`` and
``interactions`` (Staff, Cooke De Buchs, the Emergency Room) under several readings,
and on the first 50,000 states of ``small`` and sampled full-game steps. Planted unsound
summaries (no Treatment Room head start, no black-cube reaction, the Bureaucrat
forgotten) are caught.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hhh_helpers import action_phase, model

from hhh_verify.engines.explore.explorer import explore
from hhh_verify.engines.simulate import game_seed, get_policy
from hhh_verify.models.hhh import SPEC
from hhh_verify.models.hhh.rules.actions import HireStaff, ImproveRoom
from hhh_verify.models.hhh.rules.config import BUREAUCRAT
from hhh_verify.models.hhh.rules.state import OVER
from hhh_verify.models.hhh.smt import summary as S
from hhh_verify.smt.budget import Budget


def lemma(m: Any, s: Any, a: Any, t: Any) -> str | None:
    """The summary's step lemma, and the round-start bound when ``t`` starts a round."""
    problem = S.step_violation(m.ctx, s, t)
    if problem is None and t.phase != OVER and t.round > s.round:
        terms = S.round_terms(m.ctx, t.round)
        if S.potential(m.ctx, t) > terms.total():
            problem = f"round {t.round} starts at {S.potential(m.ctx, t)} > {terms}"
    return problem


def violation(m: Any, max_states: int = 60_000, complete: bool = True) -> list[str] | None:
    """The lines of the shortest path breaking the lemma, or None (every transition
    explored; with ``complete=False``, every transition of the first ``max_states``)."""
    exp = explore(m, steps={"lemma": lemma}, max_states=max_states)
    assert exp.complete or not complete, "the check covers every transition"
    first = m.initial_state()
    assert S.potential(m.ctx, first) <= S.round_terms(m.ctx, 1).total()
    path = exp.first_violation("lemma")
    if path is None:
        return None
    from hhh_verify.engines.explore.analysis import path_lines

    return path_lines(m, path)


@pytest.mark.parametrize(
    "preset, interpret",
    [
        ("tiny", ()),
        ("tiny", ("HHH-TR-OVERFLOW=capped",)),
        ("interactions", ()),
        ("interactions", ("HHH-COO-TIMING=next-round", "HHH-END-REACTION-LAST-ROUND=not-last")),
        ("interactions", ("HHH-ER-COSTS=treatment-like", "HHH-INTERN-ER=not-allowed")),
    ],
)
def test_lemma_holds_on_every_transition(preset: str, interpret: tuple[str, ...]) -> None:
    assert violation(model(preset, interpret=interpret)) is None


def test_lemma_holds_on_the_first_transitions_of_small() -> None:
    """``small`` (two colours, a Treatment Room and an Emergency Room to install) has
    over 400,000 states: its first 50,000, breadth first."""
    assert violation(model("small"), max_states=50_000, complete=False) is None


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_lemma_holds_on_sampled_full_game_steps(policy: str) -> None:
    m = model("full")
    player = get_policy(policy, SPEC.policies)
    steps = 0
    for g in range(40):
        rng = random.Random(game_seed(11, g))
        s = m.initial_state()
        while m.outcome(s) is None:
            legal = m.legal_actions(s)
            a = legal[0] if len(legal) == 1 else player(m, s, legal, rng)
            t = m.sample_step(s, a, rng)
            assert lemma(m, s, a, t) is None, m.describe_action(s, a)
            s, steps = t, steps + 1
    assert steps > 500


def test_round_terms_of_the_full_game() -> None:
    """Round 1 has no Staff (HHH-STAFF-ROUND1), no patient in a room yet: 8 tokens at
    $6 (a Basic Treatment Room's $3 x 4 levels over two tokens) and 8 black cubes at $2."""
    ctx = model("full").ctx
    one = S.round_terms(ctx, 1)
    assert (one.tokens, one.rate, one.treatment, one.emergency, one.blacks, one.cfo) == (
        8, 6, 0, 0, 16, False,
    )  # fmt: skip
    two = S.round_terms(ctx, 2)
    assert (two.rate, two.treatment, two.head_start, two.emergency, two.cfo) == (10, 1, 10, 3, True)


def test_upper_bounds_are_proved_and_grow() -> None:
    m = model("full")
    # about 150,000 Z3 resource units at most (round 6)
    bounds = [S.money_upper_bound(m, r, Budget(5_000_000)) for r in (1, 2, 6)]
    assert all(b is not None for b in bounds)
    values = [b.value for b in bounds if b is not None]
    assert values[0] == 15 + 8 * 6 + 16  # start + tokens x rate + black cubes
    assert values[0] < values[1] < values[2]


def _planted(monkeypatch: pytest.MonkeyPatch, name: str, replacement: Any) -> None:
    monkeypatch.setattr(S, name, replacement)


def test_planted_no_head_start_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A patient already in a Treatment Room is worth nothing: a Transfer then a Heal of
    a level-3 patient earns $9 on two tokens at $6... but the Heal alone $9 > $6."""
    _planted(monkeypatch, "head_start", lambda room, level: 0)
    lines = violation(model("tiny"))
    assert lines is not None and "Heal" in "\n".join(lines)


def test_planted_no_black_reaction_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    _planted(monkeypatch, "black_reaction_open", lambda ctx, s: False)
    lines = violation(model("interactions"))
    assert lines is not None and "black" in lines[-1].lower()


def test_planted_forgotten_bureaucrat_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Bureaucrat improves a Treatment Room mid-round ("Improve 1 New Room card
    already in play"): a rate that ignores it grows when the room is Improved ($4 a level
    up to 5), and the lemma says so at that step; the real summary holds throughout."""
    m = model("full")
    s = action_phase(m, money=20, medical=(2, 0), admin_tokens=1)
    s = replace(
        s,
        rooms=(1,) + s.rooms[1:],
        staff_open=tuple(1 if k == BUREAUCRAT else 0 for k in range(len(s.staff_open))),
    )
    path = [HireStaff(BUREAUCRAT), ImproveRoom(0)]

    def play() -> list[str | None]:
        state, found = s, []
        for a in path:
            (t, _), *_ = m.step(state, a)
            found.append(S.step_violation(m.ctx, state, t))
            state = t
        assert state.rooms[0] == 2
        return found

    assert play() == [None, None]
    _planted(monkeypatch, "_can_improve", lambda ctx, s: False)
    assert play()[1] is not None
