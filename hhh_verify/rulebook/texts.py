"""The rulebook texts at run time: a file of a game's ``GameSpec.rulebook_package`` (package
data, so ``rules --sentences`` and the annotated rulebook page work from any install). This
package's own copies (``rules/``, installed as ``hhh_verify.rules``) are read from
``$HHH_VERIFY_RULES`` instead when it is set; a plugin game ships its text in its own
package (``examples/pig``: ``pig.book``)."""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.spec import RULES_PACKAGE


def rulebook_text(name: str, package: str = RULES_PACKAGE) -> str:
    """The text of one rulebook file (e.g. ``royal-hospital.txt``) in ``package``."""
    folder = os.environ.get("HHH_VERIFY_RULES") if package == RULES_PACKAGE else None
    try:
        if folder:
            return (Path(folder) / name).read_text(encoding="utf-8")
        return resources.files(package).joinpath(name).read_text(encoding="utf-8")
    except (OSError, ModuleNotFoundError) as e:
        where = folder or f"the package data of {package}"
        raise ModelError(f"rulebook {name!r} not found in {where}: {e}") from None
