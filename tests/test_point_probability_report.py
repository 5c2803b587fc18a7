"""The report ships every witness as two trace files (hhh_verify/reporting/build.py):
linked from the Markdown and HTML, kept out of the JSON, and replaying to the end."""

from __future__ import annotations

import glob
import json
import os

from hhh_verify.contract import trace as tr
from hhh_verify.contract.registry import model_for_trace

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPORTS = os.path.join(ROOT, "reports")


def _replays(path: str) -> None:
    trace = tr.load(path)
    result = tr.replay(trace, model_for_trace(trace), describe=False)
    assert result.ok, f"{path}: {result.error}"


def test_small_fixture_traces_are_linked_and_replay() -> None:
    small = os.path.join(REPORTS, "small")
    files = sorted(glob.glob(os.path.join(small, "hhh-traces", "*.json")))
    with open(os.path.join(small, "hhh.json"), encoding="utf-8") as fh:
        data = json.load(fh)
    witnesses = [
        (e["id"], p["options"][1])
        for e in data["entries"]
        for p in e["pairs"]
        if p["diverge"]["witness"]
    ]
    assert len(files) == 2 * len(witnesses) > 0
    assert "traces" not in data and all(
        "traces" not in p for e in data["entries"] for p in e["pairs"]
    )
    md = open(os.path.join(small, "hhh.md"), encoding="utf-8").read()
    html = open(os.path.join(small, "hhh.html"), encoding="utf-8").read()
    for amb, opt in witnesses:
        for side in "AB":
            rel = f"hhh-traces/{amb}--{opt}-{side}.json"
            assert f"({rel})" in md and f'href="{rel}"' in html
            _replays(os.path.join(small, rel))


def test_committed_hhh_witness_traces_replay() -> None:
    """Every trace the committed HHH report ships (deep differential ones included)."""
    files = sorted(glob.glob(os.path.join(REPORTS, "hhh-traces", "*.json")))
    for path in files:
        _replays(path)
