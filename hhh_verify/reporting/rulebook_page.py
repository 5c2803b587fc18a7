"""``<game>-rulebook.html``: the rulebook text itself, every sentence coloured by its
rule-map status and linked to what carries it (the ambiguity entry in the report, the
config value, the code), with the coverage per status at the top."""

from __future__ import annotations

from html import escape
from itertools import groupby
from typing import Any

from hhh_verify.contract.questions import ConfirmVerdict, Landing, QuestionRow, questions_of
from hhh_verify.contract.spec import GameSpec
from hhh_verify.reporting.english import English, from_map
from hhh_verify.rulebook.check import load, placed
from hhh_verify.rulebook.rule_map import HEADING, Entry, Placed, RuleStatus, coverage, normalise

#: Background colour per status (light, so the text stays readable when printed).
COLOURS = {
    RuleStatus.MODELLED: "#dcefdc",
    RuleStatus.READING: "#fde2b8",
    RuleStatus.PARAMETER: "#dbe6f7",
    RuleStatus.SETTLED: "#e8def5",
    RuleStatus.LEFT_OUT: "#f6d0d0",
    RuleStatus.NO_RULE: "#f0f0f0",
}

MEANING = {
    RuleStatus.MODELLED: "implemented by the named functions",
    RuleStatus.READING: "the text reads two or more ways: the model follows the named ambiguity entry",
    RuleStatus.PARAMETER: "the book does not print this number or text: a config value",
    RuleStatus.SETTLED: "a question the book itself answers: the model's reading and the deciding sentence",
    RuleStatus.LEFT_OUT: "not modelled: why, and what the model does instead",
    RuleStatus.NO_RULE: "heading, flavour text or a component list covered elsewhere",
}

CSS = (
    "body{font-family:system-ui,sans-serif;max-width:62em;margin:1em auto;padding:0 1em;"
    "color:#222;line-height:1.5}p.l{margin:.35em 0}span.s{padding:.05em .15em;border-radius:3px}"
    "sup a{text-decoration:none;font-size:.75em}div.n{font-size:.85em;color:#444;"
    "margin:.1em 0 .6em 1.5em;border-left:3px solid #ccc;padding-left:.6em}"
    "div.n p{margin:.15em 0}table{border-collapse:collapse}td,th{border:1px solid #ccc;"
    "padding:.2em .5em}td.n{text-align:right}.en{color:#555;font-style:italic}"
    "p.cf{color:#3a2a60}" + "".join(f".st-{s.value}{{background:{c}}}" for s, c in COLOURS.items())
)


#: Statuses whose note follows what carries them.
_NAMES_NOTE = frozenset({RuleStatus.READING, RuleStatus.MODELLED, RuleStatus.PARAMETER})


def _value(config: Any, key: str) -> str:
    return repr(getattr(config, key, "?"))


def _entry_link(spec: GameSpec, amb: str, in_report: frozenset[str] | None) -> str:
    """An ambiguity id, linked to its entry when the report beside the page has it."""
    if in_report is not None and amb not in in_report:
        return f"<code>{escape(amb)}</code>"
    return f'<a href="{escape(spec.id)}.html#{escape(amb)}">{escape(amb)}</a>'


def _detail(
    e: Entry,
    spec: GameSpec,
    in_report: frozenset[str] | None = None,
    english: English | None = None,
) -> str:
    """What carries one entry, as HTML (a deciding quote from another sentence of a
    book in another language with that sentence's English)."""
    full = spec.presets.get("full")
    if e.status is RuleStatus.READING:
        links = ", ".join(_entry_link(spec, a, in_report) for a in e.where)
        text = f"read through {links}"
    elif e.status is RuleStatus.MODELLED:
        text = "modelled by " + ", ".join(f"<code>{escape(w)}</code>" for w in e.where)
    elif e.status is RuleStatus.PARAMETER:
        values = ", ".join(f"<code>{escape(k)}</code> = {escape(_value(full, k))}" for k in e.where)
        text = f"parameter {values} (full game)"
    elif e.status is RuleStatus.SETTLED:
        text = f"settled: {escape(e.note)}"
        if e.quote:
            text += f" &mdash; decided by &ldquo;{escape(normalise(e.quote))}&rdquo;"
            en = english.quote(e.quote) if english is not None else ""
            if en:
                text += f' <span class="en">(English: {escape(en)})</span>'
        if e.where:
            text += " (" + ", ".join(f"<code>{escape(w)}</code>" for w in e.where) + ")"
        return text
    elif e.status is RuleStatus.LEFT_OUT:
        text = f"left out: {escape(e.note)}"
    else:
        text = "no rule" + (f": {escape(e.note)}" if e.note else "")
    if e.note and e.status in _NAMES_NOTE:
        text += f" &mdash; {escape(e.note)}"
    return text


#: The blind confirmer's rows on each sentence (``sentence -> rows``).
Confirmed = dict[int, list[QuestionRow]]


