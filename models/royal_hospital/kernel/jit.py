"""How the kernel's functions are compiled: ``rule`` for the rules a game step runs,
``driver`` for the loops and final scores around them.

A ``rule`` function compiles without Numba's reference counting (``_nrt=False``): it
only reads and edits arrays its caller owns and allocates none, so there is nothing to
count, while with counting on every array argument of a call between two compiled
functions cost an atomic increment and decrement (about three quarters of a game's
time, measured). A ``driver`` allocates (batch loops, final scores, and Cleanup's
deaths, once a round, which copies the lists it edits) and keeps it. Numba passes
the option from caller to callee only when the callee sets none, so both name it.
"""

from __future__ import annotations

from numba import njit

# _nrt is Numba's private option, which its stubs do not declare
rule = njit(cache=True, _nrt=False)  # type: ignore[call-overload]
driver = njit(cache=True, _nrt=True)  # type: ignore[call-overload]
