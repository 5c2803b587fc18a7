"""The model contract every game implements, and exact chance distributions.

A model is a Markov decision process written as plain functions over immutable states:

* ``initial_state()`` is one deterministic state (setup draws are chance steps from it);
* ``legal_actions(s)`` is a sorted tuple of small frozen dataclasses;
* ``step(s, a)`` is the exact outcome distribution, a tuple of ``(state, Fraction)``
  pairs whose probabilities sum to exactly 1 (a deterministic step is one pair);
* ``outcome(s)`` is ``None`` until the game is over, then an :class:`Outcome`.

A state where only one action exists and that action is a draw is a *chance* state
(``current_player`` returns :data:`CHANCE`); engines do not count it as a decision.
Every engine (simulation, Hypothesis, explorer, Z3 replay) goes through ``step`` and
samples with :func:`sample`, so all of them see the same semantics.

Two optional methods make chance cheap where ``step`` would enumerate thousands of
outcomes (a full-game bag draw):

* ``sample_step(s, a, rng) -> state``: one successor drawn with ``rng`` from exactly the
  distribution ``step`` gives (simulation, the stateful engine, sampled traces);
* ``outcome_probability(s, a, succ) -> Fraction``: the probability ``step(s, a)`` gives
  ``succ`` (0 when it cannot), computed for that one successor (a *point probability*).
  Replay, trace writing and ``diverge`` call it through :func:`outcome_probability`,
  which falls back to looking ``succ`` up in ``step`` for a model without it; tests prove
  the two equal for every outcome.

Summaries read two optional state attributes when a state has them: ``deaths`` and
``money`` (ints; e.g. the money of a game cut at ``max-steps``). Everything else about a
game reaches the engines through its :class:`GameSpec`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
import typing
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:
    from .measures import Measure

S = TypeVar("S")
A = TypeVar("A")

#: ``current_player`` value of a state whose only move is a random draw.
CHANCE = -1
#: ``current_player`` value of a finished game.
TERMINAL = -2

Distribution = tuple[tuple[Any, Fraction], ...]


class ModelError(ValueError):
    """Bad input to a model: an illegal action, an invalid config, a bad trace."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended.

    ``won`` is the cooperative result (``None`` for competitive games, which use
    ``scores``); ``reason`` names the rule that ended the game (``"completed"``,
    ``"bankrupt"``, ``"arrested"``, ...). ``winners`` (competitive games) are the seats
    that won after every tie-breaker, in seat order (several: a shared win); a game
    whose winners the scores decide alone may leave it empty, and the engines then take
    the seats with the top score (:func:`winning_seats`).
    """

    won: bool | None
    reason: str
    money: int | None = None
    rating: str | None = None
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """Plain JSON values; ``winners`` appears only when the game names them (older
        readers of outcomes without it see the same keys as before)."""
        data: dict[str, Any] = {
            "won": self.won,
            "reason": self.reason,
            "money": self.money,
            "rating": self.rating,
            "scores": list(self.scores),
        }
        if self.winners:
            data["winners"] = list(self.winners)
        return data


def winning_seats(outcome: Outcome) -> tuple[int, ...]:
    """The seats that won a competitive game: ``outcome.winners`` when the game names
    them (its tie-breakers applied), else the seats with the top score (several: a tie)."""
    if outcome.winners:
        return outcome.winners
    if not outcome.scores:
        return ()
    best = max(outcome.scores)
    return tuple(i for i, x in enumerate(outcome.scores) if x == best)


class Model(Protocol[S, A]):
    """What every game model provides. Engines use nothing else."""

    game: str
    config: Any
    interpretation: Any

    def initial_state(self) -> S: ...

    def current_player(self, s: S) -> int: ...

    def legal_actions(self, s: S) -> tuple[A, ...]: ...

    def step(self, s: S, a: A) -> Distribution: ...

    def outcome(self, s: S) -> Outcome | None: ...

    def round_of(self, s: S) -> int: ...

    def describe_state(self, s: S) -> str: ...

    def describe_action(self, s: S, a: A) -> str: ...

    def action_to_json(self, a: A) -> dict[str, Any]: ...

    def action_from_json(self, d: Mapping[str, Any]) -> A: ...


# ---------------------------------------------------------------------------
# Distributions
# ---------------------------------------------------------------------------


def certain(state: Any) -> Distribution:
    """The distribution of a deterministic step."""
    return ((state, Fraction(1)),)


def merge(pairs: Sequence[tuple[Any, Fraction]] | Any) -> Distribution:
    """Collapse equal successors, keeping first-seen order (deterministic output)."""
    acc: dict[Any, Fraction] = {}
    for st, p in pairs:
        if p:
            acc[st] = acc.get(st, Fraction(0)) + p
    return tuple(acc.items())


def distribution_problem(dist: Distribution) -> str:
    """What makes ``dist`` not an exact distribution ("" when it is one): empty, a
    probability that is not a positive ``Fraction``, or a total other than 1."""
    if not dist:
        return "empty distribution"
    total = Fraction(0)
    for _, p in dist:
        if not isinstance(p, Fraction) or p <= 0:
            return f"probability {p!r} is not a positive Fraction"
        total += p
    return "" if total == 1 else f"probabilities sum to {total}, not 1"


def check_distribution(dist: Distribution) -> None:
    """Raise ``AssertionError`` unless ``dist`` is a proper exact distribution."""
    assert dist, "empty distribution"
    total = Fraction(0)
    for _, p in dist:
        assert isinstance(p, Fraction), f"probability {p!r} is not a Fraction"
        assert p > 0, f"non-positive probability {p}"
        total += p
    assert total == 1, f"probabilities sum to {total}, not 1"


def outcome_probability(model: Any, s: Any, a: Any, successor: Any) -> Fraction:
    """The exact probability that ``step(s, a)`` leads to ``successor`` (0 if it cannot).

    The model's own ``outcome_probability`` (a point probability: no enumeration of the
    other outcomes) when it has one, else the successor's entry in ``step``.
    """
    point = getattr(model, "outcome_probability", None)
    if point is not None:
        return point(s, a, successor)  # type: ignore[no-any-return]
    for st, p in model.step(s, a):
        if st == successor:
            return p  # type: ignore[no-any-return]
    return Fraction(0)


def sample_index(dist: Distribution, rng: random.Random) -> int:
    """Pick an outcome index with exactly the distribution's probabilities.

    Uses integer arithmetic over the common denominator, so no floating-point bias.
    """
    if len(dist) == 1:
        return 0
    den = 1
    for _, p in dist:
        den = den * p.denominator // _gcd(den, p.denominator)
    r = rng.randrange(den)
    acc = 0
    for i, (_, p) in enumerate(dist):
        acc += p.numerator * (den // p.denominator)
        if r < acc:
            return i
    return len(dist) - 1  # unreachable for a proper distribution


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def state_digest(state: Any) -> str:
    """A short stable fingerprint of a state (used by traces to detect drift)."""
    return hashlib.sha1(repr(state).encode()).hexdigest()[:12]


# ---------------------------------------------------------------------------
# Actions <-> JSON
# ---------------------------------------------------------------------------


def action_to_json(a: Any) -> dict[str, Any]:
    """Encode a frozen-dataclass action as ``{"type": Name, field: value, ...}``."""
    d: dict[str, Any] = {"type": type(a).__name__}
    for f in dataclasses.fields(a):
        d[f.name] = _to_json_value(getattr(a, f.name))
    return d


_KEYS: dict[type, Callable[[Any], tuple[Any, ...]]] = {}


def _compile_key(cls: type) -> Callable[[Any], tuple[Any, ...]]:
    """:func:`action_key` for one class, built once: one ``attrgetter`` for its fields
    instead of a generator per action (legal actions are sorted at every step)."""
    names = tuple(f.name for f in dataclasses.fields(cls))
    head = (cls.__name__,)
    if not names:
        return lambda a: head
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda a: (*head, one(a))
    many = attrgetter(*names)
    return lambda a: head + many(a)


def action_key(a: Any) -> tuple[Any, ...]:
    """Sort key for actions of mixed types: the verb's name, then its fields in order."""
    key = _KEYS.get(type(a))
    if key is None:
        key = _KEYS[type(a)] = _compile_key(type(a))
    return key(a)


