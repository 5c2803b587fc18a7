"""The README's map of the house ("How it fits together") is the house: every folder it
lists exists, and every top-level folder of ``hhh_verify/`` and every role folder of a
game is listed (a new floor or role gets its line, a removed one loses it)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def map_lines(readme: str) -> list[str]:
    """The entries of the map block: ``(indent, name)`` as ``"  contract/"``."""
    start = readme.index("<!-- map:")
    block = readme[start:].split("```", 2)[1]
    return [m.group(1) for m in re.finditer(r"^((?:  )?[\w<>./]+) ", block, re.M)]


def listed(readme: str) -> tuple[set[str], set[str], set[str]]:
    """Top-level entries, ``hhh_verify/`` floors and game role folders of the map."""
    top, floors, roles = set(), set(), set()
    parent = ""
    for entry in map_lines(readme):
        name = entry.strip()
        if entry == name:
            parent = name
            top.add(name)
        elif parent == "hhh_verify/":
            floors.add(name)
        elif parent == "models/<game>/":
            roles.add(name)
    return top, floors, roles


def floors_on_disk() -> set[str]:
    return {p.name + "/" for p in (ROOT / "hhh_verify").iterdir() if (p / "__init__.py").exists()}


def roles_on_disk() -> dict[str, set[str]]:
    out = {}
    for game in (ROOT / "models").iterdir():
        if (game / "__init__.py").exists():
            out[game.name] = {p.name + "/" for p in game.iterdir() if (p / "__init__.py").exists()}
    return out


def test_the_map_lists_every_floor_and_nothing_else() -> None:
    _, floors, _ = listed((ROOT / "README.md").read_text(encoding="utf-8"))
    assert floors == floors_on_disk()


def test_the_map_lists_every_role_of_every_game() -> None:
    _, _, roles = listed((ROOT / "README.md").read_text(encoding="utf-8"))
    roles.discard("__init__.py")
    for game, found in roles_on_disk().items():
        assert found == roles, game


def test_every_top_level_entry_exists() -> None:
    top, _, _ = listed((ROOT / "README.md").read_text(encoding="utf-8"))
    assert "hhh_verify/" in top and "models/<game>/" in top
    for name in top - {"models/<game>/"}:
        assert (ROOT / name).exists(), name


def test_a_missing_or_extra_floor_fails(tmp_path: Path) -> None:
    """Planted: a map without ``kernel/`` and with a floor that does not exist."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    planted = readme.replace("  kernel/ ", "  kernels/", 1)
    _, floors, _ = listed(planted)
    assert floors != floors_on_disk()
    assert "kernel/" in floors_on_disk() - floors and "kernels/" in floors - floors_on_disk()
