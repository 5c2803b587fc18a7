"""``hhh-verify replay --html FILE``: a trace as a step-through page.

One section per position (the start, then the position after each step) with the
step's action, its probability when chance chose it, and the board picture outlining
what that step changed (the game's ``describe_state`` text when it declares no board).
A few lines of script show one step at a time (buttons, arrow keys, a slider, the
``#step-N`` address); without script every step is listed in order.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any

from hhh_verify.contract import trace as traces
from hhh_verify.contract.model import CHANCE, Model
from hhh_verify.contract.spec import GameSpec
from hhh_verify.reporting.boards import picture
from hhh_verify.reporting.witness_text import outcome_text

CSS = """
body{font-family:system-ui,sans-serif;max-width:64em;margin:1em auto;padding:0 1em;color:#222}
nav{position:sticky;top:0;background:#fff;padding:.4em 0;border-bottom:1px solid #ddd;z-index:1}
nav button{font-size:1em;padding:.2em .8em}nav input{width:40%;vertical-align:middle}
section.step{border-top:1px solid #eee;padding:.4em 0}.js section.step{display:none}
.js section.step.current{display:block}svg.board{max-width:100%;height:auto;display:block}
.chance{color:#666}.error{color:#b00;font-weight:bold}.moves a{margin-right:1em}
pre{background:#f7f7f7;padding:.5em;overflow:auto}
"""

SCRIPT = """
(function(){
  document.documentElement.classList.add('js');
  var steps = document.querySelectorAll('section.step');
  var slider = document.getElementById('slider');
  var label = document.getElementById('where');
  var last = steps.length - 1;
  function show(i){
    i = Math.max(0, Math.min(last, i));
    steps.forEach(function(s, k){ s.classList.toggle('current', k === i); });
    slider.value = i;
    label.textContent = 'position ' + i + ' of ' + last;
    if (location.hash !== '#step-' + i) history.replaceState(null, '', '#step-' + i);
    return i;
  }
  function fromHash(){
    var m = /^#step-(\\d+)$/.exec(location.hash);
    return m ? parseInt(m[1], 10) : 0;
  }
  var cur = show(fromHash());
  document.getElementById('prev').onclick = function(){ cur = show(cur - 1); };
  document.getElementById('next').onclick = function(){ cur = show(cur + 1); };
  slider.oninput = function(){ cur = show(parseInt(slider.value, 10)); };
  window.addEventListener('hashchange', function(){ cur = show(fromHash()); });
  document.addEventListener('keydown', function(e){
    if (e.key === 'ArrowLeft') cur = show(cur - 1);
    if (e.key === 'ArrowRight') cur = show(cur + 1);
  });
})();
"""


def render_replay_page(
    trace: traces.Trace, model: Model, spec: GameSpec, source: str = ""
) -> tuple[str, Any]:
    """The page for ``trace`` replayed on ``model``, and the replay's
    :class:`~hhh_verify.contract.trace.ReplayResult` (the page shows a failed replay up to the
    step that failed, and why)."""
    render = spec.load_board()
    positions = [("", "", picture(render, model, model.initial_state()))]

    def on_step(i: int, s: Any, action: Any, p: Fraction, nxt: Any) -> None:
        what = model.describe_action(s, action)
        chance = f"chance, probability {p}" if model.current_player(s) == CHANCE else ""
        positions.append((what, chance, picture(render, model, nxt, s)))

    result = traces.replay(trace, model, on_step=on_step)
    readings = ", ".join(f"{k}={v}" for k, v in trace.interpretation.items()) or "defaults"
    if result.ok:
        verdict = f"replayed all {result.steps_run} steps"
        if result.outcome is not None:
            verdict += f"; game over: {outcome_text(result.outcome.to_json())}"
    else:
        verdict = f"replay stopped: {result.error}"
    last = len(positions) - 1
    toc = "".join(
        f'<li><a href="#step-{i}">{escape(what)}</a></li>'
        for i, (what, _, _) in enumerate(positions)
        if i
    )
    h = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>Replay: {escape(spec.title)}</title>",
        f"<style>{CSS}</style></head><body>",
        f"<h1>Replay: {escape(spec.title)}</h1>",
        f"<p>Trace <code>{escape(source)}</code>: {len(trace.steps)} steps; interpretation: "
        f"{escape(readings)}; seed {trace.seed if trace.seed is not None else '-'}.</p>",
        f'<p class="{"verdict" if result.ok else "error"}">{escape(verdict)}.</p>',
        '<nav><button id="prev" type="button">&larr; previous</button> '
        f'<input id="slider" type="range" min="0" max="{last}" value="0" aria-label="position"> '
        '<button id="next" type="button">next &rarr;</button> '
        f'<span id="where">{last + 1} positions</span></nav>',
        "<p>Outlined: what the step changed. Arrow keys step through the positions.</p>",
        *(_section(i, last, *pos) for i, pos in enumerate(positions)),
        f"<details><summary>All {last} steps</summary><ol>{toc}</ol></details>",
        f"<script>{SCRIPT}</script>",
        "</body></html>",
    ]
    return "\n".join(h) + "\n", result


def _section(i: int, last: int, what: str, chance: str, board: str) -> str:
    """Position ``i`` of ``0..last``: the step that led there, links to its neighbours."""
    head = "The start" if i == 0 else f"Step {i} of {last}: {escape(what)}"
    note = f' <span class="chance">({escape(chance)})</span>' if chance else ""
    moves = []
    if i > 0:
        moves.append(f'<a href="#step-{i - 1}">&larr; position {i - 1}</a>')
    if i < last:
        moves.append(f'<a href="#step-{i + 1}">position {i + 1} &rarr;</a>')
    return (
        f'<section class="step" id="step-{i}"><h2>{head}{note}</h2>'
        f'<p class="moves">{"".join(moves)}</p>{board}</section>'
    )
