"""HHH checks that remember their last answer (``properties/hhh.reads``) recompute when
any field they read, or the model, changes: a stale answer would hide a violation."""

from __future__ import annotations

from dataclasses import replace

from hhh_helpers import action_phase, model

from hhh_verify.models.hhh.properties.catalog import room_limit, staff_reveals
from hhh_verify.models.hhh.rules.config import CAT


def test_staff_reveals_sees_each_field_change() -> None:
    m = model("full")
    s = action_phase(m)
    assert staff_reveals(m, s) is None
    hired = list(s.staff_hired)
    hired[CAT] += 1
    cat = replace(s, staff_hired=tuple(hired))  # one more marker and a Cat hired
    assert staff_reveals(m, cat) is not None
    assert staff_reveals(m, s) is None  # back to the first state: no stale message
    for field in ("staff_hidden", "staff_open", "staff_passed"):
        assert staff_reveals(m, s) is None  # remembered, then one field changes
        more = list(getattr(s, field))
        more[0] += 1  # a marker out of nowhere
        assert "Staff type 0" in (staff_reveals(m, replace(s, **{field: tuple(more)})) or "")


def test_room_limit_recomputes_for_another_model() -> None:
    full, capped = model("full"), model("full", ("room_limit=2",))
    s = action_phase(full)
    rooms = list(s.rooms)
    extra = [k for k, r in enumerate(rooms) if not r][:3]
    for k in extra:
        rooms[k] = 1
    placed = replace(s, rooms=tuple(rooms), rooms_placed=s.rooms_placed + len(extra))
    assert room_limit(full, placed) is None
    assert room_limit(capped, placed) is not None  # same state, other model: recomputed
    assert room_limit(full, placed) is None
    assert room_limit(full, replace(placed, rooms_placed=placed.rooms_placed + 1)) is not None