def confirmed_by_sentence(spec: GameSpec) -> Confirmed:
    """The question rows a blind confirmer saw, by the rule-map sentences they name."""
    out: Confirmed = {}
    for row in questions_of(spec):
        if row.confirmers:
            for n in row.sentences:
                out.setdefault(n, []).append(row)
    return out


def confirmer_note(row: QuestionRow) -> str:
    """One sentence's blind-confirmer line, as HTML: which lines a confirmer settled,
    and which it found open (a reading to be made)."""
    items = ", ".join(c.item for c in row.confirmers)
    if all(c.confirms for c in row.confirmers):
        decided = escape(row.confirmers[0].decided)
        return f"confirmed by a blind reader ({escape(items)}): &ldquo;{decided}&rdquo;"
    if any(c.verdict is ConfirmVerdict.OPEN for c in row.confirmers):
        readings = " / ".join(escape(r) for c in row.confirmers for r in c.readings)
        state = "still pending" if row.landing is Landing.PENDING else f"now {row.landing.value}"
        return (
            f"<b>open</b> for a blind reader ({escape(items)}), {state}: {readings}"
            f" ({escape(row.row)})"
        )
    return f"a blind reader ({escape(items)}) decides it otherwise ({escape(row.row)})"


def _confirmer_intro(spec: GameSpec) -> str:
    """What the blind-confirmer lines mean, with their counts."""
    rows = [r for r in questions_of(spec) if r.confirmers]
    if not rows:
        return ""
    agreed = sum(all(c.confirms for c in r.confirmers) for r in rows)
    return (
        f'<p class="cf">A blind reader, given only a question and the quoted sentence (never '
        f"the code), judged {len(rows)} questions the model answers from the book: "
        f"{agreed} confirmed, {len(rows) - agreed} not (each of those is a reading to be "
        "made, or one made since); their lines say so under the sentence they name.</p>"
    )


def _line_html(
    group: list[Placed],
    spec: GameSpec,
    in_report: frozenset[str] | None,
    english: English | None = None,
    confirmed: Confirmed | None = None,
) -> list[str]:
    spans, notes = [], []
    for p in group:
        for n, k in enumerate(p.clauses, 1):
            e, status = k.entry, k.entry.status.value
            anchor = f"s{p.sentence.number}" + (f"-{n}" if len(p.clauses) > 1 else "")
            spans.append(
                f'<span class="s st-{status}" id="{anchor}" title="{escape(status)}">'
                f"{escape(k.text)}</span>"
                f'<sup><a href="#{anchor}">{escape(status)}</a></sup>'
            )
            if e.status is not RuleStatus.NO_RULE or e.note not in ("", HEADING):
                en = f'<br><span class="en">{escape(e.en)}</span>' if e.en else ""
                detail = _detail(e, spec, in_report, english)
                notes.append(f"<p><b>{escape(anchor)}</b> {detail}{en}</p>")
        for row in (confirmed or {}).get(p.sentence.number, []):
            notes.append(f'<p class="cf"><b>s{p.sentence.number}</b> {confirmer_note(row)}</p>')
    line = f'<p class="l">{" ".join(spans)}</p>'
    return [line, f'<div class="n">{"".join(notes)}</div>'] if notes else [line]


def render_rulebook_page(spec: GameSpec, in_report: frozenset[str] | None = None) -> str:
    """The annotated rulebook of ``spec``'s game as one HTML page; ``in_report``: the
    entries the report beside it has (others are named, not linked)."""
    rule_map = load(spec)
    english = from_map(rule_map)
    rows = placed(spec)
    counts = coverage(rows)
    total = sum(counts.values())
    h = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>Annotated rulebook: {escape(spec.title)}</title>",
        f"<style>{CSS}</style></head><body>",
        f"<h1>Annotated rulebook: {escape(spec.title)}</h1>",
        f"<p>Every sentence of <code>{escape(rule_map.rulebook)}</code> (split into clauses "
        "where one sentence states several rules) with the one status the model gives it. "
        f'Ambiguity ids link to their entries in the <a href="{escape(spec.id)}.html">report</a>; '
        "parameter values are the full game's.</p>",
        f'<p class="coverage">Coverage: {len(rows)} sentences, {total} entries, 100% mapped.</p>',
        _confirmer_intro(spec),
        "<table><tr><th>status</th><th>entries</th><th>meaning</th></tr>",
    ]
    for s in RuleStatus:
        h.append(
            f'<tr><td><span class="s st-{s.value}">{s.value}</span></td><td class="n">{counts[s]}</td>'
            f"<td>{escape(MEANING[s])}</td></tr>"
        )
    h.append("</table><h2>The rulebook</h2>")
    confirmed = confirmed_by_sentence(spec)
    for _, group in groupby(rows, key=lambda p: p.sentence.line):
        h += _line_html(list(group), spec, in_report, english, confirmed)
    h.append("</body></html>")
    return "\n".join(h) + "\n"
