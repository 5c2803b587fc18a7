"""A spec's late loaders import their part on first use, relative to the game's package,
pass their arguments on, pickle, and refuse a target that is not ``module:name``."""

from __future__ import annotations

import pickle

import pytest

from hhh_verify.contract.late import late, late_call


def test_late_gives_the_attribute_and_late_call_calls_it() -> None:
    assert late("os.path:sep")() == __import__("os").sep
    assert late(".path:join", "os")() is __import__("os").path.join
    assert late_call("os.path:join")("a", "b") == __import__("os").path.join("a", "b")


def test_a_loader_pickles_as_its_target() -> None:
    loader = late_call(".kernel:make_kernel", "hhh_verify.models.hhh")
    assert pickle.loads(pickle.dumps(loader)) == loader


@pytest.mark.parametrize("target", ["os.path", ":sep", "os.path:"])
def test_a_target_without_module_and_name_is_refused(target: str) -> None:
    with pytest.raises(ValueError, match="is not 'module:name'"):
        late(target)


def test_a_missing_part_fails_when_loaded() -> None:
    with pytest.raises(AttributeError):
        late("os.path:no_such_name")()
