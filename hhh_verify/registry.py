"""The explicit list of games: the one place in ``hhh_verify`` that names them.

Nothing registers itself on import. Adding a game is one import and one entry in
:func:`games`; everything else the engines need comes from its
:class:`~hhh_verify.model.GameSpec`.
"""

from __future__ import annotations

from .checks import PropertyRegistry
from .configs import config_from_json
from .errors import ModelError
from .model import Model
from .promises import promise_properties
from .spec import GameSpec
from .trace import Trace


def games() -> dict[str, GameSpec]:
    """Every registered game by id, in display order."""
    from .models.dice_hospital import SPEC as DICE_HOSPITAL
    from .models.hhh import SPEC as HEALTHY_HEART_HOSPITAL
    from .models.royal_hospital import SPEC as ROYAL_HOSPITAL

    return {
        HEALTHY_HEART_HOSPITAL.id: HEALTHY_HEART_HOSPITAL,
        ROYAL_HOSPITAL.id: ROYAL_HOSPITAL,
        DICE_HOSPITAL.id: DICE_HOSPITAL,
    }


#: The game a command works on when ``--game`` is not given (the flagship model).
DEFAULT_GAME = "hhh"


def get_game(game_id: str) -> GameSpec:
    """The game ``game_id``, or a :class:`ModelError` naming the accepted ids."""
    registered = games()
    if game_id not in registered:
        raise ModelError(f"unknown game {game_id!r}; accepted: {', '.join(registered)}")
    return registered[game_id]


def properties_for(game_id: str) -> PropertyRegistry:
    """The property registry of a registered game (``ModelError`` when it has none),
    with the promises of its readings (:mod:`hhh_verify.promises`) as invariants."""
    spec = get_game(game_id)
    registry = spec.load_properties()
    if spec.promises is None:
        return registry
    book = spec.promises()
    sweep = book.sweep or spec.reduced_preset
    extra = promise_properties(spec.id, book, sweep)
    return PropertyRegistry(registry.game, [*registry, *extra])


def model_for_trace(trace: Trace) -> Model:
    """Build the model a trace was recorded on; a trace whose fields disagree with its
    game (a config of another game or lacking a value, a reading the game does not
    have) is a :class:`ModelError` naming the field."""
    spec = get_game(trace.game)
    try:
        interp = spec.ambiguities.with_choices(trace.interpretation)
    except ModelError as e:
        raise ModelError(f"trace 'interpretation' does not fit game {spec.id!r}: {e}") from None
    try:
        config = config_from_json(spec.config_type, trace.config)
    except ModelError as e:
        raise ModelError(f"trace 'config' does not fit game {spec.id!r}: {e}") from None
    return spec.make_model(config, interp)
