"""The first page of a report: what a rules editor can act on in two minutes.

The same content feeds the Markdown and the HTML (:func:`summary`): the rules that
matter most, their readings, what changes for players, how much (one unit per
measure, :mod:`.units`) and how sure (:mod:`.ranking`); what the figures rest on
(:mod:`.assumptions`); a glossary of every term the report uses; version, date and
budget. Words only: no number here is not also in the entry it summarises.
"""

from __future__ import annotations

from typing import Any

from hhh_verify.contract.vocab import RANDOM_POLICY, Severity
from hhh_verify.reporting import ranking, units

#: How many rules the summary names.
TOP_RULES = 5

#: Players in words (the policy names the report uses).
PLAYERS = {
    "random": "a random player",
    "greedy": "the greedy player",
    "mixed": "the mixed player",
    "strong": "the strong player",
}


def player(policy: str) -> str:
    return PLAYERS.get(policy.split(":")[0], f"the {policy} player")


def _option(entry: dict[str, Any], option: str) -> str:
    return next((o["summary"] for o in entry["options"] if o["id"] == option), option)


def q_text(q: float) -> str:
    """A corrected p-value in words: ``q = 0.012``, ``q < 0.001``."""
    return "q < 0.001" if q < 0.001 else f"q = {q:.2g}"


def how_sure(entry: dict[str, Any], comparisons: int) -> str:
    """The ranking effect's certainty in words."""
    best = entry.get("best")
    if not best:
        return "no measured shift"
    parts = []
    if best["holds"]:
        parts.append(
            f"holds after correcting for {comparisons} comparisons ({q_text(best['q'])})"
            if best.get("q") is not None
            else "95% interval clear of 0"
        )
    elif ranking.MAY_BE_CHANCE in entry.get("flags", []):
        parts.append(
            f"may be chance: it does not survive the correction for {comparisons} comparisons"
        )
    else:
        parts.append("not measurably different from 0")
    settle = entry.get("settle")
    if settle:
        games = settle["games"]
        parts.append(
            f"unstable at {settle['now']} games: about {games:,} paired games would settle it"
            if games
            else "unstable: no number of games would settle it at this spread"
        )
    if ranking.SCORES_NOT_WINNER in entry.get("flags", []):
        parts.append("changes scores, not the winner")
    return "; ".join(parts)


def what_changes(entry: dict[str, Any]) -> str:
    """The ranking effect as a sentence about players."""
    best = entry.get("best")
    if not best:
        return "No paired game under competent play moved any measure."
    name, opt = best["measure"], best["reading"]
    return (
        f"Read as `{opt}` instead of `{entry['default']}`, {player(best['policy'])}'s "
        f"{units.label(name)} moves by {units.shift(name, best['diff'])} "
        f"(95% interval {units.interval(name, best['ci95'])})."
    )


