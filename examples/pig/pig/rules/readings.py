"""Every reading of ``pig.rules.ambiguities`` as an enum member: ``AMBIGUITY.OPTION``.

Generated from the registry by ``python -m hhh_verify.contract.readings`` (do not edit;
``tests/test_readings.py`` keeps it equal to the registry).
"""

from hhh_verify.contract.readings import Reading, ambiguity


@ambiguity("PIG-MID-TURN-WIN")
class MID_TURN_WIN(Reading):
    """PIG-MID-TURN-WIN: Does reaching 30 in the middle of a turn end the game at once?"""

    ON_HOLD = "on-hold"
    AT_ONCE = "at-once"
