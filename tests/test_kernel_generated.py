"""The games' generated kernel drivers (hhh_verify/kernel/generate.py) are current: each
file equals what its template and the game's hooks give now, so a hand edit of a
generated file, or a template changed without regenerating, fails here; and the kernel's
cache stamp covers every generated file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hhh_verify.kernel import generate
from hhh_verify.kernel.cache import source_stamp
from hhh_verify.kernel.generate import Driver, Shape, render, stale, targets

TARGETS = list(targets())


def test_every_generated_file_is_current() -> None:
    assert TARGETS, "no game declares a generated driver (kernel/drivers.py)"
    assert stale(iter(TARGETS)) == [], "regenerate: python -m hhh_verify.kernel.generate"


def test_every_template_is_used() -> None:
    used = {path.name for path, _ in TARGETS}
    assert {f"{shape.value}.py" for shape in Shape} <= used


def test_a_hand_edited_generated_file_is_stale(tmp_path: Path) -> None:
    """Planted: one line of a generated file changed by hand, and one file missing."""
    path, text = next((p, t) for p, t in TARGETS if p.name == "parted.py")
    edited = tmp_path / "parted.py"
    edited.write_text(text.replace("return k, LEGAL", "return k, NONE", 1), encoding="utf-8")
    same = tmp_path / "leaf.py"
    same.write_text(text, encoding="utf-8")
    missing = tmp_path / "gone.py"
    assert stale(iter([(edited, text), (same, text), (missing, text)])) == [edited, missing]


def test_the_check_command_fails_on_a_stale_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path, text = TARGETS[0]
    copy = tmp_path / path.name
    monkeypatch.setattr(generate, "targets", lambda: iter([(copy, text)]))
    copy.write_text(text + "# edited\n", encoding="utf-8")
    assert generate.main(["--check"]) == 1
    assert "not current" in capsys.readouterr().out
    assert generate.main([]) == 0  # regenerates it
    assert copy.read_text(encoding="utf-8") == text
    assert generate.main(["--check"]) == 0


def test_hooks_must_match_the_template() -> None:
    """A hook the template needs but the game omits, or one it does not name, is refused."""
    with pytest.raises(KeyError):
        render(Driver(Shape.PARTED))
    with pytest.raises(ValueError, match="no such hook: phase"):
        render(Driver(Shape.LEAF, {"phase": "rules"}))


def test_relative_imports_stay_sorted_whatever_the_hook() -> None:
    for module in ("board", "rules", "zz"):
        text = render(Driver(Shape.PARTED, {"over_module": module}))
        imports = [line for line in text.splitlines() if line.startswith("from .")]
        assert imports == sorted(imports) and f"from .{module} import OVER as PHASE_OVER" in imports


def test_the_cache_stamp_covers_generated_files(tmp_path: Path) -> None:
    """Each generated file is a source of its kernel's folder: changing it changes the
    stamp that keeps Numba's cache fresh."""
    for path, _ in TARGETS:
        folder = tmp_path / path.parent.parent.name
        shutil.copytree(path.parent, folder, ignore=shutil.ignore_patterns("__pycache__"))
        before = source_stamp(folder)
        assert source_stamp(path.parent) == before
        (folder / path.name).write_text(path.read_text(encoding="utf-8") + "# edited\n")
        assert source_stamp(folder) != before
        shutil.rmtree(folder)
