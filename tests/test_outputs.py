"""Nothing lost: the tool never replaces a file it did not write, a device or FIFO, or an
input of its own run, and a contradiction on the command line or in a decisions file is
refused (one line, exit 2) rather than settled silently.

Each test failed before its fix (issue: "Nothing lost, nothing silently wrong"):

* a one-game ``report --out DIR`` rewrote ``DIR/index.html`` and ``DIR/README.md``
  whenever DIR held an ``index.html``;
* an output replaced whatever stood at its path (``--trace-out`` a FIFO);
* ``replay T --html T`` destroyed the trace, ``--trace-out D --decisions D`` the file;
* ``--interpret X=a --interpret X=b`` kept the last, a decisions file deciding one id
  twice kept the last, and ``impact``/``diverge`` accepted ``--interpret`` on the very
  rule they compare.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.outputs import MANIFEST, Manifest, check_output, write_atomic

#: The smallest report: one ambiguity of HHH, explorer only.
REPORT = ["report", "--game", "hhh", "--quick", "--games", "5", "--ambiguity", "HHH-WARD-BEDS"]
REPORT += ["--jobs", "1"]
DECISIONS = {"game": "hhh", "decisions": {"HHH-WARD-BEDS": "one-fewer"}}


def run(args: list[str]) -> tuple[int, str]:
    r = CliRunner().invoke(main, args)
    return r.exit_code, r.output


def one_error_line(code: int, output: str) -> str:
    assert code == 2, output
    lines = [ln for ln in output.splitlines() if ln.startswith("error:")]
    assert len(lines) == 1 and "Traceback" not in output, output
    return lines[0]


def test_a_one_game_report_leaves_a_users_index_and_readme(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("my page")
    (tmp_path / "README.md").write_text("my notes")
    code, out = run([*REPORT, "--out", str(tmp_path)])
    assert code == 0, out
    assert (tmp_path / "index.html").read_text() == "my page"
    assert (tmp_path / "README.md").read_text() == "my notes"
    assert (tmp_path / "hhh.md").is_file() and (tmp_path / MANIFEST).is_file()


def test_a_report_refuses_a_file_it_did_not_write_unless_forced(tmp_path: Path) -> None:
    (tmp_path / "hhh.md").write_text("mine")
    line = one_error_line(*run([*REPORT, "--out", str(tmp_path)]))
    assert "hhh.md" in line and "--force" in line
    assert (tmp_path / "hhh.md").read_text() == "mine"
    assert not (tmp_path / "hhh.json").exists()  # refused before any work
    code, out = run([*REPORT, "--out", str(tmp_path), "--force"])
    assert code == 0, out
    assert (tmp_path / "hhh.md").read_text().startswith("# Rule ambiguities")


def test_a_report_rewrites_its_own_files_but_not_ones_changed_since(tmp_path: Path) -> None:
    assert run([*REPORT, "--out", str(tmp_path)])[0] == 0
    assert run([*REPORT, "--out", str(tmp_path)])[0] == 0  # its own: rewritten
    with open(tmp_path / "hhh-traces" / sorted(os.listdir(tmp_path / "hhh-traces"))[0], "a") as f:
        f.write(" ")  # a user's edit inside a folder the report writes
    line = one_error_line(*run([*REPORT, "--out", str(tmp_path)]))
    assert "hhh-traces/" in line


def test_an_all_games_report_refuses_a_users_index(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("my page")
    line = one_error_line(*run(["report", "--game", "all", "--quick", "--out", str(tmp_path)]))
    assert "index.html" in line
    assert (tmp_path / "index.html").read_text() == "my page"


def test_an_output_that_is_a_fifo_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    line = one_error_line(*run(["simulate", "--games", "2", "--trace-out", str(fifo)]))
    assert "FIFO" in line
    assert fifo.is_fifo()
    with pytest.raises(ModelError, match="FIFO"):
        write_atomic(str(fifo), "text")
    assert fifo.is_fifo()
    with pytest.raises(ModelError, match="device"):
        check_output(os.devnull, "--trace-out", directory=False)


def test_replay_refuses_its_trace_as_the_html_page(tmp_path: Path) -> None:
    trace = tmp_path / "t.json"
    assert run(["simulate", "--games", "1", "--trace-out", str(trace)])[0] == 0
    before = trace.read_bytes()
    line = one_error_line(*run(["replay", str(trace), "--html", str(trace)]))
    assert "input" in line and "TRACE" in line
    assert trace.read_bytes() == before


def test_an_output_that_is_the_decisions_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "d.json"
    path.write_text(json.dumps(DECISIONS))
    line = one_error_line(
        *run(["simulate", "--games", "2", "--trace-out", str(path), "--decisions", str(path)])
    )
    assert "--decisions" in line
    assert json.loads(path.read_text()) == DECISIONS


def test_one_id_interpreted_two_ways_is_refused() -> None:
    args = ["simulate", "--games", "2", "--interpret", "HHH-WARD-BEDS=one-fewer"]
    line = one_error_line(*run([*args, "--interpret", "HHH-WARD-BEDS=as-config"]))
    assert "HHH-WARD-BEDS twice" in line
    code, out = run([*args, "--interpret", "HHH-WARD-BEDS=one-fewer"])  # the same: fine
    assert code == 0, out


def test_a_decisions_file_deciding_one_id_twice_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "d.json"
    path.write_text(
        '{"game": "hhh", "decisions": {"HHH-WARD-BEDS": "one-fewer", "HHH-WARD-BEDS": "as-config"}}'
    )
    line = one_error_line(*run(["simulate", "--games", "2", "--decisions", str(path)]))
    assert "HHH-WARD-BEDS twice" in line


@pytest.mark.parametrize("command", ["impact", "diverge"])
def test_the_compared_rule_cannot_also_be_fixed(command: str) -> None:
    line = one_error_line(
        *run([command, "--ambiguity", "HHH-WARD-BEDS", "--interpret", "HHH-WARD-BEDS=one-fewer"])
    )
    assert "the rule compared" in line


def test_the_manifest_counts_a_changed_or_unlisted_file_as_foreign(tmp_path: Path) -> None:
    ours, theirs = tmp_path / "a.txt", tmp_path / "b.txt"
    write_atomic(str(ours), "ours")
    theirs.write_text("theirs")
    m = Manifest(str(tmp_path))
    m.record([str(ours)])
    again = Manifest.read(str(tmp_path))
    assert again.foreign(["a.txt", "b.txt", "absent.txt"]) == ["b.txt"]
    ours.write_text("edited")
    assert Manifest.read(str(tmp_path)).foreign(["a.txt"]) == ["a.txt"]


def test_an_unfinished_exploration_is_undecided_not_holds() -> None:
    """The toy's explorer stopped at 3 states: its invariants are undecided and its goals
    not found (not proved unreachable); ``check``'s verdict for a property only the
    explorer checks is then ``undecided``, never ``holds``."""
    import toy_model

    from hhh_verify.check import verdicts
    from hhh_verify.contract.vocab import EngineStatus, Mark, VerdictKind
    from hhh_verify.engines.explore.check import ExplorerEngine
    from hhh_verify.engines.results import CheckOptions

    model = toy_model.SPEC.model("default")
    props = list(toy_model.SPEC.load_properties())
    rows = ExplorerEngine(max_states=3).run(
        model, toy_model.SPEC.ambiguities, props, CheckOptions()
    )
    invariants = [r for r in rows if r.kind == "invariant"]
    assert invariants and all(r.status == EngineStatus.INCONCLUSIVE for r in invariants)
    assert all("undecided: state limit" in r.message for r in invariants), invariants[0].message
    for r in rows:
        assert r.status != EngineStatus.HOLDS, r
        if r.status == EngineStatus.NOT_REACHED:
            assert not r.exhaustive and verdicts.mark_of(r) is Mark.NOT_FOUND
    contract = [v for v in verdicts.decide(rows) if v.property.startswith("explore:")]
    assert contract and all(v.verdict is VerdictKind.UNDECIDED for v in contract)


def _tree(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def test_a_report_that_fails_while_writing_leaves_the_old_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The report folder is written whole: a failure after some files were written (here
    the fifth) leaves every old file as it was, and no staging folder behind."""
    from hhh_verify.contract import outputs

    assert run([*REPORT, "--out", str(tmp_path)])[0] == 0
    before = _tree(tmp_path)
    real, count = outputs.write_atomic, [0]

    def failing(path: str, text: str) -> None:
        count[0] += 1
        if count[0] == 5:
            raise OSError(28, "No space left on device")
        real(path, text + "changed")

    monkeypatch.setattr(outputs, "write_atomic", failing)
    code, out = run([*REPORT, "--out", str(tmp_path), "--games", "6"])
    assert code != 0 and count[0] == 5, out
    assert _tree(tmp_path) == before
    assert sorted(os.listdir(tmp_path)) == sorted({k.split("/")[0] for k in before})


