"""Every place where the Dice Hospital player aid is silent, contradicts itself or reads
two ways. The model consults each entry by id (``Ctx`` reads them all).

Quotes are verbatim from the Polish aid (``dice-hospital.pl.txt``, typos kept), under
its own section headings; the English rendering beside it is a reading help, never a
quote. A default is the reading we believe the aid means, and ``why`` says why; every
other option stays one ``--interpret`` away.
"""

from __future__ import annotations

from hhh_verify.contract.interpretations import Ambiguity, AmbiguityRegistry

ENTRIES = [
    Ambiguity.of(
        "DH-SOLO",
        "Can one person play, and how are ambulances chosen alone",
        "gap",
        [
            ("Przyjmowanie pacjentów", "Pierwszy gracz, nie może wybrać ambulansu numer 1."),
            ("Koniec gry", "Wygrywa gracz z największą liczbą punktów."),
        ],
        [
            ("no-solo", "the aid describes rival hospitals only: one player is not a legal game"),
            (
                "free-pick",
                "solo: two ambulances, the player takes either (the bar needs a rival); the one taken is the lowest taken, so a blood bag every round",
            ),
            (
                "first-player-bar",
                "solo: the player is always first player, so never takes ambulance 1; ambulance 2 is then the lowest taken: a blood bag every round",
            ),
        ],
        "no-solo",
        "Every rule of the round (the first-player bar, the draft order, the winner) presumes rivals, and the aid has no solo section; a solo game is one explicit flag away, and under either solo reading the lone taker of an ambulance takes the lowest one, so its blood bag every round is part of the reading.",
    ),
    Ambiguity.of(
        "DH-AMBULANCE-COUNT",
        "How many ambulances arrive each round",
        "numeric",
        [
            (
                "Przyjmowanie pacjentów",
                "umieszczane są w ambulansach od najmniejszej do największej wartości, od pierwszej do n-tego ambulansu",
            ),
            ("Przyjmowanie pacjentów", "Każdy gracz po kolei, wybiera jeden z ambulansów"),
        ],
        [
            ("players-plus-one", "one more ambulance than players; the last one stays"),
            ("players", "one ambulance per player; every ambulance is taken"),
        ],
        "players-plus-one",
        "With one ambulance per player the first player's bar on ambulance 1 forces it on a later player; one spare keeps every pick a choice (and is the publisher's count).",
    ),
    Ambiguity.of(
        "DH-AMBULANCE-VALUE",
        "What the 'value' of an ambulance is",
        "terminology",
        [
            (
                "Przyjmowanie pacjentów",
                "Gracz, który dobrał ambulans o najniższej wartości bieże także „worek z krwią” (żeton) i staje się pierwszym graczem w nadchodzącej rundzie.",
            ),
            (
                "Rozubudowa szpitala",
                "w kolejności wybranej karteki (od najmniejszej do największej wartości)",
            ),
        ],
        [
            ("number", "its number: the lowest-numbered ambulance taken gives the blood bag"),
            (
                "pip-sum",
                "the total of its dice: every taker tied on the lowest total gets a blood bag, the lowest-numbered becomes first player",
            ),
            (
                "number-one",
                "the lowest value is ambulance number 1 itself: only its taker gets the blood bag and the first-player token; when nobody took it, nobody gets a bag and the first player stays",
            ),
        ],
        "number",
        "Dice are placed lowest first, so numbers and totals agree except on equal totals; 'ambulans numer 1' shows ambulances are known by number, and 'dobrał ambulans o najniższej wartości' names a lowest among those taken, so with a spare ambulance ambulance 1 need not be taken for the rule to apply.",
    ),
    Ambiguity.of(
        "DH-EXTRA-REVEAL",
        "The two-player extra reveal is written in two phases",
        "contradiction",
        [
            (
                "Przyjmowanie pacjentów",
                "Pierwszy gracz wybiera, czy dodatkowo będzie odkryty zostnie specjalista, czy oddział. (Tylko w grze dwuosobowej).",
            ),
            (
                "Rozubudowa szpitala",
                "W grze dla 2-ch graczy, pierwszy gracz wybiera, czy dodatkowo będzie odkryty zostnie specjalista, czy oddział.",
            ),
        ],
        [
            ("admission-once", "once a round, at the start of admission, before the dice"),
            (
                "expansion-once",
                "once a round, at the start of the expansion, knowing the draft order",
            ),
            ("twice", "twice a round: one extra reveal in each phase"),
        ],
        "admission-once",
        "The same sentence copied into two sections reads as one rule; the first place it appears is where the aid starts the round.",
    ),
    Ambiguity.of(
        "DH-CAPACITY",
        "Whether a hospital has a limited number of beds",
        "gap",
        [
            (
                "Przyjmowanie pacjentów",
                "Jeśli nie ma wystarczająco miejsca dla nowych pacjentów",
            ),
        ],
        [
            (
                "board-limit",
                "a hospital holds `capacity` patients (parameter, 12: the table's rows)",
            ),
            ("unlimited", "no limit: the mortuary sentence never applies on admission"),
        ],
        "board-limit",
        "The sentence only means something if room can run out; the size is not printed, so it is the `capacity` parameter.",
    ),
    Ambiguity.of(
        "DH-EVICT-WHO",
        "Who goes to the mortuary when new patients find no room",
        "gap",
        [
            (
                "Przyjmowanie pacjentów",
                "ci, którzy obecnie są leczeni w szpitalu muszą być przeniesieni do kostnicy (mortuary), a gracz dobiera żeton śmiertelności za każdego umiesczonego tam pacjenta",
            ),
        ],
        [
            ("player-chooses", "just enough current patients to make room, chosen by the player"),
            ("sickest-first", "just enough current patients, the lowest health first"),
            ("all-current", "every patient already in the hospital"),
        ],
        "player-chooses",
        "The sentence is about making room, so only as many as needed; the aid names no order, and the player runs the hospital.",
    ),
    Ambiguity.of(
        "DH-MORTUARY-DICE",
        "Whether mortuary dice ever return to the supply",
        "gap",
        [
            (
                "Zmiana personelu",
                "wypisani pacjenci są zwracani do zasobów",
            ),
            ("Zaniedbani pacjenci", "jego kostka jest przenoszona do kostnicy (mortuary)"),
        ],
        [
            ("stay", "mortuary dice stay there for the rest of the game"),
            ("return", "mortuary dice go back to the supply at the staff change (tokens stay)"),
        ],
        "stay",
        "The staff change returns only the discharged patients; the mortality token already records each death.",
    ),
    Ambiguity.of(
        "DH-SUPPLY-SHORT",
        "Too few dice left in the supply for the ambulances",
        "gap",
        [
            (
                "Zmiana personelu",
                "ambulansy są oddawane i losowani są nowi pacjenci",
            ),
        ],
        [
            ("fill-in-order", "draw what is left; the last ambulances stay short or empty"),
            (
                "recycle-mortuary",
                "first return the mortuary dice to the supply (tokens stay), then draw",
            ),
        ],
        "fill-in-order",
        "The aid never recycles the dead; placing what there is keeps every other rule unchanged.",
    ),
    Ambiguity.of(
        "DH-EXPANSION-DISCARD",
        "What the blood-bag discard of the expansion phase discards",
        "contradiction",
        [
            (
                "Rozubudowa szpitala",
                "Każdy z graczy może odrzucić jednen oddział lub specjalistę na turę w zamian za żeton worka z krwą.",
            ),
            (
                "Aktywacja szpitala",
                "Gracze mogą opcjonalnie odrzucić oddział lub specjalistę na początku tej fazy, żeby otrzymać żeton „worka z krwią”.",
            ),
        ],
        [
            (
                "instead-of-taking",
                "on its draft turn a player may discard a revealed tile for a blood bag instead of taking it",
            ),
            ("owned-tile", "after taking a tile a player may discard one it owns for a blood bag"),
            (
                "same-permission",
                "the sentence restates the activation-phase discard: nothing extra in the draft",
            ),
        ],
        "instead-of-taking",
        "It sits in the draft beside the choice of a revealed tile; 'na turę' names a player's turn or a whole round alike, and a player drafts once a round, so either way it is one discard a round; the owned-tile discard has its own sentence in the activation phase.",
    ),
    Ambiguity.of(
        "DH-PAST-6",
        "Healing a patient past 6 with a several-step ward",
        "boundary",
        [
            ("Aktywacja szpitala", "kostka może być wyleczona do 7 i powyżej"),
            (
                "Aktywacja szpitala",
                "Każdy pacjent ze zdrowiem 6, który miałby zostać leczony, jest zamiast tego przenoszony do „poczekalni do wypisu”",
            ),
        ],
        [
            (
                "discharge",
                "steps are taken one by one; the step from 6 discharges, the rest is lost",
            ),
            (
                "stop-at-6",
                "a several-step heal stops at 6; only a treatment that starts at 6 discharges",
            ),
        ],
        "discharge",
        "'Healed to 7 and above' and 'exact steps not required' say the surplus steps discharge the patient.",
    ),
    Ambiguity.of(
        "DH-OVER-12",
        "The 13th and later patient discharged in one round",
        "gap",
        [
            ("Wypisani pacjenci", "11-12 5"),
            (
                "Wypisani pacjenci",
                "im więcej pacjentów zostanie wypisanych w jednej rundzie, tym więcej punktów wart każdy następny",
            ),
        ],
        [
            ("five-each", "every patient after the 12th scores 5, as the last row"),
            ("rising", "the table's steps continue: 6 each for 13-14, 7 for 15-16, ..."),
            ("nothing", "patients after the 12th score nothing"),
        ],
        "five-each",
        "The last row is the highest value printed; inventing rows (or voiding patients) adds numbers the aid does not have.",
    ),
    Ambiguity.of(
        "DH-EMPTY-HOSPITAL",
        "When a hospital counts as 'left empty' for the 5-point bonus",
        "terminology",
        [("Wypisani pacjenci", "Dodatkowe 5 punktów jeśli szpital pozostał pusty.")],
        [
            (
                "discharged-and-empty",
                "no patient left after neglect, and at least one discharged this round",
            ),
            ("any-empty", "no patient left after neglect, however it emptied (deaths too)"),
            ("all-discharged", "no patient left and nobody went to the mortuary this round"),
        ],
        "discharged-and-empty",
        "The bonus is part of discharge scoring: it rewards emptying the hospital by discharges, not an empty board as such.",
    ),
    Ambiguity.of(
        "DH-SUPERBUG-2",
        "A neglected patient at health 2 under the resistant superbug",
        "boundary",
        [
            (
                "Warianty",
                "Jeśli pacjent został zaniedbany, traci 2 oczka życia zamiast 1.",
            ),
            (
                "Zaniedbani pacjenci",
                "Jeśli jakiś pacjent ma już zdrowie na poziomie 1, zamiast tego jego kostka jest przenoszona do kostnicy",
            ),
        ],
        [
            ("dies", "health 2 - 2 is below 1: the die goes to the mortuary"),
            ("floor-1", "only a patient already at 1 dies: health 2 drops to 1"),
        ],
        "dies",
        "A die has no face below 1; the base rule sends a patient who would go below 1 to the mortuary.",
    ),
    Ambiguity.of(
        "DH-BLOOD-TREATED",
        "Does a blood-bag heal count as treatment against neglect",
        "gap",
        [
            (
                "Aktywacja szpitala",
                "używając żetonu „worka z krwią” można wyleczyć jedną kostkę o jedne krok",
            ),
            (
                "Aktywacja szpitala",
                "Każdy pacjent, który został leczony przynajmniej raz, przesuwany jest w dół",
            ),
        ],
        [
            ("marks-treated", "the patient was healed, so it is treated this round"),
            ("no-mark", "only a meeple in a ward treats; a blood bag changes the value only"),
        ],
        "marks-treated",
        "Both sentences use the verb 'leczyć' (treat/heal); a healed patient has been treated.",
    ),
    Ambiguity.of(
        "DH-RECOLOUR",
        "How long a blood bag's colour change lasts",
        "gap",
        [("Aktywacja szpitala", "tymczasowo zmienić jej kolor")],
        [
            ("one-activation", "until the end of the next ward activation"),
            ("round", "until the end of the round"),
        ],
        "one-activation",
        "A free action spent for one ward's colour need; 'temporarily' is the shortest span that makes it useful.",
    ),
    Ambiguity.of(
        "DH-SPECIALIST-OPTIONAL",
        "Must a specialist's effect be used",
        "gap",
        [
            (
                "Aktywacja szpitala",
                "rozpatrywane są najpierw efekty oddziału, potem efekty meepla (jeśli jest specjalistą)",
            )
        ],
        [
            ("mandatory", "the effect is resolved whenever it has a legal target"),
            ("optional", "the player may decline the effect"),
        ],
        "mandatory",
        "'Rozpatrywane są' (are resolved) has no 'may'; the ward's effect is resolved the same way.",
    ),
    Ambiguity.of(
        "DH-EPIDEMIC-ROLL",
        "The value of the national-epidemic die",
        "gap",
        [("Warianty", "rzuć dodatkową kostką i umieść ją w szpitalu")],
        [
            ("two-to-five", "re-rolled to 2..5 like every admitted patient"),
            ("plain-d6", "a plain roll, 1..6"),
        ],
        "two-to-five",
        "The die is one more admitted patient; admission re-rolls every patient until 2..5.",
    ),
    Ambiguity.of(
        "DH-CRISIS-COLOURS",
        "Who picks the colours of the crisis-start patients",
        "gap",
        [("Warianty", "weź po 5-ci pacjentów o wartościach 3, 3, 4, 5, 5 w dowolnym kolorze")],
        [
            ("choose", "the player picks any colours from the supply"),
            ("random", "five random dice, as the standard setup draws; the player sets the values"),
        ],
        "choose",
        "'W dowolnym kolorze' (in any colour) reads as the player's free choice.",
    ),
    Ambiguity.of(
        "DH-TIE-REMAINS",
        "A tie left after both tie-breakers",
        "gap",
        [
            (
                "Koniec gry",
                "Remisy roztrzyga mniej pozostałych pacjentów, potem wyższa suma oczek pozostałych na tych pacjentach.",
            )
        ],
        [
            ("shared", "the players still tied share the victory"),
            ("turn-order", "the earliest of them in the last round's turn order wins"),
        ],
        "shared",
        "The aid lists no third tie-breaker; a shared win adds no rule.",
    ),
    Ambiguity.of(
        "DH-FINAL-TOKENS",
        "The end-of-game point for blood bags and penalty for mortality tokens: per token or once",
        "gap",
        [
            (
                "Koniec gry",
                "każdy gracz otrzymuje dodatkowy punkt za pozostały żeton „worka z krwią”, traci dwa punkty za żetony śmiertelności",
            ),
            (
                "Przyjmowanie pacjentów",
                "a gracz dobiera żeton śmiertelności za każdego umiesczonego tam pacjenta",
            ),
        ],
        [
            ("per-token", "+1 for each blood bag left, -2 for each mortality token"),
            (
                "once",
                "+1 once for holding any blood bag, -2 once for holding any mortality token",
            ),
            (
                "bag-once",
                "as the numbers read: one point for a remaining bag (singular 'żeton'), two points for each of the mortality tokens (plural 'żetony')",
            ),
        ],
        "per-token",
        "The aid says neither 'each' nor 'in total'; tokens are handed out one per patient ('za każdego') so that they can be counted, and 'punkt za żeton' is the usual way to say a point per token.",
    ),
    Ambiguity.of(
        "DH-ARRIVAL-NEGLECT",
        "Are patients admitted this round neglected at its end",
        "terminology",
        [
            (
                "Przyjmowanie pacjentów",
                "umieszcza zawarte w nim kostki na dole swojej planszy",
            ),
            (
                "Aktywacja szpitala",
                "Każdy pacjent, który został leczony przynajmniej raz, przesuwany jest w dół, żeby oznaczyć ten fakt w danej rundzie.",
            ),
            (
                "Zaniedbani pacjenci",
                "Każdy gracz obniża wartość zdrowia o 1 na każdej kostce, która nie była leczona w tej rundzie.",
            ),
        ],
        [
            (
                "neglected",
                "arriving is not treatment: a new patient not treated this round loses health at its end like any other",
            ),
            (
                "arrivals-exempt",
                "new patients arrive 'na dole', where treated patients are moved to: they count as treated in the round they arrive (the ambulance's dice and the epidemic die)",
            ),
        ],
        "neglected",
        "Neglect hits every die 'która nie była leczona w tej rundzie' and the mark is defined by treatment ('został leczony'); 'na dole' names where arrivals are put, not that they were treated.",
    ),
    Ambiguity.of(
        "DH-PLACEMENT-OPTIONAL",
        "Must a player use every meeple that can still be placed",
        "gap",
        [
            (
                "Aktywacja szpitala",
                "przesuwając meeple (pielęgniarek lub specjalistów) do wybranych oddziałów na swojej planszy szpitala",
            ),
            (
                "Gamehelpdicehospital",
                "w każdej rundzie umieszcza pielęgniarki (białe meeple) i specjalistów (kolorowe meeple) w oddziałach",
            ),
        ],
        [
            ("optional", "a player may end the activation with meeples or wards unused"),
            (
                "every-meeple",
                "a player places meeples while any meeple fits a free ward: the activation ends only when none can be placed",
            ),
        ],
        "optional",
        "The wards are 'wybrane' (chosen) and no sentence of the activation says 'musi' except for an exact group; keeping a patient at 6 untreated is a real choice the aid does not forbid.",
    ),
    Ambiguity.of(
        "DH-AMBULANCE-FILL",
        "How the sorted dice go into the ambulances: each ambulance filled in turn, or dealt one at a time",
        "gap",
        [
            (
                "Przyjmowanie pacjentów",
                "a następnie umieszczane są w ambulansach od najmniejszej do największej wartości, od pierwszej do n-tego ambulansu",
            ),
        ],
        [
            (
                "lowest-first",
                "the lowest dice fill ambulance 1, the next ones ambulance 2, and so on (values never fall from one ambulance to the next)",
            ),
            (
                "dealt",
                "the dice are dealt lowest first, one at a time, to ambulance 1, 2, ..., n and round again (ambulance 1 holds the 1st, (n+1)-th, ... lowest die)",
            ),
        ],
        "lowest-first",
        "'Od najmniejszej do największej wartości' with 'od pierwszej do n-tego ambulansu' reads most simply as ambulances in value order; it is also the only reading under which 'ambulans o najniższej wartości' is the lowest in every die.",
    ),
    Ambiguity.of(
        "DH-LAST-PLAYER",
        "Who is the 'last player' who places tied dice",
        "terminology",
        [
            (
                "Przyjmowanie pacjentów",
                "Jeśli występują remisy wartości na kostkach, ostatni gracz decyduje gdzie trafią kostki poszczególnych kolorów.",
            ),
            ("Przed grą", "Zacznając od Pierwszego Gracza"),
        ],
        [
            (
                "last-this-round",
                "the last in this round's turn order (the seat before this round's first player)",
            ),
            (
                "last-seat",
                "the last seat counted from the game's starting first player, the same player every round",
            ),
        ],
        "last-this-round",
        "The first player changes every round and the ambulances are picked 'po kolei' from them, so 'ostatni gracz' is the last of that order: the one who picks from what is left.",
    ),
    Ambiguity.of(
        "DH-NURSE-MOVES",
        "May a nurse be moved more than once a round",
        "gap",
        [
            (
                "Aktywacja szpitala",
                "przesuwając meeple (pielęgniarek lub specjalistów) do wybranych oddziałów na swojej planszy szpitala",
            ),
            (
                "Aktywacja szpitala",
                "Zauważ, że każdy specjalista i oddział może być użyty tylko raz w rundzie.",
            ),
            ("Zmiana personelu", "wszyskie meeple wracają na startowe pozycje"),
        ],
        [
            (
                "once",
                "a nurse moved into a ward stays there until the staff change: each nurse treats once a round",
            ),
            (
                "again",
                "a nurse may be moved on into another unused ward: while a player has a nurse, it is never used up (specialists and wards still once a round)",
            ),
        ],
        "once",
        "The once-a-round sentence names specialists and wards, not nurses, and 'przesuwając meeple' does not say how often one meeple moves, so a nurse moved on from ward to ward is a fair reading; but the staff change is where 'all meeples return to their starting positions', which reads as meeples staying in their wards until then, and the publisher's nurse count would limit nothing if a nurse could move on, so a nurse moved into a ward stays there (each nurse treats once a round).",
    ),
    Ambiguity.of(
        "DH-GROUP-SIX",
        "May a patient at health 6 be one of a group ward's group",
        "gap",
        [
            (
                "Aktywacja szpitala",
                "Jeśli oddział potrzebuje grupy pacjentów, wtedy musi zebrać się dokładnie taka grupa pacjentów, żeby można było użyć tego oddziału.",
            ),
            (
                "Aktywacja szpitala",
                "Każdy pacjent ze zdrowiem 6, który miałby zostać leczony, jest zamiast tego przenoszony do „poczekalni do wypisu”",
            ),
        ],
        [
            (
                "counts",
                "a patient at 6 may be one of the group: it counts toward the exact group and is discharged, the others are healed",
            ),
            (
                "excluded",
                "a group is made of patients below 6 only: a patient at 6 is discharged by a one-patient ward, a specialist or a blood bag, never as one of a group",
            ),
        ],
        "counts",
        "The 6-rule says a patient at 6 can be picked for treatment ('który miałby zostać leczony') and names no kind of ward, so a group member at 6 is treated like any other and leaves for the lounge; yet it is 'instead' moved rather than treated, and a group must be 'dokładnie taka grupa' to use the ward, so a reader may well hold that a patient who is not healed does not make up the group. The default keeps the one rule for every treatment that the 6-sentence states.",
    ),
    Ambiguity.of(
        "DH-NEW-TILE",
        "Is a ward or specialist taken in the expansion usable in the same round's activation",
        "gap",
        [
            (
                "Rozubudowa szpitala",
                "Każdy z graczy, w kolejności wybranej karteki (od najmniejszej do największej wartości), wybiera jeden z oddziałów lub specjalistów i dołącza do swojego szpitala.",
            ),
            (
                "Aktywacja szpitala",
                "Zauważ, że każdy specjalista i oddział może być użyty tylko raz w rundzie.",
            ),
        ],
        [
            (
                "this-round",
                "a tile taken in the expansion is one of the hospital's at once: usable in this round's activation",
            ),
            (
                "next-round",
                "a tile taken in the expansion is usable only from the next round's activation (taken in round 8, never)",
            ),
        ],
        "this-round",
        "The expansion comes before the activation in the aid's round, and 'dołącza do swojego szpitala' makes the tile part of the hospital with no waiting time named, so the activation that follows can use it; but the sentence only says the tile is added, not that it is ready at once, so a reader may hold that it joins for the rounds to come. The default adds no waiting rule the aid does not state.",
    ),
    Ambiguity.of(
        "DH-UNTAKEN-DICE",
        "What happens to the dice of an ambulance nobody took",
        "gap",
        [
            (
                "Zmiana personelu",
                "ambulansy są oddawane i losowani są nowi pacjenci",
            ),
            (
                "Przyjmowanie pacjentów",
                "a następnie umieszczane są w ambulansach od najmniejszej do największej wartości, od pierwszej do n-tego ambulansu",
            ),
        ],
        [
            (
                "to-bag",
                "the dice of an untaken ambulance go back to the bag with it",
            ),
            (
                "stay",
                "they stay out of the bag with their values and go into the next round's ambulances with the new dice, which the bag gives only for the rest",
            ),
        ],
        "to-bag",
        "'Ambulansy są oddawane i losowani są nowi pacjenci' hands the ambulances back and draws new patients for them, which reads most simply as the old dice going back with them; but the sentence is about the ambulance tiles and says nothing of the dice on one nobody took, so a reader may leave those patients waiting to arrive next round. The default keeps every round's patients fresh from the bag, as the draw describes.",
    ),
    Ambiguity.of(
        "DH-LOUNGE",
        "Are the dice in the discharge lounge still in the hospital",
        "gap",
        [
            (
                "Aktywacja szpitala",
                "Każdy pacjent ze zdrowiem 6, który miałby zostać leczony, jest zamiast tego przenoszony do „poczekalni do wypisu” (discharge lounge) i zostaną za niego podliczone punkty na koniec rundy.",
            ),
            ("Wypisani pacjenci", "Dodatkowe 5 punktów jeśli szpital pozostał pusty."),
            ("Zmiana personelu", "wypisani pacjenci są zwracani do zasobów"),
        ],
        [
            (
                "out",
                "lounge dice have left the hospital: a hospital with no patient on its board is left empty, whatever the lounge holds",
            ),
            (
                "in-hospital",
                "lounge dice are in the hospital until the staff change returns them: it is left empty only with the lounge empty too (so never in a round with a discharge)",
            ),
        ],
        "out",
        "A discharged patient is moved out of treatment to be scored, and the empty-hospital bonus sits among the discharge scores, which reads as rewarding a hospital emptied by discharges: so the lounge is outside. Yet the aid only says the dice are 'przenoszony do poczekalni do wypisu' and go back to the supply at the staff change; it never says the lounge is outside the hospital, so a reader may count its dice as still in the hospital when asking whether it 'pozostał pusty'. (Neglect is the same under both: lounge dice were treated.)",
    ),
]

REGISTRY = AmbiguityRegistry(ENTRIES)
