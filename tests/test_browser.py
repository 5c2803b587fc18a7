"""The committed HTML reports and a ``replay --html`` page, in a real headless browser.

Debian's ``chromium`` (installed by ``.ci/run``) driven through Playwright's Python API
(``playwright install`` is never run: the system browser is used). Each page must load
with no console error and no request outside the file itself, every internal link must
land on an existing file and anchor, and every SVG (board pictures, forest and B-A
plots, histograms in opened ``<details>``) must be drawn with a non-empty size. The
step-through page is stepped with the arrow key to the end. Each game's report opens
with the editor's summary and a glossary, and prints as an editor would print it: the
summary alone (``#print-summary``) on one or two A4 pages, the whole report with no
navigation and each entry on a page of its own; the PDFs come from the same headless
Chromium (``page.pdf()``) and their pages are counted with pypdf. Screenshots go to
``$HHH_VERIFY_ARTIFACTS`` (CI sets it) or a fresh temporary folder.

Without chromium the test is skipped on a developer machine and fails in CI (``CI`` set).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from click.testing import CliRunner

from hhh_verify.cli import main

ROOT = Path(__file__).resolve().parent.parent
REPORTS = sorted((ROOT / "reports").rglob("*.html"))
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

#: What the page reports about itself, in one round trip.
PROBE = """() => {
  document.querySelectorAll('details').forEach(d => { d.open = true; });
  const svgs = [...document.querySelectorAll('svg')].map(s => {
    const r = s.getBoundingClientRect();
    return {w: r.width, h: r.height, label: s.getAttribute('aria-label') || s.className.baseVal};
  });
  const links = [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href'));
  const ids = [...document.querySelectorAll('[id]')].map(e => e.id);
  return {svgs, links, ids};
}"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail(f"no chromium at {CHROMIUM}: .ci/run installs the Debian package")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    profile = tempfile.mkdtemp(prefix="hhh-verify-chromium-")
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            args=FLAGS,
            headless=True,
            viewport={"width": 1280, "height": 900},
        )
        try:
            yield context
        finally:
            context.close()
            shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def artifacts() -> Path:
    folder = os.environ.get("HHH_VERIFY_ARTIFACTS") or tempfile.mkdtemp(
        prefix="hhh-verify-screens-"
    )
    path = Path(folder) / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path


def _ids_of(path: Path) -> set[str]:
    """The ``id`` attributes of another page (a link may name one of its anchors)."""
    import re

    return set(re.findall(r'\bid="([^"]+)"', path.read_text(encoding="utf-8")))


def visit(context: Any, path: Path, shot: Path) -> tuple[Any, dict[str, Any]]:
    """Open ``path``; fail on console errors, page errors and outside requests."""
    page = context.new_page()
    errors: list[str] = []
    outside: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on(
        "request",
        lambda r: None if r.url.startswith(("file:", "data:")) else outside.append(r.url),
    )
    page.goto(path.as_uri(), wait_until="load")
    page.screenshot(path=str(shot))
    found = page.evaluate(PROBE)
    assert errors == [], f"{path.name}: console errors {errors}"
    assert outside == [], f"{path.name}: requests outside the file {outside}"
    return page, found


def check_links(path: Path, found: dict[str, Any]) -> None:
    ids = set(found["ids"])
    for href in found["links"]:
        parts = urlsplit(href)
        assert not parts.scheme and not parts.netloc, f"{path.name}: external link {href}"
        anchor = unquote(parts.fragment)
        if not parts.path:
            assert anchor in ids, f"{path.name}: broken anchor {href}"
            continue
        target = (path.parent / unquote(parts.path)).resolve()
        assert target.is_file(), f"{path.name}: link to a missing file {href}"
        if anchor and target.suffix == ".html":
            assert anchor in _ids_of(target), f"{path.name}: {href} names no anchor there"


def check_svgs(path: Path, found: dict[str, Any]) -> int:
    for s in found["svgs"]:
        assert s["w"] > 0 and s["h"] > 0, f"{path.name}: SVG {s['label']!r} drawn empty"
    return len(found["svgs"])


def test_reports_are_committed() -> None:
    names = {p.name for p in REPORTS}
    assert {"index.html", "hhh.html"} <= names, names


