"""Everything a rule needs besides the state: the decks, derived numbers and the chosen
readings. Built once per model, so rules stay lean and every ambiguity is read here."""

from __future__ import annotations

from dataclasses import dataclass

from hhh_verify.interpretations import Interpretation
from hhh_verify.model import ModelError

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
    interp: Interpretation

    def __post_init__(self) -> None:
        c, i = self.config, self.interp.choice
        if c.players == 1 and i("RH-SOLO") == "reject":
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
        if i("RH-CARD-NAMES") == "trials-add-space":
            space_kinds.add(TRIAL)
        self.adds_space = tuple(m.kind in space_kinds for m in self.medical)
        self.card_value = tuple(self._card_value(m, i("RH-TIE-CARD-VALUE")) for m in self.medical)
        # Readings
        a, b = c.credit_counters
        self.credit_start = {"fifteen": a + b, "five": a, "ten": b}[i("RH-CREDIT-START")]
        own_row = i("RH-ROUND-PATIENTS") == "own-row"
        self.patients_per_round = c.round_patients if own_row else c.round_cards
        self.end_on_empty_deck = i("RH-GAME-END") == "patient-deck-empty"
        self.discard_tokens = i("RH-RESOURCES-KEEP") == "discard"
        self.research_heals = i("RH-RESEARCH-IN-TREATMENT") == "research-too"
        self.critical_both = i("RH-CRITICAL-COST") == "diagnose-and-heal"
        self.critical_tokens = 1 if i("RH-CRITICAL-DEADLINE") == "first-cleanup" else 2
        self.terminal_every_round = i("RH-TERMINAL-UPKEEP") == "every-round"
        self.terminal_one_heal = i("RH-TERMINAL-COST") == "one-healing"
        self.terminal_reward = i("RH-TERMINAL-REWARD")
        self.chronic_die = i("RH-PRIORITY-3") == "chronic-die"
        self.qoc_offset = c.start_qoc if i("RH-QOC-SCORING") == "offset" else 0
        self.qoc_floor = 0 if i("RH-QOC-FLOOR") == "clamp" else None
        self.ambulance_loop = 14 if i("RH-AMBULANCE-WRAP") == "fourteen-spaces" else 13
        self.doctor_exact = i("RH-DOCTOR-PASS") == "exact"
        self.bonus_always = i("RH-PRODUCTION-BONUS") == "always"
        self.rewards_depth_first = i("RH-REWARD-ORDER") == "depth-first"
        self.insurance_levels_sum = i("RH-INSURANCE-COUNTER") == "levels-sum"
        self.compare_production = i("RH-COMPARE-COUNTERS") == "production"
        self.tie_production = i("RH-TIE-RESOURCES") == "production"
        self.compare_tokens = not self.compare_production
        # tokens held are scored: which token pays a cost becomes the player's choice
        self.tokens_scored = self.compare_tokens or not self.tie_production
        self.healed_spent = i("RH-HEALED-COST") == "spend"
        self.heli_both = i("RH-HELICOPTER-BOTH") == "both-allowed"
        self.heli_discard_qoc = 1 if i("RH-HELICOPTER-DISCARD") == "costs-quality" else 0
        self.heli_from_sender = i("RH-HELICOPTER-ORDER") == "from-sender"
        self.reshuffle = i("RH-MEDICAL-EMPTY") == "reshuffle"
        self.starting_in_play = i("RH-STARTING-CARD") == "in-play"
        self.activate_same_round = i("RH-ACTIVATE-SAME-ROUND") == "same-round"
        self.tie_terminals = i("RH-TIE-PATIENTS") == "with-terminals"
        self.final_tie_shared = i("RH-FINAL-TIE") == "shared"
        self.partial = i("RH-PARTIAL-PAYMENT") == "partial"
        self.insurance_redirect = i("RH-INSURANCE-MAX") == "another-company"
        self.doctor_substitutes = i("RH-DOCTOR-SUBSTITUTE") == "as-staff"
        self.draw_patients = i("RH-DRAW-CARD") == "patient"

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
        if reading == "credit-cost":
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
