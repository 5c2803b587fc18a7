"""Where each fact of an HHH state, each config value and reading, and each action field
lives in the kernel's flat integer arrays.

The kernel (:mod:`.rules`) works on ``int64`` arrays, so every offset here is a
compile-time constant. Cube arrays have 6 slots with black always in slot 5 (the
reference model puts black at index ``C``; :mod:`.codec` maps); colour slots ``C..4``
stay 0. A Ward is stored as counts of patients per level 1..4 (its sorted tuple of
levels is a multiset). A Heal's bonus draws are counts per size (1 or 2 cubes).
"""

from __future__ import annotations

NC = 6  # cube slots: colours 0..4, black
BLACK = 5
WHITE = 5  # white marker slot in supply / cemetery
UNMARKED = 6  # cemetery: a body without a marker (HHH-WHITE-OUT tombstone-only)

# State --------------------------------------------------------------------------------
PHASE = 0
CURSOR = 1
ROUND = 2
MONEY = 3
REASON = 4
ROOMS_PLACED = 5
DEATHS = 6
ADMIN_TOKENS = 7
ADMIN_TOTAL = 8
ADMIN_HOLDER = 9
ADMIN_FACE_UP = 10
CHAPLAIN_USED = 11
JANITOR_USED = 12
PICK_KIND = 13
PICK_LEFT = 14
BAG = 15  # 6
DISCARD = 21  # 6
WAITING = 27  # 2 rooms x 5 colours
WARDS = 37  # 5 colours x 4 levels (count of patients at level 1..4)
ROOMS = 57  # 8 room kinds: 0 absent, 1 Basic, 2 Improved
TREAT_LEVEL = 65  # 5
TREAT_SIDE = 70  # 5
ER = 75  # 5
BLOOD = 80  # 6
SUPPLY = 86  # 6 (white in slot 5)
CEMETERY = 92  # 7 (white 5, unmarked 6)
MEDICAL = 99  # 5 players
STAFF_HIDDEN = 104  # 11
STAFF_OPEN = 115  # 11
STAFF_PASSED = 126  # 11
STAFF_HIRED = 137  # 11
ABILITIES = 148  # 5
TRAIN_OPEN = 153  # 6
TRAIN_HIDDEN = 159  # 6
TRAINING = 165  # 5 players x 6 types
NURSE_USED = 195  # 5
RDECK = 200  # 5
RDISCARD = 205  # 5
HEAL_ON = 210
H_PLAYER = 211
H_PLACE = 212
H_COLOUR = 213
H_LEVEL = 214
H_DRAWN = 215  # 6
H_BONUS = 221  # 3: count of bonus draws of size 0 (unused), 1, 2
H_REBAG = 224
H_BLOOD = 225
H_LATEST = 226
RES_ON = 227
R_CARD = 228
R_DRAWN = 229  # 6
NSTATE = 235

# Config and readings (built from the reference ``Ctx`` by :mod:`.codec`) ---------------
K_C = 0
K_P = 1
K_SPOTS = 2
K_BEDS = 3
K_DECK = 4  # 8 flags: room kind in the New Room deck
K_ROOM_CAP = 12  # HHH-ROOM-CAP: 0 six-total, 1 six-installed, 2 every-phase
K_SETUP_LEVEL5_DIES = 13
K_SETUP_BEFORE_WAITING = 14
K_STAFF_ROUND1_SETUP = 15
K_STAFF_THIS_ROUND = 16
K_TRANSFER_WR = 17  # HHH-TRANSFER-WR-DEST: 0 level-3-4-any, 1 wards-only, 2 any-level-rooms
K_TR_OVERFLOW_DIES = 18
K_ER_RETURN_FIRST = 19
K_ER_DRAW = 20
K_ER_PAY = 21
K_ER_DEATH = 22
K_UNAFFORDABLE_OK = 23
K_EXHAUSTED_STUCK = 24
K_BB_BLACK_REFILL = 25
K_REACTION_LATEST = 26
K_END_REACTION = 27
K_END_REACTION_LAST = 28
K_BB_FLIPS = 29
K_BB_REBAG = 30
K_SHIELD = 31
K_RESEARCH_HIRE_WITHOUT = 32
K_RESEARCH_ALL = 33
K_RESEARCH_MUST = 34
K_VISIT_REBAG = 35
K_BEDS_PER_PATIENT = 36
K_COO_NOW = 37
K_TRAINING_BONUS = 38
K_TR5_TO_WARD = 39
K_WHITE_OUT_ARREST = 40
K_MONEY_CAP = 41  # -1: uncapped
K_INTERN_ER = 42
K_INTERN_TREATS = 43
K_REBAG_NEEDS_RED = 44
K_NURSE_REFILL = 45
K_CHAPLAIN_IN_HEAL = 46
K_ADMIN = 47
K_COOKE = 48
K_LAST_ROUND = 49
K_STAFF_SPACES = 50
K_REVEAL = 51
K_RTYPES = 52
K_WAITING_ROOMS = 53
K_SETUP_MARKERS = 54
K_SETUP_LEVEL = 55
K_SETUP_CUBES = 56
K_ARRIVAL = 57
K_WARD_DRAW = 58
K_WARD_PAY = 59
K_WARD_DEATH = 60
K_WAITING_DEATH = 61
K_TOMBSTONES = 62
K_ROOM_LIMIT = 63
K_STARTING_ROOM = 64
K_TWO_ROOMS = 65
K_IMPROVED_START = 66
K_NO_ABILITIES = 67
K_STAFF_COST = 68
K_OFFICE = 69
K_TRAINING_FACE_UP = 70
K_DOCTORS = 71  # 5: 0 nowitz, 1 ura, 2 plain
K_MEDICAL_TOKENS = 76
K_STAFF_POOL_SUM = 77
K_PLANTED = 78  # test-only planted bug number (0: none), see tests/test_hhh_kernel*.py
K_MARKERS_OUT_AFTER = 79  # HHH-FEWER-MARKERS=after-setup with the variant on
K_STAFF_LAST_ROUND = 80  # the last round with Staff spaces below it
K_MORGUE_CAPACITY = 81  # bodies on the Morgue's Basic side (one more Improved)
NCONFIG = 82

# Actions: rows of 8 ints, [verb, field...]; verbs numbered in the alphabetical order of
# the reference action class names, so sorting rows sorts as ``sort_actions`` does.
NA = 8
A_ADMIN_REDRAW = 0
A_ADMIT_TO_ER = 1
A_ARRIVE_AT = 2
A_BONUS = 3
A_CHAPLAIN_FLIP = 4
A_CHOOSE_BENEFIT = 5
A_DRAW = 6
A_END_ACTIONS = 7
A_END_PICKS = 8
A_HEAL = 9
A_HIRE_STAFF = 10
A_IMPROVE_ROOM = 11
A_INSTALL_ROOM = 12
A_INTERN_TREAT = 13
A_JANITOR_IGNORE = 14
A_NURSE_TRAINING = 15
A_PASS = 16
A_REMOVE_ABILITY = 17
A_REPLACE_MARKER = 18
A_RESEARCH = 19
A_RESTOCK_BLOOD_BANK = 20
A_RETURN_BLACKS = 21
A_SETTLE = 22
A_TAKE_TRAINING = 23
A_TRANSFER = 24
A_VISIT_WARD = 25
MAX_ACTIONS = 16384
