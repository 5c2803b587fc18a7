"""What an OpenSpiel player observes of a model state: OpenSpiel's observation types.

An observer is asked for one :class:`pyspiel.IIGObservationType`: the public part (what
every player sees), the private part of one player, of all players or of none, and
whether it is the information state (perfect recall) or the current observation.
Tensors are the game's declared numbers: the public part first, then the private part(s)
(``dict`` names them ``public`` and ``private``). Strings:

* observation (no recall): a game of perfect information shows the state (its digest
  and description); a game of imperfect information shows the numbers a player sees;
* information state (perfect recall): a fingerprint of everything the player has seen
  since the start and its own actions (:func:`core.information_digest`), so two states
  share the string exactly when the player cannot tell them apart; its tensor is the
  player's current observation (what the player sees now; the string carries the
  history).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from hhh_verify.adapters import core
from hhh_verify.contract.errors import ModelError

_PRIVATE = {
    pyspiel.PrivateInfoType.NONE: 0,
    pyspiel.PrivateInfoType.SINGLE_PLAYER: 1,
    pyspiel.PrivateInfoType.ALL_PLAYERS: 2,
}


class Observer:
    """One observation type of one game (see the module docstring)."""

    def __init__(self, game: Any, iig_obs_type: Any = None):
        space = game.space
        if iig_obs_type is None:  # OpenSpiel's default observation
            public, private, recall = True, 1, False
        else:
            public = bool(iig_obs_type.public_info)
            private = _PRIVATE[iig_obs_type.private_info]
            recall = bool(iig_obs_type.perfect_recall)
        if recall and not (public and private == 1):
            raise ValueError(
                "information states are kept for the public part and one player's private "
                "part (public_info=True, private_info=SINGLE_PLAYER)"
            )
        self.public, self.private, self.recall = public, private, recall
        self.players = space.players
        pub = core.public_size(space) if public else 0
        rows = {0: 0, 1: 1, 2: space.players}[private]
        priv = core.private_size(space)
        self.tensor = np.zeros(pub + rows * priv, np.float32)
        self.dict: dict[str, Any] = {}
        if pub:
            self.dict["public"] = self.tensor[:pub]
        if rows * priv:
            view = self.tensor[pub:]
            self.dict["private"] = view if private == 1 else view.reshape(rows, priv)

    def _players(self, player: int) -> range:
        if self.private == 2:
            return range(self.players)
        return range(player, player + 1) if self.private == 1 else range(0)

    def set_from(self, state: Any, player: int) -> None:
        space, s = state.get_game().space, state.model_state
        parts: list[Any] = [core.public_view(space, s)] if self.public else []
        parts += [core.private_view(space, s, p) for p in self._players(player)]
        values = [v for part in parts for v in part]
        if len(values) != len(self.tensor):
            raise ModelError(f"observation has {len(values)} numbers, not {len(self.tensor)}")
        self.tensor[:] = values

    def string_from(self, state: Any, player: int) -> str:
        if self.recall:
            return str(state.information_state_digest(player))
        space, s = state.get_game().space, state.model_state
        if space.perfect_information:
            return str(state) if self.public else ""
        lines = [f"public {_numbers(core.public_view(space, s))}"] if self.public else []
        lines += [
            f"private {p} {_numbers(core.private_view(space, s, p))}" for p in self._players(player)
        ]
        return "\n".join(lines)


def _numbers(values: Any) -> str:
    return " ".join(str(int(v)) if float(v).is_integer() else str(v) for v in values)
