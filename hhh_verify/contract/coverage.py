"""Which readings a fast engine has code for: a game's compiled kernel
(``GameSpec.compiled``) and its Z3 encoding (``SmtSupport.encoded``) each declare the
options they implement, as members of the game's generated readings module
(``R.ROOM_CAP.SIX_TOTAL``).

An option is written once, in the reference model (``models/<game>/rules/``), and runs
in every engine: where the kernel does not compile it, ``simulate``, ``impact``,
``report``, ``diverge``, ``explore`` and ``optimal`` play the reference model and say so
(one ``note:`` line); where the encoding does not cover it, a query answers "not
encoded"; ``check``'s kernel agreement skips it with that reason. The declaration lists
options one by one (a kernel cannot tell which options it compiles: its codec reads the
rules' context, not the options): a new option is added to it with its kernel code, and
the agreement tests (``tests/test_kernel_agreement.py``) compare the kernel with the
model under every option it declares, so a declared option the kernel does not compile
fails there.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from hhh_verify.contract.interpretations import AmbiguityRegistry, Readings
from hhh_verify.contract.readings import Reading

#: Where the measured cost of the reference model is printed.
COST_BENCHMARK = "benchmarks/reference_cost.py"


@dataclass(frozen=True)
class Coverage:
    """The options (``(ambiguity id, option id)``) an engine implements, and for a
    kernel how many times slower the reference model plays the same games
    (``slowdown``, measured by :data:`COST_BENCHMARK`; 0 = not measured)."""

    options: frozenset[tuple[str, str]]
    slowdown: int = 0
    measured: str = ""

    @classmethod
    def of(cls, *members: Reading, slowdown: int = 0, measured: str = "") -> Coverage:
        """The coverage of ``members`` (``R.ROOM_CAP.SIX_TOTAL``, ...)."""
        return cls(frozenset((m.ambiguity, m.option) for m in members), slowdown, measured)

    def covers(self, ambiguity_id: str, option: str) -> bool:
        return (ambiguity_id, option) in self.options

    def missing(self, readings: Readings) -> list[str]:
        """The options in force in ``readings`` this engine does not implement, as
        ``ID=OPTION`` (empty: it runs them all)."""
        return [f"{k}={v}" for k, v in readings.choices if not self.covers(k, v)]

    def missing_of(self, items: Iterable[tuple[str, str]]) -> list[str]:
        """Those of ``items`` (``(ambiguity id, option)``) not implemented, as ``ID=OPTION``,
        each once, in order."""
        out = [f"{k}={v}" for k, v in items if not self.covers(k, v)]
        return list(dict.fromkeys(out))

    def unknown(self, registry: AmbiguityRegistry) -> list[str]:
        """Declared options the registry does not have (a stale declaration)."""
        known = {(a.id, o) for a in registry for o in a.option_ids}
        return sorted(f"{k}={v}" for k, v in self.options - known)

    def cost(self) -> str:
        """The measured cost of running on the reference model instead, in words."""
        if not self.slowdown:
            return "its cost against the kernel is not measured"
        return f"about {self.slowdown} times slower, measured: {self.measured} ({COST_BENCHMARK})"


def every_option(registry: AmbiguityRegistry) -> list[tuple[str, str]]:
    """Every ``(ambiguity id, option)`` of ``registry``, in its order."""
    return [(a.id, o) for a in registry for o in a.option_ids]


def reference_note(missing: Iterable[str], coverage: Coverage) -> str:
    """The one line a command prints when a reading it runs is not compiled."""
    names = ", ".join(missing)
    verb = "is" if "," not in names else "are"
    return (
        f"note: {names} {verb} not compiled; this run uses the reference model for it "
        f"({coverage.cost()})"
    )
