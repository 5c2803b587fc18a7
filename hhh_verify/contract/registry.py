"""The installed games: every ``GameSpec`` named under the ``hhh_verify.games`` entry-point
group (Python's convention for plugins). The three games of this package declare
themselves there too (``pyproject.toml``), so a game in a package of its own
(``examples/pig``) is listed once it is installed, with no edit here; everything else the
engines need comes from its :class:`~hhh_verify.contract.spec.GameSpec`.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from hhh_verify.contract.configs import config_from_json
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.model import Model
from hhh_verify.contract.promises import promise_properties
from hhh_verify.contract.properties import PropertyRegistry
from hhh_verify.contract.spec import GameSpec
from hhh_verify.contract.trace import Trace

#: The entry-point group a game package names its ``GameSpec`` under.
GROUP = "hhh_verify.games"


@cache
def _installed() -> tuple[tuple[GameSpec, str], ...]:
    """Every game named under :data:`GROUP` with the package that exports it, loaded
    once; ``ModelError`` for an entry that is no ``GameSpec`` or whose id differs from
    its entry's name."""
    found: dict[str, tuple[GameSpec, str]] = {}
    for entry in entry_points(group=GROUP):
        spec = entry.load()
        if not isinstance(spec, GameSpec):
            raise ModelError(f"entry point {entry.name} = {entry.value} is not a GameSpec")
        if spec.id != entry.name:
            raise ModelError(f"entry point {entry.name} names game {spec.id!r}")
        found.setdefault(spec.id, (spec, entry.module))
    return tuple(sorted(found.values(), key=lambda f: (f[0].order, f[0].id)))


def games() -> dict[str, GameSpec]:
    """Every installed game by id, in display order (:attr:`GameSpec.order`, then id)."""
    return {spec.id: spec for spec, _ in _installed()}


def package_of(game_id: str) -> str:
    """The package an installed game's entry point names (``hhh_verify.models.hhh``): its
    role folders (``rules``, ``book``, ``kernel``, ...) are subpackages of it."""
    for spec, package in _installed():
        if spec.id == game_id:
            return package
    raise ModelError(f"unknown game {game_id!r}; accepted: {', '.join(games())}")


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
    with the promises of its readings (:mod:`hhh_verify.contract.promises`) as invariants."""
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
        interp = spec.ambiguities.with_readings(trace.interpretation)
    except ModelError as e:
        raise ModelError(f"trace 'interpretation' does not fit game {spec.id!r}: {e}") from None
    try:
        config = config_from_json(spec.config_type, trace.config)
    except ModelError as e:
        raise ModelError(f"trace 'config' does not fit game {spec.id!r}: {e}") from None
    return spec.make_model(config, interp)
