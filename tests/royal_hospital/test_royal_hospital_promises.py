"""Royal Hospital's promises (models/royal_hospital/book/promises.py): the book covers every
option of every ambiguity; each promise holds where its option is in force; each catches
its option made to behave like another one (the model read the other way, or the rule
patched); and the payment fix under RH-COMPARE-COUNTERS=tokens / RH-TIE-RESOURCES=tokens
(the player chooses which tokens pay) is caught when the old fixed order is planted back."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

import pytest
from royal_hospital_helpers import model, play, position, with_player

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.promises import Promise
from hhh_verify.contract.registry import properties_for
from hhh_verify.models.royal_hospital import SPEC
from hhh_verify.models.royal_hospital.play.probes import PROBES
from hhh_verify.models.royal_hospital.rules import actions as A
from hhh_verify.models.royal_hospital.rules import scoring
from hhh_verify.models.royal_hospital.rules.effects import DIAG, DOCTOR, RESEARCH, STAFF
from hhh_verify.models.royal_hospital.rules.state import T_PAY_DIAG, Patient

BOOK = SPEC.promises()
PROPS = {p.id: p for p in properties_for(SPEC.id) if p.id.startswith("promise:")}


def _prop(key: str) -> Any:
    return PROPS[f"promise:{key}"]


def _bfs(m: Any, prop: Any, budget: int) -> str | None:
    """The first broken step within ``budget`` states, breadth first (exact steps)."""
    start = m.initial_state()
    seen, todo = {start}, deque([start])
    while todo and budget > 0:
        s = todo.popleft()
        budget -= 1
        for a in m.legal_actions(s):
            for t, _ in m.step(s, a):
                if msg := prop.step_violation(m, s, a, t):
                    return msg
                if t not in seen:
                    seen.add(t)
                    todo.append(t)
    return None


def _playouts(m: Any, prop: Any, games: int) -> str | None:
    """The first broken step in ``games`` random playouts."""
    for seed in range(games):
        rng = random.Random(seed)
        s = m.initial_state()
        while m.outcome(s) is None:
            a = rng.choice(m.legal_actions(s))
            t = m.sample_step(s, a, rng)
            if msg := prop.step_violation(m, s, a, t):
                return msg
            s = t
    return None


def test_the_book_covers_every_option() -> None:
    assert BOOK.missing(SPEC.ambiguities) == []
    assert BOOK.unknown(SPEC.ambiguities) == []


def _configs(amb: str) -> list[tuple[str, tuple[str, ...]]]:
    return [*PROBES.get(amb, ()), ("tiny", ()), ("small", ())]


@pytest.mark.parametrize("promise", BOOK.promises, ids=lambda p: p.key)
def test_every_promise_holds_under_its_option(promise: Promise) -> None:
    """Explored from the start on the ambiguity's probe configs and the reduced presets
    (the sweep in ``check`` explores them further, every pair included)."""
    prop = _prop(promise.key)
    for preset, sets in _configs(promise.ambiguity):
        m = SPEC.model(preset, sets, (promise.key,))
        if prop.relevant(m):
            assert _bfs(m, prop, 300) is None, (preset, sets)
            assert _playouts(m, prop, 3) is None, (preset, sets)


# Each promise against its option behaving like another: (the other option, the config
# where it shows, states explored, random games).
TINY: tuple[str, ...] = ()
PLANTED = {
    "RH-CARD-NAMES=trials-add-space": ("only-clinics-add-space", "full", TINY, 0, 12),
    "RH-CARD-NAMES=only-clinics-add-space": ("trials-add-space", "full", TINY, 0, 12),
    "RH-CREDIT-START=fifteen": ("five", "tiny", TINY, 10, 0),
    "RH-CREDIT-START=five": ("ten", "tiny", TINY, 10, 0),
    "RH-CREDIT-START=ten": ("fifteen", "tiny", TINY, 10, 0),
    "RH-ROUND-PATIENTS=same-number": ("own-row", "tiny", ("round_patients=2,2",), 100, 0),
    "RH-ROUND-PATIENTS=own-row": ("same-number", "tiny", ("round_patients=0,0",), 100, 0),
    "RH-GAME-END=fixed-rounds": ("patient-deck-empty", "tiny", PROBES["RH-GAME-END"][0][1], 100, 0),
    "RH-GAME-END=patient-deck-empty": ("fixed-rounds", "tiny", PROBES["RH-GAME-END"][0][1], 100, 0),
    "RH-RESOURCES-KEEP=keep": ("discard", "tiny", TINY, 150, 0),
    "RH-RESOURCES-KEEP=discard": ("keep", "tiny", TINY, 150, 0),
    "RH-RESEARCH-IN-TREATMENT=staff-only": ("research-too", "full", TINY, 0, 12),
    "RH-CRITICAL-COST=diagnose-and-heal": ("healing-only", "tiny", TINY, 100, 0),
    "RH-CRITICAL-COST=healing-only": ("diagnose-and-heal", "tiny", TINY, 3000, 0),
    "RH-CRITICAL-DEADLINE=first-cleanup": ("second-cleanup", "tiny", TINY, 100, 0),
    "RH-CRITICAL-DEADLINE=second-cleanup": ("first-cleanup", "tiny", TINY, 100, 0),
    "RH-TERMINAL-UPKEEP=every-round": ("arrival-round-only", "tiny", TINY, 200, 0),
    "RH-TERMINAL-UPKEEP=arrival-round-only": ("every-round", "tiny", TINY, 200, 0),
    "RH-TERMINAL-COST=one-healing": ("card-cost", "tiny", PROBES["RH-TERMINAL-COST"][0][1], 150, 0),
    "RH-TERMINAL-COST=card-cost": ("one-healing", "tiny", PROBES["RH-TERMINAL-COST"][0][1], 150, 0),
    "RH-TERMINAL-REWARD=every-treatment": ("first-treatment", "tiny", TINY, 2000, 0),
    "RH-TERMINAL-REWARD=first-treatment": ("none", "tiny", TINY, 100, 0),
    "RH-TERMINAL-REWARD=none": ("every-treatment", "tiny", TINY, 100, 0),
    "RH-PRIORITY-3=terminal-slip": ("chronic-die", "tiny", TINY, 0, 40),
    "RH-PRIORITY-3=chronic-die": ("terminal-slip", "tiny", TINY, 0, 40),
    "RH-REWARD-ORDER=depth-first": ("in-sequence", "small", TINY, 30, 0),
    "RH-REWARD-ORDER=in-sequence": ("depth-first", "small", TINY, 30, 0),
    "RH-QOC-FLOOR=clamp": ("below-zero", "tiny", TINY, 0, 40),
    "RH-QOC-FLOOR=below-zero": ("clamp", "tiny", TINY, 0, 40),
    "RH-AMBULANCE-WRAP=fourteen-spaces": (
        "thirteen-spaces",
        "tiny",
        PROBES["RH-AMBULANCE-WRAP"][0][1],
        200,
        0,
    ),
    "RH-AMBULANCE-WRAP=thirteen-spaces": (
        "fourteen-spaces",
        "tiny",
        PROBES["RH-AMBULANCE-WRAP"][0][1],
        200,
        0,
    ),
    "RH-PRODUCTION-BONUS=always": ("card-play-only", "tiny", ("medical_deck=probe-lab",), 100, 0),
    "RH-PRODUCTION-BONUS=card-play-only": ("always", "tiny", ("medical_deck=probe-lab",), 100, 0),
    "RH-HEALED-COST=spend": ("threshold", "tiny", ("medical_deck=probe-trial",), 1500, 0),
    "RH-HEALED-COST=threshold": ("spend", "tiny", ("medical_deck=probe-trial",), 1500, 0),
    "RH-HELICOPTER-BOTH=both-allowed": ("one-only", "small", TINY, 30, 0),
    "RH-HELICOPTER-BOTH=one-only": ("both-allowed", "small", TINY, 30, 0),
    "RH-HELICOPTER-DISCARD=free": ("costs-quality", "small", TINY, 30, 0),
    "RH-HELICOPTER-DISCARD=costs-quality": ("free", "small", TINY, 30, 0),
    "RH-HELICOPTER-ORDER=from-sender": ("turn-order", "small", TINY, 0, 40),
    "RH-HELICOPTER-ORDER=turn-order": ("from-sender", "small", TINY, 0, 40),
    "RH-MEDICAL-EMPTY=reshuffle": ("no-draw", "small", TINY, 400, 0),
    "RH-MEDICAL-EMPTY=no-draw": ("reshuffle", "small", TINY, 300, 0),
    "RH-STARTING-CARD=in-play": ("in-hand", "tiny", TINY, 10, 0),
    "RH-STARTING-CARD=in-hand": ("in-play", "tiny", TINY, 10, 0),
    "RH-ACTIVATE-SAME-ROUND=same-round": ("next-round", "tiny", ("medical_deck=probe-lab",), 20, 0),
    "RH-ACTIVATE-SAME-ROUND=next-round": ("same-round", "tiny", ("medical_deck=probe-lab",), 20, 0),
    "RH-PARTIAL-PAYMENT=whole": ("partial", "tiny", TINY, 100, 0),
    "RH-PARTIAL-PAYMENT=partial": ("whole", "full", TINY, 0, 12),
    "RH-INSURANCE-MAX=nothing": (
        "another-company",
        "tiny",
        PROBES["RH-INSURANCE-MAX"][0][1],
        100,
        0,
    ),
    "RH-INSURANCE-MAX=another-company": (
        "nothing",
        "tiny",
        PROBES["RH-INSURANCE-MAX"][0][1],
        100,
        0,
    ),
    "RH-DOCTOR-SUBSTITUTE=not-in-treatment": ("as-staff", "full", TINY, 0, 12),
    "RH-DRAW-CARD=medical": ("patient", "tiny", ("medical_deck=probe-draw",), 30, 0),
    "RH-DRAW-CARD=patient": ("medical", "tiny", ("medical_deck=probe-draw",), 300, 0),
    "RH-DOCTOR-REWARD=supply": ("race-token", "tiny", PROBES["RH-DOCTOR-REWARD"][0][1], 0, 12),
    "RH-DOCTOR-REWARD=race-token": ("supply", "tiny", PROBES["RH-DOCTOR-REWARD"][0][1], 0, 12),
    "RH-TERMINAL-CARD=deck-top": ("stays", "tiny", TINY, 0, 40),
    "RH-TERMINAL-CARD=stays": ("deck-top", "tiny", TINY, 0, 40),
    "RH-HELICOPTER-TERMINAL=hospital-only": ("terminals-too", "small", TINY, 0, 60),
    "RH-HELICOPTER-TERMINAL=terminals-too": ("hospital-only", "small", TINY, 0, 60),
    "RH-EXTRA-DRAWS=medical-only": ("patients-too", "tiny", ("start_production=1",), 10, 0),
    "RH-EXTRA-DRAWS=patients-too": ("medical-only", "tiny", ("start_production=1",), 10, 0),
}


@pytest.mark.parametrize("key", sorted(PLANTED))
def test_a_step_promise_catches_its_option_read_the_other_way(key: str) -> None:
    other, preset, sets, states, games = PLANTED[key]
    amb = key.split("=")[0]
    m = SPEC.model(preset, sets, (f"{amb}={other}",))
    prop = _prop(key)
    found = (states and _bfs(m, prop, states)) or (games and _playouts(m, prop, games))
    assert found, f"{key} did not notice {amb}={other} on {preset} {sets}"


SCORING = [
    p
    for p in BOOK.promises
    if p.final is not None and p.ambiguity not in ("RH-SOLO", "RH-GAME-END")
]


def _finished(m: Any, seed: int = 0) -> Any:
    rng = random.Random(seed)
    s = m.initial_state()
    while m.outcome(s) is None:
        s = m.sample_step(s, rng.choice(m.legal_actions(s)), rng)
    return s


@pytest.mark.parametrize("promise", SCORING, ids=lambda p: p.key)
def test_a_scoring_promise_catches_its_option_read_the_other_way(promise: Promise) -> None:
    """On a finished game of the ambiguity's first probe config, each other option's
    model breaks the promise (and its own keeps it)."""
    amb = SPEC.ambiguities.get(promise.ambiguity)
    preset, sets = _configs(promise.ambiguity)[0]
    assert promise.final is not None
    own = SPEC.model(preset, sets, (promise.key,))
    assert promise.final(own, _finished(own)) is None
    for other in amb.option_ids:
        if other != promise.option:
            m = SPEC.model(preset, sets, (f"{promise.ambiguity}={other}",))
            assert promise.final(m, _finished(m)), other


def test_the_solo_promise_catches_a_comparison_with_oneself(monkeypatch: Any) -> None:
    """RH-SOLO=same-rules: planted, a lone player surpasses its own counters."""
    m = model("tiny", players=1)
    s = _finished(m)
    promise = BOOK.of("RH-SOLO", "same-rules")
    assert isinstance(promise, Promise) and promise.final is not None
    assert promise.final(m, s) is None

    def vain(ctx: Any, s: Any, p: int) -> tuple[int, ...]:
        return tuple(int(k > 0) for k in scoring.counters(ctx, s.players[p]))

    monkeypatch.setattr(scoring, "surpass_points", vain)
    assert promise.final(m, s)


# Hand-built positions: which tokens a diagnosis accepts -------------------------------------


def _hidden(m: Any, diag: int) -> int:
    """The code of a hidden patient card whose diagnosis side shows difficulty ``diag``."""
    ctx = m.ctx
    return -1 - next(k for k in range(ctx.K) if not ctx.open_class[k] and ctx.class_diag[k] == diag)


def _diagnosis_position(
    interpret: tuple[str, ...], tokens: tuple[int, ...], diag: int = 1
) -> tuple[Any, Any]:
    """Seat 0 in the Treatment Phase of the full game with one undiagnosed patient."""
    m = model("full", interpret=interpret)
    pt = Patient(_hidden(m, diag), 0, 0, 0)
    return m, with_player(position(m), 0, patients=(pt,), tokens=tokens)


@pytest.mark.parametrize(
    "key, other, tokens",
    [
        ("RH-RESEARCH-IN-TREATMENT=research-too", "staff-only", (0, 0, 1, 0, 0)),
        ("RH-DOCTOR-SUBSTITUTE=as-staff", "not-in-treatment", (0, 0, 0, 0, 1)),
    ],
)
def test_a_diagnosis_promise_catches_a_token_left_out(
    key: str, other: str, tokens: tuple[int, ...]
) -> None:
    """Research (or a congress doctor) alone covers a difficulty-1 diagnosis: offered
    under the option, refused when the rule reads the other way."""
    amb = key.split("=")[0]
    for reading, broken in ((key, False), (f"{amb}={other}", True)):
        m, s = _diagnosis_position(
            (reading, "RH-RESEARCH-IN-TREATMENT=research-too")
            if amb == "RH-DOCTOR-SUBSTITUTE"
            else (reading,),
            tokens,
        )
        assert bool(_prop(key).step_violation(m, s, None, s)) == broken, reading


def test_the_partial_promise_catches_a_missing_assign() -> None:
    m, s = _diagnosis_position(("RH-PARTIAL-PAYMENT=partial",), (1, 0, 0, 0, 0), diag=2)
    prop = _prop("RH-PARTIAL-PAYMENT=partial")
    assert prop.step_violation(m, s, None, s) is None
    m.ctx.partial = False  # planted: the option behaves like 'whole'
    s = s._replace(round=1)  # a new position object: legal actions are worked out anew
    assert prop.step_violation(m, s, None, s)


# The payment fix: tokens held are scored, so the player picks each token ------------------


def _diagnose(interpret: tuple[str, ...], tokens: tuple[int, ...]) -> tuple[Any, Any, Any, Any]:
    m, s = _diagnosis_position(interpret, tokens)
    a = A.Diagnose(tuple(s.players[0].patients[0]))
    ((t, _), *_) = m.step(s, a)
    return m, s, a, t


def test_scored_tokens_make_every_split_a_choice() -> None:
    """Under RH-COMPARE-COUNTERS=tokens a diagnosis paid from a diagnosis token or a staff
    token leaves different counters to compare: both are offered, nothing is taken
    before the choice; under the defaults the least flexible token pays at once."""
    m, s, a, t = _diagnose(("RH-COMPARE-COUNTERS=tokens",), (1, 0, 0, 1, 0))
    assert t.queue[0].kind == T_PAY_DIAG and t.players[0].tokens == s.players[0].tokens
    assert m.legal_actions(t) == (A.UseToken(DIAG), A.UseToken(STAFF))
    assert play(m, t, A.UseToken(STAFF)).players[0].tokens == (1, 0, 0, 0, 0)
    m, s, a, t = _diagnose((), (1, 0, 0, 1, 0))
    assert not t.queue and t.players[0].tokens == (0, 0, 0, 1, 0)


def test_a_scored_sum_offers_only_the_doctor_choice() -> None:
    """Under RH-TIE-RESOURCES=tokens alone only the sum of the four kinds counts: a
    congress doctor (never counted) or a counted token; among counted kinds the least
    flexible pays."""
    m, s, a, t = _diagnose(("RH-TIE-RESOURCES=tokens",), (1, 0, 0, 1, 1))
    assert m.legal_actions(t) == (A.UseToken(DIAG), A.UseToken(DOCTOR))
    m, s, a, t = _diagnose(("RH-TIE-RESOURCES=tokens",), (1, 0, 0, 1, 0))
    assert not t.queue and t.players[0].tokens == (0, 0, 0, 1, 0)


def test_a_choice_never_strands_the_rest_of_a_payment() -> None:
    """A research cost of 2 with 1 research and 1 doctor: the first token may be either,
    the second is whatever is left (paid without asking)."""
    m = model("tiny", interpret=("RH-COMPARE-COUNTERS=tokens",))
    s = with_player(position(m), 0, tokens=(0, 0, 1, 0, 1))
    from hhh_verify.models.royal_hospital.rules.treatment import spend

    t = spend(m.ctx, s, 0, [(RESEARCH, 2)])
    assert m.legal_actions(t) == (A.UseToken(RESEARCH), A.UseToken(DOCTOR))
    after = m.step(t, A.UseToken(DOCTOR))[0][0]
    assert after.players[0].tokens == (0, 0, 0, 0, 0) and not after.queue


@pytest.mark.parametrize(
    "interpret, key",
    [
        (("RH-COMPARE-COUNTERS=tokens",), "RH-COMPARE-COUNTERS=tokens"),
        (("RH-TIE-RESOURCES=tokens",), "RH-TIE-RESOURCES=tokens"),
    ],
)
def test_the_fixed_order_planted_back_is_caught(interpret: tuple[str, ...], key: str) -> None:
    """The review's defect: payments in one fixed order under a tokens reading, so a
    split leaving a better end-game comparison is never offered."""
    tokens = (1, 0, 0, 1, 1)
    m, s, a, t = _diagnose(interpret, tokens)
    prop = _prop(key)
    assert prop.relevant(m) and prop.step_violation(m, s, a, t) is None
    m.ctx.tokens_scored = False  # planted: least flexible first, at once
    ((t, _), *_) = m.step(s, a)
    assert prop.step_violation(m, s, a, t)


# Two-sided promises: the option's effect done another way is caught -----------------------
def test_chronic_die_catches_a_chronic_death_costing_a_severe_death(monkeypatch: Any) -> None:
    """RH-PRIORITY-3=chronic-die: a chronic death costs 1 quality of care; the model
    charging a severe patient's 2 is caught (and the true cost is not)."""
    from hhh_verify.models.royal_hospital.rules import cleanup

    key, room = "RH-PRIORITY-3=chronic-die", ("start_qoc=4",)  # room to lose 2 on the track
    m = SPEC.model("tiny", room, (key,))
    assert not _playouts(m, _prop(key), 40)
    monkeypatch.setattr(cleanup, "TERMINAL_DEATH_QOC", 2)
    found = _playouts(SPEC.model("tiny", room, (key,)), _prop(key), 40)
    assert found and "chronic deaths moved quality of care" in found


