"""Where an installed game's source is: the folder of the package its entry point names
(``models/<game>/`` for this package's games, the plugin's own folder for a game
installed from elsewhere, ``examples/pig/pig/``), so the convention tests hold every
installed game to the same rules."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

from hhh_verify.contract import registry

ROOT = Path(__file__).resolve().parent.parent


def game_folder(game: str) -> Path:
    """The source folder of ``game``'s package."""
    init = import_module(registry.package_of(game)).__file__
    assert init is not None, f"{game}: its package has no __init__.py"
    return Path(init).resolve().parent


def shown(path: Path) -> str:
    """``path`` relative to the repository when inside it (``models/hhh/...``), else
    absolute (a plugin installed from another folder)."""
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return path.as_posix()
