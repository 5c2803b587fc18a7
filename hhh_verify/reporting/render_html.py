"""The self-contained HTML rendering of an ambiguity report (inline CSS and SVG)."""

from __future__ import annotations

from html import escape
from typing import Any

from hhh_verify.contract.vocab import DivergeEngine
from hhh_verify.reporting import optimal, strength, summary, units
from hhh_verify.reporting.measures import of_report
from hhh_verify.reporting.render_effects import forest_svg, shifts_svg
from hhh_verify.reporting.render_md import (
    competitive,
    effect_cell,
    measures_of,
    quote_section,
    ranking_text,
    real_witnesses,
    searched_text,
    top_effect,
    traced,
)
from hhh_verify.reporting.render_svg import has_plot, plot_svg, plot_title
from hhh_verify.reporting.winner_change import winner_change
from hhh_verify.reporting.witness_text import (
    action_text,
    reduced_note,
    unlist,
    witness_header,
    witness_rows,
)

CSS = """
body{font-family:system-ui,sans-serif;max-width:84em;margin:1em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.2em .5em;
vertical-align:top;font-size:.92em}th{background:#f3f3f3}pre{background:#f7f7f7;padding:.5em;
overflow:auto}blockquote{border-left:3px solid #bbb;margin:.3em 0;padding-left:.8em;color:#444}
.sev-high{background:#f8d0d0}.sev-medium{background:#fbe9c4}.sev-low{background:#eef5d9}
.en{color:#555;font-style:italic}.sig{font-weight:bold}.chance{color:#8a5a00}.unranked{color:#666}
.boards{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}
figure{margin:.4em 0;flex:1 1 30em;min-width:0}figcaption{font-size:.9em;color:#444;margin-bottom:.2em}
svg.board,svg.forest,svg.shifts{max-width:100%;height:auto;display:block}
.headline{font-size:1.1em;background:#f4f6fa;padding:.5em .8em;border-left:4px solid #1a4d8f}
details{margin:.4em 0}summary{cursor:pointer;color:#1a4d8f}
[id]{scroll-margin-top:2.5em}nav.toc{position:sticky;top:0;background:#fff;border-bottom:1px solid #ddd;padding:.3em 0;
font-size:.92em;z-index:1}nav.toc a{margin-right:.8em}
ol.rules li{margin:.3em 0}.assumptions{border:2px solid #c77700;background:#fff8ec;
padding:.2em .8em;margin:.6em 0}.assumptions h2{margin:.3em 0}
dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:.1em .8em;font-size:.92em}
dl.meta dt{font-weight:bold}dl.meta dd{margin:0}
dl.glossary dt{font-weight:bold;margin-top:.3em}dl.glossary dd{margin:0 0 0 1.2em}
.flag{display:inline-block;border:1px solid #c77700;border-radius:3px;padding:0 .3em;
font-size:.85em;color:#8a5a00;margin-left:.3em}
@media print{
@page{size:A4;margin:12mm}
body{max-width:none;margin:0;padding:0;font-size:8.5pt}
td,th{padding:.05em .3em}h1{font-size:1.5em;margin:.2em 0}h2{font-size:1.2em;margin:.5em 0 .2em}
p{margin:.3em 0}
nav.toc,.screen-only{display:none}
section.entry{break-before:page}
tr,figure,blockquote,li,dt,dd{break-inside:avoid}
a{color:inherit;text-decoration:none}
.headline{font-size:1em}
section.glossary dl.glossary{columns:2;column-gap:1.5em;font-size:.92em}
body:has(#print-summary:target)>:not(.summary-part){display:none}
}
"""


def _e(x: Any) -> str:
    return escape(str(x))


def _code(text: str) -> str:
    """Escaped text whose `backticks` become <code>."""
    parts = _e(text).split("`")
    return "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(parts))


def _mat(e: dict[str, Any]) -> str:
    if e["material"] is True:
        return f"yes ({ENGINE_WORD.get(e['material_engine'], e['material_engine'])})"
    return "no (exhaustive)" if e["material"] is False else "not found"


