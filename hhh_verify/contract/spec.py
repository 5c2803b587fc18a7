"""The registered game (:class:`GameSpec`): the one interface the engines read."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hhh_verify.contract.action_space import ActionSpace
from hhh_verify.contract.configs import apply_overrides
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.kernel import Kernel
from hhh_verify.contract.model import round_of
from hhh_verify.contract.vocab import RANDOM_POLICY

if TYPE_CHECKING:  # the model module re-exports this one; readings import the model
    from hhh_verify.contract.coverage import Coverage
    from hhh_verify.contract.interpretations import AmbiguityRegistry, Readings
    from hhh_verify.contract.measures import Measure
    from hhh_verify.contract.model import Model
    from hhh_verify.contract.properties import PropertyRegistry


#: The package whose data files are this package's rulebook copies (``rules/``).
RULES_PACKAGE = "hhh_verify.rules"

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
    "action_space",
    "board",
    "kernel",
    "rule_map",
    "promises",
    "questions",
)


@dataclass(frozen=True)
class GameSpec:
    """One registered game: the one interface the engines read.

    A game is a package that builds one ``GameSpec`` (its ``__init__.py`` exports it as
    ``SPEC``) and names it under the ``hhh_verify.games`` entry-point group of its
    ``pyproject.toml`` (:mod:`hhh_verify.contract.registry` lists what is installed).
    Engines never compare game ids: whatever they need from a game comes from here, and
    a part the game does not declare is reported as missing from this declaration.

    Required
    --------
    ``id``, ``title``, ``rulebook``
        The id used on the command line, a display title, the rulebook file name (read
        from ``rulebook_package``, below).
    ``config_type``, ``presets``, ``default_preset``
        A frozen config dataclass that validates itself in ``__post_init__`` (raising
        :class:`ModelError`), named instances of it (``full`` = the real game, smaller
        ones for the exhaustive engines), and the preset commands use by default.
    ``ambiguities``
        The game's :class:`~hhh_verify.contract.interpretations.AmbiguityRegistry`.
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
        (``models/<game>/properties/``). A loader, not a value, because properties import
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
    ``measures``
        ``{name: Measure}`` (:mod:`hhh_verify.contract.measures`): the numbers ``impact``
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
    ``compiled``
        ``() -> Coverage`` (:mod:`hhh_verify.contract.coverage`), required with a kernel:
        the options the kernel compiles, declared beside its entry point
        (``models/<game>/kernel/__init__.py``, ``COMPILED``). A model under any other
        option is played by the reference model (the commands say so in one line) and
        ``check``'s kernel agreement skips it.

    ``rule_map``
        ``() -> hhh_verify.rulebook.rule_map.RuleMap``: every sentence of the rulebook with one
        status (``rules --sentences``, the annotated rulebook page). A loader: the map
        is large and only those two read it.

    ``promises``
        ``() -> hhh_verify.contract.promises.PromiseBook``: what each reading of each ambiguity
        claims, as checks; :func:`hhh_verify.contract.registry.properties_for` adds them to the
        properties (``promise:ID=OPTION``), applying where their option is in force. A loader (promises import the rules).

    ``questions``
        ``() -> hhh_verify.contract.questions.QuestionBook``: the readers' questions and
        where each landed (``rules --questions``, ``docs/<game>-questions.md``), usually
        ``QuestionsFile("<package>.book")`` reading the ``questions.json`` shipped there.

    ``rulebook_package``
        The package whose data files hold the rulebook text (``rulebook`` and a rule
        map's ``rendering``): this package's copies in ``rules/`` by default; a game in a
        package of its own ships its text there (``examples/pig``: ``"pig.book"``).

    ``order``
        Where ``games`` lists the game among those installed: lower first, then by id
        (default 100, after the three games of this package, 0-2).

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
    ambiguities: AmbiguityRegistry
    make_model: Callable[[Any, Readings], Model[Any, Any]]
    config_docs: Mapping[str, str] = field(default_factory=dict)
    #: ``hhh_verify.rulebook.sections.Section`` rows (section, status, where, note): which
    #: rulebook sections are modelled, parameterised, read through an ambiguity, or left
    #: out (and why); the rule map's settled entries are added to them when listed.
    rule_index: tuple[Any, ...] = ()
    properties: Callable[[], PropertyRegistry] | None = None
    search_order: Callable[[], Any] | None = None
    policies: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    probes: Mapping[str, Sequence[Probe]] = field(default_factory=dict)
    reduced_preset: str | None = None
    smt: Callable[[], Any] | None = None
    measures: Mapping[str, Measure] = field(default_factory=dict)
    # takes the game's own model class (what make_model builds), so not Model[Any, Any]
    action_space: Callable[[Any], ActionSpace] | None = None
    board: Callable[[], Any] | None = None
    kernel: Callable[[Model[Any, Any]], Kernel] | None = None
    compiled: Callable[[], Coverage] | None = None
    promises: Callable[[], Any] | None = None
    rule_map: Callable[[], Any] | None = None
    questions: Callable[[], Any] | None = None
    rulebook_package: str = RULES_PACKAGE
    order: int = 100

    def __post_init__(self) -> None:
        if self.default_preset not in self.presets:
            raise ValueError(f"{self.id}: default preset {self.default_preset!r} is not a preset")
        if self.reduced_preset is not None and self.reduced_preset not in self.presets:
            raise ValueError(f"{self.id}: reduced preset {self.reduced_preset!r} is not a preset")
        if RANDOM_POLICY in self.policies:
            raise ValueError(f"{self.id}: {RANDOM_POLICY!r} is the engines' own policy")
        for amb in self.probes:
            self.ambiguities.get(amb)  # a probe names a declared ambiguity
        if self.kernel is not None and self.compiled is None:
            raise ValueError(f"{self.id}: a kernel declares the options it compiles (compiled)")

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
    ) -> Model[Any, Any]:
        """Build a model from a preset name, overrides and ``ID=OPTION`` choices."""
        config = self.config(preset, overrides)
        return self.make_model(config, self.ambiguities.parse(interpret))

    def has_rounds(self) -> bool:
        """Whether the game is played in rounds (its default model's ``round_of`` gives
        a round for the initial state): a game without them has no rounds measure."""
        model = self.model()
        return round_of(model, model.initial_state()) is not None

    def provides(self) -> tuple[str, ...]:
        """The optional parts this game declares (names from :data:`OPTIONAL_PARTS`)."""
        declared = []
        for name in OPTIONAL_PARTS:
            value = getattr(self, name)
            if value is not None and not (isinstance(value, (Mapping, tuple)) and not value):
                declared.append(name)
        return tuple(declared)

    def load_properties(self) -> PropertyRegistry:
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

    def kernel_coverage(self) -> Coverage | None:
        """The options the game's kernel compiles (None: the game has no kernel)."""
        return None if self.compiled is None or self.kernel is None else self.compiled()

    def uncompiled(self, readings: Readings) -> list[str]:
        """The options in force in ``readings`` that the game's kernel does not compile,
        as ``ID=OPTION`` (empty when it compiles them all, or when there is no kernel:
        then every engine plays the model anyway)."""
        coverage = self.kernel_coverage()
        return [] if coverage is None else coverage.missing(readings)

    def load_board(self) -> Any:
        """The game's board renderer, or ``None`` when it declares none (text instead)."""
        return None if self.board is None else self.board()

    def probes_for(self, ambiguity_id: str) -> list[Probe]:
        """The targeted configurations of one ambiguity (empty when there are none)."""
        return [(name, tuple(overrides)) for name, overrides in self.probes.get(ambiguity_id, ())]
