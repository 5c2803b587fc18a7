"""The Markdown rendering of an ambiguity report (GitHub-readable)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hhh_verify.contract.vocab import DivergeEngine
from hhh_verify.reporting import optimal, ranking, strength, summary, units
from hhh_verify.reporting.measures import known, of_report
from hhh_verify.reporting.render_svg import plot_title
from hhh_verify.reporting.units import md_safe
from hhh_verify.reporting.winner_change import winner_change
from hhh_verify.reporting.witness_text import (
    action_text,
    reduced_note,
    unlist,
    witness_header,
    witness_rows,
)


def measures_of(imp: dict[str, Any]) -> list[str]:
    """The declared measures one impact entry has, in report order (``Measure.rank``)."""
    ranks = {name: m.rank for name, m in known().items()}
    return sorted((name for name in imp["stats"] if name in ranks), key=lambda n: ranks[n])


def competitive(data: dict[str, Any]) -> bool:
    """Whether the report's games are competitive (measured per seat)."""
    return any(
        "seat0_score" in imp["stats"]
        for e in data["entries"]
        for p in e["pairs"]
        for imp in p["impact"].values()
    )


def real_witnesses(e: dict[str, Any], configs: dict[str, Any], but: dict[str, Any]) -> list[str]:
    """The readings B of ``e`` whose witness is on the real game, ``but`` this pair's."""
    return [
        p["options"][1]
        for p in e["pairs"]
        if p is not but
        and p["diverge"]["witness"] is not None
        and (configs.get(p["diverge"].get("config") or "") or {}).get("full")
    ]


def quote_section(q: dict[str, Any]) -> str:
    """A quote's section, with its English when the book is in another language."""
    return f"{q['section']} ({q['section_en']})" if q.get("section_en") else q["section"]


def _mat(entry: dict[str, Any]) -> str:
    m = entry["material"]
    if m is True:
        return f"yes ({entry['material_engine']})"
    return "no (exhaustive)" if m is False else "not found"