ENGINE_WORD = {
    DivergeEngine.EXPLORER: "exhaustive search",
    DivergeEngine.DIFFERENTIAL: "paired playouts",
}

NAV = (
    ("summary", "Summary"),
    ("assumptions", "Assumptions"),
    ("glossary", "Glossary"),
    ("method", "Method"),
    ("glance", "At a glance"),
    ("all-entries", "All entries"),
    ("ranking", "Ranking"),
)


def render_html(data: dict[str, Any]) -> str:
    comp = competitive(data)
    has_assumptions = bool(data.get("assumptions"))
    nav = " ".join(
        f'<a href="#{k}">{v}</a>' for k, v in NAV if k != "assumptions" or has_assumptions
    )
    h = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>Rule ambiguities: {_e(data['title'])}</title>",
        f"<style>{CSS}</style></head><body>",
        f'<nav class="toc">{nav}</nav>',
        *_summary(data),
        *_decided(data),
        *_assumptions(data),
        *_glossary(comp, of_report(data)),
        *_method(data),
        '<section id="glance"><h2>Impact at a glance</h2>',
        forest_svg(data),
        "</section>",
        '<section id="all-entries"><h2>All entries</h2><table><tr><th>id</th><th>title</th>'
        "<th>category</th><th>severity</th><th>material</th>"
        "<th>ranking effect (B-A, 95% interval)</th></tr>",
    ]
    for e in data["entries"]:
        h.append(
            f'<tr class="sev-{e["severity"]}"><td><a href="#{_e(e["id"])}">{_e(e["id"])}</a></td>'
            f"<td>{_e(e['title'])}</td><td>{_e(e['category'])}</td><td>{_e(e['severity'])}</td>"
            f"<td>{_e(_mat(e))}</td><td>{_e(effect_cell(e))}</td></tr>"
        )
    h.append("</table></section>")
    top_text = ranking_text(data, comp)
    h.append(f'<section id="ranking"><h2>Largest measured impact</h2><p>{_e(top_text)}</p>')
    h.append(
        "<table><tr><th>rank</th><th>id</th><th>severity</th><th>effect (B-A, 95% interval)</th>"
        "<th>reading, player</th><th>how sure</th></tr>"
    )
    by_id = {e["id"]: e for e in data["entries"]}
    comparisons = data.get("ranking", {}).get("comparisons", 0)
    for rank, amb in enumerate(data["top"], 1):
        eff, where = top_effect(by_id[amb])
        h.append(
            f'<tr><td>{rank}</td><td><a href="#{_e(amb)}">{_e(amb)}</a></td>'
            f"<td>{_e(by_id[amb]['severity'])}</td><td>{_e(eff)}</td><td>{_e(where)}</td>"
            f"<td>{_e(summary.how_sure(by_id[amb], comparisons))}</td></tr>"
        )
    h.append("</table></section>")
    h += strength.html(data)
    h += optimal.html(data)
    boards = data.get("boards", {})
    traces = {
        f"{e['id']}/{p['options'][1]}": traced(data, e["id"], p["options"][1])
        for e in data["entries"]
        for p in e["pairs"]
    }
    for e in data["entries"]:
        h += _entry(e, boards, comp, traces, data.get("configs", {}))
    h.append("</body></html>")
    return "\n".join(h) + "\n"


