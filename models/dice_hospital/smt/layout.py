"""The integer fields of a symbolic Dice Hospital state, and the projection of a
concrete state onto them.

The encoding covers games with one dice colour and two players (``scope_error`` says
why a model is outside). With one colour a die is its value and a patient its
``(health, treated)``, so a hospital is 12 counts ``n{h}{t}``; an ambulance, the dice
arriving at a hospital and the patients a ward just treated are counts per value. Every
other field is the state's own integer or a count per ward / specialist /
administrator kind.
"""

from __future__ import annotations

from hhh_verify.contract.errors import ModelError

from ..rules.components import ADMINISTRATORS, SPECIALISTS, WARDS
from ..rules.model import DHModel
from ..rules.state import DHState
from . import ENCODED

HEALTHS = range(1, 7)
VALUES = range(2, 6)  # an admitted die (no epidemic in scope)
CELLS = tuple((h, t) for h in HEALTHS for t in (0, 1))  # sorted like the model's patients
W, S, K = len(WARDS), len(SPECIALISTS), len(ADMINISTRATORS)

#: The readings the encoding covers are declared in ``ENCODED`` (this package): DH-SOLO,
#: -RECOLOUR, -EPIDEMIC-ROLL, -CRISIS-COLOURS and -OVER-12 never matter in scope;
#: -TIE-REMAINS only names winners; DH-EMPTY-HOSPITAL=all-discharged reads the round's
#: evictions, which the encoding does not keep; DH-UNTAKEN-DICE=stay's kept dice wait
#: between rounds.


def scope_error(model: DHModel) -> str:
    """Why ``model`` is outside the encoding ("" when inside)."""
    c = model.config
    if c.colours != 1:
        return f"colours={c.colours} (the encoding has one dice colour)"
    if c.players != 2:
        return f"players={c.players} (the encoding seats two)"
    if c.variant_epidemic or c.variant_crisis:
        return "the epidemic and crisis variants are outside the encoding"
    missing = ENCODED.missing(model.readings)
    if missing:
        return f"{', '.join(missing)} outside the encoding"
    return ""


def check_scope(model: DHModel) -> None:
    err = scope_error(model)
    if err:
        raise ModelError(
            f"the Dice Hospital z3 encoding covers one colour, two players, no epidemic or "
            f"crisis start, DH-AMBULANCE-VALUE=number, DH-PLACEMENT-OPTIONAL=optional, "
            f"DH-AMBULANCE-FILL=lowest-first, DH-UNTAKEN-DICE=to-bag and no "
            f"DH-EMPTY-HOSPITAL=all-discharged; "
            f"this model has {err}"
        )


def field_names(ambulances: int) -> tuple[str, ...]:
    g = ["phase", "round", "cursor", "first", "next_first", "order0", "order1"]
    g += ["supply", "drawn", "taken0", "taken1", "eff_kind"]
    g += [f"amb{j}.v{v}" for j in range(ambulances) for v in VALUES]
    g += [f"in.v{v}" for v in VALUES]
    g += [f"eff.h{h}" for h in HEALTHS]
    for name, n in (
        ("ward_deck", W),
        ("spec_deck", S),
        ("ward_market", W),
        ("spec_market", S),
        ("ward_gone", W),
        ("spec_gone", S),
        ("admin_deck", K),
        ("admin_hand", K),
        ("admin_box", K),
    ):
        g += [f"{name}{k}" for k in range(n)]
    for p in range(2):
        g += [f"p{p}.n{h}{t}" for h, t in CELLS]
        g += [f"p{p}.{x}" for x in ("lounge", "mortuary", "mortality", "blood", "points", "admin")]
        g += [f"p{p}.nurses_used"]
        g += [f"p{p}.wards{k}" for k in range(W)] + [f"p{p}.used_wards{k}" for k in range(W)]
        g += [f"p{p}.specs{k}" for k in range(S)] + [f"p{p}.used_specs{k}" for k in range(S)]
    return tuple(g)


def project(s: DHState, ambulances: int) -> dict[str, int]:
    """The concrete state ``s`` as field values (one colour, two players)."""
    if s.rolled:
        raise ModelError("rolled dice wait for a placement: never with one colour")
    d: dict[str, int] = {
        "phase": s.phase,
        "round": s.round,
        "cursor": s.cursor,
        "first": s.first,
        "next_first": s.next_first,
        "order0": s.order[0],
        "order1": s.order[1],
        "supply": s.supply[0],
        "drawn": s.drawn[0],
        "taken0": s.taken[0],
        "taken1": s.taken[1],
        "eff_kind": s.effect[0] if s.effect is not None else -1,
    }
    for j in range(ambulances):
        amb = s.ambulances[j] if j < len(s.ambulances) else ()
        for v in VALUES:
            d[f"amb{j}.v{v}"] = sum(1 for _, x in amb if x == v)
    for v in VALUES:
        d[f"in.v{v}"] = sum(1 for _, x in s.incoming if x == v)
    just = s.effect[1] if s.effect is not None else ()
    for health in HEALTHS:
        d[f"eff.h{health}"] = sum(1 for p in just if p[1] == health)
    for name, values in (
        ("ward_deck", s.ward_deck),
        ("spec_deck", s.specialist_deck),
        ("ward_market", s.ward_market),
        ("spec_market", s.specialist_market),
        ("ward_gone", s.ward_gone),
        ("spec_gone", s.specialist_gone),
        ("admin_deck", s.admin_deck),
        ("admin_hand", s.admin_hand),
        ("admin_box", s.admin_box),
    ):
        for k, n in enumerate(values):
            d[f"{name}{k}"] = n
    for p, h in enumerate(s.hospitals):
        for hh, t in CELLS:
            d[f"p{p}.n{hh}{t}"] = sum(1 for x in h.patients if x[1] == hh and x[2] == t)
        d[f"p{p}.lounge"] = h.lounge[0]
        d[f"p{p}.mortuary"] = h.mortuary[0]
        d[f"p{p}.mortality"] = h.mortality
        d[f"p{p}.blood"] = h.blood
        d[f"p{p}.points"] = h.points
        d[f"p{p}.admin"] = h.admin
        d[f"p{p}.nurses_used"] = h.nurses_used
        for k in range(W):
            d[f"p{p}.wards{k}"] = h.wards[k]
            d[f"p{p}.used_wards{k}"] = h.used_wards[k]
        for k in range(S):
            d[f"p{p}.specs{k}"] = h.specialists[k]
            d[f"p{p}.used_specs{k}"] = h.used_specialists[k]
    return d
