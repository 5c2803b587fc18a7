"""The repository's rulebook copies (``rules/``) are the workspace's originals, byte for byte."""

from __future__ import annotations

import pytest
from rulebooks import REPO, SHARED_RULES

from hhh_verify.contract.registry import games

COPIES = REPO / "rules"


def test_every_registered_rulebook_has_a_copy() -> None:
    for spec in games().values():
        assert (COPIES / spec.rulebook).is_file(), f"{spec.id}: rules/{spec.rulebook} missing"


@pytest.mark.skipif(not SHARED_RULES.is_dir(), reason="no shared/rules beside this clone")
def test_copies_equal_the_shared_originals() -> None:
    originals = sorted(p.name for p in SHARED_RULES.iterdir() if p.is_file())
    assert originals, "shared/rules is empty"
    for name in originals:
        copy = COPIES / name
        assert copy.is_file(), f"rules/{name} missing: copy it from {SHARED_RULES}"
        assert copy.read_bytes() == (SHARED_RULES / name).read_bytes(), (
            f"rules/{name} differs from {SHARED_RULES / name}: copy the original again"
        )
