"""The explicit list of games. Nothing registers itself on import."""

from __future__ import annotations

from .model import GameSpec, ModelError


def games() -> dict[str, GameSpec]:
    """Every registered game by id, in display order."""
    from .models.hhh import SPEC as HHH

    return {HHH.id: HHH}


def get_game(game_id: str) -> GameSpec:
    """The game ``game_id``, or a :class:`ModelError` naming the accepted ids."""
    registered = games()
    if game_id not in registered:
        raise ModelError(f"unknown game {game_id!r}; accepted: {', '.join(registered)}")
    return registered[game_id]
