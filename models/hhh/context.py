"""Everything a rule needs besides the state: numbers from the config, readings from the
interpretation, and the draw engine. Computed once per model so rules stay lean."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hhh_verify.interpretations import Interpretation

from .config import CAT, COLOUR_NAMES, STAFF, TRAINING_REBAG, HHHConfig
from .draws import ExactDraws
from .state import BLOOD_BANK, ER, MORGUE


@dataclass
class Ctx:
    """Derived constants and chosen readings for one (config, interpretation) pair."""

    config: HHHConfig
    interp: Interpretation
    draws: Any = field(default_factory=ExactDraws)

    def __post_init__(self) -> None:
        c, i = self.config, self.interp.choice
        self.C = c.colours
        self.B = c.colours  # index of black in cube tuples
        self.P = c.players
        self.spots = c.waiting_spots - (1 if i("HHH-WAITING-SPOTS") == "one-fewer" else 0)
        self.beds = max(1, c.ward_beds - (1 if i("HHH-WARD-BEDS") == "one-fewer" else 0))
        staff = list(c.staff_pool)
        if i("HHH-STAFF-POOL") == "two-cfos" and staff[CAT] > 1:
            staff[CAT] -= 1
            staff[9] += 1
        self.staff_pool = tuple(staff)
        training = list(c.training_pool)
        if i("HHH-TRAINING-COUNT") == "twenty" and sum(training):
            training[TRAINING_REBAG] += 2
        self.training_pool = tuple(training)
        deck = [k for k in c.rooms_in_deck]
        if i("HHH-MORGUE") == "in-deck":
            deck.append(MORGUE)
        self.deck = tuple(deck)
        self.room_cap = i("HHH-ROOM-CAP")
        self.setup_level5 = i("HHH-SETUP-LEVEL5")
        self.setup_order = i("HHH-SETUP-ORDER")
        self.staff_round1 = i("HHH-STAFF-ROUND1")
        self.staff_this_round = i("HHH-STAFF-HIREABLE") == "this-round"
        self.transfer_wr = i("HHH-TRANSFER-WR-DEST")
        self.tr_overflow = i("HHH-TR-OVERFLOW")
        self.er_return = i("HHH-ER-RETURN")
        er_like_tr = i("HHH-ER-COSTS") == "treatment-like"
        self.er_draw, self.er_pay, self.er_death = (
            (8, 3, 12) if er_like_tr else (c.ward_draw, c.ward_pay, c.waiting_death_cost)
        )
        self.unaffordable_ok = i("HHH-UNAFFORDABLE") == "allowed-loses"
        self.exhausted_stuck = i("HHH-DRAW-EXHAUSTED") == "stuck"
        self.bb_black_refill = i("HHH-BB-BLACK-ONLY") == "refill"
        self.reaction_latest = i("HHH-REACTION-TIMING") == "latest-draw"
        self.end_reaction = i("HHH-END-REACTION") == "saved-token"
        self.end_reaction_last_round = i("HHH-END-REACTION-LAST-ROUND") == "every-round"
        self.bb_flips = i("HHH-BB-RESTOCK-FLIP") == "flips-card"
        self.bb_rebag = i("HHH-BB-REBAG") == "yes"
        self.ability_shield = i("HHH-WARD-ABILITY") == "shield-first"
        self.research_identical = i("HHH-RESEARCH-DECK") == "identical"
        self.research_hire_without = i("HHH-RESEARCH-ZERO") == "hire-without"
        self.research_all = i("HHH-RESEARCH-AMOUNT") == "all"
        self.research_must_choose = i("HHH-RESEARCH-DECLINE") == "must-choose"
        self.visit_rebag = i("HHH-VISIT-CUBES") == "rebag"
        self.beds_per_patient = i("HHH-EMPTY-BEDS-VARIANT") == "per-patient"
        self.coo_now = i("HHH-COO-TIMING") == "immediately"
        self.training_bonus = 2 if i("HHH-TRAINING-BONUS") == "two" else 1
        self.tr5_to_ward = i("HHH-TR-TO-WARD-5") == "dies"
        self.white_out_arrest = i("HHH-WHITE-OUT") == "arrested"
        self.money_cap = 199 if i("HHH-MONEY-CAP") == "capped" else None
        self.intern_er = i("HHH-INTERN-ER") == "moves"
        self.intern_treats = i("HHH-INTERN-TREATMENT") == "treated"
        self.rebag_needs_reduction = i("HHH-REBAG-AFTER-HEAL") == "level-reduced"
        self.nurse_refill = i("HHH-NURSE-REFILL") == "refill"
        self.chaplain_in_heal = i("HHH-CHAPLAIN-TIMING") == "during-heal"
        self.rating_profit = i("HHH-RATING-BASIS") == "profit"
        # HHH-FEWER-MARKERS: the variant's markers leave after the Ward draw, not before
        self.markers_out_after_setup = (
            c.variant_fewer_markers and i("HHH-FEWER-MARKERS") == "after-setup"
        )
        self.admin = not c.no_admin
        # HHH-NO-ADMIN-TOKENS: without an Administrator card, are there Administrative tokens?
        keep = not self.admin and i("HHH-NO-ADMIN-TOKENS") == "kept"
        self.admin_tokens = c.table_admin_tokens if keep else c.admin_tokens
        self.abilities_on = c.ward_abilities and not c.variant_no_abilities
        self.last_round = c.last_round
        self.staff_spaces = c.staff_spaces - (2 if c.variant_two_rooms else 0)
        self.reveal = c.reveal_per_round
        # the Staff spaces lie in rows of ``staff_per_round`` under consecutive rounds,
        # from round 1 (HHH-STAFF-ROUND1=reveal-at-setup) or 2; no round past the last row
        # flips a marker, even when the 1-a-round variant leaves spaces face down
        per = c.staff_per_round
        rows = -(-self.staff_spaces // per) if per else self.last_round
        first = 1 if self.staff_round1 == "reveal-at-setup" else 2
        self.staff_last_round = first + rows - 1
        self.research_types = 1 if self.research_identical else self.C

    # Names used by describe_* ------------------------------------------------------
    def colour(self, k: int) -> str:
        return COLOUR_NAMES[k] if k < self.C else "black"

    @staticmethod
    def staff_name(k: int) -> str:
        return STAFF[k]

    @staticmethod
    def room_name(kind: int) -> str:
        if kind < 5:
            return f"{COLOUR_NAMES[kind]} Treatment Room"
        return {ER: "Emergency Room", BLOOD_BANK: "Blood Bank", MORGUE: "Morgue"}[kind]

    def research_colours(self, card: int) -> tuple[int, int, int]:
        """Key colours of a Research card's three benefits (hire, training, replace)."""
        return (card % self.C, (card + 1) % self.C, (card + 2) % self.C)