def test_chronic_die_catches_a_revealed_chronic_patient_left_alive() -> None:
    """RH-PRIORITY-3=chronic-die: an undiagnosed chronic patient whose two time tokens
    revealed it dies at that Cleanup; the model that keeps it (terminal-slip) is caught
    on tiny's first such Cleanup, before any diagnosed chronic patient shows it."""
    found = _bfs(
        SPEC.model("tiny", (), ("RH-PRIORITY-3=terminal-slip",)),
        _prop("RH-PRIORITY-3=chronic-die"),
        1200,
    )
    assert found and "revealed by 2 time tokens" in found


def test_solo_reject_catches_a_lone_player_played_anyway() -> None:
    """RH-SOLO=reject refuses a one-player config when the model is built; a model held
    to reject that plays the other option (the swap hook) has a lone player's steps."""
    readings = SPEC.ambiguities.with_readings({"RH-SOLO": "reject"})
    with pytest.raises(ModelError, match="RH-SOLO=reject"):
        SPEC.make_model(SPEC.config("tiny", ("players=1",)), readings)
    mutant = SPEC.make_model(
        SPEC.config("tiny", ("players=1",)), readings.played_as("RH-SOLO", "same-rules")
    )
    prop = _prop("RH-SOLO=reject")
    assert prop.relevant(mutant)
    assert _bfs(mutant, prop, 5) == "a one-player game is played"
    assert _bfs(SPEC.model("tiny", (), ("RH-SOLO=reject",)), prop, 300) is None


