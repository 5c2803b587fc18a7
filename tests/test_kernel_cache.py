"""The compiled kernels' cache stamp (hhh_verify/kernel/cache.py): a change to a kernel's
own file or to a framework file compiled into it (``hhh_verify.kernel.edges``,
``hhh_verify.kernel.packing``) changes the stamp, so Numba's cache is dropped rather than served stale."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import hhh_verify.models
from hhh_verify.kernel.cache import source_stamp
from hhh_verify.models.hhh.kernel.cache import RECORDED as RECORDED_TINY


def test_the_stamp_follows_the_folder_and_the_shared_files(tmp_path: Path) -> None:
    folder = tmp_path / "kernel"
    folder.mkdir()
    (folder / "rules.py").write_text("A = 1\n")
    shared = tmp_path / "edges.py"
    shared.write_text("B = 1\n")
    before = source_stamp(folder, [shared])
    assert source_stamp(folder, [shared]) == before
    assert source_stamp(folder) != before  # the shared file counts
    shared.write_text("B = 2\n")
    changed_shared = source_stamp(folder, [shared])
    assert changed_shared != before
    (folder / "rules.py").write_text("A = 2\n")
    assert source_stamp(folder, [shared]) != changed_shared


FRAMEWORK = Path(source_stamp.__code__.co_filename).resolve().parent


def test_the_games_that_share_edge_code_stamp_it() -> None:
    """Royal and Dice Hospital's graph sources call ``hhh_verify.kernel.edges``, so their
    cache modules pass it to the stamp."""
    from hhh_verify.models.dice_hospital.kernel import cache as dh_cache
    from hhh_verify.models.royal_hospital.kernel import cache as rh_cache

    for module in (dh_cache, rh_cache):
        assert "edges" in _stamped(Path(module.__file__ or "").read_text())


def compiled(module: str) -> bool:
    """Whether the framework's ``hhh_verify/kernel/<module>.py`` holds compiled code."""
    return "njit" in (FRAMEWORK / f"{module}.py").read_text()


def _names_imported_from(text: str) -> set[str]:
    """The framework kernel modules (``hhh_verify.kernel.X``) holding compiled code that a
    source file imports names from (names compiled code can read; a module imported whole
    serves Python code)."""
    found = set(re.findall(r"from hhh_verify\.kernel\.(\w+) import", text))
    return {m for m in found if compiled(m)}


def _stamped(cache_source: str) -> set[str]:
    """The framework kernel modules a kernel's ``cache.py`` imports to stamp."""
    names = set(re.findall(r"from hhh_verify\.kernel import (\w+)", cache_source))
    return names - {"cache"}


def test_every_framework_file_a_kernel_imports_from_is_stamped() -> None:
    """A framework kernel module with compiled code whose names a file of a game's kernel
    folder imports is compiled into it, so the folder's ``cache.py`` names it among the
    shared files."""
    models = Path(hhh_verify.models.__file__ or "").resolve().parent
    folders = sorted(p.parent for p in models.glob("*/kernel/cache.py"))
    assert len(folders) == 3
    seen: set[str] = set()
    for folder in folders:
        used: set[str] = set()
        for f in folder.glob("*.py"):
            used |= _names_imported_from(f.read_text())
        stamped = _stamped((folder / "cache.py").read_text())
        assert used <= stamped, (folder, used - stamped)
        seen |= used
    assert {"edges", "packing"} <= seen  # the scan sees the real imports


def test_the_import_scan_fails_on_a_missing_stamp() -> None:
    """Planted: a kernel file importing from a module its cache does not stamp."""
    kernel_file = (
        "from hhh_verify.kernel.edges import add_edge\n"
        "from hhh_verify.kernel import steps as kernel_steps\n"
        "from hhh_verify.kernel.batch import SeatBatch\n"
    )
    assert _names_imported_from(kernel_file) == {"edges"}
    assert not _names_imported_from(kernel_file) <= _stamped(
        "from hhh_verify.kernel import cache as kernel_cache\n"
    )
    assert _stamped(
        "from hhh_verify.kernel import cache as kernel_cache\n"
        "from hhh_verify.kernel import edges as kernel_edges\n"
    ) == {"edges"}


def _game(tmp_path: Path, rule: str) -> Path:
    """A game package ``models/game`` whose kernel reads a constant from its rules."""
    root = tmp_path / "models" / "game"
    for sub in ("kernel", "rules"):
        (root / sub).mkdir(parents=True)
        (root / sub / "__init__.py").write_text("")
    (root / "kernel" / "board.py").write_text("from ..rules.state import OVER\n")
    (root / "rules" / "state.py").write_text(rule)
    (root / "rules" / "other.py").write_text("X = 1\n")
    return root / "kernel"


def test_the_stamp_follows_the_rules_modules_the_kernel_imports(tmp_path: Path) -> None:
    """A compile-time constant from the game's rules (``from ..rules.state import OVER``)
    is in the stamp; a rules module the kernel does not import is not."""
    from hhh_verify.kernel.cache import kernel_stamp

    folder = _game(tmp_path, "OVER = 9\n")
    before = kernel_stamp(folder)
    (folder.parent / "rules" / "other.py").write_text("X = 2\n")
    assert kernel_stamp(folder) == before
    (folder.parent / "rules" / "state.py").write_text("OVER = 8\n")
    assert kernel_stamp(folder) != before


def test_the_stamp_follows_numba_settings(tmp_path: Path, monkeypatch: Any) -> None:
    from hhh_verify.kernel.cache import kernel_stamp

    folder = _game(tmp_path, "OVER = 9\n")
    monkeypatch.delenv("NUMBA_OPT", raising=False)
    before = kernel_stamp(folder)
    monkeypatch.setenv("NUMBA_OPT", "0")
    assert kernel_stamp(folder) != before


