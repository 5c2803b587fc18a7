"""The compiled drivers of this kernel generated from the framework's templates
(:mod:`hhh_verify.kernel.generate`), with this game's hooks: ``over_module`` is the
module of the kernel that defines the phase ``OVER`` of a finished game."""

from __future__ import annotations

from hhh_verify.kernel.generate import Driver, Shape

DRIVERS = (
    Driver(Shape.EXPAND, {"over_module": "rules"}),
    Driver(Shape.LEAF),
    Driver(Shape.PARTED, {"over_module": "rules"}),
)