def test_a_report_that_fails_while_building_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hhh_verify.reporting import build

    (tmp_path / "keep.txt").write_text("mine")

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("planted: the build fails")

    monkeypatch.setattr(build, "build", broken)
    code, _ = run([*REPORT, "--out", str(tmp_path)])
    assert code != 0
    assert sorted(os.listdir(tmp_path)) == ["keep.txt"]


def test_untrusted_text_reaches_the_markdown_report_escaped(tmp_path: Path) -> None:
    """A decisions file's note and name, and an optimal file's preset names, are the
    user's text: the Markdown report escapes their HTML as the HTML report does (before,
    their ``<script>`` reached the ``.md`` raw)."""
    import shutil

    root = Path(__file__).resolve().parent.parent
    evil = "<script>alert(1)</script>"
    folder = tmp_path / f"d{evil.replace('/', '')}"
    folder.mkdir()
    decisions = folder / "d.json"
    decisions.write_text(json.dumps({**DECISIONS, "note": evil}))
    optimal = tmp_path / "optimal.json"
    shutil.copy(root / "reports" / "data" / "hhh-optimal.json", optimal)
    data = json.loads(optimal.read_text())
    data["presets"][f"tiny{evil}"] = data["presets"].pop("small")
    optimal.write_text(json.dumps(data))
    out = tmp_path / "out"
    code, text = run(
        [*REPORT, "--out", str(out), "--decisions", str(decisions), "--optimal", str(optimal)]
    )
    assert code == 0, text
    md = (out / "hhh.md").read_text()
    assert "<script" not in md and md.count("&lt;script&gt;") >= 3
    assert "<script" not in (out / "hhh.html").read_text()


