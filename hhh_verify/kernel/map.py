"""Which reference function each compiled kernel function mirrors.

A game's kernel (``models/<game>/kernel/``) is a second copy of its rules, proven equal
to the reference model by tests. A :class:`KernelMap` (``models/<game>/kernel_map.py``,
beside the kernel so that adding it does not invalidate the kernel's compiled cache)
names, for every compiled function of the kernel, the reference function it mirrors, or
why it mirrors none (a random-number generator, the flat-state codec, the batch loop).
A reviewer reads a kernel function beside its reference, and a change to one side shows
where the other must follow; :func:`problems` keeps the map complete.
"""

from __future__ import annotations

import pkgutil
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any


@dataclass(frozen=True)
class KernelMap:
    """``kernel``: the kernel package; ``reference``: the game package. ``mirrors``:
    ``"module.function"`` of the kernel -> ``"module:qualname"`` of the reference (both
    relative to their package); ``kernel_only``: kernel function -> why it has none."""

    kernel: str
    reference: str
    mirrors: Mapping[str, str]
    kernel_only: Mapping[str, str]


def compiled_functions(package: str) -> set[str]:
    """``"module.function"`` of every compiled (Numba dispatcher) function defined in
    the modules of ``package``."""
    found = set()
    for info in pkgutil.iter_modules(import_module(package).__path__):
        module = import_module(f"{package}.{info.name}")
        for name, obj in vars(module).items():
            py_func = getattr(obj, "py_func", None)
            if py_func is not None and py_func.__module__ == module.__name__:
                found.add(f"{info.name}.{name}")
    return found


def _resolve(package: str, target: str) -> Any:
    module, _, qualname = target.partition(":")
    obj: Any = import_module(f"{package}.{module}")
    for part in qualname.split("."):
        obj = getattr(obj, part)
    return obj


def problems(table: KernelMap) -> list[str]:
    """What is wrong with ``table``: compiled functions it does not name, names that are
    no compiled function, a function in both lists, reference targets that do not exist."""
    compiled = compiled_functions(table.kernel)
    named = set(table.mirrors) | set(table.kernel_only)
    out = [
        f"{f}: compiled, but in neither mirrors nor kernel_only" for f in sorted(compiled - named)
    ]
    out += [f"{f}: named, but no compiled function" for f in sorted(named - compiled)]
    out += [
        f"{f}: both mirrors a function and is kernel-only"
        for f in sorted(set(table.mirrors) & set(table.kernel_only))
    ]
    for f, target in sorted(table.mirrors.items()):
        try:
            if not callable(_resolve(table.reference, target)):
                out.append(f"{f}: {target} is not a function")
        except (ImportError, AttributeError):
            out.append(f"{f}: {target} does not exist in {table.reference}")
    out += [
        f"{f}: kernel-only without a reason"
        for f, why in table.kernel_only.items()
        if not why.strip()
    ]
    return out
