"""An OpenSpiel state of a model, and its serialisation as JSON that cannot run code.

A state is a model state, the move whose random outcome a chance node resolves, and the
path that led there (for traces and information states). It serialises as the project's
own JSON, like a trace: the game (id, config, readings, OpenSpiel parameters), the
OpenSpiel action history and, in the ``sampled`` mode, the recorded draws of each chance
node. Deserialising replays that history on the game, so the state is rebuilt by the
rules, never unpickled; text that is not such a record is refused.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pyspiel

from hhh_verify.adapters import core
from hhh_verify.contract import json_input
from hhh_verify.contract.configs import config_to_json
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.model import CHANCE, TERMINAL, sample_successor
from hhh_verify.contract.outcomes import state_digest
from hhh_verify.contract.sampled import ScriptedRandom
from hhh_verify.contract.vocab import AdapterChance

FORMAT = "hhh-verify-openspiel-state/1"


class _Frozen:
    """Holds an immutable value; cloning a state shares it instead of deep-copying."""

    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value

    def __deepcopy__(self, memo: Any) -> _Frozen:
        return self

    def __getstate__(self) -> Any:
        return (self.value,)

    def __setstate__(self, state: Any) -> None:
        self.value = state[0]


class ModelState(pyspiel.State):
    """A model state, plus the pending move when a random step is being resolved."""

    def __init__(self, game: Any, start: Any = None):
        super().__init__(game)
        s = game.model.initial_state() if start is None else start
        self._start = _Frozen(s)
        self._from_start = _Frozen(start is None)
        self._path = _Frozen(())
        self._draws = _Frozen(())
        self._script: list[tuple[int, ...]] = []
        self._set(s, None)

    # Internals -------------------------------------------------------------------------
    @property
    def _game(self) -> Any:
        return self.get_game()

    @property
    def model_state(self) -> Any:
        """The model's state (at a chance node: the state before the pending move)."""
        return self._s.value

    @property
    def pending(self) -> Any:
        """The model action whose random outcome this chance node resolves, or None."""
        return self._pending.value

    def _set(self, s: Any, pending: Any) -> None:
        self._s = _Frozen(s)
        if pending is None:
            pending = core.pending_draw(self._game.model, s)
        self._pending = _Frozen(pending)

    def _record(self, a: Any, outcome: int, after: Any, samples: Any) -> None:
        model, s = self._game.model, self.model_state
        mover = model.current_player(s)
        path = core.extend(self._path.value, model, a, outcome, after, samples, mover)
        self._path = _Frozen(path)

    def _outcomes(self) -> tuple[core.ChanceOutcome, ...]:
        return self._game.outcomes(self.model_state, self.pending)  # type: ignore[no-any-return]

    def information_state_digest(self, player: int) -> str:
        """The player's information state: a fingerprint of all it has seen and done."""
        space, path = self._game.space, self._path.value
        digest = core.information_digest(space, self._start.value, path, player)
        return f"{len(path)} {digest}"

    # OpenSpiel API ---------------------------------------------------------------------
    def current_player(self) -> int:
        if self.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        p = self._game.model.current_player(self.model_state)
        if p == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        assert p != CHANCE
        return int(p)

    def is_terminal(self) -> bool:
        return self.pending is None and self._game.model.outcome(self.model_state) is not None

    def _legal_actions(self, player: int) -> list[int]:
        space = self._game.space
        out = []
        for a in self._game.model.legal_actions(self.model_state):
            try:
                out.append(space.index(a))
            except KeyError:
                raise ModelError(
                    f"legal action {a!r} is not in the game's declared action space"
                ) from None
        return sorted(out)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._game.chance == AdapterChance.SAMPLED:
            return [(0, 1.0)]
        return [(i, float(o.probability)) for i, o in enumerate(self._outcomes())]

    def chance_outcomes_exact(self) -> list[tuple[int, Fraction]]:
        """The chance outcomes with their exact probabilities (not in ``sampled``)."""
        if self._game.chance == AdapterChance.SAMPLED:
            raise ModelError("the sampled chance mode lists no outcomes; use exact")
        return [(i, o.probability) for i, o in enumerate(self._outcomes())]

    def _apply_action(self, action: int) -> None:
        game, model = self._game, self._game.model
        s, a = self.model_state, self.pending
        if a is not None:  # resolve the pending random step
            if game.chance == AdapterChance.SAMPLED:
                if self._script:  # replaying a serialised state: its recorded draws
                    drawn = self._script.pop(0)
                    after = sample_successor(model, s, a, ScriptedRandom(drawn))
                else:
                    rec = core.RecordingRandom(game.rng.getrandbits(64))
                    after = sample_successor(model, s, a, rec)
                    drawn = tuple(rec.values)
                self._draws = _Frozen(self._draws.value + (drawn,))
                self._record(a, 0, after, drawn)
            else:
                chosen = self._outcomes()[action]
                after = chosen.state
                self._record(a, action, after, chosen.samples)
            self._set(after, None)
            return
        a = game.space.actions[action]
        if a not in model.legal_actions(s):
            raise ModelError(f"action {action} ({a!r}) is not legal here")
        if game.chance == AdapterChance.EXACT:
            dist = model.step(s, a)
            if len(dist) == 1:
                self._record(a, 0, dist[0][0], None)
                self._set(dist[0][0], None)
            else:
                self._set(s, a)
            return
        known = core.deterministic_successor(model, s, a)
        if known is None:
            self._set(s, a)
        else:
            self._record(a, 0, known[0], known[1])
            self._set(known[0], None)

    def _action_to_string(self, player: int, action: int) -> str:
        model, s = self._game.model, self.model_state
        if player == pyspiel.PlayerId.CHANCE:
            what = model.describe_action(s, self.pending)
            if self._game.chance == AdapterChance.SAMPLED:
                return f"{what}: sampled"
            p = self._outcomes()[action].probability
            return f"{what}: outcome {action} (p={p})"
        return str(model.describe_action(s, self._game.space.actions[action]))

    def returns(self) -> list[float]:
        outcome = None if self.pending is not None else self._game.model.outcome(self.model_state)
        return self._game.reward.returns(self.model_state, outcome)

    def __str__(self) -> str:
        """The whole state (every player's hidden parts too), headed by its 160-bit
        digest, so two different states never print the same."""
        model, s = self._game.model, self.model_state
        head = f"state {core.full_digest(s)}"
        if self.pending is not None:
            pending = json.dumps(model.action_to_json(self.pending), sort_keys=True)
            head += f" pending {pending}"
        return f"{head}\n{model.describe_state(s)}"

    # Serialisation ---------------------------------------------------------------------
    def serialize(self) -> str:
        """This state as JSON (see the module docstring); :meth:`ModelGame.deserialize_state`
        reads it back."""
        if not self._from_start.value:
            raise ModelError(
                "a state made by state_from_model has no history to serialise; "
                "serialise the game's own states"
            )
        game = self._game
        record = {
            "format": FORMAT,
            "openspiel": str(game),
            "game": game.setup.spec.id,
            "config": config_to_json(game.model.config),
            "interpretation": game.model.readings.non_default(game.setup.spec.ambiguities),
            "history": [int(a) for a in self.history()],
            "draws": [list(d) for d in self._draws.value],
            "state": state_digest(self.model_state),
        }
        return json.dumps(record, sort_keys=True)

    def __reduce__(self) -> Any:
        """Pickled as the game's name and the JSON (the game says how to load both)."""
        return self._game.reduce_state(self)

    # Traces ----------------------------------------------------------------------------
    def to_trace(self, **meta: Any) -> Any:
        """The game so far as a trace that ``hhh-verify replay`` re-runs."""
        game = self._game
        return core.build_trace(game.setup, self._path.value, adapter="openspiel", **meta)