def sort_actions(actions: Any) -> tuple[Any, ...]:
    """The canonical order of ``legal_actions``: by verb name, then by fields."""
    return tuple(sorted(actions, key=action_key))


def _to_json_value(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_to_json_value(x) for x in v]
    return v


def action_from_json(d: Mapping[str, Any], types: Mapping[str, type]) -> Any:
    """Decode an action written by :func:`action_to_json`; clear error if malformed."""
    if not isinstance(d, Mapping) or "type" not in d:
        raise ModelError(f"action must be an object with a 'type' field, got {d!r}")
    name = d["type"]
    cls = types.get(name)
    if cls is None:
        raise ModelError(f"unknown action type {name!r}; accepted: {', '.join(sorted(types))}")
    kwargs = {}
    names = {f.name for f in dataclasses.fields(cls)}
    extra = set(d) - names - {"type"}
    if extra:
        raise ModelError(f"action {name} has unknown fields {sorted(extra)}")
    for f in dataclasses.fields(cls):
        if f.name not in d:
            raise ModelError(f"action {name} is missing field {f.name!r}")
        kwargs[f.name] = _from_json_value(d[f.name])
    return cls(**kwargs)


def _from_json_value(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_from_json_value(x) for x in v)
    return v


# ---------------------------------------------------------------------------
# Configs and game registry entries
# ---------------------------------------------------------------------------


