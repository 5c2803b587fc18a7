"""What a framework adapter (OpenSpiel, PettingZoo) needs to know about one model."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class RankedActions(Protocol):
    """An action list computed instead of held: the id of an action and the action of
    an id are calculated (for a game whose actions are combinatorially many, e.g.
    placements of tied dice, hundreds of thousands or more). ``position``
    raises ``KeyError`` for an action the list does not hold."""

    def __len__(self) -> int: ...

    def __getitem__(self, i: int) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...

    def position(self, action: Any) -> int: ...


@dataclass(frozen=True)
class ActionSpace:
    """What a framework adapter needs to know about one model (config and reading).

    ``actions`` lists every action any state of the model can offer, in one canonical
    order derived from the config alone; an action's id is its index, so ids mean the
    same in every process. It is a tuple, or a :class:`RankedActions` when the list is
    too long to hold. ``max_chance_outcomes`` bounds the outcomes of one ``step``,
    ``max_game_length`` the decisions of one game, ``return_range`` a won game's value
    of each measure the game declares (cooperative games, whose measures the adapters
    pay as rewards; from 0 up) or each score (competitive ones). ``observe`` encodes a state
    as ``observation_size`` numbers (the whole state: a framework's global state).
    ``perfect_information``: every player sees the whole state. A game of imperfect
    information says what each player sees instead: ``public(s)`` (``public_size``
    numbers every player sees) and ``private(s, player)`` (``private_size`` numbers only
    that player sees); together they are all a player observes of ``s``.
    ``batch``, when the game has a compiled kernel that plays many games at once, turns
    that kernel (``GameSpec.kernel(model)``) into the batched games the vector
    environment steps (``hhh_verify.adapters.vector.BatchKernel``).
    """

    actions: Sequence[Any]
    players: int
    cooperative: bool
    max_chance_outcomes: int
    max_game_length: int
    return_range: tuple[int, int]
    observation_size: int
    observe: Callable[[Any], Sequence[float]]
    perfect_information: bool = True
    public_size: int = 0
    public: Callable[[Any], Sequence[float]] | None = None
    private_size: int = 0
    private: Callable[[Any, int], Sequence[float]] | None = None
    batch: Callable[[Any], Any] | None = None
    _ids: dict[Any, int] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.perfect_information and (self.public is None or self.private is None):
            raise ValueError("a game of imperfect information declares public and private")
        if isinstance(self.actions, RankedActions):
            object.__setattr__(self, "_ids", None)  # the list computes its ids
            return
        ids = {a: i for i, a in enumerate(self.actions)}
        object.__setattr__(self, "_ids", ids)
        if len(ids) != len(self.actions):
            raise ValueError("an action space lists an action twice")

    def index(self, action: Any) -> int:
        """The id of ``action``; ``KeyError`` when the space does not list it."""
        if self._ids is None:
            return self.actions.position(action)  # type: ignore[attr-defined,no-any-return]
        return self._ids[action]
