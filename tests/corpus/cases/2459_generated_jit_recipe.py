"""The replacement of Numba's removed `generated_jit`: a decorator function that registers the
function it decorates as its own `@overload` (xarray-spatial's shim), and typing functions
computing float constants the implementation captures."""
import numba as nb
import numpy as np
from numba import njit
from numba.extending import overload


def generated_jit(function=None, cache=False, pipeline_class=None, **options):
    from numba.extending import overload

    jit_options = dict()
    if pipeline_class is not None:
        jit_options["pipeline_class"] = pipeline_class
    jit_options["cache"] = cache
    jit_options |= options

    if function is not None:
        overload(function, jit_options=jit_options, strict=False)(function)
        return function
    else:
        def wrapper(func):
            overload(func, jit_options=jit_options, strict=False)(func)
            return func
        return wrapper


def self_overload(func):
    overload(func, strict=False)(func)
    return func


@generated_jit
def is_close(reference, value):
    if isinstance(reference, nb.types.Integer):
        return lambda reference, value: value == reference
    atol = 1e-8
    rtol = -1e-5
    return lambda reference, value: abs(value - reference) <= atol + abs(rtol * reference)


@generated_jit(nogil=True)
def twice(x):
    if isinstance(x, nb.types.Float):
        return lambda x: x * 2.0
    return lambda x: x * 2


@self_overload
def first_or_zero(a):
    if a.ndim == 1:
        return lambda a: a[0] if a.size > 0 else a.dtype.type(0)
    return lambda a: a.flat[0]


@njit
def close(a, b):
    return is_close(a, b)


@njit("boolean(float64, float64)")
def close_f8(a, b):
    return is_close(a, b)


@njit
def use(x, a):
    return twice(x), first_or_zero(a)


CALLS = [
    ("close", (3, 3)),
    ("close", (3, 4)),
    ("close", (1.0, 1.000000001)),
    ("close", (1.0, 1.1)),
    ("close_f8", (2.0, 2.0)),
    ("use", (2, np.arange(3.0))),
    ("use", (2.5, np.ones((2, 2)))),
    ("use", (1.5, np.zeros(0, dtype=np.int64))),
]
