"""What both adapters share: building the model and its declaration, parameter strings,
returns, sampling that can be recorded and replayed, and the path a game took.

Chance is resolved in one of three ways, all drawing from the model's one law:

* ``exact``: the whole distribution of ``step`` (Fractions, shown as floats);
* ``sampled``: one successor drawn by ``sample_step`` (or from ``step`` when a model
  has no sampler) with a random generator the caller owns;
* ``sample-average``: the empirical distribution of ``k`` such draws, made with a
  generator seeded by the state itself, so the same state always shows the same
  outcomes. It is the classical sample-average approximation: each listed outcome is
  a draw from the exact law, and tree search (OpenSpiel's MCTS) gets a fixed, small
  list of chance children where the exact list is too long to enumerate.
"""

from __future__ import annotations

import hashlib
import json
import random
from array import array
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from hhh_verify.contract.configs import config_to_json
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.model import CHANCE, Model, sample_successor, sampler
from hhh_verify.contract.outcomes import state_digest
from hhh_verify.contract.registry import get_game
from hhh_verify.contract.spec import GameSpec

#: Separators of the ``config`` and ``interpret`` parameter strings. OpenSpiel's game
#: strings reserve ``,``, ``=`` and parentheses, so ``key:value;key:value`` with ``/``
#: between the items of a list is used instead.
PAIR, ITEM, LIST = ";", ":", "/"


@dataclass(frozen=True)
class Setup:
    """One game, config and reading, with its model and adapter declaration."""

    spec: GameSpec
    model: Model
    space: Any
    preset: str
    overrides: tuple[str, ...]
    interpret: tuple[str, ...]


def declares(spec: GameSpec) -> bool:
    """Whether the game declares what the adapters need (``GameSpec.action_space``)."""
    return spec.action_space is not None


def declaration(spec: GameSpec, model: Model) -> Any:
    """The game's adapter declaration, or a clear error when it declares none."""
    make = spec.action_space
    if make is None:
        raise ModelError(
            f"game {spec.id!r} declares no action space (GameSpec.action_space); "
            "the OpenSpiel and PettingZoo adapters need one"
        )
    return make(model)


def setup(
    game_id: str, config: Any = None, interpret: Any = (), overrides: Sequence[str] = ()
) -> Setup:
    """Resolve a game id, a config (preset name, config object or ``None`` for the
    default preset), ``key=value`` overrides and ``ID=OPTION`` readings."""
    spec = get_game(game_id)
    if config is None or isinstance(config, str):
        preset = config or spec.default_preset
        extra = tuple(overrides)
    else:
        if not isinstance(config, spec.config_type):
            raise ModelError(
                f"config for {game_id} must be a preset name or a {spec.config_type.__name__}"
            )
        preset = spec.default_preset
        extra = diff_overrides(spec.presets[preset], config) + tuple(overrides)
    if isinstance(interpret, str):
        interpret = (interpret,)
    readings = tuple(interpret)
    model = spec.model(preset, extra, readings)
    return Setup(spec, model, declaration(spec, model), preset, extra, readings)


def diff_overrides(base: Any, config: Any) -> tuple[str, ...]:
    """``key=value`` overrides turning ``base`` into ``config`` (lists comma-joined)."""
    a, b = config_to_json(base), config_to_json(config)
    out = []
    for key, value in b.items():
        if value != a[key]:
            text = ",".join(str(v) for v in value) if isinstance(value, list) else str(value)
            out.append(f"{key}={text}")
    return tuple(out)


def to_param(items: Sequence[str]) -> str:
    """``["rounds=1", "rooms_in_deck=0,5"]`` as ``"rounds:1;rooms_in_deck:0/5"``."""
    parts = []
    for item in items:
        key, _, value = item.partition("=")
        for bad in ",=()" + PAIR + ITEM + LIST:
            if bad in key or bad in value.replace(",", ""):
                raise ModelError(f"cannot pass {item!r} as a game parameter (contains {bad!r})")
        parts.append(f"{key.strip()}{ITEM}{value.strip().replace(',', LIST)}")
    return PAIR.join(parts)


def from_param(text: str) -> tuple[str, ...]:
    """The inverse of :func:`to_param`."""
    out = []
    for part in filter(None, (p.strip() for p in text.split(PAIR))):
        key, sep, value = part.partition(ITEM)
        if not sep:
            raise ModelError(f"bad parameter item {part!r}; expected key{ITEM}value")
        out.append(f"{key}={value.replace(LIST, ',')}")
    return tuple(out)


def check_action_count(space: Any, limit: int, framework: str, why: str) -> None:
    """Refuse a config whose action list a framework cannot number (a clear error
    instead of an overflow or an out-of-memory when a computed action list is
    combinatorially long)."""
    n = len(space.actions)
    if n > limit:
        raise ModelError(
            f"this config has {n:,} distinct actions; {framework} takes at most {limit:,} "
            f"({why}); choose a smaller config"
        )


