"""The repository's rulebook copies (``rules/``) are the workspace's originals, byte for byte."""

from __future__ import annotations

import pytest
from rulebooks import REPO, SHARED_RULES

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.registry import games
from hhh_verify.contract.spec import RULES_PACKAGE
from hhh_verify.rulebook.texts import rulebook_text

COPIES = REPO / "rules"


def test_every_registered_rulebook_has_a_copy() -> None:
    """This package's games keep theirs in ``rules/``; a plugin game ships its text in
    its own package (``GameSpec.rulebook_package``), which must hold it."""
    for spec in games().values():
        if spec.rulebook_package == RULES_PACKAGE:
            assert (COPIES / spec.rulebook).is_file(), f"{spec.id}: rules/{spec.rulebook} missing"
        else:
            assert rulebook_text(spec.rulebook, spec.rulebook_package).strip(), spec.id


def test_a_missing_plugin_rulebook_is_named() -> None:
    """Planted: a rulebook its package does not hold is a clear error naming both."""
    with pytest.raises(ModelError, match="nothing.txt.*hhh_verify.models"):
        rulebook_text("nothing.txt", "hhh_verify.models")


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
