"""Board pictures of witnesses and replays, from the game's declared renderer.

A game that declares ``GameSpec.board`` gets pictures; one that does not gets its
``describe_state`` text in a ``<pre>`` block, so every page still shows the position.
Pictures are made where the states are (the report's worker processes, the replay
loop); the report's JSON keeps only the text, the HTML embeds the pictures.
"""

from __future__ import annotations

from html import escape
from typing import Any

from hhh_verify.contract.model import Model
from hhh_verify.contract.spec import GameSpec
from hhh_verify.contract.vocab import DivergeKind


def picture(renderer: Any, model: Model, state: Any, against: Any = None) -> str:
    """The position as inline SVG, or as text when the game has no renderer."""
    if renderer is None:
        return f'<pre class="board-text">{escape(model.describe_state(state))}</pre>'
    return str(renderer(model, state, against))


def witness_boards(spec: GameSpec, result: Any) -> dict[str, str] | None:
    """Pictures of a :class:`~hhh_verify.engines.diverge.DivergeResult`'s witness.

    ``a`` / ``b``: the position under each reading, each outlining what differs from the
    other (the successor of the diverging decision, or the two initial states);
    ``before``: the common position where the readings part (its decision is in the
    witness JSON). For a legal-actions or outcome witness the position is the same
    under both readings: only ``before``. ``None`` without a witness.
    """
    w = result.witness
    if w is None:
        return None
    render = spec.load_board()
    ma, mb = result.model_a, result.model_b
    out: dict[str, str] = {}
    if w.state is not None:
        out["before"] = picture(render, ma, w.state)
    if w.kind == DivergeKind.SUCCESSORS and w.succ_a is not None and w.succ_b is not None:
        out["a"] = picture(render, ma, w.succ_a, w.succ_b)
        out["b"] = picture(render, mb, w.succ_b, w.succ_a)
    return out
