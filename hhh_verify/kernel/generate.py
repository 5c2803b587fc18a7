"""Game kernels' compiled drivers written from one template each (issue 36).

A compiled loop that calls a game's own ``apply`` / ``legal`` cannot be shared as one
function: Numba refuses a loop taking the rules as an argument ("dynamic globals") and
does not cache one built in a factory (``docs/kernels.md``). So where two games' drivers
are the same code over their own rules, the code is one template here
(``templates/<name>.py.tmpl``) and each game's copy is generated from it: a game lists
the templates it uses, with its hooks, in ``kernel/drivers.py`` (``DRIVERS``, a tuple of
:class:`Driver`), and ``python -m hhh_verify.kernel.generate`` writes
``kernel/<name>.py`` beside its hand-written files (``--check``: only say which files
differ). ``tests/test_kernel_generated.py`` fails when a generated file differs from
what the generator writes now (a hand edit, or a template changed without
regenerating). The generated files are ordinary ``*.py`` files of the kernel's folder,
so the kernel's cache stamp (:mod:`hhh_verify.kernel.cache`) covers them.

A hook is a ``$name`` in the template (:class:`string.Template`, every one required);
after substitution each run of relative imports (``from .x import ...``) is sorted, so
a hook naming a module keeps the import block in the order ``ruff`` wants.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from importlib import import_module
from pathlib import Path
from string import Template

from hhh_verify.contract import registry
from hhh_verify.contract.outputs import write_atomic

TEMPLATES = Path(__file__).resolve().parent / "templates"


class Shape(Enum):
    """A generated driver file: the template ``templates/<value>.py.tmpl`` written as the
    game's ``kernel/<value>.py``."""

    EXPAND = "expand"  # expand_rows: the compiled explorer's batch of states into edges
    LEAF = "leaf"  # run_leaf, sample_leaf: one step run from Python (exact or sampled)
    PARTED = "parted"  # play_until_parted: one paired game until two readings part

    @property
    def template(self) -> Path:
        return TEMPLATES / f"{self.value}.py.tmpl"


@dataclass(frozen=True)
class Driver:
    """One generated file of a game's kernel: its template and the game's hooks."""

    shape: Shape
    hooks: Mapping[str, str] = field(default_factory=dict)


def render(driver: Driver) -> str:
    """The text of ``driver``'s file: its template with the hooks filled in, each run of
    relative imports sorted. A hook the template names but ``hooks`` lacks is a
    ``KeyError``; a hook ``hooks`` names but the template lacks a ``ValueError``."""
    template = Template(driver.shape.template.read_text(encoding="utf-8"))
    unused = set(driver.hooks) - set(template.get_identifiers())
    if unused:
        raise ValueError(f"{driver.shape.value}: no such hook: {', '.join(sorted(unused))}")
    return _sort_relative_imports(template.substitute(driver.hooks))


def _sort_relative_imports(text: str) -> str:
    out: list[str] = []
    run: list[str] = []
    for line in text.splitlines(keepends=True):
        if line.startswith("from ."):
            run.append(line)
            continue
        out += sorted(run)
        run = []
        out.append(line)
    out += sorted(run)
    return "".join(out)


def kernel_folder(package: str) -> Path:
    """The folder of the kernel of the game in ``package`` (``<package>.kernel``)."""
    module = import_module(f"{package}.kernel")
    return Path(module.__file__ or "").resolve().parent


def drivers_of(package: str) -> tuple[Driver, ...]:
    """The generated drivers a game's kernel declares (none without ``kernel/drivers.py``)."""
    try:
        module = import_module(f"{package}.kernel.drivers")
    except ModuleNotFoundError:
        return ()
    return tuple(module.DRIVERS)


def targets() -> Iterator[tuple[Path, str]]:
    """Every generated file of every installed game's kernel with the text it should
    hold."""
    for game, spec in registry.games().items():
        if spec.kernel is None:
            continue
        package = registry.package_of(game)
        folder = kernel_folder(package)
        for driver in drivers_of(package):
            yield folder / f"{driver.shape.value}.py", render(driver)


def stale(files: Iterator[tuple[Path, str]]) -> list[Path]:
    """The files of ``files`` whose text differs from the one given (or that are missing)."""
    return [
        path
        for path, text in files
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]


def write(path: Path, text: str) -> bool:
    """Write ``path`` (replaced whole: written beside it, then renamed); whether it
    changed."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    write_atomic(str(path), text)
    return True


def main(argv: list[str]) -> int:
    """``python -m hhh_verify.kernel.generate [--check]``."""
    parser = argparse.ArgumentParser(
        prog="python -m hhh_verify.kernel.generate",
        description="Write every game kernel's generated driver files from their templates.",
    )
    parser.add_argument(
        "--check", action="store_true", help="write nothing; exit 1 if a file is not current"
    )
    args = parser.parse_args(argv)
    wanted = list(targets())
    if args.check:
        old = stale(iter(wanted))
        for path in old:
            print(f"{path}: not current (regenerate: python -m hhh_verify.kernel.generate)")
        return 1 if old else 0
    for path, text in wanted:
        print(f"{path}: {'written' if write(path, text) else 'unchanged'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
