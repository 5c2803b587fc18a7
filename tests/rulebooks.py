"""Where the tests find the rulebook texts: ``$HHH_VERIFY_RULES``, else the repository's
``rules/`` copies (kept byte-identical to the workspace's ``shared/rules/`` by
``tests/test_rulebooks.py``), so quote tests run on any fresh clone."""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RULES_DIR = Path(os.environ.get("HHH_VERIFY_RULES", REPO / "rules"))
#: The workspace's originals, beside the repository (absent on some machines).
SHARED_RULES = REPO.parent / "shared" / "rules"


def rulebook(name: str) -> Path:
    """The path of one rulebook file (e.g. ``royal-hospital.txt``)."""
    return RULES_DIR / name