def config_to_json(config: Any) -> dict[str, Any]:
    """A config dataclass as plain JSON values (tuples become lists)."""
    return {f.name: _to_json_value(getattr(config, f.name)) for f in dataclasses.fields(config)}


def config_from_json(config_type: type, d: Mapping[str, Any]) -> Any:
    """Rebuild (and so re-validate) a config written by :func:`config_to_json`: every
    value present and of its declared kind (a recorded config that lacks a value would
    be replayed on a default it was never played with)."""
    if not isinstance(d, Mapping):
        raise ModelError(f"config must be an object, got {type(d).__name__}")
    names = [f.name for f in dataclasses.fields(config_type)]
    unknown = sorted(set(d) - set(names))
    if unknown:
        raise ModelError(f"unknown config value(s) {unknown}; accepted: {', '.join(names)}")
    missing = [n for n in names if n not in d]
    if missing:
        raise ModelError(
            f"config lacks {missing}; a recorded config holds every value: {', '.join(names)}"
        )
    try:
        hints = typing.get_type_hints(config_type)
    except NameError:  # an annotation this module cannot resolve: the config checks itself
        hints = {}
    for name in names:
        if name in hints and not _fits(d[name], hints[name]):
            raise ModelError(
                f"config value {name!r} is {d[name]!r}; accepted: {_kind(hints[name])}"
            )
    try:
        return config_type(**{k: _from_json_value(v) for k, v in d.items()})
    except TypeError as e:
        raise ModelError(f"bad config: {e}") from None


_KINDS: dict[Any, str] = {bool: "true or false", int: "a whole number", str: "text"}


def _fits(value: Any, hint: Any) -> bool:
    """Whether a JSON value is of a config field's declared kind (bool, int, str and
    tuples of them; other kinds are left to the config's own validation)."""
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    if typing.get_origin(hint) is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, list):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(x, args[0]) for x in value)
        return len(args) == len(value) and all(_fits(x, a) for x, a in zip(value, args))
    return True


def _kind(hint: Any) -> str:
    if typing.get_origin(hint) is tuple:
        args = typing.get_args(hint)
        return f"a list, each {_kind(args[0])}" if args else "a list"
    return _KINDS.get(hint, getattr(hint, "__name__", str(hint)))