def _cell(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def stat_line(name: str, st: dict[str, Any]) -> str:
    """One measure of one comparison, in its unit (:mod:`.units`), with its flags."""
    need = st["games_needed"]
    return (
        f"{units.label(name)}: A {units.level(name, st['mean_a'])}, "
        f"B {units.level(name, st['mean_b'])}, B-A {units.shift(name, st['diff'])} "
        f"{units.interval(name, st['ci95'])}"
        + flag_text(st)
        + ("" if need is None else f", games needed {need:,}")
    )


def flag_text(st: dict[str, Any]) -> str:
    """`` *`` for a shift that holds; `` (may be chance)`` for one that is clear of 0
    but does not survive the correction; nothing else."""
    if "holds" not in st:
        return " (clear of 0; random player, not ranked)" if st["significant"] else ""
    if st["holds"]:
        return f" * ({summary.q_text(st['q'])})"
    return " (may be chance)" if st["significant"] else ""


def best_effect(entry: dict[str, Any]) -> tuple[str, dict[str, Any], str, str] | None:
    """The entry's ranking effect (:mod:`.ranking`, ``entry["best"]``): (measure, its
    stats, reading, policy). Every view of an entry shows this one."""
    best = entry.get("best")
    if not best:
        return None
    pair = next(p for p in entry["pairs"] if p["options"][1] == best["reading"])
    st = pair["impact"][best["policy"]]["stats"][best["measure"]]
    return best["measure"], st, best["reading"], best["policy"]


def effect_cell(entry: dict[str, Any]) -> str:
    """The ranking effect in its unit with its flags (``-`` when nothing moved)."""
    best = best_effect(entry)
    if best is None:
        return "-"
    name, st, opt, policy = best
    flags = [f for f in entry.get("flags", []) if f != ranking.MAY_BE_CHANCE]
    head = units.effect(name, st["diff"], st["ci95"]) + flag_text(st)
    return f"{head} ({opt}, {policy})" + (f"; {'; '.join(flags)}" if flags else "")


TOP_TEXT = (
    "Entries ranked by their largest shift under competent play that survives the "
    "correction for multiple comparisons, then by their largest shift of any kind "
    "under competent play; shifts of different measures are compared in dollars (final "
    "money; a win-chance point counts $1, a round reached $5, a death $5). Random-player "
    "effects are shown in each entry but never rank."
)
TOP_TEXT_COMPETITIVE = (
    "Entries ranked by their largest shift under competent play that survives the "
    "correction for multiple comparisons, then by their largest shift of any kind "
    "under competent play; shifts of different measures are compared in points (a score "
    "point counts 1, a win-share percentage point 1, a round reached 5). Score shifts of "
    "a reading that never changes the winner do not rank. Random-player effects are "
    "shown in each entry but never rank."
)


def ranking_text(data: dict[str, Any], comp: bool) -> str:
    """How the ranking compares shifts; a game without rounds has no round clause."""
    text = TOP_TEXT_COMPETITIVE if comp else TOP_TEXT
    return text if "rounds" in of_report(data) else re.sub(r", a round reached \$?5", "", text)


def top_effect(entry: dict[str, Any]) -> tuple[str, str]:
    """The entry's ranking effect: (measure with interval and flags, "reading, policy")."""
    best = best_effect(entry)
    if best is None:
        return ("-", "-")
    name, st, opt, policy = best
    return (units.effect(name, st["diff"], st["ci95"]) + flag_text(st), f"{opt}, {policy}")


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
    SVG files written beside it (money histograms per reading, the forest plot). It
    opens with the editor's summary (:mod:`.summary`), the assumptions, the glossary
    and the units; every entry follows."""
    comp = competitive(data)
    lines = [f"# Rule ambiguities: {data['title']}", ""]
    lines += _summary(data)
    lines += _decided(data)
    lines += _assumptions(data)
    lines += ["## Glossary", ""]
    lines += [f"- **{term}**: {text}" for term, text in summary.glossary(comp)]
    lines += ["", "## Units", "", "| measure | unit |", "|---|---|"]
    lines += [f"| {m} | {u} |" for m, u in units.unit_lines(of_report(data))]
    lines += ["", "## How this report was made", ""]
    lines += [
        f"Generated by `{md_safe(data['command'])}` from the rulebook `{data['rulebook']}`. "
        "Deterministic for the seed: regenerating writes the same bytes.",
        "",
        f"**Budget.** {data['budget_text']}. A witness is a position reached identically "
        "under both readings where they give different legal moves, positions or outcome. "
        '"not found" means not found within this budget, not proven absent; '
        '"no (exhaustive)" would mean every reachable position of the searched configuration '
        "was compared.",
        "",
        f"**Impact method.** {data['method']}; {data.get('ranking', {}).get('method', '')}. "
        "In the impact lists `*` marks a shift that holds (95% interval clear of 0 and "
        "surviving the correction, with its q).",
        "",
    ]
    lines += _configs(data)
    if forest:
        lines += [
            "## Impact at a glance",
            "",
            f"![ranking effect per entry with its 95% interval]({forest})",
            "",
            "The positions of every witness under each reading, side by side, are in the "
            f"HTML report, `{data['game']}.html`.",
            "",
        ]
    lines += [
        "## All entries",
        "",
        "| id | title | category | severity | material | ranking effect (B-A, 95% interval) |",
        "|---|---|---|---|---|---|",
    ]
    for e in data["entries"]:
        lines.append(
            f"| [{e['id']}](#{e['id'].lower()}) | {_cell(e['title'])} | {e['category']} | "
            f"{e['severity']} | {_mat(e)} | {_cell(effect_cell(e))} |"
        )
    top_text = ranking_text(data, comp)
    lines += ["", "## Largest measured impact", "", top_text, ""]
    lines += [
        "| rank | id | severity | effect (B-A, 95% interval) | reading, policy | how sure |",
        "|---|---|---|---|---|---|",
    ]
    by_id = {e["id"]: e for e in data["entries"]}
    comparisons = data.get("ranking", {}).get("comparisons", 0)
    for rank, amb in enumerate(data["top"], 1):
        e = by_id[amb]
        eff = top_effect(e)
        lines.append(
            f"| {rank} | [{amb}](#{amb.lower()}) | {e['severity']} | {_cell(eff[0])} | "
            f"{_cell(eff[1])} | {_cell(summary.how_sure(e, comparisons))} |"
        )
    lines.append("")
    lines += strength.markdown(data)
    lines += optimal.markdown(data)
    for e in data["entries"]:
        lines += _entry(e, plots, data)
    return "\n".join(lines).rstrip() + "\n"


def _summary(data: dict[str, Any]) -> list[str]:
    lines = ["## Summary for editors", "", summary.overview(data), ""]
    rules = summary.top_rules(data)
    if rules:
        lines += [
            "**The rules that matter most** (competent play, after correcting for chance):",
            "",
        ]
        for i, r in enumerate(rules, 1):
            stand = " Rests on stand-in content (see Assumptions)." if r["stand_in"] else ""
            lines += [
                f"{i}. **[{r['id']}](#{r['id'].lower()})** ({r['severity']}): {r['title']}. "
                f"Readings: A `{r['a'][0]}`: {r['a'][1]}; B `{r['b'][0]}`: {r['b'][1]}. "
                f"{r['change']} How sure: {r['sure']}.{stand}",
            ]
        lines.append("")
    lines += [f"- **{k}**: {md_safe(v)}" for k, v in summary.meta(data)]
    return lines + [""]


def _decided(data: dict[str, Any]) -> list[str]:
    """The rules decided before measuring (``report --decisions``): not measured."""
    dec = data.get("decisions")
    if not dec:
        return []
    lines = ["## Decided rules", "", dec["text"], ""]
    if dec["note"]:
        lines += [f"Note ({md_safe(dec['file'])}): {md_safe(dec['note'])}", ""]
    lines += ["| id | title | decided reading | default | from |", "|---|---|---|---|---|"]
    for r in dec["applied"]:
        reading = f"`{r['option']}`: {r['summary']}"
        lines.append(
            f"| {r['id']} | {_cell(r['title'])} | {_cell(reading)} | "
            f"`{r['default']}` | {md_safe(r['source'])} |"
        )
    return lines + [""]


def _assumptions(data: dict[str, Any]) -> list[str]:
    rows = data.get("assumptions", [])
    if not rows:
        return []
    lines = [
        "## Assumptions",
        "",
        "The figures rest on these stand-ins and numbers the book does not print:",
        "",
        "| what | assumed | entries it touches |",
        "|---|---|---|",
    ]
    for r in rows:
        touched = ", ".join(r["entries"]) or "-"
        if r["everywhere"]:
            touched = "every measured effect (played in every game)" + (
                f"; named by {touched}" if r["entries"] else ""
            )
        lines.append(f"| {_cell(r['source'])} | {_cell(r['text'])} | {_cell(touched)} |")
    return lines + [""]


def _configs(data: dict[str, Any]) -> list[str]:
    reduced = {k: v for k, v in data.get("configs", {}).items() if not v["full"]}
    if not reduced:
        return []
    lines = [
        "## Reduced configurations",
        "",
        "Witnesses found on a smaller game than the real one, and how each differs from it:",
        "",
    ]
    for label, c in reduced.items():
        diffs = "; ".join(f"{n} {here} (real game {real})" for n, here, real in c["differences"])
        lines.append(f"- `{label}`: {diffs}")
    return lines + [""]


def _entry(e: dict[str, Any], plots: dict[tuple[str, str], str], data: dict[str, Any]) -> list[str]:
    flags = "; ".join(e.get("flags", []))
    out = [
        f"## {e['id']}",
        "",
        f"**{e['title']}** ({e['category']}; severity {e['severity']}; material: {_mat(e)}"
        + (f"; {flags}" if flags else "")
        + ")",
        "",
    ]
    for q in e["quotes"]:
        out.append(f"> {q['text']} — *{quote_section(q)}*")
        if q.get("en"):
            out.append(f"> (English: {q['en']})")
        out.append(">")
    if out[-1] == ">":
        out.pop()
    out += ["", "Readings:", ""]
    for o in e["options"]:
        mark = " (default)" if o["id"] == e["default"] else ""
        out.append(f"- `{o['id']}`{mark}: {o['summary']}")
    out += ["", f"Why the default: {e['why']}", ""]
    out += [f"What changes: {summary.what_changes(e)}", ""]
    configs = data.get("configs", {})
    for p in e["pairs"]:
        a, b = p["options"]
        out += [f"### `{a}` (A) vs `{b}` (B)", ""]
        out += _witness(p, traced(data, e["id"], b), configs, real_witnesses(e, configs, p))
        for policy, imp in p["impact"].items():
            ranked = imp.get("ranked", True)
            out.append(
                f"Impact, {summary.player(policy)}, {imp['games']} paired games "
                f"(parted in {imp['games_parted']}; "
                + (f"severity {imp['severity']}" if ranked else "shown, not ranked")
                + ("; changes scores, not the winner" if _scores_only(imp) else "")
                + "):"
            )
            out.append("")
            for name in measures_of(imp):
                out.append(f"- {stat_line(name, imp['stats'][name])}")
            change = winner_change(imp)
            if change is not None:
                out.append(f"- {change.text()}")
            reasons = ", ".join(f"{r} {v['a']}→{v['b']}" for r, v in imp["reasons"].items())
            out.append(f"- how games ended (games under A→B): {reasons}")
            out.append("")
        plot = plots.get((e["id"], b))
        if plot:
            out += [f"![{plot_title(p)} under each reading]({plot})", ""]
    return out


def _scores_only(imp: dict[str, Any]) -> bool:
    return imp.get("scores_changed", 0) > 0 and imp.get("winner_changed", 0) == 0


def searched_text(d: dict[str, Any]) -> str:
    """What the witness search tried, in words."""
    return "; ".join(
        ("exhaustive search" if s["engine"] == DivergeEngine.EXPLORER else "paired playouts")
        + f" of `{s['config']}`: "
        + (
            f"{s['states']:,} positions" + (" (all of them)" if s.get("complete") else "")
            if "states" in s
            else f"{s['games']} games"
        )
        for s in d["searched"]
    )


def _witness(
    p: dict[str, Any],
    traces: tuple[str, str] | None = None,
    configs: dict[str, Any] | None = None,
    elsewhere: Sequence[str] = (),
) -> list[str]:
    d = p["diverge"]
    w = d["witness"]
    if w is None:
        return [f"Witness: **{d['note']}** (searched: {searched_text(d)}).", ""]
    conf = (configs or {}).get(d["config"]) or {}
    out = [witness_header(d, conf), ""]
    note = reduced_note(p, configs or {}, elsewhere)
    if note:
        out[0] += f" {note}"
    if w["state"] is not None:
        out += ["Position:", "", "```", unlist(w["state"]), "```", ""]
    if w.get("decision"):
        out += [f"Decision: **{action_text(w['decision'])}**", ""]
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
        out += ["", f"Found again by `{p['command']}`", ""]
    return out
