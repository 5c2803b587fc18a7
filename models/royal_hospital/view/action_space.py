"""Every action a Royal Hospital game can offer, in one canonical order, and its bounds.

OpenSpiel and PettingZoo number actions with small integers that must mean the same in
every state, process and run. :func:`all_actions` lists, from the config alone, every
decision ``legal_actions`` can return under *any* reading; an action's id is its index
in that list, which is sorted the way ``legal_actions`` sorts (verb, then fields). Chance
steps (``Draw``) are not decisions, so they are not listed; ``UseToken`` (which token pays,
offered only while tokens held are scored) sorts last, so it left every earlier id as it was.

Medical-card verbs name a card type; patients are named by their record (``Patient``:
card code, diagnosed, time tokens, resources on the card), so the list holds every record
a hospital can show: a card code is a type or, while its healing side is hidden, the
code of its visible class (never a terminal type: terminal patients wait in the playing
area, not in a hospital); only a seen card can be diagnosed; time tokens come one per
Cleanup (at most ``rounds``); resources on a card stay below what its next step costs
(RH-PARTIAL-PAYMENT). Arriving patients carry no tokens. A conformance test checks that
every legal action of every state of ``tiny`` (and of playouts on every preset and
reading) is listed.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from hhh_verify.contract.action_space import ActionSpace
from hhh_verify.contract.actions import sort_actions
from hhh_verify.contract.late import late_call

from ..rules.actions import (
    Activate,
    Assign,
    Choose,
    ChooseDoctor,
    ChooseInsurance,
    Diagnose,
    EndTreatment,
    Heal,
    HelicopterDiscard,
    HelicopterDiscardTerminal,
    HelicopterDone,
    HelicopterDraw,
    Keep,
    Pass,
    PlayCard,
    Reject,
    SellCard,
    SellResearch,
    TreatTerminal,
    UseToken,
)
from ..rules.bounds import all_effects, bounds, class_types
from ..rules.cards import (
    CRITICAL,
    TERMINAL,
    medical_deck,
    patient_deck,
)
from ..rules.config import RHConfig
from ..rules.effects import CHOICE, TOKEN_KINDS
from ..rules.model import RHModel
from ..rules.tracks import COMPANY_NAMES, DOCTOR_SPOTS
from .observation import (
    encode,
    observation_size,
    private,
    private_size,
    public,
    public_size,
)


def patient_codes(config: RHConfig) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(codes of hidden cards, types a hospital can hold): a hidden card shows a class
    that is not open-faced (``patients.take`` resolves a critical card at once); a
    terminal card never enters a hospital (``patients.arrive``)."""
    patients = patient_deck(config.patient_deck)
    classes = class_types(patients)
    hidden = tuple(-(k + 1) for k, types in enumerate(classes) if not patients[types[0]].open_faced)
    seen = tuple(t for t, card in enumerate(patients) if card.priority != TERMINAL)
    return hidden, seen


def most_paid(config: RHConfig) -> int:
    """Most resources a card can hold: less than its dearest step (a critical patient's
    diagnosis and healing under RH-CRITICAL-COST, a diagnosis, a healing, a chronic
    patient's time tokens)."""
    patients = patient_deck(config.patient_deck)
    steps = [config.rounds]
    for card in patients:
        steps += [card.diag, card.heal]
        if card.priority == CRITICAL:
            steps.append(card.diag + card.heal)
    return max(steps)


def patient_records(config: RHConfig) -> list[tuple[int, int, int, int]]:
    """Every (card, diagnosed, time tokens, paid) a hospital patient can show."""
    hidden, seen = patient_codes(config)
    tokens, paid = range(config.rounds + 1), range(most_paid(config) + 1)
    out = []
    for code in hidden + seen:
        for diagnosed in (0, 1) if code >= 0 else (0,):
            out += [(code, diagnosed, k, q) for k in tokens for q in paid]
    return out


@lru_cache(maxsize=16)
def all_actions(config: RHConfig) -> tuple[Any, ...]:
    """Every decision of a Royal Hospital game on ``config`` under any reading, sorted."""
    medical = range(len(medical_deck(config.medical_deck)))
    patients = patient_deck(config.patient_deck)
    critical = {t for t, card in enumerate(patients) if card.priority == CRITICAL}
    records = patient_records(config)
    hidden, seen = patient_codes(config)
    choices = max((len(e.alts) for e in all_effects(config) if e.code == CHOICE), default=0)
    out: list[Any] = [EndTreatment(), HelicopterDone(), HelicopterDraw(), Pass()]
    out.append(SellResearch())
    for t in medical:
        out += [Keep(t), PlayCard(t), Activate(t), SellCard(t)]
    out += [Choose(i) for i in range(choices)]
    out += [ChooseDoctor(i) for i in range(len(DOCTOR_SPOTS))]  # RH-DOCTOR-REWARD=race-token
    out += [ChooseInsurance(c) for c in range(len(COMPANY_NAMES))]
    out += [Reject((code, 0, 0, 0)) for code in hidden + seen]
    out += [HelicopterDiscard(r) for r in records]
    terminals = [t for t, card in enumerate(patients) if card.priority == TERMINAL]
    out += [  # RH-HELICOPTER-TERMINAL=terminals-too: (card, treated, rewarded)
        HelicopterDiscardTerminal((t, treated, rewarded))
        for t in terminals
        for treated in (0, 1)
        for rewarded in (0, 1)
    ]
    out += [Assign(r) for r in records]
    out += [Diagnose(r) for r in records if not r[1] and r[0] not in critical]
    out += [Heal(r) for r in records if r[1] or r[0] in critical]
    out += [TreatTerminal(t) for t, card in enumerate(patients) if card.priority == TERMINAL]
    out += [UseToken(k) for k in range(TOKEN_KINDS)]  # tokens held scored: each token chosen
    return sort_actions(out)


def action_space(model: RHModel) -> ActionSpace:
    """The adapter declaration of a Royal Hospital model (config and reading)."""
    config = model.config
    b = bounds(config)
    return ActionSpace(
        actions=all_actions(config),
        players=config.players,
        cooperative=False,
        max_chance_outcomes=b.max_chance_outcomes,
        max_game_length=b.max_game_length,
        return_range=b.score_range,
        observation_size=observation_size(model),
        observe=lambda s: encode(config, s),
        perfect_information=False,
        public_size=public_size(model),
        public=lambda s: public(config, s),
        private_size=private_size(model),
        private=lambda s, p: private(config, s, p),
        # the kernel's batched games, loaded late like the spec's kernel: declaring the
        # space compiles nothing, and the view stands on rules/ alone
        batch=late_call("..kernel.batch:batch", __package__),
    )