def apply_overrides(base: Any, overrides: Sequence[str]) -> Any:
    """``dataclasses.replace`` from ``["key=value", ...]``, typed by the base's values."""
    changes: dict[str, Any] = {}
    names = [f.name for f in dataclasses.fields(base)]
    for item in overrides:
        if "=" not in item:
            raise ModelError(f"config override must be key=value, got {item!r}")
        key, raw = (x.strip() for x in item.split("=", 1))
        if key not in names:
            raise ModelError(f"unknown config value {key!r}; accepted: {', '.join(names)}")
        current = getattr(base, key)
        changes[key] = _coerce(key, raw, current)
    return dataclasses.replace(base, **changes)


def _coerce(key: str, raw: str, current: Any) -> Any:
    try:
        if isinstance(current, bool):
            if raw.lower() in ("1", "true", "yes", "on"):
                return True
            if raw.lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError
        if isinstance(current, int):
            return int(raw)
        if isinstance(current, tuple):
            parts = [p for p in raw.split(",") if p.strip()]
            if current and isinstance(current[0], int):
                return tuple(int(p) for p in parts)
            return tuple(p.strip() for p in parts)
        return raw
    except ValueError:
        raise ModelError(
            f"bad value {raw!r} for {key}; expected {type(current).__name__}"
        ) from None


@runtime_checkable
class RankedActions(Protocol):
    """An action list computed instead of held: the id of an action and the action of
    an id are calculated (for a game whose actions are combinatorially many, e.g.
    placements of tied dice, hundreds of thousands or more). ``position``
    raises ``KeyError`` for an action the list does not hold."""

    def __len__(self) -> int: ...

    def __getitem__(self, i: int) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...

    def position(self, action: Any) -> int: ...


@dataclass(frozen=True)
class ActionSpace:
    """What a framework adapter needs to know about one model (config and reading).

    ``actions`` lists every action any state of the model can offer, in one canonical
    order derived from the config alone; an action's id is its index, so ids mean the
    same in every process. It is a tuple, or a :class:`RankedActions` when the list is
    too long to hold. ``max_chance_outcomes`` bounds the outcomes of one ``step``,
    ``max_game_length`` the decisions of one game, ``return_range`` ``Outcome.money``
    (cooperative games) or each score (competitive ones). ``observe`` encodes a state
    as ``observation_size`` numbers (the whole state: a framework's global state).
    ``perfect_information``: every player sees the whole state. A game of imperfect
    information says what each player sees instead: ``public(s)`` (``public_size``
    numbers every player sees) and ``private(s, player)`` (``private_size`` numbers only
    that player sees); together they are all a player observes of ``s``.
    """

    actions: Sequence[Any]
    players: int
    cooperative: bool
    max_chance_outcomes: int
    max_game_length: int
    return_range: tuple[int, int]
    observation_size: int
    observe: Callable[[Any], Sequence[float]]
    perfect_information: bool = True
    public_size: int = 0
    public: Callable[[Any], Sequence[float]] | None = None
    private_size: int = 0
    private: Callable[[Any, int], Sequence[float]] | None = None
    _ids: dict[Any, int] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.perfect_information and (self.public is None or self.private is None):
            raise ValueError("a game of imperfect information declares public and private")
        if isinstance(self.actions, RankedActions):
            object.__setattr__(self, "_ids", None)  # the list computes its ids
            return
        ids = {a: i for i, a in enumerate(self.actions)}
        object.__setattr__(self, "_ids", ids)
        if len(ids) != len(self.actions):
            raise ValueError("an action space lists an action twice")

    def index(self, action: Any) -> int:
        """The id of ``action``; ``KeyError`` when the space does not list it."""
        if self._ids is None:
            return self.actions.position(action)  # type: ignore[attr-defined,no-any-return]
        return self._ids[action]


#: A configuration built for one purpose: a preset name and ``key=value`` overrides.
Probe = tuple[str, tuple[str, ...]]

#: The optional parts a game may declare (see :class:`GameSpec`), in display order.
OPTIONAL_PARTS = (
    "properties",
    "search_order",
    "policies",
    "probes",
    "reduced_preset",
    "smt",
    "ratings",
    "action_space",
    "board",
    "kernel",
    "rule_map",
    "promises",
)