def check_outcome_count(space: Any, limit: int) -> None:
    """Refuse, in the exact chance mode, a config whose one step may have more than
    ``limit`` outcomes: listing them would take hours at a single chance node."""
    n = space.max_chance_outcomes
    if n > limit:
        raise ModelError(
            f"one step of this config may have {n:,} chance outcomes; the exact chance mode "
            f"lists at most {limit:,}; choose a smaller config or chance=sampled"
        )


def check_choice(name: str, value: Any, accepted: Sequence[Any]) -> None:
    if value not in accepted:
        raise ModelError(f"{name}={value!r}; accepted: {', '.join(str(a) for a in accepted)}")


# What a player sees ------------------------------------------------------------------


def public_size(space: Any) -> int:
    return int(space.observation_size if space.perfect_information else space.public_size)


def private_size(space: Any) -> int:
    return 0 if space.perfect_information else int(space.private_size)


#: The last few public views, by space and state object: an observation and an
#: information state of the same state are asked for one after the other.
_VIEWS: OrderedDict[tuple[int, int], tuple[Any, Any, Sequence[float]]] = OrderedDict()
VIEW_CACHE = 8


def public_view(space: Any, s: Any) -> Sequence[float]:
    """What every player sees of ``s`` (all of it in a game of perfect information)."""
    key = (id(space), id(s))
    hit = _VIEWS.get(key)
    if hit is not None and hit[0] is space and hit[1] is s:
        return hit[2]
    view = space.observe(s) if space.perfect_information else space.public(s)
    _VIEWS[key] = (space, s, view)
    if len(_VIEWS) > VIEW_CACHE:
        _VIEWS.popitem(last=False)
    return view  # type: ignore[no-any-return]


def private_view(space: Any, s: Any, player: int) -> Sequence[float]:
    """What only ``player`` sees of ``s`` (nothing in a game of perfect information)."""
    return () if space.perfect_information else space.private(s, player)  # type: ignore[no-any-return]


def full_digest(s: Any) -> str:
    """A 160-bit fingerprint of a model state (unique in practice, unlike a short one)."""
    return hashlib.sha1(repr(s).encode()).hexdigest()


def view_digest(space: Any, s: Any, player: int) -> str:
    """A fingerprint of what ``player`` observes of ``s``."""
    public, private = public_view(space, s), private_view(space, s, player)
    h = hashlib.sha1(array("d", public).tobytes())
    h.update(b"|")
    h.update(array("d", private).tobytes())
    return h.hexdigest()


# Sampling ----------------------------------------------------------------------------


class RecordingRandom(random.Random):
    """A generator whose every choice is kept, so ``trace.replay`` can repeat a sampled
    step (it replays ``_randbelow`` results, as the stateful engine's traces do)."""

    def __init__(self, seed: int):
        super().__init__(seed)
        self._source = random.Random(seed)
        self.values: list[int] = []

    def _randbelow(self, n: int) -> int:  # type: ignore[override]
        i = self._source.randrange(n)
        self.values.append(i)
        return i

    def random(self) -> float:
        return self._randbelow(1 << 53) / (1 << 53)

    def getrandbits(self, k: int) -> int:
        return self._randbelow(1 << k) if k else 0


class ProbeRandom(RecordingRandom):
    """Notes whether a step made a random choice among two or more: a step that made
    none is deterministic, whatever generator it is given (its choices are kept too)."""

    def __init__(self) -> None:
        super().__init__(0)
        self.used = False

    def _randbelow(self, n: int) -> int:  # type: ignore[override]
        if n > 1:
            self.used = True
        return super()._randbelow(n)


def deterministic_successor(model: Model, s: Any, a: Any) -> tuple[Any, tuple[int, ...]] | None:
    """``(successor, choices)`` when the step of ``a`` involves no chance, else ``None``."""
    draw = sampler(model)
    if draw is None:
        dist = model.step(s, a)
        return (dist[0][0], ()) if len(dist) == 1 else None
    probe = ProbeRandom()
    after = draw(s, a, probe)
    return None if probe.used else (after, tuple(probe.values))