@pytest.mark.parametrize("path", REPORTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_committed_report_in_a_browser(browser: Any, artifacts: Path, path: Path) -> None:
    name = str(path.relative_to(ROOT / "reports")).replace("/", "--")
    page, found = visit(browser, path, artifacts / f"{name}.png")
    check_links(path, found)
    drawn = check_svgs(path, found)
    if path.name.endswith("-rulebook.html"):  # the annotated rulebook: text, no plots
        assert "100% mapped" in path.read_text(encoding="utf-8") and "s1" in found["ids"]
    elif path.name != "index.html":
        assert drawn > 0 and 'class="forest"' in path.read_text(encoding="utf-8")
        boards = page.locator("svg.board")
        if boards.count():  # the first witness, as a rules editor sees it
            boards.first.scroll_into_view_if_needed()
            page.screenshot(path=str(artifacts / f"{name}--first-witness.png"))
    page.close()


def test_replay_page_steps_in_a_browser(browser: Any, artifacts: Path, tmp_path: Path) -> None:
    trace, html = tmp_path / "game.json", tmp_path / "game.html"
    runner = CliRunner()
    sim = ["simulate", "--config", "tiny", "--games", "1", "--trace-out", str(trace)]
    assert runner.invoke(main, sim).exit_code == 0
    assert (
        runner.invoke(main, ["replay", "--quiet", "--html", str(html), str(trace)]).exit_code == 0
    )
    page, found = visit(browser, html, artifacts / "replay.png")
    check_links(html, found)
    sections = page.locator("section.step")
    last = sections.count() - 1
    assert last > 0
    for i in range(last + 1):  # one position at a time, each with its picture drawn
        current = page.locator("section.step.current")
        assert current.count() == 1 and current.get_attribute("id") == f"step-{i}"
        box = current.locator("svg").bounding_box()
        assert box is not None and box["width"] > 0 and box["height"] > 0
        page.keyboard.press("ArrowRight")
    assert page.locator("#where").inner_text() == f"position {last} of {last}"
    page.screenshot(path=str(artifacts / "replay-last.png"))
    page.close()


#: Game reports (not the index nor an annotated rulebook page).
GAME_REPORTS = [p for p in REPORTS if p.name != "index.html" and "-rulebook" not in p.name]

#: Terms every report's glossary explains.
TERMS = {"material", "witness", "reading pair", "B-A", "severity", "parted", "games needed"}


def _pages(pdf: bytes) -> list[str]:
    """The text of each page of a PDF."""
    import io

    from pypdf import PdfReader

    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


@pytest.mark.parametrize("path", GAME_REPORTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_report_summary_glossary_and_print(browser: Any, artifacts: Path, path: Path) -> None:
    name = str(path.relative_to(ROOT / "reports")).replace("/", "--")
    page = browser.new_page()
    page.goto(path.as_uri(), wait_until="load")
    first = page.evaluate("() => document.querySelector('body > section').id")
    assert first == "summary", f"{path.name}: the report opens with {first!r}"
    meta = page.locator("#summary dl.meta dt").all_inner_texts()
    assert {"version", "date", "budget", "seed"} <= set(meta), meta
    terms = set(page.locator("#glossary dl.glossary dt").all_inner_texts())
    assert TERMS <= terms, f"{path.name}: glossary lacks {TERMS - terms}"
    entries = page.locator("section.entry").count()
    assert entries > 0

    page.goto(path.as_uri() + "#print-summary", wait_until="load")
    page.emulate_media(media="print")
    assert page.locator("nav.toc").is_hidden()
    assert page.locator("section.entry").first.is_hidden()  # the summary alone
    summary = page.pdf(format="A4")
    (artifacts / f"{name}--summary.pdf").write_bytes(summary)
    text = _pages(summary)
    assert 1 <= len(text) <= 2, f"{path.name}: the summary prints on {len(text)} pages"
    assert "Glossary" in "".join(text) and "Impact at a glance" not in "".join(text)

    page.goto("about:blank")
    page.goto(path.as_uri(), wait_until="load")
    page.emulate_media(media="print")
    assert page.locator("nav.toc").is_hidden() and page.locator("section.entry").first.is_visible()
    whole = page.pdf(format="A4")
    (artifacts / f"{name}.pdf").write_bytes(whole)
    pages = _pages(whole)
    # every entry starts a page of its own: its id opens some page's text
    ids = page.evaluate("() => [...document.querySelectorAll('section.entry')].map(s => s.id)")
    starts = {t.lstrip().split(":", 1)[0] for t in pages}
    assert set(ids) <= starts, f"{path.name}: entries not at a page top: {set(ids) - starts}"
    assert len(pages) > len(text) + entries - 1
    page.close()
