"""The framework's vocabularies: one enum per set of words, one member per word.

Every word the framework writes into JSON, traces and reports, or compares to decide
what to do, is a member of one of these enums. Each is a ``str`` enum whose value is the
word itself, so ``json.dumps``, ``str()`` and f-strings write the same bytes as before;
text from outside (a JSON file, a command-line option) is read into its enum once, at
the edge, with :meth:`Vocabulary.parse`, and carried as a member from there on.

``tests/test_vocabulary_literals.py`` keeps it so: no ``== "word"`` in ``hhh_verify/``.

The rulebook's section statuses (``hhh_verify.rulebook``) are not here.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, TypeVar

from hhh_verify.contract.errors import ModelError


class Vocabulary(str, Enum):
    """A word of one vocabulary: a ``str`` equal to its value, written as its value."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)

    @classmethod
    def parse(cls: type[V], text: Any, what: str = "") -> V:
        """The member spelt ``text`` (a member is returned as it is); a
        :class:`ModelError` naming the accepted words otherwise."""
        try:
            return cls(text)
        except ValueError:
            accepted = ", ".join(m.value for m in cls)
            raise ModelError(
                f"unknown {what or cls.__name__} {text!r}; accepted: {accepted}"
            ) from None

    @classmethod
    def values(cls) -> list[str]:
        """Every word, in order (e.g. for ``click.Choice``)."""
        return [m.value for m in cls]


V = TypeVar("V", bound=Vocabulary)


#: The engines' own uniform random player, which every game has (a game's own players
#: are named by the game, so player names are not an enum).
RANDOM_POLICY = "random"


# --- Properties -------------------------------------------------------------------------


class ExpectedResult(Vocabulary):
    """What a property is expected to do: hold in every state, or be reachable."""

    HOLDS = "HOLDS"
    REACHABLE = "REACHABLE"

    @classmethod
    def read(cls, value: str) -> ExpectedResult:
        """``HOLDS`` / ``REACHABLE`` in any case; ``VIOLATED`` (the architecture's spelling)
        is read as ``REACHABLE``."""
        word = str(value).upper()
        if word == _VIOLATED_ALIAS:
            return cls.REACHABLE
        try:
            return cls(word)
        except ValueError:
            accepted = ", ".join([*cls.values(), _VIOLATED_ALIAS])
            raise ModelError(f"expected must be one of {accepted}, got {value!r}") from None


#: The old spelling of ``REACHABLE`` that :meth:`ExpectedResult.read` still accepts.
_VIOLATED_ALIAS = "VIOLATED"


class PropertyKind(Vocabulary):
    """A property's kind (:mod:`hhh_verify.contract.properties`)."""

    INVARIANT = "invariant"
    GOAL = "goal"
    SMT = "smt"
    FACT = "fact"


class AmbiguityCategory(Vocabulary):
    """What kind of unclear rule an ambiguity is (:mod:`hhh_verify.contract.interpretations`);
    ``parameter``: the entry fills a gap with numbers or texts the book does not print
    (its options are choices of value, not readings of a sentence), so reports can say so."""

    CONTRADICTION = "contradiction"
    GAP = "gap"
    NUMERIC = "numeric"
    ORDERING = "ordering"
    BOUNDARY = "boundary"
    TERMINOLOGY = "terminology"
    PARAMETER = "parameter"


# --- check: engine rows, marks, verdicts --------------------------------------------------


class EngineStatus(Vocabulary):
    """The status of one engine's result row (:mod:`hhh_verify.engines.results`)."""

    HOLDS = "holds"  # no counterexample found
    VIOLATED = "violated"  # counterexample found (trace attached)
    REACHED = "reached"  # goal witness found (trace attached)
    NOT_REACHED = "not-reached"  # goal not found
    ERROR = "error"  # the model or the check raised (trace attached when available)
    SKIPPED = "skipped"  # the property does not apply to this config
    INCONCLUSIVE = "inconclusive"  # a search missed a goal marked hard_to_reach


