"""Every reading of ``pig.rules.ambiguities`` as a constant: ``AMBIGUITY.OPTION``.

Generated from the registry by ``python -m hhh_verify.contract.readings`` (do not edit;
``tests/test_readings.py`` keeps it equal to the registry).
"""

from hhh_verify.contract.readings import Reading


class MID_TURN_WIN:
    """PIG-MID-TURN-WIN: Does reaching 30 in the middle of a turn end the game at once?"""

    ID = "PIG-MID-TURN-WIN"
    ON_HOLD = Reading(ID, "on-hold")
    AT_ONCE = Reading(ID, "at-once")
