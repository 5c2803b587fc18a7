"""Keep Numba's on-disk cache of a game's kernel consistent with its source, and never
let a cache decide a result.

``@njit(cache=True)`` pays the compile time once, but Numba re-validates a cached
function only against its own file: a function whose callee changed in another file, or
whose compile-time constants come from another module (``from ..rules.state import
OVER``), would keep running the old code. So the cache carries a stamp
(:func:`kernel_stamp`) of every source file of the kernel's folder, of the framework's
files compiled into it, of every project module those files import (followed through
the game's package and ``hhh_verify/kernel``), of the toolchain (Python, Numba,
llvmlite, NumPy, the CPU) and of the ``NUMBA_*`` environment; when any of it changes,
the kernel's cached functions are dropped and compiled afresh (:func:`ensure_fresh`,
under a lock file so two processes never drop files together, the stamp written whole).

Numba's own cache file (``numba.core.caching.IndexDataCacheFile``) writes a function's
index before its data and numbers its data files in order, so two processes compiling
two signatures of one function at once, or one killed between the two writes, can
leave an index naming another signature's or another source's data (numba issues
10128, 10486 and 10656 are the same family). :class:`CheckedCacheFile` replaces it for
every function decorated after :func:`install` (``hhh_verify.kernel`` installs it on
import): the data is written first, under a name drawn from its key and source, and
the index is read, edited and written under a lock; an unreadable file is a miss.

Last, each kernel checks a small recorded count on first use in a process
(:func:`validated`); a cache that disagrees is dropped and rebuilt, with one warning.
"""

from __future__ import annotations

import ast
import contextlib
import fcntl
import hashlib
import os
import platform
import sys
import tempfile
import warnings
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import llvmlite
import numba
import numpy
from numba.core import caching, config
from numba.core.dispatcher import Dispatcher

#: the most files one kernel's stamp reads (its folder, shared files and imports)
MAX_STAMPED_FILES = 2000

FRAMEWORK = Path(__file__).resolve().parent  # hhh_verify/kernel
PROJECT = FRAMEWORK.parent  # hhh_verify


class CacheWarning(UserWarning):
    """A compiled kernel's cache disagreed with its recorded check and was rebuilt."""


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """An exclusive ``flock`` on ``path`` (created if missing) for the block."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def write_whole(path: Path, text: str) -> None:
    """Write ``path`` so a reader sees the old text or the new one, never a part."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


class CheckedCacheFile(caching.IndexDataCacheFile):  # type: ignore[misc]
    """Numba's index and data files, written so an index never names data of another
    signature or source: data first, named by its key and source stamp, the index
    edited under a lock; a file that cannot be read is a cache miss."""

    def _keyed_name(self, key: Any) -> str:
        h = hashlib.sha256(repr(key).encode())
        h.update(repr(self._source_stamp).encode())
        return f"{self._index_name[: -len('.nbi')]}.{h.hexdigest()[:20]}.nbc"

    def save(self, key: Any, data: Any) -> None:
        name = self._keyed_name(key)
        self._save_data(name, data)
        with locked(Path(self._cache_path) / "index.lock"):
            overloads = self._load_index()
            overloads[key] = name
            self._save_index(overloads)

    def load(self, key: Any) -> Any:
        name = self._load_index().get(key)
        if name != self._keyed_name(key):
            return None  # absent, or written by Numba's own numbering
        try:
            return self._load_data(name)
        except Exception:  # a truncated or foreign file: compile afresh
            return None

    def _load_index(self) -> dict[Any, str]:
        try:
            overloads: dict[Any, str] = super()._load_index()
        except Exception:  # truncated or corrupt: as if absent
            return {}
        return overloads


def install() -> None:
    """Make every ``cache=True`` function decorated from now on use
    :class:`CheckedCacheFile` (Numba builds it by this module-level name)."""
    caching.IndexDataCacheFile = CheckedCacheFile  # type: ignore[misc]


def toolchain() -> str:
    """What shapes compiled code besides the sources: Python, Numba, llvmlite, NumPy,
    the machine and CPU, and every ``NUMBA_*`` environment variable."""
    from llvmlite import binding

    try:
        features = binding.get_host_cpu_features().flatten()
    except RuntimeError:
        features = ""
    env = sorted((k, v) for k, v in os.environ.items() if k.startswith("NUMBA_"))
    parts = [
        sys.version,
        sys.implementation.cache_tag,
        platform.machine(),
        numba.__version__,
        llvmlite.__version__,
        numpy.__version__,
        binding.get_host_cpu_name(),
        features,
        repr(env),
    ]
    return "\n".join(parts)


def _module_file(dotted: str, models: Path) -> Path | None:
    """The project file of module ``dotted`` (``hhh_verify.models.*`` lives in
    ``models``), or None outside the project."""
    if dotted.startswith("hhh_verify.models."):
        base, rest = models, dotted.split(".")[2:]
    elif dotted.startswith("hhh_verify."):
        base, rest = PROJECT, dotted.split(".")[1:]
    else:
        return None
    path = base.joinpath(*rest)
    for f in (path.with_suffix(".py"), path / "__init__.py"):
        if f.is_file():
            return f.resolve()
    return None


def _imported(f: Path, models: Path) -> set[Path]:
    """The project files ``f`` imports from (a name imported from a package counts
    its submodule file when there is one)."""
    names: list[str] = []
    tree = ast.parse(f.read_text(encoding="utf-8"))
    package = _package_of(f, models)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            names.append(base)
            names += [f"{base}.{a.name}" for a in node.names]
    found = {_module_file(n, models) for n in names}
    return {p for p in found if p is not None}