class Mark(Vocabulary):
    """What one engine's row shows about a property (:mod:`hhh_verify.check.verdicts`);
    the value is the JSON spelling, ``label`` the table's, ``style`` its colour."""

    label: str
    style: str

    def __new__(cls, value: str, label: str, style: str) -> Mark:
        obj = str.__new__(cls, value)
        obj._value_ = value
        obj.label = label
        obj.style = style
        return obj

    HOLDS = ("holds", "holds", "green")
    VIOLATED = ("violated", "VIOLATED", "bold red")
    WITNESS = ("witness", "witness", "green")
    NO_REPLAY = ("no-replay", "no replay", "magenta")  # a claimed witness that does not replay
    UNREACHABLE = ("unreachable", "unreachable", "bold")  # an exhaustive engine's proof
    NOT_FOUND = ("not-found", "not found", "yellow")
    UNDECIDED = ("undecided", "undecided", "yellow")
    SKIPPED = ("skipped", "skipped", "dim")
    ERROR = ("error", "ERROR", "bold red")
    ABSENT = ("-", "-", "dim")  # the engine does not run this property


class VerdictKind(Vocabulary):
    """A property's verdict (:mod:`hhh_verify.check.verdicts`); ``fails`` makes ``check``
    exit 1; ``label`` and ``style`` are the table's."""

    label: str
    fails: bool
    style: str

    def __new__(cls, value: str, label: str, fails: bool, style: str) -> VerdictKind:
        obj = str.__new__(cls, value)
        obj._value_ = value
        obj.label = label
        obj.fails = fails
        obj.style = style
        return obj

    HOLDS = ("holds", "holds", False, "green")
    REACHED = ("reached", "reached", False, "green")
    NOT_FOUND = ("not-found", "not found", False, "yellow")
    UNDECIDED = ("undecided", "undecided", False, "yellow")
    SKIPPED = ("skipped", "skipped", False, "dim")
    VIOLATED = ("violated", "VIOLATED", True, "bold red")
    UNREACHABLE = ("unreachable", "UNREACHABLE", True, "bold red")
    ERROR = ("error", "ERROR", True, "bold red")


class Profile(Vocabulary):
    """An effort profile of ``check`` and ``hunt``."""

    QUICK = "quick"
    CI = "ci"
    THOROUGH = "thorough"


class FindingKind(Vocabulary):
    """What the stateful engine found (a trace's ``meta["finding"]``): a violated
    invariant, a reached goal, a broken model contract, or an exception of the model."""

    VIOLATION = "violation"
    GOAL = "goal"
    CONTRACT = "contract"
    ERROR = "error"


# --- chance -----------------------------------------------------------------------------


class ChanceMode(Vocabulary):
    """How the stateful engine draws chance (:mod:`hhh_verify.engines.stateful`): from
    the exact distribution, by the model's sampler, or ``auto`` (sampled when it can)."""

    AUTO = "auto"
    EXACT = "exact"
    SAMPLED = "sampled"


class AdapterChance(Vocabulary):
    """How the game adapters (:mod:`hhh_verify.adapters.core`) show chance: every
    outcome, one sampled outcome, or the average over sampled outcomes. Not
    :class:`ChanceMode`: the adapters have no ``auto`` and add ``sample-average``."""

    EXACT = "exact"
    SAMPLED = "sampled"
    SAMPLE_AVERAGE = "sample-average"


# --- the explorer -----------------------------------------------------------------------


class OptimisationMode(Vocabulary):
    """Whose play a probability assumes: the best, the worst, uniformly random; ``any``
    (only in the compiled sweeps' columns) asks whether a target is reachable at all."""

    MAX = "max"
    MIN = "min"
    RANDOM = "random"
    ANY = "any"


#: The modes a probability is reported under, in the reports' order.
PLAY_MODES = (OptimisationMode.MAX, OptimisationMode.MIN, OptimisationMode.RANDOM)


class NodeKind(Vocabulary):
    """An explored state's kind; the order is the explorer's code (``KIND_NAMES[code]``)."""

    EXPANDED = "expanded"
    TERMINAL = "terminal"
    CUT = "cut"
    PENDING = "pending"


class BuiltinGoal(Vocabulary):
    """The goals every game has, named by how it ends (with ``outcome:REASON``); ``end``
    (any end, or a state not expanded) is the compiled explorer's own target."""

    WON = "won"
    LOST = "lost"
    TERMINAL = "terminal"
    END = "end"


#: The prefix of the built-in goal ``outcome:REASON``.
OUTCOME_GOAL_PREFIX = "outcome:"


class ExploreStatus(Vocabulary):
    """A property after one exploration (``explore``'s JSON): ``holds`` / ``violated``
    (invariants), ``reachable`` / ``unreachable`` (goals), ``unknown`` when the
    exploration was cut short and found nothing."""

    HOLDS = "holds"
    VIOLATED = "violated"
    REACHABLE = "reachable"
    UNREACHABLE = "unreachable"
    UNKNOWN = "unknown"


