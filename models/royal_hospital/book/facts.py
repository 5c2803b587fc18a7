"""Every number the Royal Hospital rulebook prints, as data the facts test checks on the
``full`` preset: (section, what the book says, the printed value, how the model shows it).

A wrong constant anywhere in the model then fails a test with the sentence it breaks.
Numbers the book does not print are parameters (``config.py``, ``cards.py``), not facts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..rules import config
from ..rules.cards import (
    COMPONENT_COUNTS,
    MEDICAL_KINDS,
    PATIENT_CARDS,
    PRIORITY_NAMES,
    TERMINAL,
)
from ..rules.effects import (
    CREDITS,
    DIAG,
    DOCTOR,
    HEAL,
    HEALED,
    P_CREDIT,
    P_DIAG,
    P_HEAL,
    P_RESEARCH,
    P_STAFF,
    PRESTIGE,
    QOC,
    RESEARCH,
    STAFF,
    VP,
    ambulance,
    choice,
    draw,
    gain,
    helicopter,
    insurance,
    prod,
)
from ..rules.model import RHModel
from ..rules.readings import DOCTOR_PASS
from ..rules.resolve import ambulance_step
from ..rules.scoring import COUNTER_NAMES
from ..rules.tracks import (
    AMBULANCE_REWARDS,
    DOCTOR_SPOTS,
    INSURANCE_BENEFITS,
    INSURANCE_LEVELS,
)
from ..rules.treatment import terminal_cost

Fact = tuple[str, str, Any, Callable[[Any], Any]]

#: Facts whose printed number is one reading's (``ID=OPTION``): checked on the model with
#: that reading applied, so choosing another reading is not a broken fact.
READINGS: dict[str, tuple[str, ...]] = {
    "critical patients die if they have any time tokens": ("RH-CRITICAL-DEADLINE=first-cleanup",),
    # under in-hand the starting card joins the five kept cards: a hand of six
    "choose 5 to start the game with, discarding the other 5": ("RH-STARTING-CARD=in-play",),
    # under card-cost a terminal patient costs what its card shows: the stand-in cards
    # show the one cost the book prints for them
    "They must be treated with 1 healing resource": ("RH-TERMINAL-COST=card-cost",),
    # space 0 is on the loop, so a move from space 13 ends on the starting space: under
    # either reading of passing, that move reaches the doctor there
    "a move from space 13 onto space 0 earns the starting space's doctor (reach-or-pass)": (
        "RH-AMBULANCE-WRAP=fourteen-spaces",
        "RH-DOCTOR-PASS=reach-or-pass",
    ),
    "a move from space 13 onto space 0 earns the starting space's doctor (exact)": (
        "RH-AMBULANCE-WRAP=fourteen-spaces",
        "RH-DOCTOR-PASS=exact",
    ),
}


def _kind_count(kind: str) -> Callable[[Any], Any]:
    return lambda m: sum(c.count for c in m.ctx.medical if c.kind == kind)


def _spots(track_ids: tuple[int, ...]) -> Callable[[Any], Any]:
    return lambda m: tuple(space for t, space in DOCTOR_SPOTS if t in track_ids)


#: "6 Insurance company tracks", each company's five levels as the book prints them.
_STAFF_OR_RESEARCH = choice(gain(STAFF), gain(RESEARCH))
_COMPANIES: dict[str, tuple[tuple[Any, ...], ...]] = {
    "Blue": (
        (_STAFF_OR_RESEARCH, ambulance(1)),  # 1 staff member or 1 research. 1 ambulance.
        (gain(CREDITS, 7), gain(QOC)),  # 7 credits. care quality by 1.
        (ambulance(1), gain(STAFF), gain(RESEARCH)),  # 1 ambulance, 1 staff, 1 research
        (ambulance(2), gain(DIAG), gain(HEAL)),  # 2 ambulances, 1 diagnosis, 1 healing
        (prod(P_DIAG), draw(1)),  # diagnosis production by 1 and draw 1 card
    ),
    "Purple": (
        (_STAFF_OR_RESEARCH, gain(PRESTIGE)),  # 1 staff member or 1 research. 1 prestige.
        (gain(CREDITS, 2), gain(STAFF), gain(QOC)),  # 2 credits, 1 staff, care quality 1
        (gain(PRESTIGE), gain(STAFF), gain(RESEARCH)),  # 1 prestige, 1 staff, 1 research
        (gain(PRESTIGE, 2), gain(DIAG), gain(HEAL)),  # 2 prestige, 1 diagnosis, 1 healing
        (prod(P_HEAL), draw(1)),  # healing production by 1 and draw a card
    ),
    "Green": (
        (_STAFF_OR_RESEARCH, prod(P_CREDIT)),  # 1 staff or 1 research. credit production 1
        (gain(CREDITS, 2), gain(RESEARCH), gain(QOC)),  # 2 credits, 1 research, quality 1
        (prod(P_CREDIT), gain(STAFF), gain(RESEARCH)),  # credit production 1, staff, research
        (prod(P_CREDIT, 2), gain(DIAG), gain(HEAL)),  # credit production 2, diagnosis, healing
        (prod(P_RESEARCH),),  # research production by 1
    ),
    "Red": (
        (gain(HEAL), gain(DIAG)),  # 1 healing and 1 diagnosis
        (gain(CREDITS, 2), helicopter(), gain(QOC)),  # 2 credits, 1 helicopter, quality 1
        # 1 prestige, 1 ambulance, credit production by 1; 1 diagnosis or 1 healing
        (gain(PRESTIGE), ambulance(1), prod(P_CREDIT), choice(gain(DIAG), gain(HEAL))),
        (gain(VP, 3), gain(DIAG), gain(HEAL)),  # 3 victory points, 1 diagnosis, 1 healing
        (prod(P_STAFF),),  # staff production by 1
    ),
}


def _company(c: int) -> Callable[[Any], Any]:
    return lambda m: INSURANCE_BENEFITS[c]


def _terminal_costs(m: RHModel) -> set[int]:
    """The healing that treating each terminal card of the deck costs (the rule function)."""
    cards = m.ctx.patients
    return {terminal_cost(m.ctx, c) for c in range(len(cards)) if cards[c].priority == TERMINAL}


def _lap_doctors(m: RHModel) -> int:
    """The congress doctors a player on ambulance space 13 earns by moving 1 space (the
    rule function ``resolve.ambulance_step``, from the opening position)."""
    s = m.initial_state()
    players = list(s.players)
    players[0] = players[0]._replace(ambulance=13)
    s = s._replace(players=tuple(players))
    t = ambulance_step(m.ctx, s, 0, 1, 0)
    return int(t.players[0].tokens[DOCTOR] - s.players[0].tokens[DOCTOR])


def _after_setup(m: RHModel) -> Any:
    """The hand sizes after Game Setup, played with the last option and outcome at each
    step (a keep count that never runs out is cut at 1,000 steps)."""
    from ..rules.state import SETUP

    s = m.initial_state()
    for _ in range(1_000):
        if s.phase != SETUP:
            return {sum(p.hand) for p in s.players}
        s = m.step(s, m.legal_actions(s)[-1])[-1][0]
    return "setup did not end"


FACTS: tuple[Fact, ...] = (
    ("Components", "4 Hospital boards", 4, lambda m: config.MAX_PLAYERS),
    *(
        ("Components", f"{n} {kind} cards", n, _kind_count(kind))
        for kind, n in COMPONENT_COUNTS.items()
    ),
    ("Components", "109 Patient cards", 109, lambda m: sum(c.count for c in m.ctx.patients)),
    ("Components", "109 Patient cards (constant)", 109, lambda m: PATIENT_CARDS),
    (
        "Components",
        "16 Insurance Company counters (4 per player)",
        4,
        lambda m: len(INSURANCE_BENEFITS),
    ),
    (
        "Components",
        "20 1-Credit, 10 3-Credit, 12 5-Credit, 14 10-Credit Coins",
        {1: 20, 3: 10, 5: 12, 10: 14},
        lambda m: config.COINS,
    ),
    ("Composition of the Cards", "the 11 types of cards", 11, lambda m: len(MEDICAL_KINDS)),
    ("Symbols", "There are 5 types of patients", 5, lambda m: len(PRIORITY_NAMES)),
    ("2 Ambulance track", "13 ambulance rewards", 13, lambda m: len(AMBULANCE_REWARDS)),
    (
        "2 Ambulance track",
        "rewards 1-13",
        (
            (gain(HEALED),),
            (prod(P_CREDIT),),
            (gain(PRESTIGE),),
            (draw(1),),
            (gain(DIAG),),
            (gain(HEAL),),
            (helicopter(),),
            (gain(RESEARCH),),
            (gain(STAFF),),
            (gain(QOC),),
            (gain(DOCTOR),),
            (insurance(-1),),
            (helicopter(),),
        ),
        lambda m: AMBULANCE_REWARDS,
    ),
    ("6 Insurance company tracks", "four companies", 4, lambda m: len(INSURANCE_BENEFITS)),
    ("6 Insurance company tracks", "five levels", 5, lambda m: INSURANCE_LEVELS),
    (
        "6 Insurance company tracks",
        "Blue 2: You get 7 credits. Increase your care quality by 1.",
        (gain(CREDITS, 7), gain(QOC)),
        lambda m: INSURANCE_BENEFITS[0][1],
    ),
    (
        "6 Insurance company tracks",
        "Red 3: 1 prestige, 1 ambulance, credit production +1; 1 diagnosis or 1 healing",
        (gain(PRESTIGE), ambulance(1), prod(P_CREDIT), choice(gain(DIAG), gain(HEAL))),
        lambda m: INSURANCE_BENEFITS[3][2],
    ),
    (
        "6 Insurance company tracks",
        "Red 4: You get 3 victory points, 1 diagnosis, and 1 healing.",
        (gain(VP, 3), gain(DIAG), gain(HEAL)),
        lambda m: INSURANCE_BENEFITS[3][3],
    ),
    (
        "6 Insurance company tracks",
        "Green 4: credit production +2, 1 diagnosis and 1 healing",
        (prod(P_CREDIT, 2), gain(DIAG), gain(HEAL)),
        lambda m: INSURANCE_BENEFITS[2][3],
    ),
    *(
        ("6 Insurance company tracks", f"{name} Insurance Company, levels 1-5", levels, _company(c))
        for c, (name, levels) in enumerate(_COMPANIES.items())
    ),
    ("Game Setup 2", "quality of care counters on space 6", 6, lambda m: m.config.start_qoc),
    (
        "Game Setup 2",
        "Prestige, Ambulances, Insurance Companies, and Victory Points counters on space 0",
        (0, 0, (0, 0, 0, 0), 0),
        lambda m: (lambda p: (p.prestige, p.ambulance, p.insurance, p.vp))(
            m.initial_state().players[0]
        ),
    ),
    ("Game Setup 3", "the Round counter in the first space", 1, lambda m: m.initial_state().round),
    (
        "Game Setup 4",
        "credit counters on the 5 space and 10 space",
        (5, 10),
        lambda m: m.config.credit_counters,
    ),
    (
        "Game Setup 4",
        "the 1 space of each other resource production track",
        1,
        lambda m: m.config.start_production,
    ),
    ("Game Setup 4", "prestige doctors on spaces 7, 14, and 21", (7, 14, 21), _spots((5,))),
    ("Game Setup 4", "diagnostic production doctors on 4 and 7", (4, 7), _spots((0,))),
    ("Game Setup 4", "healing production doctors on 4 and 7", (4, 7), _spots((1,))),
    ("Game Setup 4", "research production doctors on 4 and 7", (4, 7), _spots((2,))),
    ("Game Setup 4", "staff production doctors on 4 and 7", (4, 7), _spots((3,))),
    ("Game Setup 4", "credit production doctors on 21, 27, and 33", (21, 27, 33), _spots((4,))),
    ("Game Setup 4", "space 5 of each insurance company", (5, 5, 5, 5), _spots((6, 7, 8, 9))),
    ("Game Setup 4", "the ambulance starting space", (0,), _spots((10,))),
    ("Game Setup 4", "care quality doctors on 9 and 12", (9, 12), _spots((11,))),
    *(
        (
            "2 Ambulance track; Game Setup 4",
            f"a move from space 13 onto space 0 earns the starting space's doctor ({how})",
            1,
            _lap_doctors,
        )
        for how in (DOCTOR_PASS.REACH_OR_PASS, DOCTOR_PASS.EXACT)
    ),
    (
        "Game Setup 4",
        "21 congress doctors on the board",
        21,
        lambda m: sum(m.initial_state().doctors),
    ),
    (
        "Game Setup 5",
        "the starting player is chosen at random",
        -1,
        lambda m: m.config.first_player,
    ),
    ("Game Setup 8", "draw 10 cards", 10, lambda m: m.config.setup_draw),
    ("Game Setup 8", "choose 5 to start the game with", 5, lambda m: m.config.setup_keep),
    (
        "Game Setup 8",
        "choose 5 to start the game with, discarding the other 5",
        {5},
        _after_setup,
    ),
    ("Preparation Phase", "In round 3, 3 cards are received", 3, lambda m: m.config.round_cards[2]),
    ("Action Phase 3", "to receive 3 credits", 3, lambda m: m.config.sell_credits),
    ("Hospital Board", "space for 4 patients", 4, lambda m: m.config.hospital_spaces),
    (
        "Hospital Board",
        "Decrease ... by 1 for each patient card you have discarded",
        1,
        lambda m: config.REJECT_QOC,
    ),
    ("Cleanup Phase", "Decrease your Quality of Care track by 2", 2, lambda m: config.DEATH_QOC),
    (
        "Cleanup Phase",
        "terminal patients reduce the quality of care by 1",
        1,
        lambda m: config.TERMINAL_DEATH_QOC,
    ),
    (
        "Patient Cards",
        "They must be treated with 1 healing resource",
        {1},
        _terminal_costs,
    ),
    (
        "Cleanup Phase",
        "severe patients die if they have two time tokens",
        2,
        lambda m: config.SEVERE_TOKENS,
    ),
    (
        "Cleanup Phase",
        "undiagnosed patients with two or more time tokens are revealed",
        2,
        lambda m: config.REVEAL_TOKENS,
    ),
    (
        "Cleanup Phase",
        "critical patients die if they have any time tokens",
        1,
        lambda m: m.ctx.critical_tokens,
    ),
    ("End Game Scoring", "eight counters compared", 8, lambda m: len(COUNTER_NAMES)),
)