def _package_of(f: Path, models: Path) -> str:
    """The dotted package holding file ``f`` (installed names: ``hhh_verify.models.*``)."""
    if f.is_relative_to(models):
        return ".".join(["hhh_verify", "models", *f.parent.relative_to(models).parts])
    return ".".join(["hhh_verify", *f.parent.relative_to(PROJECT).parts])


def stamped_files(folder: Path, shared: Sequence[Path] = ()) -> list[Path]:
    """The files whose text shapes ``folder``'s compiled code: its ``*.py`` files, the
    ``shared`` framework files, and the project modules they import, followed through
    the game's package (``folder.parent``) and ``hhh_verify/kernel``."""
    models = folder.parent.parent
    own = [*sorted(folder.glob("*.py")), *(Path(p).resolve() for p in shared)]
    seen: dict[Path, None] = dict.fromkeys(own)
    todo = list(own)
    while todo:
        f = todo.pop()
        if not (f.is_relative_to(folder.parent) or f.is_relative_to(FRAMEWORK)):
            continue
        for g in sorted(_imported(f, models)):
            if g not in seen:
                if len(seen) >= MAX_STAMPED_FILES:
                    raise RuntimeError(f"kernel stamp: more than {MAX_STAMPED_FILES} files")
                seen[g] = None
                todo.append(g)
    return list(seen)


def source_stamp(folder: Path, shared: Sequence[Path] = ()) -> str:
    """A digest of every ``*.py`` file in ``folder`` and of the ``shared`` compiled
    files its functions call (names and contents)."""
    h = hashlib.sha256()
    for f in [*sorted(folder.glob("*.py")), *shared]:
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def kernel_stamp(folder: Path, shared: Sequence[Path] = ()) -> str:
    """A digest of everything that shapes ``folder``'s compiled code
    (:func:`stamped_files` by path and content, and :func:`toolchain`)."""
    h = hashlib.sha256(toolchain().encode())
    for f in stamped_files(folder, shared):
        h.update(str(f).encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def cache_dir(source: Path) -> Path:
    """Where Numba keeps the cache of functions defined in file ``source``."""
    root: str = config.CACHE_DIR  # type: ignore[attr-defined]  # set by NUMBA_CACHE_DIR
    if root:
        return Path(root) / caching._CacheLocator.get_suitable_cache_subpath(str(source))
    return source.parent / "__pycache__"


def drop(folder: Path, shared: Sequence[Path] = ()) -> None:
    """Delete the cached compiled functions of ``folder`` and of the ``shared`` files."""
    targets = [(cache_dir(folder / "x.py"), "")]
    targets += [(cache_dir(Path(p)), Path(p).stem + ".") for p in shared]
    for d, prefix in targets:
        if not d.is_dir():
            continue
        for f in d.iterdir():
            if f.suffix in (".nbi", ".nbc") and f.name.startswith(prefix):
                f.unlink(missing_ok=True)


def ensure_fresh(folder: Path, name: str, shared: Sequence[Path] = ()) -> None:
    """Drop cached compiled functions of the kernel in ``folder`` built from other
    sources or another toolchain (best effort); ``name`` names its stamp file
    (``<name>-kernel.stamp``, beside the folder's cache, written whole); ``shared``:
    compiled files outside ``folder`` that its functions call. Processes running it
    at once take turns (``<name>-kernel.lock``)."""
    d = cache_dir(folder / "x.py")
    stamp = kernel_stamp(folder, shared)
    mark = d / f"{name}-kernel.stamp"
    try:
        d.mkdir(parents=True, exist_ok=True)
        with locked(d / f"{name}-kernel.lock"):
            if mark.exists() and mark.read_text() == stamp:
                return
            drop(folder, shared)
            write_whole(mark, stamp)
    except OSError:
        return


_CHECKED: set[str] = set()


def reset(modules: Sequence[ModuleType]) -> None:
    """Forget every compiled function of ``modules`` in this process (the next call
    compiles afresh, or loads from the cache)."""
    for m in modules:
        for value in vars(m).values():
            if isinstance(value, Dispatcher):
                value._reset_overloads()  # type: ignore[attr-defined]


def validated(
    name: str, check: Callable[[], bool], folder: Path, shared: Sequence[Path], package: str
) -> None:
    """Run ``check`` (a small recorded count of the kernel) once per process; if it
    fails, warn once, drop the kernel's cache on disk and in memory (the modules under
    ``package`` and the ``shared`` ones) and check again; a second failure is an error."""
    if name in _CHECKED:
        return
    if not check():
        warnings.warn(
            f"{name}: the compiled kernel's cache disagreed with its recorded check;"
            " dropped and rebuilt",
            CacheWarning,
            stacklevel=3,
        )
        d = cache_dir(folder / "x.py")
        with locked(d / f"{name}-kernel.lock"):
            drop(folder, shared)
        files = {str(Path(p).resolve()) for p in shared}
        modules = [
            m
            for k, m in list(sys.modules.items())
            if k.startswith(package + ".") or getattr(m, "__file__", None) in files
        ]
        reset(modules)
        if not check():
            raise RuntimeError(f"{name}: the compiled kernel fails its recorded check")
    _CHECKED.add(name)
