"""Best possible play: the exact optimal win probability under each reading, beside the
strong player's full-game win rate -- how winnable each reading makes the game.

The probabilities come from the verified compiled exploration (``hhh-verify optimal``),
far too costly to run inside ``report`` on ``medium``, so they are recorded once into
``<out>/data/<game>-optimal.json`` (this module reads and writes that file) and the
report shows what is recorded, saying "not computed" for a reading that is not.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
from collections.abc import Callable
from html import escape
from typing import Any

from hhh_verify.contract import json_input
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.outputs import write_atomic
from hhh_verify.contract.registry import get_game, package_of
from hhh_verify.reporting.units import md_code, md_safe

FORMAT = "hhh-verify-optimal/1"


def default_path(out_dir: str, game: str) -> str:
    """Where ``hhh-verify optimal`` writes by default and ``report`` reads (under the
    report's output directory)."""
    return os.path.join(out_dir, "data", f"{game}-optimal.json")


#: The role folders of a game whose code the compiled exploration (what ``optimal`` runs)
#: executes: its rules and its kernel. The book, the properties, the view, the players
#: and the SMT encoding only state, check, picture or adapt the rules, so editing them (a
#: new fact, a promise, a picture) keeps the recorded rows.
EXPLORED_ROLES = ("rules", "kernel")


def code_version(game: str) -> str:
    """A digest of the explorer's sources and of the game's :data:`EXPLORED_ROLES`
    folders: a value recorded under another digest may be stale, so it is run again
    rather than reused."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    spec = importlib.util.find_spec(package_of(game))
    roots = [(os.path.join(here, "engines", "explore"), "")]
    for location in (spec.submodule_search_locations or []) if spec is not None else []:
        roots += [(os.path.join(location, role), role) for role in EXPLORED_ROLES]
    digest = hashlib.sha256()
    for root, role in sorted(roots):
        for folder, _dirs, files in sorted(os.walk(root)):
            for name in sorted(f for f in files if f.endswith(".py")):
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, root).replace(os.sep, "/")
                digest.update(f"{role}/{rel}".encode())
                with open(path, "rb") as fh:
                    digest.update(fh.read())
    return digest.hexdigest()[:16]


#: The fields of one recorded reading and the types each takes (a number is an int or a
#: float, never a boolean; ``None`` where the field may be empty).
ROW_FIELDS: dict[str, tuple[type, ...]] = {
    "id": (str,),
    "option": (str,),
    "interpret": (list,),
    "checks": (str,),
    "complete": (bool,),
    "incomplete_reason": (str, type(None)),
    "pmax": (int, float, type(None)),
    "pmin": (int, float, type(None)),
    "prandom": (int, float, type(None)),
    "seconds": (int, float),
    "states": (int,),
    "transitions": (int,),
}


def _row_problem(row: Any) -> str:
    """What is wrong with one recorded reading (empty when nothing is)."""
    if not isinstance(row, dict):
        return "a reading that is not a table"
    for name, kinds in ROW_FIELDS.items():
        value = row.get(name, ...)
        is_bool = isinstance(value, bool) and bool not in kinds
        if value is ... or is_bool or not isinstance(value, kinds):
            return f"a reading whose {name!r} is {value if value is not ... else 'missing'!r}"
    if not all(isinstance(x, str) for x in row["interpret"]):
        return "a reading whose 'interpret' is not a list of ID=OPTION texts"
    return ""


def _run_problem(run: Any) -> str:
    """What is wrong with one recorded run (a preset's readings)."""
    if not isinstance(run, dict) or not isinstance(run.get("readings"), list):
        return "a run without a list of readings"
    if not isinstance(run.get("code_version"), str):
        return "a run without its code version"
    decided = run.get("decided", {})
    if not isinstance(decided, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in decided.items()
    ):
        return "a run whose 'decided' is not a table of ID: OPTION"
    return next((p for p in map(_row_problem, run["readings"]) if p), "")


def load(path: str, game: str) -> dict[str, Any]:
    """The recorded file (an empty one when ``path`` does not exist); a file that is not
    one of ours, or for another game, or any of whose runs or readings is not as this
    module writes them, is one line of error."""
    if not os.path.exists(path):
        return {"format": FORMAT, "game": game, "presets": {}}
    data = json_input.load_file(path, path)  # a bad file: one line naming it
    ok = (
        isinstance(data, dict)
        and data.get("format") == FORMAT
        and isinstance(data.get("presets"), dict)
    )
    if not ok:
        raise ModelError(f"{path}: not an optimal-play file; accepted: a file {FORMAT}")
    if data.get("game") != game:
        raise ModelError(f"{path} records game {data.get('game')!r}; accepted: {game}")
    for name, run in data["presets"].items():
        if problem := _run_problem(run):
            raise ModelError(
                f"{path}: run {name[:60]!r} has {problem}; accepted: a file {FORMAT} as "
                "`hhh-verify optimal` writes it"
            )
    return data


def run_key(preset: str, decided: dict[str, str] | None = None) -> str:
    """The key of one recorded run: the preset, then the decided readings it was run on
    top of (``medium with ID=OPTION, ...``), so runs under other readings never share
    a key; the preset alone for the book's defaults."""
    if not decided:
        return preset
    return preset + " with " + ", ".join(f"{k}={v}" for k, v in sorted(decided.items()))


def _decided_of(run: dict[str, Any]) -> dict[str, str]:
    return dict(run.get("decided") or {})


def recorded(
    data: dict[str, Any], key: str, version: str, decided: dict[str, str] | None = None
) -> set[tuple[str, str]]:
    """The readings ``(id, option)`` recorded under run ``key`` (:func:`run_key`) with
    code ``version`` and these ``decided`` readings."""
    run = data["presets"].get(key)
    if not run or run.get("code_version") != version or _decided_of(run) != (decided or {}):
        return set()
    return {(r["id"], r["option"]) for r in run["readings"]}


def merge(
    data: dict[str, Any],
    key: str,
    version: str,
    row: dict[str, Any],
    decided: dict[str, str] | None = None,
) -> None:
    """Add one reading's row to run ``key``; rows recorded under another code version
    (or, under a hand-edited key, other decided readings) are dropped."""
    run: dict[str, Any] | None = data["presets"].get(key)
    if not run or run.get("code_version") != version or _decided_of(run) != (decided or {}):
        run = {"code_version": version, "readings": []}
        data["presets"][key] = run
        if decided:
            run["decided"] = dict(sorted(decided.items()))
    rows = [r for r in run["readings"] if (r["id"], r["option"]) != (row["id"], row["option"])]
    run["readings"] = sorted([*rows, row], key=lambda r: (r["id"], r["option"]))


def save(path: str, data: dict[str, Any]) -> None:
    write_atomic(path, json.dumps(data, indent=1, sort_keys=True) + "\n")


def attach(data: dict[str, Any], path: str | None) -> dict[str, Any]:
    """``data`` with the recorded optimal play (``optimal``) when the file exists and the
    game has a kernel explorer; otherwise ``data`` unchanged."""
    if path is None or not os.path.exists(path) or get_game(data["game"]).kernel is None:
        return data
    return {**data, "optimal": load(path, data["game"])}


TEXT = (
    "The exact probability of a win under the best possible play (Pmax, every decision "
    "chosen to maximise it, over every chance outcome), from the verified compiled "
    "exploration of reduced presets ({presets} under the defaults; `hhh-verify optimal "
    "--config PRESET`), each in its own columns; beside it the strong player's win rate on the "
    'full game (where measured). A reading not yet recorded says "not computed".'
)


def _strong(data: dict[str, Any]) -> dict[tuple[str, str], str]:
    """The strong player's full-game win rate per reading ``(id, option)`` (``("", "")``:
    the defaults), from the strong-play measurements attached to the report."""
    sp = data.get("strong_play") or {}
    out: dict[tuple[str, str], str] = {}
    for p in sp.get("players", []):
        if p["policy"] == sp.get("policy"):
            out[("", "")] = f"{p['win_rate']:.1%} ({p['games']} games)"
    for r in sp.get("rows", []):
        win = (r.get(sp.get("policy", "")) or {}).get("win")
        if win:
            out[(r["id"], r["options"][1])] = f"{win['mean_b']:.1%} ({r['games']} games)"
    return out


ORDER = ("tiny", "small", "medium")


def presets(data: dict[str, Any]) -> list[str]:
    """The presets recorded under the book's defaults, smallest first (each gets its own
    columns, never mixed); runs on top of decided readings are not the report's rows."""
    rank = {p: i for i, p in enumerate(ORDER)}
    runs = data["optimal"]["presets"]
    plain = [p for p in runs if not runs[p].get("decided")]
    return sorted(plain, key=lambda p: (rank.get(p, len(ORDER)), p))


def stale(data: dict[str, Any]) -> set[str]:
    """The recorded presets whose rows were computed by other rules or kernel code than
    this checkout's (:func:`code_version`): shown marked, never as current."""
    version = code_version(data["game"])
    runs = data["optimal"]["presets"]
    return {p for p in presets(data) if runs[p].get("code_version") != version}


STALE_MARK = " (earlier code)"


def head(data: dict[str, Any]) -> list[str]:
    cols = [f"{m} ({p})" for p in presets(data) for m in ("Pmax(win)", "Pmin", "random play")]
    return ["id", "reading", *cols, "strong player, full game"]


def rows(data: dict[str, Any]) -> list[list[str]]:
    """One row per reading of the report's entries (the defaults first): id, reading,
    Pmax / Pmin / random play of a win per recorded preset, the strong player's rate."""
    found = {
        p: {(r["id"], r["option"]): r for r in data["optimal"]["presets"][p]["readings"]}
        for p in presets(data)
    }
    strong = _strong(data)
    old = stale(data)
    registry = get_game(data["game"]).ambiguities
    readings = [("", "")] + [
        (e["id"], o)
        for e in data["entries"]
        for o in registry.get(e["id"]).option_ids
        if o != registry.get(e["id"]).default
    ]
    out = []
    for amb, option in readings:
        cells = []
        for p in presets(data):
            r = found[p].get((amb, option))
            if r is None:
                cells += ["not computed"] * 3
            else:
                done = ("" if r["complete"] else " (incomplete)") + (STALE_MARK if p in old else "")
                cells += [f"{r[k]:.4f}{done}" for k in ("pmax", "pmin", "prandom")]
        name = f"`{option}`" if amb else "defaults"
        out.append([amb or "-", name, *cells, strong.get((amb, option), "-")])
    return out


def _intro(data: dict[str, Any], name: Callable[[str], str] = md_code) -> str:
    """The section's first paragraph; ``name`` writes a preset's name (Markdown by
    default: a preset's name comes from the optimal file, untrusted)."""
    sizes = []
    for p in presets(data):
        d = next((r for r in data["optimal"]["presets"][p]["readings"] if not r["id"]), None)
        sizes.append(name(p) + ("" if d is None else f", {d['states']:,} states"))
    text = TEXT.format(presets="; ".join(sizes))
    old = sorted(stale(data))
    if old:
        text += (
            " The rows of " + ", ".join(name(p) for p in old) + " were computed by earlier "
            f"rules or kernel code than this report's: marked{STALE_MARK}, they may have "
            "moved (re-run `hhh-verify optimal --config PRESET`)."
        )
    return text


def markdown(data: dict[str, Any]) -> list[str]:
    """The section as Markdown lines (none without a recorded file)."""
    if not data.get("optimal") or not presets(data):
        return []
    table, cols = rows(data), [md_safe(c) for c in head(data)]
    lines = ["## Best possible play", "", _intro(data), ""]
    lines += ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    lines += ["| " + " | ".join(r) + " |" for r in table]
    return [*lines, ""]


def html(data: dict[str, Any]) -> list[str]:
    """The section as HTML elements (none without a recorded file)."""
    if not data.get("optimal") or not presets(data):
        return []
    table = rows(data)
    cols = "".join(f"<th>{escape(h)}</th>" for h in head(data))
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(c.replace('`', ''))}</td>" for c in r) + "</tr>"
        for r in table
    )
    return [
        "<h2>Best possible play</h2>",
        f"<p>{escape(_intro(data, str).replace('`', ''))}</p>",
        f"<table><tr>{cols}</tr>{body}</table>",
    ]
