"""One spelling of every reading: a game's ambiguities as generated enums.

Rule code, SMT encodings, kernels' codecs, properties and promises name a reading as
``R.ROOM_CAP.SIX_TOTAL`` (``R`` being the game's generated ``readings`` module), never as
the text ``"six-total"``, and ask whether it is in force with one call,
``interp.reads(R.ROOM_CAP.SIX_TOTAL)``, or which one is, ``interp.reading(R.ROOM_CAP)``
(to branch on several options). Each ambiguity is a :class:`Reading` enum whose members
are its options; a member knows its ambiguity (``.ambiguity``) and its option id
(``.option``).

A member is also its option id as text (a ``str`` enum): an interpretation, a promise, a
trace, ``--interpret`` and every JSON file carry option ids as text, and a member
compares, hashes, prints and serialises as that text, so a message or a report reads the
same whichever spelling produced it.

Why generated enums rather than a checked accessor such as ``ctx.reads(ID, OPTION)``:
a misspelled member is an ``AttributeError`` when the module that uses it is loaded or
the line first runs, and an editor or type checker flags it before anything runs; an
accessor can only fail when called. The module is rendered from the registry by
:func:`render`; ``tests/test_readings.py`` fails when a game's module differs from its
registry (rename an option: regenerate with ``python -m hhh_verify.contract.readings``).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable
from enum import Enum
from importlib import import_module
from pathlib import Path
from typing import ClassVar, Protocol, TypeVar

from hhh_verify.contract.outputs import write_atomic


class Reading(str, Enum):
    """One ambiguity's options: a generated subclass per ambiguity (``ROOM_CAP``), made
    by :func:`ambiguity` with its id (``ROOM_CAP.ID == "HHH-ROOM-CAP"``), whose members
    are the options (``ROOM_CAP.SIX_TOTAL == "six-total"``)."""

    #: the ambiguity's id, set by :func:`ambiguity` on each generated enum
    ID: ClassVar[str]

    @property
    def ambiguity(self) -> str:
        """The id of the ambiguity this option reads (``"HHH-ROOM-CAP"``)."""
        return type(self).ID

    @property
    def option(self) -> str:
        """The option id as plain text (``"six-total"``)."""
        return str(self.value)

    @property
    def item(self) -> str:
        """``ID=OPTION`` (``"HHH-ROOM-CAP=six-total"``), as ``--interpret`` takes it."""
        return f"{self.ambiguity}={self.value}"

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)


ReadingT = TypeVar("ReadingT", bound=Reading)


def ambiguity(ambiguity_id: str) -> Callable[[type[ReadingT]], type[ReadingT]]:
    """Class decorator: the generated enum reads ``ambiguity_id`` (sets its ``ID``)."""

    def mark(cls: type[ReadingT]) -> type[ReadingT]:
        cls.ID = ambiguity_id
        return cls

    return mark


class Entry(Protocol):
    """What :func:`render` reads of an ambiguity (an ``interpretations.Ambiguity``, which
    imports this module, so it is not imported here)."""

    @property
    def id(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def option_ids(self) -> tuple[str, ...]: ...


def constant_name(text: str) -> str:
    """``"six-total"`` -> ``SIX_TOTAL``; an ambiguity id loses its game prefix
    (``"HHH-ROOM-CAP"`` -> ``ROOM_CAP``)."""
    name = re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_").upper()
    if not name or name[0].isdigit():
        raise ValueError(f"{text!r} gives no Python name")
    return name


def class_name(ambiguity_id: str) -> str:
    return constant_name(ambiguity_id.split("-", 1)[1])


def render(module: str, entries: Iterable[Entry]) -> str:
    """The text of a game's ``readings.py`` for the ambiguities in ``module``."""
    lines = [
        f'"""Every reading of ``{module}`` as an enum member: ``AMBIGUITY.OPTION``.',
        "",
        "Generated from the registry by ``python -m hhh_verify.contract.readings`` (do not edit;",
        "``tests/test_readings.py`` keeps it equal to the registry).",
        '"""',
        "",
        "from hhh_verify.contract.readings import Reading, ambiguity",
    ]
    for a in entries:
        lines += ["", "", f'@ambiguity("{a.id}")', f"class {class_name(a.id)}(Reading):"]
        lines += [f'    """{a.id}: {a.title}"""', ""]
        for option in a.option_ids:
            lines.append(f'    {constant_name(option)} = "{option}"')
    return "\n".join(lines) + "\n"


def regenerate(module: str, path: Path) -> bool:
    """Write ``path`` from the registry in ``module`` (``REGISTRY``); whether it changed.
    The file is replaced whole (written beside it, then renamed)."""
    text = render(module, import_module(module).REGISTRY)
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    write_atomic(str(path), text)
    return True


def main(argv: list[str]) -> int:
    """``python -m hhh_verify.contract.readings AMBIGUITIES_MODULE FILE``."""
    if len(argv) != 2:
        print(
            "error: takes AMBIGUITIES_MODULE FILE, e.g. "
            "hhh_verify.models.GAME.rules.ambiguities models/GAME/rules/readings.py",
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
