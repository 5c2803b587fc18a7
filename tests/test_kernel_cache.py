"""The compiled kernels' cache stamp (hhh_verify/kernel/cache.py): a change to a kernel's
own file or to a framework file compiled into it (``hhh_verify.kernel.edges``,
``hhh_verify.kernel.packing``) changes the stamp, so Numba's cache is dropped rather than served stale."""

from __future__ import annotations

import re
from pathlib import Path

import hhh_verify.models
from hhh_verify.kernel.cache import source_stamp


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
