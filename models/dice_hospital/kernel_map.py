"""Each compiled function of the Dice Hospital kernel (``kernel/``) and the reference
function it mirrors, or why it mirrors none (``hhh_verify.kernel_map``;
``tests/test_kernel_map.py`` keeps it complete). Kept beside ``kernel/``, not in it: the
kernel's compiled cache is stamped with every file in that folder."""

from hhh_verify.kernel_map import KernelMap

#: Kernel-only parts, by what they do instead of a rule.
_ODOMETER = (
    "enumerates a step's chance outcomes leaf by leaf (the reference returns them as a list)"
)
_CODEC = "packs, hashes or stores flat states for the compiled explorer"
_ARRAY = "reads or edits slots of the flat state array (the reference builds new records)"
_PATIENT = "reads one field of a packed patient code (the reference's patients are tuples)"
_DRIVER = "drives whole games, batches or the explorer around the rules; no rule of its own"
_ROWS = "encodes or orders action rows (the reference sorts action records)"
_MULTISET = (
    "walks counted choices (compositions, tables) in place: the distinct results of the "
    "reference's itertools enumerations in the rules that call it"
)

TABLE = KernelMap(
    kernel="hhh_verify.models.dice_hospital.kernel",
    reference="hhh_verify.models.dice_hospital",
    mirrors={
        "chance.draw": "dice:hypergeometric",
        "chance.roll": "dice:multiset_roll",
        "graph.leaf_weight": "kernel.weights:leaf_weight",
        "legal.activation": "model:DHModel._activation",
        "legal.legal": "model:DHModel._legal",
        "options.arrangements": "admission:arrangements",
        "options.effect_targets": "activation:effect_targets",
        "options.evictions": "admission:eviction_options",
        "options.health_options": "setup:health_options",
        "options.shown": "board:shown",
        "options.ward_groups": "activation:ward_targets",
        "play.choose_action": "policies:mixed_policy",
        "play.greedy_best": "policies:greedy_policy",
        "play.greedy_score": "policies:greedy_score",
        "play.patient_value": "policies:_patient_value",
        "play.winners_mask": "end_round:winners",
        "rules.activate": "activation:activate",
        "rules.admit": "admission:admit",
        "rules.after_picks": "expansion:after_picks",
        "rules.amb_key": "turns:ambulance_key",
        "rules.apply": "model:DHModel._apply",
        "rules.chance_step": "model:DHModel._chance",
        "rules.close_hospital": "end_round:close_hospital",
        "rules.current_player": "model:DHModel.current_player",
        "rules.discharge_points": "scoring:discharge_points",
        "rules.end_of_round": "end_round:end_of_round",
        "rules.evict": "admission:evict",
        "rules.extra_possible": "expansion:extra_options",
        "rules.finish": "activation:finish",
        "rules.forced": "setup:forced",
        "rules.give_patients": "setup:set_patients",
        "rules.heal": "activation:heal",
        "rules.keep_admin": "setup:keep_admin",
        "rules.next_draft": "expansion:next_draft",
        "rules.next_pick": "admission:next_pick",
        "rules.place": "admission:place",
        "rules.placed": "admission:placed",
        "rules.set_patients": "setup:set_patients",
        "rules.specialist_heal": "activation:specialist_heal",
        "rules.start_activation": "expansion:start_activation",
        "rules.take": "admission:take",
    },
    kernel_only={
        "api._run_leaf": _ODOMETER,
        "api._sample": _DRIVER,
        "chance.advance": _ODOMETER,
        "chance.choose": _ODOMETER,
        "chance.new_chance": _ODOMETER,
        "borrow.held": _DRIVER,
        "explore.bfs": _DRIVER,
        "explore.bytes_hash": _CODEC,
        "explore.decode_slots": _CODEC,
        "explore.distinct": "counts the distinct successors of an action (the reference keeps a set)",
        "explore.encode_slots": _CODEC,
        "explore.find_slot": _CODEC,
        "explore.rehash": _CODEC,
        "graph._comb": "a binomial coefficient in float64 for the event weights",
        "graph.expand_rows": _DRIVER,
        "legal.put": _ROWS,
        "multiset.first_comp": _MULTISET,
        "multiset.first_table": _MULTISET,
        "multiset.next_comp": _MULTISET,
        "multiset.next_table": _MULTISET,
        "options.health": _PATIENT,
        "options.treated": _PATIENT,
        "options.kinds_of": (
            "lists the kinds in a hospital's patient counts (the reference's hospital "
            "holds a tuple of patients)"
        ),
        "order.row_key": _ROWS,
        "order.sort_rows": _ROWS,
        "parted._same": "compares two flat states (the reference compares records with ==)",
        "parted.play_until_parted": _DRIVER,
        "play.advance_game": _DRIVER,
        "play.is_chance": "tests membership of state.CHANCE_PHASES (a set, not a function)",
        "play.play_games": _DRIVER,
        "play.play_paired": _DRIVER,
        "play.record": _DRIVER,
        "rules.add_patient": _ARRAY,
        "rules.hosp": _ARRAY,
    },
)