class CheckKind(Vocabulary):
    """A compiled explorer check's kind: a state invariant, a goal, or a step check."""

    INVARIANT = "invariant"
    GOAL = "goal"
    STEP = "step"


class CheckSite(Vocabulary):
    """Where the compiled explorer computes a check: in the kernel, in Python on the
    decoded state, or not at all; ``no`` is the report's word for a part not checked."""

    COMPILED = "compiled"
    PYTHON = "python"
    UNCHECKED = "unchecked"
    NO = "no"


# --- diverge, impact, simulate -----------------------------------------------------------


class DivergeKind(Vocabulary):
    """How two readings differ at a witness state, in the order they are checked."""

    OUTCOME = "outcome"
    LEGAL_ACTIONS = "legal-actions"
    SUCCESSORS = "successors"


class Parting(Vocabulary):
    """How a compiled paired game ended (:class:`~hhh_verify.contract.kernel.PartedGame`):
    never parted, parted at the start, or parted by one :class:`DivergeKind`."""

    NONE = "none"
    START = "start"
    OUTCOME = "outcome"
    LEGAL_ACTIONS = "legal-actions"
    SUCCESSORS = "successors"


class DivergeEngine(Vocabulary):
    """Which search found a diverge witness (``none``: no search found one)."""

    EXPLORER = "explorer"
    DIFFERENTIAL = "differential"
    KERNEL = "kernel"
    NONE = "none"


class DivergeSearch(Vocabulary):
    """``diverge --engine``: the explorer then differential playouts (``auto``), only one
    of them, or differential playouts inside the game's kernel."""

    AUTO = "auto"
    EXPLORER = "explorer"
    DIFFERENTIAL = "differential"
    KERNEL = "kernel"


class ExploreEngine(Vocabulary):
    """``explore --engine``: the reference model's explorer or the compiled kernel's."""

    REFERENCE = "reference"
    KERNEL = "kernel"


class ReachEngine(Vocabulary):
    """What decides a ``reach`` goal: the explorer, Z3, both, or the best-first search."""

    EXPLORE = "explore"
    Z3 = "z3"
    BOTH = "both"
    SEARCH = "search"


class AmbiguitySort(Vocabulary):
    """``ambiguities --sort``: the registry's order, or the committed report's ranking."""

    REGISTRY = "registry"
    IMPACT = "impact"


class SimulateEngine(Vocabulary):
    """Where playouts run: ``auto`` (the kernel when it can serve), the game's compiled
    kernel, or the reference model."""

    AUTO = "auto"
    KERNEL = "kernel"
    REFERENCE = "reference"


class Severity(Vocabulary):
    """How much a reading matters (:mod:`hhh_verify.reporting.ranking`), most first."""

    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"
    NONE = "none"
    UNKNOWN = "unknown"


class ReportFormat(Vocabulary):
    """A file ``report`` writes per game."""

    MD = "md"
    HTML = "html"
    JSON = "json"


class KernelPart(Vocabulary):
    """What the model and its compiled kernel are compared on (``kernel-agrees``)."""

    CODEC = "codec"
    LEGAL = "legal actions"
    OUTCOME = "outcome"
    LAW = "law"
    SUCCESSORS = "successors"


# --- Z3 ---------------------------------------------------------------------------------


class SmtMethod(Vocabulary):
    """How a Z3 query's answer was reached (``method`` of its row)."""

    WITNESS = "witness"
    PROOF = "proof"
    BOUNDED = "bounded"
    UNKNOWN = "unknown"
    MISMATCH = "mismatch"
    INCOMPLETE = "incomplete"
    NONE = "none"


# --- the adapters ------------------------------------------------------------------------


class RenderMode(Vocabulary):
    """PettingZoo's render modes the adapter supports."""

    HUMAN = "human"
    RGB_ARRAY = "rgb_array"
    ANSI = "ansi"


# --- engine ids: the engines `check` runs -----------------------------------------------


class EngineId(Vocabulary):
    """An engine of ``check`` (:func:`hhh_verify.check.run.engines`), by its id: a check
    task names its engine with one, and the worker builds that engine from it. The value
    is the engine's ``name`` (the explorer's may carry its preset: ``explore:tiny``)."""

    FACTS = "facts"
    STATEFUL = "stateful"
    DISTRIBUTIONS = "distributions"
    EXPLORE = "explore"
    SWEEP = "sweep"
    Z3 = "z3"
    SEARCH = "search"
    KERNEL = "kernel"
