"""Which sections of the Dice Hospital player aid the model implements, parameterises or
leaves out, and why.

Each row: a :class:`~hhh_verify.rulebook.sections.Section` (section, status, where,
note). ``where`` names functions (``module.func``) or ambiguity ids (``DH-...``) that
carry the rule; a test checks that every named function exists and has a docstring.
Status (:class:`~hhh_verify.rulebook.rule_map.RuleStatus`): ``MODELLED``, ``PARAMETER``
(numbers or card texts the aid does not print: a documented config value or stand-in),
``READING`` (modelled under switchable readings) or ``LEFT_OUT`` (with the reason).
Section names are the aid's own headings; the rule map's ``settled`` entries are added as
rows of their own (:func:`hhh_verify.rulebook.sections.section_index`).
"""

from __future__ import annotations

from hhh_verify.rulebook.rule_map import RuleStatus
from hhh_verify.rulebook.sections import Section

RULES: tuple[Section, ...] = (
    Section(
        "Wstęp: 8 rund, punkty za wypisanych",
        RuleStatus.MODELLED,
        ("end_round.end_of_round", "end_round.end_of_game"),
        "eight rounds (config.rounds; reduced presets play fewer)",
    ),
    Section(
        "Wstęp / components: dice colours and counts, nurses, capacity",
        RuleStatus.PARAMETER,
        ("config.DHConfig",),
        "not printed in the aid: 3 colours, 21 dice each (3 fewer per seat below four), 3 dice per ambulance, 3 nurses, 12 beds (the table's rows)",
    ),
    Section(
        "Przed grą: liczba graczy, gra solo",
        RuleStatus.READING,
        ("context.Ctx", "DH-SOLO"),
        "1-4 players; the aid has no solo rules, so one seat needs a reading",
    ),
    Section(
        "Przed grą: 3 losowe kostki, wartości 3, 4, 5",
        RuleStatus.MODELLED,
        ("setup.draw_start", "setup.health_options", "setup.set_patients"),
        "a random draw, then the player's assignment of 3/4/5 (only distinct assignments)",
    ),
    Section(
        "Przed grą: karty administratora",
        RuleStatus.PARAMETER,
        (
            "setup.draw_admins",
            "setup.keep_admin",
            "end_round.protected_patient",
            "activation.nurses_left",
        ),
        "draw two, keep one, box one; card texts are not printed: stand-ins plain, guardian, donor, matron",
    ),
    Section(
        "Przed grą: Pierwszy Gracz",
        RuleStatus.MODELLED,
        ("setup.initial_state",),
        "seat 0 starts with the token (seats are labels)",
    ),
    Section(
        "Przyjmowanie pacjentów: dodatkowe odkrycie (2 graczy)",
        RuleStatus.READING,
        ("expansion.extra_options", "expansion.extra_draw", "DH-EXTRA-REVEAL"),
        "the sentence is written in two phases",
    ),
    Section(
        "Przyjmowanie pacjentów: przerzucanie do 2-5",
        RuleStatus.MODELLED,
        ("admission.draw_dice", "admission.roll", "dice.multiset_roll"),
        "uniform on 2..5, the dice of a colour as an exact multiset law",
    ),
    Section(
        "Przyjmowanie pacjentów: liczba ambulansów i kostek",
        RuleStatus.READING,
        ("admission.draw_dice", "DH-AMBULANCE-COUNT", "DH-SUPPLY-SHORT"),
        "ambulance count is a reading; dice per ambulance a parameter",
    ),
    Section(
        "Przyjmowanie pacjentów: od najmniejszej do największej, remisy",
        RuleStatus.READING,
        (
            "admission.arrangements",
            "admission.placed",
            "admission.place",
            "turns.last_player",
            "DH-AMBULANCE-FILL",
            "DH-LAST-PLAYER",
        ),
        "values ascending by ambulance; the last player arranges tied colours",
    ),
    Section(
        "Przyjmowanie pacjentów: wybór ambulansu, Pierwszy gracz bez numeru 1",
        RuleStatus.MODELLED,
        ("admission.pickable", "admission.take"),
        "in turn order from the first player",
    ),
    Section(
        "Przyjmowanie pacjentów: brak miejsca, kostnica",
        RuleStatus.READING,
        (
            "admission.admit",
            "admission.eviction_options",
            "admission.evict",
            "DH-CAPACITY",
            "DH-EVICT-WHO",
        ),
        "capacity is the `capacity` parameter",
    ),
    Section(
        "Przyjmowanie pacjentów: worek z krwią, nowy Pierwszy gracz",
        RuleStatus.READING,
        ("turns.blood_bag_takers", "turns.next_first", "DH-AMBULANCE-VALUE"),
        "the lowest-value taker; 'value' is a reading",
    ),
    Section(
        "Rozubudowa szpitala: wybór w kolejności karetek",
        RuleStatus.READING,
        ("turns.draft_order", "expansion.take_tile", "DH-NEW-TILE"),
        "several wards or specialists of one type allowed; usable this round or from the next",
    ),
    Section(
        "Rozubudowa szpitala: liczba odkrytych kafli",
        RuleStatus.PARAMETER,
        ("expansion.market_draw", "config.DHConfig"),
        "not printed: players - 1 of each (at least one), drawn at random from the decks",
    ),
    Section(
        "Rozubudowa szpitala: odrzucenie za worek z krwią",
        RuleStatus.READING,
        ("expansion.trade_tile", "expansion.discard_owned", "DH-EXPANSION-DISCARD"),
        "printed board wards are not tiles and cannot be discarded",
    ),
    Section(
        "Aktywacja szpitala: meeple do oddziałów, efekt oddziału potem specjalisty",
        RuleStatus.MODELLED,
        (
            "activation.activate",
            "activation.effect_targets",
            "activation.specialist_heal",
            "DH-SPECIALIST-OPTIONAL",
            "DH-PLACEMENT-OPTIONAL",
        ),
        "hospitals act one after another (they share nothing in this phase)",
    ),
    Section(
        "Aktywacja szpitala: teksty oddziałów i specjalistów",
        RuleStatus.PARAMETER,
        ("components.WardKind", "components.SpecialistKind"),
        "not printed in the aid: a stand-in catalogue of 8 wards and 5 specialists exercising every stated rule",
    ),
    Section(
        "Aktywacja szpitala: raz na rundę",
        RuleStatus.READING,
        (
            "activation.free_wards",
            "activation.free_meeples",
            "activation.nurse_free",
            "DH-NURSE-MOVES",
        ),
        "each ward and specialist once a round; a nurse once, or moved on (a reading)",
    ),
    Section(
        "Aktywacja szpitala: dokładna grupa pacjentów",
        RuleStatus.READING,
        ("activation.ward_targets", "DH-GROUP-SIX"),
        "a group ward takes exactly its group size; a patient at 6 in it is a reading",
    ),
    Section(
        "Aktywacja szpitala: kilka kroków, zdrowie 6 -> poczekalnia do wypisu",
        RuleStatus.READING,
        ("activation.heal", "DH-PAST-6"),
        "a patient at 6 who would be treated is discharged",
    ),
    Section(
        "Aktywacja szpitala: worek z krwią (leczenie, kolor)",
        RuleStatus.READING,
        (
            "activation.blood_heal",
            "activation.blood_recolour",
            "activation.finish",
            "DH-BLOOD-TREATED",
            "DH-RECOLOUR",
        ),
        "free actions between activations, not inside one",
    ),
    Section(
        "Zaniedbani pacjenci (Koniec rundy): kostnica",
        RuleStatus.READING,
        ("end_round.neglect", "end_round.close_hospital", "DH-SUPERBUG-2", "DH-ARRIVAL-NEGLECT"),
        "each hospital's end of round is resolved when its activation ends (same results)",
    ),
    Section(
        "Wypisani pacjenci (Koniec rundy): tabela, +5 za pusty szpital",
        RuleStatus.READING,
        (
            "scoring.discharge_points",
            "scoring.points_for_patient",
            "scoring.empty_bonus",
            "DH-OVER-12",
            "DH-EMPTY-HOSPITAL",
            "DH-LOUNGE",
        ),
        "the aid's example (7 patients = 14 points) settles that the table is per patient, cumulative",
    ),
    Section(
        "Zmiana personelu",
        RuleStatus.READING,
        (
            "end_round.end_of_round",
            "expansion.after_picks",
            "expansion.next_draft",
            "DH-MORTUARY-DICE",
            "DH-UNTAKEN-DICE",
        ),
        "discharged dice back to the bag; unchosen tiles removed from the game",
    ),
    Section(
        "Koniec gry: worki z krwią, żetony śmiertelności, remisy",
        RuleStatus.READING,
        (
            "end_round.end_of_game",
            "end_round.ranking_key",
            "end_round.winners",
            "DH-FINAL-TOKENS",
            "DH-TIE-REMAINS",
        ),
        "+1 / -2 per token or once (the aid says neither); fewer patients, then more pips",
    ),
    Section(
        "Warianty: kryzys na początek",
        RuleStatus.READING,
        ("setup.health_options", "DH-CRISIS-COLOURS"),
        "config.variant_crisis: five patients 3, 3, 4, 5, 5",
    ),
    Section(
        "Warianty: narodowa epidemia",
        RuleStatus.READING,
        ("admission.epidemic", "DH-EPIDEMIC-ROLL"),
        "config.variant_epidemic: one extra die with each ambulance",
    ),
    Section(
        "Warianty: odporny superrobak",
        RuleStatus.READING,
        ("end_round.neglect", "DH-SUPERBUG-2"),
        "config.variant_superbug: neglect costs 2",
    ),
    Section(
        "Warianty: medycyna eksperymentalna",
        RuleStatus.PARAMETER,
        ("config.DHConfig",),
        "config.variant_experimental: 8 wards and 12 specialists added (stand-in kinds)",
    ),
)