def _summary(data: dict[str, Any]) -> list[str]:
    """The editor's page: what matters, how much, how sure; version, date, budget."""
    out = [
        '<section id="summary" class="summary summary-part"><span id="print-summary"></span>',
        f"<h1>Rule ambiguities: {_e(data['title'])}</h1>",
        f'<p class="headline">{_e(summary.overview(data))}</p>',
    ]
    rules = summary.top_rules(data)
    if rules:
        out.append(
            "<h2>The rules that matter most</h2><p>Under competent play, after correcting "
            'for chance; the full ranking is below.</p><ol class="rules">'
        )
        for r in rules:
            stand = ' <span class="flag">rests on stand-in content</span>' if r["stand_in"] else ""
            out.append(
                f'<li><b><a href="#{_e(r["id"])}">{_e(r["id"])}</a></b> '
                f"({_e(r['severity'])}): {_e(r['title'])}.{stand}<br>"
                f"Readings: A <code>{_e(r['a'][0])}</code>: {_e(r['a'][1])}; "
                f"B <code>{_e(r['b'][0])}</code>: {_e(r['b'][1])}.<br>"
                f"{_code(r['change'])}<br>How sure: {_e(r['sure'])}.</li>"
            )
        out.append("</ol>")
    out.append('<dl class="meta">')
    out += [f"<dt>{_e(k)}</dt><dd>{_code(v)}</dd>" for k, v in summary.meta(data)]
    out.append("</dl>")
    out.append(
        '<p class="screen-only">To print this summary alone (with the assumptions and the '
        'glossary), open <a href="#print-summary">this link</a> and print; printing the page '
        "as it opens gives the whole report, one entry per page.</p></section>"
    )
    return out


def _assumptions(data: dict[str, Any]) -> list[str]:
    rows = data.get("assumptions", [])
    if not rows:
        return []
    out = [
        '<section id="assumptions" class="assumptions summary-part"><h2>Assumptions</h2>'
        "<p>The figures rest on these stand-ins and numbers the book does not print:</p>"
        "<table><tr><th>what</th><th>assumed</th><th>entries it touches</th></tr>"
    ]
    for r in rows:
        touched = ", ".join(r["entries"]) or "-"
        if r["everywhere"]:
            touched = "every measured effect (played in every game)" + (
                f"; named by {touched}" if r["entries"] else ""
            )
        out.append(
            f"<tr><td>{_code(r['source'])}</td><td>{_e(r['text'])}</td><td>{_e(touched)}</td></tr>"
        )
    out.append("</table></section>")
    return out


def _glossary(comp: bool, names: list[str]) -> list[str]:
    out = [
        '<section id="glossary" class="glossary summary-part"><h2>Glossary</h2><dl class="glossary">'
    ]
    out += [f"<dt>{_e(t)}</dt><dd>{_e(d)}</dd>" for t, d in summary.glossary(comp)]
    out.append("</dl><p><b>Units</b> (one per measure, everywhere in this report): ")
    out.append("; ".join(f"{_e(m)}: {_e(u)}" for m, u in units.unit_lines(names)) + ".</p>")
    out.append("</section>")
    return out


def _decided(data: dict[str, Any]) -> list[str]:
    """The rules decided before measuring (``report --decisions``): not measured."""
    dec = data.get("decisions")
    if not dec:
        return []
    out = ['<section id="decided"><h2>Decided rules</h2>', f"<p>{_e(dec['text'])}</p>"]
    if dec["note"]:
        out.append(f"<p>Note ({_e(dec['file'])}): {_e(dec['note'])}</p>")
    out.append(
        "<table><tr><th>id</th><th>title</th><th>decided reading</th><th>default</th>"
        "<th>from</th></tr>"
    )
    for r in dec["applied"]:
        out.append(
            f"<tr><td>{_e(r['id'])}</td><td>{_e(r['title'])}</td><td><code>{_e(r['option'])}"
            f"</code>: {_e(r['summary'])}</td><td><code>{_e(r['default'])}</code></td>"
            f"<td>{_e(r['source'])}</td></tr>"
        )
    return out + ["</table></section>"]