def test_a_folder_of_the_tools_own_is_swapped_in_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A report folder holding only the tool's files is built beside the old one and
    swapped in in one step (the folder itself is new); a failure at the swap itself
    leaves the old folder, whole, and no staging folder beside it."""
    from hhh_verify.contract import outputs

    out = tmp_path / "reports"
    assert run([*REPORT, "--out", str(out)])[0] == 0
    before, inode = _tree(out), out.stat().st_ino

    def failing(a: str, b: str) -> bool:
        raise OSError(5, "planted: the swap fails")

    monkeypatch.setattr(outputs, "exchange", failing)
    code, _ = run([*REPORT, "--out", str(out), "--games", "6"])
    assert code != 0
    assert _tree(out) == before and out.stat().st_ino == inode
    assert sorted(os.listdir(tmp_path)) == ["reports"]
    monkeypatch.undo()
    assert run([*REPORT, "--out", str(out), "--games", "6"])[0] == 0
    assert out.stat().st_ino != inode  # a new folder, swapped in
    assert sorted(os.listdir(tmp_path)) == ["reports"]
    assert _tree(out).keys() == before.keys()


def test_a_folder_with_someone_elses_files_is_updated_name_by_name(tmp_path: Path) -> None:
    """A user's own file in the report folder stays, untouched; the folder itself is kept
    (never swapped away from under the user)."""
    out = tmp_path / "docs"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    inode = out.stat().st_ino
    assert run([*REPORT, "--out", str(out)])[0] == 0
    assert run([*REPORT, "--out", str(out), "--games", "6"])[0] == 0
    assert (out / "notes.txt").read_text() == "mine" and out.stat().st_ino == inode
    assert not [n for n in os.listdir(out) if n.startswith(".hhh-verify-stage")]


def test_the_exchange_swaps_two_folders_in_one_step(tmp_path: Path) -> None:
    from hhh_verify.contract.outputs import exchange

    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "x").write_text("a")
    (tmp_path / "b" / "x").write_text("b")
    assert exchange(str(tmp_path / "a"), str(tmp_path / "b"))  # Linux, as CI runs
    assert (tmp_path / "a" / "x").read_text() == "b"
    assert (tmp_path / "b" / "x").read_text() == "a"


def test_a_checkpoint_folder_holding_other_files_is_refused(tmp_path: Path) -> None:
    """The kernel explorer rewrites its checkpoint files in --checkpoints DIR: a folder
    holding anything else is refused before any work (before: a user's file named like
    a checkpoint was replaced, and any folder was taken)."""
    (tmp_path / "notes.txt").write_text("mine")
    args = ["explore", "--game", "hhh", "--config", "tiny", "--engine", "kernel"]
    args += ["--max-states", "50", "--checkpoints", str(tmp_path)]
    code, out = run(args)
    assert code == 2 and "holds files that are not checkpoints: notes.txt" in out, out
    assert sorted(os.listdir(tmp_path)) == ["notes.txt"]
    (tmp_path / "notes.txt").unlink()
    (tmp_path / "part-0-level-3.npz").write_bytes(b"an earlier run's")
    assert run(args)[0] == 0
