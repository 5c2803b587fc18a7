"""The compiled kernels' cache stamp (hhh_verify/kernel_cache.py): a change to a kernel's
own file or to a framework file its compiled functions call (``kernel_edges``) changes
the stamp, so Numba's cache is dropped rather than served stale."""

from __future__ import annotations

from pathlib import Path

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