def _method(data: dict[str, Any]) -> list[str]:
    out = [
        '<section id="method"><h2>How this report was made</h2>',
        f"<p>Generated by <code>{_e(data['command'])}</code> from <code>{_e(data['rulebook'])}</code>; "
        "deterministic for the seed.</p>",
    ]
    if data.get("rulebook_page"):
        out.append(
            f'<p><b>Annotated rulebook.</b> <a href="{_e(data["rulebook_page"])}">Every sentence '
            "of the rulebook</a> with its status: modelled, read through an entry below, a "
            "parameter, settled by the book, left out, or no rule.</p>"
        )
    out += [
        f"<p><b>Budget.</b> {_e(data['budget_text'])}. &ldquo;not found&rdquo; means not "
        "found within this budget.</p>",
        f"<p><b>Impact method.</b> {_e(data['method'])}; "
        f"{_e(data.get('ranking', {}).get('method', ''))}.</p>",
    ]
    reduced = {k: v for k, v in data.get("configs", {}).items() if not v["full"]}
    if reduced:
        out.append(
            "<h3>Reduced configurations</h3><p>Witnesses found on a smaller game than the "
            "real one, and how each differs from it:</p><ul>"
        )
        for label, c in reduced.items():
            diffs = "; ".join(
                f"{n} {here} (real game {real})" for n, here, real in c["differences"]
            )
            out.append(f"<li><code>{_e(label)}</code>: {_e(diffs)}</li>")
        out.append("</ul>")
    out.append("</section>")
    return out


def headline_numbers(data: dict[str, Any]) -> dict[str, int]:
    """Entries, reading pairs, material entries and entries per severity."""
    n = summary.counts(data)
    return {k: n[k] for k in ("entries", "pairs", "material", "high", "medium")}


def _note(st: dict[str, Any], ranked: bool) -> tuple[str, str]:
    """(row class, note) of one measure: holds, may be chance, not ranked."""
    if not ranked:
        return ("unranked", "random player: shown, not ranked")
    if st.get("holds"):
        return ("sig", f"holds ({summary.q_text(st['q'])})")
    if st["significant"]:
        return ("chance", "may be chance")
    return ("", "")


def _entry(
    e: dict[str, Any],
    boards: dict[str, Any],
    comp: bool,
    traces: dict[str, tuple[str, str] | None],
    configs: dict[str, Any],
) -> list[str]:
    flags = "".join(f'<span class="flag">{_e(f)}</span>' for f in e.get("flags", []))
    out = [
        f'<section class="entry" id="{_e(e["id"])}">',
        f"<h2>{_e(e['id'])}: {_e(e['title'])}</h2>",
        f"<p>{_e(e['category'])}; severity <b>{_e(e['severity'])}</b>; material: "
        f"{_e(_mat(e))}{flags}</p>",
    ]
    for q in e["quotes"]:
        en = f'<br><span class="en">English: {_e(q["en"])}</span>' if q.get("en") else ""
        out.append(
            f"<blockquote>{_e(q['text'])} &mdash; <i>{_e(quote_section(q))}</i>{en}</blockquote>"
        )
    out.append("<ul>")
    for o in e["options"]:
        mark = " (default)" if o["id"] == e["default"] else ""
        out.append(f"<li><code>{_e(o['id'])}</code>{mark}: {_e(o['summary'])}</li>")
    out.append(f"</ul><p>Why the default: {_e(e['why'])}</p>")
    out.append(f"<p><b>What changes.</b> {_code(summary.what_changes(e))}</p>")
    for p in e["pairs"]:
        a, b = p["options"]
        out.append(f"<h3><code>{_e(a)}</code> (A) vs <code>{_e(b)}</code> (B)</h3>")
        note = _code(reduced_note(p, configs, real_witnesses(e, configs, p)))
        out += _witness(
            p, boards.get(f"{e['id']}/{b}"), traces.get(f"{e['id']}/{b}"), configs, note
        )
        out.append(shifts_svg(e["id"], p))
        out.append(
            "<table><tr><th>player</th><th>measure</th><th>A</th><th>B</th><th>B-A</th>"
            "<th>95% interval</th><th>games needed</th><th>note</th></tr>"
        )
        for policy, imp in p["impact"].items():
            ranked = imp.get("ranked", True)
            extra = "; changes scores, not the winner" if _scores_only(imp) else ""
            for name in measures_of(imp):
                st = imp["stats"][name]
                cls, note = _note(st, ranked)
                need = "-" if st["games_needed"] is None else f"{st['games_needed']:,}"
                out.append(
                    f'<tr class="{cls}"><td>{_e(policy)} ({imp["games"]} games, parted '
                    f"{imp['games_parted']})</td><td>{_e(units.label(name))}</td>"
                    f"<td>{_e(units.level(name, st['mean_a']))}</td>"
                    f"<td>{_e(units.level(name, st['mean_b']))}</td>"
                    f"<td>{_e(units.shift(name, st['diff']))}</td>"
                    f"<td>{_e(units.interval(name, st['ci95']))}</td><td>{need}</td>"
                    f"<td>{_e(note + extra)}</td></tr>"
                )
        out.append("</table>")
        changes = [
            f"{_e(policy)}: {_e(c.text())}"
            for policy, imp in p["impact"].items()
            if (c := winner_change(imp)) is not None
        ]
        if changes:
            out.append(f'<p class="winner-change">{"; ".join(changes)}.</p>')
        if has_plot(p):
            title = plot_title(p).capitalize()
            out.append(f"<details><summary>{_e(title)} under each reading</summary>")
            out.append(plot_svg(e["id"], p))
            out.append("</details>")
    out.append("</section>")
    return out


