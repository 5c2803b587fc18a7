"""The compiled kernels' cache stamp (hhh_verify/kernel_cache.py): a change to a kernel's
own file or to a framework file compiled into it (``kernel_edges``, ``kernel_parted``)
changes the stamp, so Numba's cache is dropped rather than served stale."""

from __future__ import annotations

import re
from pathlib import Path

import hhh_verify.models
from hhh_verify.kernel_cache import source_stamp


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


def test_the_games_that_share_edge_code_stamp_it() -> None:
    """Royal and Dice Hospital's graph sources call ``kernel_edges``, so their cache
    modules pass it to the stamp."""
    import hhh_verify.kernel_edges as edges
    from hhh_verify.models.dice_hospital.kernel import cache as dh_cache
    from hhh_verify.models.royal_hospital.kernel import cache as rh_cache

    for module in (rh_cache, dh_cache):
        assert "kernel_edges" in Path(module.__file__ or "").read_text()
    assert Path(edges.__file__).name == "kernel_edges.py"


def _names_imported_from(text: str) -> set[str]:
    """The framework ``kernel_*`` modules a source file imports names from (names that
    compiled code can read; a module imported whole serves Python code)."""
    return set(re.findall(r"from hhh_verify\.(kernel_\w+) import", text))


def _stamped(cache_source: str) -> set[str]:
    """The framework ``kernel_*`` modules a kernel's ``cache.py`` imports to stamp."""
    names: set[str] = set()
    for group in re.findall(r"from hhh_verify import ([\w, ]+)", cache_source):
        names |= {n.strip() for n in group.split(",") if n.strip().startswith("kernel_")}
    return names - {"kernel_cache"}


def test_every_framework_file_a_kernel_imports_from_is_stamped() -> None:
    """A framework ``kernel_*`` module whose names a file of a game's kernel folder
    imports may be compiled into it, so the folder's ``cache.py`` names it among the
    shared files."""
    models = Path(hhh_verify.models.__file__ or "").resolve().parent
    folders = sorted(p.parent for p in models.glob("*/kernel/cache.py"))
    assert len(folders) == 3
    for folder in folders:
        used: set[str] = set()
        for f in folder.glob("*.py"):
            used |= _names_imported_from(f.read_text())
        stamped = _stamped((folder / "cache.py").read_text())
        assert used <= stamped, (folder, used - stamped)


def test_the_import_scan_fails_on_a_missing_stamp() -> None:
    """Planted: a kernel file importing from a module its cache does not stamp."""
    kernel_file = (
        "from hhh_verify.kernel_edges import add_edge\nfrom hhh_verify import kernel_steps\n"
    )
    assert _names_imported_from(kernel_file) == {"kernel_edges"}
    assert not _names_imported_from(kernel_file) <= _stamped(
        "from hhh_verify import kernel_cache\n"
    )
    assert _stamped("from hhh_verify import kernel_cache, kernel_edges\n") == {"kernel_edges"}
