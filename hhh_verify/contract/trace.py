"""Traces: a replayable JSON record of one path through a model.

A trace names the game, the full config, the interpretation (every choice that differs
from the defaults), the seed that produced it (if any), and the steps. Each step is the
action taken and which chance outcome happened, with a short digest of the resulting
state so that replay notices a model that has drifted. The outcome is kept one of two
ways:

* the index of the outcome in ``step``'s distribution (``outcome``), or
* for a model that samples (``sample_step``), the random choices that drew it
  (``meta["samples"][i]``, see :mod:`hhh_verify.contract.sampled`; ``outcome`` is then 0). No
  enumeration is needed to write or replay such a step: replay draws the successor again
  and asks the model's point probability (:func:`hhh_verify.contract.model.outcome_probability`)
  for its exact probability, which also proves it is an outcome of ``step``.

``replay`` re-runs a trace step by step and stops with a clear message at the first step
that is illegal, out of range or leads somewhere else than recorded.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from hhh_verify.contract import json_input
from hhh_verify.contract.configs import config_to_json
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.model import Model, outcome_probability, sampler
from hhh_verify.contract.outcomes import Outcome, state_digest
from hhh_verify.contract.outputs import write_atomic
from hhh_verify.contract.sampled import ScriptedRandom, step_samples

FORMAT = "hhh-verify-trace/1"


@dataclass(frozen=True)
class TraceStep:
    """One step: the action, which outcome of its distribution happened, the digest after."""

    action: dict[str, Any]
    outcome: int
    state: str
    note: str = ""


@dataclass
class Trace:
    """A recorded path. ``interpretation`` holds only non-default choices."""

    game: str
    config: dict[str, Any]
    interpretation: dict[str, str]
    steps: list[TraceStep] = field(default_factory=list)
    seed: int | None = None
    meta: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "config": self.config,
            "interpretation": self.interpretation,
            "seed": self.seed,
            "meta": self.meta,
            "steps": [
                {"action": s.action, "outcome": s.outcome, "state": s.state}
                | ({"note": s.note} if s.note else {})
                for s in self.steps
            ],
        }

    @classmethod
    def from_json(cls, d: Any) -> Trace:
        """Read a trace written by :meth:`to_json`; a field of the wrong kind, an unknown
        field (a misspelt ``interpretation`` would silently replay the defaults) or a
        step whose ``outcome`` contradicts its recorded samples is a :class:`ModelError`.
        What the game decides (config, readings, steps) is checked by
        :func:`hhh_verify.contract.registry.model_for_trace` and :func:`replay`."""
        if not isinstance(d, Mapping):
            raise ModelError("trace must be a JSON object")
        if "decisions" in d and "format" not in d:
            raise ModelError(
                "this is a decisions file, not a trace; accepted: a trace, as hunt, check "
                "--trace-dir or simulate --trace-out write it (to apply decisions, give "
                "the file to any command with --decisions)"
            )
        if "format" not in d:
            raise ModelError(
                f'this file has no "format" field; accepted: a trace as hhh-verify writes '
                f"it (format {FORMAT})"
            )
        if d.get("format") != FORMAT:
            raise ModelError(f"trace format must be {FORMAT!r}, got {d.get('format')!r}")
        _known_fields("trace", d, FIELDS)
        for key in ("game", "config", "steps"):
            if key not in d:
                raise ModelError(f"trace is missing {key!r}")
        if not isinstance(d["game"], str):
            raise ModelError(f"trace 'game' must be a game id (text), got {d['game']!r}")
        if not isinstance(d["config"], Mapping):
            raise ModelError("trace 'config' must be an object of config values")
        if not isinstance(d["steps"], list):
            raise ModelError("trace 'steps' must be a list")
        interp = d.get("interpretation") or {}
        if not isinstance(interp, Mapping) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in interp.items()
        ):
            raise ModelError("trace 'interpretation' must be an object of ID: OPTION (text)")
        seed = d.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
            raise ModelError(
                f"trace 'seed' must be a whole number, 0 or more, or null, got {seed!r}"
            )
        meta = d.get("meta") or {}
        if not isinstance(meta, Mapping):
            raise ModelError("trace 'meta' must be an object")
        steps = [_step(i, s) for i, s in enumerate(d["steps"])]
        samples = step_samples(dict(meta), len(steps))
        for i, (st, drawn) in enumerate(zip(steps, samples)):
            if drawn is not None and any(x < 0 for x in drawn):
                raise ModelError(
                    f"trace meta 'samples'[{i}] holds a negative choice {min(drawn)}; "
                    "accepted: choices 0 or more (each indexes what the sampler drew from)"
                )
            if drawn is not None and st.outcome != 0:
                raise ModelError(
                    f"trace step {i}: 'outcome' is {st.outcome} but the step is kept by its "
                    f"recorded samples (meta 'samples'[{i}]), whose outcome is 0; accepted: "
                    "outcome 0 with samples, or samples[i] null with the outcome index"
                )
        return cls(d["game"], dict(d["config"]), dict(interp), steps, seed, dict(meta))


#: The fields a trace file holds (:meth:`Trace.to_json`), and those of each step.
FIELDS = ("format", "game", "config", "interpretation", "seed", "meta", "steps")
STEP_FIELDS = ("action", "outcome", "state", "note")


def _known_fields(what: str, d: Mapping[str, Any], accepted: tuple[str, ...]) -> None:
    unknown = sorted(set(d) - set(accepted))
    if unknown:
        raise ModelError(f"{what} has unknown field(s) {unknown}; accepted: {', '.join(accepted)}")


def _step(i: int, s: Any) -> TraceStep:
    """One step of a trace file, each field of its kind."""
    if not isinstance(s, Mapping) or "action" not in s or "outcome" not in s:
        raise ModelError(f"trace step {i} must have 'action' and 'outcome'")
    _known_fields(f"trace step {i}", s, STEP_FIELDS)
    if not isinstance(s["outcome"], int) or isinstance(s["outcome"], bool) or s["outcome"] < 0:
        raise ModelError(
            f"trace step {i}: 'outcome' must be an integer, 0 or more, got {s['outcome']!r}"
        )
    for key in ("state", "note"):
        if not isinstance(s.get(key, ""), str):
            raise ModelError(f"trace step {i}: {key!r} must be text, got {s[key]!r}")
    return TraceStep(s["action"], s["outcome"], s.get("state", ""), s.get("note", ""))


def new_trace(model: Model, registry: Any = None, seed: int | None = None, **meta: Any) -> Trace:
    """An empty trace for ``model`` (``registry``: its game's AmbiguityRegistry, or None
    to use the defaults its interpretation records)."""
    return Trace(
        game=model.game,
        config=config_to_json(model.config),
        interpretation=model.readings.non_default(registry),
        seed=seed,
        meta=dict(meta),
    )


def record(
    trace: Trace, model: Model, state: Any, action: Any, outcome: int, after: Any, note: str = ""
) -> None:
    """Append one step (``after`` is the successor that ``outcome`` selected)."""
    trace.steps.append(TraceStep(model.action_to_json(action), outcome, state_digest(after), note))
    samples = trace.meta.get("samples")
    if isinstance(samples, list):
        samples.append(None)


def record_sampled(
    trace: Trace, model: Model, action: Any, samples: list[int], after: Any, note: str = ""
) -> None:
    """Append one step drawn by ``model.sample_step`` with the random choices ``samples``
    (a :class:`~hhh_verify.contract.sampled.RecordingRandom`'s ``values``)."""
    per_step = trace.meta.setdefault("samples", [])
    per_step.extend([None] * (len(trace.steps) - len(per_step)))
    trace.steps.append(TraceStep(model.action_to_json(action), 0, state_digest(after), note))
    per_step.append(list(samples))


def load(path: str) -> Trace:
    """Read a trace file; any problem is a :class:`ModelError` with one clear line."""
    try:
        with open(path, encoding="utf-8") as fh:
            data = json_input.loads(fh.read(json_input.MAX_BYTES + 1), f"trace file {path}")
    except FileNotFoundError:
        raise ModelError(f"trace file not found: {path}") from None
    except json.JSONDecodeError as e:
        raise ModelError(
            f"trace file {path} is not valid JSON: {e.msg} at line {e.lineno}"
        ) from None
    except UnicodeDecodeError as e:
        raise ModelError(
            f"trace file {path} is not UTF-8 text (byte 0x{e.object[e.start]:02x} at offset "
            f"{e.start}); accepted: a JSON trace as hhh-verify writes it"
        ) from None
    except OSError as e:
        raise ModelError(f"cannot read trace file {path}: {e.strerror}") from None
    if not isinstance(data, dict):
        raise ModelError(
            f"trace file {path} holds a JSON {type(data).__name__}; accepted: a trace object"
        )
    return Trace.from_json(data)


def save(trace: Trace, path: str) -> None:
    write_atomic(path, json.dumps(trace.to_json(), indent=1) + "\n")


@dataclass
class ReplayResult:
    """What a replay did: how many steps ran, where it stopped and why, the end state."""

    ok: bool
    steps_run: int
    error: str
    final_state: Any
    outcome: Outcome | None
    lines: list[str]


def replay(
    trace: Trace,
    model: Model,
    describe: bool = True,
    on_step: Callable[[int, Any, Any, Fraction, Any], None] | None = None,
) -> ReplayResult:
    """Re-run ``trace`` on ``model`` exactly; stop at the first step that does not match.

    (:func:`hhh_verify.contract.registry.model_for_trace` builds the model a trace names.)
    A step kept by its outcome index takes that outcome of ``step``; a sampled step draws
    again with the recorded choices and takes the model's point probability of the
    successor (never 0: the sampler and ``step`` must agree). ``on_step(i, state,
    action, probability, next_state)`` sees every step that matched (a step-through page
    draws each position from it).
    """
    samples = step_samples(trace.meta, len(trace.steps))
    s = model.initial_state()
    lines: list[str] = []

    def fail(i: int, why: str, outcome: Outcome | None = None) -> ReplayResult:
        return ReplayResult(False, i, f"step {i}: {why}", s, outcome, lines)

    for i, st in enumerate(trace.steps):
        if model.outcome(s) is not None:
            return fail(i, "the game is already over", model.outcome(s))
        try:
            action = model.action_from_json(st.action)
        except ModelError as e:
            return fail(i, str(e))
        legal = model.legal_actions(s)
        if action not in legal:
            return fail(i, f"action {st.action} is not legal here")
        if samples[i] is None:
            dist = model.step(s, action)
            if not 0 <= st.outcome < len(dist):
                return fail(i, f"outcome {st.outcome} out of range (0..{len(dist) - 1})")
            nxt, p = dist[st.outcome]
            chance = len(dist) > 1
        else:
            draw = sampler(model)
            if draw is None:
                return fail(i, f"the {model.game} model cannot replay sampled steps")
            rng = ScriptedRandom(samples[i])  # type: ignore[arg-type]
            try:
                nxt = draw(s, action, rng)
            except ModelError as e:
                return fail(i, str(e))
            if rng.unused:
                return fail(i, f"{rng.unused} recorded sample(s) left unused (model changed?)")
            p = outcome_probability(model, s, action, nxt)
            if p <= 0:
                return fail(i, "the sampled successor is not an outcome of step (sampler bug?)")
            chance = p != 1
        if describe:
            lines.append(
                f"{i:4d}. {model.describe_action(s, action)}" + (f"  [p={p}]" if chance else "")
            )
        if st.state and state_digest(nxt) != st.state:
            return fail(i, "reached a different state than recorded (model changed?)")
        if on_step is not None:
            on_step(i, s, action, p, nxt)
        s = nxt
    return ReplayResult(True, len(trace.steps), "", s, model.outcome(s), lines)