@dataclass(frozen=True)
class KernelGame:
    """How one game played inside a kernel ended (see ``GameSpec.kernel``): its outcome
    (None when cut or deadlocked), the end reason (``outcome.reason``, ``"max-steps"``
    or ``"deadlock"``), steps, policy decisions, deaths (None: the game counts none),
    the round reached and the final money."""

    outcome: Outcome | None
    reason: str
    steps: int
    decisions: int
    deaths: int | None
    round: int
    money: int


@dataclass(frozen=True)
class PartedGame:
    """One paired kernel game up to where two readings part, in the model's terms (states
    decoded, actions as the model's): ``how`` is ``none`` (never parted: ended alike, cut
    or deadlocked), ``start`` (different initial states ``succ_a`` / ``succ_b``),
    ``outcome`` or ``legal-actions`` (at ``state``), or ``successors`` (``action`` in
    ``state`` led to ``succ_a`` under A and ``succ_b`` under B). ``path`` is the common
    prefix as ``(action, successor)`` pairs; ``steps`` the steps played."""

    how: str
    steps: int
    path: tuple[tuple[Any, Any], ...] = ()
    state: Any = None
    action: Any = None
    succ_a: Any = None
    succ_b: Any = None


@runtime_checkable
class Kernel(Protocol):
    """A compiled copy of one model's rules (config and readings included) that plays
    whole games fast. The model stays the reference: the game's tests prove the kernel
    equal to it state by state (legal actions, exact distributions, its sampler's law).

    Game ``seed`` is one game whatever else runs: step ``k`` draws its decision and its
    chance from generators seeded by (seed, k), so the same seed under two readings
    shares its random numbers step by step (common random numbers, as ``impact``
    needs). Kernel games are not the reference engine's games for the same seed."""

    #: The policies it plays inside (``random`` and some of ``GameSpec.policies``).
    policies: frozenset[str]

    def games(self, seeds: Sequence[int], policy: str, max_steps: int) -> list[KernelGame]:
        """One game per seed."""
        ...

    def paired_games(
        self, other: Any, seeds: Sequence[int], policy: str, max_steps: int
    ) -> list[tuple[KernelGame, KernelGame, int | None]]:
        """Each seed's game under this kernel's readings and ``other``'s, and the first
        step where the two positions differ (None: never)."""
        ...

    def parted_game(self, other: Any, seed: int, policy: str, max_steps: int) -> PartedGame:
        """Game ``seed`` under this kernel's readings and ``other``'s in lockstep (the
        decision taken under this one), stopped where they part (``diverge --engine
        kernel``; the model then checks that step)."""
        ...

    def count_states(self, max_states: int) -> dict[str, Any]:
        """Every reachable state, breadth-first inside the kernel, counted (``explore
        --engine kernel``): ``states``, ``transitions`` (distinct state, action,
        successor), ``terminal`` (outcome label -> states), ``deadlocks``, ``complete``,
        ``seconds``, ``bytes_per_state``. No property is checked."""
        ...


