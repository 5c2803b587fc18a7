"""``index.html`` and ``README.md``: one page that links every game's report.

Written by ``hhh-verify report --game all`` (and refreshed by a one-game run into a
folder that already has an index). Each row gives a game's headline numbers, read from
the report just built or from the ``<game>.json`` already in the folder; a registered
game without a report is listed as such, so the index never hides a game.
"""

from __future__ import annotations

import json
import os
from html import escape
from typing import Any

from hhh_verify.contract.outputs import write_atomic
from hhh_verify.reporting.render_effects import native
from hhh_verify.reporting.render_html import headline_numbers
from hhh_verify.reporting.render_md import best_effect

INDEX_FILES = ("index.html", "README.md")

READING_GUIDE = """How to read an entry:

* **material**: `yes (explorer)`: a shortest witness found by exhaustive product search of a
  reduced configuration (a small preset, or a targeted configuration the game declares as
  a probe); `yes (differential)`: found by common-random-numbers playouts of the real game
  and confirmed on the exact distributions; `not found`: not found within the budget (never
  a proof); `no (exhaustive)`: every reachable state of the searched configuration compared
  equal.
* **witness**: the position reached identically under both readings, the decision, and what
  differs. The HTML report draws the position under reading A and under reading B side by
  side with the differing parts outlined (games that declare a board picture; others show
  the position as text). Each witness ships as two replayable traces, one per reading
  (`<game>-traces/ID--OPTION-A.json` and `-B.json`, linked under the witness; deep
  witnesses of the real game keep the sampler's choices, so they replay in about a
  second); the command under the witness finds it again. `hhh-verify replay --html PAGE
  TRACE` turns a trace into a step-through page.
* **impact**: paired games with common random numbers under a random and the game's strong
  player, differences B-A with 95% intervals and the games a test would need. Only
  competent play ranks (the random player's effects are shown, not ranked), after a
  Benjamini-Hochberg correction over every comparison of the report: a shift that does
  not survive it is flagged "may be chance", one not settled at its budget says how many
  games would settle it, and a reading that changes scores but never the winner says so.
  The forest plot shows every entry's ranking effect on one scale; each reading has its
  own B-A plot by policy above its table.
* **summary**: each report opens with the rules that matter most, what changes for
  players and how sure, the assumptions (stand-in content, numbers the book does not
  print), a glossary and the units; it prints on one or two pages (open the report at
  `#print-summary` and print).
* `<game>-traces/`: the witness traces (`hhh-verify replay <game>-traces/FILE`).
* `<game>-plots/`: the forest plot and the final-money histograms per reading (linked from
  the Markdown).
"""


def _numbers(data: dict[str, Any]) -> dict[str, Any]:
    n: dict[str, Any] = dict(headline_numbers(data))
    top = data["top"][0] if data["top"] else None
    entry = next((e for e in data["entries"] if e["id"] == top), None)
    best = best_effect(entry) if entry else None
    n["top"] = top
    n["top_effect"] = "-"
    if best is not None:
        name, st, opt, policy = best
        n["top_effect"] = f"{native(name, st)} ({opt}, {policy})"
    return n


def _load(out_dir: str, game: str) -> dict[str, Any] | None:
    path = os.path.join(out_dir, f"{game}.json")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    return data


def rows(
    out_dir: str,
    games: dict[str, str],
    built: dict[str, dict[str, Any]],
    coming: frozenset[str] = frozenset(),
) -> list[dict[str, Any]]:
    """One row per registered game (``games``: id -> title), reports built now first;
    ``coming``: the names of files about to be written into ``out_dir`` (they count as
    present)."""

    def present(name: str) -> bool:
        return name in coming or os.path.exists(os.path.join(out_dir, name))

    out = []
    for game, title in games.items():
        data = built.get(game) or _load(out_dir, game)
        files = [ext for ext in ("html", "md", "json") if present(f"{game}.{ext}")]
        if present(f"{game}-rulebook.html"):
            files.append("rulebook")
        out.append(
            {
                "game": game,
                "title": title,
                "files": files,
                "numbers": _numbers(data) if data else None,
            }
        )
    return out


CSS = (
    "body{font-family:system-ui,sans-serif;max-width:70em;margin:1em auto;padding:0 1em;"
    "color:#222}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3em .6em;"
    "vertical-align:top}th{background:#f3f3f3}td.n{text-align:right}"
)


def _file(game: str, ext: str) -> str:
    return f"{game}-rulebook.html" if ext == "rulebook" else f"{game}.{ext}"


def _label(ext: str) -> str:
    return {"md": "Markdown", "rulebook": "annotated rulebook"}.get(ext, ext.upper())


