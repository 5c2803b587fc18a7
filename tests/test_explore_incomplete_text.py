"""`explore`'s lines say what "holds" and "not reached" cover: in an exploration a
budget or the time safety net cut, only the states explored (the header says
INCOMPLETE; a line reading plain "holds" beneath it overstated what was shown)."""

from __future__ import annotations

from click.testing import CliRunner

from hhh_verify.cli import main

AMONG = "among the states explored (incomplete)"


def lines(*args: str) -> list[str]:
    r = CliRunner().invoke(main, ["explore", "--game", "hhh", "--config", "tiny", *args])
    assert r.exit_code == 0, r.output
    return r.stdout.splitlines()


def test_a_cut_exploration_qualifies_every_open_line() -> None:
    out = lines("--max-states", "50")
    assert "INCOMPLETE" in out[0]
    invariants = [x for x in out if x.startswith("  invariant ")]
    goals = [x for x in out if x.startswith("  goal ") and "reachable in" not in x]
    assert invariants and goals
    assert all(x.endswith(f"holds {AMONG}") for x in invariants), invariants
    assert all(x.endswith(f"not reached {AMONG}") for x in goals), goals


def test_a_complete_exploration_says_holds_plainly() -> None:
    out = lines()
    assert out[0].endswith(", complete")
    assert not [x for x in out if AMONG in x]
    assert any(x.endswith(": holds") for x in out if x.startswith("  invariant "))
