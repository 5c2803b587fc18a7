"""Enumerating multisets without listing them: bounded compositions and tables.

The reference enumerates choices among identical dice and patients with ``itertools``
over tuples and keeps the distinct results (``set``); counted per kind, each distinct
result is one bounded composition (how many of each kind), and a split of several
kinds into several groups one table with given row and column sums. Both are walked
in place, one after another, in falling dictionary order.
"""

from __future__ import annotations

from numba import njit


@njit(cache=True)
def first_comp(x, caps, m, r) -> bool:
    """The largest ``x[0:m]`` (dictionary order) with ``x <= caps`` summing to ``r``;
    False when ``caps`` hold fewer than ``r``."""
    for i in range(m):
        x[i] = min(caps[i], r)
        r -= x[i]
    return r == 0


@njit(cache=True)
def next_comp(x, caps, m) -> bool:
    """The next smaller composition (same sum, same bounds); False after the last."""
    total_after = 0
    room_after = 0
    for i in range(m - 1, -1, -1):
        if x[i] > 0 and room_after > 0:
            x[i] -= 1
            rem = total_after + 1
            for j in range(i + 1, m):
                x[j] = min(caps[j], rem)
                rem -= x[j]
            return True
        total_after += x[i]
        room_after += caps[i] - x[i]
    return False


@njit(cache=True)
def first_table(X, need, rows, colrem, m) -> bool:
    """The first table of ``rows`` rows summing to ``need`` whose columns take from
    ``colrem`` (reduced in place by what the table takes)."""
    for j in range(rows):
        if not first_comp(X[j], colrem, m, need[j]):
            for i in range(m):
                colrem[i] -= X[j, i]
            return False
        for i in range(m):
            colrem[i] -= X[j, i]
    return True


@njit(cache=True)
def next_table(X, need, rows, colrem, m) -> bool:
    """The next table after ``X`` (as :func:`first_table` leaves ``colrem``)."""
    for j in range(rows - 1, -1, -1):
        for i in range(m):
            colrem[i] += X[j, i]
        if next_comp(X[j], colrem, m):
            for i in range(m):
                colrem[i] -= X[j, i]
            ok = True
            for jj in range(j + 1, rows):
                if not first_comp(X[jj], colrem, m, need[jj]):
                    ok = False
                for i in range(m):
                    colrem[i] -= X[jj, i]
            if ok:
                return True
            # an unfillable lower row (bounded, not exact, columns): keep walking
            for jj in range(rows - 1, j, -1):
                for i in range(m):
                    colrem[i] += X[jj, i]
            for jj in range(j + 1, rows):
                for i in range(m):
                    X[jj, i] = 0
            for i in range(m):
                colrem[i] += X[j, i]
            # retry this row's next composition
            while next_comp(X[j], colrem, m):
                for i in range(m):
                    colrem[i] -= X[j, i]
                ok = True
                for jj in range(j + 1, rows):
                    if not first_comp(X[jj], colrem, m, need[jj]):
                        ok = False
                    for i in range(m):
                        colrem[i] -= X[jj, i]
                if ok:
                    return True
                for jj in range(rows - 1, j, -1):
                    for i in range(m):
                        colrem[i] += X[jj, i]
                for i in range(m):
                    colrem[i] += X[j, i]
    return False