def render_index_html(table: list[dict[str, Any]]) -> str:
    h = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        "<title>hhh-verify: rule-ambiguity reports</title>",
        f"<style>{CSS}</style></head><body>",
        "<h1>Rule-ambiguity reports</h1>",
        "<p>One report per game, written by <code>hhh-verify report --game all</code>; each is "
        "deterministic for its seed (the command and budget are in its header).</p>",
        "<table><tr><th>game</th><th>report</th><th>ambiguities</th><th>reading pairs</th>"
        "<th>material</th><th>high severity</th><th>medium</th><th>largest measured impact</th></tr>",
    ]
    for r in table:
        links = " &middot; ".join(
            f'<a href="{escape(_file(r["game"], ext))}">{_label(ext)}</a>' for ext in r["files"]
        )
        n = r["numbers"]
        if n is None:
            h.append(
                f"<tr><td>{escape(r['title'])}</td><td>no report yet</td>"
                + '<td class="n">-</td>' * 5
                + "<td>-</td></tr>"
            )
            continue
        top = "-"
        if n["top"]:
            anchor = f"{r['game']}.html#{n['top']}" if "html" in r["files"] else None
            name = (
                f'<a href="{escape(anchor)}">{escape(n["top"])}</a>' if anchor else escape(n["top"])
            )
            top = f"{name}: {escape(n['top_effect'])}"
        h.append(
            f'<tr><td>{escape(r["title"])}</td><td>{links}</td><td class="n">{n["entries"]}</td>'
            f'<td class="n">{n["pairs"]}</td><td class="n">{n["material"]}</td>'
            f'<td class="n">{n["high"]}</td><td class="n">{n["medium"]}</td><td>{top}</td></tr>'
        )
    h += ["</table>", "<h2>Reading a report</h2>", _guide_html(), "</body></html>"]
    return "\n".join(h) + "\n"


def _guide_html() -> str:
    """The reading guide as HTML (a list)."""
    intro, *items = READING_GUIDE.strip().split("\n* ")
    lis = []
    for item in items:
        text = escape(" ".join(item.split()))
        parts = text.split("**")
        text = "".join(f"<b>{p}</b>" if i % 2 else p for i, p in enumerate(parts))
        parts = text.split("`")
        text = "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(parts))
        lis.append(f"<li>{text}</li>")
    return f"<p>{escape(intro)}</p><ul>{''.join(lis)}</ul>"


def render_index_md(table: list[dict[str, Any]]) -> str:
    lines = [
        "# Generated reports",
        "",
        "One rule-ambiguity report per game, written by",
        "",
        "    hhh-verify report --game all",
        "",
        "with the default budget and seed 0 (the exact command and budget are in each file's "
        "header). Each report is deterministic for its seed and independent of `--jobs`; "
        "`tests/test_report.py` regenerates entries with the committed budget and compares "
        "them with the JSON. `index.html` is this table as a page; `small/` is a small test "
        "fixture.",
        "",
        "| game | report | ambiguities | reading pairs | material | high severity | medium | largest measured impact |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in table:
        links = " · ".join(f"[{_label(ext)}]({_file(r['game'], ext)})" for ext in r["files"])
        n = r["numbers"]
        if n is None:
            lines.append(f"| {r['title']} | no report yet | - | - | - | - | - | - |")
            continue
        top = f"{n['top']}: {n['top_effect']}" if n["top"] else "-"
        lines.append(
            f"| {r['title']} | {links} | {n['entries']} | {n['pairs']} | {n['material']} | "
            f"{n['high']} | {n['medium']} | {top.replace('|', '/')} |"
        )
    lines += ["", READING_GUIDE]
    return "\n".join(lines).rstrip() + "\n"


def render_index(
    out_dir: str,
    games: dict[str, str],
    built: dict[str, dict[str, Any]],
    coming: frozenset[str] = frozenset(),
) -> dict[str, str]:
    """``index.html`` and ``README.md`` of the report folder ``out_dir`` (which holds, or
    is about to hold, ``coming``), by name."""
    table = rows(out_dir, games, built, coming)
    return dict(zip(INDEX_FILES, (render_index_html(table), render_index_md(table))))


def write_index(out_dir: str, games: dict[str, str], built: dict[str, dict[str, Any]]) -> list[str]:
    """Write ``index.html`` and ``README.md`` into ``out_dir``; return their paths."""
    paths = []
    for name, text in render_index(out_dir, games, built).items():
        paths.append(os.path.join(out_dir, name))
        write_atomic(paths[-1], text)
    return paths
