"""The Markdown rendering of an ambiguity report (GitHub-readable)."""

from __future__ import annotations

from typing import Any

from . import strength
from .witness_text import witness_rows

#: Impact measures in display order (cooperative games, then competitive ones); a
#: report shows the ones its games have.
MEASURES = (
    "win",
    "money",
    "rounds",
    "deaths",
    "rating_rank",
    "seat0_win",
    "seat0_score",
    "winning_score",
)


def measures_of(imp: dict[str, Any]) -> list[str]:
    """The measures one impact entry has, in display order."""
    return [m for m in MEASURES if m in imp["stats"]]


def competitive(data: dict[str, Any]) -> bool:
    """Whether the report's games are competitive (measured per seat)."""
    return any(
        "seat0_score" in imp["stats"]
        for e in data["entries"]
        for p in e["pairs"]
        for imp in p["impact"].values()
    )


def _mat(entry: dict[str, Any]) -> str:
    m = entry["material"]
    if m is True:
        return f"yes ({entry['material_engine']})"
    return "no (exhaustive)" if m is False else "not found"


def _cell(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def stat_line(name: str, st: dict[str, Any]) -> str:
    need = st["games_needed"]
    return (
        f"{name}: A {st['mean_a']:.3f}, B {st['mean_b']:.3f}, B-A {st['diff']:+.3f} "
        f"[{st['ci95'][0]:+.3f}, {st['ci95'][1]:+.3f}]"
        + (" *" if st["significant"] else "")
        + ("" if need is None else f", games needed {need}")
    )


def largest_effect(entry: dict[str, Any]) -> str:
    """The entry's largest significant shift, as a short cell."""
    best = None
    for p in entry["pairs"]:
        for policy, imp in p["impact"].items():
            for name in measures_of(imp):
                st = imp["stats"][name]
                if st["significant"] and (best is None or abs(st["diff"]) > abs(best[2]["diff"])):
                    best = (p["options"][1], policy, st, name)
    if best is None:
        return "-"
    opt, policy, st, name = best
    return (
        f"{name} {st['diff']:+.2f} [{st['ci95'][0]:+.2f}, {st['ci95'][1]:+.2f}] ({opt}, {policy})"
    )


TOP_TEXT = (
    "Entries ranked by their largest shift with a 95% interval clear of 0, then by their "
    "largest shift of any kind, over readings, policies and measures, in dollars "
    "(final money; a win-rate point counts $1, a round reached $5, a death $5)."
)
TOP_TEXT_COMPETITIVE = (
    "Entries ranked by their largest shift with a 95% interval clear of 0, then by their "
    "largest shift of any kind, over readings, policies and measures, in points (a score "
    "point counts 1, a win-share point 1, a round reached 5)."
)
#: Ranking weights: dollars (cooperative games) or points (competitive ones) per unit.
WEIGHTS = {
    "money": 1.0,
    "win": 100.0,
    "rounds": 5.0,
    "deaths": 5.0,
    "seat0_win": 100.0,
    "seat0_score": 1.0,
    "winning_score": 1.0,
}
SEVERITY_TEXT = (
    "Severity: *high* = win rate moves by 5 "
    "points or final money by $5 with a 95% interval clear of 0; "
)
SEVERITY_TEXT_COMPETITIVE = (
    "Severity: *high* = seat 0's win share moves by 5 points, or seat 0's or the winning "
    "score by 5% of its mean, with a 95% interval clear of 0; "
)


def best_effect(entry: dict[str, Any]) -> tuple[str, dict[str, Any], str, str] | None:
    """The entry's ranking effect: (measure, its stats, reading, policy); a shift whose
    95% interval excludes 0 first, then the largest in :data:`WEIGHTS` units."""
    best: tuple[Any, ...] | None = None
    for p in entry["pairs"]:
        for policy, imp in p["impact"].items():
            for name, w in WEIGHTS.items():
                if name not in imp["stats"]:
                    continue
                st = imp["stats"][name]
                key = (st["significant"], abs(st["diff"]) * w)
                if best is None or key > best[0]:
                    best = (key, name, st, p["options"][1], policy)
    return None if best is None else best[1:]


def top_effect(entry: dict[str, Any]) -> tuple[str, str]:
    """The entry's ranking effect: (measure with interval, "reading, policy")."""
    best = best_effect(entry)
    if best is None:
        return ("-", "-")
    name, st, opt, policy = best
    sig = "" if st["significant"] else " (not significant)"
    return (
        f"{name} {st['diff']:+.3f} [{st['ci95'][0]:+.3f}, {st['ci95'][1]:+.3f}]{sig}",
        f"{opt}, {policy}",
    )


def trace_paths(game: str, amb: str, option: str) -> tuple[str, str]:
    """Where a witness's two traces are written, relative to the report (A, B)."""
    base = f"{game}-traces/{amb}--{option}"
    return f"{base}-A.json", f"{base}-B.json"


def traced(data: dict[str, Any], amb: str, option: str) -> tuple[str, str] | None:
    """The trace files of one reading pair's witness, if the report wrote them."""
    if f"{amb}/{option}" not in data.get("traces", {}):
        return None
    return trace_paths(data["game"], amb, option)


def render_markdown(
    data: dict[str, Any], plots: dict[tuple[str, str], str], forest: str | None = None
) -> str:
    """The report as Markdown; ``plots`` and ``forest`` are the relative paths of the
    SVG files written beside it (money histograms per reading, the forest plot)."""
    lines = [
        f"# Rule ambiguities: {data['title']}",
        "",
        f"Generated by `{data['command']}` "
        f"from the rulebook `{data['rulebook']}`. Deterministic for the seed: regenerating "
        "writes the same bytes.",
        "",
        f"**Budget.** {data['budget_text']}. A witness is a state reached identically under "
        "both readings where they give different legal actions, successors or outcome. "
        '"not found" means not found within this budget, not proven absent; '
        '"no (exhaustive)" would mean every reachable state of the searched configuration '
        "was compared. With this budget the whole report regenerates in a few minutes "
        "on two cores (`--jobs 2`); CI (tests/test_report.py) regenerates three entries "
        "with it and compares them with the committed JSON.",
        "",
        f"**Impact method.** {data['method']}. "
        + (SEVERITY_TEXT_COMPETITIVE if competitive(data) else SEVERITY_TEXT)
        + "*medium* = some "
        "measure moves significantly; *low* = the readings parted in some game but nothing "
        "moved significantly; *none* = no paired game ever parted. In the impact lists, "
        '`*` marks a 95% interval clear of 0, and "parted" counts the paired games whose '
        "states ever differed (with a random player this includes games where only the "
        "list of legal actions, and so the random pick, differed).",
        "",
    ]
    if forest:
        lines += [
            "## Impact at a glance",
            "",
            f"![largest shift per ambiguity with its 95% interval]({forest})",
            "",
            "The positions of every witness under each reading, side by side, are in the "
            f"HTML report, `{data['game']}.html`.",
            "",
        ]
    lines += [
        "## Summary",
        "",
        "| id | title | category | severity | material | largest significant effect |",
        "|---|---|---|---|---|---|",
    ]
    for e in data["entries"]:
        lines.append(
            f"| [{e['id']}](#{e['id'].lower()}) | {_cell(e['title'])} | {e['category']} | "
            f"{e['severity']} | {_mat(e)} | {_cell(largest_effect(e))} |"
        )
    top_text = TOP_TEXT_COMPETITIVE if competitive(data) else TOP_TEXT
    lines += ["", "## Largest measured impact", "", top_text, ""]
    lines += [
        "| rank | id | severity | effect (B-A, 95% CI) | reading, policy |",
        "|---|---|---|---|---|",
    ]
    by_id = {e["id"]: e for e in data["entries"]}
    for rank, amb in enumerate(data["top"], 1):
        e = by_id[amb]
        eff = top_effect(e)
        lines.append(
            f"| {rank} | [{amb}](#{amb.lower()}) | {e['severity']} | {_cell(eff[0])} | {_cell(eff[1])} |"
        )
    lines.append("")
    lines += strength.markdown(data)
    for e in data["entries"]:
        lines += _entry(e, plots, data)
    return "\n".join(lines).rstrip() + "\n"


def _entry(e: dict[str, Any], plots: dict[tuple[str, str], str], data: dict[str, Any]) -> list[str]:
    out = [
        f"## {e['id']}",
        "",
        f"**{e['title']}** ({e['category']}; severity {e['severity']}; material: {_mat(e)})",
        "",
    ]
    for q in e["quotes"]:
        out.append(f"> {q['text']} — *{q['section']}*")
        out.append(">")
    if out[-1] == ">":
        out.pop()
    out += ["", "Readings:", ""]
    for o in e["options"]:
        mark = " (default)" if o["id"] == e["default"] else ""
        out.append(f"- `{o['id']}`{mark}: {o['summary']}")
    out += ["", f"Why the default: {e['why']}", ""]
    for p in e["pairs"]:
        a, b = p["options"]
        out += [f"### `{a}` (A) vs `{b}` (B)", ""]
        out += _witness(p, traced(data, e["id"], b))
        for policy, imp in p["impact"].items():
            out.append(
                f"Impact, {policy} player, {imp['games']} paired games "
                f"(parted in {imp['games_parted']}; severity {imp['severity']}):"
            )
            out.append("")
            for name in measures_of(imp):
                out.append(f"- {stat_line(name, imp['stats'][name])}")
            reasons = ", ".join(f"{r} {v['a']}→{v['b']}" for r, v in imp["reasons"].items())
            out.append(f"- end reasons (games A→B): {reasons}")
            out.append("")
        plot = plots.get((e["id"], b))
        if plot:
            out += [f"![final money under each reading]({plot})", ""]
    return out


def _witness(p: dict[str, Any], traces: tuple[str, str] | None = None) -> list[str]:
    d = p["diverge"]
    w = d["witness"]
    searched = "; ".join(
        f"{s['engine']} on {s['config']}: "
        + (
            f"{s['states']} states" + (" (exhaustive)" if s.get("complete") else "")
            if "states" in s
            else f"{s['games']} games"
        )
        for s in d["searched"]
    )
    if w is None:
        return [f"Witness: **{d['note']}** (searched: {searched}).", ""]
    if w["state"] is None:
        out = [
            f"Witness ({d['engine']} on `{d['config']}`; searched: {searched}): the readings "
            "start from different initial states (the setup itself differs).",
            "",
        ]
    else:
        out = [
            f"Witness ({d['engine']} on `{d['config']}`, after {w['depth']} steps, round "
            f"{w['round']}, kind {w['kind']}; searched: {searched}). State:",
            "",
            "```",
            w["state"],
            "```",
            "",
        ]
    if w.get("decision"):
        out += [f"Decision: **{w['decision']}**", ""]
    out += ["| | A | B |", "|---|---|---|"]
    out += [f"| {_cell(k)} | {_cell(a)} | {_cell(b)} |" for k, a, b in witness_rows(w)]
    if traces:
        out += [
            "",
            f"Replayable traces: [A]({traces[0]}), [B]({traces[1]}) "
            f"(`hhh-verify replay {traces[0]}`); found again by `{p['command']}`",
            "",
        ]
    else:
        out += ["", f"Replayable traces: `{p['command']}`", ""]
    return out
