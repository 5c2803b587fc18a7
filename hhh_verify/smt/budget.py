"""Z3 budgets that count work: resource units decide, seconds are only a safety net.

Z3 counts its basic operations in one counter ("rlimit count" in a solver's statistics)
and stops a check once it has spent the ``rlimit`` units it was given, answering
``unknown``. For the same question the same Z3 spends the same units on every run,
however busy the machine is; a time-out is not like that. So every query, reach and
proof gets a :class:`Budget` of resource units, and a :class:`Meter` draws every check
of one question from that one pool. The budget's ``seconds`` only guards against a
runaway check: when it fires the answer is ``unknown`` and marked incomplete
(:data:`SAFETY_NET`), never a different verdict.

The counter belongs to Z3's main context and runs in one thread here (Dask workers run
one thread each), so what a meter sees spent is what its own checks spent.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import z3

from hhh_verify.contract.errors import ModelError

#: Why a check gave up, besides Z3's own reasons.
WORK_SPENT = "rlimit spent"
SAFETY_NET = "time safety net"

#: The largest value of Z3's ``timeout`` (milliseconds, "none") and ``rlimit`` parameters
#: (unsigned 32-bit: a larger rlimit wraps around); a pool larger than this gives each
#: check at most this many units.
NO_TIMEOUT = MAX_UNITS = 4294967295
#: The slowest speed (resource units per second) the default safety net allows for: a
#: quarter of the slowest the registered queries ran on a loaded 2-core machine (Dice
#: Hospital's in-check query, 200,000 a second; most run at 1-5 million).
SLOW_UNITS_PER_SECOND = 50_000
#: The safety net is never shorter than this.
MIN_SAFETY_SECONDS = 120.0


def rlimit_count() -> int:
    """Z3's resource counter now (an empty check costs it 2 units)."""
    probe = z3.Solver()
    probe.check()
    return int(probe.statistics().get_key_value("rlimit count"))


def safety_seconds(rlimit: int) -> float:
    """The default safety net of a budget: the time ``rlimit`` units take at
    :data:`SLOW_UNITS_PER_SECOND`, at least :data:`MIN_SAFETY_SECONDS`."""
    return max(MIN_SAFETY_SECONDS, rlimit / SLOW_UNITS_PER_SECOND)


@dataclass(frozen=True)
class Budget:
    """Z3 resource units one question may spend (``rlimit``, what decides), and a
    wall-clock safety net in seconds (default :func:`safety_seconds`)."""

    rlimit: int
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.rlimit < 1:
            raise ModelError(f"--rlimit must be at least 1, got {self.rlimit}")
        if self.seconds is not None and self.seconds <= 0:
            raise ModelError(f"the time safety net must be positive, got {self.seconds}")

    @property
    def safety(self) -> float:
        """The safety net in seconds (given, or derived from the units)."""
        return self.seconds if self.seconds is not None else safety_seconds(self.rlimit)

    def meter(self) -> Meter:
        """Start spending this budget."""
        return Meter(self.rlimit, time.perf_counter() + self.safety, self.safety)

    def to_json(self) -> dict[str, Any]:
        return {"rlimit": self.rlimit, "safety_seconds": self.safety}


class Meter:
    """A budget being spent: every check draws on one pool of units and one deadline.

    ``stop`` says why the last check gave up (:data:`WORK_SPENT`, :data:`SAFETY_NET`, or
    Z3's own reason); ``safety_fired`` stays True once the safety net fired here or in a
    :meth:`share` of this meter.
    """

    def __init__(
        self, rlimit: int, deadline: float, seconds: float, parent: Meter | None = None
    ) -> None:
        self.rlimit = rlimit
        self.deadline = deadline
        self.seconds = seconds
        self.parent = parent
        self.base = rlimit_count()
        self.stop = ""
        self.safety_fired = False

    def spent(self) -> int:
        """Units spent since this meter started."""
        return rlimit_count() - self.base

    def left(self) -> int:
        return self.rlimit - self.spent()

    def share(self, fraction: float) -> Meter:
        """A meter for one part of the work: ``fraction`` of the units left, the same
        deadline (what it spends is spent here too)."""
        return Meter(max(1, int(self.left() * fraction)), self.deadline, self.seconds, self)

    def check(self, solver: Any, *assumptions: Any) -> Any:
        """``solver.check()`` within what is left: ``unknown`` (with :attr:`stop` set)
        when the units run out or the safety net fires."""
        units = min(self.left(), MAX_UNITS)
        if units <= 0:
            self.stop = WORK_SPENT
            return z3.unknown
        seconds = self.deadline - time.perf_counter()
        if seconds <= 0:
            self._fired()
            return z3.unknown
        solver.set("rlimit", units)
        solver.set("timeout", min(NO_TIMEOUT, max(1, int(seconds * 1000))))
        start = rlimit_count()
        r = solver.check(*assumptions)
        if r != z3.unknown:
            self.stop = ""
        elif rlimit_count() - start >= units:
            self.stop = WORK_SPENT
        elif time.perf_counter() >= self.deadline:
            self._fired()
        else:
            self.stop = solver.reason_unknown()
        return r

    def _fired(self) -> None:
        self.stop = SAFETY_NET
        m: Meter | None = self
        while m is not None:
            m.safety_fired = True
            m = m.parent

    def why(self) -> str:
        """The last stop in words (for an ``unknown`` answer's detail)."""
        if self.stop == WORK_SPENT:
            return f"rlimit of {self.rlimit:,} Z3 resource units spent"
        if self.stop == SAFETY_NET:
            return f"time safety net ({self.seconds:g} s) fired: incomplete"
        return self.stop or "bound reached"


def as_meter(budget: Budget | Meter) -> Meter:
    """A meter for ``budget`` (a :class:`Meter` is used as it is)."""
    return budget if isinstance(budget, Meter) else budget.meter()
