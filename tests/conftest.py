"""Test-suite setup: Hypothesis settings profiles.

Profiles ``quick``, ``ci`` (the default here) and ``thorough`` come from
:mod:`hhh_verify.engines.stateful` when it defines them; otherwise equivalent ones are registered
here. Choose one with ``HYPOTHESIS_PROFILE=thorough pytest``.

The suite runs on two pytest-xdist workers (``-n 2 --dist loadgroup`` in pyproject.toml);
the rules a test must follow to be safe there are in ``tests/README.md``.
"""

from __future__ import annotations

import importlib
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.errors import InvalidArgument

PROFILES = ("quick", "ci", "thorough")


def _library_profiles() -> bool:
    """Let the library register its profiles; True when all three then exist."""
    try:
        stateful = importlib.import_module("hhh_verify.engines.stateful")
    except ImportError:
        return False
    register = getattr(stateful, "register_profiles", None)
    if callable(register):
        register()
    try:
        for name in ("quick", "thorough"):  # "ci" is built into Hypothesis, so not a signal
            settings.get_profile(name)
    except InvalidArgument:
        return False
    return True


def _register_fallback_profiles() -> None:
    slow = [HealthCheck.too_slow, HealthCheck.data_too_large]
    settings.register_profile("quick", max_examples=10, deadline=None, suppress_health_check=slow)
    settings.register_profile(
        "ci", max_examples=30, deadline=None, derandomize=True, suppress_health_check=slow
    )
    settings.register_profile(
        "thorough", max_examples=1000, deadline=None, suppress_health_check=slow
    )


if not _library_profiles():
    _register_fallback_profiles()

_profile = os.environ.get("HYPOTHESIS_PROFILE", "ci")
if _profile not in PROFILES:
    raise SystemExit(f"error: HYPOTHESIS_PROFILE={_profile!r}; accepted: {', '.join(PROFILES)}")
settings.load_profile(_profile)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under pytest-xdist, keep each module's tests on one worker (an ``xdist_group``
    named after the module): a module-scoped fixture (a Dask cluster, an explored state
    space, a browser) is built once, and the first tests of a kernel's module do not both
    compile that kernel at once on the two workers (measured: two tests of
    ``test_adapters_vector.py`` each spent ~1,160 s compiling the same kernel side by
    side). A test that already names its group keeps it. Runs before xdist reads the
    marks (``tryfirst``); without xdist the mark does nothing."""
    for item in items:
        if item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::", 1)[0]))


@pytest.fixture
def toy_registry(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The registry with the toy game added (id ``toy``), for CLI tests of any command.

    The real games stay listed when they load, so ``--game hhh`` keeps working.
    """
    import toy_model

    from hhh_verify.contract import registry

    real = registry.games
    try:
        games = dict(real())
    except ImportError:
        games = {}
    games["toy"] = toy_model.SPEC
    monkeypatch.setattr(registry, "games", lambda: dict(games))
    return games
