"""One spelling of every reading: a game's option ids as generated constants.

Rule code, SMT encodings, kernels' codecs, properties and promises name a reading as
``R.ROOM_CAP.SIX_TOTAL`` (``R`` being the game's generated ``readings`` module), never as
the text ``"six-total"``. A constant is a :class:`Reading`: the option id itself (a
``str``, so it compares equal to what ``Interpretation.choice`` returns) that also knows
its ambiguity.

Why generated constants rather than a checked accessor such as ``ctx.reads(ID, OPTION)``:
a misspelled constant is an ``AttributeError`` when the module that uses it is loaded or
the line first runs, and an editor or type checker flags it before anything runs; an
accessor can only fail when called. The module is rendered from the registry by
:func:`render`; ``tests/test_readings.py`` fails when a game's module differs from its
registry (rename an option: regenerate with ``python -m hhh_verify.contract.readings``).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from importlib import import_module
from pathlib import Path

from hhh_verify.contract.interpretations import Ambiguity


class Reading(str):
    """An option id that knows its ambiguity (``Reading("HHH-ROOM-CAP", "six-total")``
    equals ``"six-total"``, and prints and serialises as that text, so a message or a
    report reads the same whichever spelling produced it)."""

    ambiguity: str

    def __new__(cls, ambiguity: str, option: str) -> Reading:
        self = super().__new__(cls, option)
        self.ambiguity = ambiguity
        return self

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (Reading, (self.ambiguity, str(self)))


def constant_name(text: str) -> str:
    """``"six-total"`` -> ``SIX_TOTAL``; an ambiguity id loses its game prefix
    (``"HHH-ROOM-CAP"`` -> ``ROOM_CAP``)."""
    name = re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_").upper()
    if not name or name[0].isdigit():
        raise ValueError(f"{text!r} gives no Python name")
    return name


def class_name(ambiguity_id: str) -> str:
    return constant_name(ambiguity_id.split("-", 1)[1])


def render(module: str, entries: Iterable[Ambiguity]) -> str:
    """The text of a game's ``readings.py`` for the ambiguities in ``module``."""
    lines = [
        f'"""Every reading of ``{module}`` as a constant: ``AMBIGUITY.OPTION``.',
        "",
        "Generated from the registry by ``python -m hhh_verify.contract.readings`` (do not edit;",
        "``tests/test_readings.py`` keeps it equal to the registry).",
        '"""',
        "",
        "from hhh_verify.contract.readings import Reading",
    ]
    for a in entries:
        lines += ["", "", f"class {class_name(a.id)}:", f'    """{a.id}: {a.title}"""', ""]
        lines.append(f'    ID = "{a.id}"')
        for o in a.options:
            lines.append(f'    {constant_name(o.id)} = Reading(ID, "{o.id}")')
    return "\n".join(lines) + "\n"


def regenerate(module: str, path: Path) -> bool:
    """Write ``path`` from the registry in ``module`` (``REGISTRY``); whether it changed.
    The file is replaced whole (written beside it, then renamed)."""
    text = render(module, import_module(module).REGISTRY)
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    return True


def main(argv: list[str]) -> int:
    """``python -m hhh_verify.contract.readings AMBIGUITIES_MODULE FILE``."""
    if len(argv) != 2:
        print(
            "error: takes AMBIGUITIES_MODULE FILE, e.g. "
            "hhh_verify.models.GAME.ambiguities models/GAME/readings.py",
            file=sys.stderr,
        )
        return 2
    try:
        changed = regenerate(argv[0], Path(argv[1]))
    except (ImportError, AttributeError, ValueError, OSError) as e:
        print(f"error: {argv[0]}: {e}; accepted: a module with a REGISTRY", file=sys.stderr)
        return 2
    print(f"{argv[1]}: {'written' if changed else 'unchanged'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
