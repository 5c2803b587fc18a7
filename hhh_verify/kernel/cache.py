"""Keep Numba's on-disk cache of a game's kernel consistent with its source.

``@njit(cache=True)`` pays the compile time once (the cache lives in ``__pycache__``
beside the kernel's files), but Numba re-validates a cached function only against its
own file: a function whose callee changed in another file would keep running the old
callee. So the cache carries a stamp of every source file of the kernel's folder and of
the framework's files compiled into it (the ``hhh_verify.kernel_*`` modules its files
import, such as :mod:`hhh_verify.kernel.edges`); when any file changes, every cached
kernel function is dropped and compiled afresh.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from pathlib import Path


def source_stamp(folder: Path, shared: Sequence[Path] = ()) -> str:
    """A digest of every ``*.py`` file in ``folder`` and of the ``shared`` compiled
    files its functions call (names and contents)."""
    h = hashlib.sha256()
    for f in [*sorted(folder.glob("*.py")), *shared]:
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def ensure_fresh(folder: Path, name: str, shared: Sequence[Path] = ()) -> None:
    """Drop cached compiled functions of the kernel in ``folder`` built from other
    sources (best effort); ``name`` names its stamp file (``<name>-kernel.stamp``);
    ``shared``: compiled files outside ``folder`` that its functions call."""
    dirs = [folder / "__pycache__"]
    extra = os.environ.get("NUMBA_CACHE_DIR")
    if extra:
        dirs.append(Path(extra))
    stamp = source_stamp(folder, shared)
    for d in dirs:
        mark = d / f"{name}-kernel.stamp"
        try:
            if mark.exists() and mark.read_text() == stamp:
                continue
            d.mkdir(parents=True, exist_ok=True)
            for f in d.rglob("*"):
                if f.suffix in (".nbi", ".nbc") and ("kernel" in str(f) or d == dirs[0]):
                    f.unlink(missing_ok=True)
            mark.write_text(stamp)
        except OSError:
            continue