def _interleaved(cls: type, tmp_path: Path) -> tuple[Any, Any]:
    """Two processes' cache files saving two signatures of one function at once: both
    read the index before either writes it, and a's data lands last. What each
    signature then loads."""
    first = cls(str(tmp_path), "f-1.py311", b"source")
    second = cls(str(tmp_path), "f-1.py311", b"source")
    first._load_index = second._load_index = dict  # the view before either wrote
    late: list[tuple[str, Any]] = []
    write = first._save_data
    first._save_data = lambda name, data: late.append((name, data))
    first.save(("sig-a",), "code for a")
    second.save(("sig-b",), "code for b")
    for name, data in late:
        write(name, data)
    reader = cls(str(tmp_path), "f-1.py311", b"source")
    return reader.load(("sig-a",)), reader.load(("sig-b",))


def _killed_between_index_and_data(cls: type, tmp_path: Path) -> Any:
    """Signature a cached; b's writer saw no index (another process dropped it), named
    data file 1 for b in a new index and was killed before writing it: what b loads."""
    cls(str(tmp_path), "g-1.py311", b"source").save(("sig-a",), "code for a")
    second = cls(str(tmp_path), "g-1.py311", b"source")
    second._save_index({("sig-b",): "g-1.py311.1.nbc"})
    return second.load(("sig-b",))


def _numbas_own() -> type:
    from numba.core.caching import IndexDataCacheFile

    from hhh_verify.kernel.cache import CheckedCacheFile

    return (
        CheckedCacheFile.__mro__[1]
        if IndexDataCacheFile is CheckedCacheFile
        else IndexDataCacheFile
    )


def test_numbas_cache_file_maps_a_signature_to_another_ones_code(tmp_path: Path) -> None:
    """Planted (the likely cause of the wrong transition count): Numba's own file
    numbers data files in order and writes the index first, so two writers at once, or
    one killed between its two writes, leave signature b naming a's code; the checked
    file names data by its key and writes it first."""
    from hhh_verify.kernel.cache import CheckedCacheFile

    for name in ("numba", "checked", "numba-kill", "checked-kill"):
        (tmp_path / name).mkdir()
    assert _interleaved(_numbas_own(), tmp_path / "numba") == (None, "code for a")
    assert _interleaved(CheckedCacheFile, tmp_path / "checked") == (None, "code for b")
    assert _killed_between_index_and_data(_numbas_own(), tmp_path / "numba-kill") == "code for a"
    assert _killed_between_index_and_data(CheckedCacheFile, tmp_path / "checked-kill") is None


def test_a_truncated_cache_file_is_a_miss(tmp_path: Path) -> None:
    from hhh_verify.kernel.cache import CheckedCacheFile

    f = CheckedCacheFile(str(tmp_path), "f-1.py311", b"source")
    f.save(("sig",), "code")
    assert f.load(("sig",)) == "code"
    for path in sorted(tmp_path.glob("*.nb?")):
        path.write_bytes(path.read_bytes()[:5])
        assert f.load(("sig",)) is None
    assert CheckedCacheFile(str(tmp_path), "f-1.py311", b"other").load(("sig",)) is None


#: a run whose cache lies: a compile-time constant of the legal-action code changed in
#: the process (as a build from other sources would), compiled and cached for tiny
PLANTED = """
from hhh_verify.models.hhh.kernel import legal
legal.MAX_ACTIONS = 2
from hhh_verify.models.hhh.kernel.cache import tiny_counts
print(tiny_counts())
"""
CHECKED = """
from hhh_verify.contract.registry import get_game
spec = get_game("hhh")
got = spec.kernel(spec.model("tiny")).count_states(100_000)
print((got["states"], got["transitions"]))
"""


def _run(code: str, cache: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )


def _killed_while_compiling(code: str, cache: Path) -> None:
    """Start ``code`` and SIGKILL it once it has written part of its cache."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
    proc = subprocess.Popen([sys.executable, "-c", code], env=env)
    try:
        for _ in range(3000):  # polls of 0.1 s: the first cache files come in seconds
            if len(list(cache.rglob("*.nbc"))) >= 20 or proc.poll() is not None:
                break
            time.sleep(0.1)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()


def test_a_lying_cache_is_dropped_and_rebuilt(tmp_path: Path) -> None:
    """A run whose cache holds code built from other sources (planted: fewer legal
    actions): the next run's first use checks the tiny counts, warns once, rebuilds, and
    counts right; the run after it is quiet."""
    planted = _run(PLANTED, tmp_path)
    assert planted.stdout.strip() != str(RECORDED_TINY)
    checked = _run(CHECKED, tmp_path)
    assert checked.stdout.strip() == str(RECORDED_TINY)
    assert checked.stderr.count("CacheWarning") == 1, checked.stderr
    assert "Traceback" not in checked.stderr
    again = _run(CHECKED, tmp_path)
    assert again.stdout.strip() == str(RECORDED_TINY)
    assert "CacheWarning" not in again.stderr


def test_a_run_killed_while_compiling_leaves_a_correct_cache(tmp_path: Path) -> None:
    """SIGKILL while the kernel compiles and writes its cache: the next run counts
    right (from what was written and what it compiles)."""
    _killed_while_compiling(CHECKED, tmp_path)
    assert list(tmp_path.rglob("*.nbc"))  # the kill came mid-way through writing
    after = _run(CHECKED, tmp_path)
    assert after.stdout.strip() == str(RECORDED_TINY)
    assert "Traceback" not in after.stderr
