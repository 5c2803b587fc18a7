"""Arrays without reference counting, for the kernel's hot loops.

Numba counts references to every array it passes or slices with an atomic increment
and decrement of the array's memory record, and allocates every ``np.zeros`` on the
heap; with the rules inlined into a game loop, those atomic updates took over half of
a game's time. These arrays have no memory record, so the runtime skips their counts
(a null check):

* :func:`borrow`: a view of an array the caller owns. The owner must outlive the
  view: borrow only arrays the function received as arguments, or its own arrays that
  it hands to :func:`held` after the loop (a view leaves no trace of its owner).
* :func:`stack_zeros` / :func:`stack_zeros2`: zeroed scratch on the stack of the
  calling function, of a size fixed at compile time; never returned or kept.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import numpy as np
from numba import njit
from numba.core import cgutils, types
from numba.extending import intrinsic
from numpy.typing import NDArray

# Each intrinsic is defined by its typing function (typing context first) and then named
# with the signature compiled code calls it with: Numba's stubs type an intrinsic by its
# typing function and as never returning (it cannot run outside compiled code).


@intrinsic
def _borrow(typingctx, arr):
    """``arr`` as a view with no memory record (not counted, never freed by the view)."""
    if not isinstance(arr, types.Array):
        return None

    def codegen(context, builder, signature, args):
        view = context.make_array(arr)(context, builder, value=args[0])
        view.meminfo = cgutils.get_null_value(view.meminfo.type)
        view.parent = cgutils.get_null_value(view.parent.type)
        return view._getvalue()

    return arr(arr), codegen


borrow = cast("Callable[[NDArray[Any]], NDArray[Any]]", _borrow)


@njit(cache=True)
def held(a) -> None:
    """A use of ``a`` where its borrowed views are done with: Numba frees a local array
    after its last use, so the owner's last use must come after the views' last."""


def _stack_array(context, builder, shape):
    """A zeroed C-ordered int64 array of ``shape`` in the entry block's stack frame."""
    size = 1
    for d in shape:
        size *= d
    arrty = types.Array(types.int64, len(shape), "C")
    ptr = cgutils.alloca_once(builder, context.get_value_type(types.int64), size=size)
    cgutils.memset(builder, ptr, context.get_constant(types.intp, 8 * size), 0)
    strides: list[int] = []
    step = 8
    for d in reversed(shape):
        strides.insert(0, step)
        step *= d
    ary = context.make_array(arrty)(context, builder)
    context.populate_array(
        ary,
        data=ptr,
        shape=cgutils.pack_array(builder, [context.get_constant(types.intp, d) for d in shape]),
        strides=cgutils.pack_array(builder, [context.get_constant(types.intp, x) for x in strides]),
        itemsize=context.get_constant(types.intp, 8),
        meminfo=None,
    )
    return ary._getvalue()


@intrinsic
def _stack_zeros(typingctx, n):
    """``np.zeros(n, np.int64)`` on the stack; ``n`` a constant (a module-level int)."""
    if not isinstance(n, types.IntegerLiteral):
        return None
    shape = (n.literal_value,)

    def codegen(context, builder, signature, args):
        return _stack_array(context, builder, shape)

    return types.Array(types.int64, 1, "C")(n), codegen


stack_zeros = cast("Callable[[int], NDArray[np.int64]]", _stack_zeros)


@intrinsic
def _stack_zeros2(typingctx, rows, cols):
    """``np.zeros((rows, cols), np.int64)`` on the stack; both constants."""
    if not (isinstance(rows, types.IntegerLiteral) and isinstance(cols, types.IntegerLiteral)):
        return None
    shape = (rows.literal_value, cols.literal_value)

    def codegen(context, builder, signature, args):
        return _stack_array(context, builder, shape)

    return types.Array(types.int64, 2, "C")(rows, cols), codegen


stack_zeros2 = cast("Callable[[int, int], NDArray[np.int64]]", _stack_zeros2)
