"""The flat layout of the Royal Hospital kernel: where each fact of a state sits in one
``int64`` array, and where each config value, reading and card table sits in ``K``.

A state array is a header, the task queue (``QMAX`` rows of kind, player, n, effect
id, play), the shared piles, then one block per player. Sizes that depend on the config
(card types, hospital spaces, the patient deck) are offsets stored in ``K`` and read at
run time, so one compiled kernel serves every config and reading. Unused slots stay 0,
so equal positions are equal arrays (the explorer and the tests compare bytes).
"""

from __future__ import annotations

# State header ----------------------------------------------------------------------------
S_PHASE, S_ROUND, S_FIRST, S_TURN = 0, 1, 2, 3
S_QLEN = 4  # tasks pending
S_NARR = 5  # arriving patients
S_NRET = 6  # cards in the returned pile
S_ERR = 7  # 1: a list outgrew its room (the API raises)
S_QUEUE = 8
QMAX = 48  # most tasks pending at once
TW = 5  # task row: kind, player, n, effect id (-1 none), play
Q_KIND, Q_PLAYER, Q_N, Q_EFFECT, Q_PLAY = range(TW)

# Player block: fixed fields, then hand/played/used and the patient lists (offsets in K)
P_CREDITS, P_VP, P_PRESTIGE, P_QOC, P_AMB = 0, 1, 2, 3, 4
P_INS = 5  # 4 insurance levels
P_PROD = 9  # 5 production tracks
P_TOK = 14  # 5 token kinds
P_HEALED, P_HEALED_MAX, P_PASSED = 19, 20, 21
P_DEAD = 22  # 6 (by priority, index 0 unused)
P_DEAD_UNSEEN, P_REJECTED = 28, 29
P_NPAT, P_NTERM = 30, 31
P_FIXED = 32
PATW = 4  # patient row: card, diagnosed, tokens, paid
TERMW = 3  # terminal row: card, treated, rewarded

# K: config values and readings --------------------------------------------------------------
(
    K_P,
    K_M,
    K_N,
    K_NC,
    K_ROUNDS,
    K_SELL,
    K_QOC_MAX,
    K_PRESTIGE_MAX,
    K_PROD_MAX,
    K_CREDIT_MAX,
    K_SPACES,
    K_PLANTED,
    # readings (0/1 unless said)
    K_END_EMPTY,
    K_DISCARD_TOKENS,
    K_RESEARCH_HEALS,
    K_CRITICAL_BOTH,
    K_CRITICAL_TOKENS,  # 1 or 2
    K_TERMINAL_EVERY,
    K_TERMINAL_ONE,
    K_TERMINAL_REWARD,  # 0 every-treatment, 1 first-treatment, 2 none
    K_CHRONIC_DIE,
    K_QOC_OFFSET,  # a number
    K_QOC_CLAMP,
    K_AMB_LOOP,  # 13 or 14
    K_DOCTOR_EXACT,
    K_BONUS_ALWAYS,
    K_DEPTH_FIRST,
    K_INS_SUM,
    K_COMPARE_PROD,
    K_TIE_PROD,
    K_TOKENS_SCORED,
    K_HEALED_SPENT,
    K_HELI_BOTH,
    K_HELI_QOC,
    K_HELI_SENDER,
    K_RESHUFFLE,
    K_SAME_ROUND,
    K_TIE_TERMINALS,
    K_TIE_SHARED,
    K_PARTIAL,
    K_REDIRECT,
    K_DOCTOR_SUBST,
    K_DRAW_PATIENTS,
    K_EXTRA_PATIENTS,
    K_TERMINAL_STAYS,
    K_VP_FLOOR,
    # state offsets and room
    O_DECK,
    O_DISCARD,
    O_PICKING,
    O_ARR,
    O_SHUF,
    O_UNRES,
    O_RET,
    O_DOCTORS,
    O_PLAYERS,
    PW,  # one player block
    PO_HAND,
    PO_PLAYED,
    PO_USED,
    PO_PAT,
    PO_TERM,
    AMAX,
    PMAX,
    TMAX,
    RMAX,
    NSTATE,
    # table offsets
    T_ROUND_CARDS,
    T_ROUND_PATIENTS,
    T_MED,
    T_PAT,
    T_CLASS,
    T_EFF,
    T_AMB,
    T_INS,
    T_DOCTORS,
    T_AMB_ID,  # effect id of ambulance(n), n = 0..AMB_IDS-1 (-1: none)
    K_ANY_INS,  # effect id of insurance(-1)
    K_NDOCTORS,
    K_SIZE,
) = range(79)
HEADER = K_SIZE

# Table rows
MED_W = 22  # credits, research, healed, adds_space, value, n_imm, imm[8], n_act, act[7]
MED_CREDITS, MED_RESEARCH, MED_HEALED, MED_SPACE, MED_VALUE, MED_NIMM, MED_IMM = range(7)
MED_NACT, MED_ACT = 14, 15
MED_MAXE = 7
PAT_W = 6  # priority, diag, heal, credits, vp, class
PT_PRIO, PT_DIAG, PT_HEAL, PT_CREDITS, PT_VP, PT_CLASS = range(PAT_W)
CLASS_W = 3  # open-faced, diagnosis, first type (open-faced classes hold one type)
EFF_W = 8  # code, a, n, n_alts, alts[4]
EFF_ALTS = 4
REWARD_W = 5  # n, effect ids[4]
AMB_IDS = 16

# Action rows: verb, then up to four fields ---------------------------------------------------
NA = 5
MAX_ACTIONS = 160
# Verbs numbered in the order of their class names (the model sorts by verb name, then
# by fields), so sorting rows sorts actions as ``sort_actions`` does.
VERB_NAMES = (
    "Activate",
    "Assign",
    "Choose",
    "ChooseInsurance",
    "Diagnose",
    "Draw",
    "EndTreatment",
    "Heal",
    "HelicopterDiscard",
    "HelicopterDone",
    "HelicopterDraw",
    "Keep",
    "Pass",
    "PlayCard",
    "Reject",
    "SellCard",
    "SellResearch",
    "TreatTerminal",
    "UseToken",
)
(
    V_ACTIVATE,
    V_ASSIGN,
    V_CHOOSE,
    V_CHOOSE_INS,
    V_DIAGNOSE,
    V_DRAW,
    V_END_TREATMENT,
    V_HEAL,
    V_HELI_DISCARD,
    V_HELI_DONE,
    V_HELI_DRAW,
    V_KEEP,
    V_PASS,
    V_PLAY,
    V_REJECT,
    V_SELL_CARD,
    V_SELL_RESEARCH,
    V_TREAT_TERMINAL,
    V_USE_TOKEN,
) = range(len(VERB_NAMES))
#: Verbs whose field is a patient record (four fields); the others have at most one.
PATIENT_VERBS = frozenset({V_ASSIGN, V_DIAGNOSE, V_HEAL, V_HELI_DISCARD, V_REJECT})
