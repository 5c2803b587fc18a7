"""Each compiled function of the Dice Hospital kernel (``kernel/``) and the reference
function it mirrors, or why it mirrors none (``hhh_verify.kernel.map``;
``tests/test_kernel_map.py`` keeps it complete). Stands in ``kernel/``: the kernel's compiled cache is stamped with every file of that folder, this table included."""

from hhh_verify.kernel.map import KernelMap

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
        "chance.draw": "rules.dice:hypergeometric",
        "chance.roll": "rules.dice:multiset_roll",
        "graph_checks.leaf_weight": "kernel.weights:leaf_weight",
        "legal.activation": "rules.model:DHModel._activation",
        "legal.legal": "rules.model:DHModel._legal",
        "options.arrangements": "rules.admission:arrangements",
        "options.effect_targets": "rules.activation:effect_targets",
        "options.evictions": "rules.admission:eviction_options",
        "options.health_options": "rules.setup:health_options",
        "options.shown": "rules.board:shown",
        "options.ward_groups": "rules.activation:ward_targets",
        "play.choose_action": "play.policies:mixed_policy",
        "play.greedy_best": "play.policies:greedy_policy",
        "play.greedy_score": "play.policies:greedy_score",
        "play.patient_value": "play.policies:_patient_value",
        "play.winners_mask": "rules.end_round:winners",
        "rules.activate": "rules.activation:activate",
        "rules.admit": "rules.admission:admit",
        "rules.after_picks": "rules.expansion:after_picks",
        "rules.amb_key": "rules.turns:ambulance_key",
        "rules.apply": "rules.model:DHModel._apply",
        "rules.chance_step": "rules.model:DHModel._chance",
        "rules.close_hospital": "rules.end_round:close_hospital",
        "rules.current_player": "rules.model:DHModel.current_player",
        "rules.discharge_points": "rules.scoring:discharge_points",
        "rules.end_of_round": "rules.end_round:end_of_round",
        "rules.evict": "rules.admission:evict",
        "rules.extra_possible": "rules.expansion:extra_options",
        "rules.finish": "rules.activation:finish",
        "rules.forced": "rules.setup:forced",
        "rules.give_patients": "rules.setup:set_patients",
        "rules.heal": "rules.activation:heal",
        "rules.keep_admin": "rules.setup:keep_admin",
        "rules.next_draft": "rules.expansion:next_draft",
        "rules.next_pick": "rules.admission:next_pick",
        "rules.place": "rules.admission:place",
        "rules.placed": "rules.admission:placed",
        "rules.set_patients": "rules.setup:set_patients",
        "rules.specialist_heal": "rules.activation:specialist_heal",
        "rules.start_activation": "rules.expansion:start_activation",
        "rules.take": "rules.admission:take",
    },
    kernel_only={
        "rules.kept_dice": _ARRAY,
        "batch._finish": _DRIVER,
        "batch._settle": _DRIVER,
        "batch.game_seed": _DRIVER,
        "batch.reset_batch": _DRIVER,
        "batch.step_batch": _DRIVER,
        "leaf.run_leaf": _ODOMETER,
        "leaf.sample_leaf": _DRIVER,
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
        "graph_checks._comb": "a binomial coefficient in float64 for the event weights",
        "expand.expand_rows": _DRIVER,
        "graph_checks.end_status": "labels a finished state for the explorer (the reference reads its outcome)",
        "graph_checks.model_order": _ROWS,
        "graph_checks.state_bits": "the explorer's compiled checks: none for this game (always 0)",
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