def _scores_only(imp: dict[str, Any]) -> bool:
    return imp.get("scores_changed", 0) > 0 and imp.get("winner_changed", 0) == 0


def _figure(caption: str, picture: str) -> str:
    return f"<figure><figcaption>{caption}</figcaption>{picture}</figure>"


def _pictures(p: dict[str, Any], boards: dict[str, str]) -> list[str]:
    """The witness's positions: A and B side by side (differences outlined) with the
    position before the decision folded below, or the one position both readings share."""
    a, b = p["options"]
    if "a" in boards:
        where = "after the decision" if "before" in boards else "initial position"
        out = [
            '<div class="boards">',
            _figure(f"A: <code>{_e(a)}</code>, {where}", boards["a"]),
            _figure(f"B: <code>{_e(b)}</code>, {where}", boards["b"]),
            "</div>",
        ]
        if "before" in boards:
            out += [
                "<details><summary>The position before the decision (same under both "
                "readings)</summary>",
                boards["before"],
                "</details>",
            ]
        return out
    if "before" in boards:
        return [_figure("The position (same under both readings)", boards["before"])]
    return []


def _witness(
    p: dict[str, Any],
    boards: dict[str, str] | None = None,
    traces: tuple[str, str] | None = None,
    configs: dict[str, Any] | None = None,
    note: str = "",
) -> list[str]:
    d = p["diverge"]
    w = d["witness"]
    if w is None:
        return [f"<p>Witness: <b>{_e(d['note'])}</b> (searched: {_code(searched_text(d))}).</p>"]
    header = _code(witness_header(d, (configs or {}).get(d["config"])))
    out = [f"<p>{header}" + (f" {note}" if note else "") + "</p>"]
    if w["state"] is not None and not boards:
        out.append(f"<pre>{_e(unlist(w['state']))}</pre>")
    if w.get("decision"):
        out.append(f"<p>Decision: <b>{_e(action_text(w['decision']))}</b></p>")
    if boards:
        out += _pictures(p, boards)
    out.append("<table><tr><th></th><th>A</th><th>B</th></tr>")
    out += [
        f"<tr><td>{_e(k)}</td><td>{_e(a)}</td><td>{_e(b)}</td></tr>" for k, a, b in witness_rows(w)
    ]
    if traces:
        out.append(
            f'</table><p>Replayable traces: <a href="{_e(traces[0])}">A</a>, '
            f'<a href="{_e(traces[1])}">B</a> (<code>hhh-verify replay {_e(traces[0])}</code>); '
            f"found again by <code>{_e(p['command'])}</code></p>"
        )
    else:
        out.append(f"</table><p>Found again by <code>{_e(p['command'])}</code></p>")
    return out