def top_rules(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The rules that matter most (the ranking's first :data:`TOP_RULES`), in words."""
    by_id = {e["id"]: e for e in data["entries"]}
    comparisons = data.get("ranking", {}).get("comparisons", 0)
    out = []
    for amb in data["top"][:TOP_RULES]:
        e = by_id[amb]
        best = e.get("best") or {}
        reading = best.get("reading", e["default"])
        out.append(
            {
                "id": amb,
                "title": e["title"],
                "severity": e["severity"],
                "a": (e["default"], _option(e, e["default"])),
                "b": (reading, _option(e, reading)),
                "change": what_changes(e),
                "sure": how_sure(e, comparisons),
                "stand_in": any(amb in row["entries"] for row in data.get("assumptions", [])),
            }
        )
    return out


def counts(data: dict[str, Any]) -> dict[str, int]:
    entries = data["entries"]
    return {
        "entries": len(entries),
        "pairs": sum(len(e["pairs"]) for e in entries),
        "material": sum(1 for e in entries if e["material"] is True),
        "high": sum(1 for e in entries if e["severity"] == Severity.HIGH),
        "medium": sum(1 for e in entries if e["severity"] == Severity.MEDIUM),
        "chance": sum(1 for e in entries if ranking.MAY_BE_CHANCE in e.get("flags", [])),
        "unstable": sum(1 for e in entries if ranking.UNSTABLE in e.get("flags", [])),
        "scores_only": sum(1 for e in entries if ranking.SCORES_NOT_WINNER in e.get("flags", [])),
        "random_only": sum(
            1
            for e in entries
            if not e.get("best")
            and any(
                st["significant"]
                for p in e["pairs"]
                for pol, imp in p["impact"].items()
                if not imp.get("ranked", True)
                for st in imp["stats"].values()
            )
        ),
    }


def overview(data: dict[str, Any]) -> str:
    """The report in three sentences."""
    n = counts(data)
    policies = data.get("budget", {}).get("policies") or sorted(
        {pol for e in data["entries"] for p in e["pairs"] for pol in p["impact"]}
    )
    ranked = [p for p in policies if p != RANDOM_POLICY] or [RANDOM_POLICY]
    text = (
        f"{n['entries']} rules of {data['title']} can be read more than one way "
        f"({n['pairs']} pairs of readings compared). For {n['material']} of them the tool "
        "found a position where the readings lead to different play (a witness). Ranked "
        f"by their effect on {' and '.join(player(p) for p in ranked)}, after correcting "
        f"for chance: {n['high']} of high severity, {n['medium']} medium."
    )
    extra = [
        _entries(n["chance"], "whose ranking effect may be chance"),
        _entries(n["unstable"], "unstable at this budget"),
        _entries(n["scores_only"], "that change scores but never the winner"),
        _entries(n["random_only"], "that move only a random player's games (shown, not ranked)"),
    ]
    extra = [x for x in extra if x]
    return text + (f" Flagged: {'; '.join(extra)}." if extra else "")


def _entries(k: int, what: str) -> str:
    return "" if not k else f"{k} {'entry' if k == 1 else 'entries'} {what}"


def meta(data: dict[str, Any]) -> list[tuple[str, str]]:
    """Version, date, seed, budget and the command, as (label, text)."""
    return [
        ("version", f"hhh-verify {data.get('version', 'unknown')}"),
        (
            "date",
            data.get("date")
            or "not recorded (the report depends on version, seed and budget only)",
        ),
        ("seed", str(data.get("seed", "-"))),
        ("budget", data["budget_text"]),
        ("comparisons", data.get("ranking", {}).get("method", "")),
        ("command", data["command"]),
    ]


#: The report's terms in words, in the glossary's order up to ``severity``.
_TERMS: tuple[tuple[str, str], ...] = (
    (
        "entry",
        "one rule the book leaves open (an ambiguity), with a stable id, quotes "
        "from the book and two or more readings.",
    ),
    (
        "reading",
        "one way to play the unclear rule. Reading A is the default the model "
        "uses; each other reading B is compared with it.",
    ),
    ("reading pair", "the default reading A and one other reading B of the same entry."),
    (
        "B-A",
        "the value under reading B minus the value under reading A, over the same "
        "games: positive means B gives more.",
    ),
    (
        "material",
        "the readings lead to different play in at least one reachable "
        "position (a witness was found). 'not found' means not found within the budget, "
        "never proven absent; 'no (exhaustive)' means every reachable position of the "
        "searched configuration was compared.",
    ),
    (
        "witness",
        "a position reached the same way under both readings where they allow "
        "different moves, lead to different positions, or end the game differently. "
        "Shown side by side, with the differences outlined.",
    ),
    (
        "reduced configuration",
        "a smaller game (fewer rounds, colours, cards) that can "
        "be searched completely; a witness found there is named with its configuration "
        "and how it differs from the real game.",
    ),
    (
        "paired games",
        "each game is played once under A and once under B with the same "
        "dice, draws and random choices, so a difference comes from the rule, not from luck.",
    ),
    (
        "parted",
        "the number of paired games in which the two readings ever led to a different position.",
    ),
    (
        "competent play",
        "the game's own players (greedy, strong): only their games rank "
        "entries. A random player's results are shown but do not rank.",
    ),
    (
        "random player",
        "picks uniformly among the legal moves: it finds odd corners "
        "of the rules, but no person plays that way.",
    ),
    ("greedy player", "the game's simple sensible player: takes the move that helps most now."),
    (
        "95% interval",
        "the range that holds the true B-A with 95% confidence at this number "
        "of games; an interval clear of 0 means the shift is unlikely to be luck of one comparison.",
    ),
    (
        "may be chance",
        "the interval is clear of 0, but with hundreds of comparisons in a "
        "report some such shifts appear by chance: this one does not survive the "
        "Benjamini-Hochberg correction (false discovery rate 5%).",
    ),
    (
        "q",
        "the p-value after the Benjamini-Hochberg correction over every ranked "
        "comparison of the report; below 0.05 the shift holds.",
    ),
    (
        "unstable",
        "the ranking effect could change class with more games (it may be "
        "chance, or its interval straddles the high threshold); the report says how many "
        "paired games would settle it.",
    ),
    (
        "changes scores, not the winner",
        "a competitive game's reading that moves scores in some games but never changes who wins.",
    ),
    (
        "games needed",
        "paired games a test (two-sided 5%, power 80%) needs to detect the "
        "observed shift; a very large number means the shift is tiny next to the spread.",
    ),
)

#: The term after ``severity``.
_STAND_IN = (
    "stand-in",
    "content the book does not print (card texts, tiles, track lengths), "
    "filled in by the model so the game can be played; see the assumptions box.",
)


def glossary(competitive: bool) -> list[tuple[str, str]]:
    """Every term the report uses, in words."""
    if competitive:
        high = (
            "seat 0's win share moves by 5 percentage points or more, or seat 0's or the "
            "winning score by 5% of its mean (scores count only if the winner changed in "
            "some game)"
        )
    else:
        high = "the win chance moves by 5 percentage points or more, or final money by $5 or more"
    terms = [
        *_TERMS,
        (
            "severity",
            f"measured under competent play only. High: {high}, and the shift holds; "
            "medium: some measure moves and the shift holds; low: the readings parted in "
            "some game but nothing measurably moved; none: no game of competent play ever "
            "parted (a witness may still exist: see material); unknown: not measured.",
        ),
        _STAND_IN,
    ]
    if competitive:
        terms.append(
            (
                "seat win share",
                "seat 0's share of the games it won (a shared win "
                "counts as a fraction), in percent.",
            )
        )
    else:
        terms.append(("win chance", "the share of games the team wins, in percent."))
    return terms
