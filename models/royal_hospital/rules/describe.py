"""Readable text for Royal Hospital states and actions (traces, hunt output, reports)."""

from __future__ import annotations

from typing import Any

from . import actions
from .cards import PRIORITY_NAMES
from .context import Ctx
from .effects import RESOURCE_NAMES
from .effects import describe as describe_effect
from .state import PHASE_NAMES, T_EFFECT, TASK_NAMES, RHState
from .tracks import COMPANY_NAMES, DOCTOR_SPOTS, TRACK_NAMES


def patient_text(ctx: Ctx, pt: Any) -> str:
    card, diagnosed, tokens = pt[0], pt[1], pt[2]
    paid = pt[3] if len(pt) > 3 else 0
    if card >= 0:
        c = ctx.patients[card]
        what = f"{PRIORITY_NAMES[c.priority]} {c.name!r}"
    else:
        what = f"hidden patient (diagnostic difficulty {ctx.class_diag[-card - 1]})"
    state = "diagnosed" if diagnosed else "undiagnosed"
    extra = f", {paid} paid" if paid else ""
    return f"{what}, {state}, {tokens} time token{'s' if tokens != 1 else ''}{extra}"


def describe_action(ctx: Ctx, s: RHState, a: Any) -> str:
    name = type(a).__name__
    if isinstance(a, actions.Draw):
        head = s.queue[0] if s.queue else None
        what = TASK_NAMES[head.kind] if head else "?"
        return f"Draw ({what}{f', P{head.player}' if head else ''})"
    if isinstance(a, actions.Keep):
        return f"Keep {ctx.medical[a.card].name}"
    if isinstance(a, actions.Reject):
        return f"Reject the {patient_text(ctx, a.patient)}"
    if isinstance(a, actions.PlayCard):
        return f"Play {ctx.medical[a.card].name}"
    if isinstance(a, actions.Activate):
        return f"Activate {ctx.medical[a.card].name}"
    if isinstance(a, actions.SellCard):
        return f"Discard {ctx.medical[a.card].name} for credits"
    if isinstance(a, actions.SellResearch):
        return "Discard 1 research for credits"
    if isinstance(a, actions.Choose):
        head = s.queue[0]
        assert head.kind == T_EFFECT and head.effect is not None
        return f"Choose {describe_effect(head.effect.alts[a.option])}"
    if isinstance(a, actions.ChooseDoctor):
        track, space = DOCTOR_SPOTS[a.spot]
        return f"Take the congress doctor on space {space} of the {TRACK_NAMES[track]} track"
    if isinstance(a, actions.ChooseInsurance):
        return f"Advance on the {COMPANY_NAMES[a.company]} insurance track"
    if isinstance(a, actions.HelicopterDiscard):
        return f"Helicopter: discard the {patient_text(ctx, a.patient)}"
    if isinstance(a, actions.HelicopterDiscardTerminal):
        return f"Helicopter: discard the terminal patient {ctx.patients[a.terminal[0]].name}"
    if isinstance(a, actions.HelicopterDraw):
        return "Helicopter: all players draw a patient"
    if isinstance(a, actions.HelicopterDone):
        return "Helicopter: no (further) option"
    if isinstance(a, actions.Diagnose):
        return f"Diagnose the {patient_text(ctx, a.patient)}"
    if isinstance(a, actions.Heal):
        return f"Heal the {patient_text(ctx, a.patient)}"
    if isinstance(a, actions.Assign):
        return f"Put a resource on the {patient_text(ctx, a.patient)}"
    if isinstance(a, actions.TreatTerminal):
        return f"Treat the terminal patient {ctx.patients[a.card].name!r}"
    if isinstance(a, actions.UseToken):
        return f"Pay 1 with a {RESOURCE_NAMES[a.kind]} token"
    return name


def describe_state(ctx: Ctx, s: RHState) -> str:
    lines = [
        f"round {s.round}, phase {PHASE_NAMES[s.phase]}, starting player P{s.first}, turn P{s.turn}",
        f"patient deck: {sum(s.shuffled)} unseen + {len(s.returned)} returned; "
        f"medical deck {sum(s.deck)}, discard {sum(s.discard)}",
    ]
    if s.queue:
        head = s.queue[0]
        what = TASK_NAMES[head.kind]
        if head.effect is not None:
            what += f" ({describe_effect(head.effect)})"
        lines.append(f"pending: {what} for P{head.player} (+{len(s.queue) - 1} more)")
    for p, ps in enumerate(s.players):
        hand = ", ".join(f"{n} {ctx.medical[t].name}" for t, n in enumerate(ps.hand) if n)
        played = ", ".join(f"{n} {ctx.medical[t].name}" for t, n in enumerate(ps.played) if n)
        lines.append(
            f"P{p}: {ps.credits} credits, {ps.vp} VP, prestige {ps.prestige}, quality {ps.qoc}, "
            f"ambulance {ps.ambulance}, insurance {list(ps.insurance)}, "
            f"production {list(ps.production)}, tokens {list(ps.tokens)}, healed {ps.healed}"
            + (", passed" if ps.passed else "")
        )
        lines.append(f"    hand: {hand or 'none'}; played: {played or 'none'}")
        for pt in ps.patients:
            lines.append(f"    patient: {patient_text(ctx, pt)}")
        for term in ps.terminals:
            treated = "treated" if term.treated else "untreated"
            lines.append(f"    terminal: {ctx.patients[term.card].name!r} ({treated})")
    if s.arrivals:
        lines.append("arriving: " + "; ".join(patient_text(ctx, pt) for pt in s.arrivals))
    return "\n".join(lines)