def _play_a_drawing_card(m: Any) -> tuple[Any, Any]:
    """The first position of ``tiny`` (probe-draw deck) where a card that draws can be
    played, with one card put back in the Medical deck so the draw has something to take."""
    start = m.initial_state()
    seen, todo = {start}, deque([start])
    while todo:
        s = todo.popleft()
        for a in m.legal_actions(s):
            if isinstance(a, A.PlayCard) and m.ctx.medical[a.card].immediate:
                return s._replace(deck=(1,) + s.deck[1:]), a
            for t, _ in m.step(s, a):
                if t not in seen:
                    seen.add(t)
                    todo.append(t)
    raise AssertionError("no card that draws is ever played")


@pytest.mark.parametrize(("option", "deck"), [("medical", "Medical"), ("patient", "Patient")])
def test_draw_card_catches_a_draw_reward_dropped(monkeypatch: Any, option: str, deck: str) -> None:
    """RH-DRAW-CARD: each promise checked only what must not be drawn; a model whose
    'draw 1 card' reward drew nothing at all passed both. Now it is caught."""
    from hhh_verify.models.royal_hospital.rules import resolve
    from hhh_verify.models.royal_hospital.rules.effects import DRAW

    key = f"RH-DRAW-CARD={option}"
    m = SPEC.model("tiny", ("medical_deck=probe-draw",), (key,))
    s, a = _play_a_drawing_card(m)
    prop = _prop(key)
    assert all(prop.step_violation(m, s, a, t) is None for t, _ in m.step(s, a))
    real = resolve.apply

    def dropped(ctx: Any, s: Any, task: Any) -> Any:
        return s if task.effect is not None and task.effect.code == DRAW else real(ctx, s, task)

    monkeypatch.setattr(resolve, "apply", dropped)
    found = [prop.step_violation(m, s, a, t) for t, _ in m.step(s, a)]
    assert all(f and f"{deck} draws" in f for f in found)


@pytest.mark.parametrize("scored", ["RH-COMPARE-COUNTERS=tokens", "RH-TIE-RESOURCES=tokens"])
def test_discarded_tokens_offer_no_choice_of_which_pays(scored: str) -> None:
    """Under RH-RESOURCES-KEEP=discard every counted token is gone at each Cleanup, the
    last too, so which token pays can change no score: the choice is not offered (the
    model used to ask it 20-30 times a game); kept tokens still make it a choice."""
    discard = SPEC.model("full", TINY, (scored, "RH-RESOURCES-KEEP=discard"))
    keep = SPEC.model("full", TINY, (scored,))

    def asked(m: Any) -> int:
        n = 0
        for seed in range(6):
            rng = random.Random(seed)
            s = m.initial_state()
            while m.outcome(s) is None:
                legal = m.legal_actions(s)
                n += any(isinstance(a, A.UseToken) for a in legal)
                s = m.sample_step(s, rng.choice(legal), rng)
        return n

    assert asked(discard) == 0
    if scored == "RH-COMPARE-COUNTERS=tokens":
        assert asked(keep) > 0
