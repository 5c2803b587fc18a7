"""Keep Numba's on-disk cache of the kernel consistent with its source.

``@njit(cache=True)`` pays the compile time once (the cache lives in ``__pycache__``
beside these files), but Numba re-validates a cached function only against its own
file: a function whose callee changed in another file would keep running the old
callee. So the cache carries a stamp of every kernel source file; when any file
changes, every cached kernel function is dropped and compiled afresh.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

HERE = Path(__file__).resolve().parent


def source_stamp() -> str:
    h = hashlib.sha256()
    for f in sorted(HERE.glob("*.py")):
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def ensure_fresh() -> None:
    """Drop cached compiled kernel functions built from other sources (best effort)."""
    dirs = [HERE / "__pycache__"]
    extra = os.environ.get("NUMBA_CACHE_DIR")
    if extra:
        dirs.append(Path(extra))
    stamp = source_stamp()
    for d in dirs:
        mark = d / "dh-kernel.stamp"
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