@dataclass(frozen=True)
class GameSpec:
    """One registered game: the one interface the engines read.

    A game is a package ``models/<game>/`` that builds one ``GameSpec`` (its
    ``__init__.py`` exports it as ``SPEC``) and one line in :mod:`hhh_verify.registry`.
    Engines never compare game ids: whatever they need from a game comes from here, and
    a part the game does not declare is reported as missing from this declaration.

    Required
    --------
    ``id``, ``title``, ``rulebook``
        The id used on the command line, a display title, the rulebook file name.
    ``config_type``, ``presets``, ``default_preset``
        A frozen config dataclass that validates itself in ``__post_init__`` (raising
        :class:`ModelError`), named instances of it (``full`` = the real game, smaller
        ones for the exhaustive engines), and the preset commands use by default.
    ``ambiguities``
        The game's :class:`~hhh_verify.interpretations.AmbiguityRegistry`.
    ``make_model(config, interpretation)``
        Builds a model (the :class:`Model` protocol).
    ``config_docs``, ``rule_index``
        One line per config field; ``(section, status, where, note)`` rows saying which
        rulebook sections are modelled, parameterised, read through an ambiguity or
        left out (and why).

    Optional (each defaults to "this game has none")
    -------------------------------------------------
    ``properties``
        ``() -> PropertyRegistry``: the game's invariants, goals and in-check Z3 rows
        (``properties/<game>.py``). A loader, not a value, because properties import
        the game's model modules: loading them when the spec is built would be circular.
    ``search_order``
        ``() -> order``: a hint for the stateful engine. ``order(model, state, actions)``
        returns the legal actions reordered so that a sensible move comes first (a tuple
        of such functions = playing styles, one drawn per game). It changes which paths
        are tried first, never which are legal. A loader for the same reason.
    ``policies``
        ``{name: policy}``: game-aware players, ``policy(model, state, legal, rng) ->
        action`` (``legal`` non-empty and sorted; draw randomness only from ``rng``).
        The engines add ``random`` themselves. The first entry is the game's strong
        player: ``report`` measures impact under ``random`` and that one.
    ``probes``
        ``{ambiguity id: ((preset, overrides), ...)}``: reduced configurations built to
        reach one ambiguity; ``diverge`` and ``report`` explore them before the presets
        (equivalently ``hhh-verify diverge --config PRESET --set KEY=VALUE ...``).
    ``reduced_preset``
        A preset small enough to explore exhaustively in seconds. ``check`` explores it
        (under the checked readings) when the checked config is larger, and in-check Z3
        queries fall back to it when the checked config is outside the exact encoding.
        ``None``: ``check`` explores the checked config itself, within its limits.
    ``smt``
        ``() -> hhh_verify.smt.queries.SmtSupport``: the Z3 encoding (factory, built-in
        goal formulas, registered queries). A loader, so that z3 is imported only by the
        commands that use it. ``None``: ``query``, ``reach --engine z3`` and ``check``
        say "no Z3 encoding".
    ``ratings``
        The names ``Outcome.rating`` takes, worst first: ``impact`` ranks a won game by
        its rating (0 for a loss, 1 + the index of its rating).
    ``measures``
        ``{name: Measure}`` (:mod:`hhh_verify.measures`): the numbers ``impact``
        compares at the end of a game and a report words (win, money, scores...), in
        order; the engines add the round reached. None declared: only the round and the
        end reasons are compared.
    ``action_space``
        ``(model) -> ActionSpace``: what the OpenSpiel and PettingZoo adapters
        (``hhh_verify.adapters``) need: every action the model's config allows in one
        canonical order (an action's id is its index), the bounds (players, most chance
        outcomes, longest game, range of results) and a fixed-length observation.
        ``None``: the adapters say "declares no action space".
    ``board``
        ``() -> renderer``: a picture of a position for reports and ``replay --html``.
        ``renderer(model, state, against=None) -> str`` returns one self-contained
        ``<svg>`` element (inline, no external assets, deterministic text) and outlines
        every part of ``state`` that differs from ``against`` (the other reading's
        position, or the previous step). ``None``: pages show ``describe_state`` text.
    ``kernel``
        ``(model) -> Kernel``: the same rules compiled for speed (the :class:`Kernel`
        protocol: whole games with ``random`` and the game's own players inside it, paired
        games for ``impact``). ``simulate``, ``impact`` and ``report`` play through it
        when it plays the requested policy (``--engine reference`` plays the model); the
        model stays the reference that the game's tests prove the kernel equal to.
        ``None``: every engine plays the model.

    ``rule_map``
        ``() -> hhh_verify.rulemap.RuleMap``: every sentence of the rulebook with one
        status (``rules --sentences``, the annotated rulebook page). A loader: the map
        is large and only those two read it.

    ``promises``
        ``() -> hhh_verify.promises.PromiseBook``: what each reading of each ambiguity
        claims, as checks; :func:`hhh_verify.registry.properties_for` adds them to the
        properties (``promise:ID=OPTION``), applying where their option is in force. A loader (promises import the rules).

    Adding a part later (a fast kernel, facts) is one more optional
    field here with its default, one name in :data:`OPTIONAL_PARTS`, and the engine
    that reads it.
    """

    id: str
    title: str
    rulebook: str
    config_type: type
    presets: Mapping[str, Any]
    default_preset: str
    ambiguities: Any  # hhh_verify.interpretations.AmbiguityRegistry
    make_model: Callable[[Any, Any], Any]
    config_docs: Mapping[str, str] = field(default_factory=dict)
    #: (section, status, where, note) rows: which rulebook sections are modelled,
    #: parameterised, read through an ambiguity, or left out (and why).
    rule_index: tuple[tuple[str, str, str, str], ...] = ()
    properties: Callable[[], Any] | None = None
    search_order: Callable[[], Any] | None = None
    policies: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    probes: Mapping[str, Sequence[Probe]] = field(default_factory=dict)
    reduced_preset: str | None = None
    smt: Callable[[], Any] | None = None
    ratings: tuple[str, ...] = ()
    measures: Mapping[str, Measure] = field(default_factory=dict)
    action_space: Callable[[Any], ActionSpace] | None = None
    board: Callable[[], Any] | None = None
    kernel: Callable[[Any], Any] | None = None
    promises: Callable[[], Any] | None = None
    rule_map: Callable[[], Any] | None = None

    def __post_init__(self) -> None:
        if self.default_preset not in self.presets:
            raise ValueError(f"{self.id}: default preset {self.default_preset!r} is not a preset")
        if self.reduced_preset is not None and self.reduced_preset not in self.presets:
            raise ValueError(f"{self.id}: reduced preset {self.reduced_preset!r} is not a preset")
        if "random" in self.policies:
            raise ValueError(f"{self.id}: 'random' is the engines' own policy")
        for amb in self.probes:
            self.ambiguities.get(amb)  # a probe names a declared ambiguity

    def config(self, preset: str = "", overrides: Sequence[str] = ()) -> Any:
        """A validated config from a preset name and ``key=value`` overrides."""
        name = preset or self.default_preset
        if name not in self.presets:
            raise ModelError(
                f"unknown config {name!r} for {self.id}; accepted: {', '.join(self.presets)}"
            )
        return apply_overrides(self.presets[name], overrides)

    def model(
        self, preset: str = "", overrides: Sequence[str] = (), interpret: Sequence[str] = ()
    ) -> Any:
        """Build a model from a preset name, overrides and ``ID=OPTION`` choices."""
        config = self.config(preset, overrides)
        return self.make_model(config, self.ambiguities.parse(interpret))

    def provides(self) -> tuple[str, ...]:
        """The optional parts this game declares (names from :data:`OPTIONAL_PARTS`)."""
        declared = []
        for name in OPTIONAL_PARTS:
            value = getattr(self, name)
            if value is not None and not (isinstance(value, (Mapping, tuple)) and not value):
                declared.append(name)
        return tuple(declared)

    def load_properties(self) -> Any:
        """The game's ``PropertyRegistry`` (``ModelError`` when it declares none)."""
        if self.properties is None:
            raise ModelError(f"game {self.id!r} declares no properties")
        return self.properties()

    def load_search_order(self) -> Any:
        """The stateful engine's search hint, or ``None`` when the game declares none."""
        return None if self.search_order is None else self.search_order()

    def load_smt(self) -> Any:
        """The game's ``SmtSupport`` (``ModelError`` "no Z3 encoding" when it has none)."""
        if self.smt is None:
            raise ModelError(f"game {self.id!r} has no Z3 encoding")
        return self.smt()

    def load_board(self) -> Any:
        """The game's board renderer, or ``None`` when it declares none (text instead)."""
        return None if self.board is None else self.board()

    def probes_for(self, ambiguity_id: str) -> list[Probe]:
        """The targeted configurations of one ambiguity (empty when there are none)."""
        return [(name, tuple(overrides)) for name, overrides in self.probes.get(ambiguity_id, ())]