def parse_record(text: Any) -> dict[str, Any]:
    """The JSON record of a serialised state, or one clear :class:`ModelError`."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    try:
        record = json_input.loads(text, "the serialised state")
    except TypeError:
        record = None
    except ModelError as e:
        if "not valid JSON" not in str(e) and "not UTF-8" not in str(e):
            raise  # valid JSON past a stated limit: say which
        record = None
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise ModelError(
            f"not a serialised hhh-verify state: expected the {FORMAT!r} JSON that "
            "state.serialize() writes (pickled states are never loaded)"
        )
    for key, kind in (("openspiel", str), ("history", list), ("draws", list), ("state", str)):
        if not isinstance(record.get(key), kind):
            raise ModelError(f"serialised state: {key!r} must be a {kind.__name__}")
    return record


#: The most random numbers one recorded draw holds (a draw of the largest bag takes a
#: few dozen).
MAX_DRAW_VALUES = 4096


def _draw(i: int, values: Any) -> tuple[int, ...]:
    """One recorded draw: a list of the generator's 64-bit numbers."""
    ok = (
        isinstance(values, list)
        and len(values) <= MAX_DRAW_VALUES
        and all(type(x) is int and 0 <= x < 2**64 for x in values)
    )
    if not ok:
        raise ModelError(
            f"serialised state: draws[{i}] must be a list of at most {MAX_DRAW_VALUES:,} "
            "numbers in 0..2**64-1"
        )
    return tuple(values)


def replay(game: Any, record: dict[str, Any]) -> ModelState:
    """Rebuild the recorded state on ``game`` by replaying its history."""
    if record["openspiel"] != str(game):
        raise ModelError(f"serialised state is of {record['openspiel']}, not of this game ({game})")
    history, draws = record["history"], record["draws"]
    longest = game.max_game_length()
    if len(history) > longest:
        raise ModelError(
            f"serialised state: {len(history):,} actions in its history; a game of this "
            f"config lasts at most {longest:,}"
        )
    if len(draws) > len(history):
        raise ModelError("serialised state: more recorded draws than actions in its history")
    state = game.new_initial_state()
    state._script = [_draw(i, d) for i, d in enumerate(draws)]
    for i, action in enumerate(history):
        if not isinstance(action, int) or isinstance(action, bool):
            raise ModelError(f"serialised state: history[{i}] must be an action id")
        if state.is_terminal():
            raise ModelError(f"serialised state: history[{i}] comes after the end of the game")
        legal = state.legal_actions()
        if action not in legal:
            raise ModelError(f"serialised state: history[{i}] = {action} is not legal there")
        state.apply_action(action)
    if state._script:
        raise ModelError("serialised state: more recorded draws than chance nodes")
    if state_digest(state.model_state) != record["state"]:
        raise ModelError("serialised state: replay reached another state (model changed?)")
    return state