def derived_seed(*parts: Any) -> int:
    """A 64-bit seed from the game seed, a state and an action (stable across runs)."""
    text = "|".join(str(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


@dataclass(frozen=True)
class ChanceOutcome:
    """One listed outcome: the successor, its probability, and the recorded choices
    that produced it (sampled modes) for traces."""

    state: Any
    probability: Fraction
    samples: tuple[int, ...] | None = None


def exact_outcomes(model: Model, s: Any, a: Any, ceiling: int) -> tuple[ChanceOutcome, ...]:
    dist = model.step(s, a)
    if len(dist) > ceiling:
        raise ModelError(
            f"{model.describe_action(s, a)!r} has {len(dist)} chance outcomes, more than "
            f"the {ceiling} the game declares (max_chance_outcomes)"
        )
    return tuple(ChanceOutcome(st, p) for st, p in dist)


def sample_average_outcomes(
    model: Model, s: Any, a: Any, k: int, seed: int
) -> tuple[ChanceOutcome, ...]:
    """``k`` draws from the exact law, equal successors merged (first-seen order)."""
    rng_seed = derived_seed(seed, state_digest(s), model.action_to_json(a))
    master = random.Random(rng_seed)
    counts: dict[Any, int] = {}
    first: dict[Any, tuple[int, ...]] = {}
    for _ in range(k):
        rec = RecordingRandom(master.getrandbits(64))
        after = sample_successor(model, s, a, rec)
        counts[after] = counts.get(after, 0) + 1
        first.setdefault(after, tuple(rec.values))
    return tuple(ChanceOutcome(st, Fraction(n, k), first[st]) for st, n in counts.items())


class Cache:
    """A small least-recently-used map (chance outcome lists are costly to rebuild)."""

    def __init__(self, size: int = 256):
        self.size = size
        self._data: OrderedDict[Any, Any] = OrderedDict()

    def get(self, key: Any, make: Any) -> Any:
        if key in self._data:
            self._data.move_to_end(key)
            return self._data[key]
        value = make()
        self._data[key] = value
        if len(self._data) > self.size:
            self._data.popitem(last=False)
        return value


def pending_draw(model: Model, s: Any) -> Any | None:
    """The draw to resolve when ``s`` is a chance state of the model, else ``None``."""
    if model.current_player(s) != CHANCE:
        return None
    legal = model.legal_actions(s)
    if len(legal) != 1:
        raise ModelError(f"a chance state must offer exactly one draw, not {len(legal)}")
    return legal[0]


# Paths (for traces and information states) ------------------------------------------


@dataclass(frozen=True)
class PathStep:
    """One model step of a played game: as a trace records it (the action, the outcome,
    the state's digest, the recorded draws), plus who moved (a seat, or ``CHANCE`` for
    a draw) and the state reached, from which each player's information state is
    built. ``known`` caches, per player, the fingerprint of everything that player has
    seen up to this step (clones of a state share their path, so it is computed once)."""

    action: Mapping[str, Any]
    outcome: int
    state: str
    samples: tuple[int, ...] | None
    mover: int = CHANCE
    after: Any = field(default=None, repr=False, compare=False)
    full: str = field(default="", repr=False, compare=False)
    known: dict[int, str] = field(default_factory=dict, repr=False, compare=False)


def extend(
    path: tuple[PathStep, ...],
    model: Model,
    a: Any,
    outcome: int,
    after: Any,
    samples: Any,
    mover: int = CHANCE,
) -> tuple[PathStep, ...]:
    """The path with one more step (a new tuple: clones of a state share their path)."""
    full = full_digest(after)  # state_digest is its first 12 digits
    step = PathStep(model.action_to_json(a), outcome, full[:12], samples, mover, after, full)
    return path + (step,)


def information_digest(space: Any, start: Any, path: Sequence[PathStep], player: int) -> str:
    """A fingerprint of ``player``'s information (perfect recall): what it saw of the
    first state, then for every step its own action (any player's, in a game of perfect
    information) and what it saw of the state reached. Chance draws enter only through
    what the player sees of their result, so two states share an information state
    exactly when the player cannot tell them apart."""
    perfect = space.perfect_information
    key = -1 if perfect else player  # perfect information: one history for all
    i = len(path)
    while i and key not in path[i - 1].known:
        i -= 1
    h = path[i - 1].known[key] if i else _first(space, start, key)
    for st in path[i:]:
        if perfect:
            seen = f"{st.mover}:{json.dumps(st.action, sort_keys=True)}|{st.full}"
        else:
            own = json.dumps(st.action, sort_keys=True) if st.mover == player else ""
            seen = f"{own}|{view_digest(space, st.after, player)}"
        h = hashlib.sha1(f"{h}|{seen}".encode()).hexdigest()
        st.known[key] = h
    return h


def _first(space: Any, start: Any, key: int) -> str:
    seen = full_digest(start) if key < 0 else view_digest(space, start, key)
    return hashlib.sha1(seen.encode()).hexdigest()


def build_trace(setup_: Setup, steps: Sequence[PathStep], **meta: Any) -> Any:
    """A :class:`~hhh_verify.contract.trace.Trace` of the path, replayable by ``hhh-verify
    replay``. Steps resolved by sampling carry their recorded choices in
    ``meta["samples"]`` (outcome 0 of a sampled step), as the stateful engine's do."""
    from hhh_verify.contract.trace import TraceStep, new_trace

    trace = new_trace(setup_.model, setup_.spec.ambiguities, **meta)
    sampled = any(st.samples is not None for st in steps)
    for st in steps:
        trace.steps.append(TraceStep(dict(st.action), 0 if sampled else st.outcome, st.state))
    if sampled:
        trace.meta["samples"] = [list(st.samples or ()) for st in steps]
    return trace
