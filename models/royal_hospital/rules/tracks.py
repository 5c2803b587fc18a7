"""The board's printed tables: ambulance rewards, insurance benefits, congress doctors.

Every entry is transcribed from the rulebook (sections "2 Ambulance track", "6 Insurance
company tracks", "Game Setup" step 4) and asserted by the facts test on the ``full``
preset. A benefit "X or Y" is a :data:`~.effects.CHOICE`.
"""

from __future__ import annotations

from .effects import (
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
    Effect,
    ambulance,
    choice,
    draw,
    gain,
    helicopter,
    insurance,
    prod,
)

#: "2 Ambulance track": the reward of spaces 1..13 (index 0 is space 1).
AMBULANCE_REWARDS: tuple[tuple[Effect, ...], ...] = (
    (gain(HEALED),),  # 1. Advance 1 on the treated patients track
    (prod(P_CREDIT),),  # 2. Increase your credit income by 1
    (gain(PRESTIGE),),  # 3. Gain 1 prestige
    (draw(1),),  # 4. Draw 1 card
    (gain(DIAG),),  # 5. Gain 1 diagnosis
    (gain(HEAL),),  # 6. Gain 1 healing
    (helicopter(),),  # 7. Send 1 helicopter
    (gain(RESEARCH),),  # 8. Gain 1 research
    (gain(STAFF),),  # 9. Gain 1 Staff
    (gain(QOC),),  # 10. Increase your quality of care by 1
    (gain(DOCTOR),),  # 11. Gain 1 congress doctor
    (insurance(-1),),  # 12. Advance 1 on any insurance Company track
    (helicopter(),),  # 13. Send 1 helicopter
)

_STAFF_OR_RESEARCH = choice(gain(STAFF), gain(RESEARCH))

#: "6 Insurance company tracks": per company (Blue 1, Purple 2, Green 3, Red 4), levels 1..5.
INSURANCE_BENEFITS: tuple[tuple[tuple[Effect, ...], ...], ...] = (
    (  # Blue Insurance Company (1)
        (_STAFF_OR_RESEARCH, ambulance(1)),
        (gain(CREDITS, 7), gain(QOC)),
        (ambulance(1), gain(STAFF), gain(RESEARCH)),
        (ambulance(2), gain(DIAG), gain(HEAL)),
        (prod(P_DIAG), draw(1)),
    ),
    (  # Purple Insurance Company (2)
        (_STAFF_OR_RESEARCH, gain(PRESTIGE)),
        (gain(CREDITS, 2), gain(STAFF), gain(QOC)),
        (gain(PRESTIGE), gain(STAFF), gain(RESEARCH)),
        (gain(PRESTIGE, 2), gain(DIAG), gain(HEAL)),
        (prod(P_HEAL), draw(1)),
    ),
    (  # Green Insurance Company (3)
        (_STAFF_OR_RESEARCH, prod(P_CREDIT)),
        (gain(CREDITS, 2), gain(RESEARCH), gain(QOC)),
        (prod(P_CREDIT), gain(STAFF), gain(RESEARCH)),
        (prod(P_CREDIT, 2), gain(DIAG), gain(HEAL)),
        (prod(P_RESEARCH),),
    ),
    (  # Red Insurance Company (4)
        (gain(HEAL), gain(DIAG)),
        (gain(CREDITS, 2), helicopter(), gain(QOC)),
        (gain(PRESTIGE), ambulance(1), prod(P_CREDIT), choice(gain(DIAG), gain(HEAL))),
        (gain(VP, 3), gain(DIAG), gain(HEAL)),
        (prod(P_STAFF),),
    ),
)
COMPANY_NAMES = ("Blue", "Purple", "Green", "Red")
INSURANCE_LEVELS = 5

# Tracks that hold congress doctors (Game Setup step 4) -----------------------------------
T_PROD = (0, 1, 2, 3)  # diagnostic, healing, research, staff production
T_CREDIT = 4  # credit production
T_PRESTIGE = 5
T_INSURANCE = (6, 7, 8, 9)  # Blue, Purple, Green, Red
T_AMBULANCE = 10
T_QOC = 11
TRACK_NAMES = (
    "diagnosis production",
    "healing production",
    "research production",
    "staff production",
    "credit production",
    "prestige",
    "Blue insurance",
    "Purple insurance",
    "Green insurance",
    "Red insurance",
    "ambulance",
    "quality of care",
)

#: Game Setup step 4, "Place a resource of congress doctors in the following positions",
#: in the order the book lists them: (track, space).
DOCTOR_SPOTS: tuple[tuple[int, int], ...] = (
    (T_PRESTIGE, 7),
    (T_PRESTIGE, 14),
    (T_PRESTIGE, 21),
    *((t, space) for t in (0, 1, 3, 2) for space in (4, 7)),  # diagnostic, healing, staff, research
    (T_CREDIT, 21),
    (T_CREDIT, 27),
    (T_CREDIT, 33),
    *((t, 5) for t in T_INSURANCE),
    (T_AMBULANCE, 0),  # "on the starting space"
    (T_QOC, 9),
    (T_QOC, 12),
)
