"""`@overload` typing functions testing several argument types at once with `all(...)` and
`any(...)` over a generator, as Numba's own `np.where` overload example does, and comparing
dtypes (`cond.dtype != x.dtype` raising TypingError)."""
import numpy as np
from numba import errors, njit, types
from numba.extending import overload


def layouts(cond, x):
    raise NotImplementedError


@overload(layouts)
def ov_layouts(cond, x):
    if isinstance(cond, types.Array):
        if all(ty.layout == "C" for ty in (cond, x)):
            def impl(cond, x):
                return 1
        else:
            def impl(cond, x):
                return 2
        return impl


def floats(a, b):
    raise NotImplementedError


@overload(floats)
def ov_floats(a, b):
    some = any(isinstance(t, types.Float) for t in (a, b))
    if some:
        return lambda a, b: 1
    return lambda a, b: 0


def same_dtype(cond, x):
    raise NotImplementedError


@overload(same_dtype)
def ov_same_dtype(cond, x):
    if isinstance(cond, types.Array):
        if cond.dtype != x.dtype:
            raise errors.TypingError("x and y should have the same dtype")

        def impl(cond, x):
            return 3
        return impl


@njit
def use_layouts(c, x):
    return layouts(c, x)


@njit
def use_floats(a, b):
    return floats(a, b)


@njit
def use_same(c, x):
    return same_dtype(c, x)


CALLS = [
    ("use_layouts", (np.zeros(3), np.zeros(3))),
    ("use_layouts", (np.zeros(3)[::2], np.zeros(2))),
    ("use_floats", (1, 2)),
    ("use_floats", (1, 2.5)),
    ("use_same", (np.zeros(3), np.zeros(3))),
    ("use_same", (np.zeros(3), np.zeros(3, dtype=np.int64))),
]
