"""Small z3 term helpers shared by the encodings (no game knowledge).

A symbolic state is a plain ``dict`` from field name to z3 integer term; rules copy it
and update fields with guarded assignments (``If(cond, new, old)``), so a step is a
function of the previous state, the action parameters and the chance variables.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import z3

Term = Any  # z3.ArithRef or a Python int


def zsum(xs: Sequence[Term]) -> Term:
    return z3.Sum(list(xs)) if len(xs) > 1 else (xs[0] if xs else z3.IntVal(0))


def zmin(a: Term, b: Term) -> Term:
    return z3.If(a <= b, a, b)


def zmax(a: Term, b: Term) -> Term:
    return z3.If(a >= b, a, b)


def sel(xs: Sequence[Term], idx: Term) -> Term:
    """``xs[idx]`` for a symbolic index (0 when out of range)."""
    out: Term = z3.IntVal(0)
    for i in reversed(range(len(xs))):
        out = z3.If(idx == i, xs[i], out)
    return out


class Builder:
    """Fresh variables and side constraints of one symbolic step.

    ``fresh`` names are unique per step (``prefix``); ``require(cond, c)`` records that
    constraint ``c`` must hold whenever ``cond`` does (a draw's support, say).
    """

    def __init__(self, prefix: str):
        self.prefix = prefix
        self.constraints: list[Any] = []
        self.scope: Any = True  # the rule being built: its constraints apply only then
        self._n = 0

    def fresh(self, name: str) -> Any:
        self._n += 1
        return z3.Int(f"{self.prefix}.{name}.{self._n}")

    def fresh_vec(self, name: str, n: int) -> list[Any]:
        return [self.fresh(f"{name}{i}") for i in range(n)]

    def require(self, cond: Any, c: Any) -> None:
        self.constraints.append(z3.Implies(z3.And(self.scope, cond), c))


class St:
    """A symbolic state under construction: guarded updates of named integer terms."""

    def __init__(self, fields: dict[str, Term]):
        self.f = dict(fields)

    def copy(self) -> St:
        return St(self.f)

    def __getitem__(self, name: str) -> Term:
        return self.f[name]

    def vec(self, prefix: str, n: int) -> list[Term]:
        return [self.f[f"{prefix}{i}"] for i in range(n)]

    def set(self, name: str, value: Term, cond: Any = True) -> None:
        self.f[name] = value if cond is True else z3.If(cond, value, self.f[name])

    def add(self, name: str, delta: Term, cond: Any = True) -> None:
        self.set(name, self.f[name] + delta, cond)

    def set_vec(self, prefix: str, values: Sequence[Term], cond: Any = True) -> None:
        for i, v in enumerate(values):
            self.set(f"{prefix}{i}", v, cond)

    def add_at(self, prefix: str, n: int, idx: Term, delta: Term, cond: Any = True) -> None:
        """``prefix[idx] += delta`` for a symbolic index."""
        for i in range(n):
            self.set(f"{prefix}{i}", self.f[f"{prefix}{i}"] + delta, z3.And(cond, idx == i))
