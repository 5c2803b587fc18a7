"""Everything a rule needs besides the state: numbers from the config, readings from the
interpretation, and the draw engine. Computed once per model so rules stay lean."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.interpretations import Readings

from . import readings as R
from .config import CAT, COLOUR_NAMES, STAFF, TRAINING_REBAG, HHHConfig
from .draws import ExactDraws
from .state import BLOOD_BANK, ER, MORGUE


@dataclass
class Ctx:
    """Derived constants and chosen readings for one (config, interpretation) pair."""

    config: HHHConfig
    interp: Readings
    draws: Any = field(default_factory=ExactDraws)

    def __post_init__(self) -> None:
        c, reads, reading = self.config, self.interp.reads, self.interp.reading
        self.C = c.colours
        self.B = c.colours  # index of black in cube tuples
        self.P = c.players
        self.spots = c.waiting_spots - (1 if reads(R.WAITING_SPOTS.ONE_FEWER) else 0)
        one_fewer = reads(R.WARD_BEDS.ONE_FEWER)
        if one_fewer and c.ward_beds < 2:  # the rulebook has no one-bed Ward to take one from
            raise ModelError(
                f"HHH-WARD-BEDS=one-fewer needs ward_beds >= 2 (ward_beds={c.ward_beds} would "
                "leave Wards without beds); accepted: ward_beds >= 2, or HHH-WARD-BEDS=as-config"
            )
        self.beds = c.ward_beds - (1 if one_fewer else 0)
        staff = list(c.staff_pool)
        if reads(R.STAFF_POOL.TWO_CFOS) and staff[CAT] > 1:
            staff[CAT] -= 1
            staff[9] += 1
        self.staff_pool = tuple(staff)
        training = list(c.training_pool)
        if reads(R.TRAINING_COUNT.TWENTY) and sum(training) != 0:
            training[TRAINING_REBAG] += 2
        self.training_pool = tuple(training)
        deck = [k for k in c.rooms_in_deck]
        if reads(R.MORGUE.IN_DECK):
            deck.append(MORGUE)
        self.deck = tuple(deck)
        self.room_cap = reading(R.ROOM_CAP)
        self.setup_level5 = reading(R.SETUP_LEVEL5)
        self.setup_order = reading(R.SETUP_ORDER)
        self.staff_round1 = reading(R.STAFF_ROUND1)
        self.staff_this_round = reads(R.STAFF_HIREABLE.THIS_ROUND)
        self.transfer_wr = reading(R.TRANSFER_WR_DEST)
        self.tr_overflow = reading(R.TR_OVERFLOW)
        self.er_return = reading(R.ER_RETURN)
        er_like_tr = reads(R.ER_COSTS.TREATMENT_LIKE)
        self.er_draw, self.er_pay, self.er_death = (
            (8, 3, 12) if er_like_tr else (c.ward_draw, c.ward_pay, c.waiting_death_cost)
        )
        self.unaffordable_ok = reads(R.UNAFFORDABLE.ALLOWED_LOSES)
        self.exhausted_stuck = reads(R.DRAW_EXHAUSTED.STUCK)
        self.bb_black_refill = reads(R.BB_BLACK_ONLY.REFILL)
        self.reaction_latest = reads(R.REACTION_TIMING.LATEST_DRAW)
        self.end_reaction = reads(R.END_REACTION.SAVED_TOKEN)
        self.end_reaction_last_round = reads(R.END_REACTION_LAST_ROUND.EVERY_ROUND)
        self.bb_flips = reads(R.BB_RESTOCK_FLIP.FLIPS_CARD)
        self.bb_rebag = reads(R.BB_REBAG.YES)
        self.ability_shield = reads(R.WARD_ABILITY.SHIELD_FIRST)
        self.research_identical = reads(R.RESEARCH_DECK.IDENTICAL)
        self.research_hire_without = reads(R.RESEARCH_ZERO.HIRE_WITHOUT)
        self.research_all = reads(R.RESEARCH_AMOUNT.ALL)
        self.research_must_choose = reads(R.RESEARCH_DECLINE.MUST_CHOOSE)
        self.visit_rebag = reads(R.VISIT_CUBES.REBAG)
        self.beds_per_patient = reads(R.EMPTY_BEDS_VARIANT.PER_PATIENT)
        self.coo_now = reads(R.COO_TIMING.IMMEDIATELY)
        self.training_bonus = 2 if reads(R.TRAINING_BONUS.TWO) else 1
        # HHH-TR-TO-WARD-5: may a level-5 patient move to a Ward, and does it survive there
        self.tr5_to_ward = not reads(R.TR_TO_WARD_5.FORBIDDEN)
        self.tr5_survives = reads(R.TR_TO_WARD_5.SURVIVES)
        self.heal_death_at_once = reads(R.HEAL_DEATH_TIMING.AT_ONCE)
        self.visit_stop = reads(R.VISIT_DEATH_DRAWS.STOP)
        self.arrest_pays = reads(R.ARREST_SETTLEMENT.PAID)
        self.white_out_arrest = reads(R.WHITE_OUT.ARRESTED)
        self.money_cap = 199 if reads(R.MONEY_CAP.CAPPED) else None
        self.intern_er = reads(R.INTERN_ER.MOVES)
        self.intern_treats = reads(R.INTERN_TREATMENT.TREATED)
        self.rebag_needs_reduction = reads(R.REBAG_AFTER_HEAL.LEVEL_REDUCED)
        self.nurse_refill = reads(R.NURSE_REFILL.REFILL)
        self.chaplain_in_heal = reads(R.CHAPLAIN_TIMING.DURING_HEAL)
        self.rating_profit = reads(R.RATING_BASIS.PROFIT)
        # HHH-FEWER-MARKERS: the variant's markers leave after the Ward draw, not before
        self.markers_out_after_setup = c.variant_fewer_markers and reads(
            R.FEWER_MARKERS.AFTER_SETUP
        )
        # HHH-FEWER-WHITE: the variant's "1 fewer Patient marker of each color" takes a
        # white one from the white pile too
        white_too = c.variant_fewer_markers and reads(R.FEWER_WHITE.WHITE_TOO)
        self.white_markers = max(0, c.white_markers - (1 if white_too else 0))
        self.admin = not c.no_admin
        # HHH-NO-ADMIN-TOKENS: without an Administrator card, are there Administrative tokens?
        keep = not self.admin and reads(R.NO_ADMIN_TOKENS.KEPT)
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
        first = 1 if self.staff_round1 == R.STAFF_ROUND1.REVEAL_AT_SETUP else 2
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
        """Key colours of a Research card's three benefits (hire, training, replace). The
        identical cards are the printed one, whose worked example counts Training by green
        ("Gain [green cube count] Training markers."): yellow, green, gray."""
        if self.research_identical:
            return (card % self.C, (card + 2) % self.C, (card + 1) % self.C)
        return (card % self.C, (card + 1) % self.C, (card + 2) % self.C)
