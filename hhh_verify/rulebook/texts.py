"""The rulebook texts at run time: ``$HHH_VERIFY_RULES`` when set, else the copies in
``rules/`` that install as package data (``hhh_verify.rules``), so ``rules --sentences``
and the annotated rulebook page work from any install."""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

from hhh_verify.contract.errors import ModelError


def rulebook_text(name: str) -> str:
    """The text of one rulebook file (e.g. ``royal-hospital.txt``)."""
    folder = os.environ.get("HHH_VERIFY_RULES")
    try:
        if folder:
            return (Path(folder) / name).read_text(encoding="utf-8")
        return resources.files("hhh_verify.rules").joinpath(name).read_text(encoding="utf-8")
    except (OSError, ModuleNotFoundError) as e:
        where = folder or "the installed rules/ copies"
        raise ModelError(f"rulebook {name!r} not found in {where}: {e}") from None
