"""Everything a rule needs besides the state: the decks, derived numbers and the chosen
readings. Built once per model, so rules stay lean and every ambiguity is read here."""

from __future__ import annotations

from dataclasses import dataclass

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.interpretations import Readings

from . import readings as R
from .cards import (
    CHRONIC,
    OUTPATIENT,
    STARTING,
    TERMINAL,
    TRIAL,
    MedicalCard,
    PatientCard,
    medical_deck,
    patient_deck,
)
from .config import RHConfig
from .effects import CREDITS, GAIN, Effect


@dataclass
class Ctx:
    """Derived constants and chosen readings for one (config, interpretation) pair."""

    config: RHConfig
    interp: Readings

    def __post_init__(self) -> None:
        c, reads, reading = self.config, self.interp.reads, self.interp.reading
        if c.players == 1 and reads(R.SOLO.REJECT):
            raise ModelError(
                "invalid Royal Hospital config: players=1 under RH-SOLO=reject; accepted: 2..4"
            )
        self.P = c.players
        self.medical: tuple[MedicalCard, ...] = medical_deck(c.medical_deck)
        self.patients: tuple[PatientCard, ...] = patient_deck(c.patient_deck)
        self.M = len(self.medical)
        self.N = len(self.patients)
        self._classes()
        # Medical card kinds with a rule attached
        self.starting = tuple(t for t, m in enumerate(self.medical) if m.kind == STARTING)
        space_kinds = {OUTPATIENT}
        if reads(R.CARD_NAMES.TRIALS_ADD_SPACE):
            space_kinds.add(TRIAL)
        self.adds_space = tuple(m.kind in space_kinds for m in self.medical)
        self.card_value = tuple(
            self._card_value(m, reading(R.TIE_CARD_VALUE)) for m in self.medical
        )
        # Readings
        a, b = c.credit_counters
        credit_start = {
            R.CREDIT_START.FIFTEEN: a + b,
            R.CREDIT_START.FIVE: a,
            R.CREDIT_START.TEN: b,
        }
        self.credit_start = credit_start[reading(R.CREDIT_START)]
        own_row = reads(R.ROUND_PATIENTS.OWN_ROW)
        self.patients_per_round = c.round_patients if own_row else c.round_cards
        self.end_on_empty_deck = reads(R.GAME_END.PATIENT_DECK_EMPTY)
        self.discard_tokens = reads(R.RESOURCES_KEEP.DISCARD)
        self.research_heals = reads(R.RESEARCH_IN_TREATMENT.RESEARCH_TOO)
        self.critical_both = reads(R.CRITICAL_COST.DIAGNOSE_AND_HEAL)
        self.critical_tokens = 1 if reads(R.CRITICAL_DEADLINE.FIRST_CLEANUP) else 2
        self.terminal_every_round = reads(R.TERMINAL_UPKEEP.EVERY_ROUND)
        self.terminal_one_heal = reads(R.TERMINAL_COST.ONE_HEALING)
        self.terminal_reward = reading(R.TERMINAL_REWARD)
        self.chronic_die = reads(R.PRIORITY_3.CHRONIC_DIE)
        self.qoc_offset = c.start_qoc if reads(R.QOC_SCORING.OFFSET) else 0
        self.qoc_floor = 0 if reads(R.QOC_FLOOR.CLAMP) else None
        self.ambulance_loop = 14 if reads(R.AMBULANCE_WRAP.FOURTEEN_SPACES) else 13
        self.doctor_exact = reads(R.DOCTOR_PASS.EXACT)
        self.bonus_always = reads(R.PRODUCTION_BONUS.ALWAYS)
        self.rewards_depth_first = reads(R.REWARD_ORDER.DEPTH_FIRST)
        self.insurance_levels_sum = reads(R.INSURANCE_COUNTER.LEVELS_SUM)
        self.compare_production = reads(R.COMPARE_COUNTERS.PRODUCTION)
        self.tie_production = reads(R.TIE_RESOURCES.PRODUCTION)
        self.compare_tokens = not self.compare_production
        # tokens held are scored: which token pays a cost becomes the player's choice.
        # Under RH-RESOURCES-KEEP=discard every counted token is gone at each Cleanup,
        # the last one before the final scoring too, so which one pays can change no
        # score: least flexible first (treatment.spend) is at least as good for every
        # later payment, and the choice is not offered.
        scored = self.compare_tokens or not self.tie_production
        self.tokens_scored = scored and not self.discard_tokens
        self.healed_spent = reads(R.HEALED_COST.SPEND)
        self.heli_both = reads(R.HELICOPTER_BOTH.BOTH_ALLOWED)
        self.heli_discard_qoc = 1 if reads(R.HELICOPTER_DISCARD.COSTS_QUALITY) else 0
        self.heli_from_sender = reads(R.HELICOPTER_ORDER.FROM_SENDER)
        self.reshuffle = reads(R.MEDICAL_EMPTY.RESHUFFLE)
        self.starting_in_play = reads(R.STARTING_CARD.IN_PLAY)
        self.activate_same_round = reads(R.ACTIVATE_SAME_ROUND.SAME_ROUND)
        self.tie_terminals = reads(R.TIE_PATIENTS.WITH_TERMINALS)
        self.final_tie_shared = reads(R.FINAL_TIE.SHARED)
        self.partial = reads(R.PARTIAL_PAYMENT.PARTIAL)
        self.insurance_redirect = reads(R.INSURANCE_MAX.ANOTHER_COMPANY)
        self.doctor_substitutes = reads(R.DOCTOR_SUBSTITUTE.AS_STAFF)
        self.draw_patients = reads(R.DRAW_CARD.PATIENT)
        self.extra_patients = reads(R.EXTRA_DRAWS.PATIENTS_TOO)
        self.doctor_from_race = reads(R.DOCTOR_REWARD.RACE_TOKEN)
        self.terminal_card_stays = reads(R.TERMINAL_CARD.STAYS)
        self.vp_floor = reads(R.VP_FLOOR.ZERO)
        self.heli_terminals = reads(R.HELICOPTER_TERMINAL.TERMINALS_TOO)

    def _classes(self) -> None:
        """Visible classes: what a card's diagnosis side shows. A critical or terminal
        card shows everything (its own class); any other shows its diagnostic difficulty."""
        keys: list[tuple[int, int]] = []
        class_of = []
        for t, card in enumerate(self.patients):
            key = (1, t) if card.open_faced else (0, card.diag)
            if key not in keys:
                keys.append(key)
            class_of.append(keys.index(key))
        self.class_of: tuple[int, ...] = tuple(class_of)
        self.K = len(keys)
        self.class_types: tuple[tuple[int, ...], ...] = tuple(
            tuple(t for t in range(self.N) if class_of[t] == k) for k in range(self.K)
        )
        self.open_class = tuple(key[0] == 1 for key in keys)
        self.class_diag = tuple(self.patients[self.class_types[k][0]].diag for k in range(self.K))

    @staticmethod
    def _card_value(m: MedicalCard, reading: str) -> int:
        if reading == R.TIE_CARD_VALUE.CREDIT_COST:
            return m.credits
        return max(
            (e.n for e in m.immediate + m.action if e.code == GAIN and e.a == CREDITS), default=0
        )

    # Patient cards ------------------------------------------------------------------------
    def card_of(self, code: int) -> PatientCard | None:
        """The card type of a resolved code, or ``None`` while its healing side is hidden."""
        return self.patients[code] if code >= 0 else None

    def class_of_code(self, code: int) -> int:
        return self.class_of[code] if code >= 0 else -code - 1

    def is_terminal(self, code: int) -> bool:
        return code >= 0 and self.patients[code].priority == TERMINAL

    def is_chronic(self, code: int) -> bool:
        return code >= 0 and self.patients[code].priority == CHRONIC

    def hidden(self, k: int) -> int:
        """The code of an unresolved card of visible class ``k``."""
        return -(k + 1)

    def effect_credits(self, e: Effect) -> int:
        return e.n if e.code == GAIN and e.a == CREDITS else 0
