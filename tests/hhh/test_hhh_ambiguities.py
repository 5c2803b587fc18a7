"""Every HHH option builds a model, and every reading id the code and documents cite is
registered (what every game's ambiguities must satisfy: ``test_registry_conformance.py``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hhh_helpers import model

from hhh_verify.models.hhh.rules.ambiguities import REGISTRY, RETIRED

ROOT = Path(__file__).resolve().parents[2]
#: A reading id; not a reader's question id ("Q-HHH-017" in docs/hhh-questions.md).
READING_ID = re.compile(r"(?<!Q-)(?<!C-)(?<!R2-)HHH-[A-Z0-9]+(?:-[A-Z0-9]+)*")
#: Ids that are not readings: question rows (HHH-Q001, HHH-V001: the readers' and the
#: review's questions, docs/hhh-questions.md) and a placeholder in the docs.
NOT_READING_ID = re.compile(r"HHH-(?:[QV]?\d+|X)")


@pytest.mark.parametrize("amb", list(REGISTRY), ids=lambda a: a.id)
def test_every_option_builds_a_model(amb):
    for opt in amb.option_ids:
        m = model("tiny", interpret=(f"{amb.id}={opt}",))
        assert m.readings.reading_of(amb.id) == opt
        m.legal_actions(m.initial_state())


def _cited_ids() -> dict[str, set[str]]:
    """Every ``HHH-...`` id named in the code and documentation (tests aside: they may
    name invalid ids on purpose), with the files naming it."""
    files = [
        p
        for d in ("models", "properties", "hhh_verify", "benchmarks", "docs")
        for p in (ROOT / d).rglob("*")
        if p.suffix in (".py", ".md")
    ]
    files.append(ROOT / "README.md")
    out: dict[str, set[str]] = {}
    for f in files:
        if f.exists():
            for rid in READING_ID.findall(f.read_text(encoding="utf-8")):
                if not NOT_READING_ID.fullmatch(rid):
                    out.setdefault(rid, set()).add(str(f.relative_to(ROOT)))
    return out


def test_every_cited_reading_id_is_registered():
    """A reading id named anywhere in the code is a registry entry (or a retired one,
    which the registry does not accept and only notes may name)."""
    ids = {a.id for a in REGISTRY}
    cited = _cited_ids()
    unknown = {rid: sorted(where) for rid, where in cited.items() if rid not in ids | set(RETIRED)}
    assert not unknown, unknown
    assert not set(RETIRED) & ids
    for rid in RETIRED:
        assert cited.get(rid, set()) <= {
            "models/hhh/rules/ambiguities.py",
            "models/hhh/book/rule_index.py",
        }, rid
